"""How the review judges players of known strength: a measurement, not a fit.

Seeded games are played by the arena's levels seated in turn (``--levels``, one a seat,
rotated a seat each game), and each game is reviewed by the review's first pass
(``derive.ai.review.Review`` at ``BUDGET`` nodes, no second pass, no rollouts: the
judgement the rest refines).  Printed per level: its moves judged, the mean chance a
move gave away, the share of its moves marked (an inaccuracy or worse) and its accuracy
over all its moves (``accuracy``, the review's own figure).  A review worth its name
judges ``random`` below the others and ``hard`` above them (AI.md, "Three or four
sides").  Deterministic from its seed::

    python -m tools.judge_levels --seats rby --games 20 --jobs 2
    python -m tools.judge_levels --seats rbyg --levels medium,random,easy,hard:nodes=2000
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys

from derive.ai.review import BUDGET, Review, accuracy
from derive.arena import Player
from derive.game import Game


def seated(levels: list[str], seats: str, index: int) -> dict[str, str]:
    """Each seat's level in game ``index``: the list rotated by one seat a game."""
    return {c: levels[(index + k) % len(levels)] for k, c in enumerate(seats)}


def judged(args: tuple[int, str, list[str], str, int, int]) -> list[tuple[str, float, bool]]:
    """(level, loss, marked) for every move of one game, reviewed by the first pass."""
    index, seats, levels, rules, seed, max_plies = args
    level_of = seated(levels, seats, index)
    players = {c: Player.parse(level) for c, level in level_of.items()}
    game = Game.new(seats, rules, seed=seed * 1_000_003 + index, max_plies=max_plies)
    rng = random.Random(seed * 7919 + index)
    while not game.is_over:
        move, _ = players[game.to_move].move(game, rng.getrandbits(32))
        game.play(move)
    analysis = Review(game, BUDGET, deep=0, rollouts=0).finish()
    colour_of = {game.seating.team_of(c): c for c in seats}
    return [
        (level_of[colour_of[e["mover"]]], float(e["loss"]), e["label"] is not None)
        for e in analysis.plies
        if "mover" in e
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="rby", help="one side a colour: ry, rby or rbyg")
    parser.add_argument("--levels", default="medium,random,easy,hard:nodes=2000")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rules", default="L2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if not args.seats.isalpha() or not 2 <= len(args.seats) <= 4:
        parser.error("--seats: two to four colours, one side each (no teams)")
    levels = args.levels.split(",")
    tasks = [
        (i, args.seats, levels, args.rules, args.seed, args.max_plies) for i in range(args.games)
    ]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        games = pool.map(judged, tasks)
    sides = len(args.seats)
    print(f"{args.games} {args.rules} games of {args.seats}, {args.levels}, seed {args.seed}")
    for level in levels:
        moves = [(loss, marked) for game in games for lv, loss, marked in game if lv == level]
        if not moves:
            continue
        mean = sum(loss for loss, _ in moves) / len(moves)
        marked = sum(1 for _, m in moves if m) / len(moves)
        figure = accuracy((loss for loss, _ in moves), sides)
        print(
            f"{level:>18}: {len(moves):4} moves, mean loss {mean:.3f}, "
            f"marked {marked:.1%}, accuracy {figure:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
