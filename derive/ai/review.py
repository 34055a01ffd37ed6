"""A post-game review: every position of a game searched at a fixed node budget,
each played move judged by the win chance it gave away, re-rolls judged apart.

The API (all the browser worker needs)::

    review = Review(game)            # a Game (finished or not); never modified
    while not review.done:
        review.step()                # one search at BUDGET nodes, or a slice of the
                                     # second pass's (DEEP_SLICE_S) or of the
                                     # rollouts' (ROLL_SLICE_S); stop any time
        review.progress()            # (searches done, searches in all)
        review.stage                 # "first", "deeper", "rollouts", "costs" or "done"
    analysis = review.analysis()     # an Analysis of every position searched so far
    data = analysis.to_data()        # JSON-ready, for a record's "analysis" key
    Analysis.from_data(data, game)   # AnalysisError (a ValueError) if bad or foreign
    load_analysis(record, game)      # (Analysis | None, message | None)
    Review(game, resume=analysis)    # goes on from a partial analysis

``to_data()`` is ``{"format": "derive-analysis", "version": 12, "budget": nodes,
"plies": [...]}``; ``plies[k]`` is the position after ``k`` moves (0: the start)::

    {"ply": k,
     "best": "b8-c9" | None,          # the search's move here (None: game over)
     "score": 3.5 | None,             # the search's score for the side to move
     "chances": {side: 0.62, ...},    # win chance of each side (game.sides), sum 1
     # from ply 1 on, about the move that led here (game.moves[k - 1]):
     "move": "c3?5", "mover": side,
     "loss": 0.23,                    # mover's chance: best move's minus this move's
     "label": "inaccuracy" | "mistake" | "blunder" | None,
     "reason": {"code": ..., "move"?: ..., "squares"?: [...]} | None,
     "luck": -0.2 | None,             # re-rolls only: actual minus expected chance
     "luck_label": "lucky" | "unlucky" | None,
     "proof": k + 1,                  # only when raised: see below
     # only for a move the second pass judged again (see below):
     "deep": 4000, "better": "b8-c9" | None, "first": {"loss": 0.04, "label": None},
     # only for a move the rollouts settled (see below), with what they replaced:
     "roll": {"n": 16, "gain": 0.12, "low": 0.03, "loss": 0.04, "label": None,
              "reason": None},
     # only for a move costed again like for like (see below), with what it replaced:
     "like": {"after": 0.55, "loss": 0.12, "label": "inaccuracy", "reason": {...}},
     # only for a move the check for wins let through changed, with what it replaced:
     "hold": {"better": "e3-c5", "label": None, "reason": None, "held": 5, "loss": 0.02},
     # only in the last position, once every pass is done:
     "settled": True}

An analysis is complete when every pass is done: its last position is ``"final"`` (the
first pass reached it) and ``"settled"`` (nothing is left to look at again).  One kept
while its second pass was under way (stopped, or its page closed) has its final position
but is not settled: opened again, the review goes on from where it stopped.  One kept by
an older version is read as none, and the game reviewed again (``VERSION``).

After the first pass, a second one looks again, at ``DEEP_BUDGET`` nodes, at the few
moves of each side after which its chance fell most (``DEEP_PER_SIDE``), and first at a
move into a proven loss (a move that let the win happen, or the search's own choice at
its horizon: a deeper look may find the move that held, ``allows_forced_win``): it searches
the positions before and after each, and judges the move again by them (``loss``,
``label``, ``reason``; ``better``: the deeper search's better move; ``first``: what the
first pass said).  The first pass's figures, shown as soon as they come, stay those of
every position: the graph does not move.

Last, rollouts settle the doubtful moves of each side that did not win, as GNU
Backgammon settles its doubtful ones: of each, the ``ROLL_PER_SIDE`` moves after which
its chance fell most or that the searches judged worst (``ROLL_DOUBT`` at least, marked
or not), with a better move named; not a re-roll (luck), a move in or into a proven
loss, one that ended the game, nor a mark whose reason is a fact (``CERTAIN``).  The
position before is played out ``rollouts`` times after the better move and as many after
the move played (``_Rollouts``: ``ROLL_PLIES`` plies of the ``easy`` player, then the
mover's chance in the position reached, by a noise-free one-ply search and the same
curve, or the result), play-out ``i`` of both moves seeded alike.  The mean of the
differences is the move's ``loss``; the move is marked (by ``THRESHOLDS``) only if that
mean less ``ROLL_Z`` standard errors, a one-sided 95% bound, is above 0: the play-outs
agree that the better move wins more often.  Otherwise it is not marked, whatever the
searches said.  ``"roll"`` keeps the gain, its bound and what the searches said.

Last, every move a pass found costly (``COSTLY`` at least, with a better move named) is
costed again like for like (``Review._cost``): the position after its better move is
searched at the review's budget, as the position after the move played was by the first
pass, and the move's ``loss`` is the mover's chance after the one less after the other (a
re-roll by the mean of its six results).  The passes cost a move against the search of
the position before it, a ply deeper than the search after it: the costs they named were
two to four times what the better move gained when played out.  Costed like for like,
the moves named gain more and their costs are nearer what they gain, though still above
it (figures in ``_cost``).  The new cost only ever lowers what the passes (or the
rollouts) said, and the label follows it, except that a move the rollouts found no
trusted gain for stays unmarked.  Left alone, their cost being known:
moves in or into a proven loss, moves that ended the game and marks whose reason is a
fact (``CERTAIN``).  ``"like"`` keeps what the passes said.

Last, every move (but a re-roll, and one that ended the game) is checked, exactly, for a
win it let the other side through (``Review._hold``): at once, or in two whatever the
mover answers (``derive.ai.threat``), which the searches do not see.  Where it let one
through and another move let less through, the move is marked for it (``allows_win``,
``allows_forced_win``), whatever the searches said, by how lost its mover was before it
(``LET_LINES``, lichess's marks for a mate let through), and the better move named is one
that lets least through (the searches' own if it is one, else the best of them by the
review's search).  A move that let none through in two, after which the other side
played a win in three (every answer then let one through in two), is marked the same way
where another move holds against all three (``Review._three``).  A win missed keeps its
own reason.  ``"hold"`` keeps what the passes said of a move it changed and how many
moves held.

A search sees two or three plies.  When the search of position ``k + 1`` proves a win
for the side that moved into it (a forced win its search of position ``k`` missed),
position ``k`` was worth that win to its mover: its chances are raised to it (``"proof"``
names the ply that proved it) and the move that led to ``k`` is judged again, as the
one that let the win happen.  Only proven wins are carried back: a mere estimate is no
better informed than the search it would replace.  The check of every move below proves
some too (``prove_let``: ``"proof"`` is then the ply after the winning move, the
position raised being that one or the one before it).

Reason codes, what the move played allowed or missed: ``misses_win`` (``move``: the
best move won at once), ``allows_win`` (``move``: the opponent's winning reply,
``colour``: whose), ``allows_forced_win`` (``move``: the reply, played in the game,
after which the win was proven; ``colour``: the winner), ``forced_capture`` (``move``:
the capture the opponent's obligation now forces, ``colour``: whose, ``taken``: the die
it takes), ``allows_capture`` (the same for the opponent's best reply, a capture it may
make), ``exposes`` (``squares``: own dice newly capturable, ``dice``: each one's
square, colour and value), ``misses_capture`` (``move``: the best move, a capture;
``taken``), else ``better`` (``move``: the best move).  Each may carry ``does``: what
the best move does, as facts (``derive.ai.facts``).

``summary()`` gives, per side, ``{"inaccuracy": n, "mistake": n, "blunder": n,
"lucky": n, "unlucky": n}`` and the ``turning_point``: the ply of the judged move or
unlucky roll that cost its mover most (``swing``).

``accuracy()`` gives each side's accuracy, 0-100, as lichess computes it from the win
chance each move gave away (``loss``, in points: ``d = 100 * loss``): a move scores
``103.1668 * exp(-0.04354 * d) - 3.1669 + 1``, bounded to 0-100 (100 for a move that gave
nothing away), and a side's figure is the mean of its moves' arithmetic mean and their
harmonic mean (each move counted at least 1 there).  The harmonic mean is what lets one
move that threw a won game away pull the figure down, as it should: the plain mean of 29
perfect moves and one such move is still 97.  lichess also weighs each move by how much
the win chance moved around it; this does not.  A re-roll is scored by its choice (its
``loss`` against the mean of its six results), never by the result it got.

A re-roll is judged by the mean chance over its six results (each searched at the
same budget), never by the result it got: the difference is luck, not a mistake.

Win chances come from the search score through a logistic curve fitted on arena
games (``SCALE``, AI.md, ``tools/fit_winchance.py``).  With two sides the mover's
chance is the logistic of its score.  With three or four, the mover's score (against
its strongest rival, as the search sees it) says nothing of how the others share the
rest, and shared evenly it made a leader's every move look like a loss: each side's
chance is instead a softmax of how each stands once the mover has played its best
move (``many_chances``: nothing fitted, calibrated on arena games of three and four;
a found win or loss still decides), and a loss counts as in a game of two
(``weighed``).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any, Final

from .. import safejson
from ..board import square_name
from ..game import Game
from ..limits import MAX_PLIES, kind_of
from ..notation import CAPTURE, REROLL, Move
from ..rulesets import Seating
from .evaluate import WIN_BOUND, evaluate, exposed
from .facts import Fact, die, facts
from .levels import Level, level_spec
from .mcts import shares
from .search import Search
from .threat import AT_ONCE, Threat, capped, danger, lets_in_three, level, lost

FORMAT: Final = "derive-analysis"
VERSION: Final = 12
"""2: each side's own chance with three or four sides (``many_chances``).  A version-1
analysis of such a game is read as none, and the game reviewed again: its figures
were another curve's, and a resumed review would judge across the two.

