"""Game records (JSON-ready dict and compact text): round trips and clear
rejection of anything broken."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from derive import Game, RecordError
from tests.helpers import game_at, rng_state


def played_game() -> Game:
    """A short L2 game from a start roll, with re-rolls, captures, and a winner."""
    game = Game.new("ry", "L2", seed=4)
    assert game.start_roll  # rolled for the start, so the record carries the roll
    while not game.is_over:
        # a fixed, varied script: the move at a rotating index of the legal list
        moves = game.legal_moves()
        game.play(moves[(game.ply * 7) % len(moves)])
        if game.ply >= 120:
            break
    return game


def won_game() -> Game:
    game = game_at("r1b10,r2c9,r3e7,y1h2 y ry L2", seed=9)
    game.play("h2?")
    game.play("e7-d8")
    assert game.winner == "r"
    return game


def assert_same_game(a: Game, b: Game) -> None:
    assert a.to_position() == b.to_position()
    assert [str(m) for m in a.moves] == [str(m) for m in b.moves]
    assert a.outcome == b.outcome
    assert a.start_position == b.start_position
    assert a.start_roll == b.start_roll
    assert rng_state(a) == rng_state(b)


def test_record_round_trip_through_json() -> None:
    game = played_game()
    record = game.record()
    assert record["format"] == "derive-record" and record["version"] == 1
    assert record["setup"]["seed"] == 4
    again = Game.from_record(json.loads(json.dumps(record)))
    assert_same_game(game, again)
    assert any("?" in m for m in record["moves"])
    assert all(m[-1] != "?" for m in record["moves"])  # re-rolls carry their results


def test_text_round_trip() -> None:
    for game in (played_game(), won_game()):
        text = game.to_text()
        assert text.startswith('[Format "derive-record 1"]')
        assert_same_game(game, Game.from_text(text))


def test_won_and_drawn_results_are_recorded() -> None:
    record = won_game().record()
    assert record["result"] == {"winner": "r", "termination": "goal"}
    game = Game.new("ry", "L3", seed=1, start="r", max_plies=2)
    game.play("+c1")
    game.play("+d10")
    record = game.record()
    assert record["result"] == {"winner": None, "termination": "ply_limit"}
    assert record["setup"]["max_plies"] == 2
    assert Game.from_record(record).is_draw
    assert '[Result "draw"]' in game.to_text()
    assert Game.from_text(game.to_text()).is_draw


def test_replay_leaves_the_dice_where_the_game_left_them() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=21)
    game.play("c3?")
    game.play("f10?4")
    again = Game.from_record(game.record())
    assert again.play("c3?") == game.play("c3?")


def test_text_form_tolerates_move_numbers_and_line_breaks() -> None:
    game = won_game()
    text = game.to_text().replace("h2?", "1. h2?").replace(" e7-d8", "\n 2. e7-d8")
    assert_same_game(game, Game.from_text(text))


def test_text_without_a_result_tag_claims_nothing() -> None:
    game = won_game()
    text = "\n".join(line for line in game.to_text().splitlines() if "[Result" not in line)
    assert Game.from_text(text).winner == "r"


# ----- rejection ----------------------------------------------------------------


def broken(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(won_game().record())
    change(record)
    return record


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a Dérive game record (expected a JSON object)"),
        ("derive", "expected a JSON object"),
        (None, "expected a JSON object"),
        ({"white": "e4", "black": "e5"}, "not a Dérive game record (format is empty (null))"),
        ({"format": ["x"]}, "not a Dérive game record (format is a list)"),
        ({"format": "pgn", "version": 1}, "format is 'pgn'"),
    ],
)
def test_foreign_data_is_rejected(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Game.from_record(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(version="1"), "'version' should be a whole number, not text"),
        (lambda r: r.update(version=True), "'version' should be a whole number, not true or"),
        (lambda r: r.update(version=1.0), "'version' should be a whole number, not a decimal"),
        (lambda r: r.update(version=10**5000), "this record's version is newer than this app"),
        (lambda r: r.pop("version"), "'version' is missing"),
        (lambda r: r.update(version=2), "record version 2 is newer than this app reads (1)"),
        (lambda r: r.update(version=0), "record version 0 does not exist"),
        (lambda r: r.update(setup=[]), "'setup' should be an object, not a list"),
        (lambda r: r.update(moves="e7-d8"), "'moves' should be a list, not text"),
        (lambda r: r.pop("moves"), "'moves' is missing"),
        (lambda r: r["setup"].update(seed="9"), "'seed' should be a whole number, not text"),
        (lambda r: r["setup"].update(seed=1.5), "'seed' should be a whole number, not a decimal"),
        (lambda r: r["setup"].update(seed=-1), "'seed' must be a whole number from 0 to"),
        (lambda r: r["setup"].update(seed=2**64), "'seed' must be a whole number from 0 to"),
        (lambda r: r["setup"].update(position=7), "'position' should be text, not a whole"),
        (lambda r: r["setup"].update(max_plies=0), "'max_plies' must be a whole number from 1 to"),
        (lambda r: r["setup"].update(max_plies=10**6), "'max_plies' must be a whole number from"),
        (lambda r: r["setup"].update(max_plies="9"), "'max_plies' should be a whole number, not"),
        (lambda r: r["setup"].update(transcribed=9), "'transcribed' must be a whole number from 0"),
        (lambda r: r["setup"].update(rule_set=["L2"]), "'rule_set' should be text, not a list"),
        (lambda r: r["setup"].update(seating="r" * 99), "'seating' is too long ('rrrr"),
        (lambda r: r["setup"].update(start_roll="r5 y3"), "'start_roll' must be a list"),
        (lambda r: r["setup"].update(start_roll=[{"r": "5"}]), "'start_roll' must be a list"),
        (lambda r: r.update(result="r"), "'result' must be an object or null"),
        (lambda r: r.update(result={"winner": ["r"]}), "the result's winner should be text, not"),
        (lambda r: r.update(result={"termination": 1}), "the result's termination must be"),
        (lambda r: r.update(moves=["h2?"] * 5001), "5001 moves, more than the 5000 a game can"),
    ],
)
def test_wrong_types_and_versions_are_rejected(change: Any, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_record(broken(change))
    assert message in str(caught.value)


def test_bad_setup_is_rejected() -> None:
    def bad_position(record: dict[str, Any]) -> None:
        record["setup"]["position"] = "r9c1 r ry L2"

    with pytest.raises(RecordError, match="setup: piece 'r9c1'"):
        Game.from_record(broken(bad_position))

    def other_rules(record: dict[str, Any]) -> None:
        record["setup"]["rule_set"] = "L3"

    with pytest.raises(RecordError, match="'rule_set' is 'L3' but the position says 'L2'"):
        Game.from_record(broken(other_rules))

    def other_seats(record: dict[str, Any]) -> None:
        record["setup"]["seating"] = "rb"

    with pytest.raises(RecordError, match="'seating' is 'rb' but the position says 'ry'"):
        Game.from_record(broken(other_seats))

    def respelled_seats(record: dict[str, Any]) -> None:
        record["setup"]["seating"] = "yr"

    assert Game.from_record(broken(respelled_seats)).winner == "r"


def test_tampered_start_roll_is_rejected() -> None:
    record = played_game().record()
    record["setup"]["start_roll"] = [{"r": 6, "y": 1}]
    with pytest.raises(RecordError, match="the start roll does not match the seed"):
        Game.from_record(record)


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["h2?", "zz"], "move 2 (zz): 'zz' is not a move"),
        (["h2?", "e7-d9"], "move 2 (e7-d9): d9 is a light square"),
        (["+c1"], "move 1 (+c1): c1 is not on yellow's rive"),
        (["h2?", "e7-d8", "h2+"], "move 3 (h2+): the game is over: red won"),
        (["h2?", 5], "move 2: should be a move in notation, not a whole number"),
        (["h2?", None], "move 2: should be a move in notation, not empty (null)"),
        (["h2-h4"], "move 1 (h2-h4): h2 cannot reach h4"),
    ],
)
def test_broken_moves_name_the_first_bad_move(moves: list[Any], message: str) -> None:
    def replace(record: dict[str, Any]) -> None:
        record["moves"] = moves
        record.pop("result")

    with pytest.raises(RecordError) as caught:
        Game.from_record(broken(replace))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ({"winner": "y", "termination": "goal"}, "says a win for y but the moves give a win for r"),
        ({"winner": None, "termination": "ply_limit"}, "says a draw but the moves give a win"),
        (None, "says an unfinished game but the moves give a win for r"),
        ({"winner": "r"}, "says an unfinished game"),
    ],
)
def test_result_mismatch_is_rejected(result: Any, message: str) -> None:
    def claim(record: dict[str, Any]) -> None:
        record["result"] = result

    with pytest.raises(RecordError) as caught:
        Game.from_record(broken(claim))
    assert message in str(caught.value)


def test_unfinished_record_claiming_a_win_is_rejected() -> None:
    game = game_at("r1b10,r2c9,r3e7,y1h2 y ry L2")
    game.play("h2+")
    record = game.record()
    assert record["result"] is None
    record["result"] = {"winner": "r", "termination": "goal"}
    with pytest.raises(RecordError, match="says a win for r but the moves give an unfinished"):
        Game.from_record(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("e4 e5", 'not a Dérive game text (no [Format "derive-record 1"] line)'),
        ('[Format "derive-record x"]', "unreadable format line"),
        ('[Format "derive-record 1"]\n[Seed "abc"]', "seed: 'abc' is not a whole number"),
        ('[Format "derive-record 1"]\n[StartRoll "r7 y2"]', "start roll: 'r7'"),
        ('[Format "derive-record 1"]\n[Seed "3"]', "'position' is missing"),
        ('[Format "derive-record 2"]\n[Seed "3"]', "newer than this app reads"),
    ],
)
def test_broken_text_is_rejected(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_text(text)
    assert message in str(caught.value)
