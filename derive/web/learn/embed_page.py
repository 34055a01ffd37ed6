"""The embedded board's Python (``embed.html``): its parameters checked, its board live.

``assets/embed.js`` drew the position from the link before any Python, and starts Python
only when the reader uses the board (or, for a board whose first picture needs the rules,
when it comes into view).  Here the engine checks every parameter (``derive.web.learn.embed``):
a bad one replaces the board by a message naming it, in ``role="alert"``; a good one makes
the board live, with the gestures made meanwhile applied.
"""

from __future__ import annotations

import asyncio
from typing import Final

from ..dom import document, one, query, spawn, window
from ..table import params
from . import embed
from .view import Gesture, LessonView, listen, wake

STEP_S: Final = 1.8
"""Autoplay: time between two steps."""
END_S: Final = 3.0
"""Autoplay: the last step stays this long before it starts again."""
IDENT: Final = "embed"


def show_error(text: str) -> None:
    """The message instead of the board: never a blank, never a board that looks right."""
    lesson = one(document, "[data-lesson]")
    one(lesson, ".board-wrap").innerHTML = ""
    lesson.classList.add("failed")
    alert = one(document, "[role=alert]")
    alert.textContent = text
    alert.hidden = False


async def autoplay(view: LessonView) -> None:
    """Step through the moves by themselves, round again at the end, until the reader
    takes over (any gesture of theirs stops it)."""
    stopped = False

    def stop(_: Gesture) -> None:
        nonlocal stopped
        stopped = True

    view.on_gesture = stop
    while not stopped:
        at_end = not view.board.can_next()
        await asyncio.sleep(END_S if at_end else STEP_S)
        if not stopped:
            view.push(Gesture("action", "first" if at_end else "next"), by_reader=False)


def main() -> None:
    root = document.documentElement
    given = query()
    lang = embed.language(given, str(window.navigator.language))
    root.lang = lang
    try:
        setup = embed.parse(given, lang)
        board = embed.board(setup)
    except params.ParamError as problem:
        show_error(embed.error_text(problem, lang))
        root.dataset.ready = "true"
        root.dataset.python = "live"
        return
    lesson = one(document, "[data-lesson]")
    lesson.dataset.mode = board.mode
    figure = one(lesson, ".lesson-board")
    if board.mode == "exercise":
        figure.dataset.task = setup.task
        figure.dataset.solution = setup.task
    one(lesson, ".lesson-controls").hidden = not board.total
    actions = one(lesson, ".lesson-actions")
    actions.hidden = board.mode == "watch"
    one(actions, '[data-action="reroll"]').hidden = not board.game.rules.chance
    note = one(lesson, ".embed-note")
    note.hidden = True  # the engine has now checked the board
    view = LessonView(lesson, board, ids="sq-")
    listen({IDENT: view})
    wake(IDENT, view)
    if setup.autoplay:
        spawn(autoplay(view))
    root.dataset.ready = "true"
    root.dataset.python = "live"
    root.dataset.readyMs = str(round(window.performance.now()))