3: a position with one legal move is judged by where it leads (``after_forced``), where
it was judged even.  An older analysis with a score of exactly 0 after the start (what
that gave; a search's own score is seldom exactly 0) is read as none, for the same
reason.

4: what a better move does (a reason's ``"does"``, ``facts``) no longer says it stops a
win it does not stop (a move made while the other side threatened to win was said to
stop it).  An older analysis keeps its figures and marks, which that did not touch, and
each reason's ``"does"`` is worked out again on reading (``_does_again``): a kept review
would otherwise go on telling its player the false sentence.

5: a marked move that let a win through is graded by its mover's chance before it,
whatever it cost (``settled``).  An older analysis is read with its marks so raised:
each kept move has its reason and the position before it its chance, all the rule
needs.

6: every move checked for a win let through at once or in two (``Review._hold``); 7: and
for a win in three played after it (``Review._three``).  An older analysis is resumed
once, for the check alone.

8: a move that check marks costs what its mover had before it (``let_cost``), and where
the winning move was the reply played, the positions before and after that reply are
the winner's (``prove_let``).  An older analysis is read so raised: all it needs is
kept in it and the game.

9: the answer to a move that let a win through is checked for the win it missed
(``Review._missed``).  An older analysis is resumed once, for that check: a move the
check marked already (``"hold"``) has its answer checked alone (``Review._answer``).

10: a move that let a win through that every other move let through too is not marked,
and the position before it is the other side's (``Review._none_held``, ``prove_lost``).

11: marks from lichess's own thresholds (``THRESHOLDS``: 5, 10 and 15 points of win
chance, where 10, 20 and 30 were read from its −1 to +1 scale).  Every pass marks by
them (which moves the rollouts settle, their reasons, a win let through), so an older
analysis is read as none and the game reviewed again: each change before this one is
in it.

12: a move costed again like for like costs the lesser of that cost and what the passes
(or its rollouts) said (``Review._cost``), where that cost alone raised moves to marks
that played out false.  An older analysis is read as none: its marks may be such."""

BUDGET: Final = 600
"""Nodes per searched position.  CPython searches 12,000-15,000 nodes/s on an L2
middle game (0.07-0.08 s a position); Pyodide is 3-5 times slower, about 0.25-0.35 s
a position: a 60-ply review takes 15-20 s in a browser (AI.md)."""

SCALE: Final = 8.1
"""Score units for a factor e in the odds: chance = 1 / (1 + exp(-score / SCALE)),
fitted by maximum likelihood on arena games (AI.md, ``tools/fit_winchance.py``)."""

THRESHOLDS: Final = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
"""Win chance a move gives away for each label: lichess's (its ``Advice``: 0.3, 0.2 and
0.1 of its winning chances, which run from −1 to +1, so 15, 10 and 5 points of a win
chance from 0 to 1).  Until version 11 they were twice these, read as points: on the
same ten held-out L2 `easy`-`medium` games (seed 4020), lichess's marked the loser in 9
of 9 decisive games where those marked 8, and the marks played out 16 times each way by
`medium` still won more: +0.133 (+0.040 to +0.227) over 15 marks, where the fewer had
+0.231 (bench/journal/review_quality.md, 7 December 2026, evening)."""

LUCK: Final = 0.10
"""A re-roll whose result beats (falls short of) its mean chance by this much is
lucky (unlucky): as much as a mistake gives away."""

LABELS: Final = tuple(name for name, _ in THRESHOLDS)
LUCK_LABELS: Final = ("lucky", "unlucky")

BACK_UP: Final = 6
"""Plies a proven win is carried back along the game (``Review._back_up``)."""

DEEP_BUDGET: Final = 4000
"""Nodes per search of the second pass (``Review._deepen``): about seven times the first
pass's, a ply or two deeper, on a few positions only."""

DEEP_PER_SIDE: Final = 5
"""Moves of each side judged again by the second pass: those after which its mover's
chance fell most (``Review._candidates``)."""

DEEP_SLICE_S: Final = 0.05
"""Search time of one step of the second pass: its searches cost several of the first
pass's, so a step goes on with one for about this long (a stop waits no longer), and
the slicing never changes what it finds."""

DOUBT: Final = 0.05
"""A fall in the mover's chance below this is not worth a second look."""

ROLLOUTS: Final = 16
"""Play-outs of each of the two moves a rollout compares (``Review._roll``), at
``BUDGET``: a review at another budget plays out in proportion (at most 64)."""

ROLL_PLIES: Final = 8
"""Plies a play-out goes on before the position it reached is judged (a truncated
rollout, as GNU Backgammon's): the fast policy's own errors grow with the length of a
play-out, and eight plies are about 0.05 s in CPython."""

ROLL_PER_SIDE: Final = 6
"""Moves of each losing side settled by rollouts (``Review._roll_candidates``)."""

ROLL_DOUBT: Final = 0.03
"""A move whose chance fell (or that the search judged to give away) less than this is
not rolled out."""

ROLL_Z: Final = 1.645
"""The rollouts' rule: the alternative's mean gain over the move played, less this many
standard errors (a one-sided 95% bound), must stay above 0 for a mark."""

ROLL_SLICE_S: Final = 0.05
"""Time of one step of the rollouts: a play-out's plies go on, one search each, for
about this long; the seeds, not the slicing, decide what they find."""

_POLICY: Final = level_spec("easy")
"""The rollouts' fast policy: the ``easy`` player (one ply and a capture, its noise
giving each play-out its own line), at its arena node budget."""

_LEAF: Final = replace(_POLICY, noise=0.0)
"""How the position a play-out reached is judged: the same one-ply search, noise-free,
its score and best move made a win chance as a searched position's are (``_chances``)."""

COST_SHARE: Final = 4
"""Before the first pass ends, one move in this many is counted on to be costed again
like for like (``Review._costs``): the progress bar's guess until they are known (12 of
65 moves in an L2 game, 21 of 158 in an L3 one)."""

CERTAIN: Final = ("misses_win", "allows_win", "allows_forced_win")
"""Reasons that are facts, not estimates (a win at once, or proven): never rolled out."""

LET_THROUGH: Final = ("allows_win", "allows_forced_win")
"""Reasons that grade a move by its mover's chance before it, whatever it cost
(``settled``, ``let_mark``)."""

COSTLIEST: Final = 3
"""Moves of each side the review names as its costliest (``costliest``): the loser of a
game lost a little at a time learns where, even when no move reached a mistake."""

COSTLY: Final = 0.005
"""The least cost named: a move whose cost rounds to 0% cost nothing a player can see."""

_LEVEL: Final = "hard"
"""The search used: the strongest level, noise-free, so the same budget always
gives the same answer."""

_MAX_ITEMS: Final = 32 * (MAX_PLIES + 1)


class AnalysisError(ValueError):
    """An analysis that cannot be read, or that belongs to another game."""


def win_chance(score: float, scale: float = SCALE) -> float:
    """The logistic curve: a search score for one side to its chance of winning."""
    if score >= WIN_BOUND:
        return 1.0
    if score <= -WIN_BOUND:
        return 0.0
    x = max(-60.0, min(60.0, score / scale))
    return 1.0 / (1.0 + math.exp(-x))


def _terminal_chances(game: Game) -> dict[str, float]:
    winner = game.winner
    sides = game.sides
    if winner is None:
        return {s: 1.0 / len(sides) for s in sides}
    return {s: 1.0 if s == winner else 0.0 for s in sides}


def _chances(game: Game, score: float, best: Move) -> dict[str, float]:
    """Each side's chance in ``game``, its search having found ``best`` and ``score``;
    rounded as stored, so that a resumed review judges from the same numbers."""
    mover = game.seating.team_of(game.to_move)
    if len(game.sides) == 2:
        p = win_chance(score)
        return {s: round(p if s == mover else 1.0 - p, 4) for s in game.sides}
    if score >= WIN_BOUND:
        return {s: 1.0 if s == mover else 0.0 for s in game.sides}
    chances = many_chances(game, best)
    if score <= -WIN_BOUND:
        # A proven loss: the mover's share goes to the others, as they stood.
        rest = sum(p for s, p in chances.items() if s != mover) or 1.0
        chances = {s: 0.0 if s == mover else p / rest for s, p in chances.items()}
    return {s: round(p, 4) for s, p in chances.items()}


def many_chances(game: Game, best: Move) -> dict[str, float]:
    """Each side's chance with three or four sides: how each stands (``evaluate``) once
    the side to move has played ``best`` (a re-roll: the mean over its six results), as
    shares of one win (``mcts.shares``) at the two-sided curve's ``SCALE``, so that with
    two sides it would be that curve of the difference.  Nothing in it is fitted on
    games of three or four, and on them it is calibrated (AI.md, "Win chance")."""
    sides = list(game.sides)
    results = [best._replace(value=r) for r in range(1, 7)] if best.kind == REROLL else [best]
    total = dict.fromkeys(sides, 0.0)
    for move in results:
        after = game.copy()
        after.push(move)
        if after.is_over:
            share = [_terminal_chances(after)[s] for s in sides]
        else:
            share = shares(evaluate(after), sides, SCALE)
        for side, p in zip(sides, share, strict=True):
            total[side] += p / len(results)
    return total


@dataclass(frozen=True)
class Searched:
    """One position's search: its best move and score, and each side's chance."""

    best: str | None
    score: float | None
    chances: dict[str, float]


def search_position(game: Game, budget: int = BUDGET) -> Searched:
    """The review's search of ``game`` as it stands (deterministic)."""
    found = _Searching(game, budget).step(None)
    assert found is not None
    return found


FORCED_BRANCHES: Final = 36
"""Positions at most that a forced line is judged by (a forced re-roll branches six
ways); past it, a position is judged as it stands."""


def after_forced(game: Game) -> list[tuple[Game, float]]:
    """The positions ``game`` leads to by moves that are the only legal one there, each
    with its probability (a forced re-roll's six results alike); ``[(game, 1.0)]`` when
    the side to move has a choice.

    A position with one legal move is worth what that move leads to.  The search does
    not say so: with nothing to choose it stops at once with a score of 0 (even
    chances), which is right for a player and wrong for a judge.  In L3, where dice
    must capture, 0.7% of the positions of six seeded games had one legal move, and the
    move into each was judged to have given away the gap between its chance and a half:
    the winner "blundered" 0.44 by offering a capture it then won with."""
    settled: list[tuple[Game, float]] = []
    todo = [(game, 1.0)]
    while todo:
        here, weight = todo.pop(0)
        moves = () if here.is_over else here.legal_moves()
        if len(moves) != 1 or len(settled) + len(todo) >= FORCED_BRANCHES:
            settled.append((here, weight))
            continue
        (only,) = moves
        results = [only._replace(value=r) for r in range(1, 7)] if only.kind == REROLL else [only]
        for move in results:
            after = here.copy()
            after.push(move)
            todo.append((after, weight / len(results)))
    return settled


def _score_of(chance: float) -> float:
    """The score the curve (``win_chance``) turns into ``chance``: a forced position's,
    from the chances of what it leads to."""
    if chance >= 1.0:
        return WIN_BOUND
    if chance <= 0.0:
        return -WIN_BOUND
    return round(SCALE * math.log(chance / (1.0 - chance)), 4)


class _Searching:
    """The review's search of ``game``, a slice at a time: a node budget and a fixed
    seed, so that how it is sliced never changes what it finds.  A forced position is
    judged by the positions its forced line leads to (``after_forced``), searched in
    turn, its best move the only one.  ``spec``: the search's level (the review's own,
    ``_LEVEL``, by default; the rollouts judge their last positions at ``_LEAF``)."""

    def __init__(self, game: Game, budget: int, spec: Level | None = None) -> None:
        self.game = game
        self.budget = budget
        self.spec = spec
        self.branches = after_forced(game)
        self.forced = self.branches[0][0] is not game
        self.total = dict.fromkeys(game.sides, 0.0)
        self.found: Searched | None = None
        self.search: Search | None = None

    def step(self, seconds: float | None) -> Searched | None:
        """About ``seconds`` more (``None``: to the end); the result once done."""
        began = time.perf_counter()
        while self.found is None:
            here, weight = self.branches[0]
            if here.is_over:
                judged = Searched(None, None, _terminal_chances(here))
            else:
                if self.search is None:
                    self.search = Search(
                        here, _LEVEL, seed=0, max_nodes=self.budget, spec=self.spec
                    )
                left = None if seconds is None else seconds - (time.perf_counter() - began)
                progress = self.search.step(left)
                if not progress.done:
                    return None
                self.search = None
                score = round(progress.score, 4)
                best = progress.best_move
                judged = Searched(str(best), score, _chances(here, score, best))
            if not self.forced:
                return judged
            for side, chance in judged.chances.items():
                self.total[side] += weight * chance
            self.branches.pop(0)
            if not self.branches:
                chances = {side: round(p, 4) for side, p in self.total.items()}
                mover = self.game.seating.team_of(self.game.to_move)
                (only,) = self.game.legal_moves()
                self.found = Searched(str(only), _score_of(chances[mover]), chances)
        return self.found


