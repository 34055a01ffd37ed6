"""The player's puzzle rating: Elo, as chess puzzle sites began with.

A puzzle is an opponent whose rating is its ``difficulty``.  The expected score of a
player rated ``R`` against a puzzle rated ``D`` is ``E = 1 / (1 + 10 ** ((D - R) / 400))``;
after the puzzle the rating becomes ``R + K * (S - E)``, with ``S`` 1 for a puzzle solved
at the first try and 0 for one failed (a wrong move, or the solution asked for).  ``K`` is
40 for a player's first ``PROVISIONAL`` puzzles, so that a new rating finds its level
quickly, then 20.  Only the player's rating moves: the puzzles' ratings are the mining
tool's estimates and stay fixed.  Ratings are whole numbers kept within
``FLOOR``..``CEILING``.  Glicko-2 would also track how sure the rating is; Elo was chosen
for being one line a player can check by hand.
"""

from __future__ import annotations

from typing import Final

START: Final = 1500
FLOOR: Final = 100
CEILING: Final = 3000
PROVISIONAL: Final = 10
K_NEW: Final = 40
K_SETTLED: Final = 20


def expected(rating: float, difficulty: float) -> float:
    """The chance, by Elo, that a player of ``rating`` solves a puzzle of ``difficulty``."""
    return 1.0 / (1.0 + float(10.0 ** ((difficulty - rating) / 400.0)))


def updated(rating: int, difficulty: float, solved: bool, played: int) -> int:
    """The rating after one puzzle; ``played``: puzzles rated before this one."""
    k = K_NEW if played < PROVISIONAL else K_SETTLED
    score = 1.0 if solved else 0.0
    change = k * (score - expected(rating, difficulty))
    # At least one point either way: a result always shows on the rating.
    step = round(change) or (1 if solved else -1)
    return max(FLOOR, min(CEILING, rating + step))


__all__ = ["CEILING", "FLOOR", "START", "expected", "updated"]
