"""The Learn pages: rules.html (English) and regles.html (French), generated, up to date, in
their language, with every lesson in the static contract the live page relies on."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from derive import Game
from derive.web.board import palette
from derive.web.learn.lessons import LESSONS, Lesson
from tools import site_files
from tools.offline import build_sw
from tools.pages import build_learn, mdlite
from tools.pages.site_url import SERVE_URL

ROOT = Path(__file__).resolve().parents[3]
PAGES = {
    lang: (ROOT / name).read_text(encoding="utf-8") for lang, name in build_learn.PAGES.items()
}
RULES = (ROOT / "RULES.md").read_text(encoding="utf-8")

_SECTION = re.compile(r'<section class="lesson[^"]*" id="([^"]+)"(.*?)</section>', re.DOTALL)
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def sections(lang: str) -> dict[str, str]:
    return {ident: body for ident, body in _SECTION.findall(PAGES[lang])}


def visible_text(html: str) -> str:
    """What a reader sees: no boards, no tags, no notation."""
    html = _SVG.sub(" ", html)
    html = re.sub(r"<code>.*?</code>", " ", html, flags=re.DOTALL)
    html = re.sub(r"<head>.*?</head>", " ", html, flags=re.DOTALL)
    return unescape(_TAG.sub(" ", html))


def before_reference(lang: str) -> str:
    page = PAGES[lang]
    return page[: page.index('id="reference"')]


def test_pages_are_up_to_date() -> None:
    assert build_learn.main(["--check"]) == 0, "run python3 tools/pages/build_learn.py"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_page_declares_its_language_and_names_the_other(lang: str) -> None:
    page = PAGES[lang]
    other = "fr" if lang == "en" else "en"
    assert page.startswith(f'<!doctype html>\n<html lang="{lang}">')
    here, there = build_learn.PAGES[lang], build_learn.PAGES[other]
    # absolute, as search engines take them (make site rebases them on the site's address)
    assert f'<link rel="alternate" hreflang="{other}" href="{SERVE_URL}{there}">' in page
    assert f'<link rel="alternate" hreflang="{lang}" href="{SERVE_URL}{here}">' in page
    # and a link a reader sees, in the other language
    assert re.search(rf'<a class="other" href="{there}" hreflang="{other}" lang="{other}">', page)
    assert f'href="index.html?lang={lang}"' in page


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_keeps_the_static_contract(lesson: Lesson, lang: str) -> None:
    body = sections(lang)[lesson.id]
    assert f'data-lesson="{lesson.id}" data-mode="{lesson.mode}"' in body
    board = re.search(r'<figure class="lesson-board" ([^>]*)>', body)
    assert board is not None
    attributes = dict(re.findall(r'(data-[a-z-]+)="([^"]*)"', board.group(1)))
    assert attributes["data-live"] == "false"
    svg = _SVG.search(body)
    assert svg is not None
    picture = svg.group(0)
    assert picture.startswith('<svg class="board"') and 'role="img" aria-label="' in picture
    start = Game.from_position(lesson.position)
    assert f'data-position="{lesson.position}"' in picture  # the start, before any live step
    assert picture.count(" data-square=") == 50
    assert picture.count("data-die=") == len(start.pieces())
    assert 'class="lesson-message" role="status" aria-live="polite"' in body
    buttons = re.findall(r'<button type="button" data-action="(prev|next)" disabled>', body)
    if lesson.mode == "watch":
        assert buttons == ["prev", "next"]
        assert unescape(attributes["data-moves"]) == " ".join(lesson.moves)
        assert body.count("<li data-ply=") == len(lesson.steps)
    else:
        assert buttons == [] and "data-moves" not in attributes
    if lesson.mode == "exercise":
        assert attributes["data-task"] == lesson.goal
        assert unescape(attributes["data-solution"]) == lesson.solution
        assert '<details class="lesson-solution">' in body
    else:
        assert "data-solution" not in attributes and "data-task" not in attributes


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_anchors_are_unique_and_every_link_lands(lang: str) -> None:
    page = PAGES[lang]
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert [name for name, count in ids.items() if count > 1] == []
    for target in re.findall(r'href="#([^"]+)"', page):
        assert target in ids, target
    for url in re.findall(r'(?:src|href)="([^"#?]+)', page):
        url = url.removeprefix(SERVE_URL)  # the head's canonical and hreflang links
        assert "//" not in url, url  # only the site's own files
        assert (ROOT / url).is_file(), url
    for lesson in LESSONS:
        assert ids[lesson.id] == 1


_VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr"}


class _Nesting(HTMLParser):
    """Every element closed, in order (SVG's self-closing ones included)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.open[-1] if self.open else ''}>")
        else:
            self.open.pop()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_is_well_nested(lang: str) -> None:
    parser = _Nesting()
    parser.feed(PAGES[lang])
    parser.close()
    assert parser.errors == [] and parser.open == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_headings_go_down_one_level_at_a_time(lang: str) -> None:
    levels = [int(n) for n in re.findall(r"<h([1-6])\b", PAGES[lang])]
    assert levels[0] == 1 and levels.count(1) == 1
    for before, after in zip(levels, levels[1:], strict=False):
        assert after <= before + 1, (before, after)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_developer_words_on_the_page(lang: str) -> None:
    page = PAGES[lang]
    text = visible_text(page)
    for word in ("tests/", "test_", ".py", "shared/", "RULES.md", "derive.", "tools/", "[["):
        assert word not in page, word
    for value in ("True", "False", "None", "{", "}"):
        assert value not in text, value
    # decision ids only in the reference section
    assert re.findall(r"\bR\d+\b", before_reference(lang)) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_reference_lists_every_decision_with_its_id(lang: str) -> None:
    reference = PAGES[lang][PAGES[lang].index('id="reference"') :]
    for rule in re.findall(r"^- \*\*(R\d+)\b", RULES, re.MULTILINE):
        assert f'<li id="{rule.lower()}"><strong>{rule} ' in reference, rule


_FRENCH = {
    "le",
    "la",
    "les",
    "un",
    "une",
    "des",
    "du",
    "de",
    "et",
    "est",
    "sur",
    "dans",
    "pour",
    "qui",
    "que",
    "au",
    "aux",
    "il",
    "ne",
    "pas",
    "son",
    "sa",
    "ses",
    "vous",
}
# Not "a" or "on": French words too.
_ENGLISH = {
    "the",
    "an",
    "of",
    "and",
    "is",
    "in",
    "to",
    "for",
    "that",
    "it",
    "its",
    "you",
    "your",
    "with",
    "by",
    "not",
    "at",
    "as",
    "be",
    "are",
}


def _share(text: str, words: set[str]) -> float:
    tokens = re.findall(r"[a-zàâçéèêëîïôûùüÿœ’']+", text.lower())
    known = [t for t in tokens if t in _FRENCH or t in _ENGLISH]
    return sum(t in words for t in known) / len(known)


def test_the_french_page_is_in_french_and_the_english_page_in_english() -> None:
    french, english = visible_text(PAGES["fr"]), visible_text(PAGES["en"])
    assert _share(french, _FRENCH) > 0.97
    assert _share(english, _ENGLISH) > 0.97
    for lesson in LESSONS:  # every lesson's own words are on its page
        assert build_learn.french_spacing(mdlite.inline(lesson.title.fr)) in PAGES["fr"]
        assert mdlite.inline(lesson.title.en) in PAGES["en"]


def test_french_punctuation_does_not_break_lines() -> None:
    text = visible_text(PAGES["fr"])
    assert re.search(r"\w [:;?!]", text) is None


def test_the_rule_sets_table_is_the_engine_s() -> None:
    for lang in ("en", "fr"):
        table = PAGES[lang][PAGES[lang].index('<div class="table" tabindex="0" role="region"') :]
        table = table[: table.index("</table>")]
        assert table.count("<tr>") == 7  # a header and the six rule sets
        for ident in ("L1", "L2", "L3", "L4", "L2C", "L2A"):
            assert f'<th scope="row">{ident} · ' in table


def test_a_page_that_forgets_a_lesson_does_not_build() -> None:
    text = (build_learn.TEXTS / "en.md").read_text(encoding="utf-8")
    with pytest.raises(build_learn.PageError, match="lesson-jump"):
        build_learn.page("en", text.replace("[[lesson-jump]]", ""))
    with pytest.raises(build_learn.PageError, match="lesson-nothing"):
        build_learn.page("en", text + "\n[[lesson-nothing]]\n")


def test_the_site_and_the_offline_copy_hold_both_pages() -> None:
    assert {"rules.html", "regles.html"} <= set(build_sw.PAGES)
    assert {"rules.html", "regles.html"} <= set(site_files.site_files())


def test_game_menu_links_the_rules_page() -> None:
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert 'href="rules.html"' in index


def test_rules_css_uses_the_game_s_colours() -> None:
    css = (ROOT / "assets" / "rules.css").read_text(encoding="utf-8")
    names = {"r": "red", "b": "blue", "y": "yellow", "g": "green"}
    for letter, side in palette.SIDES.items():
        assert f"--{names[letter]}: {side.pip};" in css
    assert "@media print" in css


def test_markdown_subset() -> None:
    html = mdlite.render(
        "# T\n\nA *b* **c** `d<e>` [f](g.html).\n\n- **R1** one\n  two\n- x\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n",
        item_id=lambda item: "r1" if item.startswith("**R1") else None,
        after_item=lambda item: "<figure></figure>" if item.startswith("**R1") else "",
    )
    assert '<h1 id="t">T</h1>' in html
    assert "<p>A <em>b</em> <strong>c</strong> <code>d&lt;e&gt;</code> " in html
    assert '<a href="g.html">f</a>' in html
    assert '<li id="r1"><strong>R1</strong> one two</li>\n</ul>\n<figure></figure>\n<ul>' in html
    assert "<td>1</td><td>2</td>" in html
    for unsupported in ("> quote", "```", "1. first", "<div>", "- a\n  - nested"):
        with pytest.raises(mdlite.MarkdownError):
            mdlite.render(unsupported)
