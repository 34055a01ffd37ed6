"""The AI's public face: a search the caller drives in slices, and ``choose_move``.

``Search.step`` does a bounded slice of thinking and reports progress, so a
browser worker can show the best move so far and stop at any time without
threads: stopping is simply not calling ``step`` again.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Mapping
from typing import NamedTuple, Protocol

from ..game import Game
from ..notation import Move
from .alphabeta import AlphaBeta
from .evaluate import Evaluator, evaluate
from .levels import DEFAULT_LEVEL, Level, level_spec
from .mcts import MaxN
from .model import ModelSearch
from .repeats import repeats

_FINISHED = object()


class Progress(NamedTuple):
    best_move: Move
    """Legal in the searched position; the move to play if stopped now."""
    score: float
    """How the mover stands after ``best_move``: evaluation units (about one per
    action of progress) for alpha-beta and the opponent-model search, a share of one
    win for MCTS."""
    depth: int
    """Plies fully searched (the opponent-model search: rounds of the table; MCTS:
    the deepest line looked at)."""
    nodes: int
    """Positions visited so far."""
    done: bool
    """The budget is spent or the search has nothing left to learn."""


class Engine(Protocol):
    """What ``Search`` drives: both searches in this package have this shape."""

    best_move: Move
    best_score: float
    depth: int
    nodes: int
    node_limit: int | None
    deadline: float
    done: bool

    def run(self) -> Iterator[None]: ...


class _Uniform:
    """The ``random`` level: any legal move, drawn once."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.best_move = rng.choice(game.legal_moves())
        self.best_score = 0.0
        self.depth = 0
        self.nodes = 0
        self.node_limit: int | None = None
        self.deadline = math.inf
        self.done = True

    def run(self) -> Iterator[None]:
        return iter(())


def engine_for(
    game: Game,
    spec: Level,
    rng: random.Random,
    evaluator: Evaluator,
    penalty: Mapping[Move, float] | None = None,
) -> Engine:
    """The search ``spec`` calls for in ``game`` (which the engine may play on);
    ``penalty`` is held against root moves by alpha-beta and the opponent-model
    search.  A level's noise, depth cap and quiescence are alpha-beta's: only
    ``hard`` uses the opponent-model search, without any of them."""
    if spec.uniform:
        return _Uniform(game, rng)
    sides = {game.seating.team_of(c) for c in game.seating.colours}
    if len(sides) > 2 and spec.many == "maxn":
        return MaxN(game, evaluate=evaluator, rng=rng)
    if len(sides) > 2 and spec.many == "model":
        return ModelSearch(game, evaluate=evaluator, rng=rng, rivalry=spec.rivalry, penalty=penalty)
    return AlphaBeta(
        game,
        evaluate=evaluator,
        rng=rng,
        max_depth=spec.max_depth,
        noise=spec.noise,
        quiescence=spec.quiescence,
        rivalry=spec.rivalry,
        best_reply=spec.many == "brs",
        penalty=penalty,
        reduce=spec.reduce,
    )


class Search:
    """A search for the player to move in ``game`` (which is never modified).

    Without ``max_time`` and ``max_nodes`` the level's default time applies.
    ``best_move`` is a legal move from the start, before any ``step``.
    """

    def __init__(
        self,
        game: Game,
        level: str = DEFAULT_LEVEL,
        *,
        seed: int | None = None,
        max_time: float | None = None,
        max_nodes: int | None = None,
        evaluator: Evaluator = evaluate,
        spec: Level | None = None,
    ) -> None:
        if game.is_over:
            raise ValueError("the game is over: there is no move to search for")
        self.level = spec or level_spec(level)
        if max_time is None and max_nodes is None:
            max_time = self.level.max_time
        self.max_time = max_time
        self.rng = random.Random(seed)
        self.penalty: dict[Move, float] = {}
        """What each root move is charged for leading back into a position the game
        already stood in more than once (levels with a ``repetition`` weight)."""
        if self.level.repetition:
            self.penalty = {
                m: self.level.repetition * (n - 1) for m, n in repeats(game).items() if n > 1
            }
        self._engine = engine_for(game.copy(), self.level, self.rng, evaluator, self.penalty)
        self._engine.node_limit = max_nodes
        self._runner = self._engine.run()
        self._thought = 0.0
        self._done = self._engine.done

    @property
    def best_move(self) -> Move:
        return self._engine.best_move

    @property
    def done(self) -> bool:
        return self._done

    def progress(self) -> Progress:
        e = self._engine
        return Progress(e.best_move, e.best_score, e.depth, e.nodes, self._done)

    def step(self, time_slice_s: float | None = None) -> Progress:
        """Think for about ``time_slice_s`` seconds (``None``: until the budget is
        spent or the search is done) and report."""
        if self._done:
            return self.progress()
        start = time.perf_counter()
        allowed = math.inf if time_slice_s is None else time_slice_s
        if self.max_time is not None:
            allowed = min(allowed, self.max_time - self._thought)
        self._engine.deadline = start + allowed
        finished = next(self._runner, _FINISHED) is _FINISHED
        self._thought += time.perf_counter() - start
        if finished or (self.max_time is not None and self._thought >= self.max_time):
            self._done = True
        return self.progress()

    def finish(self) -> Progress:
        """Think until the budget is spent or the search has nothing left to learn."""
        progress = self.step()
        while not progress.done:
            progress = self.step()
        return progress


def choose_move(
    game: Game,
    level: str = DEFAULT_LEVEL,
    *,
    seed: int | None = None,
    max_time: float | None = None,
    max_nodes: int | None = None,
) -> Move:
    """A legal move for the player to move in ``game``, chosen at ``level``.

    Reproducible with a ``seed`` and a ``max_nodes`` budget (and no ``max_time``);
    with ``max_time`` it returns within that time, with its best move so far.
    """
    search = Search(game, level, seed=seed, max_time=max_time, max_nodes=max_nodes)
    return search.finish().best_move
