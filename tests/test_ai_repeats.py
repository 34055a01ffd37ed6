"""The root's memory of the layouts a player's dice already stood in (shuffling)."""

from __future__ import annotations

import dataclasses
import random

from derive import Game
from derive.ai.alphabeta import AlphaBeta
from derive.ai.evaluate import evaluate
from derive.ai.levels import level_spec
from derive.ai.repeats import layouts_seen, own_layout, repeats
from derive.ai.search import Search
from derive.notation import REROLL, Move


def shuffled() -> Game:
    """Red stepped c1-d2 and back while yellow stepped h10-g9 and back."""
    game = Game.from_position("r3c1,y3h10 r ry L2", seed=5)
    for move in ("c1-d2", "h10-g9", "d2-c1", "g9-h10"):
        game.play(move)
    return game


def test_layouts_are_counted_after_the_players_own_moves_only() -> None:
    game = shuffled()
    before = game.to_position()
    seen = layouts_seen(game, "r")
    assert sum(seen.values()) == 2  # one layout per red move
    assert seen[own_layout(game, "r")] == 1  # back on c1
    assert game.to_position() == before and len(game.moves) == 4  # untouched


def test_a_move_back_to_a_layout_seen_is_counted_and_a_new_one_is_not() -> None:
    found = {str(m): n for m, n in repeats(shuffled()).items()}
    assert found == {"c1-d2": 1}
    # A fresh game has no history, so nothing repeats.
    assert repeats(Game.from_position("r3c1,y3h10 r ry L2")) == {}


def test_re_rolls_are_never_counted() -> None:
    game = Game.from_position("r3c1,y3h10 r ry L2", seed=5)
    for move in ("c1?", "h10?", "c1?", "h10?"):
        game.play(move)
    assert all(m.kind != REROLL for m in repeats(game))


def test_a_penalty_turns_the_search_away_from_its_best_root_move() -> None:
    game = shuffled()

    def best(penalty: dict[Move, float] | None) -> Move:
        search = AlphaBeta(
            game.copy(), evaluate=evaluate, rng=random.Random(1), max_depth=2, penalty=penalty
        )
        for _ in search.run():
            pass
        return search.best_move

    plain = best(None)
    assert best({plain: 1_000.0}) != plain
    assert best({m: 1_000.0 for m in game.legal_moves() if m != plain}) == plain


def test_a_level_with_a_repetition_weight_never_goes_back() -> None:
    game = shuffled()
    plain = Search(game, "hard", seed=1, max_nodes=3_000).finish().best_move
    spec = dataclasses.replace(level_spec("hard"), repetition=1_000.0)
    wary = Search(game, spec=spec, seed=1, max_nodes=3_000).finish().best_move
    assert wary not in repeats(game)
    assert Search(game, "hard", seed=1, max_nodes=3_000).finish().best_move == plain
    assert level_spec("hard").repetition == 0.0  # off by default until the arena says so
