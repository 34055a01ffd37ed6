"""The post-game review (derive/ai/review.py): judgements, luck, data, records."""

from __future__ import annotations

import copy
import json
import random
from typing import Any, cast

import pytest

from derive import Game
from derive.ai import review as review_module
from derive.ai.evaluate import evaluate
from derive.ai.facts import facts
from derive.ai.review import (
    DEEP_BUDGET,
    DEEP_PER_SIDE,
    FORMAT,
    LUCK,
    THRESHOLDS,
    VERSION,
    Analysis,
    AnalysisError,
    Review,
    accuracy,
    after_forced,
    let_mark,
    load_analysis,
    many_chances,
    mark_of,
    reason,
    search_position,
    settled,
    swing,
    turn,
    weighed,
    win_chance,
)
from derive.ai.threat import IN_TWO, danger, lets_in_three, level, lost, within
from derive.arena import Player
from derive.notation import Move
from derive.puzzles import forces_win
from tests.helpers import IN_THREE, MISSED_IN_TWO, random_game

BUDGET = 300
"""Small, to keep the tests quick: the judgements below hold at it."""

WIN_IN_ONE = "r1b10,r2a9,r3c7,y1c1,y2d2,y3f4 r ry L2"
"""Red wins at once with c7-b8 (completes b8-a9-b10); any other move lets yellow
win at once with f4-e3."""

REROLL = "r2e1,y2g5,r1f6,y1f8 r ry L1"
"""Red's best move is to re-roll f6: a 1 or a 2 leave it much worse off than the mean."""


OFFERS_A_CAPTURE = (
    "r5a1,y5c1,r1e1,r2d2,y3f2,r2h2,y4c3,r1i3,y6f4,y2b6,y2d6,y1h6,r3c7,r3i7,r4h8,y3j8,y2c9,"
    "y3e9,r5i9,r6j10 r ry L3"
)
"""Red, well ahead, steps i3-g5: Yellow must take it (h6xg5: in L3 a die that can capture
must) and Red is as far ahead after.  From a seeded game (the review bench's seed 4008,
game 7, ply 128), where the step was judged a blunder."""


def _played(position: str, *moves: str) -> Game:
    game = Game.from_position(position)
    for move in moves:
        game.play(move)
    return game


def _review(game: Game) -> Analysis:
    """The first pass alone: what most tests here are about."""
    return Review(game, BUDGET, deep=0).finish()


def test_a_missed_win_is_a_blunder_with_its_reason() -> None:
    game = Game.from_position(WIN_IN_ONE)
    slow = "b10-c9"
    game.play(slow)
    analysis = _review(game)
    first = analysis.plies[1]
    assert analysis.plies[0]["best"] == "c7-b8"
    assert analysis.plies[0]["chances"] == {"r": 1.0, "y": 0.0}
    assert first["move"] == slow and first["mover"] == "r"
    assert first["label"] == "blunder"
    assert first["reason"] == {
        "code": "misses_win",
        "move": "c7-b8",
        "does": [
            {"fact": "step", "from": "c7", "to": "b8", "rows": 1},
            {"fact": "wins", "chain": ["b8", "a9", "b10"], "goal": 3},
        ],
    }
    assert analysis.summary()["r"]["blunder"] == 1
    assert analysis.summary()["r"]["turning_point"] == 1
    assert analysis.turning_point() == 1


@pytest.mark.parametrize(
    ("position", "played", "better", "code"),
    [
        # j4-h6 leaves the 2 open to g5's 1 and i5's 3; e1-g3 leaves nothing open
        (
            "r2a1,r2c1,r6e1,r1i1,r3f2,r1d4,y2h4,r2j4,y1g5,y3i5,y1d10,y1f10 r ry L2",
            "j4-h6",
            "e1-g3",
            "exposes",
        ),
        # b4xa5 leaves the 1 on a5 open, but b4-d6 leaves its own 2 open on d6 (four
        # players, from an arena game): not why the better move is better
        (
            "g4a3,b4c3,b4e3,y2b4,b1a5,y1c5,g2b6,b2j6,r2e7,r1f8,y3h8,g1j8,y1d10,r2j10 y rbyg L2",
            "b4xa5",
            "b4-d6",
            "better",
        ),
    ],
)
def test_a_die_left_open_is_the_reason_only_where_the_better_move_leaves_none(
    position: str, played: str, better: str, code: str
) -> None:
    before = Game.from_position(position)
    after = before.copy()
    after.play(played)
    mover = before.seating.team_of(before.to_move)
    assert reason(before, after, mover, better, None)["code"] == code


HANGING = "r1e5,r1a1,y3e7,y1j10 r ry L2"
"""Red's 1 on e5: next to yellow's 3 on e7 (from d6 or f6) it can be taken."""


def test_a_die_left_capturable_is_marked_with_the_capture_it_allows() -> None:
    hung = _review(_played(HANGING, "e5-d6")).plies[1]
    assert hung["label"] in ("inaccuracy", "mistake", "blunder")
    reason = hung["reason"]
    assert reason["code"] == "allows_capture" and reason["move"] == "e7xd6"
    assert reason["colour"] == "y"
    assert reason["taken"] == {"square": "d6", "colour": "r", "value": 1}
    assert reason["does"] and reason["does"][0]["fact"] in ("step", "enter", "adjust")
    # Stepping where no die can take it costs less, and for no capture (entering a die
    # was better still: an inaccuracy by lichess's lines).
    safe = _review(_played(HANGING, "e5-d4")).plies[1]
    assert safe["label"] in (None, "inaccuracy") and safe["loss"] < hung["loss"]
    assert (safe["reason"] or {}).get("code") != "allows_capture"


def test_the_best_move_is_not_marked() -> None:
    analysis = _review(_played(WIN_IN_ONE, "c7-b8"))
    last = analysis.plies[1]
    assert last["loss"] == 0.0 and last["label"] is None and last["reason"] is None
    assert last["chances"] == {"r": 1.0, "y": 0.0} and last["best"] is None
    assert analysis.complete
    assert analysis.summary()["r"] == {
        "blunder": 0,
        "mistake": 0,
        "inaccuracy": 0,
        "lucky": 0,
        "unlucky": 0,
        "turning_point": None,
    }


