"""Where a ``BoardWidget`` puts what it draws: the page's side of one board.

A surface is handed the markup and the motions, plain data all (``motion``'s); it knows
no rules. ``element.ElementSurface`` is a board element on the page's own thread (the
Learn pages, embeds); ``LinkSurface`` is the game page's board, reached through the
page's view (``link.Link``), wherever the game's Python runs.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..link import Link
from .motion import Flight


class Surface(Protocol):
    def draw(self, markup: str) -> None:
        """The board now ``markup``, changed in place (``assets/board.js``)."""

    def place_beside(self, box: Any, left: float, top: float, above: bool) -> None:
        """``box`` (a value picker) at ``left``/``top``, in percent of the board."""

    async def fly(self, square: str, flight: Flight) -> None:
        """The die now on ``square`` flies there."""

    async def roll(
        self, square: str, faces: tuple[str, ...], frame_ms: float, hold_ms: float
    ) -> None:
        """The die on ``square`` shows ``faces`` one after the other."""

    def reduced_motion(self) -> bool:
        """The system asks for less motion."""


class LinkSurface:
    """The game page's board (``#board``, its picker ``#picker``), through its view."""

    def __init__(self, link: Link, *, reduced_motion: bool = False) -> None:
        self.link = link
        self.reduced = reduced_motion
        """As the view read it when the page started."""

    def draw(self, markup: str) -> None:
        self.link.send("boardDraw", markup)

    def place_beside(self, box: Any, left: float, top: float, above: bool) -> None:
        self.link.send("pickerBeside", left, top, above)

    async def fly(self, square: str, flight: Flight) -> None:
        await self.link.ask(
            "boardFly", square, list(flight.end), [list(h) for h in flight.hops], flight.ms
        )

    async def roll(
        self, square: str, faces: tuple[str, ...], frame_ms: float, hold_ms: float
    ) -> None:
        await self.link.ask("boardRoll", square, list(faces), frame_ms, hold_ms)

    def reduced_motion(self) -> bool:
        return self.reduced
