"""The computer player's glue (derive.web.play.computer), without a browser: its worker
is reached through the page's view (a recording view here), and every failure of it
becomes words and a game kept."""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Coroutine
from typing import Any

import pytest

from derive import Game
from derive.ai import LEVELS
from derive.web.link import Recorder, ViewError
from derive.web.play import computer as computer_module
from derive.web.play import worker
from derive.web.play.computer import WORKER_MODULE, Computer
from derive.web.table.controller import Controller
from derive.web.table.state import Played
from tests.web_helpers import run_async


class Table:
    """A page for the computer: a controller, a recording view, and counts."""

    def __init__(self, position: str, seats: dict[str, str], ai: object) -> None:
        self.ctrl = Controller("en")
        self.ctrl.open_game(Game.from_position(position, seed=7), seats)
        hello = {"levels": list(LEVELS), "default": "medium"}
        self.view = Recorder({"aiStart": hello, "ai": ai})
        self.banner_dismissed = True
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.saved = 0
        self.animated: list[Played] = []
        self.levels_known = False

    def render(self) -> None:
        pass

    def save(self) -> None:
        self.saved += 1

    def spawn(self, task: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(task)

    def setup_levels_known(self) -> None:
        self.levels_known = True

    async def animate(self, played: Played) -> None:
        self.animated.append(played)

    def run_tasks(self) -> None:
        while self.tasks:
            run_async(self.tasks.pop(0))


def worker_playing(move: str) -> Any:
    """The worker's answers: a search that reaches depth 2 and plays ``move``."""

    def answer(name: str, *args: object) -> object:
        return {
            "start": "search-1",
            "step": {"depth": 2, "done": True, "move": move},
            "warm": "",
            "suggest": {"move": move, "reason": ""},
        }.get(name, "")

    return answer


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer_module, "AI_MIN_MOVE_S", 0.0)
    monkeypatch.setattr(computer_module, "START_ROLL_S", 0.0)


def test_the_worker_runs_the_module_whose_exports_the_page_calls() -> None:
    module = importlib.import_module(WORKER_MODULE)
    assert module is worker
    assert all(callable(function) for function in module.EXPORTED.values())
    assert {"hello", "start", "step", "suggest", "warm"} <= set(module.EXPORTED)


def test_the_view_starts_the_worker_and_the_computer_plays_its_move() -> None:
    page = Table("r3c3 y ry L2", {"y": "easy"}, worker_playing("+b10"))
    run_async(Computer(page).start())
    assert page.view.named("aiStart") == [(WORKER_MODULE, 180)]
    assert page.view.named("aiReady") == [()] and page.levels_known
    assert page.ctrl.ai_state == "ready"
    page.run_tasks()  # the computer's turn: it is yellow's
    assert [args[0] for args in page.view.named("ai")] == ["start", "step"]
    start = page.view.named("ai")[0]
    assert start[1:3] == ("r3c3 y ry L2", "easy")
    assert page.view.named("thinking") == [(2, "Yellow is thinking…")]
    assert page.ctrl.game.ply == 1 and page.ctrl.game.to_move == "r"
    assert page.saved == 1 and len(page.animated) == 1 and not page.banner_dismissed


def test_a_person_to_move_has_the_worker_warm_up_and_can_ask_a_hint() -> None:
    page = Table("r3c3 r ry L2", {"y": "easy"}, worker_playing("c3-d4"))
    computer = Computer(page)
    run_async(computer.start())
    page.run_tasks()
    assert [args[0] for args in page.view.named("ai")] == ["warm"]
    run_async(computer.hint())
    assert page.ctrl.hint is not None and page.ctrl.hint.move == "c3-d4"


@pytest.mark.parametrize(
    "said",
    [ViewError("the worker did not start"), "not a dict", {"error": "no memory"}],
)
def test_a_worker_that_does_not_start_is_said_in_words(said: object) -> None:
    page = Table("r3c3 y ry L2", {"y": "easy"}, worker_playing("+b10"))
    page.view.answers["aiStart"] = said
    computer = Computer(page)
    run_async(computer.start())
    assert page.ctrl.ai_state == "unavailable" and not computer.ready
    assert page.view.named("aiReady") == [] and page.tasks == []
    assert "None" not in page.ctrl.status() and "Traceback" not in page.ctrl.status()
    assert "worker" not in page.ctrl.status() and "memory" not in page.ctrl.status()


@pytest.mark.parametrize(
    "step",
    ["not a dict", {"error": "out of memory"}, {"done": True}, ViewError()],
)
def test_a_search_that_fails_keeps_the_game_and_says_so(step: object) -> None:
    def answer(name: str, *args: object) -> object:
        if name == "step" and isinstance(step, Exception):
            raise step
        return {"start": "search-1", "step": step}.get(name, "")

    page = Table("r3c3 y ry L2", {"y": "easy"}, answer)
    run_async(Computer(page).start())
    page.run_tasks()
    assert page.ctrl.game.ply == 0 and page.saved == 0
    assert page.view.named("warn")  # for developers, in the console
    assert page.ctrl.thinking is None


def test_in_the_browser_the_workers_nones_go_as_javascripts_null(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PyScript hands ``None`` over as ``undefined``, which an object's key loses on its
    way to the game: a review's plies with ``"label": None`` were refused as damaged."""
    null = object()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = null  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    game = Game.from_position("r3c3,y2d4 r ry L2", seed=1)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    review = worker.review_start(json.dumps(game.record()), 10)
    plies = worker.review_step(review, 60.0)["plies"]

    def nulls(value: object) -> tuple[int, int]:
        """(``None``s, stand-ins for null) in ``value``, however deep."""
        if value is None:
            return 1, 0
        if value is null:
            return 0, 1
        items = value.values() if isinstance(value, dict) else value
        if isinstance(items, (list, tuple)) or isinstance(value, dict):
            found = [nulls(item) for item in items]
            return sum(f[0] for f in found), sum(f[1] for f in found)
        return 0, 0

    nones, stand_ins = nulls(plies)
    assert plies and nones == 0 and stand_ins > 0
    assert worker.suggest(game.to_position(), 3)["move"] is not None
