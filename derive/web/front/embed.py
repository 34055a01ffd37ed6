"""The embedded board's own Python (``embed.html``): its link checked by the worker, its
board made live.

``assets/embed.js`` drew the position from the link before any Python and starts this
when the reader uses the board (or, for a board whose first picture needs the rules, when
it comes into view). The worker ``lessons`` checks every parameter
(``derive.web.learn.embed``): a bad one replaces the board by a message naming it, in
``role="alert"``; a good one makes the board live, with the gestures made meanwhile
applied.
"""

import asyncio

from . import lessons as boards
from .dom import present

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any

STEP_S = 1.8
"""Autoplay: time between two steps."""
END_S = 3.0
"""Autoplay: the last step stays this long before it starts again."""


def show_error(document: "Any", text: str) -> None:
    """The message instead of the board: never a blank, never a board that looks right."""
    lesson = document.querySelector("[data-lesson]")
    lesson.querySelector(".board-wrap").innerHTML = ""
    lesson.classList.add("failed")
    alert = document.querySelector("[role=alert]")
    alert.textContent = text
    alert.hidden = False


def set_up(lesson: "Any", answer: "Any") -> None:
    """The lesson's parts as the checked link asks: its mode, the step buttons for moves,
    the action buttons for a board to play, re-roll where the rules have chance."""
    mode = str(answer["mode"])
    lesson.dataset.mode = mode
    figure = lesson.querySelector(".lesson-board")
    if mode == "exercise":
        figure.dataset.task = answer["task"]
        figure.dataset.solution = answer["task"]
    lesson.querySelector(".lesson-controls").hidden = not answer["total"]
    actions = lesson.querySelector(".lesson-actions")
    actions.hidden = mode == "watch"
    actions.querySelector('[data-action="reroll"]').hidden = not answer["chance"]
    # The engine has now checked the board.
    lesson.querySelector(".embed-note").hidden = True


async def autoplay(lesson: "boards.Lesson") -> None:
    """Step through the moves by themselves, round again at the end, until the reader
    takes over (any gesture of theirs stops it)."""
    stopped = [False]

    def stop(_: str) -> None:
        stopped[0] = True

    lesson.on_gesture = stop
    while not stopped[0]:
        at_end = not lesson.next_ok
        await asyncio.sleep(END_S if at_end else STEP_S)
        if not stopped[0]:
            lesson.push("action", "first" if at_end else "next", False)


def resting(window: "Any", page: "boards.Lessons", workers: "Any") -> "boards.Rest":
    """The board gives its worker back when left alone (``lessons.Rest``): eight boards of
    a host's page each hold one otherwise. ``window.deriveRestMs``, where a test sets it
    before the page's scripts run, shortens the wait."""
    after_s = boards.REST_S
    given = present(getattr(window, "deriveRestMs", None))
    if given is not None:
        after_s = float(given) / 1000

    async def start(name: str) -> "Any":
        return await workers[name]

    async def reopen(desk: "Any") -> None:
        answer = await desk.embed_board(
            str(window.location.search),
            str(window.navigator.language),
            page.touch,
            boards.reduced_motion(window),
        )
        if answer["error"]:  # the same link was accepted before: a worker gone wrong
            raise RuntimeError(str(answer["error"]))

    return boards.Rest(window, page, start, reopen, after_s)


async def main() -> None:
    from pyscript import window

    await boards.started(window, run())


async def run() -> None:
    from pyscript import document, when, window, workers

    # Listening from the start, as the Learn pages do: PyScript's ``when`` costs about
    # 60 ms at 4x CPU for the three handlers, paid here before the reader's touch rather
    # than after it, in the task that makes the board live (bench/journal/touch.md). A
    # board not live yet is assets/live-boards.js's to keep gestures for.
    page = boards.Lessons(window, None)
    boards.listen(when, document, page)
    desk = page.desk = await workers["lessons"]
    root = document.documentElement
    answer = await desk.embed_board(
        str(window.location.search),
        str(window.navigator.language),
        boards.coarse_pointer(window),
        boards.reduced_motion(window),
    )
    root.lang = answer["lang"]
    if answer["error"]:
        show_error(document, answer["error"])
    else:
        section = document.querySelector("[data-lesson]")
        set_up(section, answer)
        page.rest = resting(window, page, workers)
        lesson = page.add(section)
        await page.wake(lesson, answer["steps"])
        if answer["autoplay"]:
            asyncio.create_task(autoplay(lesson))
    boards.mark_ready(window)
