"""rules.html: generated from RULES.md, up to date, every diagram's claims held by the engine."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from derive import Game
from derive.web import palette
from tools import build_rules, mdlite
from tools.rules_diagrams import DIAGRAMS, ClaimError

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "rules.html").read_text(encoding="utf-8")
RULES = (ROOT / "RULES.md").read_text(encoding="utf-8")


def test_page_is_up_to_date() -> None:
    assert build_rules.main(["--check"]) == 0, "run python3 tools/build_rules.py"


@pytest.mark.parametrize("diagram", DIAGRAMS, ids=lambda d: d.slug)
def test_every_diagram_is_valid_and_its_claims_hold(diagram: build_rules.Diagram) -> None:
    game = Game.from_position(diagram.position)
    assert game.to_position() == diagram.position  # written in canonical notation
    diagram.check(game.copy())
    build_rules.checked_game(diagram)
    if diagram.select:
        assert game.piece_at(diagram.select) is not None
    assert f'<figure class="diagram" id="{diagram.anchor}">' in PAGE


def test_the_brief_s_rules_are_illustrated() -> None:
    illustrated = {d.rule for d in DIAGRAMS}
    assert {"R3", "R10", "R13", "R14", "R15", "R16", "R18", "R19"} <= illustrated
    for rule in illustrated:  # each right after its rule's item
        item = PAGE.index(f'<li id="{rule.lower()}">')
        figure = PAGE.index(f'<figure class="diagram" id="fig-{_first_slug(rule)}">')
        assert item < figure < PAGE.index("<li", item + 1)


def _first_slug(rule: str) -> str:
    return next(d.slug for d in DIAGRAMS if d.rule == rule)


def test_a_wrong_caption_stops_the_build() -> None:
    jump = next(d for d in DIAGRAMS if d.slug == "jump")
    # A yellow 2 on d4 could be captured: the caption's "nothing to capture" no longer holds.
    with pytest.raises(build_rules.DiagramError, match="no capture"):
        build_rules.checked_game(replace(jump, position="r3c3,y2d4,y4f6 r ry L2"))
    with pytest.raises(build_rules.DiagramError, match="c4"):
        build_rules.checked_game(replace(jump, position="r3c4 r ry L2"))
    with pytest.raises(build_rules.DiagramError, match="canonical"):
        build_rules.checked_game(replace(jump, position="y5d4,r3c3,y4f6 r ry L2"))
    protection = next(d for d in DIAGRAMS if d.slug == "protection")
    with pytest.raises(ClaimError):
        protection.check(Game.from_position("y5i5,b2j6,y6b8,r4c9,r6d10 y rby L2"))
    with pytest.raises(build_rules.DiagramError, match="caption fields"):
        build_rules.caption(replace(protection, facts=lambda game: {}), Game.new("ry", "L2"))


def test_every_rule_has_an_anchor_and_every_section_a_contents_entry() -> None:
    for rule in re.findall(r"^- \*\*(R\d+)\b", RULES, re.MULTILINE):
        assert f'<li id="{rule.lower()}">' in PAGE, rule
    for title in re.findall(r"^## (.+)$", RULES, re.MULTILINE):
        assert f'<a href="#{mdlite.slug(title)}">' in PAGE, title


def test_page_is_static_and_self_contained() -> None:
    assert "<script" not in PAGE  # nothing to run: no Python, no JavaScript
    ids = Counter(re.findall(r'\sid="([^"]+)"', PAGE))
    assert [name for name, count in ids.items() if count > 1] == []
    assert 'role="button"' not in PAGE and PAGE.count('role="img"') >= len(DIAGRAMS)
    for url in re.findall(r'(?:src|href)="([^"]+)"', PAGE):
        assert "//" not in url, url  # only the page's own files
    assert PAGE.count('href="index.html"') >= 2  # back to the game
    assert 'lang="en"' in PAGE and "data-i18n" not in PAGE


def test_game_menu_links_the_rules_page() -> None:
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<a class="menu-link" href="rules.html" data-i18n="btn.rules">' in index


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
