"""Whether a move answers "find a better move" as well as the move the review named.

"Learn from your mistakes" sets a position where a player's move was marked on the
puzzle board and asks for a better move.  The review names one (its search's best), but
a position often has two or three moves about as good: a second move that blocks the
same win, the mirror step of the die.  Telling a player who found one of them "wrong"
teaches the wrong thing, so a drill asks the engine about any move it does not name, as
lichess's "Learn from your mistakes" asks its engine about a move off its line (and
accepts it within 3.5 points of the best on its own scale, the move played in the game
never).

A try is judged after it, against the named move after it:

* **how far it lets the other side's win through** (``threat``, exact): not at all, in
  two (a move after which every answer of the player's loses), or at once.  A try that
  lets more through than the named move is wrong, and says which winning move; one that
  lets less through holds where the named move would not, and is right; one that lets as
  much through is wrong too when a move holds (the named one is then no answer the drill
  can ask to match, and the words say what the try lets through).  The review's search
  does not see these wins: on six of seed 4020's held-out L2 ``easy``-``medium`` games,
  the five drills of a win let through named a move that let a win in two through
  itself, and two of them had moves that held (five in one, one in the other).  Of the
  three whose move let a win in two through, the move played was within 0.01-0.03 of
  the best at the review's 600 nodes, and within 0.02-0.04 still at 4,000.  The review
  now names a move that lets least through (``review.Review._hold``); a link made before
  is judged the same way;
* where the move played let a win in three through (the review marks it where the
  other side played that win, ``review.Review._three``, and the drill carries that
  reply) and the try lets none through in two, **whether the try lets one in three
  through** (``threat.lets_in_three``), asked only of a try the search would accept and
  within ``TRY_STEPS``: in seed 4019's game 9 the search's own favourite lost in three
  where two other moves held;
* where the named move wins in two whatever the other side answers (a drill of a win
  the move played missed, ``review.Review._miss``), **whether the try forces a win
  too** (``puzzles.forces_win``): the search does not see such a win (seed 4021's
  `medium`-`hard` game 8: not at 20,000 nodes), and would call a quiet move as good;
* else **by the review's search** (``review.search_position``, its budget and seed): the
  player's chance within ``ENOUGH`` of the chance after the named move, both searched
  alike after the move (like for like, as the review's last pass costs moves).

``ENOUGH`` is half the review's inaccuracy line (2.5 points of win chance): a move
closer to the named one than to the nearest mark.  At twice that (the line as read before
the review's version 11), on the five drills of an inaccuracy of those six games, every
legal move searched, it accepted 0, 0, 0, 1 and 13 moves besides the named one (the
thirteen in a position where the review saw most moves as about equal).  The move played in the game
is never the answer, whatever the search says of it (lichess the same), and a re-roll
never is: its result is luck, not a move found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..game import Game
from ..notation import REROLL, Move
from ..puzzles import forces_win
from . import threat as threats
from .review import BUDGET, THRESHOLDS, search_position, weighed

ENOUGH: Final = THRESHOLDS[-1][1] / 2
"""A move within this chance of the named one (weighed as in a game of two) is as good."""

Verdict = Literal[
    "named",
    "wins",
    "forces",
    "holds",
    "as_good",
    "played",
    "luck",
    "lets_win",
    "lets_forced",
    "misses_forced",
    "weaker",
]
RIGHT: Final = ("named", "wins", "forces", "holds", "as_good")
TRY_STEPS: Final = 80
"""Steps (``threat`` checks) spent on whether a try lets a win in three through.  A try
that does is told at once when the other side's winning reply to the move played also
wins after it (40-odd steps: every answer lost); one that holds needs every reply of
theirs checked, 1-3 s of CPython, which a player waiting for the verdict is not asked to
wait: past ``TRY_STEPS`` the search's word stands."""
_LETS: Final[dict[int, Verdict]] = {threats.AT_ONCE: "lets_win", threats.IN_TWO: "lets_forced"}


