"""``surface.Surface`` over a board element on the page's own thread (``assets/board.js``).

Only meaningful inside Pyodide (``pyscript`` exists there alone); typed ``Any`` for mypy.
"""

from __future__ import annotations

from typing import Any

from pyscript import window
from pyscript.ffi import to_js

from .motion import Flight


class ElementSurface:
    def __init__(self, element: Any) -> None:
        self.element = element

    def draw(self, markup: str) -> None:
        window.deriveBoard.draw(self.element, markup)

    def place_beside(self, box: Any, left: float, top: float, above: bool) -> None:
        window.deriveBoard.placeBeside(box, left, top, above)

    async def fly(self, square: str, flight: Flight) -> None:
        await window.deriveBoard.fly(
            self.element, square, to_js(flight.end), to_js(flight.hops), flight.ms
        )

    async def roll(
        self, square: str, faces: tuple[str, ...], frame_ms: float, hold_ms: float
    ) -> None:
        await window.deriveBoard.roll(self.element, square, to_js(faces), frame_ms, hold_ms)

    def reduced_motion(self) -> bool:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
