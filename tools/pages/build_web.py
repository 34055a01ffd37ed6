"""Regenerate the two generated parts of the web page from the Python sources.

* ``pyscript.toml``'s ``[files]`` table: every module of the ``derive`` package the browser
  imports, so PyScript copies them into Pyodide's file system (a module missing there
  fails only in the browser, and only when imported).
* ``index.html``'s board skeleton: the first game's board, drawn by ``derive.web.board.svg``
  between the ``skeleton:start`` / ``skeleton:end`` markers, so the page shows a board (not
  a blank) while Python starts, and the board Python draws first changes nothing there.
* ``index.html``'s ``canonical`` and ``hreflang`` links (``links:start`` / ``links:end``),
  absolute on ``make serve``'s address (``tools/pages/site_url.py``; ``make site`` rebases
  them on the published one).
* ``index.html``'s new-game form, in French and in English (``setup:start`` /
  ``setup:end``), as ``derive.web.table.panel`` draws it with the computer's levels: a first
  visit can choose its game, against the computer too, before Python has started
  (``assets/boot.js`` shows it and hands the choice over).
* ``index.html``'s side panel (``#status``, ``#players``, ``#moves``, ``#game-title``), as
  the page draws it for a first visit's game, so that nothing moves when Python starts.
* ``index.html``'s first paint in its other languages (``words:start`` / ``words:end``): the
  page's words, the board and the side panel in French, as Python will write them, which
  ``assets/boot.js`` puts in place before the first paint for a French reader (the page
  is written in English), so that the page does not switch language when Python starts.

Usage: ``python3 tools/pages/build_web.py [--check]`` (``--check``: change nothing, exit 1 and
name the stale file if either is out of date; the unit tests run this check).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from html import escape
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from derive.web.board.svg import render_board  # noqa: E402
from derive.web.table import panel  # noqa: E402
from derive.web.table.controller import AI_LEVELS, Controller, Setup  # noqa: E402
from derive.web.words import i18n, why  # noqa: E402
from tools.pages.build_live import FRONT_ONLY, LIVE_ONLY  # noqa: E402
from tools.pages.site_url import site_links  # noqa: E402

PACKAGE = REPO_ROOT / "derive"
CONFIG = REPO_ROOT / "pyscript.toml"
PAGE = REPO_ROOT / "index.html"

#: The language of the page's own words (``<html lang="en">``); boot.js and Python switch.
PAGE_LANGUAGE = "en"
#: Terminal-only modules: never imported by the page or the worker.
TERMINAL_ONLY = frozenset({"__main__.py", "arena.py"})

FILES_HEADER = "[files]\n"
_SKELETON = re.compile(r"(<!-- skeleton:start[^>]*-->\n)(.*?)(<!-- skeleton:end -->)", re.DOTALL)
_LINKS = re.compile(r"(<!-- links:start[^>]*-->\n)(.*?)(  <!-- links:end -->)", re.DOTALL)
_SETUP = re.compile(r"(<!-- setup:start[^>]*-->\n)(.*?)(<!-- setup:end -->)", re.DOTALL)
_WORDS = re.compile(r"(<!-- words:start[^>]*-->\n)(.*?)(<!-- words:end -->)", re.DOTALL)
#: The attributes that name a word of i18n.py on the page's own elements (Python's
#: ``apply_language`` writes the same ones).
_WORD_KEYS = re.compile(r'data-i18n(?:-title|-placeholder|-aria)?="([^"]+)"')


def browser_modules() -> list[str]:
    """Paths (relative to the package) of the modules the browser needs, sorted."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if "__pycache__" in relative.parts or relative.name in TERMINAL_ONLY:
            continue
        if relative.as_posix() in LIVE_ONLY:  # the lesson boards' own (learn.toml)
            continue
        if relative.as_posix() in FRONT_ONLY:  # the page's MicroPython (front.toml)
            continue
        found.append(relative.as_posix())
    return found


def files_table() -> str:
    lines = [FILES_HEADER, '"{DERIVE}" = "./derive/"\n']
    for module in browser_modules():
        folder = Path("derive", module).parent.as_posix()
        lines.append(f'"{{DERIVE}}{module}" = "./{folder}/"\n')
    return "".join(lines)


def config_text(current: str) -> str:
    """``current`` with its ``[files]`` table (which must come last) regenerated."""
    head, _, _ = current.partition(FILES_HEADER)
    return head + files_table()


