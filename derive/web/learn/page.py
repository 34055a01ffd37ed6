"""The Learn pages' Python (``rules.html``, ``regles.html``): every lesson board made live.

One interpreter for the whole page, started by ``assets/live-boards.js`` once the static
page has loaded (its config, ``learn.toml``, ships only the modules the lessons need).
Each ``[data-lesson]`` section becomes a ``LessonView`` on its lesson of
``derive.web.learn.lessons``; the boards in sight first, a few at a time, so that the page keeps
scrolling while the rest wake.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from ..dom import document, mark_live, spawn, window
from ..words import i18n, why
from .lesson import LessonBoard
from .lessons import BY_ID
from .view import LessonView, listen, wake

BATCH: Final = 4
"""Boards woken between two pauses for the browser (drawing one takes a few ms)."""


def _in_sight(section: Any) -> bool:
    box = section.getBoundingClientRect()
    return bool(box.bottom > 0 and box.top < window.innerHeight)


async def wake_all(lang: str) -> None:
    page = why.PAGES[lang]
    sections = [
        s for s in document.querySelectorAll("[data-lesson]") if str(s.dataset.lesson) in BY_ID
    ]
    # What the reader is looking at first, then the page in order.
    sections.sort(key=lambda s: not _in_sight(s))
    views: dict[str, LessonView] = {}
    listen(views)
    for number, section in enumerate(sections, 1):
        ident = str(section.dataset.lesson)
        board = LessonBoard(BY_ID[ident], lang)
        views[ident] = view = LessonView(section, board, ids=f"{ident}-", why_page=page)
        wake(ident, view)
        if number % BATCH == 0:
            await asyncio.sleep(0)
    mark_live("live")


def main() -> None:
    lang = i18n.language(str(document.documentElement.lang))
    spawn(wake_all(lang))
