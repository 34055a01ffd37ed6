"""One measurement of the AI's search, shared by CPython and the Pyodide page
(``bench_ai_browser.py`` ships this file into the browser), so both runtimes
do exactly the same work."""

from __future__ import annotations

import random
import time

from derive import Game
from derive.ai import Search


def midgame(rule_set: str, plies: int, seed: int, seats: str = "ry") -> str:
    """A reproducible position some ``plies`` into a game: random moves, but
    enters and forward steps preferred so the board fills up."""
    rng = random.Random(seed)
    game = Game.new(seats, rule_set, seed=seed, start="r")
    for _ in range(plies):
        moves = game.legal_moves()
        if game.is_over or not moves:
            break
        busy = [m for m in moves if m.kind in ("enter", "move", "capture")]
        game.play(rng.choice(busy or moves))
        if game.is_over:
            game.undo()
            break
    return game.to_position()


def best_rate(position: str, level: str, seconds: float, runs: int = 3) -> dict[str, float]:
    """The fastest of ``runs`` searches, after a short warm-up one (first calls
    pay for imports and, in Pyodide, for compiling the code)."""
    search_rate(position, level, seconds / 5)
    return max(
        (search_rate(position, level, seconds) for _ in range(runs)), key=lambda r: r["nodes_per_s"]
    )


def search_rate(position: str, level: str, seconds: float) -> dict[str, float]:
    """Nodes per second and depth reached by ``level`` thinking ``seconds``."""
    game = Game.from_position(position)
    search = Search(game, level, seed=1, max_time=seconds)
    start = time.perf_counter()
    while not search.step(0.1).done:
        pass
    elapsed = time.perf_counter() - start
    progress = search.progress()
    return {
        "nodes": progress.nodes,
        "seconds": elapsed,
        "nodes_per_s": progress.nodes / elapsed if elapsed else 0.0,
        "depth": progress.depth,
    }
