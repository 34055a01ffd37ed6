"""The searches themselves: alpha-beta equals plain minimax/expectimax, wins are
taken, an opponent's win in one is blocked (by best-reply search whoever makes it),
MCTS keeps to its budget."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest

from derive import Game, Move
from derive.ai import Search, alphabeta, choose_move
from derive.ai.alphabeta import AlphaBeta
from derive.ai.deepening import paranoid
from derive.ai.evaluate import WIN, evaluate, side_scores
from derive.ai.keys import position_key, push
from derive.ai.levels import level_spec
from derive.ai.mcts import MaxN
from tests.test_ai import random_game


def minimax(game: Game, depth: int, side: str, ply: int = 0) -> float:
    """The definition alpha-beta must agree with (with the root re-roll probe off):
    paranoid minimax, a re-roll the mean of its six results, searched as deep as
    the other moves at the root and judged as they stand below it."""
    if game.is_over:
        winner = game.winner
        return 0.0 if winner is None else WIN - ply if winner == side else ply - WIN
    if depth <= 0:
        return paranoid(evaluate(game), side)
    values = []
    for move in game.legal_moves():
        results = [move._replace(value=k) for k in range(1, 7)] if move.kind == "reroll" else [move]
        below = depth - 1 if move.kind != "reroll" or ply == 0 else 0
        total = 0.0
        for result in results:
            game.push(result)
            total += minimax(game, below, side, ply + 1)
            game.undo()
        values.append(total / len(results))
    mine = game.seating.team_of(game.to_move) == side
    return max(values) if mine else min(values)


@pytest.mark.parametrize(
    "rules,seats,seed",
    [
        ("L2", "ry", 1),
        ("L3", "ry", 2),
        ("L4", "rb", 3),
        ("L1", "rbyg", 4),
        ("L2", "ry/bg", 5),
        ("L2C", "rby", 6),
    ],
)
def test_alphabeta_equals_minimax(
    rules: str, seats: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(alphabeta, "REROLL_MARGIN", math.inf)
    game = random_game(rules, seats, seed, 24)
    side = game.seating.team_of(game.to_move)
    for depth in (1, 2, 3):
        search = AlphaBeta(
            game.copy(), evaluate=evaluate, rng=random.Random(0), max_depth=depth, quiescence=0
        )
        for _ in search.run():
            pass
        assert search.best_score == pytest.approx(minimax(game.copy(), depth, side))
        assert search.depth == depth


def test_root_rerolls_far_behind_are_not_searched_deeper(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root re-roll probe saves nodes, here without changing the choice or its value."""
    game = random_game("L2", "rbyg", 5, 30)
    assert any(m.kind == "reroll" for m in game.legal_moves())
    found = []
    for margin in (2.0, math.inf):
        monkeypatch.setattr(alphabeta, "REROLL_MARGIN", margin)
        search = AlphaBeta(game.copy(), evaluate=evaluate, rng=random.Random(0), max_depth=3)
        for _ in search.run():
            pass
        found.append((str(search.best_move), search.best_score, search.nodes))
    (probed, value, nodes), (deep, deep_value, deep_nodes) = found
    assert (probed, value) == (deep, pytest.approx(deep_value))
    assert nodes * 3 < deep_nodes


def test_incremental_keys_match_fresh_keys() -> None:
    game = random_game("L3", "rbyg", 11, 10)
    rng = random.Random(3)
    key = position_key(game)
    for _ in range(80):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        if move.kind == "reroll":
            move = move._replace(value=rng.randint(1, 6))
        key, _ = push(game, key, move)
        assert key == position_key(game)


WIN_IN_ONE = [
    ("r1b10,r2a9,r3c7,y1e5 r ry L2", {"c7-b8"}),
    ("y1c1,y2d2,y3f4,r2h6 y ry L2", {"f4-e3"}),
    ("r4e9,y2c3 r ry L1", {"e9-d10", "e9-f10"}),
]


@pytest.mark.parametrize("position,wins", WIN_IN_ONE)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_takes_a_win_in_one(position: str, wins: set[str], level: str) -> None:
    game = Game.from_position(position)
    assert wins == _winning_moves(game)
    for seed in range(3):
        assert str(choose_move(game, level, seed=seed, max_nodes=400)) in wins


