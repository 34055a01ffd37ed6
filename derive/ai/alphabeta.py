"""Iterative-deepening alpha-beta for one side against the others, re-rolls as chance.

With two sides (two players, or a team game) this is plain minimax; with three
or four players it is *paranoid* search (every other side is assumed to play
against the side to move at the root) or *best-reply* search (of all the
opponents' replies, only the most harmful one is searched).  A re-roll is a chance
node whose value is the mean over the six results (expectimax), cut early when the
results so far already settle it (Star1 with the win bounds).  Re-rolls are costly
(six searches each) and rarely best, so below the root their results are judged as
they stand, and at the root they are searched deeper only when that first judgement
comes near the best move (then a whole round shallower when there is depth to
spare, so that leaves still fall to the same side).

The search pauses and stops as ``deepening.Deepening`` says (a generator, an
exact node budget).
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Mapping

from ..board import FACES
from ..game import Game
from ..notation import CAPTURE, REROLL, Move
from . import keys
from .deepening import Deepening
from .evaluate import WIN, WIN_BOUND, Evaluator

INF = math.inf
_EXACT, _LOWER, _UPPER = 0, 1, 2
_TT_LIMIT = 400_000
REROLL_MARGIN = 2.0
"""How far (in evaluation units, about one action each) a root re-roll judged on
the spot may fall short of the best move and still be searched deeper."""


class AlphaBeta(Deepening):
    """One anytime search from ``game`` (a private copy) for its player to move."""

    def __init__(
        self,
        game: Game,
        *,
        evaluate: Evaluator,
        rng: random.Random,
        max_depth: int | None = None,
        noise: float = 0.0,
        quiescence: int = 3,
        chance_reduction: int | None = None,
        rivalry: float = 1.0,
        best_reply: bool = False,
        penalty: Mapping[Move, float] | None = None,
        reduce: int = 0,
    ) -> None:
        self.game = game
        self.reduce = reduce
        """From which move in order (0: none) a move other than a capture is searched
        a ply shallower first (``_late_child``)."""
        self.evaluate = evaluate
        self.rng = rng
        self.noise = noise
        self.quiescence = quiescence
        sides = [game.seating.team_of(c) for c in game.seating.colours]
        # Best-reply search only differs from paranoid with three or four sides.
        self.best_reply = best_reply and len(set(sides)) > 2
        if chance_reduction is None and self.best_reply:
            chance_reduction = 2  # one of our moves and one layer of replies
        if chance_reduction is None:
            # Leaves must fall to the same player as those of the other moves, or the
            # re-roll looks a few replies better than everything else (with four free
            # players, a 2-ply cut once made `hard` re-roll a die at home all game).
            n = len(sides)
            chance_reduction = next(
                k
                for k in range(2, 2 * n + 1)
                if all(sides[i] == sides[(i + k) % n] for i in range(n))
            )
        self.chance_reduction = chance_reduction
        # Only with three or four sides: with two, anything but the plain difference
        # would stop the search being zero-sum.
        self.rivalry = rivalry if len(set(sides)) > 2 else 1.0
        self.side = game.seating.team_of(game.to_move)
        self._key = keys.position_key(game)
        self._tt: dict[int, tuple[int, int, float, Move | None]] = {}
        self._history: dict[Move, int] = {}
        self._killers: dict[int, list[Move]] = {}
        super().__init__(self._order(list(game.legal_moves()), None, 0), max_depth)
        # A weak player's taste: a Gumbel bonus per root move makes the best move
        # of value + bonus a draw from the softmax of the values (temperature
        # ``noise``); a win or a loss outweighs any bonus.  ``penalty`` is held
        # against root moves the same way (see ``repeats``).
        penalty = penalty or {}
        self._bonus = {
            m: (-noise * math.log(-math.log(rng.random() or 1e-12)) if noise > 0 else 0.0)
            - penalty.get(m, 0.0)
            for m in game.legal_moves()
        }

    # ----- the tree ----------------------------------------------------------

    def _root(self, depth: int) -> Generator[None, None, None]:
        moves = self._order(self._root_moves, self.best_move, 0)
        bonus = self._bonus
        alpha = -INF
        scored: list[tuple[Move, float]] = []
        for i, move in enumerate(moves):
            # With noise the root maximises value + bonus: search each move with the
            # window shifted by its bonus, so cut-offs work as without noise.
            extra = bonus.get(move, 0.0)
            value = yield from self._late_child(i, move, depth, alpha - extra, INF, 0, True)
            scored.append((move, value + extra))
            if i == 0 or value + extra > alpha:
                alpha = value + extra
                self.best_move, self.best_score = move, value
        self._root_moves = [m for m, _ in sorted(scored, key=lambda mv: -mv[1])]

    def _late_child(
        self, i: int, move: Move, depth: int, alpha: float, beta: float, ply: int, maximizing: bool
    ) -> Generator[None, None, float]:
        """``_child`` for the ``i``-th move in order: with ``reduce``, a move late in
        the order that is not a capture (a re-roll is reduced too: at the root its
        deeper search is the costly one) is first searched a ply shallower, and again
        at full depth only if that says it may be better than the best so far
        (late-move reduction: with 45-55 moves a turn in L3 the full width cost a ply)."""
        if self.reduce and depth >= 3 and i >= self.reduce and move.kind != CAPTURE:
            value = yield from self._child(move, depth - 1, alpha, beta, ply)
            if not (value > alpha if maximizing else value < beta):
                return value
        return (yield from self._child(move, depth, alpha, beta, ply))

    def _child(
        self, move: Move, depth: int, alpha: float, beta: float, ply: int, tail: int = 0
    ) -> Generator[None, None, float]:
        """The value of playing ``move`` here (a re-roll: the mean of its results),
        then ``tail`` likeliest moves of the players who follow (best-reply search)."""
        if move.kind != REROLL:
            return (yield from self._after(move, depth - 1, alpha, beta, ply, tail))
        child = depth - 1
        if ply or child <= 0:
            # Below the root a re-roll is judged by its six outcomes as they stand
            # (an outcome that wins at once still counts): searching each outcome
            # deeper took three quarters of all nodes and rarely changed a choice.
            return (yield from self._outcomes(move, min(child, 0), alpha, beta, ply, tail))
        # At the root, a re-roll whose outcomes as they stand fall clearly short of
        # the best move so far is not searched deeper (it would take six searches).
        probe = yield from self._outcomes(move, 0, -INF, INF, ply, tail)
        if probe + REROLL_MARGIN <= alpha:
            return probe
        # Deeper, a whole round shallower when there is depth to spare, so that the
        # leaves still fall to the same player as those of the other moves, and
        # never so short that the next player's reply goes unseen.
        if child > self.chance_reduction:
            child -= self.chance_reduction
        return (yield from self._outcomes(move, child, alpha, beta, ply, tail))

    def _outcomes(
        self, move: Move, child: int, alpha: float, beta: float, ply: int, tail: int
    ) -> Generator[None, None, float]:
        """The mean value of a re-roll's six outcomes, each searched ``child`` deep."""
        total = 0.0
        for k in range(1, FACES + 1):
            total += yield from self._after(move._replace(value=k), child, -INF, INF, ply, tail)
            # Star1: even the best (worst) remaining results cannot bring the mean back.
            upper = (total + (FACES - k) * WIN) / FACES
            if upper <= alpha:
                return upper
            lower = (total - (FACES - k) * WIN) / FACES
            if lower >= beta:
                return lower
        return total / FACES

    def _after(
        self, move: Move, depth: int, alpha: float, beta: float, ply: int, tail: int = 0
    ) -> Generator[None, None, float]:
        if self._visit():
            yield
        saved = self._key
        self._key, _ = keys.push(self.game, saved, move)
        played = 1
        try:
            while tail and not self.game.is_over:
                yield from self._play_likeliest(ply + played)
                played += 1
                tail -= 1
            if depth <= 0:
                # Below the horizon ``depth`` counts the capture plies already looked at.
                value = yield from self._quiesce(alpha, beta, ply + played, self.quiescence + depth)
            else:
                value = yield from self._search(depth, alpha, beta, ply + played)
        finally:
            for _ in range(played):
                self.game.undo()
            self._key = saved
        return value

    def _search(
        self, depth: int, alpha: float, beta: float, ply: int
    ) -> Generator[None, None, float]:
        game = self.game
        if game.is_over:
            return self._terminal(ply)
        entry = self._tt.get(self._key)
        tt_move = None
        if entry is not None:
            tt_depth, flag, stored, tt_move = entry
            if tt_depth >= depth:
                value = _from_tt(stored, ply)
                if (
                    flag == _EXACT
                    or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)
                ):
                    return value
        maximizing = game.seating.team_of(game.to_move) == self.side
        if not maximizing and self.best_reply:
            return (yield from self._replies(depth, alpha, beta, ply, tt_move))
        a0, b0 = alpha, beta
        best = -INF if maximizing else INF
        best_move: Move | None = None
        for i, move in enumerate(self._order(list(game.legal_moves()), tt_move, ply)):
            value = yield from self._late_child(i, move, depth, alpha, beta, ply, maximizing)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                self._reward(move, depth, ply)
                break
        self._store(depth, best, a0, b0, ply, best_move)
        return best

    def _replies(
        self, depth: int, alpha: float, beta: float, ply: int, tt_move: Move | None
    ) -> Generator[None, None, float]:
        """Best-reply search's layer of opponents (Schadd & Winands): only the one
        reply that hurts most among all the opponents' moves is searched, the others
        playing their likeliest move so that every line stays a legal game.  Our own
        next move is then one layer away instead of one per opponent."""
        game = self.game
        movers = []
        for colour in game.turn_order():
            if game.seating.team_of(colour) == self.side:
                break
            movers.append(colour)
        b0 = beta
        best = INF
        best_move: Move | None = None
        saved = self._key
        played = 0
        try:
            for i in range(len(movers)):
                if i:
                    # The previous opponent does not reply: it plays its likeliest move.
                    yield from self._play_likeliest(ply + played)
                    played += 1
                    if game.is_over:
                        best = min(best, self._terminal(ply + played))
                        break
                tail = len(movers) - 1 - i
                first = tt_move if i == 0 else None
                for move in self._order(list(game.legal_moves()), first, ply + played):
                    value = yield from self._child(move, depth, alpha, beta, ply + played, tail)
                    if value < best:
                        best = value
                        beta = min(beta, value)
                        if i == 0:
                            best_move = move
                    if alpha >= beta:
                        self._reward(move, depth, ply + played)
                        break
                if alpha >= beta:
                    break
        finally:
            for _ in range(played):
                game.undo()
            self._key = saved
        self._store(depth, best, alpha, b0, ply, best_move)
        return best

    def _play_likeliest(self, ply: int) -> Generator[None, None, None]:
        if self._visit():
            yield
        self._key, _ = keys.push(self.game, self._key, self._likeliest(ply))

    def _likeliest(self, ply: int) -> Move:
        """The move a non-replying opponent is assumed to play: the first in move
        order, skipping re-rolls, whose result would be a guess (one is played, with a
        result drawn from the search's RNG, only when nothing else is legal)."""
        moves = self._order(list(self.game.legal_moves()), None, ply)
        for move in moves:
            if move.kind != REROLL:
                return move
        return moves[0]._replace(value=self.rng.randint(1, FACES))

    def _store(
        self, depth: int, best: float, alpha: float, beta: float, ply: int, move: Move | None
    ) -> None:
        flag = _UPPER if best <= alpha else _LOWER if best >= beta else _EXACT
        if len(self._tt) >= _TT_LIMIT:
            self._tt.clear()
        self._tt[self._key] = (depth, flag, _to_tt(best, ply), move)

    def _quiesce(
        self, alpha: float, beta: float, ply: int, depth: int
    ) -> Generator[None, None, float]:
        """Play out captures so that a leaf is not judged in the middle of an exchange."""
        game = self.game
        if game.is_over:
            return self._terminal(ply)
        stand = self.utility()
        if depth <= 0:
            return stand
        moves = game.legal_moves()
        captures = [m for m in moves if m.kind == CAPTURE]
        if not captures:
            return stand
        maximizing = game.seating.team_of(game.to_move) == self.side
        # When every action is a capture (obligation, R16) the mover cannot stand pat.
        forced = len(captures) == len(moves)
        best = (-INF if maximizing else INF) if forced else stand
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            return best
        for move in self._order(captures, None, ply):
            value = yield from self._after(move, depth - 1 - self.quiescence, alpha, beta, ply)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    # ----- move ordering -------------------------------------------------------

    def _order(self, moves: list[Move], first: Move | None, ply: int) -> list[Move]:
        killers = self._killers.get(ply, ())
        history = self._history
        game = self.game

        def rank(move: Move) -> float:
            if move == first:
                return -1e9
            kind = move.kind
            if kind == CAPTURE:
                taken = game.piece_at(move.to_square)
                return -1e7 - (taken[1] if taken else 0)
            if move in killers:
                return -1e6
            if kind == REROLL:
                return 1e9
            return -history.get(move, 0)

        return sorted(moves, key=rank)

    def _reward(self, move: Move, depth: int, ply: int) -> None:
        if move.kind == CAPTURE:
            return
        self._history[move] = self._history.get(move, 0) + depth * depth
        killers = self._killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]


def _to_tt(value: float, ply: int) -> float:
    """Win scores are stored relative to the node, so they mean the same anywhere."""
    if value >= WIN_BOUND:
        return value + ply
    if value <= -WIN_BOUND:
        return value - ply
    return value


def _from_tt(value: float, ply: int) -> float:
    if value >= WIN_BOUND:
        return value - ply
    if value <= -WIN_BOUND:
        return value + ply
    return value
