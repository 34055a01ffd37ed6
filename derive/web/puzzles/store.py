"""The player's puzzle record — rating, streak, puzzles solved and failed — as text for
local storage (pure Python; the page reads and writes the key).

On the shelf's terms: the text is bounded in size and depth before parsing, every field is
checked, and a damaged record is never thrown away silently.  ``read`` says it was
damaged; the page then keeps the damaged text under ``DAMAGED_KEY`` (once: an earlier
copy is not overwritten) before it writes a new record, and tells the player.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Final

from ... import safejson
from . import rating

KEY: Final = "derive.puzzles"
DAMAGED_KEY: Final = "derive.puzzles.damaged"
FORMAT: Final = "derive-puzzle-record"
VERSION: Final = 1
MAX_CHARS: Final = 600_000
MAX_IDS: Final = 10_000
_ID: Final = re.compile(r"[A-Za-z0-9_.-]{1,64}")


@dataclass(frozen=True)
class Record:
    rating: int = rating.START
    streak: int = 0
    """Puzzles solved in a row, at the first try."""
    best: int = 0
    """The longest streak."""
    played: int = 0
    """Puzzles rated so far."""
    solved: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    """Puzzles failed and not solved since (a later solve moves an id to ``solved``)."""

    def seen(self) -> set[str]:
        return {*self.solved, *self.failed}


@dataclass(frozen=True)
class Read:
    record: Record
    damaged: bool = False
    """The stored text was there but unusable: the page keeps it aside and says so."""


def read(text: str | None) -> Read:
    """The record stored as ``text`` (``None``: nothing stored yet, a new record)."""
    if text is None:
        return Read(Record())
    try:
        data = safejson.loads(text, max_chars=MAX_CHARS, max_depth=3)
        return Read(_record(data))
    except ValueError:
        return Read(Record(), damaged=True)


def dump(record: Record) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "rating": record.rating,
            "streak": record.streak,
            "best": record.best,
            "played": record.played,
            "solved": list(record.solved),
            "failed": list(record.failed),
        },
        separators=(",", ":"),
    )


def result(record: Record, ident: str, difficulty: int, solved: bool) -> Record:
    """``record`` after puzzle ``ident`` was solved at the first try, or failed."""
    new_rating = rating.updated(record.rating, difficulty, solved, record.played)
    streak = record.streak + 1 if solved else 0
    others_solved = tuple(i for i in record.solved if i != ident)
    others_failed = tuple(i for i in record.failed if i != ident)
    if solved:
        lists = {"solved": (*others_solved, ident)[-MAX_IDS:], "failed": others_failed}
    else:
        lists = {"solved": others_solved, "failed": (*others_failed, ident)[-MAX_IDS:]}
    return replace(
        record,
        rating=new_rating,
        streak=streak,
        best=max(record.best, streak),
        played=record.played + 1,
        **lists,
    )


def _record(data: Any) -> Record:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a puzzle record")
    if data.get("version") != VERSION:
        raise ValueError("a puzzle record of another version")
    numbers: dict[str, int] = {}
    for name, low, high in (
        ("rating", rating.FLOOR, rating.CEILING),
        ("streak", 0, 10**6),
        ("best", 0, 10**6),
        ("played", 0, 10**7),
    ):
        value = data.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name} is not a number in range")
        numbers[name] = value
    lists: dict[str, tuple[str, ...]] = {}
    for name in ("solved", "failed"):
        ids = data.get(name)
        if not isinstance(ids, list) or len(ids) > MAX_IDS:
            raise ValueError(f"{name} is not a list of puzzles")
        if not all(isinstance(i, str) and _ID.fullmatch(i) for i in ids):
            raise ValueError(f"{name} holds something that is not a puzzle")
        lists[name] = tuple(dict.fromkeys(ids))
    return Record(
        rating=numbers["rating"],
        streak=numbers["streak"],
        best=numbers["best"],
        played=numbers["played"],
        solved=lists["solved"],
        failed=lists["failed"],
    )


__all__ = ["DAMAGED_KEY", "KEY", "Read", "Record", "dump", "read", "result"]
