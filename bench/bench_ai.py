"""AI speed on CPython: search nodes per second and depth reached in 1 s, next to
the engine's raw move rate (legal_moves + push + undo) measured in the same run.

    PYTHONPATH=. python bench/bench_ai.py [--seconds 1.0]

Positions are reached by seeded self-play of the easy level, so runs compare.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from derive import Game
from derive.ai import Search, choose_move
from derive.ai.evaluate import evaluate
from derive.ai.keys import position_key, push


def midgame(rules: str, seats: str, plies: int, seed: int) -> Game:
    game = Game.new(seats, rules, seed=seed)
    while game.ply < plies and not game.is_over:
        game.play(choose_move(game, "easy", seed=game.ply, max_nodes=60))
    return game


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per second over about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


def raw_moves(game: Game) -> Callable[[], int]:
    """The reference: what one search node costs the engine alone."""

    def work() -> int:
        moves = game.legal_moves()
        for move in moves:
            game.push(move._replace(value=3) if move.kind == "reroll" else move)
            game.legal_moves()
            game.undo()
        return len(moves)

    return work


def keyed_moves(game: Game, by_text: bool) -> Callable[[], int]:
    """The same with a position key per node: Zobrist kept up to date, or a hash
    of the position text."""

    def work() -> int:
        moves = game.legal_moves()
        key = position_key(game)
        for move in moves:
            move = move._replace(value=3) if move.kind == "reroll" else move
            if by_text:
                game.push(move)
                hash(game.to_position())
            else:
                push(game, key, move)
            game.legal_moves()
            game.undo()
        return len(moves)

    return work


def evaluations(game: Game) -> Callable[[], int]:
    def work() -> int:
        evaluate(game)
        return 1

    return work


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    seconds = args.seconds
    print(
        f"| position | raw moves/s | +Zobrist | +text hash | evals/s | "
        f"hard nodes/s | depth in {seconds:g} s | medium depth |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for rules, seats, plies in (
        ("L2", "ry", 24),
        ("L3", "ry", 40),
        ("L2", "rbyg", 24),
        ("L2", "ry/bg", 24),
    ):
        game = midgame(rules, seats, plies, seed=7)
        raw = rate(raw_moves(game.copy()), seconds)
        zobrist = rate(keyed_moves(game.copy(), False), seconds)
        text = rate(keyed_moves(game.copy(), True), seconds)
        evals = rate(evaluations(game), seconds)
        search = Search(game, "hard", seed=1, max_time=seconds)
        start = time.perf_counter()
        progress = search.finish()
        elapsed = time.perf_counter() - start
        medium = Search(game, "medium", seed=1, max_time=seconds)
        medium_progress = medium.finish()
        print(
            f"| {rules} {seats} ply {game.ply} | {raw:,.0f} | {zobrist:,.0f} | {text:,.0f} "
            f"| {evals:,.0f} | {progress.nodes / elapsed:,.0f} | {progress.depth} "
            f"| {medium_progress.depth} |"
        )


if __name__ == "__main__":
    main()
