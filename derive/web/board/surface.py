"""Where a ``BoardWidget`` puts what it draws: the page's side of one board.

A surface is handed the markup and the motions, plain data all (``motion``'s); it knows
no rules. ``LinkSurface`` is the game page's board, reached through the page's view
(``link.Link``), wherever the game's Python runs; ``StepSurface`` writes what it is handed
down as steps, which the lesson boards' worker returns to the page's MicroPython
(``learn.desk``).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeAlias

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


Step: TypeAlias = dict[str, Any]
"""One thing for the page to do, as plain data (``learn.desk`` lists them)."""


class StepSurface:
    """A board drawn and animated as steps written down, never awaited: the worker
    returns them and the page carries them out in order."""

    def __init__(self, *, reduced_motion: bool = False) -> None:
        self.reduced = reduced_motion
        self.steps: list[Step] = []
        self.drawn = ""
        """The latest markup: the ``show`` step that follows carries it."""
        self.beside: dict[str, Any] = {}
        """Where the latest value picker goes, in percent of the board."""

    def draw(self, markup: str) -> None:
        self.drawn = markup

    def place_beside(self, box: Any, left: float, top: float, above: bool) -> None:
        self.beside = {"left": left, "top": top, "above": above}

    async def fly(self, square: str, flight: Flight) -> None:
        self.steps.append(
            {
                "do": "fly",
                "square": square,
                "end": list(flight.end),
                "hops": [list(h) for h in flight.hops],
                "ms": flight.ms,
            }
        )

    async def roll(
        self, square: str, faces: tuple[str, ...], frame_ms: float, hold_ms: float
    ) -> None:
        self.steps.append(
            {
                "do": "roll",
                "square": square,
                "faces": list(faces),
                "frame": frame_ms,
                "hold": hold_ms,
            }
        )

    def reduced_motion(self) -> bool:
        return self.reduced


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