def test_takes_generated_wins_in_one() -> None:
    """Positions met in random games where some move wins at once (random_game
    stops just before a random move ends the game)."""
    found = 0
    for seed in range(60):
        game = random_game("L1" if seed % 2 else "L2", "ry", seed, 400)
        wins = _winning_moves(game)
        if not wins or len(wins) == len(game.legal_moves()):
            continue
        found += 1
        assert str(choose_move(game, "hard", seed=seed, max_nodes=300)) in wins
        if found == 10:
            break
    assert found >= 5


def _winning_moves(game: Game) -> set[str]:
    side = game.seating.team_of(game.to_move)
    wins = set()
    for move in game.legal_moves():
        if move.kind == "reroll":
            continue
        game.push(move)
        if game.winner == side:
            wins.add(str(move))
        game.undo()
    return wins


BLOCKS = [
    # Yellow's c1-d2 needs a 3 on e3 (f4-e3); only d4-e3 stops it.
    "r2d4,r1a1,y1c1,y2d2,y3f4,y1d10 r ry L2",
    # Red's b10-a9 needs a 3 on b8; yellow must take c7 or fill b8.
    "r1b10,r2a9,r3c7,y4d6,y1e5,y1f10 y ry L2",
]


@pytest.mark.parametrize("position", BLOCKS)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_a_win_in_one(position: str, level: str) -> None:
    game = Game.from_position(position)
    assert any(_replies_win(game, m) for m in game.legal_moves() if m.kind != "reroll")
    for seed in range(3):
        move = choose_move(game, level, seed=seed, max_nodes=6000)
        assert not _replies_win(game, move), (level, seed, move)


def _replies_win(game: Game, move: object) -> bool:
    """After ``move``, can the opponent win at once (a re-roll aside)?"""
    game.push(move)  # type: ignore[arg-type]
    try:
        return bool(_winning_moves(game))
    finally:
        game.undo()


@pytest.mark.parametrize("position", BLOCKS)
def test_late_move_reduction_still_blocks_a_win_in_one(position: str) -> None:
    # Reducing from the second move on is the harshest setting; a blocking move
    # ordered late must still be found.
    spec = dataclasses.replace(level_spec("hard"), reduce=1)
    game = Game.from_position(position)
    for seed in range(3):
        move = Search(game, spec=spec, seed=seed, max_nodes=6000).finish().best_move
        assert not _replies_win(game, move), (seed, move)


# Late in an L3 game (arena seed 1, game 7, ply 64), 55 legal moves: at 10,000
# nodes the full-width search ends at two plies.
L3_LATE = "r6i1,r1b2,y6d4,y2c5,r2g5,y5b6,r5f6,y4c7,r3i7,y3b8,y1f8,r4j8,y2c9,y1d10,y1f10 y ry L3"


def test_late_move_reduction_gains_a_ply_at_the_same_budget() -> None:
    game = Game.from_position(L3_LATE)
    depths = []
    for reduce in (0, 3):
        search = AlphaBeta(game.copy(), evaluate=evaluate, rng=random.Random(0), reduce=reduce)
        search.node_limit = 10_000
        for _ in search.run():
            pass
        assert search.nodes == 10_000 and search.best_move in game.legal_moves()
        depths.append(search.depth)
    assert depths[1] > depths[0] >= 2, depths


# Yellow's c1-d2 needs a 3 on e3 (f4-e3); blue moves between red and yellow.
FOUR_BLOCK = "r2d4,r1a1,y1c1,y2d2,y3f4,y1d10,b1j6,g1a5 r rbyg L2"


@pytest.mark.parametrize("depth", [2, 3])
def test_best_reply_sees_a_threat_from_any_opponent(depth: int) -> None:
    # Paranoid search to depth 2 sees only blue's reply; best-reply search sees
    # yellow's win among all the opponents' replies, and at depth 3 the re-roll must
    # not hide it (a re-roll once went unanswered there).
    game = Game.from_position(FOUR_BLOCK)
    search = AlphaBeta(
        game.copy(), evaluate=evaluate, rng=random.Random(1), max_depth=depth, best_reply=True
    )
    for _ in search.run():
        pass
    assert str(search.best_move) == "d4-e3"
    game.push(search.best_move)
    game.push(next(m for m in game.legal_moves() if m.kind != "reroll"))
    assert not _winning_moves(game)