def _resolved(move: Move, rng: random.Random) -> Move:
    """A re-roll with its result drawn by ``rng``: each play-out rolls its own dice."""
    if move.kind == REROLL:
        return move.unresolved._replace(value=rng.randint(1, 6))
    return move


class _Rollouts:
    """Play-outs of two moves from one position, a slice at a time: play-out ``i`` of
    each move is seeded alike (the same dice and the same choices where the two lines
    meet the same positions), so their difference is the moves' and not the dice's.

    Each play-out goes ``ROLL_PLIES`` plies by the fast policy (``_POLICY``), then the
    position reached is judged (``_LEAF``): the mover's chance there, or the result if
    the game ended."""

    def __init__(
        self, before: Game, moves: tuple[Move, Move], mover: str, count: int, seed: int
    ) -> None:
        self.before = before
        self.moves = moves
        self.mover = mover
        self.count = count
        self.seed = seed
        self.values: tuple[list[float], list[float]] = ([], [])
        self._game: Game | None = None
        self._rng = random.Random(0)
        self._plies = 0

    @property
    def played_out(self) -> int:
        """Play-outs finished, of ``2 * count``."""
        return len(self.values[0]) + len(self.values[1])

    def step(self, seconds: float | None) -> tuple[float, float] | None:
        """About ``seconds`` more (``None``: to the end); once done, the first move's
        mean gain over the second in the mover's chance, and its one-sided 95% lower
        bound (``ROLL_Z``)."""
        began = time.perf_counter()
        while self.played_out < 2 * self.count:
            game = self._game
            if game is None:
                arm, index = self.played_out % 2, self.played_out // 2
                self._rng = random.Random(self.seed * 1_000_003 + index)
                game = self._game = self.before.copy()
                game.push(_resolved(self.moves[arm], self._rng))
                self._plies = 0
            elif game.is_over or self._plies >= ROLL_PLIES:
                self.values[self.played_out % 2].append(self._value(game))
                self._game = None
            else:
                search = Search(
                    game,
                    spec=_POLICY,
                    seed=self._rng.getrandbits(32),
                    max_nodes=_POLICY.arena_nodes,
                )
                game.push(_resolved(search.finish().best_move, self._rng))
                self._plies += 1
            if seconds is not None and time.perf_counter() - began >= seconds:
                return None
        gains = [a - b for a, b in zip(*self.values, strict=True)]
        mean = statistics.fmean(gains)
        spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
        return mean, mean - ROLL_Z * spread / math.sqrt(len(gains))

    def _value(self, game: Game) -> float:
        found = _Searching(game, _LEAF.arena_nodes, _LEAF).step(None)
        assert found is not None
        return found.chances[self.mover]


@dataclass
class Analysis:
    """An analysis of the first ``len(plies)`` positions of a game (maybe all)."""

    budget: int
    plies: list[dict[str, Any]] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "budget": self.budget, "plies": self.plies}

    @classmethod
    def from_data(cls, data: Any, game: Game) -> Analysis:
        """Read ``to_data``'s form back, checked against ``game`` (its moves)."""
        try:
            safejson.check(data, max_items=_MAX_ITEMS)
        except ValueError as error:
            raise AnalysisError(f"the analysis is damaged: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise AnalysisError("not a Dérive analysis")
        version = data.get("version")
        if type(version) is not int or not 1 <= version <= VERSION:
            raise AnalysisError("this analysis's version is not one this app reads")
        budget = data.get("budget")
        if type(budget) is not int or not 1 <= budget <= 10_000_000:
            raise AnalysisError("the analysis's budget must be a whole number of nodes")
        plies = data.get("plies")
        if not isinstance(plies, list):
            raise AnalysisError(f"the analysis's plies should be a list, not {kind_of(plies)}")
        if version < VERSION:
            return cls(budget)  # marked by other thresholds: made again (``VERSION``, 11)
        if len(plies) > len(game.moves) + 1:
            raise AnalysisError(
                f"the analysis has {len(plies)} positions but the game only "
                f"{len(game.moves) + 1}: it belongs to another game"
            )
        sides = set(game.sides)
        for k, entry in enumerate(plies):
            _check_entry(entry, k, game, sides)
        return cls(budget, [dict(e) for e in plies])

    @property
    def complete(self) -> bool:
        """Every pass done: the last position ``"final"`` and ``"settled"``.  An analysis
        whose first pass ended but whose later passes were stopped is not complete (a
        review goes on with it)."""
        last = self.plies[-1] if self.plies else {}
        return last.get("final") is True and last.get("settled") is True

    @property
    def searched(self) -> bool:
        """Every position searched (the first pass done): the graph is whole."""
        return bool(self.plies) and self.plies[-1].get("final") is True

    def with_tail(self, start: Any, tail: Any, game: Game) -> Analysis:
        """This analysis with its plies from ``start`` on replaced by ``tail`` (a
        ``Review.changes`` answer), only the new entries checked against ``game``: a
        worker's answer costs what changed, not the whole game so far."""
        if type(start) is not int or not 0 <= start <= len(self.plies):
            raise AnalysisError("the analysis's new positions do not follow the known ones")
        try:
            safejson.check(tail, max_items=_MAX_ITEMS)
        except ValueError as error:
            raise AnalysisError(f"the analysis is damaged: {error}") from None
        if not isinstance(tail, list):
            raise AnalysisError(f"the analysis's plies should be a list, not {kind_of(tail)}")
        if start + len(tail) > len(game.moves) + 1:
            raise AnalysisError(
                f"the analysis has {start + len(tail)} positions but the game only "
                f"{len(game.moves) + 1}: it belongs to another game"
            )
        sides = set(game.sides)
        for k, entry in enumerate(tail, start):
            _check_entry(entry, k, game, sides)
        return Analysis(self.budget, self.plies[:start] + [dict(e) for e in tail])

    @property
    def sides(self) -> int:
        """How many sides the game has (two before any position is analysed)."""
        return len(self.plies[0]["chances"]) if self.plies else 2

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per side: how many moves of each label, how many lucky and unlucky rolls, and
        the turning point: the ply of the listed move (a judged one or an unlucky roll)
        that turned its mover's game most (``turn``: the severest, then the costliest),
        ``None`` if none is listed."""
        result: dict[str, dict[str, Any]] = {}
        worst: dict[str, tuple[int, float]] = {}
        sides = self.sides
        for entry in self.plies:
            if "mover" not in entry:
                continue
            mover = entry["mover"]
            side = result.setdefault(
                mover, {**dict.fromkeys((*LABELS, *LUCK_LABELS), 0), "turning_point": None}
            )
            for said in (entry.get("label"), entry.get("luck_label")):
                if said:
                    side[said] += 1
            cost = turn(entry, sides)
            if cost > worst.get(mover, (0, 0.0)):
                worst[mover] = cost
                side["turning_point"] = entry["ply"]
        return result

    def accuracy(self) -> dict[str, float]:
        """Each side's accuracy, 0-100 (``accuracy``), over its moves judged so far."""
        losses: dict[str, list[float]] = {}
        for entry in self.plies:
            if "mover" in entry:
                losses.setdefault(entry["mover"], []).append(float(entry["loss"]))
        sides = self.sides
        found = {side: accuracy(each, sides) for side, each in losses.items()}
        return {side: figure for side, figure in found.items() if figure is not None}

    def turning_point(self) -> int | None:
        """The ply of the move that turned the game most (``turn``), whoever made it."""
        best: tuple[tuple[int, float], int] | None = None
        sides = self.sides
        for entry in self.plies:
            cost = turn(entry, sides) if "mover" in entry else (0, 0.0)
            if cost > (0, 0.0) and (best is None or cost > best[0]):
                best = (cost, entry["ply"])
        return None if best is None else best[1]

    def better(self, ply: int) -> str | None:
        """The better move named for the move that led to ``ply``: the one the second
        pass or the rollouts judged it against (``"better"``), else the search's best
        move in the position before; ``None`` outside the plies analysed."""
        if not 0 < ply <= len(self.plies):
            return None
        here = self.plies[ply] if ply < len(self.plies) else {}
        best = here["better"] if "better" in here else self.plies[ply - 1].get("best")
        return best if isinstance(best, str) else None

    def costliest(self, side: str, count: int = COSTLIEST) -> list[int]:
        """The plies of ``side``'s costliest moves (``costliest``), largest cost first."""
        return costliest(
            (
                (entry["ply"], float(entry["loss"]), self.better(entry["ply"]))
                for entry in self.plies
                if entry.get("mover") == side
            ),
            count,
        )


def move_accuracy(loss: float) -> float:
    """One move's accuracy, 0-100, from the win chance it gave away (0-1): lichess's
    curve of the drop in win percentage, with its point for the analysis's own
    imperfection, so that a move that gave nothing away scores 100."""
    drop = 100.0 * max(0.0, min(1.0, loss))
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669 + 1.0))


def accuracy(losses: Iterable[float], sides: int = 2) -> float | None:
    """A player's accuracy, 0-100, over its moves' losses in a game of ``sides`` sides
    (``weighed``): the mean of their accuracies' arithmetic and harmonic means
    (``move_accuracy``), ``None`` without a move.  The harmonic mean counts each move at
    least 1, as lichess does, so that one move at 0 does not make the whole game 0."""
    scores = [move_accuracy(weighed(loss, sides)) for loss in losses]
    if not scores:
        return None
    mean = sum(scores) / len(scores)
    harmonic = len(scores) / sum(1.0 / max(1.0, score) for score in scores)
    return (mean + harmonic) / 2


def swing(entry: dict[str, Any]) -> float:
    """The win chance the move that led to ``entry`` cost its mover as the review tells
    it: a judged move's loss, or an unlucky roll's bad luck; 0 for a move not judged,
    so that the turning point is always one the list shows."""
    by_move = float(entry["loss"]) if entry.get("label") else 0.0
    luck = entry.get("luck")
    by_roll = -float(luck) if entry.get("luck_label") == "unlucky" and luck is not None else 0.0
    return max(by_move, by_roll)


_GRADES: Final = {label: rank for rank, (label, _) in enumerate(reversed(THRESHOLDS), 1)}


def turn(entry: dict[str, Any], sides: int = 2) -> tuple[int, float]:
    """How far the move that led to ``entry`` turned its mover's game, as the review
    tells it, to compare: first its grade, a mark's or the one an unlucky roll's luck
    would have as a cost (``mark_of``), then its ``swing``.  A mark for a win let
    through is graded whatever it cost, as certain (``LET_LINES``): so the move that let
    a forced win through is the turning point of a game it lost, where a larger
    estimated fall was only an inaccuracy.  On seed 4019's held-out game 5, the turning
    point by the largest fall was an inaccuracy at move 35 (49% to 38%), where the blunder
    at move 63 let a forced win through."""
    by_roll = swing(entry) if entry.get("luck_label") == "unlucky" else 0.0
    rolled = mark_of(by_roll, sides) if by_roll else None
    grade = max(_GRADES.get(entry.get("label") or "", 0), _GRADES.get(rolled or "", 0))
    return grade, swing(entry)


def costliest(moves: Iterable[tuple[int, float, str | None]], count: int = COSTLIEST) -> list[int]:
    """Of one side's moves, ``(ply, loss, better move)``, the plies of the ``count`` that
    cost most, largest first (an earlier move first at equal cost): the win chance each
    gave away against the better move found, as the review measured it (its searches,
    or its rollouts where they settled the move).  A re-roll counts by its choice, over
    its six results (its ``loss``), never by the result it got: that is luck, kept
    apart.  Left out: a move whose cost rounds to 0% (``COSTLY``) and one with no better
    move named."""
    found = [(-loss, ply) for ply, loss, better in moves if loss >= COSTLY and better]
    return [ply for _, ply in sorted(found)[:count]]


