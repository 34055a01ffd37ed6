"""Fit the review's win-chance curve (``derive.ai.review.SCALE``) on arena games.

Seeded arena games are played between levels; every ``--every``-th position is
searched as the review searches it (``search_position`` at ``BUDGET`` nodes) and
paired with the mover's result (1 win, 0.5 draw, 0 loss).  The one parameter of
chance = 1 / (1 + exp(-score / scale)) is fitted by maximum likelihood on the
games of even index and judged on the others (log-loss and Brier score against a
constant 0.5).  With three or four seats (``--seats rby``, ``rbyg``: each side's score
against its strongest rival, a draw shared evenly), the scale is kept and an offset added
to the mover's log-odds is fitted instead, judged against a constant one in three or
four: a measurement of how far the review's one curve is from those games (AI.md), not
yet a figure the review uses.  Deterministic from its seed::

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


def game_points(args: tuple[int, str, str, int, int, int]) -> list[tuple[int, float, float]]:
    """(game index, mover's score, mover's result) for sampled positions of one game: a
    win 1, a loss 0, a draw shared evenly (0.5 between two sides)."""
    index, seats, rules, seed, every, max_plies = args
    players = players_of(index, seats)
    game = Game.new(seats, rules, seed=seed * 1_000_003 + index, max_plies=max_plies)
    rng = random.Random(seed * 7919 + index)
    sampled: list[tuple[str, float]] = []
    while not game.is_over:
        if game.ply % every == 0:
            found = search_position(game, BUDGET)
            assert found.score is not None
            if abs(found.score) < WIN_BOUND:  # a found win needs no curve
                sampled.append((game.seating.team_of(game.to_move), found.score))
        move, _ = players[game.to_move].move(game, rng.getrandbits(32))
        game.play(move)
    winner = game.winner
    draw = 1.0 / len(game.sides)
    return [
        (index, score, draw if winner is None else 1.0 if winner == mover else 0.0)
        for mover, score in sampled
    ]


def log_loss(
    points: list[tuple[float, float]],
    scale: float | None,
    offset: float = 0.0,
    constant: float = 0.5,
) -> tuple[float, float]:
    """Mean log-loss and Brier score of the curve (``None``: always ``constant``)."""
    ll = brier = 0.0
    for score, y in points:
        # The offset moves the curve's log-odds: a score of offset * scale more.
        p = constant if scale is None else win_chance(score + offset * scale, scale)
        p = min(max(p, 1e-6), 1 - 1e-6)
        ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return ll / len(points), brier / len(points)


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


def fit_offset(points: list[tuple[float, float]], scale: float) -> float:
    """The offset of least log-loss for ``scale``, added to the mover's log-odds."""
    return _least(lambda x: log_loss(points, scale, x)[0], -5.0, 5.0)


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
        "(an offset to the mover's log-odds, SCALE kept)",
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
    train = [(s, y) for i, s, y in points if i % 2 == 0]
    test = [(s, y) for i, s, y in points if i % 2 == 1]
    print(
        f"{args.games} {args.rules} games of {args.seats}, "
        f"{len(train)} train / {len(test)} held-out positions"
    )
    drawn = sum(1 for _, y in test if 0 < y < 1) / len(test)
    print(f"held-out positions from drawn games: {drawn:.1%}")
    curves: list[tuple[str, float | None, float]]
    if sides == 2:
        scale = fit(train)
        print(f"fitted scale: {scale:.3f} (budget {BUDGET} nodes)")
        curves = [("curve", scale, 0.0), (f"review's SCALE ({SCALE})", SCALE, 0.0)]
    else:
        offset = fit_offset(train, SCALE)
        print(f"fitted offset for {sides} sides: {offset:.3f} (SCALE {SCALE} kept)")
        for name, value in (("the review's curve", 0.0), ("with the offset", offset)):
            mean = sum(win_chance(s + value * SCALE) for s, _ in test) / len(test)
            print(f"held-out mean chance of the side to move, {name}: {mean:.3f}")
        curves = [
            ("curve with the fitted offset", SCALE, offset),
            ("the review's curve (no offset)", SCALE, 0.0),
        ]
    for name, scale_of, offset_of in [*curves, (f"constant 1/{sides}", None, 0.0)]:
        ll, brier = log_loss(test, scale_of, offset_of, constant=1 / sides)
        print(f"held-out {name}: log-loss {ll:.4f}, Brier {brier:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
