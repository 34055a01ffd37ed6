"""Where a ``BoardWidget`` puts what it draws: the page's side of one board, as *steps*.

A surface knows no rules and no page. What the widget draws and moves becomes a step,
plain data, and every page carries steps out alike, with ``assets/board.js``'s ``step``
(handed the step whole, as the page received it):

* ``{"do": "draw", "markup"}``: the board now ``markup``, changed in place;
* ``{"do": "beside", "left", "top", "above"}``: the value picker beside its square, in
  percent of the board;
* ``{"do": "fly", "square", "end", "hops", "ms"}``: the die now on ``square`` flies there;
* ``{"do": "roll", "square", "faces", "frame", "hold"}``: a re-rolled die tumbles.

Where the steps go is the one difference between pages. On the game page (``page``: its
view, ``link.Link``) each is handed over as it is written, ``boardStep``, an animation
awaited until it has played, since the game lets a move land before the next. On a lesson
board (no ``page``: ``learn.desk``) the worker answers a gesture with the animations
written down (``steps``); the latest drawing and the picker's place go in the ``show``
step that ends the answer (``drawn``, ``beside``), with the rest of the lesson's state.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from ..link import Link
from .motion import Flight

Step: TypeAlias = dict[str, Any]
"""One thing for the page to do, as plain data (above; ``learn.desk`` lists the lessons'
own)."""


class Surface:
    def __init__(self, *, page: Link | None = None, reduced_motion: bool = False) -> None:
        self.page = page
        self.reduced = reduced_motion
        """As the page read it when it started."""
        self.steps: list[Step] = []
        """The animations written down, where there is no ``page`` to hand them to."""
        self.drawn = ""
        """The latest markup."""
        self.beside: dict[str, Any] = {}
        """Where the latest value picker goes, in percent of the board."""

    def draw(self, markup: str) -> None:
        self.drawn = markup
        if self.page is not None:
            self.page.send("boardStep", {"do": "draw", "markup": markup})

    def place_beside(self, box: Any, left: float, top: float, above: bool) -> None:
        """``box`` (a value picker) at ``left``/``top``, in percent of the board."""
        self.beside = {"left": left, "top": top, "above": above}
        if self.page is not None:
            self.page.send("boardStep", {"do": "beside", **self.beside})

    async def fly(self, square: str, flight: Flight) -> None:
        await self._animate(
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
        await self._animate(
            {
                "do": "roll",
                "square": square,
                "faces": list(faces),
                "frame": frame_ms,
                "hold": hold_ms,
            }
        )

    async def _animate(self, step: Step) -> None:
        if self.page is None:
            self.steps.append(step)
        else:
            await self.page.ask("boardStep", step)

    def reduced_motion(self) -> bool:
        """The system asks for less motion."""
        return self.reduced
