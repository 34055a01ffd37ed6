"""Monte Carlo tree search with max^n backups, for three or four independent players.

Each node keeps, for every side, the mean of the values that came back through
it; a side picks among its children by its own mean (UCT), so nobody is assumed
to gang up on anyone.  Random play-outs say little in this game (random games
rarely end), so a new leaf is judged by the evaluator instead, its scores turned
into shares of one win.  A re-roll is a chance node: its result is drawn from the
search's RNG on each visit and each result gets its own child.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator

from ..board import FACES
from ..game import Game
from ..notation import CAPTURE, REROLL, Move
from .evaluate import Evaluator, Scores

_EXPLORE = 0.7
_CHECK_EVERY = 8


class _Stop(Exception):
    """The node budget is spent."""


class _Node:
    __slots__ = ("children", "outcomes", "total", "untried", "visits")

    def __init__(self, untried: list[Move], sides: int) -> None:
        self.untried = untried
        self.children: dict[Move, _Node] = {}
        self.outcomes: dict[int, _Node] = {}
        """For a re-roll: one child per drawn result."""
        self.visits = 0
        self.total = [0.0] * sides


def shares(scores: Scores, sides: list[str], scale: float) -> list[float]:
    """Scores as shares of one win (a softmax), in ``sides`` order."""
    top = max(scores.values())
    weights = [math.exp((scores[s] - top) / scale) for s in sides]
    whole = sum(weights)
    return [w / whole for w in weights]


class MaxN:
    """One anytime MCTS from ``game`` (a private copy) for its player to move."""

    def __init__(
        self, game: Game, *, evaluate: Evaluator, rng: random.Random, scale: float = 3.0
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.rng = rng
        self.scale = scale
        seating = game.seating
        self.sides = sorted({seating.team_of(c) for c in seating.colours})
        self._index = {c: self.sides.index(seating.team_of(c)) for c in seating.colours}
        self.side = self._index[game.to_move]
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline = math.inf
        self.depth = 0
        self.done = False
        self.root = self._node()
        self.best_move: Move = self.root.untried[-1]
        self.best_score = 0.5

    def _node(self) -> _Node:
        """A fresh node for the current position, its moves shuffled, likely ones last
        (``untried`` is popped from the end)."""
        moves = list(self.game.legal_moves())
        self.rng.shuffle(moves)
        moves.sort(key=lambda m: 2 if m.kind == CAPTURE else 0 if m.kind == REROLL else 1)
        return _Node(moves, len(self.sides))

    def run(self) -> Iterator[None]:
        if len(self.game.legal_moves()) == 1:
            self.done = True
            return
        iterations = 0
        while True:
            try:
                self._iterate()
            except _Stop:
                for _ in range(len(self.game.moves)):
                    self.game.undo()
                break
            self._choose()
            iterations += 1
            if not iterations % _CHECK_EVERY and time.perf_counter() >= self.deadline:
                yield
        self.done = True

    def _push(self, move: Move) -> None:
        if self.nodes == self.node_limit:
            raise _Stop
        self.nodes += 1
        self.game.push(move)

    def _iterate(self) -> None:
        game = self.game
        node = self.root
        path = [node]
        while True:
            if game.is_over:
                value = self._terminal()
                break
            mover = self._index[game.to_move]
            if node.untried:
                path.extend(self._expand(node, node.untried.pop()))
                value = self._leaf()
                break
            move = self._select(node, mover)
            node = node.children[move]
            path.append(node)
            if move.kind == REROLL:
                k = self.rng.randint(1, FACES)
                outcome = node.outcomes.get(k)
                self._push(move._replace(value=k))
                if outcome is None:
                    outcome = node.outcomes[k] = self._node()
                    path.append(outcome)
                    value = self._leaf()
                    break
                node = outcome
                path.append(node)
            else:
                self._push(move)
        played = len(game.moves)
        self.depth = max(self.depth, played)
        for _ in range(played):
            game.undo()
        for n in path:
            n.visits += 1
            for i, v in enumerate(value):
                n.total[i] += v

    def _expand(self, node: _Node, move: Move) -> list[_Node]:
        """Play ``move`` into a new child of ``node``; the nodes added, top down."""
        if move.kind == REROLL:
            k = self.rng.randint(1, FACES)
            self._push(move._replace(value=k))
            chance = node.children[move] = _Node([], len(self.sides))
            outcome = chance.outcomes[k] = self._node()
            return [chance, outcome]
        self._push(move)
        child = node.children[move] = self._node()
        return [child]

    def _select(self, node: _Node, mover: int) -> Move:
        log_n = math.log(node.visits)
        best_move = None
        best = -math.inf
        for move, child in node.children.items():
            value = child.total[mover] / child.visits + _EXPLORE * math.sqrt(log_n / child.visits)
            if value > best:
                best, best_move = value, move
        assert best_move is not None
        return best_move

    def _leaf(self) -> list[float]:
        if self.game.is_over:
            return self._terminal()
        return shares(self.evaluate(self.game), self.sides, self.scale)

    def _terminal(self) -> list[float]:
        winner = self.game.winner
        if winner is None:
            return [1 / len(self.sides)] * len(self.sides)
        return [1.0 if s == winner else 0.0 for s in self.sides]

    def _choose(self) -> None:
        """The most visited root move is the best so far (ties: the higher mean)."""
        best = max(
            self.root.children.items(),
            key=lambda item: (item[1].visits, item[1].total[self.side] / item[1].visits),
        )
        self.best_move = best[0]
        self.best_score = best[1].total[self.side] / best[1].visits
