"""What the worker ``lessons`` exports: the lesson boards' Python off the page's thread.

The worker is PyScript's named worker (``<script type="py" worker name="lessons">``, on
Pyodide with the site's Python image, config ``learn.toml``), started by
``assets/live-boards.js``; the page's MicroPython (``derive.web.front``) awaits these
functions. ``EXPORTS`` is the interface, one entry an export with its arguments and its
answer; ``tests/test_front.py`` checks every call the page makes against it. Arguments are
strings, numbers and booleans; answers are lists and dicts of those (PyScript converts
them, no text of our own in between), never ``None``.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..board.surface import Step
from ..table import params
from ..words import i18n, why
from . import embed
from .desk import LessonPlay
from .lesson import LessonBoard
from .lessons import BY_ID

EXPORTS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "open": (
        ("ident: str", "lang: str", "touch: bool", "reduced: bool"),
        "list[Step]: the lesson's first picture; [] for a lesson there is none of",
    ),
    "gesture": (
        ("ident: str", "kind: str", "value: str", "animate: bool"),
        "list[Step]: what the gesture does (desk's docstring); [] for a board not open",
    ),
    "touch": (("touch: bool",), "bool: the boards' words now say tap (true) or click"),
    "replay": (
        ("ident: str", "gestures: str"),
        "list[Step]: the board after its gestures (JSON [[kind, value], …]) are applied "
        "again, shown once; [] for a board not open or gestures unreadable",
    ),
    "embed_board": (
        ("search: str", "fallback: str", "touch: bool", "reduced: bool"),
        "dict: {lang, error} for a bad link, else {lang, mode, task, total, chance, "
        "autoplay, steps}",
    ),
}
"""Each export: its arguments, then its answer."""

EMBED: Final = "embed"
"""The embedded board's one lesson."""
MAX_SEARCH: Final = 64_000
"""An embed's link longer than this is refused whole, before it is split (every parameter
has its own bound below it: ``embed.parse``)."""

MAX_REPLAY: Final = 4_000_000
"""The kept gestures' text longer than this is refused (about 200,000 gestures: far past
any reader's session on one board)."""

_plays: dict[str, LessonPlay] = {}
_touch = [False]


def open(ident: str, lang: str, touch: bool, reduced: bool) -> list[Step]:  # noqa: A001
    lesson = BY_ID.get(str(ident))
    if lesson is None:
        return []
    lang = i18n.language(str(lang))
    board = LessonBoard(lesson, lang)
    board.touch = bool(touch)
    _touch[0] = board.touch
    play = LessonPlay(
        board, ids=f"{lesson.id}-", why_page=why.PAGES[lang], reduced_motion=bool(reduced)
    )
    _plays[lesson.id] = play
    return play.opening()


def register(ident: str, play: LessonPlay) -> LessonPlay:
    """``play`` answers the gestures on the board ``ident`` (a puzzle, from now on)."""
    play.board.touch = _touch[0]
    _plays[ident] = play
    return play


def gesture(ident: str, kind: str, value: str, animate: bool) -> list[Step]:
    play = _plays.get(str(ident))
    if play is None:
        return []
    return play.gesture(str(kind), str(value), animate=bool(animate))


def replay(ident: str, gestures: str) -> list[Step]:
    play = _plays.get(str(ident))
    done = _gestures(str(gestures))
    if play is None or done is None:
        return []
    return play.replay(done)


def _gestures(text: str) -> list[tuple[str, str]] | None:
    """The page's kept gestures (``front/lessons.py``), or ``None`` for anything else."""
    if len(text) > MAX_REPLAY:
        return None
    try:
        items = json.loads(text)
    except ValueError:
        return None
    if not isinstance(items, list):
        return None
    done = []
    for item in items:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(p, str) for p in item)
        ):
            return None
        done.append((item[0], item[1]))
    return done


def touch(touch: bool) -> bool:
    _touch[0] = bool(touch)
    for play in _plays.values():
        play.board.touch = _touch[0]
    return _touch[0]


def embed_board(search: str, fallback: str, touch: bool, reduced: bool) -> dict[str, Any]:
    """The embedded board of the link's ``search`` (``?position=…``), checked."""
    search = str(search)
    lang = i18n.language(str(fallback))
    if len(search) > MAX_SEARCH:
        problem = params.ParamError("position", f"the link is longer than {MAX_SEARCH} characters")
        return {"lang": lang, "error": embed.error_text(problem, lang)}
    given = params.split_query(search)
    lang = embed.language(given, str(fallback))
    try:
        setup = embed.parse(given, lang)
        board = embed.board(setup)
    except params.ParamError as problem:
        return {"lang": lang, "error": embed.error_text(problem, lang)}
    board.touch = _touch[0] = bool(touch)
    play = LessonPlay(board, ids="sq-", reduced_motion=bool(reduced))
    _plays[EMBED] = play
    return {
        "lang": lang,
        "error": "",
        "mode": board.mode,
        "task": setup.task,
        "total": board.total,
        "chance": bool(board.game.rules.chance),
        "autoplay": setup.autoplay,
        "steps": play.opening(),
    }


EXPORTED: Final = {
    "open": open,
    "gesture": gesture,
    "touch": touch,
    "embed_board": embed_board,
    "replay": replay,
}
"""The exports by name, for the worker's start (``assets/live-boards.js``)."""
