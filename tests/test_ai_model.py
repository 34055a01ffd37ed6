"""Opponent-model search (``many=model``): the others play the move their own
judgement prefers, a round of the table is searched between two of our moves."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from derive import Game, Move
from derive.ai import Search
from derive.ai.deepening import paranoid
from derive.ai.evaluate import WIN, evaluate
from derive.ai.levels import level_spec
from derive.ai.model import FORECAST, ModelSearch
from tests.test_ai import random_game
from tests.test_ai_search import FOUR_BLOCK, _winning_moves


def _search(game: Game, **options: object) -> ModelSearch:
    search = ModelSearch(game.copy(), evaluate=evaluate, rng=random.Random(1), **options)  # type: ignore[arg-type]
    for _ in search.run():
        pass
    return search


def _forecast(game: Game) -> Move:
    """The definition: the mover's non-re-roll move after which it stands best
    against its strongest rival by the forecast's judgement (a win above all), the
    first such in legal order."""
    side = game.seating.team_of(game.to_move)
    best, best_move = -math.inf, None
    for move in game.legal_moves():
        if move.kind == "reroll":
            continue
        game.push(move)
        if game.is_over:
            value = WIN if game.winner == side else 0.0 if game.winner is None else -WIN
        else:
            value = paranoid(FORECAST(game), side)
        game.undo()
        if value > best:
            best, best_move = value, move
    assert best_move is not None
    return best_move


def _one_round(game: Game, side: str, rivalry: float) -> float:
    """Our move is played: the others reply as forecast, then the position is judged."""
    played = 0
    while not game.is_over and game.seating.team_of(game.to_move) != side:
        game.push(_forecast(game))
        played += 1
    if game.is_over:
        value = WIN if game.winner == side else 0.0 if game.winner is None else -WIN
    else:
        value = paranoid(evaluate(game), side, rivalry)
    for _ in range(played):
        game.undo()
    return value


@pytest.mark.parametrize(("seats", "seed"), [("rbyg", 3), ("rby", 4), ("rbyg", 11)])
def test_one_round_is_our_move_then_each_forecast_reply(seats: str, seed: int) -> None:
    game = random_game("L2", seats, seed, 24)
    side = game.seating.team_of(game.to_move)
    best = -math.inf
    for move in game.legal_moves():
        results = [move._replace(value=k) for k in range(1, 7)] if move.kind == "reroll" else [move]
        total = 0.0
        for result in results:
            game.push(result)
            total += _one_round(game, side, 0.5)
            game.undo()
        best = max(best, total / len(results))
    search = _search(game, rivalry=0.5, max_depth=1)
    # Wins are scored by distance in the search, not in the definition.
    assert search.best_score == pytest.approx(best) or abs(best) == WIN


def test_takes_a_win_in_one_with_four_players() -> None:
    game = Game.from_position("r1b10,r2a9,r3c7,y1e5,b1j6,g1a5 r rbyg L2")
    assert _winning_moves(game) == {"c7-b8"}
    assert str(_search(game, max_depth=2).best_move) == "c7-b8"


def test_blocks_a_later_opponents_win_in_one() -> None:
    # Yellow threatens f4-e3; blue moves first and is not expected to stop it.
    game = Game.from_position(FOUR_BLOCK)
    search = _search(game, max_depth=1)
    assert str(search.best_move) == "d4-e3"


def test_node_budget_is_exact_and_the_move_legal() -> None:
    game = random_game("L2", "rbyg", 12, 30)
    for budget in (1, 50, 700):
        search = ModelSearch(game.copy(), evaluate=evaluate, rng=random.Random(1))
        search.node_limit = budget
        for _ in search.run():
            pass
        assert search.nodes == budget
        assert game.is_legal(search.best_move)


def test_the_level_option_selects_it_and_is_reproducible() -> None:
    game = random_game("L2", "rbyg", 6, 30)
    spec = dataclasses.replace(level_spec("hard"), many="model")
    first = Search(game, "hard", seed=3, max_nodes=2000, spec=spec)
    assert isinstance(first._engine, ModelSearch)
    again = Search(game, "hard", seed=3, max_nodes=2000, spec=spec)
    sliced = Search(game, "hard", seed=3, max_nodes=2000, spec=spec)
    while not sliced.step(0.002).done:
        pass
    assert first.finish() == again.finish() == sliced.progress()
    assert game.is_legal(first.best_move)


def test_two_sides_keep_alpha_beta() -> None:
    spec = dataclasses.replace(level_spec("hard"), many="model")
    for seats in ("ry", "ry/bg"):
        search = Search(random_game("L2", seats, 2, 20), "hard", max_nodes=100, spec=spec)
        assert not isinstance(search._engine, ModelSearch)


def test_a_penalty_turns_it_away_from_its_best_root_move() -> None:
    game = random_game("L2", "rbyg", 9, 30)
    plain = _search(game, max_depth=1)
    turned = _search(game, max_depth=1, penalty={plain.best_move: 1_000.0})
    assert turned.best_move != plain.best_move
    # The score reported is the move's value, the penalty aside.
    assert turned.best_score <= plain.best_score