def test_a_position_with_one_legal_move_is_worth_what_that_move_leads_to() -> None:
    forced = _played(OFFERS_A_CAPTURE, "i3-g5")
    assert [str(m) for m in forced.legal_moves()] == ["h6xg5"]
    ((after, weight),) = after_forced(forced)
    assert weight == 1.0 and str(after.moves[-1]) == "h6xg5"
    judged = search_position(forced)
    assert judged.best == "h6xg5"
    assert judged.chances == search_position(after).chances
    assert judged.chances["r"] > 0.8 and judged.score is not None and judged.score < -10
    # So offering the capture is no mistake, and taking it (the only move) neither.
    analysis = _review(_played(OFFERS_A_CAPTURE, "i3-g5", "h6xg5"))
    assert [e["label"] for e in analysis.plies[1:]] == [None, None]
    assert analysis.plies[1]["loss"] < 0.1
    # A choice is judged as it stands.
    free = Game.from_position(OFFERS_A_CAPTURE)
    assert after_forced(free) == [(free, 1.0)]


class _ForcedReroll:
    """A position whose one legal move is a re-roll, then a choice: rare in play (none in
    3,000 random games), so a stand-in with what ``after_forced`` reads of a game."""

    is_over = False

    def __init__(self, rolled: int | None = None) -> None:
        self.rolled = rolled

    def legal_moves(self) -> tuple[Move, ...]:
        if self.rolled is None:
            return (Move.parse("e1?"),)
        return (Move.parse("e1-d2"), Move.parse("e1-f2"))

    def copy(self) -> _ForcedReroll:
        return _ForcedReroll(self.rolled)

    def push(self, move: Move) -> None:
        self.rolled = move.value


def test_a_forced_reroll_is_judged_by_its_six_results_alike() -> None:
    branches = after_forced(cast(Game, _ForcedReroll()))
    assert [cast(_ForcedReroll, here).rolled for here, _ in branches] == [1, 2, 3, 4, 5, 6]
    assert [weight for _, weight in branches] == [pytest.approx(1 / 6)] * 6


def test_chances_sum_to_one_and_follow_the_score() -> None:
    analysis = _review(Game.new("ry", "L2", seed=4, start="r", max_plies=6))
    for entry in analysis.plies:
        assert sum(entry["chances"].values()) == pytest.approx(1.0, abs=1e-3)
    assert win_chance(0.0) == 0.5
    assert win_chance(3.0) > 0.5 > win_chance(-3.0)
    assert win_chance(200_000.0) == 1.0


def _rerolled(result: int) -> Game:
    return _played(REROLL, f"f6?{result}")


def test_bad_luck_on_a_reroll_is_not_a_mistake() -> None:
    unlucky, lucky = _review(_rerolled(1)), _review(_rerolled(6))
    assert unlucky.plies[0]["best"] == "f6?"
    roll = unlucky.plies[1]
    assert roll["move"] == "f6?1"
    assert roll["luck"] is not None and roll["luck"] <= -LUCK
    assert roll["luck_label"] == "unlucky"
    assert roll["label"] is None and roll["loss"] == 0.0
    # Judged by its result, the same roll would have lost that much.
    actual = roll["chances"]["r"]
    assert unlucky.plies[0]["chances"]["r"] - actual >= 0.10
    assert lucky.plies[1]["luck"] > 0 and lucky.plies[1]["label"] is None
    # Luck is counted apart, and bad luck can be the turning point: it is listed.
    assert unlucky.summary()["r"]["unlucky"] == 1
    assert lucky.summary()["r"]["lucky"] == int(lucky.plies[1]["luck_label"] == "lucky")
    assert unlucky.summary()["r"]["turning_point"] == 1
    assert lucky.summary()["r"]["turning_point"] is None
    # Both rolls are judged by the same mean: only the luck differs.
    assert roll["chances"]["r"] - roll["luck"] == pytest.approx(
        lucky.plies[1]["chances"]["r"] - lucky.plies[1]["luck"], abs=1e-3
    )


def _game() -> Game:
    game = Game.new("ry", "L2", seed=9, start="r", max_plies=200)
    for text in ("+b10", "+i1", "b10-c9", "i1?", "+b10"):
        legal = {str(m) for m in game.legal_moves()}
        game.play(text if text in legal else str(game.legal_moves()[0]))
    return game


def test_stop_and_resume_give_the_same_result_as_one_run() -> None:
    game = _game()
    whole = Review(game, BUDGET).finish()
    review = Review(game, BUDGET)
    seen = [review.progress()]
    for _ in range(3):
        seen.append(review.step())
    assert [done for done, _ in seen] == [0, 1, 2, 3]
    partial = review.analysis()
    # Stopped: a new review goes on from the saved part, even through JSON.
    saved = Analysis.from_data(json.loads(json.dumps(partial.to_data())), game)
    resumed = Review(game, BUDGET, resume=saved)
    assert resumed.progress() == (seen[-1][0] - _pending(partial, review), seen[-1][1])
    assert resumed.finish().to_data() == whole.to_data()
    assert review.finish().to_data() == whole.to_data()
    assert len(whole.plies) == len(game.moves) + 1


def _pending(partial: Analysis, review: Review) -> int:
    """Searches done but not yet in the analysis (a re-roll's results under way)."""
    return review.progress()[0] - sum(
        1 + (5 if e.get("move", "").count("?") else 0) for e in partial.plies
    )


