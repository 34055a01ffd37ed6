"""Which puzzle comes next: one near the player's rating, of the chosen theme.

Puzzles not yet played come first; among them, the ``NEAREST`` closest to the rating,
one of which is taken by ``turn`` (a counter the page advances), so "another one" does not
always give the same puzzle yet a test can predict it.  When every puzzle of the theme
has been played, played ones come back, the current one excepted.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from .catalogue import Puzzle

NEAREST: Final = 5
ALL: Final = ""
"""The theme filter's "every theme"."""


def choose(
    puzzles: Sequence[Puzzle],
    rating: int,
    *,
    theme: str = ALL,
    played: Collection[str] = (),
    current: str = "",
    turn: int = 0,
) -> Puzzle | None:
    """The next puzzle, or ``None`` if the theme has none but the current one."""
    pool = [p for p in puzzles if (not theme or theme in p.themes) and p.id != current]
    fresh = [p for p in pool if p.id not in played]
    pool = fresh or pool
    if not pool:
        return None
    pool.sort(key=lambda p: (abs(p.difficulty - rating), p.id))
    near = pool[:NEAREST]
    return near[turn % len(near)]


__all__ = ["ALL", "NEAREST", "choose"]
