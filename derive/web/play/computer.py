"""The computer player on the game page: its turns and its hints, thought in its worker.

The AI runs in a PyScript worker of its own (``derive/web/play/worker.py``'s exports, on
``game.toml``) so that a search never holds the game. The page's view starts
that worker and carries each call to it (``assets/view.js``: ``aiStart``, ``ai``), so the
game's Python reaches it as it reaches the rest of the page, through its link
(``link.Link``), wherever that Python runs. The page asks it to think in slices
(``step``), shows the depth reached, and stops a search by not asking for more (undo, new
game). The decisions are the controller's (``think_request``, ``think_done``…); this
module only carries them to the worker and back (unit-tested with a recording view).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Coroutine
from typing import Any, Final, Protocol

from ..link import Link, ViewError, answered
from ..table.controller import Controller, ThinkRequest
from ..table.state import Played

SEARCH_SLICE_S: Final = 0.06
"""Worker thinking per message: short enough to stop a search at once."""
AI_MIN_MOVE_S: Final = 0.4
"""A computer move never lands sooner than this, so a person sees each one."""
START_ROLL_S: Final = 1.4
"""A computer that won the start roll waits this long, for the roll to be seen."""
WORKER_START_S: Final = 180
"""Give up on the AI worker (and say so) if it has not started by then."""
WORKER_MODULE: Final = "derive.web.play.worker"
"""What the AI worker runs: its exports are the calls it answers."""


class Host(Protocol):
    """What the computer needs of the page it plays on (``play.page.Page`` is one): its
    controller and view, and a way to draw, save, run a task and animate a move."""

    ctrl: Controller
    view: Link
    banner_dismissed: bool

    def render(self) -> None: ...
    def save(self) -> None: ...
    def spawn(self, task: Coroutine[Any, Any, None]) -> None: ...
    def setup_levels_known(self) -> None: ...
    async def animate(self, played: Played) -> None: ...


class Computer:
    """The page's computer player: one worker, at most one turn being thought at once."""

    def __init__(self, page: Host) -> None:
        self.page = page
        self.ready = False
        """The worker started and said which levels it plays."""
        self.running = False

    async def call(self, name: str, *args: object) -> object:
        """The worker's ``name`` (one of ``WORKER_MODULE``'s exports) and its answer: a
        search's id as it gave it, or JSON text; ``ViewError`` when the worker failed it."""
        return await self.page.view.ask("ai", name, *args)

    async def start(self) -> None:
        page, ctrl = self.page, self.page.ctrl
        ctrl.ai_state = "starting"
        page.render()
        try:
            info = answered(await page.view.ask("aiStart", WORKER_MODULE, WORKER_START_S))
        except (ViewError, ValueError) as error:
            info = {"error": str(error) or "the worker did not start"}
        levels = info.get("levels")
        if "error" in info or not isinstance(levels, list):
            ctrl.set_ai_unavailable(str(info.get("error") or "the worker said no levels"))
        else:
            ctrl.set_ai_levels(tuple(str(level) for level in levels), info.get("default"))
            self.ready = True
            page.view.send("aiReady")
            if not ctrl.ai_to_move():
                # A fresh worker's first search is its slowest (worker.warm): have it now,
                # while a person plays, rather than for the computer's first move.
                page.spawn(self._warm_up())
        page.setup_levels_known()
        page.render()
        self.schedule()

    async def _warm_up(self) -> None:
        with contextlib.suppress(ViewError):  # the first real search pays for it instead
            await self.call("warm")

    def schedule(self) -> None:
        """Let the computer play if it is to move and nothing is thinking yet."""
        ctrl = self.page.ctrl
        if not self.running and ctrl.ai_to_move() and ctrl.ai_state == "ready":
            self.page.spawn(self._turns())

    async def _turns(self) -> None:
        if self.running:
            return
        self.running = True
        try:
            while True:
                request = self.page.ctrl.think_request()
                if request is None:
                    break
                await self._turn(request)
        finally:
            self.running = False
            self.page.render()

    async def _turn(self, request: ThinkRequest) -> None:
        page, ctrl = self.page, self.page.ctrl
        page.render()
        began = time.monotonic()
        try:
            search = await self.call(
                "start", request.position, request.level, request.seed, request.record
            )
            result: dict[str, Any] = {}
            while ctrl.is_current(request.token):
                result = answered(await self.call("step", search, SEARCH_SLICE_S))
                if "error" in result:
                    raise ValueError(str(result["error"]))
                ctrl.think_progress(request.token, int(result["depth"]))
                # The depth is for developers and tests, never in the players' words.
                page.view.send("thinking", int(result["depth"]), ctrl.status())
                if result["done"]:
                    break
            if not ctrl.is_current(request.token):
                await self.call("stop", search)
                return
            shortest = AI_MIN_MOVE_S
            if ctrl.game.ply == 0 and ctrl.game.start_roll:
                shortest = START_ROLL_S  # let the start roll finish rolling first
            wait = shortest - (time.monotonic() - began)
            if wait > 0:
                await asyncio.sleep(wait)
            played = ctrl.think_done(request.token, str(result["move"]))
        except (ViewError, ValueError, KeyError, TypeError) as error:
            ctrl.think_failed(request.token, str(error))
            page.view.send("warn", f"AI worker: {error}")
            page.render()
            return
        if played is not None:
            page.banner_dismissed = False
            page.render()
            page.save()
            await page.animate(played)

    async def hint(self) -> None:
        ctrl = self.page.ctrl
        request = ctrl.hint_request()
        self.page.render()
        if request is None or not self.ready:
            return
        token, position = request
        try:
            data = answered(await self.call("suggest", position, random.getrandbits(31)))
        except (ViewError, ValueError) as error:
            self.page.view.send("warn", f"AI worker: {error}")
            data = {}
        reason = ctrl.hint_text(str(data.get("reason") or ""))
        ctrl.hint_done(token, data.get("move"), reason)
        self.page.render()
