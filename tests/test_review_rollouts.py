"""The review's rollouts (derive/ai/review.py ``Review._roll``): the doubtful moves of the
side that lost played out against their better move, judged by the play-outs' mean gain
and its one-sided 95% bound; sliced, stopped and resumed without changing what they find."""

from __future__ import annotations

import json

import pytest

from derive import Game
from derive.ai import review as module
from derive.ai.review import (
    ROLL_PER_SIDE,
    Analysis,
    AnalysisError,
    Review,
    _Rollouts,
)
from derive.notation import Move
from tests.helpers import random_game

WIN_IN_ONE = "r1b10,r2a9,r3c7,y1c1,y2d2,y3f4 r ry L2"
"""Red wins at once with c7-b8; b10-c9 lets yellow win at once with f4-e3."""


@pytest.fixture(autouse=True)
def _short(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short play-outs: what is tested here is the bookkeeping, not their length."""
    monkeypatch.setattr(module, "ROLL_PLIES", 3)


def _long_game(seed: int = 12, plies: int = 30) -> Game:
    game = random_game(plies, seed, "ry", "L2", start="r", max_plies=200)
    return game


def test_play_outs_see_a_missed_win_as_a_whole_game_lost() -> None:
    game = Game.from_position(WIN_IN_ONE)
    moves = (Move.parse("c7-b8"), Move.parse("b10-c9"))
    found = _Rollouts(game, moves, "r", 6, seed=1).step(None)
    assert found is not None
    gain, low = found
    assert gain > 0.9 and 0 < low <= gain
    # The same move against itself, seeded alike: nothing to choose between them.
    same = _Rollouts(game, (moves[1], moves[1]), "r", 6, seed=1).step(None)
    assert same == (0.0, 0.0)


def test_rollouts_settle_the_losers_doubtful_moves_and_keep_what_the_search_said() -> None:
    game = _long_game()
    analysis = Review(game, 60, deep=0, rollouts=4, like=False).finish()
    rolled = [e for e in analysis.plies if "roll" in e]
    assert rolled
    for side in game.sides:  # no winner yet: every side is looked at
        assert len([e for e in rolled if e["mover"] == side]) <= ROLL_PER_SIDE
    first = Review(game, 60, deep=0, rollouts=0, like=False).finish()
    for entry in rolled:
        searched = first.plies[entry["ply"]]
        roll = entry["roll"]
        assert roll["n"] == 4 and roll["loss"] == searched["loss"]
        assert roll["label"] == searched["label"] and roll["reason"] == searched["reason"]
        assert entry["first"] == {"loss": searched["loss"], "label": searched["label"]}
        assert entry["better"] != entry["move"]
        # The rule: the gain is the loss; a mark only with its bound above 0.
        assert entry["loss"] == max(0.0, roll["gain"])
        if roll["low"] <= 0:
            assert entry["label"] is None and entry["reason"] is None
        elif entry["label"]:
            assert entry["reason"] is not None
    # The graph's figures are the first pass's.
    assert [e["chances"] for e in analysis.plies] == [e["chances"] for e in first.plies]
    assert Analysis.from_data(json.loads(json.dumps(analysis.to_data())), game) == analysis


def test_the_winners_moves_are_not_rolled_out() -> None:
    game = Game.from_position(WIN_IN_ONE)
    for text in ("b10-c9", "f4-e3"):
        game.play(text)
    assert game.winner == "y"
    analysis = Review(game, 60, deep=0, rollouts=4).finish()
    assert not any("roll" in e and e["mover"] == "y" for e in analysis.plies)


def test_rollouts_find_the_same_however_sliced_stopped_and_resumed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _long_game(seed=13, plies=20)
    monkeypatch.setattr(module, "ROLL_SLICE_S", None)
    whole = Review(game, 40, deep=0, rollouts=3)
    steps_whole = 0
    while not whole.done:
        whole.step()
        steps_whole += 1
    assert any("roll" in e for e in whole.analysis().plies)
    monkeypatch.setattr(module, "ROLL_SLICE_S", 1e-6)  # a ply or so a step
    sliced = Review(game, 40, deep=0, rollouts=3)
    steps = 0
    stopped: Analysis | None = None
    while not sliced.done:
        sliced.step()
        steps += 1
        if (
            stopped is None
            and sliced._rolling is not None
            and any("roll" in e for e in sliced.analysis().plies)
        ):
            stopped = sliced.analysis()  # in the middle of a move's rollouts
    assert sliced.analysis() == whole.analysis() and steps > steps_whole
    assert stopped is not None and not stopped.complete
    saved = Analysis.from_data(json.loads(json.dumps(stopped.to_data())), game)
    assert Review(game, 40, resume=saved, deep=0, rollouts=3).finish() == whole.analysis()
    with pytest.raises(AnalysisError, match="played out"):
        Review(game, 40, resume=saved, deep=0, rollouts=5)


def test_a_damaged_rollout_is_refused() -> None:
    game = _long_game(seed=13, plies=20)
    data = Review(game, 40, deep=0, rollouts=2).finish().to_data()
    k = next(e["ply"] for e in data["plies"] if "roll" in e)
    for value in ("lots", {"n": 0}, {"n": 2, "gain": 3.0, "low": 0.0, "loss": 0.0}):
        bad = json.loads(json.dumps(data))
        bad["plies"][k]["roll"] = value
        with pytest.raises(AnalysisError, match="rollouts"):
            Analysis.from_data(bad, game)
