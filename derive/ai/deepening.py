"""What the tree searches share: deepening in a generator, and an exact node budget.

A search is a generator so that it can be paused anywhere: it yields when the
deadline set by its owner passes and picks up where it was on the next ``next``.
That is what lets the browser think in slices without threads.  A node budget ends
it exactly: ``nodes`` never exceeds ``node_limit``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Iterator

from ..game import Game
from ..notation import Move
from .evaluate import WIN, WIN_BOUND, Evaluator, Scores

_CHECK_EVERY = 16


class Stop(Exception):
    """The node budget is spent: unwind to the root (every move is taken back on
    the way out)."""


def paranoid(scores: Scores, side: str, rivalry: float = 1.0) -> float:
    """``side``'s standing against its strongest opponent (plain difference for two);
    ``rivalry`` < 1 weighs that opponent's standing less (a more selfish player)."""
    return scores[side] - rivalry * max(v for s, v in scores.items() if s != side)


class Deepening:
    """An anytime search for ``side`` that deepens one step at a time from
    ``_root(depth)``; leaves are judged by ``side``'s standing against its strongest
    rival."""

    game: Game
    evaluate: Evaluator
    side: str
    rivalry: float

    deepest = 100
    """Steps at most, even with time to spare."""

    def __init__(self, root_moves: list[Move], max_depth: int | None) -> None:
        self.max_depth = max_depth
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline = math.inf
        self.depth = 0
        self.done = False
        self._root_moves = root_moves
        self.best_move: Move = root_moves[0]
        self.best_score = 0.0

    def run(self) -> Iterator[None]:
        """Deepen until done; yields whenever ``deadline`` has passed."""
        if len(self._root_moves) == 1:
            self.done = True
            return
        depth = 0
        while self.max_depth is None or depth < self.max_depth:
            depth += 1
            try:
                yield from self._root(depth)
            except Stop:
                break
            self.depth = depth
            if abs(self.best_score) >= WIN_BOUND or depth >= self.deepest:
                break
        self.done = True

    def _root(self, depth: int) -> Generator[None, None, None]:
        """Search every root move ``depth`` steps deep, updating the best move."""
        raise NotImplementedError

    def _visit(self) -> bool:
        """Count a node; True when it is time to pause."""
        if self.nodes == self.node_limit:
            raise Stop
        self.nodes += 1
        return not self.nodes % _CHECK_EVERY and time.perf_counter() >= self.deadline

    def utility(self) -> float:
        """The static value of the current position for the root's side."""
        return paranoid(self.evaluate(self.game), self.side, self.rivalry)

    def _terminal(self, ply: int) -> float:
        winner = self.game.winner
        if winner is None:
            return 0.0
        return WIN - ply if winner == self.side else ply - WIN