def test_the_turning_point_is_a_move_the_list_shows() -> None:
    for game in (_game(), _played(SLOW_LOSS, *SLOW_LOSS_MOVES), _played(HANGING, "e5-d6")):
        analysis = _review(game)
        for side, found in analysis.summary().items():
            ply = found["turning_point"]
            listed = [
                e["ply"]
                for e in analysis.plies
                if e.get("mover") == side and (e["label"] or e["luck_label"] == "unlucky")
            ]
            assert (ply is None) == (not listed)
            if ply is not None:
                assert ply in listed
                assert turn(analysis.plies[ply]) == max(turn(analysis.plies[k]) for k in listed)
        # Unjudged moves lose a little too, but never make the turning point.
        quiet = [e for e in analysis.plies if "mover" in e and not e["label"]]
        assert all(swing(e) == 0 for e in quiet if e["luck_label"] != "unlucky")


def test_a_win_let_through_is_the_turning_point_over_a_larger_estimated_fall() -> None:
    game = _played(*IN_THREE)
    analysis = Review(game, deep=0, rollouts=0, like=False).finish()
    blunder = analysis.plies[1]
    assert blunder["label"] == "blunder" and blunder["reason"]["code"] == "allows_forced_win"
    # An earlier inaccuracy that the searches said cost more (as at move 35 of the game).
    earlier = copy.deepcopy(analysis.plies)
    fall = dict(earlier[1], loss=round(blunder["loss"] + 0.12, 4), label="inaccuracy")
    fall["reason"] = None
    plies = [earlier[0], fall, *earlier[1:]]
    for k, entry in enumerate(plies):
        entry["ply"] = k
    made = Analysis(analysis.budget, plies)
    assert swing(made.plies[1]) > swing(made.plies[2])
    assert made.summary()["y"]["turning_point"] == 2 and made.turning_point() == 2
    assert turn(made.plies[2]) > turn(made.plies[1])


def test_round_trip_through_data_and_record() -> None:
    game = _game()
    analysis = _review(game)
    data = analysis.to_data()
    assert data["format"] == FORMAT and data["version"] == VERSION and data["budget"] == BUDGET
    assert Analysis.from_data(json.loads(json.dumps(data)), game) == analysis
    record = game.record()
    record["analysis"] = data
    text = json.dumps(record)
    loaded = Game.from_record(json.loads(text))
    assert [str(m) for m in loaded.moves] == [str(m) for m in game.moves]
    assert load_analysis(json.loads(text), loaded) == (analysis, None)
    assert load_analysis(game.record(), loaded) == (None, None)


def _bad(data: dict[str, Any]) -> list[tuple[Any, str]]:
    moved = copy.deepcopy(data)
    moved["plies"][2]["move"] = "a1-a2"
    longer = copy.deepcopy(data)
    longer["plies"].append(dict(longer["plies"][-1], ply=len(longer["plies"])))
    chances = copy.deepcopy(data)
    chances["plies"][1]["chances"] = {"r": 0.5, "b": 0.5}
    label = copy.deepcopy(data)
    label["plies"][1]["label"] = "catastrophe"
    deep: Any = []
    for _ in range(100):
        deep = [deep]
    return [
        ("nonsense", "not a Dérive analysis"),
        ({**data, "format": "derive-record"}, "not a Dérive analysis"),
        ({**data, "version": VERSION + 1}, "version"),
        ({**data, "budget": "lots"}, "budget"),
        ({**data, "plies": {}}, "should be a list"),
        ({**data, "plies": deep}, "nested too deeply"),
        ({**data, "plies": [0] * 200_000}, "too many values"),
        (moved, "another move"),
        (longer, "another game"),
        (chances, "players"),
        (label, "judgement"),
    ]


def test_bad_or_foreign_analysis_is_reported_and_dropped_the_game_kept() -> None:
    game = _game()
    data = _review(game).to_data()
    for bad, message in _bad(data):
        with pytest.raises(AnalysisError, match=message):
            Analysis.from_data(bad, game)
        record = {**game.record(), "analysis": bad}
        loaded = Game.from_record(record)  # the game is kept whatever the analysis
        assert [str(m) for m in loaded.moves] == [str(m) for m in game.moves]
        analysis, problem = load_analysis(record, loaded)
        assert analysis is None and problem is not None and message in problem
    other = Game.from_position(WIN_IN_ONE)
    other.play("c7-b8")
    with pytest.raises(AnalysisError):
        Analysis.from_data(data, other)


def test_a_huge_analysis_does_not_cost_the_game() -> None:
    game = _game()
    record = {**game.record(), "analysis": {"plies": [{"x": 1}] * 30_000}}
    loaded = Game.from_record(record)
    assert load_analysis(record, loaded)[1] is not None


@pytest.mark.parametrize("seats", ["rby", "ry/bg"])
def test_three_players_and_teams_get_a_chance_per_side(seats: str) -> None:
    game = Game.new(seats, "L2", seed=2, max_plies=200)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    analysis = Review(game, 100).finish()
    assert len(analysis.plies) == 5
    for entry in analysis.plies:
        assert set(entry["chances"]) == set(game.sides)
        assert sum(entry["chances"].values()) == pytest.approx(1.0, abs=1e-3)
    assert Analysis.from_data(analysis.to_data(), game) == analysis
    assert set(analysis.summary()) <= set(game.sides)


SLOW_LOSS = "r1g1,y3h2,y4e5,y2f6,r5e7,r3g9,y1d10,y1f10,r2h10 y ry L2"
"""The last plies of an arena game (medium red against easy yellow): yellow's h2-g3
lets red force the win with e7- three plies later, beyond the search's horizon."""
SLOW_LOSS_MOVES = ("f6-d4", "g1?4", "h2-g3", "g1-h2", "g3-i1", "e7-", "e5-f4", "e7-f8")


