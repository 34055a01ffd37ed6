"""The pages' heads as search engines read them (issue 25, "SEO and links"): a description on
every page in its language, absolute canonical and hreflang links that answer each other on
the pages to be found, none on the embedded board (kept out of search results), and
``make site``'s rebasing of those links on the published address."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools.pages import site_url
from tools.pages.site_url import SERVE_URL, rebase

ROOT = Path(__file__).resolve().parent.parent

#: Every page to be found: its language, and the page per language it offers.
FOUND: dict[str, tuple[str, dict[str, str]]] = {
    "index.html": ("en", {"en": "index.html?lang=en", "fr": "index.html?lang=fr"}),
    "rules.html": ("en", {"en": "rules.html", "fr": "regles.html"}),
    "regles.html": ("fr", {"en": "rules.html", "fr": "regles.html"}),
    "embed-kit.html": ("en", {"en": "embed-kit.html", "fr": "integrer.html"}),
    "integrer.html": ("fr", {"en": "embed-kit.html", "fr": "integrer.html"}),
}
#: The default for a reader of another language, per page.
DEFAULT = {
    "index.html": "index.html",
    "rules.html": "rules.html",
    "regles.html": "rules.html",
    "embed-kit.html": "embed-kit.html",
    "integrer.html": "embed-kit.html",
}
EVERY_PAGE = [*FOUND, "embed.html"]


class Head(HTMLParser):
    """The ``<head>``'s meta and link tags, and the document's language."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.metas: list[dict[str, str]] = []
        self.links: list[dict[str, str]] = []
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.lang = found.get("lang", "")
        elif tag == "head":
            self.in_head = True
        elif tag == "meta" and self.in_head:
            self.metas.append(found)
        elif tag == "link" and self.in_head:
            self.links.append(found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False

    def meta(self, name: str) -> list[str]:
        return [m.get("content", "") for m in self.metas if m.get("name") == name]

    def rel(self, rel: str) -> list[dict[str, str]]:
        return [link for link in self.links if link.get("rel") == rel]


def head(name: str) -> Head:
    parser = Head()
    parser.feed((ROOT / name).read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("name", EVERY_PAGE)
def test_every_page_has_one_description(name: str) -> None:
    descriptions = head(name).meta("description")
    assert len(descriptions) == 1, descriptions
    assert 50 <= len(descriptions[0]) <= 160, descriptions[0]
    assert "Dérive" in descriptions[0]


@pytest.mark.parametrize(
    ("en", "fr"), [("rules.html", "regles.html"), ("embed-kit.html", "integrer.html")]
)
def test_a_french_page_is_described_in_french(en: str, fr: str) -> None:
    english, french = head(en), head(fr)
    assert (english.lang, french.lang) == ("en", "fr")
    assert english.meta("description") != french.meta("description")
    assert any(word in french.meta("description")[0] for word in (" le ", " la ", " des ", " les "))


@pytest.mark.parametrize("name", list(FOUND))
def test_canonical_is_the_page_itself_absolute(name: str) -> None:
    canonical = head(name).rel("canonical")
    assert [link["href"] for link in canonical] == [SERVE_URL + name]


@pytest.mark.parametrize("name", list(FOUND))
def test_hreflang_links_are_absolute_and_complete(name: str) -> None:
    lang, pages = FOUND[name]
    page = head(name)
    assert page.lang == lang
    alternates = {link["hreflang"]: link["href"] for link in page.rel("alternate")}
    wanted = {code: SERVE_URL + there for code, there in pages.items()}
    wanted["x-default"] = SERVE_URL + DEFAULT[name]
    assert alternates == wanted
    # Lighthouse: a page among its own alternates must have a canonical among them too.
    assert page.rel("canonical")[0]["href"] in alternates.values()


@pytest.mark.parametrize("name", [n for n in FOUND if n != "index.html"])
def test_alternates_answer_each_other(name: str) -> None:
    """Every page a page names as its other language names it back (search engines drop
    hreflang pairs that do not)."""
    for there in FOUND[name][1].values():
        back = {link["href"] for link in head(there).rel("alternate")}
        assert SERVE_URL + name in back, (name, there)


def test_the_embedded_board_stays_out_of_search_results() -> None:
    frame = head("embed.html")
    assert frame.meta("robots") == ["noindex"]
    assert not frame.rel("canonical") and not frame.rel("alternate")


def test_rebase_moves_only_the_head_links() -> None:
    page = (ROOT / "rules.html").read_text(encoding="utf-8")
    url = "https://example.org/derive/"
    moved = rebase(page + f"<p>{SERVE_URL}</p>", url)
    assert f'<link rel="canonical" href="{url}rules.html">' in moved
    assert f'hreflang="fr" href="{url}regles.html"' in moved
    assert moved.count(SERVE_URL) == 1  # the paragraph's, which is no link of the head
    assert moved.replace(url, SERVE_URL) == page + f"<p>{SERVE_URL}</p>"


def test_the_site_tool_rebases_every_page(tmp_path: Path) -> None:
    for name in EVERY_PAGE:
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    assert site_url.main(["--site", str(tmp_path), "--url", "https://example.org/derive"]) == 0
    for name in FOUND:
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert SERVE_URL not in text
        assert f'<link rel="canonical" href="https://example.org/derive/{name}">' in text


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "example.org",
        "javascript:alert(1)",
        "ftp://example.org/",
        "https://x.org/?a=1",
        "https://" + "x" * 2001,
    ],
)
def test_the_site_tool_refuses_what_is_no_site_address(bad: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        site_url.site_url(bad)
    assert site_url.main(["--site", str(tmp_path), "--url", bad]) == 2


def test_the_kit_snippets_frame_the_page_that_paints_at_once() -> None:
    """Every snippet names ``embed.html`` itself: ``index.html?embed=1`` would cost a
    redirect before the frame paints (old links of that kind still lead there)."""
    for name in ("embed-kit.html", "integrer.html"):
        text = (ROOT / name).read_text(encoding="utf-8")
        snippets = text.count("data-snippet>")
        assert snippets >= 5
        assert text.count("src=&quot;embed.html?") == snippets
        assert "index.html?embed" not in text
