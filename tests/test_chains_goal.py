"""R17–R20: chains, their qualities, winning, and the ply limit."""

from __future__ import annotations

import pytest

from derive import Game
from tests.helpers import assert_illegal, game_at, legal, squares


def chain_of(game: Game, colour: str, square: str) -> tuple[int, ...]:
    s = squares(square)[0]
    return next(c.squares for c in game.chains(colour) if s in c.squares)


# ----- R17 chains ---------------------------------------------------------------


def test_r17_chain_is_a_connected_group_of_one_colour() -> None:
    game = game_at("r1c3,r2d4,r3e5,r1g5,r1h6,y2f4,r6a1 y ry L3")
    groups = sorted(c.squares for c in game.chains("r"))
    assert groups == sorted([squares("c3", "d4", "e5"), squares("g5", "h6"), squares("a1")])
    # yellow's f4 touches e5 and g5 but joins no red chain
    assert [c.squares for c in game.chains("y")] == [squares("f4")]


def test_r17_any_shape() -> None:
    # a zig-zag and a cross are both one chain
    game = game_at("y1b2,y1c3,y1b4,y1c5,y1d4 r ry L3")
    (chain,) = game.chains("y")
    assert len(chain) == 5


# ----- R18 qualities ------------------------------------------------------------


@pytest.mark.parametrize(
    ("pieces", "anchored", "ordered", "isolated"),
    [
        ("r1b10,r2c9,r3d8", True, True, True),
        ("r3b10,r2c9,r1d8", True, True, True),  # either direction
        ("r2b10,r3c9,r2d8", True, True, False),
        ("r1b10,r3c9,r4d8", True, False, True),
        ("r1c9,r2d8,r3e7", False, True, True),  # c9 is not on the goal rive
        ("r4d10", True, True, True),  # a lone anchored die
        ("r1b10,r2c9,r3b8", True, True, True),  # bent: b10-c9-b8
    ],
)
def test_r18_chain_qualities(pieces: str, anchored: bool, ordered: bool, isolated: bool) -> None:
    game = game_at(f"{pieces} y ry L3")
    (chain,) = game.chains("r")
    assert (chain.anchored, chain.ordered, chain.isolated) == (anchored, ordered, isolated)
    assert chain.well_formed == (anchored and ordered and isolated)


def test_r18_anchoring_is_on_the_opposite_rive_not_the_own() -> None:
    game = game_at("r1c1,r2d2 y ry L3")
    (chain,) = game.chains("r")
    assert not chain.anchored
    game = game_at("b1j4,b2i5 r rb L3")  # blue's goal is green's rive (file j)
    (chain,) = game.chains("b")
    assert chain.anchored and chain.well_formed


# ----- R19 winning --------------------------------------------------------------


def test_r19_l1_a_die_on_the_opposite_rive_wins() -> None:
    game = game_at("r1c9,y1h2 r ry L1")
    game.play("c9-d10")
    assert game.winner == "r"
    assert game.outcome is not None and game.outcome.chain == squares("d10")
    assert game.legal_moves() == ()
    assert_illegal(game, "+c1", "the game is over: red won")


def test_r19_l1_capture_landing_on_the_goal_rive_wins() -> None:
    game = game_at("r3c9,y1d10 r ry L1")
    game.play("c9xd10")
    assert game.winner == "r"


def test_r19_l1_a_jump_counts_only_where_it_ends() -> None:
    # d8 over e9 lands on f10 (yellow's rive), then over g9 to h8
    game = game_at("r3d8,y1e9,b1g9 r rby L1")
    assert {"d8-f10", "d8-h8"} <= legal(game)
    game.play("d8-h8")
    assert game.outcome is None
    game.undo()
    game.play("d8-f10")
    assert game.winner == "r"


def test_r19_l2_a_well_formed_chain_of_three_wins() -> None:
    game = game_at("r1b10,r2c9,r3e7,y1h2 r ry L2")
    game.play("e7-d8")
    assert game.winner == "r"
    assert game.outcome is not None
    assert game.outcome.chain == squares("b10", "c9", "d8")


def test_r19_exact_goal_length_a_longer_chain_does_not_win() -> None:
    game = game_at("r1b10,r2c9,r3d8,r4e7 r ry L2")
    assert game.outcome is None  # four well-formed dice: protected, not a win
    assert game.protected("e7") is not None
    game.play("e7-f6")  # back to exactly three
    assert game.winner == "r"


def test_r19_joining_two_chains_into_a_longer_one_does_not_win() -> None:
    game = game_at("r1b10,r2c9,r4e7,r3c7 r ry L2")
    game.play("c7-d8")  # b10-c9-d8-e7 is 1-2-3-4: well-formed but 4 long
    assert game.outcome is None
    assert len(game.chains("r")) == 1


