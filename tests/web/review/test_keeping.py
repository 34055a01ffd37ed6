"""The review's side of keeping its analysis (review.keeping): the budget a review runs
at, a kept analysis filling the review in (complete: nothing to search; partial: the
worker goes on from it), and the analysis handed back every few positions and at the end,
never for every slice."""

from __future__ import annotations

import json
from typing import Any

import pytest

from derive.ai.review import BUDGET, Analysis, Review
from derive.game import Game
from derive.web.play import worker
from derive.web.review.driver import ReviewState
from derive.web.review.keeping import KEEP_EVERY, Keeping, choose, fill
from tests.helpers import MISSED_IN_TWO, random_game


def _game(plies: int, seed: int = 4) -> Game:
    game = random_game(plies, seed, "ry", "L2", start="r")
    return game


def test_the_budget_is_the_urls_else_the_kept_analysiss_else_the_default() -> None:
    kept = Analysis(40, [{"ply": 0}])
    assert choose(None, None) == (BUDGET, None)
    assert choose(None, kept) == (40, kept)
    assert choose(40, kept) == (40, kept)
    assert choose(60, kept) == (60, None)  # made at another budget: not used
    assert choose(60, None) == (60, None)


def test_a_complete_kept_analysis_is_the_review_and_a_partial_one_goes_on() -> None:
    game = _game(14)
    whole = Review(game, 25).finish()
    state = ReviewState(Game.from_record(game.record()))
    fill(state, whole)
    assert state.done and len(state.points()) == len(game.moves) + 1
    assert [j.ply for j in state.judged()] == list(range(1, len(game.moves) + 1))

    partial = Analysis(25, whole.plies[:6])
    state = ReviewState(Game.from_record(game.record()))
    fill(state, partial)
    assert not state.done and len(state.plies) == 6
    prior = json.dumps(Analysis(25, state.plies).to_data())
    review = worker.review_start(json.dumps(game.record()), 25, prior)
    first = worker.review_step(review, 0.0)
    assert first["start"] == 6 and len(first["plies"]) >= 1 and first["searched"] > 6
    state.take(first)
    while not state.done:
        state.take(worker.review_step(review, 60.0))
    assert state.plies == whole.plies  # the same review as one done from the start

    empty = ReviewState(game)
    fill(empty, None)
    assert not empty.done and not empty.plies


def test_a_whole_analysis_kept_before_the_check_for_a_win_missed_goes_on_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Red misses a win in two that Yellow's move let through (``Review._missed``, analyses
    # of version 9): kept whole before it, the page goes on with it and gets the mark.
    game = Game.from_position(MISSED_IN_TWO[0])
    for move in MISSED_IN_TWO[1:]:
        game.play(move)
    whole = Review(game, 25).finish()
    assert whole.plies[2]["reason"]["code"] == "misses_win"
    with monkeypatch.context() as before:
        before.setattr(Review, "_missed", lambda review, k, found: iter(()))
        old = {**Review(game, 25).finish().to_data(), "version": 8}
    assert old["plies"][-1]["settled"] and (old["plies"][2]["reason"] or {}).get("code") is None
    state = ReviewState(Game.from_record(game.record()))
    fill(state, Analysis.from_data(json.loads(json.dumps(old)), game))  # as the shelf reads it
    assert not state.done
    review = worker.review_start(
        json.dumps(game.record()), 25, json.dumps(Analysis(25, state.plies).to_data())
    )
    while not state.done:
        state.take(worker.review_step(review, 60.0))
    assert state.plies == whole.plies


def test_the_analysis_is_kept_every_few_positions_at_the_end_and_when_stopped() -> None:
    game = _game(2 * KEEP_EVERY + 5)
    whole = Review(game, 20, deep=0).finish()
    kept: list[tuple[Game, dict[str, Any]]] = []
    state = ReviewState(game)
    keeping = Keeping(lambda g, data: kept.append((g, data)), 20, state)
    for count in range(1, len(whole.plies) + 1):
        state.plies = whole.plies[:count]  # one position more per answer
        state.done = count == len(whole.plies)
        due, before = keeping.due(state), len(kept)
        keeping.answered(state)
        assert due == (len(kept) > before)  # what the page defers is what is written
    assert [len(data["plies"]) for _, data in kept] == [
        KEEP_EVERY,
        2 * KEEP_EVERY,
        len(whole.plies),
    ]
    assert all(g is game for g, _ in kept)
    assert Analysis.from_data(kept[-1][1], game).complete and kept[-1][1]["budget"] == 20
    keeping.stopped(state)
    assert len(kept) == 3  # nothing new: not written again

    state = ReviewState(game)
    fill(state, Analysis(20, whole.plies[:4]))
    kept.clear()
    keeping = Keeping(lambda g, data: kept.append((g, data)), 20, state)
    state.plies = whole.plies[:7]
    keeping.answered(state)
    assert not kept  # 3 new positions since what was kept
    keeping.stopped(state)  # the Stop button
    assert [len(data["plies"]) for _, data in kept] == [7]
    Keeping(None, 20, state).stopped(ReviewState(game, plies=whole.plies))  # nowhere to keep


def test_the_second_passs_judgements_are_kept_too() -> None:
    game = _game(2 * KEEP_EVERY + 5)
    whole = Review(game, 20).finish()
    looked = [e["ply"] for e in whole.plies if "deep" in e]
    assert looked
    first = [
        {k: v for k, v in e.items() if k not in ("deep", "first", "better")} for e in whole.plies
    ]
    kept: list[tuple[Game, dict[str, Any]]] = []
    state = ReviewState(game, plies=first, done=False)
    keeping = Keeping(lambda g, data: kept.append((g, data)), 20, state)
    state.plies, state.done = whole.plies, True  # the second pass's answers came
    keeping.answered(state)
    assert [e.get("deep") for e in kept[-1][1]["plies"]] == [e.get("deep") for e in whole.plies]


def test_a_review_stopped_during_its_second_pass_is_not_kept_as_complete() -> None:
    game = _game(2 * KEEP_EVERY + 5)
    whole = Review(game, 20).finish()
    assert whole.complete
    kept: list[dict[str, Any]] = []
    state = ReviewState(Game.from_record(game.record()))
    keeping = Keeping(lambda g, data: kept.append(data), 20, state)
    review = Review(game, 20)
    # Stopped once the first pass is done and the second has judged a move again.
    while not (
        state.plies and state.plies[-1].get("final") and any("deep" in e for e in state.plies)
    ):
        review.step()
        start, plies = review.changes()
        state.take({"start": start, "plies": plies, "done": review.done})
        keeping.answered(state)
    assert not review.done
    keeping.stopped(state)  # the Stop button, or the page closed
    stopped = Analysis.from_data(kept[-1], game)
    assert stopped.searched and not stopped.complete
    reopened = ReviewState(Game.from_record(game.record()))
    fill(reopened, stopped)
    assert not reopened.done  # the page goes on with it
    assert Review(game, 20, resume=stopped).finish() == whole

    # Kept before a review said it was settled: resumed, for what it lacks.
    older = [dict(e) for e in whole.plies]
    del older[-1]["settled"]
    assert not Analysis(20, older).complete
    assert Review(game, 20, resume=Analysis(20, older)).finish() == whole
    # And one that is whole is the review: nothing searched again.
    again = Review(game, 20, resume=whole)
    assert again.done and again.step() and again.analysis() == whole
