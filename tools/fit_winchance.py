"""Fit the review's win-chance curve (``derive.ai.review.SCALE``) on arena games.

Seeded arena games are played between levels; every ``--every``-th position is
searched as the review searches it (``search_position`` at ``BUDGET`` nodes) and
paired with the mover's result (1 win, 0.5 draw, 0 loss).  The one parameter of
chance = 1 / (1 + exp(-score / scale)) is fitted by maximum likelihood on the
games of even index and judged on the others (log-loss and Brier score against a
constant 0.5).  With three or four seats (``--seats rby``, ``rbyg``; a draw shared
evenly) nothing is fitted: the mover's chance as the review gives it
(``many_chances``, at the two-sided scale) is judged on every game against a constant
one in three or four, and its mean against how often the mover won (AI.md).
Deterministic from its seed::

    python -m tools.fit_winchance --games 40 --jobs 2
    python -m tools.fit_winchance --seats rby --games 36 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections.abc import Callable

from derive.ai.evaluate import WIN_BOUND
from derive.ai.review import BUDGET, SCALE, search_position, win_chance
from derive.arena import Player
from derive.game import Game

PAIRS = (
    ("medium:nodes=1000", "medium:nodes=1000"),
    ("medium:nodes=1000", "easy"),
    ("hard:nodes=2000", "medium:nodes=1000"),
)


LEVELS = ("medium:nodes=1000", "easy", "hard:nodes=2000")
"""With three or four seats: the levels, seated in turn from a game's index on."""


def players_of(index: int, seats: str) -> dict[str, Player]:
    """Each seat's player in game ``index``: two seats play ``PAIRS`` (the first level
    red in even games, yellow in odd ones), more seats ``LEVELS`` in turn."""
    if len(seats) == 2:
        first, second = PAIRS[index % len(PAIRS)]
        mine = seats[0] if index % 2 == 0 else seats[1]
        return {c: Player.parse(first if c == mine else second) for c in seats}
    return {c: Player.parse(LEVELS[(index + k) % len(LEVELS)]) for k, c in enumerate(seats)}


def game_points(
    args: tuple[int, str, str, int, int, int],
) -> list[tuple[int, float, float, float]]:
    """(game index, mover's score, mover's chance as the review gives it, mover's result)
    for sampled positions of one game: a win 1, a loss 0, a draw shared evenly (0.5
    between two sides)."""
    index, seats, rules, seed, every, max_plies = args
    players = players_of(index, seats)
    game = Game.new(seats, rules, seed=seed * 1_000_003 + index, max_plies=max_plies)
    rng = random.Random(seed * 7919 + index)
    sampled: list[tuple[str, float, float]] = []
    while not game.is_over:
        if game.ply % every == 0:
            found = search_position(game, BUDGET)
            assert found.score is not None
            if abs(found.score) < WIN_BOUND:  # a found win needs no curve
                mover = game.seating.team_of(game.to_move)
                sampled.append((mover, found.score, found.chances[mover]))
        move, _ = players[game.to_move].move(game, rng.getrandbits(32))
        game.play(move)
    winner = game.winner
    draw = 1.0 / len(game.sides)
    return [
        (index, score, chance, draw if winner is None else 1.0 if winner == mover else 0.0)
        for mover, score, chance in sampled
    ]


def judged(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """Mean log-loss and Brier score of chances against results, (chance, result) each."""
    ll = brier = 0.0
    for chance, y in pairs:
        p = min(max(chance, 1e-6), 1 - 1e-6)
        ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return ll / len(pairs), brier / len(pairs)


def log_loss(
    points: list[tuple[float, float]], scale: float | None, constant: float = 0.5
) -> tuple[float, float]:
    """``judged`` for the curve at ``scale`` of (score, result) points (``None``: always
    ``constant``)."""
    return judged([(constant if scale is None else win_chance(s, scale), y) for s, y in points])


def _least(loss: Callable[[float], float], lo: float, hi: float) -> float:
    """Where ``loss`` is least between ``lo`` and ``hi`` (golden-section search)."""
    g = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def fit(points: list[tuple[float, float]]) -> float:
    """The scale of least log-loss (searched over its logarithm)."""
    least = _least(lambda x: log_loss(points, math.exp(x))[0], math.log(0.1), math.log(200.0))
    return math.exp(least)


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
    parser.add_argument(
        "--seats",
        default="ry",
        help="the colours seated, one side each: ry (the scale is fitted), or rby and rbyg "
        "(the review's chances judged, nothing fitted)",
    )
    args = parser.parse_args(argv)
    sides = len(args.seats)
    if not args.seats.isalpha() or not 2 <= sides <= 4:
        parser.error("--seats: two to four colours, one side each (no teams)")
    tasks = [
        (i, args.seats, args.rules, args.seed, args.every, args.max_plies)
        for i in range(args.games)
    ]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = pool.map(game_points, tasks)
    points = [p for game in results for p in game]
    if sides > 2:
        # Nothing fitted: every game is held out.
        given = [(chance, y) for _, _, chance, y in points]
        print(f"{args.games} {args.rules} games of {args.seats}, {len(given)} positions")
        mean = sum(p for p, _ in given) / len(given)
        won = sum(y for _, y in given) / len(given)
        print(f"mean chance of the side to move: {mean:.3f}; its mean result: {won:.3f}")
        for name, chances in (
            ("the review's chances", given),
            (f"constant 1/{sides}", [(1 / sides, y) for _, y in given]),
        ):
            ll, brier = judged(chances)
            print(f"{name}: log-loss {ll:.4f}, Brier {brier:.4f}")
        return 0
    train = [(s, y) for i, s, _, y in points if i % 2 == 0]
    test = [(s, y) for i, s, _, y in points if i % 2 == 1]
    print(
        f"{args.games} {args.rules} games of {args.seats}, "
        f"{len(train)} train / {len(test)} held-out positions"
    )
    drawn = sum(1 for _, y in test if 0 < y < 1) / len(test)
    print(f"held-out positions from drawn games: {drawn:.1%}")
    scale = fit(train)
    print(f"fitted scale: {scale:.3f} (budget {BUDGET} nodes)")
    for name, scale_of in (
        ("curve", scale),
        (f"review's SCALE ({SCALE})", SCALE),
        ("constant 0.5", None),
    ):
        ll, brier = log_loss(test, scale_of)
        print(f"held-out {name}: log-loss {ll:.4f}, Brier {brier:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
