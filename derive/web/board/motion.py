"""The board's movements as numbers and markup: where a die flies, the faces a re-rolled
die shows, where the value picker stands.

Pure functions of the board's geometry (``svg``), so that what moves the elements
(``assets/board.js``, called by ``widget``) decides nothing and these are tested without a
browser.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Final

from ...board import parse_square
from .svg import CELL, MARGIN, die_face, square_origin

HOP_MS: Final = 170
"""One hop of a flying die at normal speed."""
ROLL_FRAMES: Final = 7
ROLL_FRAME_MS: Final = 70
ROLL_HOLD_MS: Final = 120
"""How long a re-rolled die shows its new value before the board shows it alone."""
SIZE: Final = 2 * MARGIN + 10 * CELL


@dataclasses.dataclass(frozen=True)
class Flight:
    """A die flying along its path to the square it is now on: the square's corner
    (``end``), each square of the path as an offset from it, and how long it takes."""

    end: tuple[int, int]
    hops: tuple[tuple[int, int], ...]
    ms: float


def flight(path: tuple[str, ...], bottom: str, factor: float) -> Flight | None:
    """The flight along ``path`` (squares' names, the last where the die is now), or
    ``None`` when there is nothing to fly: an entry, or animations off (``factor`` 0)."""
    if len(path) < 2 or factor <= 0:
        return None
    end_x, end_y = square_origin(parse_square(path[-1]), bottom)
    hops = []
    for name in path:
        x, y = square_origin(parse_square(name), bottom)
        hops.append((x - end_x, y - end_y))
    return Flight((end_x, end_y), tuple(hops), HOP_MS * factor * (len(path) - 1))


def roll_faces(colour: str, value: int, rng: random.Random) -> tuple[str, ...]:
    """A re-rolled die's faces, tumbling through random values and landing on ``value``
    (drawn where a die's face is drawn inside its square)."""
    values = [rng.randint(1, 6) for _ in range(ROLL_FRAMES)] + [value]
    return tuple(die_face(colour, v, x=12, y=12) for v in values)


@dataclasses.dataclass(frozen=True)
class Beside:
    """Where the value picker stands, in percent of the board: its left and top, and
    whether it is above the square (in the board's lower half) rather than below."""

    left: float
    top: float
    above: bool


def beside(square: str, bottom: str) -> Beside:
    """Beside ``square``, on the side with room, clear of the board's sides."""
    x, y = square_origin(parse_square(square), bottom)
    below = y < SIZE / 2
    left = min(max(100 * (x + CELL / 2) / SIZE, 24), 76)
    top = 100 * ((y + CELL) if below else y) / SIZE
    return Beside(round(left, 2), round(top, 2), not below)
