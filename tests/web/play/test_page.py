"""The static page: generated parts up to date, offline configuration, test contract."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from derive.web.board import palette
from tools.pages import build_web

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
CSS = (ROOT / "assets" / "app.css").read_text(encoding="utf-8")
BOOT = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")


def test_generated_parts_are_up_to_date() -> None:
    assert build_web.main(["--check"]) == 0, "run python3 tools/pages/build_web.py"


def test_config_ships_every_browser_module_and_stays_offline() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert "packages" not in config
    assert "!error" in config["plugins"]
    shipped = {
        source.replace("{DERIVE}", "derive/") for source in config["files"] if source != "{DERIVE}"
    }
    assert "derive/web/play/page.py" in shipped and "derive/ai/search.py" in shipped
    for path in shipped:
        assert (ROOT / path).is_file(), path
    assert {f"derive/{m}" for m in build_web.browser_modules()} == shipped


def test_skeleton_board_is_drawn_before_python_starts() -> None:
    skeleton = PAGE.split("skeleton:start", 1)[1].split("skeleton:end", 1)[0]
    assert skeleton.count(" data-square=") == 50
    assert "data-position" not in skeleton  # only the live board carries the position


@pytest.mark.parametrize(
    ("lang", "easy", "learn"), [("en", "easy", "rules"), ("fr", "facile", "regles")]
)
def test_the_first_visit_form_offers_level_1_against_the_easy_computer(
    lang: str, easy: str, learn: str
) -> None:
    """Drawn before Python starts, it must show what the game would: a first game at the
    level the Learn page starts with, and the way to that page."""
    form = PAGE.split(f'<template id="setup-{lang}"', 1)[1].split("</template>", 1)[0]
    checked = re.findall(r'<input type="radio" name="rule_set" value="(\w+)" checked>', form)
    assert checked == ["L1"]
    yellow = form.split('name="seat_y"', 1)[1].split("</select>", 1)[0]
    selected = re.findall(r'<option value="([\w:]+)" selected>([^<]*)<', yellow)
    assert len(selected) == 1 and selected[0][0] == "ai:easy" and easy in selected[0][1]
    red = form.split('name="seat_r"', 1)[1].split("</select>", 1)[0]
    assert '<option value="human" selected>' in red
    assert f'<a href="{learn}.html" target="_blank" rel="noopener">' in form


def test_page_contract_for_tests_and_embedding() -> None:
    assert '<html lang="en" data-ready="false">' in PAGE
    assert re.search(r'<input[^>]*\bname="move"', PAGE)
    assert 'aria-live="polite"' in PAGE
    assert '<script src="assets/view.js"></script>' in PAGE  # it starts the game's Python
    assert "html.embed .side" in CSS and "html.embed .topbar" in CSS


def test_nothing_is_fetched_from_another_origin() -> None:
    # The head's canonical and hreflang links name pages to search engines, fetch nothing.
    named = re.sub(r'<link rel="(?:canonical|alternate)"[^>]*>', "", PAGE)
    for name, text in (("index.html", named), ("app.css", CSS), ("boot.js", BOOT)):
        for url in re.findall(r"""(?:src|href|url\()\s*=?\s*["']?(\w+:)?//""", text):
            raise AssertionError(f"{name} refers to another origin ({url}//…)")
        assert "@import" not in text


def test_css_colours_match_the_svg_palette() -> None:
    names = {"r": "red", "b": "blue", "y": "yellow", "g": "green"}
    for letter, side in palette.SIDES.items():
        assert f"--{names[letter]}: {side.pip};" in CSS
        assert f"--{names[letter]}-soft: {side.soft};" in CSS
    assert f"--highlight: {palette.HIGHLIGHT};" in CSS
    assert f"--danger: {palette.DANGER};" in CSS


def test_the_runtime_goes_in_after_the_first_paint() -> None:
    """Issue 25: the view, which starts the game's Python in its worker, waits in a
    template that assets/boot.js empties into the page once it has painted; nothing of the
    runtime is fetched before, and the page itself fetches none of it."""
    head = PAGE.split("</head>", 1)[0]
    runtime = head.split('<template id="runtime">', 1)[1].split("</template>", 1)[0]
    outside = head.replace(runtime, "")
    assert "view.js" in runtime and "view.js" not in outside
    # board.js (a few kilobytes, no Python) comes before boot.js, which patches a French
    # reader's first paint in place with it.
    assert head.index("assets/board.js") < head.index("assets/boot.js")
    assert "board.js" not in runtime
    for name in ("core.js", "pyodide", "stdlib.zip", "asm.wasm"):
        assert name not in head, name
    assert 'getElementById("runtime")' in BOOT and "requestAnimationFrame" in BOOT


def test_the_prerendered_page_is_what_python_draws_first() -> None:
    """The board and the side panel as the page draws a first visit's game, so that
    Python's first drawing changes nothing there (tests/e2e/test_first_paint.py)."""
    from dataclasses import replace

    from derive.web.board.svg import render_board
    from derive.web.table.controller import Controller

    skeleton = PAGE.split("skeleton:start", 1)[1]
    skeleton = skeleton.split("-->\n", 1)[1].split("<!-- skeleton:end", 1)[0]
    first = Controller(build_web.PAGE_LANGUAGE)
    assert skeleton.strip() == render_board(replace(first.board_view(), position=""))
    for name, markup in build_web.panels().items():
        assert f'id="{name}">{markup}<' in PAGE, name
