"""R13 capture and R15 protection (well-formed chains are invulnerable)."""

from __future__ import annotations

import pytest

from tests.helpers import assert_illegal, game_at, legal, squares, value_at

# ----- R13 capture --------------------------------------------------------------


def test_r13_publisher_five_takes_three_becomes_two() -> None:
    # "Le dé rouge de valeur cinq prend le dé jaune de valeur trois et passe à deux"
    game = game_at("r5c3,y3d4 r ry L2")
    assert game.play("c3xd4") is not None
    assert game.piece_at("d4") == ("r", 2)
    assert game.piece_at("c3") is None


def test_r13_publisher_four_takes_four_becomes_one() -> None:
    # "Le dé rouge de valeur 4 prend le dé jaune de même valeur et passe à un"
    game = game_at("r4c3,y4d4 r ry L2")
    game.play("c3xd4")
    assert game.piece_at("d4") == ("r", 1)


@pytest.mark.parametrize(
    ("attacker", "taken", "result"),
    [(5, 2, 3), (6, 1, 5), (6, 5, 1), (6, 6, 1), (1, 1, 1), (2, 1, 1), (3, 2, 1)],
)
def test_r13_lower_take_costs_its_value(attacker: int, taken: int, result: int) -> None:
    game = game_at(f"r{attacker}c3,y{taken}d4 r ry L3")
    game.play("c3xd4")
    assert value_at(game, "d4") == result


def test_r13_taken_die_returns_to_its_reserve_and_may_enter_again() -> None:
    game = game_at("r5c3,y3d4,y1b10 r ry L1")
    assert game.reserve("y") == 3
    game.play("c3xd4")
    assert game.reserve("y") == 4 and game.reserve("r") == 4
    assert "+d10" in legal(game)


def test_r13_higher_die_is_not_capturable() -> None:
    game = game_at("r3c3,y4d4 r ry L2")
    assert "c3xd4" not in legal(game)
    assert_illegal(game, "c3xd4", "d4 (4) is higher than c3 (3)")


def test_r13_team_mates_are_not_capturable() -> None:
    game = game_at("r5c3,y3d4,b1b4 r ry/bg L2")
    assert "c3xd4" not in legal(game)
    assert "c3xb4" in legal(game)
    assert_illegal(game, "c3xd4", "d4 belongs to your team-mate yellow")
    # with red + blue as partners, yellow is an adversary and blue is not
    game = game_at("r5c3,y3d4,b1b4 r rb/yg L2")
    assert "c3xd4" in legal(game) and "c3xb4" not in legal(game)


def test_r13_every_other_colour_is_an_adversary_without_teams() -> None:
    game = game_at("r6e5,b1d4,y2f6,g3f4 r rbyg L2")
    assert {"e5xd4", "e5xf6", "e5xf4"} <= legal(game)


def test_r13_only_a_touching_adversary_die() -> None:
    game = game_at("r5c3,y3e5,r1d4 r ry L2")
    assert_illegal(game, "c3xe5", "e5 does not touch c3")
    assert_illegal(game, "c3xd4", "d4 is your own die")
    assert_illegal(game, "c3xb4", "there is no die to capture on b4")
    assert_illegal(game, "e5xd4", "there is no red die on e5")


# ----- R15 protection -----------------------------------------------------------


def test_r15_lone_die_on_its_opposite_rive_is_invulnerable() -> None:
    game = game_at("y1c1,r2d2 r ry L2")
    chain = game.protected("c1")
    assert chain is not None and chain.squares == squares("c1")
    assert "d2xc1" not in legal(game)
    assert_illegal(game, "d2xc1", "c1 is alone on its goal rive: invulnerable (R15)")


def test_r15_every_die_of_a_well_formed_chain_is_invulnerable() -> None:
    game = game_at("y3c1,y4d2,y5e3,r6f4,r6c3 r ry L3")  # 3 of the 6 needed in L3
    for name in ("c1", "d2", "e3"):
        assert game.protected(name) is not None
    assert_illegal(game, "f4xe3", "part of the well-formed chain c1-d2-e3: invulnerable (R15)")
    assert_illegal(game, "c3xd2", "invulnerable")
    assert not any("x" in m for m in legal(game))


def test_r15_branched_chain_is_never_well_formed() -> None:
    # Q&A: a chain may branch, but then it cannot be both ordered and isolated
    # (a die with three chain neighbours needs three values at distance 1 from its own).
    game = game_at("y1c1,y2d2,y3e3,y3c3,r4f4 r ry L2")
    (chain,) = game.chains("y")
    assert chain.anchored and chain.ordered and not chain.isolated
    assert not chain.well_formed
    assert game.protected("c1") is None
    assert "f4xe3" in legal(game)


def test_r15_non_ordered_anchored_chain_is_entirely_vulnerable() -> None:
    # Q&A: "Tous les dés sont vulnérables, y compris le dé ancré sur la rive."
    game = game_at("y1c1,y3d2,r2b2,r3e3 r ry L2")
    (chain,) = game.chains("y")
    assert chain.anchored and not chain.ordered and chain.isolated
    assert {"b2xc1", "e3xd2"} <= legal(game)


def test_r15_non_isolated_anchored_chain_is_entirely_vulnerable() -> None:
    game = game_at("y1c1,y2d2,y1e3,r1b2,r2c3 r ry L2")
    (chain,) = game.chains("y")
    assert chain.anchored and chain.ordered and not chain.isolated
    assert {"b2xc1", "c3xd2"} <= legal(game)


def test_r15_unanchored_chain_is_vulnerable() -> None:
    game = game_at("y1c3,y2d4,r2b2 r ry L2")
    (chain,) = game.chains("y")
    assert chain.ordered and chain.isolated and not chain.anchored
    assert "b2xc3" in legal(game)


def test_r15_closed_ring_is_never_well_formed() -> None:
    # a ring 1-2-1-2 is ordered (every touching pair differs by 1) but repeats values;
    # no ring can be both, since values changing by ±1 around a loop must repeat
    game = game_at("y1c1,y2b2,y1c3,y2d2,r2e3 r ry L2")
    (chain,) = game.chains("y")
    assert len(chain) == 4 and not chain.isolated and not chain.well_formed
    assert "e3xd2" in legal(game)


def test_r15_protection_is_lost_when_the_chain_is_spoiled() -> None:
    game = game_at("y1c1,y2d2,y5a3,r2e3 y ry L2")
    assert game.protected("d2") is not None
    game.play("a3-b2")  # yellow's own die joins the chain with a 5: no longer ordered
    assert game.protected("d2") is None
    assert "e3xd2" in legal(game)


def test_r15_no_protection_in_l1() -> None:
    # In L1 an anchored die has already won, so protection never arises.
    game = game_at("y1c1,r2d2 r ry L1")
    assert game.winner == "y"
    assert game.protected("c1") is None
