"""Which way the board is turned, and how the keyboard cursor walks it.

A player expects their own rive at the bottom, as at a real table; in a game between
people on one screen the board stays put (turning it after every move is disorienting)
unless they turn it themselves.  Squares keep their names whichever way it is turned.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from ...board import COLOURS, OPPOSITE, SIZE, SQUARES, square_name
from .svg import screen_cell

Diagonal = Literal["up-left", "up-right", "down-left", "down-right"]
"""The keys that walk them are ``front.keys.KEY_DIAGONALS``."""

_SCREEN_STEP: Final[dict[Diagonal, tuple[int, int]]] = {
    "up-left": (-1, -1),
    "up-right": (1, -1),
    "down-left": (-1, 1),
    "down-right": (1, 1),
}


def default_bottom(colours: Iterable[str], humans: Iterable[str], *, flip: bool = False) -> str:
    """The colour to draw at the bottom: the first person's, else the first seat's;
    ``flip`` (the ``flip=1`` parameter) shows the board from the opposite side."""
    seated = [c for c in COLOURS if c in set(colours)]
    people = set(humans)
    bottom = next((c for c in seated if c in people), seated[0] if seated else "r")
    return OPPOSITE[bottom] if flip else bottom


def next_bottom(current: str, colours: Iterable[str]) -> str:
    """The "turn the board" button: the next seated side round the table (clockwise
    from the bottom), or the opposite side when only one is seated."""
    seated = [c for c in COLOURS if c in set(colours)]
    if len(seated) < 2:
        return OPPOSITE[current]
    order = list(COLOURS)  # r b y g: south, west, north, east, clockwise
    start = order.index(current)
    for step in range(1, 5):
        colour = order[(start + step) % 4]
        if colour in seated:
            return colour
    return current


def step_cursor(square: str, direction: Diagonal, bottom: str) -> str:
    """The dark square one diagonal step from ``square`` as the board is drawn, or
    ``square`` itself at the board's edge."""
    dx, dy = _SCREEN_STEP[direction]
    index = next(s for s in SQUARES if square_name(s) == square)
    col, row = screen_cell(index, bottom)
    target = (col + dx, row + dy)
    if not (0 <= target[0] < SIZE and 0 <= target[1] < SIZE):
        return square
    for candidate in SQUARES:
        if screen_cell(candidate, bottom) == target:
            return square_name(candidate)
    return square
