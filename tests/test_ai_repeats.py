"""The root's memory of the positions the game already stood in (loops)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from derive import Game
from derive.ai import LEVELS, keys
from derive.ai.alphabeta import AlphaBeta
from derive.ai.evaluate import evaluate
from derive.ai.levels import level_spec
from derive.ai.repeats import positions_seen, repeats
from derive.ai.search import Search
from derive.notation import REROLL, Move

DATA = Path(__file__).parent / "data"


def shuffled() -> Game:
    """Red stepped c1-d2 and back while yellow stepped h10-g9 and back."""
    game = Game.from_position("r3c1,y3h10 r ry L2", seed=5)
    for move in ("c1-d2", "h10-g9", "d2-c1", "g9-h10"):
        game.play(move)
    return game


def test_every_position_from_the_start_is_counted() -> None:
    game = shuffled()
    before = game.to_position()
    seen = positions_seen(game)
    assert sum(seen.values()) == 5  # the start and one position per move
    assert seen[keys.position_key(game)] == 2  # back where the game began
    assert game.to_position() == before and len(game.moves) == 4  # untouched


def test_a_move_into_a_position_seen_is_counted_and_a_new_one_is_not() -> None:
    found = {str(m): n for m, n in repeats(shuffled()).items()}
    assert found == {"c1-d2": 1}  # the loop again: red to d2 with yellow on h10
    # A fresh game has no history, so nothing repeats.
    assert repeats(Game.from_position("r3c1,y3h10 r ry L2")) == {}


def test_going_back_while_the_opponent_moves_on_is_no_loop() -> None:
    """Red's die returns to c1, but yellow's stands elsewhere each time."""
    game = Game.from_position("r3c1,y3h10 r ry L2", seed=5)
    for move in ("c1-d2", "h10-g9", "d2-c1", "g9-f8"):
        game.play(move)
    assert repeats(game) == {}


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


def test_a_repetition_weight_spares_the_first_return_only() -> None:
    once = shuffled()  # c1-d2 leads where the game stood once
    twice = shuffled()
    for move in ("c1-d2", "h10-g9", "d2-c1", "g9-h10"):
        twice.play(move)  # and now twice
    spec = dataclasses.replace(level_spec("hard"), repetition=1_000.0)
    assert Search(once, spec=spec, seed=1, max_nodes=10).penalty == {}
    assert Search(twice, spec=spec, seed=1, max_nodes=10).penalty == {Move.parse("c1-d2"): 1_000.0}
    blind = dataclasses.replace(spec, repetition=0.0)
    assert Search(twice, spec=blind, seed=1, max_nodes=10).penalty == {}


def loop() -> Game:
    """An L3 game between `hard` (red) and `medium` at ply 300: since ply 236 red has
    stepped f2-g3 and back while yellow stepped e3-f4 and back (arena, seed 1, game 4)."""
    return Game.from_record(json.loads((DATA / "loop_l3.json").read_text()))


def test_hard_breaks_a_loop_that_it_would_keep_without_the_history() -> None:
    game = loop()
    assert {str(m): n for m, n in repeats(game).items()} == {"f2-g3": 16}
    blind = Game.from_position(game.to_position())  # the same position, no history
    # `hard` as it was when it played this loop: the late-move reduction it gained
    # since happens to prefer another move here even without the history.
    spec = dataclasses.replace(level_spec("hard"), reduce=0)
    assert str(Search(blind, spec=spec, seed=1, max_nodes=5_000).finish().best_move) == "f2-g3"
    assert str(Search(game, spec=spec, seed=1, max_nodes=5_000).finish().best_move) != "f2-g3"


def test_only_hard_minds_repetition() -> None:
    assert level_spec("hard").repetition > 0
    assert all(level_spec(name).repetition == 0 for name in LEVELS if name != "hard")
