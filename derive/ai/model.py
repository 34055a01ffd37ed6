"""Opponent-model search for one of three or four free players.

Paranoid search assumes that every other player spends its move against the one
searching; with four players that makes it slow and timid, and alone against three
it won no more than its fair share.  Here each opponent is assumed to play the move
its own judgement prefers: the one after which it stands best against its strongest
rival (the paranoid view one move deep, as a player who blocks whoever leads).  The
replies are then no longer a choice to search but a forecast, so a whole round of
the table costs one sweep of each opponent's moves, and the search sees its own
next move after everyone has replied: the racing and the blocking that decide a
four-player game.

Our own moves are searched by rounds: every root move, then inside the tree only
the ``beam`` moves that look best on the spot (a round ahead, most moves are
noise).  A re-roll is a chance node (the mean of its six results); an opponent's
re-roll is not forecast, its result being a guess.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Generator, Mapping

from ..board import FACES
from ..game import Game
from ..notation import REROLL, Move
from . import keys
from .alphabeta import REROLL_MARGIN
from .deepening import Deepening, paranoid
from .evaluate import DEFAULT_WEIGHTS, WIN, Evaluator, weighted

FORECAST: Evaluator = weighted(dataclasses.replace(DEFAULT_WEIGHTS, threat_now=0.5))
"""How an opponent is assumed to judge its moves.  Looking two plies ahead, as
``medium`` does, a player fears the next player's captures, which the plain
evaluation leaves to the search's capture lines (``threat_now`` 0): at one ply
with half that weight the forecast agreed with `medium`'s move 53% of the time
instead of 45% (top three: 78% instead of 70%)."""


class ModelSearch(Deepening):
    """One anytime search from ``game`` (a private copy) for its player to move;
    its depth counts rounds of the table."""

    deepest = 20

    def __init__(
        self,
        game: Game,
        *,
        evaluate: Evaluator,
        rng: random.Random,
        rivalry: float = 1.0,
        opponent_rivalry: float = 1.0,
        beam: int = 3,
        max_depth: int | None = None,
        penalty: Mapping[Move, float] | None = None,
        forecast: Evaluator = FORECAST,
    ) -> None:
        self.game = game
        self.evaluate = evaluate
        self.forecast = forecast
        self.rng = rng
        self.rivalry = rivalry
        self.opponent_rivalry = opponent_rivalry
        self.beam = beam
        self.side = game.seating.team_of(game.to_move)
        self._key = keys.position_key(game)
        self._start_ply = len(game.moves)
        self._forecast: dict[int, Move] = {}
        self._ours: dict[int, list[Move]] = {}
        self._last: dict[Move, float] = {}
        self._penalty: Mapping[Move, float] = penalty or {}
        super().__init__(list(game.legal_moves()), max_depth)

    def _push(self, move: Move) -> bool:
        """Play ``move`` (counted as a node); True when it is time to pause."""
        pause = self._visit()
        self._key, _ = keys.push(self.game, self._key, move)
        return pause

    def _undo(self, key: int, count: int = 1) -> None:
        for _ in range(count):
            self.game.undo()
        self._key = key

    # ----- the tree ----------------------------------------------------------

    def _root(self, depth: int) -> Generator[None, None, None]:
        best = -math.inf
        scored: list[tuple[Move, float]] = []
        for move in self._root_moves:
            last = self._last.get(move)
            if move.kind == REROLL and last is not None and last + REROLL_MARGIN <= best:
                # Six searches for a re-roll that fell clearly short one round less
                # deep: it keeps that value (as in ``alphabeta``).
                raw = last
            else:
                raw = yield from self._move_value(move, depth)
            self._last[move] = raw
            value = raw - self._penalty.get(move, 0.0)
            scored.append((move, value))
            # The first move searched was the best of the last round: a new one must
            # beat it at this depth to take over, so a stop mid-way is safe.
            if value > best:
                best = value
                self.best_move, self.best_score = move, raw
        scored.sort(key=lambda mv: -mv[1])
        self._root_moves = [m for m, _ in scored]

    def _move_value(self, move: Move, depth: int) -> Generator[None, None, float]:
        """Our ``move`` (a re-roll: the mean of its results), the table's forecast
        replies, then our best continuation ``depth - 1`` rounds deep."""
        if move.kind != REROLL:
            return (yield from self._after(move, depth))
        total = 0.0
        for k in range(1, FACES + 1):
            total += yield from self._after(move._replace(value=k), depth)
        return total / FACES

    def _after(self, move: Move, depth: int) -> Generator[None, None, float]:
        saved = self._key
        if self._push(move):
            yield
        played = 1
        try:
            while not self.game.is_over and self._mover_side() != self.side:
                reply = yield from self._forecast_reply()
                if self._push(reply):
                    yield
                played += 1
            if self.game.is_over:
                return self._terminal(len(self.game.moves) - self._start_ply)
            if depth <= 1:
                return self.utility()
            return (yield from self._best(depth - 1))
        finally:
            self._undo(saved, played)

    def _best(self, depth: int) -> Generator[None, None, float]:
        """Our best value ``depth`` rounds deep, trying only the ``beam`` likeliest
        moves (by how we stand right after each)."""
        moves = self._ours.get(self._key)
        if moves is None:
            moves = yield from self._likeliest(self.side, self.rivalry)
            self._ours[self._key] = moves
        best = -math.inf
        for move in moves[: self.beam]:
            best = max(best, (yield from self._move_value(move, depth)))
        return best

    def _forecast_reply(self) -> Generator[None, None, Move]:
        """The move the opponent to move is assumed to play (cached by position)."""
        reply = self._forecast.get(self._key)
        if reply is None:
            side = self._mover_side()
            moves = yield from self._likeliest(side, self.opponent_rivalry, rerolls=False)
            if moves:
                reply = moves[0]
            else:
                # Nothing but re-rolls: one is played, its result drawn at random.
                only = self.game.legal_moves()[0]
                reply = only._replace(value=self.rng.randint(1, FACES))
            self._forecast[self._key] = reply
        return reply

    def _likeliest(
        self, side: str, rivalry: float, rerolls: bool = True
    ) -> Generator[None, None, list[Move]]:
        """``side``'s legal moves, best first by how it stands right after each (a
        winning move first of all; a re-roll by the mean of its results)."""
        saved = self._key
        scored: list[tuple[float, int, Move]] = []
        for i, move in enumerate(self.game.legal_moves()):
            if move.kind == REROLL:
                if not rerolls:
                    continue
                results = [move._replace(value=k) for k in range(1, FACES + 1)]
            else:
                results = [move]
            total = 0.0
            for played in results:
                if self._push(played):
                    yield
                total += self._standing(side, rivalry)
                self._undo(saved)
            scored.append((-total / len(results), i, move))
        scored.sort()
        return [m for _, _, m in scored]

    def _standing(self, side: str, rivalry: float) -> float:
        game = self.game
        if game.is_over:
            winner = game.winner
            return 0.0 if winner is None else WIN if winner == side else -WIN
        judge = self.evaluate if side == self.side else self.forecast
        return paranoid(judge(game), side, rivalry)

    def _mover_side(self) -> str:
        return self.game.seating.team_of(self.game.to_move)
