"""Fit the review's win-chance curve (``derive.ai.review.SCALE``) on arena games.

Seeded arena games are played between levels; every ``--every``-th position is
searched as the review searches it (``search_position`` at ``BUDGET`` nodes) and
paired with the mover's result (1 win, 0.5 draw, 0 loss).  The one parameter of
chance = 1 / (1 + exp(-score / scale)) is fitted by maximum likelihood on the
games of even index and judged on the others (log-loss and Brier score against a
constant 0.5).  Deterministic from its seed::

    python -m tools.fit_winchance --games 40 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys

from derive.ai.evaluate import WIN_BOUND
from derive.ai.review import BUDGET, SCALE, search_position, win_chance
from derive.arena import Player
from derive.game import Game

PAIRS = (
    ("medium:nodes=1000", "medium:nodes=1000"),
    ("medium:nodes=1000", "easy"),
    ("hard:nodes=2000", "medium:nodes=1000"),
)


def game_points(args: tuple[int, str, int, int, int]) -> list[tuple[int, float, float]]:
    """(game index, mover's score, mover's result) for sampled positions of one game."""
    index, rules, seed, every, max_plies = args
    first, second = PAIRS[index % len(PAIRS)]
    players = (Player.parse(first), Player.parse(second))
    game = Game.new("ry", rules, seed=seed * 1_000_003 + index, max_plies=max_plies)
    mine = "r" if index % 2 == 0 else "y"
    rng = random.Random(seed * 7919 + index)
    sampled: list[tuple[str, float]] = []
    while not game.is_over:
        if game.ply % every == 0:
            found = search_position(game, BUDGET)
            assert found.score is not None
            if abs(found.score) < WIN_BOUND:  # a found win needs no curve
                sampled.append((game.to_move, found.score))
        who = 0 if game.to_move == mine else 1
        move, _ = players[who].move(game, rng.getrandbits(32))
        game.play(move)
    winner = game.winner
    return [
        (index, score, 0.5 if winner is None else 1.0 if winner == mover else 0.0)
        for mover, score in sampled
    ]


def log_loss(points: list[tuple[float, float]], scale: float | None) -> tuple[float, float]:
    """Mean log-loss and Brier score of the curve (``None``: always 0.5)."""
    ll = brier = 0.0
    for score, y in points:
        p = 0.5 if scale is None else min(max(win_chance(score, scale), 1e-6), 1 - 1e-6)
        ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return ll / len(points), brier / len(points)


def fit(points: list[tuple[float, float]]) -> float:
    """The scale of least log-loss (golden-section search over log scale)."""
    lo, hi = math.log(0.1), math.log(200.0)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if log_loss(points, math.exp(a))[0] < log_loss(points, math.exp(b))[0]:
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rules", default="L2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--max-plies",
        type=int,
        default=120,
        help="the games' ply limit: 120 for L2; L3 games between these levels run longer (300)",
    )
    args = parser.parse_args(argv)
    tasks = [(i, args.rules, args.seed, args.every, args.max_plies) for i in range(args.games)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = pool.map(game_points, tasks)
    points = [p for game in results for p in game]
    train = [(s, y) for i, s, y in points if i % 2 == 0]
    test = [(s, y) for i, s, y in points if i % 2 == 1]
    scale = fit(train)
    print(f"{args.games} {args.rules} games, {len(train)} train / {len(test)} held-out positions")
    print(f"fitted scale: {scale:.3f} (budget {BUDGET} nodes)")
    drawn = sum(1 for _, y in test if y == 0.5) / len(test)
    print(f"held-out positions from drawn games: {drawn:.1%}")
    curves = (("curve", scale), (f"review's SCALE ({SCALE})", SCALE), ("constant 0.5", None))
    for name, value in curves:
        ll, brier = log_loss(test, value)
        print(f"held-out {name}: log-loss {ll:.4f}, Brier {brier:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
