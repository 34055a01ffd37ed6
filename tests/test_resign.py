"""R31: resigning and agreed draws, in the game and in its records."""

from __future__ import annotations

import pytest

from derive import Game, IllegalMove


def test_a_resignation_gives_the_other_side_the_game() -> None:
    game = Game.new("ry", "L2", seed=3, start="r")
    game.play("+c1")
    outcome = game.resign("r")  # not red's turn: one may resign at any time
    assert (outcome.winner, outcome.termination) == ("y", "resignation")
    assert game.is_over and game.legal_moves() == ()
    with pytest.raises(IllegalMove, match="the game is over: yellow won"):
        game.play("+b10")
    with pytest.raises(IllegalMove):
        game.agree_draw()


def test_teams_resign_together_and_free_for_all_cannot() -> None:
    team = Game.new("ry/bg", "L2", seed=1, start="r")
    assert team.resign("g").winner == "ry"
    three = Game.new("rby", "L2", seed=1, start="r")
    with pytest.raises(IllegalMove, match="only a game between two sides"):
        three.resign("r")
    with pytest.raises(IllegalMove, match="green does not play"):
        Game.new("ry", "L2", seed=1).resign("g")


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("ending", ["resign", "draw"])
def test_records_keep_how_the_game_ended(form: str, ending: str) -> None:
    game = Game.new("ry", "L2", seed=5, start="r")
    game.play("+c1")
    game.play("+b10")
    if ending == "resign":
        game.resign("y")
    else:
        game.agree_draw()
    again = Game.from_record(game.record()) if form == "json" else Game.from_text(game.to_text())
    assert again.outcome == game.outcome
    assert [str(m) for m in again.moves] == ["+c1", "+b10"]


def test_a_record_claiming_an_impossible_ending_is_refused() -> None:
    game = Game.new("rby", "L2", seed=5, start="r")
    record = game.record()
    record["result"] = {"winner": "r", "termination": "resignation"}
    with pytest.raises(ValueError, match="a resignation needs two sides"):
        Game.from_record(record)
    record["result"] = {"winner": "r", "termination": "agreement"}
    with pytest.raises(ValueError, match="no winner"):
        Game.from_record(record)


def test_undo_takes_a_resignation_back_with_the_last_move() -> None:
    game = Game.new("ry", "L2", seed=5, start="r")
    game.play("+c1")
    game.resign("r")
    game.undo()
    assert not game.is_over and game.ply == 0
