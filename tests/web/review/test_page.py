"""The review's glue on the game page (derive.web.review.page), without a browser: the
analysis run by the real worker's exports through a computer that answers at once, the
section handed to a recording view, and a worker that fails mid-review said in words."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from derive.game import Game
from derive.web.link import Recorder, ViewError
from derive.web.play import worker
from derive.web.review.driver import ReviewState
from derive.web.review.page import ReviewPage
from derive.web.table import clicks
from derive.web.table.controller import Controller
from tests.helpers import random_game
from tests.web_helpers import plain, run_async


class Thinker:
    """The computer's worker, answering from ``derive.web.play.worker`` in this process;
    ``fail_after``: calls it answers before failing as a dead worker does."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.ready = True
        self.calls: list[str] = []
        self.fail_after = fail_after

    async def call(self, name: str, *args: object) -> object:
        self.calls.append(name)
        if self.fail_after is not None and len(self.calls) > self.fail_after:
            raise ViewError("the worker stopped")
        return getattr(worker, name)(*args)  # type: ignore[no-any-return]


class Host:
    def __init__(self, game: Game, computer: Thinker) -> None:
        self.ctrl = Controller("fr")
        self.ctrl.open_game(game, {})
        self.computer = computer
        self.kept: list[dict[str, Any]] = []
        self.closed = 0

    def render(self) -> None:
        pass

    def spawn(self, task: Coroutine[Any, Any, None]) -> None:
        task.close()

    def keep_analysis(self, game: Game, data: dict[str, Any]) -> None:
        self.kept.append(data)

    def review_closed(self) -> None:
        self.closed += 1


def _game(plies: int) -> Game:
    game = random_game(plies, 5)
    return game


def test_a_review_runs_to_its_end_and_the_view_gets_each_part() -> None:
    game = _game(6)
    view, computer = Recorder(), Thinker()
    review = ReviewPage(Host(game, computer), view, 20)
    review.open()
    run_async(review.run())
    assert review.state.done and not review.state.error
    assert computer.calls[0] == "review_start" and computer.calls[-1] == "review_step"
    assert len(view.named("reviewOpen")) == 1
    last = view.named("reviewShow")[-1][0]
    assert isinstance(last, dict) and last["review"] == "done" and last["done"] is True
    assert any("graph" in args[0] for args in view.named("reviewShow"))  # type: ignore[operator]
    # The shown point's figures in words, for the view to say on a tap: the end of the game.
    assert last["point"].startswith(f"Coup {len(game.moves)}, ")
    # As its point on the graph says them, the move kept to one line (a span).
    move = str(game.moves[-1])
    assert f'<span class="move">{move}</span>' in last["point"]
    assert last["point"].replace(f'<span class="move">{move}</span>', move) in last_graph(view)
    review.show(0)
    assert plain(view.named("reviewShow")[-1][0]["point"]).startswith("Coup 0 : ")


def test_the_close_button_goes_back_to_the_end_of_the_game() -> None:
    game = _game(6)
    view, host = Recorder(), Host(game, Thinker())
    review = ReviewPage(host, view, 20)
    review.open()
    assert "data-review-close>Fermer l’analyse</button>" in view.named("reviewOpen")[0][0]
    review.show(2)
    assert host.ctrl.view_ply == 2
    review.on_click(clicks.click_from({"review": {"close": True}}).review or clicks.Review())
    assert view.named("reviewClose") and host.closed == 1
    assert not review.active and host.ctrl.view_ply is None  # the game as it ends
    review.open()  # opened again: the same review, at the end
    assert review.active and len(view.named("reviewOpen")) == 2


def last_graph(view: Recorder) -> str:
    return next(
        str(args[0]["graph"])  # type: ignore[index]
        for args in reversed(view.named("reviewShow"))
        if "graph" in args[0]  # type: ignore[operator]
    )


def test_a_worker_that_fails_mid_review_is_said_in_the_players_words() -> None:
    view = Recorder()
    review = ReviewPage(Host(_game(6), Thinker(fail_after=1)), view, 20)
    review.open()
    run_async(review.run())
    assert not review.state.done and not review.running
    assert review.state.error.startswith("L’analyse n’a pas pu se faire")
    assert "worker" not in review.state.error  # the worker's own words are not a player's
    last = view.named("reviewShow")[-1][0]
    assert isinstance(last, dict) and last["words"] == review.state.error


class Forgetful(Thinker):
    """A worker that lost the review it was asked about (restarted, or its memory full),
    and says so in its own words."""

    async def call(self, name: str, *args: object) -> object:
        if name == "review_step":
            self.calls.append(name)
            return '{"error": "no review 7"}'
        return await super().call(name, *args)


def test_a_worker_that_lost_the_review_is_said_in_the_players_words() -> None:
    view = Recorder()
    review = ReviewPage(Host(_game(6), Forgetful()), view, 20)
    review.open()
    run_async(review.run())
    assert review.state.error.startswith("L’analyse n’a pas pu se faire")
    assert "no review" not in review.state.error and not review.running


def test_how_a_loser_lost_is_said_once_the_review_is_done(monkeypatch: Any) -> None:
    # Red wins at once; Yellow, told as beaten from a fair start, has no costly move.
    game = Game.from_position("r1b10,r2c9,r3e7,y1h2 y ry L2", seed=9)
    game.play("h2?")
    game.play("e7-d8")
    monkeypatch.setattr(ReviewState, "beaten", lambda self: ("y",))
    view = Recorder()
    review = ReviewPage(Host(game, Thinker()), view, 20)
    review.open()
    run_async(review.run())
    said = [args[0] for args in view.named("reviewShow") if "summary" in args[0]]  # type: ignore[operator]
    slipped = "la partie a glissé peu à peu"
    assert said and all(slipped not in plain(part["summary"]) for part in said[:-1])
    assert said[-1]["done"] is True and slipped in plain(said[-1]["summary"])
