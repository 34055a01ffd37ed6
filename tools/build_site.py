"""Assemble the static site that GitHub Pages serves (``make site``).

The site is exactly :func:`tools.site_files.site_files`: the pages, the assets, the Python
sources the pages fetch, the service worker and the vendored runtime; nothing is typed here.
Then, in the copy only:

* the pages' canonical and hreflang links are rebased on the published address
  (``--url``, ``tools/pages/site_url.py``), when one is given;
* the service worker is stamped with a hash of every deployed byte
  (``tools/offline/build_sw.py --site``), so each deploy that changes anything replaces the
  players' offline copy. The image's key (``build_sw.KEYED``) goes with the image: the stamp
  counts the image by the key it was built under, not by its bytes;
* ``.nojekyll``, so that Pages serves the files as they are (no Jekyll pass).

Usage: ``python3 tools/build_site.py [--out _site] [--url https://example.github.io/derive/]``
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.offline import build_sw  # noqa: E402
from tools.pages import site_url  # noqa: E402
from tools.runtime.vendor import VendorError  # noqa: E402
from tools.site_files import site_files  # noqa: E402


class SiteError(Exception):
    """The site cannot be built as listed (a listed file is missing, a bad address)."""


def build(out: Path, url: str | None = None, root: Path = REPO_ROOT) -> list[str]:
    """Build the site into ``out`` (emptied first) and return the files copied."""
    if out.resolve() in (root.resolve(), *root.resolve().parents):
        raise SiteError(f"{out}: the site is built into a folder of its own")
    if url is not None:
        try:
            url = site_url.site_url(url)
        except ValueError as error:
            raise SiteError(str(error)) from error
    try:
        files = [*site_files(), *build_sw.KEYED.values()]
    except VendorError as error:
        raise SiteError(f"{error} (run `make vendor`)") from error
    missing = [name for name in files if not (root / name).is_file()]
    if missing:
        raise SiteError(f"listed but missing: {', '.join(missing[:5])} (run `make vendor`)")
    shutil.rmtree(out, ignore_errors=True)
    for name in files:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / name, target)
    if url is not None and site_url.main(["--site", str(out), "--url", url]) != 0:
        raise SiteError(f"cannot rebase the pages on {url}")
    if build_sw.main(["--site", str(out)]) != 0:
        raise SiteError("cannot stamp the service worker")
    (out / ".nojekyll").touch()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "_site", help="the site's folder")
    parser.add_argument("--url", default="", help="the published address (https://…/)")
    args = parser.parse_args(argv)
    try:
        files = build(args.out, args.url or None)
    except SiteError as error:
        print(f"tools/build_site.py: {error}", file=sys.stderr)
        return 2
    if not args.url:
        print("site: no SITE_URL given: canonical and hreflang links name make serve's address")
    size = sum((args.out / name).stat().st_size for name in files)
    print(f"site: {len(files)} files, {size / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
