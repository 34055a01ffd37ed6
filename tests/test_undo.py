"""Undo, redo, copy and push: the game and its dice come back exactly."""

from __future__ import annotations

import pytest

from derive import Game, IllegalMove, Move
from tests.helpers import game_at, legal, rng_state, snapshot, value_at


def test_undo_and_redo_each_kind_of_move() -> None:
    game = game_at("r5c3,y3d4,y3c9,r2b2 r ry L3", seed=3)
    script = ["c3xd4", "+b10", "b2?", "c9-", "b2-c1", "b10-a9", "d4+", "a9-b8", "+e1"]
    states = [snapshot(game)]
    for move in script:
        game.play(move)
        states.append(snapshot(game))
    for expected in reversed(states[:-1]):
        game.undo()
        assert snapshot(game)[:5] == expected[:5]
        assert snapshot(game)[6] == expected[6]  # the dice RNG too
    for expected in states[1:]:
        game.redo()
        assert snapshot(game)[:5] == expected[:5]
        assert rng_state(game) == expected[6]


def test_undo_capture_restores_both_dice_and_reserves() -> None:
    game = game_at("r5c3,y3d4 r ry L2")
    game.play("c3xd4")
    game.undo()
    assert game.piece_at("c3") == ("r", 5) and game.piece_at("d4") == ("y", 3)
    assert game.reserve("y") == 6 and game.to_move == "r"
    assert "c3xd4" in legal(game)


def test_reroll_after_undo_gives_the_same_value() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    first = game.play("c3?")
    game.undo()
    assert value_at(game, "c3") == 3
    assert game.play("c3?") == first
    game.undo()
    game.redo()
    assert game.moves == [first]


def test_forced_reroll_undo_restores_the_rng() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    before = rng_state(game)
    game.play("c3?6")
    assert rng_state(game) != before
    game.undo()
    assert rng_state(game) == before


def test_undo_a_win_reopens_the_game() -> None:
    game = game_at("r1b10,r2c9,r3e7,y1h2 r ry L2")
    game.play("e7-d8")
    assert game.winner == "r"
    game.undo()
    assert game.outcome is None and game.to_move == "r"
    assert "e7-d8" in legal(game)
    game.redo()
    assert game.winner == "r"


def test_nothing_to_undo_or_redo() -> None:
    game = game_at("- r ry L2")
    with pytest.raises(IllegalMove, match="there is nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMove, match="there is nothing to redo"):
        game.redo()


def test_playing_after_undo_drops_the_redo_line() -> None:
    game = game_at("- r ry L2")
    game.play("+c1")
    game.undo()
    assert game.can_redo()
    game.play("+e1")
    assert not game.can_redo()
    with pytest.raises(IllegalMove):
        game.redo()


def test_undo_returns_the_move_taken_back() -> None:
    game = game_at("r3c3,y2f10 r ry L2", seed=1)
    played = game.play("c3?")
    assert game.undo() == played
    assert game.redo() == played


def test_copy_is_independent_with_the_same_dice() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=12)
    game.play("c3+")
    twin = game.copy()
    assert twin.to_position() == game.to_position()
    assert twin.ply == game.ply == 1
    assert twin.moves == []
    with pytest.raises(IllegalMove):
        twin.undo()
    assert twin.play("f10?") == game.play("f10?")  # same RNG state, separately advanced
    twin.play("c3-")
    assert value_at(game, "c3") == 4 and value_at(twin, "c3") == 3


def test_a_copys_record_replays_from_where_it_was_copied() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=12)
    game.play("c3+")
    twin = game.copy()
    twin.play("f10-")
    again = Game.from_record(twin.record())
    assert again.to_position() == twin.to_position()


def test_push_is_play_without_the_check() -> None:
    a = game_at("r5c3,y3d4,y1c9 r ry L3", seed=2)
    b = game_at("r5c3,y3d4,y1c9 r ry L3", seed=2)
    while a.ply < 6:
        move = a.legal_moves()[a.ply % len(a.legal_moves())]
        assert a.push(move) == b.play(move)
        assert snapshot(a) == snapshot(b)


def test_push_of_an_unresolved_reroll_draws() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    played = game.push(Move.parse("c3?"))
    assert 1 <= played.value <= 6 and value_at(game, "c3") == played.value
