"""How a game ended (R19, R20, R31): its own module so that what reads a game
(``view.py``, the records, the explanations) can name it without importing ``game.py``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a side reached its goal, the ply limit drew it (R20), a side
    resigned or the players agreed a draw (R31)."""

    winner: str | None
    """A colour letter or a team's letters; ``None`` for a draw."""
    termination: str
    """``"goal"``, ``"ply_limit"``, ``"resignation"`` or ``"agreement"``."""
    chain: tuple[int, ...] = ()
    """The squares of the winning chain (L1: the die on the goal rive)."""

    @property
    def draw(self) -> bool:
        return self.winner is None