def test_r19_l3_needs_exactly_six() -> None:
    six = "r1b10,r2c9,r3d8,r4e7,r5f6"
    game = game_at(f"{six},r6h6 r ry L3")
    game.play("h6-g5")
    assert game.winner == "r" and game.outcome is not None and len(game.outcome.chain) == 6
    # five well-formed dice do not win; a well-formed chain can never exceed six
    # (isolated: six values), so in L3 "longer" cannot happen
    game = game_at(f"{six},r6h6 r ry L3")
    assert game.outcome is None and game.protected("f6") is not None
    game.play("f6-")  # 1-2-3-4-4: spoiled
    assert game.outcome is None and game.protected("f6") is None


def test_r19_win_by_adjusting_or_rerolling() -> None:
    game = game_at("r1b10,r2c9,r4d8,y1h2 r ry L2")
    game.play("d8-")
    assert game.winner == "r"
    game = game_at("r1b10,r2c9,r4d8,y1h2 r ry L2")
    game.play("d8?3")
    assert game.winner == "r"


def test_r19_a_capture_can_hand_the_win_to_the_captured_side() -> None:
    # yellow's branched chain c1-d2-e3 + c3 is not isolated; red takes the branch
    # and leaves yellow a well-formed chain of exactly three
    game = game_at("r3b4,y1c1,y2d2,y3e3,y3c3 r ry L2")
    assert not game.is_over
    game.play("b4xc3")
    assert game.winner == "y"
    assert game.outcome is not None and game.outcome.chain == squares("c1", "d2", "e3")


def test_r19_a_capture_can_hand_the_win_to_the_captured_sides_team() -> None:
    game = game_at("b3b4,y1c1,y2d2,y3e3,y3c3 b rb/yg L2")
    game.play("b4xc3")
    assert game.winner == "yg"


# Red's g7 takes blue's h8 (3 takes 3 -> 1): red gets h10-i9-h8 as 3-2-1 and
# blue, rid of its second 3, is left with j8-i7-h6 as 1-2-3. Both qualify.
BOTH = "r3h10,r2i9,r3g7,b1j8,b2i7,b3h6,b3h8 r {} L2"


def test_r19_actor_is_checked_first() -> None:
    game = game_at(BOTH.format("rb"))
    game.play("g7xh8")
    assert game.winner == "r"
    assert game.outcome is not None and game.outcome.chain == squares("h10", "i9", "h8")
    blue = next(c for c in game.chains("b") if len(c) == 3)
    assert blue.well_formed  # blue met its goal too, but red acted


def test_r19_actor_first_in_a_team_game() -> None:
    game = game_at(BOTH.format("ry/bg"))
    game.play("g7xh8")
    assert game.winner == "ry"


def test_r19_team_win_is_named_by_the_teams_letters() -> None:
    game = game_at("g1b8,b2h6,y1h2 g ry/bg L1")
    game.play("b8-a9")
    assert game.winner == "bg"
    assert_illegal(game, "+j2", "the game is over: blue + green won")
    assert game.outcome is not None and game.outcome.chain == squares("a9")


# ----- R20 ply limit ------------------------------------------------------------


def test_r20_ply_limit_draws() -> None:
    game = Game.new("ry", "L3", seed=2, start="r", max_plies=4)
    for move in ("+c1", "+d10", "c1+", "d10+"):
        assert game.outcome is None and not game.is_draw  # unfinished, not drawn
        game.play(move)
    assert game.is_over and game.is_draw and game.winner is None
    assert game.outcome is not None and game.outcome.termination == "ply_limit"
    assert game.outcome.draw
    assert game.legal_moves() == ()
    assert_illegal(game, "c1+", "the game is over: it was drawn at the ply limit")
    game.undo()
    assert "d10+" in legal(game)  # moves again: the draw is taken back


def test_r20_a_win_on_the_last_ply_is_a_win() -> None:
    game = game_at("r1b10,r2c9,r3e7,y1h2 r ry L2", max_plies=1)
    game.play("e7-d8")
    assert game.winner == "r" and game.outcome is not None
    assert game.outcome.termination == "goal"


def test_r20_no_limit_by_default() -> None:
    game = Game.new("ry", "L3", seed=2)
    assert game.max_plies is None


@pytest.mark.parametrize("bad", [0, -3, True])
def test_r20_limit_must_be_positive(bad: int) -> None:
    with pytest.raises(ValueError, match="max_plies"):
        Game.new("ry", "L3", max_plies=bad)