@dataclass(frozen=True)
class Answer:
    verdict: Verdict
    reply: str | None = None
    """For ``lets_win`` and ``lets_forced``: the other side's move that wins (at once, or
    whatever the player answers)."""
    colour: str | None = None
    """For those two: the colour that plays it; for ``holds``: the colour the named move
    would still let win."""

    @property
    def right(self) -> bool:
        return self.verdict in RIGHT


class Judge:
    """A drill's position, the move the review named and the move played, judging tries.

    ``ValueError`` if the position cannot be read or the named move is not a move there
    (a link carries them; the puzzle board refuses such a drill before asking)."""

    def __init__(
        self,
        position: str,
        better: str,
        played: str,
        forcing: str | None = None,
        budget: int = BUDGET,
    ) -> None:
        """``forcing``: the other side's reply that won in three after ``played``, where
        the review marked the move for it (a drill carries it)."""
        self.before = Game.from_position(position)
        self.mover = self.before.seating.team_of(self.before.to_move)
        self.better = Move.parse(better)
        self.played = Move.parse(played)
        if not self.before.is_legal(self.better):
            raise ValueError(f"{better} is not a move in this position")
        self.budget = budget
        self._named: tuple[float, threats.Threat | None] | None = None
        self._safer: bool | None = None
        self._forcing_named: bool | None = None
        self.forcing = forcing

    def _chance(self, move: Move) -> float:
        """The mover's chance after ``move``; a re-roll's, the mean over its six results
        (a link may name one, though a review never does)."""
        results = [move._replace(value=v) for v in range(1, 7)] if move.kind == REROLL else [move]
        total = 0.0
        for result in results:
            after = self.before.copy()
            after.push(result)
            total += search_position(after, self.budget).chances[self.mover]
        return total / len(results)

    def named(self) -> tuple[float, threats.Threat | None]:
        """The chance the named move keeps, and the win it lets through itself, if any
        (a try is not asked to hold where the named move does not)."""
        if self._named is None:
            better = self.better
            found = None if better.kind == REROLL else threats.danger(self.before, better)
            self._named = (self._chance(better), found)
        return self._named

    def _forces(self, move: Move) -> bool:
        """Whether ``move`` wins in two whatever the other side answers (two colours)."""
        two = len(self.before.seating.colours) == 2
        return two and move.kind != REROLL and forces_win(self.before, move, self.mover)

    def _holds(self) -> bool:
        """Whether a move lets less of a win through than the named one."""
        if self._safer is None:
            than = threats.level(self.named()[1])
            self._safer = bool(than and threats.holding(self.before, than))
        return self._safer

    def answer(self, move: str) -> Answer:
        """How ``move`` (legal in the drill's position) answers the drill."""
        tried = Move.parse(move)
        if tried.unresolved == self.better.unresolved:
            return Answer("named")
        if tried.unresolved == self.played.unresolved:
            return Answer("played")
        if tried.kind == REROLL:
            return Answer("luck")
        after = self.before.copy()
        after.push(tried)
        if after.is_over and after.winner == self.mover:
            return Answer("wins")
        if self._forcing_named is None:
            self._forcing_named = self._forces(self.better)
        if self._forcing_named:
            # The named move forces the win (a drill of a win missed, ``review._miss``),
            # which the search does not see: a try is right only if it forces one too.
            return Answer("forces" if self._forces(tried) else "misses_forced")
        chance, named = self.named()
        found = threats.threat(after, self.before.to_move)
        danger, than = threats.level(found), threats.level(named)
        if danger < than:
            return Answer("holds", colour=named.colour if named else None)
        if found is not None and (danger > than or self._holds()):
            # More let through than the named move, or as much where a move holds.
            return Answer(_LETS[danger], found.move, found.colour)
        cost = weighed(chance - self._chance(tried), len(self.before.sides))
        if cost >= ENOUGH:
            return Answer("weaker")
        if found is None and named is None and self.forcing is not None:
            work = threats.lets_in_three(self.before, tried, self.forcing)
            reply = threats.within(work, TRY_STEPS)
            if reply is not None:
                return Answer("lets_forced", reply, after.to_move)
        return Answer("as_good")


__all__ = ["ENOUGH", "RIGHT", "Answer", "Judge", "Verdict"]
