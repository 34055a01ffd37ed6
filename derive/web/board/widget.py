"""One board on a page, in the browser: it draws a ``BoardView`` and animates moves.

The same widget serves the game page, the Learn page's lessons and embedded boards: it
knows no rules (the view says what to draw) and no page (it is handed its surface).
What it draws and how it moves are pure functions (``svg``, ``motion``); putting them on
the page is the surface's (``surface``), one call each.
"""

from __future__ import annotations

import random
from typing import Any, Final

from . import motion
from .surface import Surface
from .svg import BoardView, render_board

SPEEDS: Final = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "off": 0.0}
"""Animation speed settings → a factor on every animation's length (0: none)."""


class BoardWidget:
    def __init__(self, surface: Surface, *, speed: str = "normal", ids: str = "sq-") -> None:
        self.surface = surface
        self.speed = speed
        self.bottom = "r"
        self.ids = ids
        """Prefix of the squares' ids: unique per board when a page has several."""

    @property
    def factor(self) -> float:
        """How long animations take; reduced motion, asked by the system, turns them off
        unless the player picked a speed themselves."""
        if self.speed == "auto":
            return 0.0 if self.surface.reduced_motion() else 1.0
        return SPEEDS.get(self.speed, 1.0)

    def draw(self, view: BoardView, *, static: bool = False) -> None:
        """``static``: a picture whose squares are not buttons (a lesson stepped through
        with its own buttons).

        The board already there is changed in place, node by node (``assets/board.js``,
        loaded by every page with a board)."""
        self.bottom = view.bottom
        self.surface.draw(render_board(view, ids=self.ids, static=static))

    def place_beside(self, box: Any, square: str) -> None:
        """Put ``box`` (the value picker) beside ``square``, on the side with room: below
        it in the upper half, above it in the lower half, clear of the board's sides."""
        spot = motion.beside(square, self.bottom)
        self.surface.place_beside(box, spot.left, spot.top, spot.above)

    async def fly(self, path: tuple[str, ...]) -> None:
        """The die now on ``path[-1]`` flies there from ``path[0]``, hop by hop."""
        flight = motion.flight(path, self.bottom, self.factor)
        if flight is None:
            return
        await self.surface.fly(path[-1], flight)

    async def roll(self, square: str, colour: str, value: int) -> None:
        """A re-rolled die tumbles through random faces and lands on ``value``."""
        factor = self.factor
        if factor <= 0:
            return
        await self.surface.roll(
            square,
            motion.roll_faces(colour, value, random.Random()),
            motion.ROLL_FRAME_MS * factor,
            motion.ROLL_HOLD_MS * factor,
        )