def _check_entry(entry: Any, k: int, game: Game, sides: set[str]) -> None:
    where = f"the analysis of move {k}"
    if not isinstance(entry, dict) or entry.get("ply") != k:
        raise AnalysisError(f"{where} is damaged (positions out of order)")
    chances = entry.get("chances")
    if (
        not isinstance(chances, dict)
        or set(chances) != sides
        or not all(_number(p) and 0.0 <= p <= 1.0 for p in chances.values())
    ):
        raise AnalysisError(f"{where}: the win chances do not fit this game's players")
    for key in ("best", "score"):
        value = entry.get(key)
        if value is not None and not (isinstance(value, str) if key == "best" else _number(value)):
            raise AnalysisError(f"{where}: {key!r} is damaged")
    if k == 0:
        return
    played = str(game.moves[k - 1])
    if entry.get("move") != played:
        raise AnalysisError(f"{where} is about another move than {played}: another game's")
    if entry.get("mover") not in sides:
        raise AnalysisError(f"{where}: the player is not one of this game's")
    loss: Any = entry.get("loss")
    if not _number(loss) or not 0.0 <= loss <= 1.0:
        raise AnalysisError(f"{where}: the loss is damaged")
    luck: Any = entry.get("luck")
    if luck is not None and not (_number(luck) and -1.0 <= luck <= 1.0):
        raise AnalysisError(f"{where}: the luck is damaged")
    if entry.get("label") not in (None, *LABELS):
        raise AnalysisError(f"{where}: unknown judgement")
    if entry.get("luck_label") not in (None, *LUCK_LABELS):
        raise AnalysisError(f"{where}: unknown luck")
    deep = entry.get("deep")
    if deep is not None and not (type(deep) is int and deep >= 1):
        raise AnalysisError(f"{where}: the second look's budget is damaged")
    if not isinstance(entry.get("better"), str | None):
        raise AnalysisError(f"{where}: the better move is damaged")
    first = entry.get("first")
    if first is not None and not (
        isinstance(first, dict)
        and _number(first.get("loss"))
        and 0.0 <= first["loss"] <= 1.0
        and first.get("label") in (None, *LABELS)
    ):
        raise AnalysisError(f"{where}: the first look's judgement is damaged")
    roll = entry.get("roll")
    if roll is not None and not (
        isinstance(roll, dict)
        and type(roll.get("n")) is int
        and roll["n"] >= 1
        and all(_number(roll.get(key)) and -1.0 <= roll[key] <= 1.0 for key in ("gain", "low"))
        and _number(roll.get("loss"))
        and 0.0 <= roll["loss"] <= 1.0
        and roll.get("label") in (None, *LABELS)
        and isinstance(roll.get("reason"), dict | None)
    ):
        raise AnalysisError(f"{where}: the rollouts' judgement is damaged")
    like = entry.get("like")
    if like is not None and not (
        isinstance(like, dict)
        and all(_number(like.get(key)) and 0.0 <= like[key] <= 1.0 for key in ("after", "loss"))
        and like.get("label") in (None, *LABELS)
        and isinstance(like.get("reason"), dict | None)
    ):
        raise AnalysisError(f"{where}: the like-for-like cost is damaged")
    hold = entry.get("hold")
    if hold is not None and not (
        isinstance(hold, dict)
        and isinstance(hold.get("better"), str | None)
        and hold.get("label") in (None, *LABELS)
        and isinstance(hold.get("reason"), dict | None)
        and type(hold.get("held")) is int
        and hold["held"] >= 0
        and (hold.get("loss") is None or (_number(hold["loss"]) and 0.0 <= hold["loss"] <= 1.0))
    ):
        raise AnalysisError(f"{where}: the check for a win let through is damaged")
    if entry.get("settled", True) is not True:
        raise AnalysisError(f"{where}: the review's end is damaged")
    proof = entry.get("proof")
    if proof is not None and not (type(proof) is int and k <= proof <= len(game.moves)):
        raise AnalysisError(f"{where}: the proof is damaged")
    reason = entry.get("reason")
    if reason is not None and (
        not isinstance(reason, dict) or not isinstance(reason.get("code"), str)
    ):
        raise AnalysisError(f"{where}: the reason is damaged")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def load_analysis(record: Any, game: Game) -> tuple[Analysis | None, str | None]:
    """The analysis kept in ``record`` (its ``"analysis"`` key) for ``game``, the
    game loaded from it: ``(analysis, None)``, ``(None, None)`` without one, or
    ``(None, message)`` when it is bad or another game's (the game stays good)."""
    if not isinstance(record, dict) or record.get("analysis") is None:
        return None, None
    try:
        return Analysis.from_data(record["analysis"], game), None
    except AnalysisError as error:
        return None, str(error)


def weighed(chance: float, sides: int) -> float:
    """A fall (or rise) in win chance counted as in a game of two: with three or four
    sides a fair chance is a third or a quarter, not a half, and lichess's thresholds
    and accuracy curve are made for a half, so it counts ``sides / 2`` times (how that
    judges levels of known strength: AI.md, "Three or four sides")."""
    return chance * sides / 2


def mark_of(loss: float, sides: int) -> str | None:
    """The mark a move that gave away ``loss`` earns (``THRESHOLDS``), or ``None``."""
    weight = weighed(loss, sides)
    return next((name for name, limit in THRESHOLDS if weight >= limit - 1e-9), None)


def settled(
    label: str | None, reason: Mapping[str, Any] | None, chance: float, sides: int
) -> str | None:
    """The mark a move keeps once its reason is known: a move that let the other side win
    (at once, or by force) when a move of its own would have stopped it is graded as
    every such move is, by its mover's ``chance`` before it (``let_mark``, lichess's for
    a mate allowed), whatever chance it cost, if that is severer.  Only a move that cost
    a mark at all is raised here (the check of every move, ``Review._hold``, marks the
    others).

    Why not by its cost alone: such a move costs the better move's whole chance, and a
    player already behind loses little by it as the win chance counts (11-17% for the
    losers' moves measured).  Played out 16 times each way by one level on both sides,
    as GNU Backgammon's rollouts play, the better moves of the losers' such moves gained
    +0.21 on average (8 moves; bench/journal/review_quality.md, 6 December 2026, night)."""
    if label is not None and reason is not None and reason.get("code") in LET_THROUGH:
        return _severer(label, let_mark(chance, sides))
    return label


LET_LINES: Final = (("blunder", 0.07), ("mistake", 0.025), ("inaccuracy", 0.0))
"""The mark of a move that let a win through where another move would not have
(``Review._hold``), by the mover's chance before it: lichess's for a mate let through
("checkmate is now unavoidable": a blunder from above -700 centipawns, a mistake from
above -999, else an inaccuracy), its centipawns put in win chance by lichess's own curve
(7% and 2.5%)."""


def let_mark(chance: float, sides: int) -> str:
    """The mark of a move that let a win through, its mover's chance before it being
    ``chance`` (``LET_LINES``)."""
    weight = weighed(chance, sides)
    return next(name for name, limit in LET_LINES if weight >= limit - 1e-9)


def let_cost(entry: dict[str, Any], cost: float) -> None:
    """Cost move ``entry``, marked by the check of every move, at least ``cost``: for a
    win it let through (``Review._name``), its mover's chance before it, as lichess
    costs a mate allowed (the move played is lost by force, the better move kept that
    chance); for a win it missed (``Review._miss``), all its mover did not keep of a
    won position.  The searches, which did not see the win, cost such moves less: on
    seed 4019's game 5 the move that let Red force the win cost 2% by them and was
    missing from the costliest moves, whose worst was an inaccuracy of 11%, while the
    summary named it the turning point.  ``"hold"`` keeps the searches' cost."""
    entry["hold"].setdefault("loss", entry["loss"])
    entry["loss"] = max(float(entry["loss"]), round(max(0.0, min(1.0, cost)), 4))


def _missed_win(entry: Mapping[str, Any]) -> bool:
    """Whether ``entry`` was marked by the check of every move for a win it missed."""
    return "hold" in entry and (entry.get("reason") or {}).get("code") == "misses_win"


def prove_miss(plies: list[dict[str, Any]], j: int) -> bool:
    """Where move ``j`` missed a win the check found (``Review._miss``): the position
    before it is its player's, proven there (``"proof"``: ``j - 1``).  Whether it
    applied."""
    entry = plies[j]
    if not _missed_win(entry):
        return False
    _prove(plies, j - 1, entry["mover"], j - 1)
    return True


def _prove(plies: list[dict[str, Any]], j: int, side: str, proof: int) -> None:
    """Position ``j`` a win for ``side``, proven at position ``proof``, unless it is one."""
    won = {s: 1.0 if s == side else 0.0 for s in plies[j]["chances"]}
    if plies[j]["chances"] != won:
        plies[j]["chances"], plies[j]["proof"] = won, proof


def prove_let(plies: list[dict[str, Any]], moves: Sequence[Move], seating: Seating, k: int) -> bool:
    """Where move ``k``, marked for a win it let through (``Review._name``), was answered
    by the winning move itself: positions ``k`` and ``k + 1`` are the winner's, proven by
    the check (``"proof"``: ``k + 1``, the position after that move), and the two moves
    after it, the winning move and the loser's answer, gave nothing away.  The searches,
    blind to the win, had the fall at the winning move: on seed 4019's game 5 the graph
    showed Yellow at 15% after the blunder that let Red force the win, and at 0% only
    after Red's reply, so that the point of the blunder sat on a flat line.  A re-roll
    played as the winning move is left alone (its result was luck).  Whether it applied
    (it may find the positions raised already, by the game's end carried back)."""
    entry = plies[k]
    reason = entry.get("reason") or {}
    if "hold" not in entry or reason.get("code") not in LET_THROUGH or k + 1 >= len(plies):
        return False
    reply, colour = moves[k], reason.get("colour")
    if reply.kind == REROLL or str(reply) != reason.get("move"):
        return False
    if not isinstance(colour, str) or len(colour) != 1 or colour not in seating.colours:
        return False
    for j in (k, k + 1):
        _prove(plies, j, seating.team_of(colour), k + 1)
    for j in (k + 1, k + 2):
        if j < len(plies) and "hold" not in plies[j]:
            plies[j].update(loss=0.0, label=None, reason=None)
    return True


def settle_lets(plies: list[dict[str, Any]], moves: Sequence[Move], seating: Seating) -> int:
    """What the check of every move found, applied once it is done (``Review._settle``):
    each move it marked costs what its mover had before it (``let_cost``), then the
    positions its winning replies proved are raised (``prove_let``).  Not before: the
    earlier passes choose their moves from these figures, and a review stopped in the
    check and resumed must choose as before.  The first ply changed (``len(plies)`` if
    none)."""
    first = len(plies)
    for k, (before, entry) in enumerate(pairwise(plies), 1):
        if _missed_win(entry):
            # Re-rolled instead: judged by its choice, the mean of its six results.
            kept = float(entry["chances"][entry["mover"]]) - float(entry.get("luck") or 0.0)
            let_cost(entry, 1.0 - kept)
            first = min(first, k)
        elif "hold" in entry and entry.get("label"):
            let_cost(entry, float(before["chances"][entry["mover"]]))
            first = min(first, k)
    for k in range(1, len(plies)):
        if prove_miss(plies, k):
            first = min(first, k - 1)
        elif prove_let(plies, moves, seating, k):
            first = min(first, k)
        else:
            first = min(first, prove_lost(plies, moves, k))
    return first


