"""R14 (one square per foreign rive) and R16 (the obligation to capture)."""

from __future__ import annotations

import pytest

from tests.helpers import assert_illegal, ends, game_at, legal, sq

# ----- R14 ----------------------------------------------------------------------


def test_r14_red_on_a1_counts_as_blues_rive() -> None:
    game = game_at("r1a1,r2b4 r ry L2")
    assert ends(game, "b4") == {"c3", "c5"}
    assert_illegal(
        game, "b4-a3", "red may not occupy a second square of blue's rive (already on a1"
    )
    assert_illegal(game, "b4-a5", "blue's rive", "a1")


@pytest.mark.parametrize("blue_square", ["a3", "a5", "a7", "a9"])
def test_r14_red_on_blues_rive_may_not_enter_a1(blue_square: str) -> None:
    game = game_at(f"r1{blue_square} r ry L2")
    assert not any(m.startswith("+a1") for m in legal(game))
    assert {"+c1", "+e1", "+g1", "+i1"} <= legal(game)
    assert_illegal(game, "+a1", "blue's rive", f"already on {blue_square}")
    # and without chance, whatever the value
    game = game_at(f"r1{blue_square} r ry L4")
    assert_illegal(game, "+a1=3", "blue's rive")


def test_r14_blue_on_reds_rive_may_not_enter_a1_either() -> None:
    game = game_at("b1e1 b rb L2")
    assert "+a1" not in legal(game)
    assert_illegal(game, "+a1", "blue may not occupy a second square of red's rive")


def test_r14_corner_j10_counts_for_yellow_and_green() -> None:
    game = game_at("y1j10,y2i7 y ry L2")  # yellow on j10 stands on green's rive
    assert ends(game, "i7") == {"h6", "h8"}
    assert_illegal(game, "i7-j8", "yellow may not occupy a second square of green's rive")
    game = game_at("g1j10,g2c9 g rbyg L2")  # green on j10 stands on yellow's rive
    assert_illegal(game, "c9-b10", "green may not occupy a second square of yellow's rive")
    assert_illegal(game, "c9-d10", "yellow's rive")


def test_r14_goal_rive_counts_too() -> None:
    game = game_at("r1d10,r5g9 r ry L2")
    assert ends(game, "g9") == {"f8", "h8"}
    assert_illegal(game, "g9-h10", "red may not occupy a second square of yellow's rive")


def test_r14_counts_the_rive_of_an_unseated_colour() -> None:
    game = game_at("r1a3,r2b4 r ry L2")
    assert_illegal(game, "b4-a5", "blue's rive")
    game = game_at("y1j4,y2i7 y ry L2")
    assert_illegal(game, "i7-j8", "green's rive")


def test_r14_intermediate_jump_landings_do_not_count() -> None:
    # c1 over b2 lands on a3 (blue's rive, where red already stands on a7), then
    # over b4 to c5: only the end square counts
    game = game_at("r3c1,y1b2,y1b4,r1a7 r ry L2")
    assert ends(game, "c1") == {"d2", "c5"}
    assert game.jump_path(sq("c1"), sq("c5")) == [sq("c1"), sq("a3"), sq("c5")]
    assert_illegal(game, "c1-a3", "blue's rive", "already on a7")
    game.play("c1-c5")
    assert game.piece_at("c5") == ("r", 3)


def test_r14_capture_that_breaks_it_is_illegal() -> None:
    game = game_at("r3b4,y2a5,r1a9 r ry L2")
    assert "b4xa5" not in legal(game)
    assert_illegal(game, "b4xa5", "red may not occupy a second square of blue's rive")
    assert "b4xa5" in legal(game_at("r3b4,y2a5 r ry L2"))


def test_r14_moving_within_the_same_foreign_rive_is_allowed() -> None:
    game = game_at("r3a5,y1b6,y1b8 r ry L2")  # a5 - c7 - a9
    assert "a9" in ends(game, "a5")
    game.play("a5-a9")
    assert game.piece_at("a9") == ("r", 3)
    game = game_at("r3a1,y1b2,y1b4 r ry L2")  # from the corner: a1 - c3 - a5
    assert "a5" in ends(game, "a1")


def test_r14_own_rive_squares_are_not_limited() -> None:
    game = game_at("r1a1,r1c1,r1e1,r1g1 r ry L2")
    assert "+i1" in legal(game)


# ----- R16 obligation -----------------------------------------------------------

# Yellow's chain c1-d2 is anchored (c1 is on red's rive) but 1-3 is not ordered,
# so both dice are vulnerable; red's e3 touches d2 and can take d2 or f4.
FORCED = "r4e3,y1c1,y3d2,y2f4 r ry {}"


