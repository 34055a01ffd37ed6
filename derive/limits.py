"""How much the engine reads: far beyond any real game, yet small enough that hostile
input is refused at once, before it can freeze the page or exhaust the interpreter's
stack (in Pyodide a stack overflow kills the whole runtime, with no Python exception
to catch).  Every loader checks these bounds first (R30)."""

from __future__ import annotations

from typing import Final

MAX_PLIES: Final = 5_000
"""Actions in one game.  A game reaching it is drawn, so every game the app plays can
be saved and opened again; a record holding more moves is refused before any replay
(real games last a few hundred actions)."""

MAX_RECORD_CHARS: Final = 512 * 1024
"""A record as text: JSON, the text form, an imported file, an unpacked share code.
A record of ``MAX_PLIES`` moves is about 60 KB, even pretty-printed."""

MAX_JSON_DEPTH: Final = 32
"""Nesting of JSON arrays and objects.  A record needs 4 (record, setup, start roll,
one roll) and a save that wraps it a few more; deep nesting is only ever an attack."""

MAX_JSON_ITEMS: Final = 4 * MAX_PLIES
"""Values (containers and scalars) in already parsed data: moves, then a little more."""

MAX_POSITION_CHARS: Final = 1_000
"""A position's notation: 40 dice and four short fields take about 260 characters."""

MAX_START_ROLLS: Final = 100
"""Rounds of the start roll (R5): ties among 4 players end within a few rounds."""

SEED_LIMIT: Final = 2**64
"""Seeds are whole numbers from 0 to ``SEED_LIMIT - 1``."""

_SHOWN: Final = 40


def quoted(text: str, limit: int = _SHOWN) -> str:
    """``text`` in single quotes as a message shows it: escaped like ``repr`` and cut
    to ``limit`` characters, so that a megabyte of junk cannot become the message."""
    shown = repr(text[:limit])[1:-1]
    return f"'{shown}…'" if len(text) > limit else f"'{shown}'"


def kind_of(value: object) -> str:
    """What ``value`` is, in a player's words (never a Python type name)."""
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "something else"
