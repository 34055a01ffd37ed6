"""One board on a page, in the browser: it draws a ``BoardView`` and animates moves.

The same widget serves the game page, the Learn page's lessons and embedded boards: it
knows no rules (the view says what to draw) and no page (it is handed its element).
Only this module and the pages' glue touch the DOM; ``svg`` stays a pure function.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any, Final

from pyscript import document, window
from pyscript.ffi import to_js

from ...board import parse_square
from .svg import CELL, MARGIN, BoardView, die_face, render_board, square_origin

HOP_MS: Final = 170
"""One hop of a flying die at normal speed."""
ROLL_FRAMES: Final = 7
SPEEDS: Final = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "off": 0.0}
"""Animation speed settings → a factor on every animation's length (0: none)."""
_SIZE: Final = 2 * MARGIN + 10 * CELL


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


class BoardWidget:
    def __init__(self, element: Any, *, speed: str = "normal", ids: str = "sq-") -> None:
        self.element = element
        self.speed = speed
        self.bottom = "r"
        self.ids = ids
        """Prefix of the squares' ids: unique per board when a page has several."""

    @property
    def factor(self) -> float:
        """How long animations take; reduced motion, asked by the system, turns them off
        unless the player picked a speed themselves."""
        if self.speed == "auto":
            return 0.0 if reduced_motion() else 1.0
        return SPEEDS.get(self.speed, 1.0)

    def draw(self, view: BoardView, *, static: bool = False) -> None:
        """``static``: a picture whose squares are not buttons (a lesson stepped through
        with its own buttons).

        The board already there is changed in place, node by node (``assets/board.js``,
        loaded by every page with a board)."""
        self.bottom = view.bottom
        window.deriveBoard.draw(self.element, render_board(view, ids=self.ids, static=static))

    def die(self, square: str) -> Any:
        return self.element.querySelector(f'[data-die="{square}"]')

    def place_beside(self, box: Any, square: str) -> None:
        """Put ``box`` (the value picker) beside ``square``, on the side with room: below
        it in the upper half, above it in the lower half, clear of the board's sides."""
        x, y = square_origin(parse_square(square), self.bottom)
        below = y < _SIZE / 2
        left = min(max(100 * (x + CELL / 2) / _SIZE, 24), 76)
        top = 100 * ((y + CELL) if below else y) / _SIZE
        box.style.left = f"{left:.2f}%"
        box.style.top = f"{top:.2f}%"
        box.classList.toggle("above", not below)

    async def fly(self, path: tuple[str, ...]) -> None:
        """The die now on ``path[-1]`` flies there from ``path[0]``, hop by hop."""
        if len(path) < 2:  # an entry, or no move at all: nothing to fly
            return
        die = self.die(path[-1])
        factor = self.factor
        if die is None or factor <= 0:
            return
        end_x, end_y = square_origin(parse_square(path[-1]), self.bottom)
        frames = []
        for name in path:
            x, y = square_origin(parse_square(name), self.bottom)
            frames.append({"transform": f"translate({x - end_x}px, {y - end_y}px)"})
        # Fly a copy above every square (later squares would paint over the die itself).
        layer = self.element.querySelector(".fx")
        holder = document.createElementNS("http://www.w3.org/2000/svg", "g")
        holder.setAttribute("transform", f"translate({end_x} {end_y})")
        flyer = die.cloneNode(True)
        flyer.removeAttribute("data-die")
        holder.append(flyer)
        layer.append(holder)
        die.style.visibility = "hidden"
        duration = HOP_MS * factor * (len(path) - 1)
        animation = flyer.animate(
            to_js(frames), to_js({"duration": duration, "easing": "ease-in-out"})
        )
        await animation.finished
        holder.remove()
        die.style.visibility = ""

    async def roll(self, square: str, colour: str, value: int) -> None:
        """A re-rolled die tumbles through random faces and lands on ``value``."""
        die = self.die(square)
        factor = self.factor
        if die is None or factor <= 0:
            return
        face = document.createElementNS("http://www.w3.org/2000/svg", "g")
        face.classList.add("rolling")
        die.append(face)
        for _ in range(ROLL_FRAMES):
            face.innerHTML = die_face(colour, random.randint(1, 6), x=12, y=12)
            await asyncio.sleep(0.07 * factor)
        face.innerHTML = die_face(colour, value, x=12, y=12)
        await asyncio.sleep(0.12 * factor)
        face.remove()