@pytest.mark.parametrize("rules", ["L3", "L4", "L2C", "L2A"])
def test_r16_obliged_die_must_capture(rules: str) -> None:
    game = game_at(FORCED.format(rules))
    assert legal(game) == {"e3xd2", "e3xf4"}
    assert game.obliged() == {sq("e3"): (sq("d2"), sq("f4"))}
    assert_illegal(game, "e3-f2", "a capture is obligatory (R16): e3xd2 or e3xf4")
    assert_illegal(game, "e3+", "a capture is obligatory (R16): e3xd2 or e3xf4")
    enter = "+a1" if rules in ("L3", "L2C") else "+a1=2"
    assert_illegal(game, enter, "a capture is obligatory")


@pytest.mark.parametrize("rules", ["L2"])
def test_r16_no_obligation_without_it_in_the_rule_set(rules: str) -> None:
    # L1 cannot show it at all: an anchored chain there has already won.
    game = game_at(FORCED.format(rules))
    assert {"e3xd2", "e3xf4", "e3-f2", "e3+", "+a1"} <= legal(game)
    assert game.obliged() == {}


def test_r16_not_even_a_winning_move() -> None:
    position = "r1b10,r2c9,r3e7,r4e3,y1c1,y3d2,y2f4 r ry {}"
    game = game_at(position.format("L2C"))
    assert legal(game) == {"e3xd2", "e3xf4"}
    assert_illegal(game, "e7-d8", "a capture is obligatory")
    game = game_at(position.format("L2"))  # no obligation: the move wins
    game.play("e7-d8")
    assert game.winner == "r"


def test_r16_obliged_die_may_take_any_adjacent_adversary_die() -> None:
    game = game_at("r4e3,y1c1,y3d2,b2f4 r rby L3")
    assert legal(game) == {"e3xd2", "e3xf4"}


def test_r16_only_obliged_dice_captures_are_forced() -> None:
    # red's h4 could take g5 but it does not touch yellow's anchored chain
    game = game_at("r4e3,r3h4,y1c1,y3d2,y2g5 r ry L3")
    assert legal(game) == {"e3xd2"}


def test_r16_team_mates_chains_are_ignored() -> None:
    position = "y1c1,r3d2,b2e3 r {} L3"
    assert legal(game_at(position.format("rbyg"))) == {"d2xe3"}
    game = game_at(position.format("ry/bg"))  # yellow is red's partner
    assert game.obliged() == {}
    assert {"d2xe3", "d2-c3", "d2+"} <= legal(game)


def test_r16_adversary_chain_in_a_team_game_obliges() -> None:
    # blue (red's adversary) is anchored on j4 (green's rive): red's i5 touches it
    game = game_at("b1j4,r3i5,g2h6 r ry/bg L3")
    assert legal(game) == {"i5xh6"}


def test_r16_die_in_its_own_anchored_chain_is_not_obliged() -> None:
    # red i9 touches blue's anchored j8 but belongs to red's anchored chain h10-i9
    game = game_at("r1h10,r3i9,b2j8,b1h8 r rb L3")
    assert game.obliged() == {}
    assert {"i9xh8", "i9+", "h10-g9"} <= legal(game)
    # without h10 the same die is obliged, and must take h8
    game = game_at("r3i9,b2j8,b1h8 r rb L3")
    assert game.obliged() == {sq("i9"): (sq("h8"),)}
    assert legal(game) == {"i9xh8"}


def test_r16_protected_targets_force_nothing() -> None:
    game = game_at("y1c1,r3d2 r ry L3")  # c1 alone on red's rive: invulnerable
    assert game.obliged() == {sq("d2"): ()}
    assert "d2xc1" not in legal(game)
    assert {"d2-e3", "d2+", "+a1"} <= legal(game)


def test_r16_captures_breaking_r14_force_nothing() -> None:
    # b2 is obliged by yellow's c1; its only vulnerable target a3 is on blue's
    # rive, where red already stands on a7
    game = game_at("y1c1,y2a3,r3b2,r1a7 r ry L3")
    assert game.obliged() == {sq("b2"): ()}
    assert "b2xa3" not in legal(game)
    assert "b2-c3" in legal(game)
    assert legal(game_at("y1c1,y2a3,r3b2 r ry L3")) == {"b2xa3"}


def test_r16_higher_targets_force_nothing() -> None:
    game = game_at("r2e3,y1c1,y3d2 r ry L3")
    assert game.obliged() == {sq("e3"): ()}
    assert "e3-f4" in legal(game)
