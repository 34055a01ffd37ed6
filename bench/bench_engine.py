"""Random-playout throughput of the rules engine against python-chess.

Per ply both sides do the same work through their public API: generate the
legal moves, pick one at random, play it (Dérive's ``play`` also validates the
move and detects a win).  Games stop at a winner, at no legal move (chess) or at
300 plies.  The two engines run interleaved, several rounds, in the same process,
so machine noise hits both; the best round of each is reported.

    python bench/bench_engine.py [--seconds 2] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess  # noqa: E402  (dev-only reference)

from derive import Game  # noqa: E402

MAX_PLIES = 300


def derive_playouts(rule_set: str) -> Callable[[float], float]:
    def run(seconds: float) -> float:
        rng = random.Random(1)
        plies = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            seed += 1
            game = Game.new("ry", rule_set, seed=seed, max_plies=MAX_PLIES)
            while True:
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
                plies += 1
        return plies / (time.perf_counter() - start)

    return run


def chess_playouts(seconds: float) -> float:
    rng = random.Random(1)
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        for _ in range(MAX_PLIES):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            plies += 1
    return plies / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measure and round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runners = {
        "python-chess": chess_playouts,
        "derive L2": derive_playouts("L2"),
        "derive L3": derive_playouts("L3"),
    }
    best = dict.fromkeys(runners, 0.0)
    for _ in range(args.rounds):
        for name, run in runners.items():
            best[name] = max(best[name], run(args.seconds))
    reference = best["python-chess"]
    print(f"random playouts, plies per second (best of {args.rounds} rounds of {args.seconds} s)")
    print(f"{'engine':<14} {'plies/s':>10} {'vs chess':>9}")
    for name, rate in best.items():
        print(f"{name:<14} {rate:>10,.0f} {rate / reference:>8.2f}x")
    slow = [n for n in ("derive L2", "derive L3") if best[n] < reference]
    print("goal (Dérive ≥ python-chess on L2 and L3):", "met" if not slow else f"MISSED {slow}")


if __name__ == "__main__":
    main()
