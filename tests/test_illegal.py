"""Illegal moves: IllegalMove in a player's words, and the game left exactly as
it was — position, history, redo line and dice RNG."""

from __future__ import annotations

import random

import pytest

from derive import SQUARES, IllegalMove, Move, square_name
from tests.helpers import assert_illegal, chain_rich_position, game_at, snapshot, sq

# Yellow to move; red has e5 at 6, a1 at 1 (a1 also counts as blue's rive) and
# b4 at 2 next to yellow's c3 at 3.
BASE = "r6e5,r1a1,r2b4,r3c9,y1h2,y3f6,y3c3 y ry L2"


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("e5+", "e5 is already at 6"),
        ("a1-", "a1 is already at 1"),
        ("b4-a3", "red may not occupy a second square of blue's rive (already on a1, R14)"),
        ("b4-a5", "red may not occupy a second square of blue's rive"),
        ("+c1=3", "in L2 an entering die shows 1: play +c1"),
        ("+c3", "c3 is not on red's rive"),
        ("+a1", "a1 is occupied"),
        ("e5-f6", "f6 is occupied"),
        ("e5-e7", "e5 cannot reach e7"),
        ("e5-e5", "ending where it started is not a move"),
        ("b4xc3", "c3 (3) is higher than b4 (2): a die takes only an equal or lower one"),
        ("b4xc5", "there is no die to capture on c5"),
        ("e5xg7", "g7 does not touch e5"),
        ("h2+", "there is no red die on h2"),
        ("pass", "pass is allowed only when no action is possible"),
        ("e5 f6", "not a move"),
        ("", "not a move"),
        ("e6+", "e6 is a light square"),
    ],
)
def test_illegal_moves_explain_themselves_and_change_nothing(move: str, message: str) -> None:
    game = game_at(BASE, seed=6)
    for played in ("h2?", "c9?", "h2+", "c9+"):
        game.play(played)
    game.undo()  # leaves a redo line, which must survive too
    assert game.to_move == "r" and game.can_redo() and game.ply == 3
    assert_illegal(game, move, message)


def test_obligation_message_lists_the_captures() -> None:
    game = game_at("r4e3,y1c1,y3d2,y2f4 r ry L3", seed=1)
    assert_illegal(game, "+a1", "a capture is obligatory (R16): e3xd2 or e3xf4")


def test_moves_after_the_end_are_illegal() -> None:
    game = game_at("r1d10 y ry L1")
    assert_illegal(game, "+d10", "the game is over: red won")


def test_illegal_move_object_is_rejected_too() -> None:
    game = game_at(BASE, seed=6)
    with pytest.raises(IllegalMove, match="there is no yellow die on e5"):
        game.play(Move.parse("e5+"))


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Move("reroll", sq("h2"), sq("h2"), 9), "a re-roll shows 1 to 6, not 9"),
        (Move("reroll", sq("h2"), sq("h2"), -1), "a re-roll shows 1 to 6, not -1"),
        (Move("move", sq("h2"), 100), "100 is not a playable square number"),
        (Move("capture", -7, sq("h2")), "-7 is not a playable square number"),
        (Move("move", sq("h2"), 1), "1 is not a playable square number"),  # b1: light
        (Move("fly", sq("h2"), sq("g3")), "'fly' is not a kind of move"),
    ],
)
def test_hand_built_moves_are_checked(move: Move, message: str) -> None:
    game = game_at(BASE, seed=6)
    before = snapshot(game)
    assert not game.is_legal(move)
    with pytest.raises(IllegalMove, match=message):
        game.play(move)
    assert snapshot(game) == before


def test_every_refusal_has_a_reason_and_every_reason_a_refusal() -> None:
    # Random well-formed moves on chain-rich positions: why_illegal is None exactly
    # for the legal ones, and play refuses the others with that very reason.
    rng = random.Random(17)
    names = [square_name(s) for s in SQUARES]
    checked = refused = 0
    while checked < 150:
        try:
            game = game_at(chain_rich_position(rng), seed=checked)
        except ValueError:
            continue
        checked += 1
        for _ in range(60):
            a, b = rng.choice(names), rng.choice(names)
            text = rng.choice(
                [f"+{a}", f"+{a}=4", f"{a}-{b}", f"{a}x{b}", f"{a}+", f"{a}-", f"{a}?", "pass"]
            )
            reason = game.why_illegal(text)
            assert game.is_legal(text) == (reason is None), (game.to_position(), text)
            if reason is not None:
                refused += 1
                assert_illegal(game, text, reason)
    assert refused > 5000
