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

* **how far it lets the other side's win through**: not at all, in two (a move after
  which every answer of the player's loses: ``derive.puzzles.forces_win``, exact), or at
  once (``derive.puzzles.winning_moves``).  A try that lets more through than the named
  move is wrong, and says which winning move; one that lets less through holds where the
  named move would not, and is right; one that lets as much through is wrong too when a
  move holds (the named one is then no answer the drill can ask to match, and the words
  say what the try lets through).  The review's search does not see these wins: on
  seed 4020's held-out L2 ``easy``-``medium`` games, the five drills of a win let through
  named a move that let a win in two through itself, and two of them had moves that
  held (five in one, one in the other).  Of the three whose move let a win in two
  through, the move played was within 0.01-0.03 of the best at the review's 600 nodes,
  and within 0.02-0.04 still at 4,000;
* else **by the review's search** (``review.search_position``, its budget and seed): the
  player's chance within ``ENOUGH`` of the chance after the named move, both searched
  alike after the move (like for like, as the review's last pass costs moves).

``ENOUGH`` is half the review's inaccuracy line: a move closer to the named one than to
the nearest mark.  On the five drills of an inaccuracy of those games, every legal move
searched, it accepted 0, 0, 0, 1 and 13 moves besides the named one (the thirteen in a
position where the review saw most moves as about equal).  The move played in the game
is never the answer, whatever the search says of it (lichess the same), and a re-roll
never is: its result is luck, not a move found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..game import Game
from ..notation import REROLL, Move
from ..puzzles import forces_win, winning_moves
from .review import BUDGET, THRESHOLDS, search_position, weighed

ENOUGH: Final = THRESHOLDS[-1][1] / 2
"""A move within this chance of the named one (weighed as in a game of two) is as good."""

Verdict = Literal[
    "named", "wins", "holds", "as_good", "played", "luck", "lets_win", "lets_forced", "weaker"
]
RIGHT: Final = ("named", "wins", "holds", "as_good")


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

    def __init__(self, position: str, better: str, played: str, budget: int = BUDGET) -> None:
        self.before = Game.from_position(position)
        self.mover = self.before.seating.team_of(self.before.to_move)
        self.better = Move.parse(better)
        self.played = Move.parse(played)
        if not self.before.is_legal(self.better):
            raise ValueError(f"{better} is not a move in this position")
        self.budget = budget
        self._named: tuple[float, int] | None = None
        self._colour: str | None = None
        self._safer: bool | None = None

    def _chance(self, after: Game) -> float:
        return search_position(after, self.budget).chances[self.mover]

    def _after(self, move: Move) -> Game:
        after = self.before.copy()
        after.push(move)
        return after

    def _threat(self, after: Game) -> Answer | None:
        """The other side's win at once, or in two whatever the player answers, if the
        side to move after ``after`` is the other side's; else ``None``."""
        if after.is_over or not after.is_adversary(after.to_move, self.before.to_move):
            return None
        side = after.seating.team_of(after.to_move)
        wins = winning_moves(after)
        if wins:
            return Answer("lets_win", str(wins[0]), after.to_move)
        for reply in after.legal_moves():
            if reply.kind != REROLL and forces_win(after, reply, side):
                return Answer("lets_forced", str(reply), after.to_move)
        return None

    def named(self) -> tuple[float, int]:
        """The chance the named move keeps, and how far it lets a win through itself
        (``_DANGER``): a try is not asked to hold where the named move does not."""
        if self._named is None:
            after = self._after(self.better)
            threat = self._threat(after)
            self._named = (self._chance(after), _DANGER[threat.verdict if threat else ""])
            self._colour = threat.colour if threat else None
        return self._named

    def _holds(self) -> bool:
        """Whether a move (not a re-roll) lets less of a win through than the named one."""
        if self._safer is None:
            _, named_danger = self.named()
            self._safer = any(
                _DANGER[threat.verdict if threat else ""] < named_danger
                for move in self.before.legal_moves()
                if move.kind != REROLL
                for threat in [self._threat(self._after(move))]
            )
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
        after = self._after(tried)
        if after.is_over and after.winner == self.mover:
            return Answer("wins")
        chance, named_danger = self.named()
        threat = self._threat(after)
        danger = _DANGER[threat.verdict if threat else ""]
        if danger > named_danger:
            assert threat is not None
            return threat
        if danger < named_danger:
            return Answer("holds", colour=self._colour)
        if danger and self._holds():
            assert threat is not None
            return threat  # as the named move lets it through, but a move holds
        cost = weighed(chance - self._chance(after), len(self.before.sides))
        return Answer("as_good" if cost < ENOUGH else "weaker")


_DANGER: Final = {"": 0, "lets_forced": 1, "lets_win": 2}
"""How far a move lets the other side's win through: not, in two, at once."""


__all__ = ["ENOUGH", "RIGHT", "Answer", "Judge", "Verdict"]
