"""Small facts the table's modules share: a move just played, a question on the table.

Below the controller and everything it uses (announcements, the action log, manners), so
that none of them has to import the controller to name what it hands them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["resign", "draw"]


@dataclass(frozen=True)
class Pending:
    """A question on the table: ``colour`` wants to resign or offers a draw."""

    kind: Kind
    colour: str


@dataclass(frozen=True)
class Played:
    """A move just made: what the page animates and announces."""

    colour: str
    move: str
    """As played (a re-roll with its result)."""
    kind: str
    path: tuple[str, ...] = ()
    """Squares a moving die visits, start and end included."""
    value: int = 0
    """The acting die's value afterwards (0 for a pass)."""
    by_ai: bool = False
    taken: tuple[str, int] | None = None
    """A capture's taken die: its colour and value."""