def skeleton(lang: str = PAGE_LANGUAGE) -> str:
    """The board a first visit's game shows (the controller's, as the page draws it), so
    that Python takes it over unchanged; without ``data-position``, which says the board
    is live."""
    first = Controller(lang).board_view()
    return render_board(dataclasses.replace(first, position="")) + "\n"


def setup_templates() -> str:
    """The first visit's form in each language, with the dialog's words beside it."""
    out = []
    for lang in i18n.LANGUAGES:
        words = " ".join(
            f'data-{name}="{escape(i18n.t(lang, key))}"'
            for name, key in (
                ("title", "setup.title"),
                ("go", "setup.go"),
                ("cancel", "setup.cancel"),
            )
        )
        fields = panel.setup_html(Setup(), lang, AI_LEVELS, "unknown")
        out.append(f'<template id="setup-{lang}" {words}>{fields}</template>\n')
    return "".join(out)


def head_links() -> str:
    """The game page's canonical and hreflang links: one page in both languages, chosen by
    ``?lang=`` (``x-default``, the bare page, follows the reader's browser)."""
    languages = {lang: f"index.html?lang={lang}" for lang in i18n.LANGUAGES}
    links = site_links(PAGE.name, languages, default=PAGE.name)
    return "".join(f"  {line}\n" for line in links.splitlines())


def panels(lang: str = PAGE_LANGUAGE) -> dict[str, str]:
    """The side panel's parts as the page draws them for a first visit's game (by element
    id): painted at once, they take their room before Python starts, and the page's first
    drawing, the same, changes nothing there (nothing moves, no node is replaced)."""
    first = Controller(lang)
    return {
        "status": escape(first.status()),
        "players": panel.players_html(first),
        "moves": panel.moves_html(first, None),
        "game-title": escape(panel.game_title(first)),
    }


def _fill_panels(current: str) -> str:
    for name, markup in panels().items():
        element = re.compile(rf'(<(\w+) [^>]*\bid="{name}"[^>]*>)(.*?)(</\2>)', re.DOTALL)
        found = element.search(current)
        if found is None:
            raise SystemExit(f"{PAGE.name}: no element #{name}")
        start, end = found.span(3)
        current = current[:start] + markup + current[end:]
    return current


def first_words(page: str) -> str:
    """The first paint in each language but the page's own, as JSON for ``assets/boot.js``:
    the words of ``page``'s ``data-i18n*`` elements, the title, the board and the side
    panel's parts, all as Python writes them in that language, so that boot.js changes the
    prerendered nodes' words in place before the first paint and Python later finds
    nothing to change."""
    keys = sorted(set(_WORD_KEYS.findall(page)))
    other = {}
    for lang in i18n.LANGUAGES:
        if lang == PAGE_LANGUAGE:
            continue
        other[lang] = {
            "title": f"{i18n.t(lang, 'app.title')} · {i18n.t(lang, 'app.tagline')}",
            "words": {key: i18n.t(lang, key) for key in keys},
            "rules": why.PAGES[lang],
            "regions": {"board": skeleton(lang).strip(), **panels(lang)},
        }
    text = json.dumps(other, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="first-words">{text}</script>\n'


def page_text(current: str) -> str:
    markers = ((_SKELETON, "skeleton"), (_SETUP, "setup"), (_LINKS, "links"), (_WORDS, "words"))
    for pattern, name in markers:
        if not pattern.search(current):
            raise SystemExit(f"{PAGE.name}: {name} markers not found")
    current = _fill_panels(current)
    current = _SKELETON.sub(lambda m: m.group(1) + skeleton() + m.group(3), current, count=1)
    current = _LINKS.sub(lambda m: m.group(1) + head_links() + m.group(3), current, count=1)
    current = _SETUP.sub(lambda m: m.group(1) + setup_templates() + m.group(3), current, count=1)
    return _WORDS.sub(lambda m: m.group(1) + first_words(current) + m.group(3), current, count=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    stale = []
    for path, build in ((CONFIG, config_text), (PAGE, page_text)):
        current = path.read_text(encoding="utf-8")
        wanted = build(current)
        if wanted != current:
            stale.append(path.name)
            if not args.check:
                path.write_text(wanted, encoding="utf-8")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)} (run python3 tools/pages/build_web.py)")
        return 1
    if stale:
        print(f"updated: {', '.join(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