def test_a_win_proven_later_marks_the_move_that_let_it_happen() -> None:
    game = _played(SLOW_LOSS, *SLOW_LOSS_MOVES)
    assert game.winner == "r"
    plies = _review(game).plies
    culprit = plies[3]
    assert culprit["move"] == "h2-g3" and culprit["mover"] == "y"
    # The searches, the win carried back, marked h2-g3 for it ("hold" keeps what they
    # said); the check of every move found that each of Yellow's 26 moves there let Red
    # win in two, so h2-g3 lost nothing and is not marked.
    said = culprit["hold"]
    assert said["label"] in ("mistake", "blunder")
    assert said["reason"]["code"] == "allows_forced_win"
    assert said["reason"]["move"] == "e7-" and said["reason"]["colour"] == "r"
    assert said["reason"]["does"][0]["fact"] in ("step", "jump", "adjust", "reroll")
    assert said["held"] == 0 and culprit["label"] is None and culprit["loss"] == 0.0
    # The positions after it are Red's, proven at ply 6 (the game's end carried back), and
    # so is the one before it, proven there by the check.
    assert all(plies[k]["chances"] == {"r": 1.0, "y": 0.0} for k in range(2, 9))
    assert [plies[k].get("proof") for k in range(2, 6)] == [2, 6, 6, 6]
    # The winner's moves, and yellow's own best moves inside the lost line, are not marked.
    assert [plies[k]["label"] for k in (4, 5, 6, 7, 8)] == [None] * 5
    # Yellow's f6-d4 let Red a win in two through (e7-f8 or e7-), as every move of
    # Yellow's would have, and Red's re-roll missed it: marked for that, not f6-d4.
    assert plies[1]["label"] is None and plies[1]["chances"] == {"r": 1.0, "y": 0.0}
    missed = plies[2]["reason"]
    assert (
        missed["code"] == "misses_win" and missed["in"] == 2 and missed["move"] in ("e7-f8", "e7-")
    )


def test_a_carried_back_win_is_the_same_after_stop_and_resume() -> None:
    game = _played(SLOW_LOSS, *SLOW_LOSS_MOVES)
    whole = Review(game, BUDGET).finish()  # the second pass too: it looks at ply 3 again
    first = Review(game, BUDGET)
    for _ in range(5):
        first.step()
    partial = Analysis.from_data(json.loads(json.dumps(first.analysis().to_data())), game)
    resumed = Review(game, BUDGET, resume=partial).finish()
    assert resumed.to_data() == whole.to_data()
    assert Analysis.from_data(whole.to_data(), game).plies == whole.plies


def test_a_damaged_proof_is_refused() -> None:
    game = _played(SLOW_LOSS, *SLOW_LOSS_MOVES)
    data = copy.deepcopy(_review(game).to_data())
    data["plies"][3]["proof"] = 2
    with pytest.raises(AnalysisError):
        Analysis.from_data(data, game)


def _follow(review: Review, game: Game) -> tuple[Analysis, list[int]]:
    """What a page keeps from a review's ``changes()`` answers, one search a time, and
    where each answer started."""
    kept, starts = Analysis(BUDGET), []
    while not review.done:
        review.step()
        start, plies = review.changes()
        kept = kept.with_tail(start, json.loads(json.dumps(plies)), game)
        starts.append(start)
    return kept, starts


def test_the_changes_rebuild_the_analysis_even_when_a_win_rewrites_earlier_plies() -> None:
    game = _played(SLOW_LOSS, *SLOW_LOSS_MOVES)
    kept, starts = _follow(Review(game, BUDGET), game)
    assert kept == Review(game, BUDGET).finish()
    # The proof at ply 6 rewrote plies 3-5: the answer that brought ply 6 went back
    # to 3; every other answer of the first pass started where the one before ended.
    assert 3 in starts[starts.index(5) + 1 :] and 6 not in starts
    first = starts[: starts.index(len(kept.plies) - 1) + 1]
    assert [s for s in first if s != 3] == sorted(s for s in first if s != 3)
    # The check marked Red's re-roll at ply 2 for the win it missed, and the last
    # answer, which settles the review, proved the positions before it: the start too,
    # where each of Yellow's moves let Red win in two.
    assert 2 in starts[len(first) :] and starts[-1] == 0
    assert kept.plies[-1]["settled"] is True


def test_the_changes_go_on_from_a_resumed_analysis() -> None:
    game = _game()
    whole = _review(game)
    partial = Analysis(BUDGET, [dict(e) for e in whole.plies[:2]])
    review = Review(game, BUDGET, resume=partial)
    assert review.changes() == (2, [])  # the asker has those already
    kept = partial
    while not review.done:
        review.step()
        kept = kept.with_tail(*review.changes(), game)
    assert kept == whole


def test_a_bad_tail_is_refused_and_the_known_plies_stay() -> None:
    game = _game()
    whole = _review(game)
    known = Analysis(BUDGET, [dict(e) for e in whole.plies[:3]])
    tail = copy.deepcopy(whole.plies[3:])
    assert known.with_tail(3, tail, game) == whole
    assert known.with_tail(1, copy.deepcopy(whole.plies[1:]), game) == whole
    moved = copy.deepcopy(tail)
    moved[0]["move"] = "a1-a2"
    shifted = copy.deepcopy(whole.plies[2:-1])
    longer = [*copy.deepcopy(tail), dict(tail[-1], ply=len(whole.plies))]
    for start, bad, message in (
        (3, moved, "another move"),
        (3, shifted, "out of order"),
        (4, tail, "do not follow"),
        (-1, tail, "do not follow"),
        ("3", tail, "do not follow"),
        (3, {"plies": tail}, "should be a list"),
        (3, [0] * 200_000, "too many values"),
        (3, longer, "another game"),
    ):
        with pytest.raises(AnalysisError, match=message):
            known.with_tail(start, bad, game)
    assert known.plies == whole.plies[:3]


def test_the_second_pass_looks_again_at_the_move_into_a_proven_loss() -> None:
    game = _played(SLOW_LOSS, *SLOW_LOSS_MOVES)
    entry = Review(game, BUDGET).finish().plies[3]
    assert entry["move"] == "h2-g3" and entry["deep"] and entry["proof"] == 6
    assert entry["chances"] == {"r": 1.0, "y": 0.0}
    # What the second pass said, before the check found that no move held ("hold").
    said = entry["hold"]
    assert said["label"] in ("mistake", "blunder") and entry["label"] is None
    reason = said["reason"]
    assert reason["code"] == "allows_forced_win" and reason["move"] == "e7-"
    assert reason["colour"] == "r" and reason["does"][0]["from"] == "h2"
    assert entry["better"] == "h2-i1"