def prove_lost(plies: list[dict[str, Any]], moves: Sequence[Move], k: int) -> int:
    """Where no other move held against the win move ``k`` let through
    (``Review._none_held``): positions ``k - 1`` and ``k`` are the other side's, proven
    by the check, and move ``k`` lost nothing.  Nor did that side's move into ``k - 1``,
    which reached a won position: not even where it missed a quicker win (it kept one).
    A re-roll is judged by its six results, which this does not move: only its luck
    does (as ``Review._raise``).  Where the loser's move before that was marked by the
    check for a win it let through, or was a re-roll, the position it led to is the
    winner's too (the winner had a move from it to a won position): the fall shows at
    the move that let the win happen, or at the roll that did.  Not after another move:
    its searches' cost is no proof of what it let happen.  The first position changed
    (``len(plies)`` if none)."""
    entry = plies[k]
    hold = entry.get("hold")
    if not isinstance(hold, dict) or hold.get("held") != 0:
        return len(plies)
    mover = entry["mover"]
    winner = next(side for side in entry["chances"] if side != mover)
    entry.update(loss=0.0, label=None, reason=None)
    _prove(plies, k, winner, k)
    reached = plies[k - 1]
    was = float(reached["chances"][winner])
    _prove(plies, k - 1, winner, k - 1)
    if k < 2:
        return k - 1
    if moves[k - 2].kind == REROLL:
        _reluck(reached, was)
        return k - 1
    reached.update(loss=0.0, label=None, reason=None)
    if k < 3:
        return k - 1
    into = plies[k - 2]
    if moves[k - 3].kind == REROLL:
        # The loser's re-roll, whose result let the winner in: its choice keeps its
        # cost (the mean of its six results), and its luck is that result's.
        was = float(into["chances"][mover])
        _prove(plies, k - 2, winner, k - 1)
        _reluck(into, was)
        return k - 2
    if into.get("label") and _let(into):
        _prove(plies, k - 2, winner, k - 1)
        return k - 2
    return k - 1


def _reluck(entry: dict[str, Any], was: float) -> None:
    """A re-roll's luck once its position's chance for its mover changed from ``was``: its
    mean over six results is unchanged; only the luck of the one rolled moves."""
    mean = was - float(entry.get("luck") or 0.0)
    luck = round(float(entry["chances"][entry["mover"]]) - mean, 4)
    entry.update(luck=luck, luck_label=_luck_label(luck, len(entry["chances"])))


def _let(entry: Mapping[str, Any]) -> bool:
    """Whether ``entry`` was marked by the check of every move for a win it let through:
    costed by its mover's chance before it (``let_cost``), whatever the one after."""
    return "hold" in entry and (entry.get("reason") or {}).get("code") in LET_THROUGH


def _severer(one: str | None, other: str | None) -> str | None:
    order = (None, *reversed(LABELS))
    return one if order.index(one) >= order.index(other) else other


def refused(roll: Mapping[str, Any] | None) -> bool:
    """Whether a move's rollouts (``"roll"``) found no gain they trust: the one-sided
    bound on the better move's gain not above 0 (``ROLL_Z``).  Such a move is not
    marked, whatever a search costs it."""
    return roll is not None and roll["low"] <= 0


def unconfirmed(entry: Mapping[str, Any], sides: int) -> bool:
    """Whether the move that led to ``entry`` cost enough for a mark that its rollouts
    refused (``refused``): what a page says of a cost with no mark."""
    earned = mark_of(float(entry["loss"]), sides)
    return entry.get("label") is None and refused(entry.get("roll")) and earned is not None


def _luck_label(luck: float | None, sides: int) -> str | None:
    if luck is None or abs(weighed(luck, sides)) < LUCK:
        return None
    return "lucky" if luck > 0 else "unlucky"


def _loss(best: Searched, move: Move, played: float, mover: str) -> float:
    """The chance ``mover`` gave away by ``move`` (``played``: its chance after it),
    against the best move of the search ``best`` (0 when it is that move)."""
    same = best.best is not None and Move.parse(best.best).unresolved == move.unresolved
    loss = 0.0 if same else max(0.0, best.chances[mover] - played)
    return round(min(loss, 1.0), 4)


THREE_STEPS: Final = 300
"""Steps (``threat`` checks and searches) the check of a move for a win in three may
take before it is given up, the move left as it was (``Review._three``).  Where a move
held on the held-out L2 games it took 181-259 steps, 2-3 s of CPython; an L3 step costs
about 48 ms, so an L3 position where none holds costs up to 15 s."""


