"""The puzzles the page loads (``assets/puzzles.json``), read with bounds (pure Python).

The file's format is the mining tool's (``PUZZLES.md``); the engine's reader,
``derive.puzzles.read``, reads it within its bounds and checks every puzzle's fields: a
file that is not a puzzles file at all is refused whole (``CatalogueError``, its ``kind``
saying why, for the page's words), a bad puzzle only costs itself.  Here each puzzle is
also held to the lengths and characters this page shows; every puzzle left out is
counted (``Catalogue.skipped``), so that the page can say how many (``skipped``).  The
engine checks each position and solution again when the board is built
(``learn.lesson.LessonBoard``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from ... import puzzles as engine_puzzles
from ..words import i18n

MAX_PUZZLES: Final = 10_000
MAX_MOVES: Final = 9
_ID: Final = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_THEME: Final = re.compile(r"[a-z0-9-]{1,32}")
_MOVE: Final = re.compile(r"[a-j0-9+\-x?=|]{1,24}")
_DIGITS: Final = re.compile(r"[0-9]{1,6}$")


class CatalogueError(ValueError):
    """The puzzle file cannot be used at all; ``kind`` says why: the engine's
    ``PuzzleError.kind``, ``"missing"`` (not fetched) or ``"empty"`` (no puzzle left)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Puzzle:
    id: str
    position: str
    solution: tuple[str, ...]
    """The solver's moves and the forced replies, alternating."""
    themes: tuple[str, ...]
    """Its tags, main theme first (a file may give one tag as a string)."""
    difficulty: int
    """A rating: the player's rating at which the puzzle is solved half the time."""
    number: int = 0
    """The number a player reads ("Puzzle 22"): the id's last digits, else its place in
    the file (the id itself stays in the link and the data attributes)."""


@dataclass(frozen=True)
class Catalogue:
    puzzles: tuple[Puzzle, ...]
    skipped: int = 0
    """Entries left out: the engine could not read them, or this page cannot show them."""

    def by_id(self, ident: str) -> Puzzle | None:
        return next((p for p in self.puzzles if p.id == ident), None)

    def themes(self) -> list[str]:
        return sorted({t for p in self.puzzles for t in p.themes})


def parse(text: str) -> Catalogue:
    try:
        entries, rejected = engine_puzzles.read(text)
    except engine_puzzles.PuzzleError as error:
        raise CatalogueError(str(error), error.kind) from None
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    skipped = len(rejected)
    for place, entry in enumerate(entries[:MAX_PUZZLES], 1):
        puzzle = _puzzle(entry, place)
        if puzzle is None or puzzle.id in seen:
            skipped += 1
            continue
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    skipped += max(0, len(entries) - MAX_PUZZLES)
    if not puzzles:
        raise CatalogueError("the puzzle file holds no usable puzzle", "empty")
    return Catalogue(tuple(puzzles), skipped)


def number(ident: str, place: int) -> int:
    """``"l1-0022"`` → 22; an id not ending in digits: ``place``."""
    digits = _DIGITS.search(ident)
    return int(digits.group()) if digits else place


def _puzzle(entry: Any, place: int) -> Puzzle | None:
    if not isinstance(entry, dict):
        return None
    ident, position, solution = entry.get("id"), entry.get("position"), entry.get("solution")
    theme, difficulty = entry.get("theme"), entry.get("difficulty")
    tags = (theme,) if isinstance(theme, str) else theme
    if not isinstance(tags, list | tuple) or not 0 < len(tags) <= 16:
        return None
    if not (isinstance(ident, str) and _ID.fullmatch(ident)):
        return None
    if not (isinstance(position, str) and 0 < len(position) <= 400):
        return None
    if not all(isinstance(t, str) and _THEME.fullmatch(t) for t in tags):
        return None
    if isinstance(difficulty, bool) or not isinstance(difficulty, int | float):
        return None
    if not 0 <= difficulty <= 4000:
        return None
    if not (isinstance(solution, list) and 0 < len(solution) <= MAX_MOVES):
        return None
    if not all(isinstance(m, str) and _MOVE.fullmatch(m) for m in solution):
        return None
    return Puzzle(
        ident,
        position,
        tuple(solution),
        tuple(dict.fromkeys(tags)),
        round(difficulty),
        number(ident, place),
    )


UNREADABLE: dict[str, str] = {
    "missing": "puzzles.why.missing",
    "malformed": "puzzles.why.malformed",
    "format": "puzzles.why.format",
    "version": "puzzles.why.version",
    "too-big": "puzzles.why.too-big",
    "too-deep": "puzzles.why.too-deep",
    "puzzle": "puzzles.why.puzzle",
    "empty": "puzzles.why.empty",
}
"""Why the puzzle file cannot be used at all (``CatalogueError.kind``) → the words."""


def unreadable(lang: str, kind: str) -> str:
    """The one sentence a page shows when the puzzle file cannot be used."""
    reason = i18n.t(lang, UNREADABLE.get(kind, "puzzles.why.malformed"))
    return i18n.t(lang, "puzzles.unreadable", reason=reason)


def skipped(lang: str, count: int) -> str:
    """How many puzzles of the file could not be read ("" if none)."""
    if count <= 0:
        return ""
    if count == 1:
        return i18n.t(lang, "puzzles.skipped.one")
    return i18n.t(lang, "puzzles.skipped.many", count=count)


__all__ = [
    "UNREADABLE",
    "Catalogue",
    "CatalogueError",
    "Puzzle",
    "number",
    "parse",
    "skipped",
    "unreadable",
]
