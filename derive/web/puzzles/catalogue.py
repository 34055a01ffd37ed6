"""The puzzles the page loads (``assets/puzzles.json``), read with bounds (pure Python).

The file's format is the mining tool's (``PUZZLES.md``); the engine's loader,
``derive.puzzles.load``, reads it within its bounds and checks every puzzle's fields, and
refuses the whole file if one is wrong (``CatalogueError`` then, with its sentence).  Here
each puzzle is also held to the lengths and characters this page shows; one that does not
pass is left out (and counted).  The engine checks each position and solution again when
the board is built (``learn.lesson.LessonBoard``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from ... import puzzles as engine_puzzles

MAX_PUZZLES: Final = 10_000
MAX_MOVES: Final = 9
_ID: Final = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_THEME: Final = re.compile(r"[a-z0-9-]{1,32}")
_MOVE: Final = re.compile(r"[a-j0-9+\-x?=|]{1,24}")


class CatalogueError(ValueError):
    """The puzzle file cannot be used at all."""


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


@dataclass(frozen=True)
class Catalogue:
    puzzles: tuple[Puzzle, ...]
    skipped: int = 0
    """Entries left out for a wrong shape."""

    def by_id(self, ident: str) -> Puzzle | None:
        return next((p for p in self.puzzles if p.id == ident), None)

    def themes(self) -> list[str]:
        return sorted({t for p in self.puzzles for t in p.themes})


def parse(text: str) -> Catalogue:
    try:
        entries = engine_puzzles.load(text)
    except ValueError as error:
        raise CatalogueError(str(error)) from None
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    skipped = 0
    for entry in entries[:MAX_PUZZLES]:
        puzzle = _puzzle(entry)
        if puzzle is None or puzzle.id in seen:
            skipped += 1
            continue
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    skipped += max(0, len(entries) - MAX_PUZZLES)
    if not puzzles:
        raise CatalogueError("the puzzle file holds no usable puzzle")
    return Catalogue(tuple(puzzles), skipped)


def _puzzle(entry: Any) -> Puzzle | None:
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
    return Puzzle(ident, position, tuple(solution), tuple(dict.fromkeys(tags)), round(difficulty))


__all__ = ["Catalogue", "CatalogueError", "Puzzle", "parse"]
