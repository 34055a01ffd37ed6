"""Shared by the web app's unit tests."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
from collections.abc import Coroutine
from html import unescape
from typing import Any, TypeVar

from derive import Game
from derive.ai import LEVELS
from derive.web.table.controller import Controller

T = TypeVar("T")


def table(position: str, ai: dict[str, str] | None = None, lang: str = "en") -> Controller:
    """A controller playing ``position`` (dice seeded), the AI ready with its real levels."""
    ctrl = Controller(lang)
    ctrl.set_ai_levels(LEVELS, "medium")
    ctrl.open_game(Game.from_position(position, seed=7), ai)
    return ctrl


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the browser tests, run first in the same
    process, leave Playwright's event loop running on this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def plain(text: str) -> str:
    """``text`` with its no-break spaces as spaces: French puts them before ``: ; ! ? %
    »`` (``i18n.french_spaces``, tested on its own), and a test of the words compares
    words."""
    return text.replace("\u00a0", " ")


def html_text(html: str) -> str:
    """What a reader reads of ``html``: its tags as spaces, but for a move's number the
    summary makes a button within its sentence (``panel._refs_html``) and a move's
    notation kept on one line (``i18n.moves_html``), its entities as characters, its
    no-break spaces as spaces (``plain``)."""
    inline = re.sub(r'<button type="button" class="review-ref"[^>]*>(\d+)</button>', r"\1", html)
    inline = re.sub(r'<span class="move">([^<]*)</span>', r"\1", inline)
    return plain(unescape(re.sub(r"<[^>]+>", " ", inline)))
