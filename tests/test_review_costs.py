"""The review's last stage (derive/ai/review.py ``Review._cost``): every costly move costed
again like for like, the position after its better move against the position after the
move played, each searched at the review's budget; stopped and resumed without changing
what it finds."""

from __future__ import annotations

import json

import pytest

from derive import Game
from derive.ai import review as module
from derive.ai.review import (
    CERTAIN,
    COSTLY,
    Analysis,
    AnalysisError,
    Review,
    mark_of,
    search_position,
)
from derive.notation import REROLL, Move
from tests.helpers import random_game


@pytest.fixture(autouse=True)
def _short(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short play-outs: what is tested here is the last stage, not the rollouts."""
    monkeypatch.setattr(module, "ROLL_PLIES", 3)


def _game(seed: int, plies: int = 30) -> Game:
    return random_game(plies, seed, "ry", "L2", start="r", max_plies=200)


def _after_better(game: Game, ply: int, better: str, mover: str, budget: int) -> float:
    """The mover's chance after ``better`` from the position before move ``ply``, worked
    out here apart from the review (a re-roll: the mean over its six results)."""
    before = Game.from_record(game.record())
    while len(before.moves) > ply - 1:
        before.undo()
    move = Move.parse(better)
    results = [move.unresolved._replace(value=r) for r in range(1, 7)]
    chances = []
    for each in results if move.kind == REROLL else [move]:
        after = before.copy()
        after.push(each)
        chances.append(search_position(after, budget).chances[mover])
    return sum(chances) / len(chances)


@pytest.mark.parametrize("seed", [12, 21])
def test_every_costly_move_is_costed_again_like_for_like(seed: int) -> None:
    game = _game(seed)
    whole = Review(game, 60, deep=0, rollouts=4).finish()
    passes = Review(game, 60, deep=0, rollouts=4, like=False).finish()
    costed = 0
    for entry, said in zip(whole.plies[1:], passes.plies[1:], strict=True):
        k, mover = entry["ply"], entry["mover"]
        reason = said.get("reason") or {}
        known = (
            "proof" in said
            or "proof" in passes.plies[k - 1]
            or reason.get("code") in CERTAIN
            or (k == len(game.moves) and game.is_over)
        )
        if said["loss"] < COSTLY or passes.better(k) is None or known:
            assert "like" not in entry and entry == said, k  # left as the passes said
            continue
        costed += 1
        like = entry["like"]
        # What it replaced is kept; what the first pass said is too.
        assert (like["loss"], like["label"], like["reason"]) == (
            said["loss"],
            said["label"],
            said["reason"],
        )
        assert entry["first"] == said.get("first", {"loss": said["loss"], "label": said["label"]})
        assert entry["better"] == passes.better(k) != entry["move"]
        # The rule: the chance after the better move less after the move played.
        assert like["after"] == round(_after_better(game, k, entry["better"], mover, 60), 4)
        played = entry["chances"][mover] - (entry["luck"] or 0.0)
        # Never above what the passes said (their loss, kept in "like").
        cost = min(1.0, like["after"] - played, like["loss"])
        assert entry["loss"] == round(max(0.0, cost), 4)
        assert entry["loss"] <= said["loss"]
        vetoed = "roll" in entry and entry["roll"]["low"] <= 0
        assert entry["label"] == (None if vetoed else mark_of(entry["loss"], 2))
        assert (entry["reason"] is not None) == (entry["label"] is not None)
    assert costed >= 3
    # The graph's figures are the first pass's.
    assert [e["chances"] for e in whole.plies] == [e["chances"] for e in passes.plies]
    assert Analysis.from_data(json.loads(json.dumps(whole.to_data())), game) == whole


def test_the_costs_are_the_same_however_stopped_and_resumed() -> None:
    game = _game(12)
    whole = Review(game, 60, deep=0, rollouts=2)
    whole.finish()
    assert whole.progress()[0] == whole.progress()[1]  # the bar ends full
    review = Review(game, 60, deep=0, rollouts=2)
    stopped: Analysis | None = None
    while not review.done:
        review.step()
        plies = review.analysis().plies
        if stopped is None and review.stage == "costs" and any("like" in e for e in plies):
            stopped = review.analysis()  # some moves costed again, others not yet
    assert review.analysis() == whole.analysis()
    assert stopped is not None and not stopped.complete
    assert any("like" not in e for e in stopped.plies if "like" in whole.analysis().plies[e["ply"]])
    saved = Analysis.from_data(json.loads(json.dumps(stopped.to_data())), game)
    resumed = Review(game, 60, resume=saved, deep=0, rollouts=2)
    assert resumed.stage == "costs"
    assert resumed.finish() == whole.analysis()


def test_a_damaged_like_for_like_cost_is_refused() -> None:
    game = _game(12)
    data = Review(game, 60, deep=0, rollouts=0).finish().to_data()
    k = next(e["ply"] for e in data["plies"] if "like" in e)
    for value in ("lots", {"after": 2.0, "loss": 0.1}, {"after": 0.5, "loss": 0.1, "label": "x"}):
        bad = json.loads(json.dumps(data))
        bad["plies"][k]["like"] = value
        with pytest.raises(AnalysisError, match="like-for-like"):
            Analysis.from_data(bad, game)