class Review:
    """A steppable analysis of ``game``: ``step()`` runs one search at ``budget``
    nodes (a position, or one result of a re-roll), then slices of the second pass's
    searches at ``deep``, so the result does not depend on how the work is sliced."""

    def __init__(
        self,
        game: Game,
        budget: int = BUDGET,
        *,
        resume: Analysis | None = None,
        deep: int | None = None,
        rollouts: int | None = None,
        like: bool = True,
    ):
        """``deep``: nodes per search of the second pass (0: none, the first pass
        alone, as before it existed); by default ``DEEP_BUDGET`` in the proportion of
        ``budget`` to ``BUDGET``, so that a review asked to be light is light twice.
        ``rollouts``: play-outs of each move the rollouts compare (0: none), by default
        ``ROLLOUTS`` in the same proportion, at most four times as many.  ``like``:
        whether the costly moves are costed again like for like, last (``_costs``)."""
        self.budget = budget
        self.deep = DEEP_BUDGET * budget // BUDGET if deep is None else deep
        self.rollouts = (
            min(4 * ROLLOUTS, ROLLOUTS * budget // BUDGET) if rollouts is None else rollouts
        )
        self._moves = list(game.moves)
        self._positions = positions_of(game)
        self._sides = len(game.sides)
        self._searched: list[Searched] = []
        self._reroll: dict[tuple[int, int], Searched] = {}
        """(ply of the position rolled from, result) -> that result's search."""
        self._tasks: list[tuple[int, int]] = []
        """What is left: (position, 0) or (re-roll's position, result)."""
        for k in range(len(self._positions)):
            self._tasks.append((k, 0))
            if k and self._moves[k - 1].kind == REROLL:
                rolled = self._moves[k - 1].value
                self._tasks.extend((k - 1, r) for r in range(1, 7) if r != rolled)
        self._first = len(self._tasks)
        self._rolled_bound = 2 * self.rollouts * ROLL_PER_SIDE * len(game.sides)
        self._total = self._first + (2 * DEEP_PER_SIDE * len(game.sides) if self.deep else 0)
        self._total += self._rolled_bound
        """An upper bound until the first pass ends and the later passes' moves are
        known (a play-out counts as one search: they cost about as much)."""
        self.like = like
        self._cost_bound = len(self._moves) // COST_SHARE if like else 0
        self._total += self._cost_bound
        self._costing: list[tuple[int, int]] | None = None
        """The like-for-like searches still to make, (ply, re-roll result or 0), once
        the rollouts are done."""
        self._costs_done = 0
        self._after_better: dict[int, list[float]] = {}
        """Ply -> the mover's chance after each searched result of its better move."""
        self._tasks.reverse()
        self._deep: list[int] | None = None
        """The second pass's moves still to judge (plies), once the first pass is done."""
        self._deep_done = 0
        self._half: Searched | None = None
        """The second pass's search of the position before the move being judged."""
        self._looking: _Searching | None = None
        """The second pass's search under way."""
        self._rolls: list[int] | None = None
        """The moves still to settle by rollouts (plies), once the second pass is done."""
        self._rolls_done = 0
        """Play-outs of the moves settled (``2 * rollouts`` each)."""
        self._rolling: _Rollouts | None = None
        """The rollouts under way."""
        self._holding: list[int] | None = None
        """The moves still to check for a win let through (``_hold``), once the costs are
        done."""
        self._holds_done = 0
        self._work: Generator[None, None, None] | None = None
        """The check of a move under way (``_hold``)."""
        self._plies: list[dict[str, Any]] = []
        if resume is not None:
            if resume.budget != budget:
                raise AnalysisError("the analysis to resume was made at another budget")
            self._resume(resume)
        self._changed = len(self._plies)
        """The first ply written or rewritten since the last ``changes()`` (a resumed
        analysis's plies are the asker's already)."""
        self._settled = resume is not None and resume.complete
        """Every pass done (``_settle``)."""

    def _resume(self, prior: Analysis) -> None:
        for entry in prior.plies:
            k = entry["ply"]
            self._searched.append(Searched(entry["best"], entry["score"], entry["chances"]))
            self._tasks.pop()
            if k and self._moves[k - 1].kind == REROLL:
                for _ in range(5):
                    self._tasks.pop()
            self._plies.append(entry)
        if any(entry.get("deep", self.deep) != self.deep for entry in prior.plies):
            raise AnalysisError("the analysis to resume was looked at deeper at another budget")
        if any(
            entry.get("roll", {}).get("n", self.rollouts) != self.rollouts for entry in prior.plies
        ):
            raise AnalysisError("the analysis to resume was played out a different number of times")
        if any("hold" in entry for entry in prior.plies):
            # The check of every move, the last stage, had begun: every stage before it
            # was done.  Their moves are not chosen again, from figures the check has
            # changed since (a mark it gave would count as the first pass's).
            self._deep, self._rolls, self._costing = [], [], []
            self._total = self._first

    @property
    def done(self) -> bool:
        return self._settled

    @property
    def stage(self) -> str:
        """What the review is at: ``"first"`` (the first pass), ``"deeper"`` (the second),
        ``"rollouts"``, ``"costs"``, ``"holds"`` or ``"done"``."""
        if self._settled:
            return "done"
        if self._tasks:
            return "first"
        if self._second():
            return "deeper"
        if self._third():
            return "rollouts"
        return "costs" if self._costs() else "holds"

    def _left(self) -> bool:
        """Whether any pass has something left to do."""
        return any((self._tasks, self._second(), self._third(), self._costs(), self._holds()))

    def progress(self) -> tuple[int, int]:
        """(searches done, searches in all); a play-out counts as one search."""
        done = self._first - len(self._tasks) + self._deep_done + (self._half is not None)
        done += self._rolls_done + (self._rolling.played_out if self._rolling else 0)
        return done + self._costs_done + self._holds_done, self._total

    def step(self) -> tuple[int, int]:
        """One more search of the first pass, or a slice of one of the second's;
        returns ``progress()``."""
        if self._settled:
            return self.progress()  # a whole analysis resumed: nothing to redo
        if self._tasks:
            self._first_pass(*self._tasks.pop())
        elif self._second():
            self._deepen(self._second()[0])
        elif self._third():
            self._roll(self._third()[0])
        elif self._costs():
            self._cost(*self._costs()[0])
        elif self._holds():
            self._hold(self._holds()[0])
        if not self._settled and not self._left():
            self._settle()
        return self.progress()

    def _settle(self) -> None:
        """Every pass done: said in the last position (``"settled"``), so that an
        analysis kept before this, its later passes stopped, is not taken for a whole
        one (``Analysis.complete``)."""
        self._settled = True
        first = settle_lets(self._plies, self._moves, self._positions[0].seating)
        self._plies[-1]["settled"] = True
        self._changed = min(self._changed, first, len(self._plies) - 1)

    def _first_pass(self, k: int, result: int) -> None:
        if result == 0:
            self._searched.append(search_position(self._positions[k], self.budget))
            if not (k and self._moves[k - 1].kind == REROLL):
                self._judge(k)
        else:
            after = self._positions[k].copy()
            after.push(self._moves[k]._replace(value=result))
            self._reroll[(k, result)] = search_position(after, self.budget)
            if len([r for (p, r) in self._reroll if p == k]) == 5:
                self._judge(k + 1)

    def _second(self) -> list[int]:
        """The moves the second pass has still to judge ([] once it is done); chosen
        when the first pass is done, from its figures alone, so that a resumed review
        chooses the same."""
        if self._tasks:
            return []
        if self._deep is None:
            chosen = self._candidates() if self.deep else []
            self._deep = [k for k in chosen if "deep" not in self._plies[k]]
            self._deep_done = 2 * (len(chosen) - len(self._deep))
            self._total = self._first + 2 * len(chosen) + self._rolled_bound + self._cost_bound
        return self._deep

    def _candidates(self) -> list[int]:
        """Each side's ``DEEP_PER_SIDE`` moves after which its chance fell most, by the
        next position it was to move in (the reply the first pass may not have seen
        is in that fall), at least ``DOUBT``, a move into a proven loss first; in ply
        order.  Re-rolls (luck) and moves inside a proven win (known) are left alone."""
        plies = self._plies
        last = len(plies) - 1
        falls: dict[str, list[tuple[float, int]]] = {}
        for k in range(1, last + 1):
            entry = plies[k]
            if self._moves[k - 1].kind == REROLL or "proof" in plies[k - 1]:
                continue
            mover = entry["mover"]
            if "proof" in entry:
                # The move into a proven loss, from a position that was not: a deeper
                # search there may find the move that did not lose (the first pass, at
                # its horizon, played it itself, or saw it too late).  First in line.
                falls.setdefault(mover, []).append((2.0, k))
                continue
            if self._positions[k].is_over:
                continue  # the move ended the game: nothing deeper to see
            fall = self._fall(k)
            first = entry.get("first", entry)  # as the first pass judged it
            if weighed(fall, self._sides) >= DOUBT or first["label"]:
                falls.setdefault(mover, []).append((max(fall, first["loss"]), k))
        return sorted(
            k for found in falls.values() for _, k in sorted(found, reverse=True)[:DEEP_PER_SIDE]
        )

    def _fall(self, k: int) -> float:
        """How far the chance of move ``k``'s mover fell from the position before it to
        the lower of the position after it and the next one it was to move in (the
        reply the first pass may not have seen is in that fall)."""
        plies, mover = self._plies, self._plies[k]["mover"]
        later = next(
            (
                j
                for j in range(k + 1, len(plies))
                if self._positions[j].seating.team_of(self._positions[j].to_move) == mover
            ),
            len(plies) - 1,
        )
        after = min(float(plies[k]["chances"][mover]), float(plies[later]["chances"][mover]))
        return float(plies[k - 1]["chances"][mover]) - after

    def _third(self) -> list[int]:
        """The moves the rollouts have still to settle ([] once done); chosen when the
        second pass is done, from figures the rollouts do not change (what they
        replace is kept in ``"roll"``), so that a resumed review chooses the same."""
        if self._tasks or self._second():
            return []
        if self._rolls is None:
            chosen = self._roll_candidates() if self.rollouts else []
            self._rolls = [k for k in chosen if "roll" not in self._plies[k]]
            self._rolls_done = 2 * self.rollouts * (len(chosen) - len(self._rolls))
            self._total += 2 * self.rollouts * len(chosen) - self._rolled_bound
            self._rolled_bound = 2 * self.rollouts * len(chosen)
        return self._rolls

    def _alternative(self, k: int) -> str | None:
        """The better move named for the move that led to ``k``, if it is another."""
        entry = self._plies[k]
        better = entry["better"] if "better" in entry else self._plies[k - 1].get("best")
        if better is None or Move.parse(better).unresolved == self._moves[k - 1].unresolved:
            return None
        return str(better)

    def _roll_candidates(self) -> list[int]:
        """The moves the rollouts settle: of each side that did not win, the
        ``ROLL_PER_SIDE`` after which its chance fell most or that the search judged
        worst (``ROLL_DOUBT`` at least), marked or not, with a better move named; in
        ply order.  Left alone: re-rolls (luck), moves in or into a proven loss, moves
        that ended the game, and marks whose reason is a fact (``CERTAIN``)."""
        plies, last = self._plies, len(self._plies) - 1
        winner = self._positions[-1].winner
        found: dict[str, list[tuple[float, int]]] = {}
        for k in range(1, last + 1):
            entry = plies[k]
            mover = entry["mover"]
            if mover == winner or self._moves[k - 1].kind == REROLL:
                continue
            if "proof" in plies[k - 1] or "proof" in entry or self._positions[k].is_over:
                continue
            # The judgement before any rollout (or like-for-like cost, which come after).
            searched = entry["roll"] if "roll" in entry else entry.get("like", entry)
            reason = searched.get("reason")
            if reason and reason.get("code") in CERTAIN:
                continue
            if self._alternative(k) is None:
                continue
            doubt = max(self._fall(k), searched["loss"])
            if weighed(doubt, self._sides) >= ROLL_DOUBT:
                found.setdefault(mover, []).append((doubt, k))
        return sorted(
            k for each in found.values() for _, k in sorted(each, reverse=True)[:ROLL_PER_SIDE]
        )

    def _roll(self, k: int) -> None:
        """A slice of the rollouts of move ``k`` against its better move; once done, the
        move is judged by them: its loss is the better move's mean gain, and it is marked
        only if the one-sided 95% bound of that gain is above 0 (``ROLL_Z``)."""
        entry = self._plies[k]
        mover = entry["mover"]
        better = self._alternative(k)
        assert better is not None
        if self._rolling is None:
            moves = (Move.parse(better), self._moves[k - 1])
            self._rolling = _Rollouts(self._positions[k - 1], moves, mover, self.rollouts, k)
        found = self._rolling.step(ROLL_SLICE_S)
        if found is None:
            return
        self._rolling = None
        assert self._rolls is not None
        self._rolls.pop(0)
        self._rolls_done += 2 * self.rollouts
        gain, low = round(found[0], 4), round(found[1], 4)
        entry.setdefault("first", {"loss": entry["loss"], "label": entry["label"]})
        entry["roll"] = {
            "n": self.rollouts,
            "gain": gain,
            "low": low,
            "loss": entry["loss"],
            "label": entry["label"],
            "reason": entry["reason"],
        }
        loss = round(max(0.0, min(1.0, gain)), 4)
        label = None if refused(entry["roll"]) else mark_of(loss, self._sides)
        same = entry.get("better", better) == better
        if label and not (entry["reason"] and same):
            entry["reason"] = self._reason(k, mover, better, self._plies[k].get("best"))
        elif not label:
            entry["reason"] = None
        entry["loss"], entry["better"] = loss, better
        entry["label"] = self._graded(k, label, entry["reason"])
        self._changed = min(self._changed, k)

    def _costs(self) -> list[tuple[int, int]]:
        """The like-for-like searches still to make ([] once done): chosen when the
        rollouts are done, from figures this stage keeps (``"like"``), so that a resumed
        review chooses the same."""
        if self._tasks or self._second() or self._third():
            return []
        if self._costing is None:
            chosen = self._cost_candidates() if self.like else []
            searches = {k: self._better_results(k) for k in chosen}
            self._costing = [
                (k, r) for k in chosen if "like" not in self._plies[k] for r in searches[k]
            ]
            every = sum(len(found) for found in searches.values())
            self._costs_done = every - len(self._costing)
            self._total += every - self._cost_bound
            self._cost_bound = every
        return self._costing

    def _cost_candidates(self) -> list[int]:
        """The moves costed again like for like: every move a pass found costly
        (``COSTLY``), with a better move named; in ply order.  Left alone: moves in or
        into a proven loss, moves that ended the game and marks whose reason is a fact
        (``CERTAIN``): what they cost is known, not estimated."""
        plies = self._plies
        chosen = []
        for k in range(1, len(plies)):
            entry = plies[k]
            judged = entry.get("like", entry)  # what the passes said, before this stage
            reason = judged.get("reason")
            if "proof" in plies[k - 1] or "proof" in entry or self._positions[k].is_over:
                continue
            if reason and reason.get("code") in CERTAIN:
                continue
            if judged["loss"] >= COSTLY and self._alternative(k) is not None:
                chosen.append(k)
        return chosen

    def _better_results(self, k: int) -> list[int]:
        """What the better move of move ``k`` is searched as: [0] for a move, the six
        results for a re-roll."""
        better = self._alternative(k)
        assert better is not None
        return list(range(1, 7)) if Move.parse(better).kind == REROLL else [0]

    def _cost(self, k: int, result: int) -> None:
        """One search of the position after move ``k``'s better move (of one result, for
        a re-roll); with the last, the move is costed like for like.

        The passes cost a move by the search of the position before it (its best move,
        a ply deeper) against the search of the position after it, which overstates:
        the loser's costliest moves of 12 L2 games (seed 4015) were said to cost 0.129
        where their better moves, played out, gained 0.043 (33 moves), and 39 named in
        L3 games 0.106 where they gained 0.028.  The same 66 L3 moves costed like for
        like said 0.056 against 0.047 gained.  Named by this cost, on the same 12 L2
        games the better moves gain +0.058 (+0.005 to +0.112) where they gained +0.043
        (-0.009 to +0.095), and the cost said exceeds the gain by 0.064 (+0.016 to
        +0.112) where it did by 0.086 (+0.040 to +0.132): nearer, not there (journal,
        6 December 2026).  So a costly move's cost is the mover's chance after the
        better move less after the move played, searched alike (a re-roll by the mean
        of its six results, either side), but never more than the passes (or its
        rollouts) said: where this cost alone raised a move to a mark, 16 such marks of
        twenty held-out L2 ``easy``-``medium`` games (seeds 4020 and 4022), played out
        16 times each way by ``medium``, gained +0.027 (-0.054 to +0.109), against
        +0.256 (+0.177 to +0.335) for the 26 marks the passes made that no rollout
        settled (journal, 7 December 2026, night)."""
        assert self._costing is not None
        self._costing.pop(0)
        self._costs_done += 1
        before = self._positions[k - 1]
        entry = self._plies[k]
        mover = entry["mover"]
        better = self._alternative(k)
        assert better is not None
        move = Move.parse(better)
        after = before.copy()
        after.push(move.unresolved._replace(value=result) if result else move)
        found = self._after_better.setdefault(k, [])
        found.append(search_position(after, self.budget).chances[mover])
        if len(found) < len(self._better_results(k)):
            return
        chance = round(sum(self._after_better.pop(k)) / len(found), 4)  # as it is kept
        # The move played: its position's own search, a re-roll by its mean over its six
        # results (the luck is what the one rolled had over that mean).
        played = float(entry["chances"][mover]) - float(entry.get("luck") or 0.0)
        # Never above what the passes (or the rollouts) said: where this cost alone
        # raised a move to a mark, its better move gained nothing played out.
        loss = round(max(0.0, min(1.0, chance - played, float(entry["loss"]))), 4)
        # Rollouts that found no gain they could trust keep their word: no mark.
        label = None if refused(entry.get("roll")) else mark_of(loss, self._sides)
        entry.setdefault("first", {"loss": entry["loss"], "label": entry["label"]})
        entry["like"] = {
            "after": chance,
            "loss": entry["loss"],
            "label": entry["label"],
            "reason": entry["reason"],
        }
        if label and not entry["reason"]:
            entry["reason"] = self._reason(k, mover, better, entry.get("best"))
        elif not label:
            entry["reason"] = None
        entry["loss"], entry["better"] = loss, better
        entry["label"] = self._graded(k, label, entry["reason"])
        self._changed = min(self._changed, k)

    def _holds(self) -> list[int]:
        """The moves still to check for a win let through ([] once done): every move
        but a re-roll, one that ended the game and one the check changed already
        (``"hold"``), chosen when the like-for-like costs are done; and a move the check
        marked for a win in two or at once whose answer is unchecked (``_answer``).  A
        stopped check starts again (it changes nothing it changed before, and costs a
        second or two)."""
        if self._tasks or self._second() or self._third() or self._costs():
            return []
        if self._holding is None:
            self._holding = [
                k
                for k in range(1, len(self._plies))
                if self._moves[k - 1].kind != REROLL
                and not self._positions[k].is_over
                and ("hold" not in self._plies[k] or self._unanswered(k))
            ]
            self._total += len(self._holding)
        return self._holding

    def _unanswered(self, k: int) -> bool:
        """Whether move ``k``, which the check marked, let a win in two or at once
        through that its answer neither played nor was marked for (a review stopped
        between the mark and that check)."""
        reason = self._plies[k]["reason"] or {}
        return (
            reason.get("code") in LET_THROUGH
            and reason.get("in") != 3
            and k + 1 < len(self._plies)
            and "hold" not in self._plies[k + 1]
            and str(self._moves[k]) != reason.get("move")
        )

    def _hold(self, k: int) -> None:
        """A step of the check of move ``k`` (``_check``, or ``_answer`` for a move it
        changed already)."""
        if self._work is None:
            self._work = self._check(k) if "hold" not in self._plies[k] else self._answer(k)
        try:
            next(self._work)
        except StopIteration:
            self._work = None
            self._held(k)

    def _check(self, k: int) -> Generator[None, None, None]:
        """Check move ``k`` for a win it let the other side through, exactly: at once,
        or in two whatever the mover answers (``threat``).  Where it let one through and
        another move let less through, the move is marked for it, whatever the searches
        said (``LET_LINES``), and the better move named is one that lets least through,
        the searches' own if it is one, else the best of them by the review's search.
        A move that let none through in two is checked for a win in three where the
        other side played one (``_three``).

        The searches do not see a win in two.  On seed 4020's ten held-out L2
        ``easy``-``medium`` games, the better move named for the loser's seven marks
        for a win let through let a win in two through itself in six (other moves held
        in two of those positions), and in two decisive games the loser's move that
        let the win through was not marked at all: the search, at its horizon, thought
        the mover lost already (journal ``bench/journal/review_quality.md``, 7 December
        2026).  The check costs 0.1-4 s of CPython an L2 game, up to 5 s an L3 one
        (every move's threat, every alternative's where one was let through, and the
        win in three's), a step at a time (``yield``): one move's threat, or one search.
        ``"hold"`` keeps what the passes said of a move it changed, and how many moves
        held."""
        if (self._plies[k]["reason"] or {}).get("code") == "misses_win":
            return  # a win missed says more than the win it let through
        before = self._positions[k - 1]
        played = self._moves[k - 1]
        found = danger(before, played)
        yield
        if found is None:
            yield from capped(self._three(k), THREE_STEPS)
            return
        yield from self._missed(k, found)
        levels: list[tuple[Move, int]] = []
        for move in before.legal_moves():
            if move.kind != REROLL and move != played:
                levels.append((move, level(danger(before, move))))
                yield
        held = [(m, d) for m, d in levels if d < found.danger]
        if not held:
            self._none_held(k)
            return
        least = min(d for _, d in held)
        fewest = [m for m, d in held if d == least]
        named = self._alternative(k)
        choice = Move.parse(named).unresolved if named is not None else None
        code = "allows_win" if found.danger == AT_ONCE else "allows_forced_win"
        if choice in fewest:
            self._name(k, choice, (code, found.move, found.colour), len(held), least == 0)
            return
        mover = self._plies[k]["mover"]
        chances = []
        for move in fewest:  # the best of them by the review's search
            after = before.copy()
            after.push(move)
            chances.append(search_position(after, self.budget).chances[mover])
            yield
        best = fewest[chances.index(max(chances))]  # first of equals
        self._name(k, best, (code, found.move, found.colour), len(held), least == 0)

    def _none_held(self, k: int) -> None:
        """Move ``k`` let a win through that every other move let through too (``_check``):
        in a game of two colours the position before it was lost already, and whatever
        the searches said of the move, it lost nothing.  Its mark goes (``"hold"``, with
        ``"held": 0``, keeps what the passes said); the end of the review proves the
        position before it the other side's (``prove_lost``).  On an arena game (L2,
        ``medium`` against ``easy``, seed 7) the searches, the game's end carried back,
        marked Yellow's +d10 at move 120 a blunder that let Red force the win, "better:
        b6-c5", where each of Yellow's 21 moves let Red win in two."""
        if len(self._positions[k - 1].seating.colours) != 2:
            return
        entry = self._plies[k]
        self._keep(k, 0)
        entry["label"], entry["reason"] = None, None
        self._changed = min(self._changed, k)

    def _answer(self, k: int) -> Generator[None, None, None]:
        """The answer to move ``k``, marked for a win it let through, checked alone for
        the win it missed (``_missed``)."""
        found = danger(self._positions[k - 1], self._moves[k - 1])
        yield
        if found is not None:
            yield from self._missed(k, found)

    def _missed(self, k: int, found: Threat) -> Generator[None, None, None]:
        """The answer to move ``k``, which let ``found`` through: kept if it is the
        winning move, or another that wins at once or leaves the other side lost
        (``threat.lost``, a step a move tried); else it missed that win, and is marked
        for it (``_miss``).  On seed 4021's `medium`-`hard` game 8, drawn, Yellow's moves
        let Red a win in two through eight times and were marked for it eight times,
        while Red's moves that missed it seven times were not marked at all."""
        j = k + 1
        if j >= len(self._plies) or "hold" in self._plies[j]:
            return
        reply, there = self._moves[k], self._positions[j]
        if str(reply) == found.move:
            return
        if there.is_over:
            if there.winner is not None and there.winner == self._plies[j]["mover"]:
                return  # another win at once
        elif (
            reply.kind != REROLL
            and len(there.seating.colours) == 2
            and there.to_move == self._positions[k - 1].to_move
            and (yield from lost(there))
        ):
            return  # another forced win
        self._miss(j, found)

    def _miss(self, j: int, found: Threat) -> None:
        """Mark move ``j`` for the win ``found`` it missed (``misses_win``, ``"in"``: 2
        for a win in two), the winning move named, by how won its player stayed after
        it, as lichess marks a mate missed ("lost forced checkmate sequence": a blunder
        under about 93%, a mistake under 97.5%): ``LET_LINES`` on the other side's
        chance.  What it costs and the position it left are settled at the end
        (``settle_lets``)."""
        reason: dict[str, Any] = {"code": "misses_win", "move": found.move}
        if found.danger != AT_ONCE:
            reason["in"] = 2
        does = _does(self._positions[j - 1], Move.parse(found.move))
        if does is not None:
            if found.danger != AT_ONCE:  # a win at once says so itself (``"wins"``)
                does.insert(1, {"fact": "forces"})
            reason["does"] = does
        entry = self._plies[j]
        kept = float(entry["chances"][entry["mover"]])
        self._mark(j, reason, found.move, let_mark(1.0 - kept, self._sides), 1)

    def _three(self, k: int) -> Generator[None, None, None]:
        """Move ``k``, which let no win in two through, checked for the win in three the
        other side played at once after it (``threat.lost``, a game of two colours).
        If it let one through, the move named is the first that lets none through (no
        win at once, in two or in three): the searches' better move, else the others by
        the review's search of each, best first; ``"held"`` counts the one found.

        Not where its mover's chance before it was under the mistake line of
        ``LET_LINES``: the mark would be an inaccuracy, and the check can be dear. On
        seed 4018's L3 game 3 one position (its mover at 2.5% or more) took 400 steps,
        19.6 s of CPython, and found no move that held: hence ``THREE_STEPS``."""
        before = self._positions[k - 1]
        if len(before.seating.colours) != 2 or k >= len(self._moves):
            return
        chance = float(self._plies[k - 1]["chances"][self._plies[k]["mover"]])
        if let_mark(chance, self._sides) == LET_LINES[-1][0]:
            return  # an inaccuracy at most, where the check may cost 20 s (L3)
        reply, there = self._moves[k], self._positions[k + 1]
        if reply.kind == REROLL or there.is_over or there.to_move != before.to_move:
            return
        answer = str(self._moves[k + 1]) if k + 1 < len(self._moves) else None
        if not (yield from lost(there, answer)):
            return
        played, mover = self._moves[k - 1], self._plies[k]["mover"]
        let = ("allows_forced_win", str(reply), self._positions[k].to_move)
        named = self._alternative(k)
        first = Move.parse(named).unresolved if named is not None else None
        if first is not None and first.kind != REROLL and danger(before, first) is None:
            yield
            if (yield from lets_in_three(before, first)) is None:
                self._name(k, first, let, 1)
                self._plies[k]["reason"]["in"] = 3  # the drills check tries against it
                return
        chances: dict[Move, float] = {}
        for move in before.legal_moves():
            if move.kind == REROLL or move in (played, first):
                continue
            if danger(before, move) is None:
                after = before.copy()
                after.push(move)
                chances[move] = search_position(after, self.budget).chances[mover]
            yield
        for move in sorted(chances, key=lambda m: -chances[m]):
            if (yield from lets_in_three(before, move)) is None:
                self._name(k, move, let, 1)
                self._plies[k]["reason"]["in"] = 3
                return

    def _name(
        self, k: int, better: Move, let: tuple[str, str, str], held: int, holds: bool = True
    ) -> None:
        """Mark move ``k`` for the win it let through, ``let``: the reason's code, the
        other side's winning move (at once, or the first of a forced win) and colour;
        ``held`` moves letting less through, ``better`` the one named.  ``holds``: whether
        ``better`` lets none through as far as the check looked (at once, in two, and in
        three where that was asked), said of it as a fact (``"holds"``), the why of the
        better move that chess.com's review gives in a sentence."""
        code, move, colour = let
        reason: dict[str, Any] = {"code": code, "move": move, "colour": colour}
        does = _does(self._positions[k - 1], better)
        if does is not None:
            stops = any(f.get("fact") == "stops_win" and colour in f["colours"] for f in does)
            if holds and not stops:  # said where ``facts`` says a win stopped, before a die hangs
                does.insert(1, {"fact": "holds", "colours": [colour]})
            reason["does"] = does
        chance = float(self._plies[k - 1]["chances"][self._plies[k]["mover"]])
        self._mark(k, reason, str(better), let_mark(chance, self._sides), held)

    def _mark(self, k: int, reason: dict[str, Any], better: str, grade: str, held: int) -> None:
        """Move ``k`` marked by the check of every move, ``reason`` and ``better`` its
        own, its mark at least ``grade``; ``"hold"`` keeps what the passes said."""
        entry = self._plies[k]
        self._keep(k, held)
        entry["label"] = _severer(entry["label"], grade)
        entry["reason"], entry["better"] = reason, better
        self._changed = min(self._changed, k)

    def _keep(self, k: int, held: int) -> None:
        """What the passes said of move ``k`` (``"hold"``), before the check changes it,
        and how many other moves let less through than it."""
        entry = self._plies[k]
        entry["hold"] = {
            "better": self._alternative(k),
            "label": entry["label"],
            "reason": entry["reason"],
            "held": held,
        }

    def _held(self, k: int) -> None:
        assert self._holding is not None and self._holding[0] == k
        self._holding.pop(0)
        self._holds_done += 1

    def _deepen(self, k: int) -> None:
        """A slice of the second pass's searches of move ``k``: the position before it,
        then the one after it, which judges the move again at ``deep`` nodes."""
        if self._looking is None:
            where = k - 1 if self._half is None else k
            self._looking = _Searching(self._positions[where], self.deep)
        found = self._looking.step(DEEP_SLICE_S)
        if found is None:
            return
        self._looking = None
        if self._half is None:
            self._half = found
            return
        before, self._half, after = self._half, None, found
        assert self._deep is not None
        self._deep.pop(0)
        self._deep_done += 2
        entry = self._plies[k]
        mover = entry["mover"]
        proof = entry.get("proof")
        # A proven loss stays one, whatever a search of it says at its horizon.
        played = entry["chances"][mover] if proof else after.chances[mover]
        loss = _loss(before, self._moves[k - 1], played, mover)
        label = mark_of(loss, self._sides)
        entry["first"] = {"loss": entry["loss"], "label": entry["label"]}
        entry["deep"] = self.deep
        entry["loss"], entry["label"] = loss, label
        entry["better"] = before.best
        entry["reason"] = self._reason(k, mover, before.best, after.best) if label else None
        if (
            entry["reason"]
            and proof
            and entry["reason"]["code"] not in ("misses_win", "allows_win")
        ):
            winner = next(s for s, p in entry["chances"].items() if p == 1.0)
            does = entry["reason"].get("does")
            entry["reason"] = {
                "code": "allows_forced_win",
                "move": str(self._moves[proof - 1]),
                "colour": winner,
                **({"does": does} if does else {}),
            }
        entry["label"] = self._graded(k, label, entry["reason"])
        self._changed = min(self._changed, k)

    def finish(self) -> Analysis:
        while not self.done:
            self.step()
        return self.analysis()

    def analysis(self) -> Analysis:
        return Analysis(self.budget, [dict(e) for e in self._plies])

    def changes(self) -> tuple[int, list[dict[str, Any]]]:
        """``(start, plies)``: the plies from the first one written or rewritten (a win
        backed up rewrites earlier ones) since the last call, for ``Analysis.with_tail``."""
        start = min(self._changed, len(self._plies))
        self._changed = len(self._plies)
        return start, [dict(e) for e in self._plies[start:]]

    def _judge(self, k: int) -> None:
        """Write the entry of position ``k``, judging the move that led to it."""
        here = self._searched[k]
        entry: dict[str, Any] = {
            "ply": k,
            "best": here.best,
            "score": here.score,
            "chances": {s: round(p, 4) for s, p in here.chances.items()},
        }
        if k == len(self._positions) - 1:
            entry["final"] = True
        if k:
            entry.update(self._judgement(k))
        self._changed = min(self._changed, k)
        self._plies.append(entry)
        if k >= 2 and self._proves_win(k):
            self._back_up(k)

    def _proves_win(self, k: int) -> bool:
        """Whether position ``k`` is a proven win for the side whose move led there,
        where the search of the position before did not see it (its horizon)."""
        move = self._moves[k - 1]
        if move.kind == REROLL:
            return False  # a roll's result is luck: it bounds nothing before it
        before = self._positions[k - 1]
        mover = before.seating.team_of(before.to_move)
        here = self._positions[k]
        if here.is_over:
            won = here.winner == mover
        else:
            # A lost score for the side to move proves the mover's win only when
            # there are two sides (with more, someone else may win).
            score = self._searched[k].score
            won = len(here.sides) == 2 and score is not None and score <= -WIN_BOUND
        return won and self._searched[k - 1].chances[mover] < 1.0

    def _back_up(self, k: int) -> None:
        """Carry the win proven at position ``k`` back along the game.

        Position ``k - 1`` was worth at least what the move played from it gave: the
        win.  Going back, a move of the losing side that was the search's own best move
        shows that, as far as the search knows, the position before it was lost too;
        the first losing move that was not the search's choice is the one that let the
        win happen, and is judged again (``allows_forced_win``).  Winning moves are
        never judged worse for it.  At most ``BACK_UP`` plies: beyond, a loss is slow,
        not one move's."""
        moves, positions = self._moves, self._positions
        winner = positions[k - 1].seating.team_of(positions[k - 1].to_move)
        j = k - 1
        while j >= 1 and k - j <= BACK_UP:
            self._raise(j, winner, k)
            move = moves[j - 1]
            mover = self._plies[j]["mover"]
            if move.kind == REROLL:
                return  # its result was luck: nothing before it is proven
            if mover == winner:
                self._plies[j].update(self._judgement(j))
            else:
                best = self._searched[j - 1].best
                if best is None or Move.parse(best).unresolved != move.unresolved:
                    entry = self._plies[j]
                    entry.update(self._judgement(j))
                    if entry["label"]:
                        reason = {"code": "allows_forced_win", "move": str(moves[k - 1])}
                        reason["colour"] = winner
                        if entry["reason"] and "does" in entry["reason"]:
                            reason["does"] = entry["reason"]["does"]
                        entry["reason"] = reason
                        entry["label"] = self._graded(j, entry["label"], reason)
                    return
            if self._searched[j - 1].chances[winner] >= 1.0:
                return  # the search of the position before saw it already
            j -= 1

    def _raise(self, j: int, winner: str, proof: int) -> None:
        """Position ``j`` is a win for ``winner``, as proven (or as far as the search
        knows) from position ``proof``."""
        old = self._searched[j]
        chances = {s: 1.0 if s == winner else 0.0 for s in old.chances}
        self._searched[j] = Searched(old.best, old.score, chances)
        self._changed = min(self._changed, j)
        entry = self._plies[j]
        entry["chances"] = dict(chances)
        entry["proof"] = proof
        if j and self._moves[j - 1].kind == REROLL:
            _reluck(entry, old.chances[entry["mover"]])

    def _graded(self, k: int, label: str | None, reason: Mapping[str, Any] | None) -> str | None:
        """``settled`` for move ``k``, by its mover's chance as the search of the position
        before it has it."""
        before = self._positions[k - 1]
        chance = self._searched[k - 1].chances[before.seating.team_of(before.to_move)]
        return settled(label, reason, chance, self._sides)

    def _judgement(self, k: int) -> dict[str, Any]:
        before = self._positions[k - 1]
        move = self._moves[k - 1]
        mover = before.seating.team_of(before.to_move)
        best = self._searched[k - 1]
        actual = self._searched[k].chances[mover]
        luck: float | None = None
        if move.kind == REROLL:
            outcomes = [
                actual if r == move.value else self._reroll[(k - 1, r)].chances[mover]
                for r in range(1, 7)
            ]
            played = sum(outcomes) / 6
            luck = round(actual - played, 4)
        else:
            played = actual
        loss = _loss(best, move, played, mover)
        label = mark_of(loss, self._sides)
        luck_label = _luck_label(luck, self._sides)
        why = self._reason(k, mover, best.best, self._searched[k].best) if label else None
        return {
            "move": str(move),
            "mover": mover,
            "loss": loss,
            "label": self._graded(k, label, why),
            "reason": why,
            "luck": luck,
            "luck_label": luck_label,
        }

    def _reason(self, k: int, mover: str, best: str | None, reply: str | None) -> dict[str, Any]:
        """Why the move that led to ``k`` lost chances (``reason``)."""
        assert best is not None
        return reason(self._positions[k - 1], self._positions[k], mover, best, reply)


def reason(before: Game, after: Game, mover: str, best: str, reply: str | None) -> dict[str, Any]:
    """Why the move from ``before`` to ``after`` lost ``mover`` chances, ``best`` being
    the better move and ``reply`` the search's answer to the move played: its code and
    the facts a page words (``facts``), and what the better move does (``does``)."""
    better = Move.parse(best)
    found = _what_went_wrong(before, after, mover, better, reply)
    does = _does(before, better)
    if does is not None:
        found["does"] = does
    return found


def _does(before: Game, better: Move) -> list[Fact] | None:
    """What ``better`` does from ``before`` (``facts``), if it is a move there."""
    if better.kind == REROLL or better.unresolved in before.legal_moves():
        return facts(before, better)
    return None


def positions_of(game: Game) -> list[Game]:
    """Every position of ``game``, from its start: rebuilt from the game's own record (a
    copy has no history to step back through)."""
    here = Game.from_record(game.record())
    while here.moves:
        here.undo()
    found = [here.copy()]
    for move in game.moves:
        here.push(move)
        found.append(here.copy())
    return found


def _leaves_open(before: Game, better: Move, colours: Sequence[str], was: set[int]) -> bool:
    """Whether ``better`` leaves a die of ``colours`` open to capture that was not
    before (``exposed``), so that a move leaving one open is not worse for it.  On a
    four-player L2 game the review said b4xa5 "leaves the 1 on a5 open to capture", then
    named b4-d6, "though the die can then be taken": the reason was not why.  A re-roll,
    whose result is chance, is not asked."""
    if better.kind == REROLL:
        return False
    trial = before.copy()
    trial.push(better)
    return bool(_open(trial, colours) - was)


def _open(game: Game, colours: Sequence[str]) -> set[int]:
    """The squares of ``colours``' dice open to capture (``exposed``)."""
    return {square for colour in colours for square in exposed(game, colour)}


def _what_went_wrong(
    before: Game, after: Game, mover: str, better: Move, reply_text: str | None
) -> dict[str, Any]:
    best = str(better)
    # A re-roll never wins for certain: only a plain move can be a missed win.
    if better.kind != REROLL:
        trial = before.copy()
        trial.push(better)
        if trial.is_over and trial.winner == mover:
            return {"code": "misses_win", "move": best}
    reply = Move.parse(reply_text) if reply_text is not None else None
    rival = after.seating.team_of(after.to_move) if not after.is_over else None
    if reply is not None and reply.kind != REROLL:
        trial = after.copy()
        trial.push(reply)
        if trial.is_over and trial.winner is not None and trial.winner != mover:
            return {"code": "allows_win", "move": str(reply), "colour": rival}
    if not after.is_over and after.is_adversary(after.to_move, before.to_move):
        for square, targets in sorted(after.obliged().items()):
            if targets:
                return {
                    "code": "forced_capture",
                    "move": str(Move(CAPTURE, square, targets[0])),
                    "colour": rival,
                    "taken": die(after, targets[0]),
                }
    if reply is not None and reply.kind == CAPTURE:
        taken = after.piece_at(reply.to_square)
        if taken is not None and before.seating.team_of(taken[0]) == mover:
            return {
                "code": "allows_capture",
                "move": str(reply),
                "colour": rival,
                "taken": die(after, reply.to_square),
            }
    colours = [c for c in before.seating.colours if before.seating.team_of(c) == mover]
    was = _open(before, colours)
    now = sorted(_open(after, colours) - was)
    if now and not _leaves_open(before, better, colours, was):
        return {
            "code": "exposes",
            "squares": [square_name(s) for s in now],
            "dice": [die(after, s) for s in now],
        }
    if better.kind == CAPTURE:
        return {"code": "misses_capture", "move": best, "taken": die(before, better.to_square)}
    return {"code": "better", "move": best}