def test_best_reply_layer_is_one_ply_of_all_opponents() -> None:
    """At depth 2 a layer's value is the worst, over every opponent's every move (the
    others playing their likeliest move), of the static value: checked against a
    plain enumeration, with one fixed rule for the likeliest move in both."""
    game = random_game("L2", "rby", 7, 16)
    side = game.seating.team_of(game.to_move)
    assert len({game.seating.team_of(c) for c in game.seating.colours}) == 3

    def likeliest(at: Game) -> Move:
        return next(m for m in at.legal_moves() if m.kind != "reroll")

    def outcomes(move: Move) -> list[Move]:
        return [move._replace(value=k) for k in range(1, 7)] if move.kind == "reroll" else [move]

    def layer() -> float:
        movers = list(itertools.takewhile(lambda c: c != side, game.turn_order()))
        worst = math.inf
        for i in range(len(movers)):
            if i:
                game.push(likeliest(game))
            for move in game.legal_moves():
                total = 0.0
                for result in outcomes(move):
                    game.push(result)
                    for _ in movers[i + 1 :]:
                        game.push(likeliest(game))
                    total += paranoid(evaluate(game), side)
                    for _ in movers[i:]:
                        game.undo()
                worst = min(worst, total / len(outcomes(move)))
        for _ in movers[1:]:
            game.undo()
        return worst

    best = -math.inf
    for move in game.legal_moves():
        total = 0.0
        for result in outcomes(move):
            game.push(result)
            total += layer()
            game.undo()
        best = max(best, total / len(outcomes(move)))

    search = AlphaBeta(
        game.copy(),
        evaluate=evaluate,
        rng=random.Random(1),
        max_depth=2,
        quiescence=0,
        best_reply=True,
    )
    search._likeliest = lambda ply: likeliest(search.game)  # type: ignore[method-assign]
    for _ in search.run():
        pass
    assert search.best_score == pytest.approx(best)


def test_mcts_node_budget_and_legality_in_free_for_all() -> None:
    game = random_game("L2", "rbyg", 12, 30)
    search = MaxN(game.copy(), evaluate=evaluate, rng=random.Random(1))
    search.node_limit = 700
    for _ in search.run():
        pass
    assert search.nodes == 700
    assert game.is_legal(search.best_move)
    assert 0.0 <= search.best_score <= 1.0


def test_side_scores_rate_a_won_game() -> None:
    game = Game.from_position("r1b10,r2a9,r3b8,y1e5 y ry L2")
    assert side_scores(game) == {"r": WIN, "y": 0.0}


@pytest.mark.parametrize(
    ("seats", "cut"), [("ry", 2), ("rby", 3), ("rbyg", 4), ("ry/bg", 2), ("rb/yg", 4), ("rg/by", 4)]
)
def test_rerolls_are_searched_shallower_by_whole_rounds(seats: str, cut: int) -> None:
    # The leaves below a re-roll must fall to the same side as everywhere else:
    # a cut of 2 in four-player games once made a re-roll at home look best all game.
    game = Game.new(seats, "L2", seed=1)
    assert AlphaBeta(game, evaluate=evaluate, rng=random.Random(1)).chance_reduction == cut


def test_rivalry_applies_only_with_three_or_more_sides() -> None:
    two = AlphaBeta(
        Game.new("ry", "L2", seed=1), evaluate=evaluate, rng=random.Random(1), rivalry=0.5
    )
    four = AlphaBeta(
        Game.new("rbyg", "L2", seed=1), evaluate=evaluate, rng=random.Random(1), rivalry=0.5
    )
    assert (two.rivalry, four.rivalry) == (1.0, 0.5)
    assert paranoid({"r": 3.0, "b": 2.0, "y": 4.0}, "r", 0.5) == 1.0