def test_an_analysis_kept_by_an_older_version_is_made_again() -> None:
    # Marked by other thresholds (version 10 and older), each earlier change in it too:
    # read as none, the game reviewed again.  One of this version is read as it is.
    game = _played(HANGING, "e5-d6")
    data = _review(game).to_data()
    for version in range(1, VERSION):
        assert Analysis.from_data({**data, "version": version}, game).plies == []
    assert Analysis.from_data(copy.deepcopy(data), game).plies == data["plies"]
    with pytest.raises(AnalysisError, match="version"):
        Analysis.from_data({**data, "version": VERSION + 1}, game)


BLOCK = "r1a1,y3c1,r1g1,r2b2,y2d2,y1b4,r3e5,r3h6,r2h8,y3j8,y5b10,y1f10,y1h10 r ry L2"
"""The end of an arena game (easy red against medium yellow): red's e5+ lets yellow win
at once with b4-c3, which b2-c3 would have blocked.  The first pass sees red nearly
lost anyway (its chance 14%: by its cost alone, a mistake); looked at deeper,
blocking keeps 22%.  Either way a win let through is a blunder (``settled``)."""


def test_the_second_pass_marks_the_move_that_let_the_win_through() -> None:
    game = _played(BLOCK, "e5+", "b4-c3")
    first = Review(game, deep=0).finish().plies[1]
    assert mark_of(first["loss"], 2) == "mistake" and "deep" not in first
    assert first["label"] == "blunder" and first["reason"]["code"] == "allows_win"
    analysis = Review(game).finish()
    entry = analysis.plies[1]
    assert entry["label"] == "blunder" and entry["loss"] > first["loss"]
    assert mark_of(entry["loss"], 2) == "blunder"
    assert entry["first"] == {"loss": first["loss"], "label": "blunder"}
    assert entry["deep"] == DEEP_BUDGET and entry["better"] == "b2-c3"
    assert entry["reason"]["code"] == "allows_win" and entry["reason"]["colour"] == "y"
    assert {"fact": "stops_win", "colours": ["y"]} in entry["reason"]["does"]
    # The positions' figures (the graph) stay the first pass's.
    assert [e["chances"] for e in analysis.plies] == [
        e["chances"] for e in Review(game, deep=0).finish().plies
    ]
    assert Analysis.from_data(json.loads(json.dumps(analysis.to_data())), game) == analysis


def test_a_win_let_through_is_graded_by_how_lost_its_mover_was_once_it_costs_a_mark() -> None:
    let = {"code": "allows_win", "move": "b4-c3", "colour": "y"}
    # One rule with the check of every move (``let_mark``): a blunder from 7%, a mistake
    # from 2.5%, never less than its cost earned.
    assert settled("inaccuracy", let, 0.30, 2) == "blunder"
    assert settled("mistake", {"code": "allows_forced_win", "move": "b4-c3"}, 0.08, 2) == "blunder"
    assert settled("inaccuracy", let, 0.05, 2) == "mistake"
    assert settled("inaccuracy", let, 0.01, 2) == "inaccuracy"
    assert settled("blunder", let, 0.01, 2) == "blunder"
    assert settled("inaccuracy", let, 0.05, 2) == let_mark(0.05, 2)
    # Already lost (no mark by its cost): nothing to raise.
    assert settled(None, let, 0.30, 2) is None
    # Other reasons keep the mark their cost earned; a missed win among them.
    assert settled("inaccuracy", {"code": "misses_win", "move": "b4-c3"}, 0.30, 2) == "inaccuracy"
    assert settled("mistake", {"code": "exposes", "squares": ["b4"]}, 0.30, 2) == "mistake"
    assert settled("inaccuracy", None, 0.30, 2) == "inaccuracy"


def _long_game() -> Game:
    game = random_game(30, 12, "ry", "L2", start="r", max_plies=200)
    return game


def test_the_second_pass_looks_again_at_a_few_moves_of_each_side_and_resumes() -> None:
    game = _long_game()
    whole = Review(game, 60, deep=200).finish()
    again = [e for e in whole.plies if "deep" in e]
    for side in game.sides:
        looked = [e for e in again if e["mover"] == side]
        assert 1 <= len(looked) <= DEEP_PER_SIDE
    # Each its first judgement kept, and the better move it names legal there.
    for entry in again:
        assert set(entry["first"]) == {"loss", "label"}
        before = _played(game.start_position, *[str(m) for m in game.moves[: entry["ply"] - 1]])
        assert entry["better"] in {str(m) for m in before.legal_moves()} | {
            str(m.unresolved) for m in before.legal_moves()
        }
    # Stopped anywhere, the second pass included, and resumed: the same review.
    review = Review(game, 60, deep=200)
    total = review.progress()[1]
    while review.progress()[0] < total - 3:
        review.step()
    partial = Analysis.from_data(json.loads(json.dumps(review.analysis().to_data())), game)
    assert any("deep" in e for e in partial.plies)
    assert Review(game, 60, resume=partial, deep=200).finish() == whole
    kept, _ = _follow(Review(game, 60, deep=200), game)
    assert kept.plies == whole.plies
    with pytest.raises(AnalysisError, match="deeper"):
        Review(game, 60, resume=partial, deep=300)


def test_a_damaged_second_look_is_refused() -> None:
    game = _played(BLOCK, "e5+", "b4-c3")
    data = Review(game).finish().to_data()
    for key, value in (
        ("deep", "lots"),
        ("better", 3),
        ("first", {"loss": 2.0}),
        ("settled", "yes"),
    ):
        bad = copy.deepcopy(data)
        bad["plies"][1][key] = value
        with pytest.raises(AnalysisError):
            Analysis.from_data(bad, game)


