"""The site's address in the pages' ``canonical`` and ``hreflang`` links.

Search engines and Lighthouse take only absolute URLs there, and the address is known only
where the site is served. So the generators write every such link on ``make serve``'s
address (:data:`SERVE_URL`): the committed pages are right as ``make serve`` serves them.
``make site SITE_URL=https://…/`` rebases the copies in ``_site/`` on the published address
(the Pages workflow passes the one GitHub gives it). Only the ``<link rel="canonical">`` and
``<link rel="alternate">`` lines of the head are rewritten: no other text of a page moves.

Usage: ``python3 -m tools.pages.site_url --site _site --url https://example.org/derive/``
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

SERVE_URL = "http://127.0.0.1:8000/"
"""``make serve``'s address (the Makefile's default ``PORT``)."""

_LINK = re.compile(r'(<link rel="(?:canonical|alternate)"[^>]*? href=")' + re.escape(SERVE_URL))


def absolute(path: str) -> str:
    """``path`` (a page of the site, with its query) as an address on :data:`SERVE_URL`."""
    return SERVE_URL + path


def site_links(here: str, pages: Mapping[str, str], *, default: str) -> str:
    """A page's ``canonical`` link and its ``hreflang`` alternates (every language, and
    ``x-default``), absolute (search engines take no other): ``here`` is the page,
    ``pages`` language → page, ``default`` the one for a reader of another language."""
    links = [f'<link rel="canonical" href="{escape(absolute(here))}">']
    links += [
        f'<link rel="alternate" hreflang="{lang}" href="{escape(absolute(page))}">'
        for lang, page in sorted(pages.items())
    ]
    links.append(f'<link rel="alternate" hreflang="x-default" href="{escape(absolute(default))}">')
    return "\n".join(links)


def site_url(text: str) -> str:
    """``text`` as a site's address ending in ``/``; ``ValueError`` if it is not http(s)."""
    url = text.strip()
    parts = urlsplit(url)
    if len(url) > 2000 or parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"not a site address (http:// or https://): {text[:80]!r}")
    if parts.query or parts.fragment:
        raise ValueError(f"a site address has no query or fragment: {text[:80]!r}")
    return url if url.endswith("/") else url + "/"


def rebase(page: str, url: str) -> str:
    """``page`` with its canonical and alternate links on ``url`` instead of the serve
    address."""
    return _LINK.sub(lambda m: m.group(1) + url, page)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True, help="the assembled site")
    parser.add_argument("--url", required=True, help="its published address")
    args = parser.parse_args(argv)
    try:
        url = site_url(args.url)
    except ValueError as error:
        print(f"tools/pages/site_url.py: {error}", file=sys.stderr)
        return 2
    for path in sorted(args.site.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        moved = rebase(text, url)
        if moved != text:
            path.write_text(moved, encoding="utf-8")
    print(f"site links on {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
