"""The evaluation's chain-completion estimate: paths, room to grow, revaluing."""

from __future__ import annotations

import importlib

import pytest

from derive import Game
from derive.board import parse_square

# ``derive.ai`` re-exports the function ``evaluate``, which hides the module.
E = importlib.import_module("derive.ai.evaluate")

# Red's anchored chain e7-f8-g9-f10 shows 1-2-3-4: f10 cannot grow (e9 touches f8),
# so the only way to six dice is to shift the run to 3-4-5-6 and add 2, 1 below e7.
CORNERED = (
    "r1a1,r4e1,r2c3,y5e3,y3a5,r2g5,r1b6,r1h6,r1e7,r2f8,y5h8,r3g9,"
    "y6b10,y5d10,r4f10,y3h10,y4j10 r ry L3"
)


def squares(*names: str) -> tuple[int, ...]:
    return tuple(sorted(parse_square(n) for n in names))


def red_chain(game: Game, *names: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    chain = next(c for c in game.chains("r") if c.squares == squares(*names))
    path = E._path(chain.squares)
    assert path is not None
    return path, chain.squares


def completion(game: Game, *names: str) -> float:
    path, chain = red_chain(game, *names)
    cost: float = E._completion(
        path, chain, game.pieces(), "r", game.rules.goal, game.reserve("r"), game.rules.chance
    )
    return cost


def test_a_chain_is_a_path_in_order_or_none_when_branched() -> None:
    path = E._path(squares("e7", "f8", "g9", "f10"))
    assert path is not None
    assert [p for p in path] in (
        [parse_square(n) for n in ("e7", "f8", "g9", "f10")],
        [parse_square(n) for n in ("f10", "g9", "f8", "e7")],
    )
    assert E._path(squares("d4", "e5", "c5", "e3")) is None  # e5, c5, e3 all touch d4
    assert E._path(squares("c3")) == squares("c3")


def test_room_follows_the_board_edge_and_the_chain_shape() -> None:
    chain = squares("e7", "f8", "g9", "f10")
    assert E._room("r", chain, parse_square("f10"), 2) == 0  # e9 would touch f8
    assert E._room("r", chain, parse_square("e7"), 2) == 2
    # A lone die in the corner b10 can grow through a9 (one square of blue's rive).
    assert E._room("r", squares("b10"), parse_square("b10"), 5) == 5
    # From a9 the arm must leave file a (R14: a9 is already one square of it): b8, c7...
    assert E._room("r", squares("a9", "b10"), parse_square("a9"), 3) == 3
    # ...but a chain b8-a9-b10 has no free square left beside a9 at all.
    assert E._room("r", squares("b8", "a9", "b10"), parse_square("b10"), 3) == 0


def test_cornered_chain_counts_the_revaluing_it_needs() -> None:
    game = Game.from_position(CORNERED)
    cost = completion(game, "e7", "f8", "g9", "f10")
    assert cost >= 8 + 2  # eight adjustments, then two more dice


@pytest.mark.parametrize("move", ["f10+", "g9+", "f8+", "e7+"])
def test_each_adjustment_towards_the_run_that_fits_is_progress(move: str) -> None:
    game = Game.from_position(CORNERED)
    before = completion(game, "e7", "f8", "g9", "f10")
    game.play(move)
    assert completion(game, "e7", "f8", "g9", "f10") == before - 1


def test_the_evaluator_prefers_revaluing_a_dead_end_chain() -> None:
    game = Game.from_position(CORNERED)
    before = E.colour_scores(game)["r"]
    game.play("f10+")
    assert E.colour_scores(game)["r"] > before


def test_own_dice_facts_are_cached_by_layout_not_by_position() -> None:
    E._OWN.clear()
    game = Game.from_position(CORNERED)
    E.colour_scores(game)
    assert len(E._OWN) == 2  # red's layout, yellow's layout
    game.play("f10+")
    E.colour_scores(game)
    assert len(E._OWN) == 3  # red's new layout; yellow's is the one seen
    game.undo()
    E.colour_scores(game)
    assert len(E._OWN) == 3


# Yellow's well-formed c1-d2-c3-d4-e5 shows 5-4-3-2-1 (yellow's goal rive is rank 1):
# the 6 it lacks has no square beside c1 (b2 touches c3), and nothing comes below 1.
DEAD_END = "r6a1,y5c1,r1g1,y4d2,y3c3,r4i3,y2d4,y1e5,y1b8,y1f10,y5h10 y ry L3"
# The same dice showing 6-5-4-3-2: a 1 can come beside e5 (f4).
SHIFTED = "r6a1,y6c1,r1g1,y5d2,y4c3,r4i3,y3d4,y2e5,y1b8,y1f10,y5h10 y ry L3"
# Red's b10-c9-d8-e7-f6 shows 5-4-3-2-1: the 6 it lacks can come to a9.
ONE_SHORT = "r6c1,r1g1,r1i1,r2f2,r1f6,r6a7,r2e7,y6i7,r3d8,r4c9,y6e9,r5b10,y1d10,y1h10 r ry L3"


def formed(position: str, colour: str) -> int:
    game = Game.from_position(position)
    pieces = game.pieces()
    mine = [s for s, (c, _) in pieces.items() if c == colour]
    return E._own(game, colour, mine, pieces).formed


def test_a_well_formed_chain_earns_credit_only_if_it_can_grow_as_valued() -> None:
    assert formed(DEAD_END, "y") == 0
    assert formed(SHIFTED, "y") == 5
    assert formed(ONE_SHORT, "r") == 5
    assert formed(CORNERED, "r") == 0  # 1-2-3-4 with no room beside the 4


def test_shifting_a_dead_end_run_is_not_held_back_by_its_formed_credit() -> None:
    # The first adjustment of the shift breaks the run; with no credit to lose it
    # costs no more than the pass it is compared with (both hand red the tempo).
    game = Game.from_position(DEAD_END)
    game.play("c1+")
    shifted = E.colour_scores(game)["y"]
    game.undo()
    game.play("b8-a7")
    assert shifted > E.colour_scores(game)["y"]