def test_the_second_pass_finds_the_same_however_thinly_it_is_sliced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from derive.ai import review as module

    game = _long_game()
    monkeypatch.setattr(module, "DEEP_SLICE_S", None)  # each search whole in one step
    whole = Review(game, 60, deep=400)
    steps_whole = 0
    while not whole.done:
        whole.step()
        steps_whole += 1
    monkeypatch.setattr(module, "DEEP_SLICE_S", 1e-6)  # a few nodes a step
    sliced = Review(game, 60, deep=400)
    steps_sliced = 0
    while not sliced.done:
        sliced.step()
        steps_sliced += 1
    assert sliced.analysis() == whole.analysis()
    assert any("deep" in e for e in whole.analysis().plies)
    assert steps_sliced > steps_whole  # really in slices


def _seeded(seats: str, plies: int, seed: int) -> Game:
    game = Game.new(seats, "L2", seed=seed, max_plies=200)
    rng = random.Random(seed)
    while game.ply < plies and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_each_sides_chance_generalises_the_two_sided_curve() -> None:
    # With two sides, the softmax of how each stands after the best move is the curve
    # of the difference: three or four sides use the same scale, nothing refitted.
    game = _seeded("ry", 12, 3)
    best = Move.parse(search_position(game, BUDGET).best or "")
    after = game.copy()
    after.push(best)
    standing = evaluate(after)
    chances = many_chances(game, best)
    assert chances["r"] == pytest.approx(win_chance(standing["r"] - standing["y"]))
    assert sum(chances.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("seats", ["rby", "rbyg"])
def test_with_three_or_four_sides_each_side_has_its_own_chance(seats: str) -> None:
    game = _seeded(seats, 24, 5)
    found = search_position(game, BUDGET)
    assert found.best is not None
    after = game.copy()
    after.push(Move.parse(found.best))
    standing = evaluate(after)
    # Not the mover's chance and an even share of the rest: each side as it stands.
    by_standing = sorted(game.sides, key=lambda s: standing[s])
    assert sorted(game.sides, key=lambda s: found.chances[s]) == by_standing
    others = [found.chances[s] for s in game.sides if s != game.seating.team_of(game.to_move)]
    assert max(others) - min(others) > 0.01
    assert sum(found.chances.values()) == pytest.approx(1.0, abs=1e-3)


def test_a_loss_among_three_or_four_counts_as_in_a_game_of_two() -> None:
    assert weighed(0.10, 2) == pytest.approx(0.10)
    assert weighed(0.10, 3) == pytest.approx(0.15)
    assert weighed(0.10, 4) == pytest.approx(0.20)
    assert accuracy([0.1], 4) < accuracy([0.1], 3) < accuracy([0.1], 2)  # type: ignore[operator]


def test_a_random_player_of_three_is_judged_below_a_medium_one() -> None:
    # A seeded game of three (medium red, random blue, easy yellow), reviewed by the
    # first pass at the review's own budget: the random player's moves cost it, where
    # each side's chance was its share of what the mover's search left (94 of 95
    # moves of such a game judged at 0, AI.md).
    levels = {"r": "medium", "b": "random", "y": "easy"}
    players = {c: Player.parse(level) for c, level in levels.items()}
    game = Game.new("rby", "L2", seed=5, max_plies=150)
    rng = random.Random(5)
    while not game.is_over:
        move, _ = players[game.to_move].move(game, rng.getrandbits(32))
        game.play(move)
    analysis = Review(game, 600, deep=0, rollouts=0).finish()
    figures = analysis.accuracy()
    assert figures["r"] - figures["b"] >= 10
    marked = [e for e in analysis.plies if e.get("mover") == "b" and e.get("label")]
    assert marked


HOLDS = "r3a1,r4e1,y2i1,y3h2,r3e3,r1d4,y4e5,r2i7,y1b8,y1b10,y2d10,y1h10 r ry L2"
"""A position of seed 4020's held-out L2 game: Red's d4-c5 let Yellow win in two (e5-f4,
c5-d6, f4-g3, as the game went), the search's better move e3-c5 lets it through too, and
five moves hold (``tests/test_answer.py``)."""


def test_the_better_move_of_a_win_let_through_is_one_that_holds() -> None:
    game = Game.from_position(HOLDS)
    for move in ("d4-c5", "e5-f4", "c5-d6", "f4-g3"):
        game.play(move)
    analysis = Review(game).finish()
    entry = analysis.plies[1]
    assert entry["label"] == "blunder" and entry["reason"]["code"] == "allows_forced_win"
    assert entry["hold"]["better"] == "e3-c5" and entry["hold"]["held"] == 5
    better = analysis.better(1)
    before = Game.from_position(HOLDS)
    assert better in ("e1-f2", "e3-d2", "e3-f2", "e3+", "d4-f2")
    assert danger(before, Move.parse(better)) is None
    assert level(danger(before, Move.parse("e3-c5"))) == IN_TWO
    # What the better move does is said of the move now named.
    holds = {"fact": "holds", "colours": ["y"]}  # said of a move that lets none through
    action, *rest = facts(before, Move.parse(better))
    assert entry["reason"]["does"] == [action, holds, *rest]
    # Stopped in the middle of the check's searches (one a step), and resumed: the same.
    review = Review(game)
    while review.stage != "holds":
        review.step()
    review.step()  # the check of ply 1: five moves to search
    review.step()
    stopped = review.analysis()
    assert "hold" not in stopped.plies[1] and not stopped.complete
    assert Review(game, resume=stopped).finish() == analysis
    # Stopped after the mark, the check going on: resumed, the passes before it choose
    # nothing again from the figures the mark changed, and its cost comes as it ends.
    while "hold" not in review.analysis().plies[1]:
        review.step()
    stopped = review.analysis()
    assert not stopped.complete and "loss" not in stopped.plies[1]["hold"]
    resumed = Review(game, resume=stopped)
    assert resumed.stage == "holds" and resumed.finish() == analysis
    assert _follow(Review(game), game)[0].plies == analysis.plies


AT_ONCE_MISSED = ("r2e1,y1i5,y3a7,y2g7,r3f8,r1c9,y1b10,r2d10 y ry L2", "g7-h6", "f8-e9")
"""Seed 4020, game 7 (held out): Yellow's g7-h6 lets Red win at once with f8-e9; g7-e9,
the one move that holds, stops it.  The searches cost it 6 points (an inaccuracy)."""
IN_TWO_MISSED = (
    "r1c1,r1e1,y3f6,r3h6,y2c9,r2g9,y1i9,y6d10,r1f10,y5j10 y ry L2",
    "f6-",
    "h6-g7",
    "c9-b10",
    "g7-f8",
)
"""Game 1: Yellow's f6- lets Red win in two (h6-g7, then f8 whatever Yellow answers);
16 moves hold."""


@pytest.mark.parametrize("line", [AT_ONCE_MISSED, IN_TWO_MISSED])
def test_a_win_let_through_is_marked_by_how_lost_the_mover_was_whatever_it_cost(
    line: tuple[str, ...],
) -> None:
    game = _played(*line)
    analysis = Review(game).finish()
    entry, before = analysis.plies[1], Game.from_position(line[0])
    # What the passes said before the check, kept in "hold": a cost of 6-7 points.
    assert entry["hold"]["loss"] < THRESHOLDS[1][1]
    code = "allows_win" if len(line) == 3 else "allows_forced_win"
    assert entry["reason"]["code"] == code and entry["reason"]["colour"] == "r"
    assert entry["reason"]["move"] == line[2]  # Red's winning move, or the first of two
    chance = analysis.plies[0]["chances"]["y"]
    assert entry["label"] == let_mark(chance, 2)
    assert entry["label"] == ("blunder" if chance >= 0.07 else "mistake")  # 6% and 7%
    assert danger(before, Move.parse(analysis.better(1) or "")) is None
    # It costs what its mover had before it (lichess's mate allowed): more than the
    # searches, which did not see the win, said; they keep theirs in "hold".
    searched = entry["hold"]["loss"]
    assert entry["loss"] == max(searched, round(chance, 4))
    # Red played the win: the positions before and after its move are Red's, and the
    # moves after Yellow's gave nothing away (here the game's end proved it already).
    assert [e["chances"] for e in analysis.plies[1:3]] == [{"r": 1.0, "y": 0.0}] * 2
    assert all(e["loss"] == 0.0 and e["label"] is None for e in analysis.plies[2:4])
    # The winner's moves, which let nothing through, are left as the passes said; the
    # loser's answer inside the lost line, where every move let the win through, is
    # checked and not marked.
    assert all("hold" not in e for e in analysis.plies[2:] if e["mover"] == "r")
    assert all(
        e["hold"]["held"] == 0 and e["label"] is None
        for e in analysis.plies[2:]
        if e["mover"] == "y"
    )


def test_a_forced_win_missed_is_marked_and_the_position_before_it_is_the_winners() -> None:
    game = _played(*MISSED_IN_TWO)
    given = _played(*MISSED_IN_TWO[:2])
    winning = next(m for m in given.legal_moves() if str(m) == "d6-e7")
    assert forces_win(given, winning, "r")
    analysis = Review(game).finish()
    missed = analysis.plies[2]
    assert missed["reason"]["code"] == "misses_win" and missed["reason"]["in"] == 2
    assert missed["reason"]["move"] == "d6-e7" and analysis.better(2) == "d6-e7"
    assert missed["reason"]["does"][1] == {"fact": "forces"}  # said after what it does
    kept = missed["chances"]["r"]  # how won Red stayed after d2-c1, by the search
    assert missed["label"] == _severer_of(missed["hold"]["label"], 1.0 - kept)
    assert missed["loss"] == round(1.0 - kept, 4) > missed["hold"]["loss"]
    # The position Red missed it from is Red's, proven there; Yellow's move into it let
    # the win through and is marked for that.
    assert analysis.plies[1]["chances"] == {"r": 1.0, "y": 0.0}
    assert analysis.plies[1]["proof"] == 1
    assert analysis.plies[1]["reason"]["code"] == "allows_forced_win"
    # Stopped once the miss is marked, the check going on: resumed, the same.
    review = Review(game)
    while review.stage != "holds" or "hold" not in review.analysis().plies[2]:
        review.step()
    stopped = review.analysis()
    assert not stopped.complete
    assert Review(game, resume=stopped).finish() == analysis


SEARCHES_DO_NOT_HOLD = (
    "y3h4,y2g5,r4d6,r2c9,y1b10,r1d10,y6f10,y1h10,y5j10 y ry L2",
    "j10+",
    "d6-c7",
    "j10?5",
)
"""Seed 4019, game 9 (ply 84): after Yellow's j10+ and Red's d6-c7, Yellow is lost; of the moves
that hold, b10-d8 and f10-e9, neither is the searches' choice."""


def _three_named(before: Game, move: str) -> bool:
    """Whether ``move`` from ``before`` lets no win through, at once, in two or in three."""
    named = Move.parse(move)
    if danger(before, named) is not None:
        return False
    return within(lets_in_three(before, named), 10_000) is None


@pytest.mark.parametrize("line", [IN_THREE, SEARCHES_DO_NOT_HOLD])
def test_a_win_in_three_played_after_a_move_marks_it_and_names_a_move_that_holds(
    line: tuple[str, ...],
) -> None:
    game = _played(*line)
    before, there = Game.from_position(line[0]), _played(*line[:3])
    assert level(danger(before, Move.parse(line[1]))) == 0  # no win in two let through
    assert within(lost(there, line[3]), 10_000) is True
    assert within(lets_in_three(before, Move.parse(line[1])), 10_000) == line[2]
    analysis = Review(game, deep=0, rollouts=0, like=False).finish()  # the check alone
    entry = analysis.plies[1]
    assert entry["hold"]["held"] == 1
    assert entry["reason"]["code"] == "allows_forced_win"
    assert entry["reason"]["move"] == line[2] and entry["reason"]["colour"] == "r"
    assert entry["label"] == _severer_of(entry["hold"]["label"], analysis.plies[0]["chances"]["y"])
    better = analysis.better(1)
    assert better is not None and better != line[1] and _three_named(before, better)
    assert {"fact": "holds", "colours": ["r"]} in entry["reason"]["does"]
    assert entry["reason"]["in"] == 3  # the drills check tries against the reply
    # It costs what its mover had before it, where the searches, blind to the win, had
    # it cost next to nothing (0.0 and 0.004): it is among Yellow's costliest moves.
    assert entry["loss"] == round(analysis.plies[0]["chances"]["y"], 4) > entry["hold"]["loss"]
    assert analysis.costliest("y")[0] == 1
    # Red's reply was the win's first move: the graph falls at Yellow's move, not at it.
    assert [e["chances"] for e in analysis.plies[1:3]] == [{"r": 1.0, "y": 0.0}] * 2
    assert analysis.plies[2]["label"] is None and analysis.plies[3]["label"] is None
    # Red's moves are not looked at for it; Yellow's answer, where no move held, is
    # checked and not marked (a re-roll is not checked: its result is luck).
    assert all("hold" not in e for e in analysis.plies[2:] if e["mover"] == "r")
    answers = [e for e in analysis.plies[2:] if e["mover"] == "y" and "?" not in e["move"]]
    assert all(e["hold"]["held"] == 0 and e["label"] is None for e in answers)


def _severer_of(label: str | None, chance: float) -> str:
    grades = ("inaccuracy", "mistake", "blunder")
    let = let_mark(chance, 2)
    return let if label is None else max(label, let, key=grades.index)


def test_the_check_for_a_win_in_three_is_given_up_past_its_steps_and_a_stop_repeats_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _played(*IN_THREE)

    def light(resume: Analysis | None = None) -> Review:  # the check is what is tested
        return Review(game, deep=0, rollouts=0, like=False, resume=resume)

    whole = light().finish()
    review = light()
    while review.stage != "holds":
        review.step()
    for _ in range(30):  # into the check of ply 1's win in three
        review.step()
    stopped = review.analysis()
    assert "hold" not in stopped.plies[1] and not stopped.complete
    assert light(stopped).finish() == whole
    monkeypatch.setattr(review_module, "THREE_STEPS", 5)
    short = light().finish()
    assert short.complete and "hold" not in short.plies[1]
    assert "hold" in whole.plies[1]
    assert short.plies[1]["label"] == whole.plies[1]["hold"]["label"]


NONE_HOLD = (
    "r2c1,r4e1,y3i1,y2f2,y4h2,r1c3,y5b6,r3e7,r3e9,r2f10,y1h10 y ry L2",
    "f2+",
    "e1xf2",
    "+d10",
    "e7+",
    "b6-c5",
    "e7-d8",
)
"""An arena game's end (L2, ``medium`` against ``easy``, seed 7, from ply 117): Yellow's
f2+ lets Red force the win where f2-g3 holds; after Red's e1xf2 each of Yellow's 21 moves
lets Red win in two, and the searches, the game's end carried back, marked +d10 a
blunder ("better: b6-c5")."""


def test_a_win_let_through_that_no_move_holds_against_is_no_mark_and_the_fall_is_earlier() -> None:
    game = _played(*NONE_HOLD)
    given = _played(*NONE_HOLD[:3])
    assert all(danger(given, move) is not None for move in given.legal_moves())
    analysis = Review(game).finish()
    played = analysis.plies[3]  # +d10: lost whatever Yellow played
    assert played["label"] is None and played["reason"] is None and played["loss"] == 0.0
    assert played["hold"]["held"] == 0 and played["hold"]["label"] == "blunder"
    # The position before it is Red's, proven by the check, and so is the one Yellow's
    # f2+ led to: Red's e1xf2 from there reached it.  The fall is at f2+, the move
    # marked for the win it let through, where the searches had it at +d10.
    assert [analysis.plies[k]["chances"] for k in (1, 2, 3)] == [{"r": 1.0, "y": 0.0}] * 3
    assert analysis.plies[0]["chances"]["y"] > 0.3
    blunder = analysis.plies[1]
    assert blunder["label"] == "blunder" and blunder["reason"]["code"] == "allows_forced_win"
    assert blunder["loss"] == analysis.plies[0]["chances"]["y"]
    assert analysis.plies[2]["label"] is None and analysis.plies[2]["loss"] == 0.0
    assert [p["label"] for p in analysis.plies[1:] if p["label"]] == ["blunder"]


UNLUCKY_INTO_A_LOSS = (
    "r1a1,y1e1,r2g1,r6i1,r1f2,y2e3,y3c5,r3j6,y4d8,r1g9,y1d10,r3h10 r ry L2",
    "f2?2",
    "e3-d2",
    "g9+",
    "c5-b4",
    "g1-c1",
    "b4-c3",
)
"""Seed 4020's held-out L2 `easy`-`medium` game 4 from ply 97: Red re-rolls f2 to a 2,
Yellow's e3-d2 then leaves each of Red's moves letting Yellow win in two."""


def test_a_roll_that_let_a_forced_win_in_is_its_luck_not_a_later_mark() -> None:
    game = _played(*UNLUCKY_INTO_A_LOSS)
    analysis = Review(game).finish()
    plies = analysis.plies
    assert plies[3]["hold"]["held"] == 0 and plies[3]["label"] is None  # g9+: lost anyway
    # The position the roll left is Yellow's, proven: the roll's result is the fall, luck
    # counted apart; the choice to re-roll keeps its cost, the mean of its six results.
    assert [plies[k]["chances"] for k in (1, 2, 3)] == [{"r": 0.0, "y": 1.0}] * 3
    roll = plies[1]
    assert roll["luck_label"] == "unlucky" and roll["label"] is None
    assert roll["luck"] < -0.4 and roll["loss"] < 0.05  # about all Red had, by the dice
    assert analysis.summary()["r"]["turning_point"] == 1
    assert Analysis.from_data(analysis.to_data(), game) == analysis
