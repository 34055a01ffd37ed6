"""The page's URL parameters, read without touching the page.

``?position=<notation>``   open that position, all seats human
``?game=<share code>``     open a shared game (see ``share``)
``?ai=y`` / ``?ai=y:hard,b:easy``   these seats are played by the computer (levels:
                           ``derive.ai.LEVELS``)
``?embed=1``               only the board, for rules pages (``&select=c3`` shows a die's moves)
``?lang=fr|en``            the page's language
``?flip=1``                the board seen from the other side (yellow's rive at the bottom)

A bad parameter is reported (``ParamError`` names it) and the page falls back to the
setup screen; nothing half-applied.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from ...board import COLOURS, parse_square
from ...game import Game
from ...limits import quoted
from ..words import i18n
from . import share

MAX_REASON: Final = 200
"""Characters of a reason shown for a bad parameter: a sentence, never the link's bulk."""
_LONG_WORD: Final = re.compile(r"\S{41,}")


class ParamError(ValueError):
    """A URL parameter that cannot be used; ``name`` is the parameter.

    ``reason`` is bounded whoever wrote it: a 60,000-character ``moves=`` must not
    become a 60,000-character alert, even when a lower layer quoted it whole."""

    def __init__(self, name: str, reason: str) -> None:
        reason = bounded(reason)
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def bounded(text: str) -> str:
    """``text`` with every run of more than 40 non-space characters cut to 40 (and
    "…"), then the whole cut to ``MAX_REASON`` characters."""
    text = _LONG_WORD.sub(lambda found: found.group(0)[:40] + "…", text)
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


@dataclass
class Launch:
    """What the URL asks for."""

    game: Game | None = None
    """The game to open (``position`` or ``game``); ``None``: resume or set up."""
    ai: dict[str, str] = field(default_factory=dict)
    """Computer seats: colour → level."""
    embed: bool = False
    select: str | None = None
    lang: str | None = None
    flip: bool = False


def parse(
    query: str | Mapping[str, Sequence[str]],
    *,
    parse_ai: Callable[[str], dict[str, str]] | None = None,
) -> Launch:
    """Read a query string (``"?position=..."`` or already split).

    ``parse_ai`` reads the ``ai`` value (``derive.ai.parse_seats``); without it, as when
    the AI is not available, ``ai=`` is an error.
    """
    values = (
        split_query(query) if isinstance(query, str) else {k: list(v) for k, v in query.items()}
    )
    launch = Launch()

    def one(name: str) -> str | None:
        given = values.get(name)
        if not given:
            return None
        if len(given) > 1:
            raise ParamError(name, "given more than once")
        return given[0]

    lang = one("lang")
    if lang is not None:
        if lang not in i18n.LANGUAGES:
            raise ParamError("lang", f"{quoted(lang)} is not one of {', '.join(i18n.LANGUAGES)}")
        launch.lang = lang
    launch.embed = _switch("embed", one("embed"))
    launch.flip = _switch("flip", one("flip"))
    position, code = one("position"), one("game")
    if position is not None and code is not None:
        raise ParamError("game", "give either position or game, not both")
    if position is not None:
        try:
            launch.game = Game.from_position(position)
        except ValueError as error:
            raise ParamError("position", str(error)) from None
    if code is not None:
        try:
            launch.game = share.decode(code)
        except ValueError as error:
            raise ParamError("game", str(error)) from None
    ai = one("ai")
    if ai is not None:
        if parse_ai is None:
            raise ParamError("ai", "the computer player is not available")
        try:
            launch.ai = parse_ai(ai)
        except ValueError as error:
            raise ParamError("ai", str(error)) from None
        if launch.game is not None:
            absent = [c for c in launch.ai if c not in launch.game.seating.colours]
            if absent:
                raise ParamError("ai", f"{' '.join(absent)} not seated in this game")
    select = one("select")
    if select is not None:
        try:
            parse_square(select)
        except ValueError as error:
            raise ParamError("select", str(error)) from None
        launch.select = select
    return launch


def _switch(name: str, value: str | None) -> bool:
    """An on/off parameter: ``1`` (or present with no value) is on."""
    if value is None:
        return False
    if value not in ("", "0", "1", "true", "false"):
        raise ParamError(name, f"{quoted(value)} is not 1 or 0")
    return value in ("", "1", "true")


def split_query(query: str) -> dict[str, list[str]]:
    """A link's ``?a=1&b=2`` as the browser's URLSearchParams splits it."""
    # Imported here: urllib.parse costs ~60 ms of start-up in Pyodide, and the game page
    # hands over its parameters already split by the browser (URLSearchParams).
    from urllib.parse import parse_qs

    return parse_qs(query.lstrip("?"), keep_blank_values=True)


def ai_text(seats: Mapping[str, str]) -> str:
    """``{colour: level}`` → the ``ai=`` value, colours in turn order."""
    return ",".join(f"{c}:{seats[c]}" for c in COLOURS if c in seats)
