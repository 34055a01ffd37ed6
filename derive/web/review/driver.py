"""The review's state, without a browser: the analysis received so far from the worker
(``derive.ai.review``'s ``to_data`` form), which ply is shown, and what the graph and the
panel are drawn from.  The page's glue (``review.page``) only carries it to the DOM.

One numbering everywhere: ply ``k`` is the position after ``k`` moves (0: the start),
the graph's ``data-ply``, the board's view and the words "Move k".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ...ai.facts import facts
from ...ai.review import BUDGET, LET_THROUGH, Analysis, reason, unconfirmed
from ...game import Game
from ...notation import Move
from ..front.keys import REVIEW_STEPS
from ..table.drills import MAX_DRILLS, Drill
from ..table.params import ParamError
from .graph import Point
from .panel import JUDGEMENTS, LUCK, Judged, costliest, repeated

STEP_KEYS: Final = REVIEW_STEPS
"""The review's keys and how far each steps (``front.keys``, the one key table)."""

__all__ = ["BUDGET", "ReviewState", "budget_from", "problem", "wanted"]

MIN_BUDGET: Final = 20
MAX_BUDGET: Final = 20 * BUDGET
"""Bounds of ``?budget=`` (nodes per position): tests and slow phones ask for fewer."""


def budget_from(query: Mapping[str, Sequence[str]]) -> int:
    """The analysis budget the URL asks for (``budget=``), else the analysis's own;
    anything unreadable falls back to the default rather than failing the review."""
    given = query.get("budget") or ()
    if len(given) != 1 or not given[0].isdigit() or len(given[0]) > 8:
        return BUDGET
    return max(MIN_BUDGET, min(MAX_BUDGET, int(given[0])))


def wanted(query: Mapping[str, Sequence[str]]) -> bool:
    """Whether the URL opens the review (``review=1``)."""
    return list(query.get("review") or ()) in (["1"], ["true"], [""])


def problem(query: Mapping[str, Sequence[str]]) -> ParamError | None:
    """What is wrong with the URL's ``review=`` or ``budget=``, to be said (the page goes
    on without the one, with the default for the other: ``budget_from``)."""
    if "review" in query and not wanted(query):
        return ParamError("review", "only review=1 opens the review")
    given = query.get("budget")
    if given is None:
        return None
    text = given[0] if len(given) == 1 else ""
    if not (text.isdigit() and len(text) <= 8 and MIN_BUDGET <= int(text) <= MAX_BUDGET):
        return ParamError(
            "budget", f"a whole number of positions from {MIN_BUDGET} to {MAX_BUDGET}"
        )
    return None


@dataclass
class ReviewState:
    """One game's review: its plies analysed so far and the ply the board shows."""

    game: Game
    plies: list[dict[str, Any]] = field(default_factory=list)
    searched: int = 0
    searches: int = 1
    done: bool = False
    shown: int = 0
    error: str | None = None
    said: dict[tuple[int, str], list[dict[str, Any]]] = field(default_factory=dict)
    """What a better move does (``derive.ai.facts``), worked out here for the reasons of
    an analysis kept before its reasons carried it, once each."""
    costs: dict[tuple[int, str], tuple[Any, Any]] = field(default_factory=dict)
    """What a costly move did and why it cost (``_costly``), worked out once each."""

    @property
    def total(self) -> int:
        """The last ply of the game (its number of moves)."""
        return len(self.game.moves)

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.game.sides)

    def take(self, answer: Mapping[str, Any]) -> None:
        """A worker's answer (``review_step``): the plies from ``start`` on, checked
        against the game (only they: the ones before were checked when they came), so
        a foreign or damaged analysis is refused here and never drawn.  An answer with
        the whole ``analysis`` (``to_data``'s form) is read whole."""
        if "error" in answer:
            self.error = str(answer["error"])
            return
        if "analysis" in answer:
            analysis = Analysis.from_data(answer.get("analysis"), self.game)
        else:
            known = Analysis(BUDGET, self.plies)  # the budget is not the state's concern
            analysis = known.with_tail(answer.get("start"), answer.get("plies"), self.game)
        self.plies = analysis.plies
        self.searched = int(answer.get("searched", 0))
        self.searches = max(1, int(answer.get("searches", 1)))
        self.done = bool(answer.get("done")) and analysis.complete

    def analysed(self) -> int:
        """How much of the review is done, to know when there is more to keep: the
        positions, the moves the second pass judged again, and the end of every pass
        (``"settled"``: kept without it, a review would be taken for unfinished)."""
        settled = bool(self.plies) and self.plies[-1].get("settled") is True
        return len(self.plies) + sum(1 for entry in self.plies if "deep" in entry) + settled

    def show(self, ply: int) -> None:
        self.shown = max(0, min(self.total, ply))

    def step(self, delta: int) -> None:
        self.show(self.shown + delta)

    def points(self) -> list[Point]:
        return [
            Point(
                int(entry["ply"]),
                {str(k): float(v) for k, v in entry["chances"].items()},
                entry.get("label"),
                entry.get("mover"),
                entry.get("move"),
            )
            for entry in self.plies
        ]

    def viewer(self, people: Sequence[str]) -> str | None:
        """The side the graph is drawn for: the one the only person at the table plays
        (``people``: the colours people play), else none (the graph's default)."""
        mine = {side for side in self.sides for colour in people if colour in side}
        return next(iter(mine)) if len(mine) == 1 else None

    def judged(self) -> list[Judged]:
        found = []
        for entry in self.plies:
            if "mover" not in entry:
                continue
            ply, mover = int(entry["ply"]), str(entry["mover"])
            before = self.plies[ply - 1]["chances"].get(mover) if ply <= len(self.plies) else None
            label, luck = entry.get("label"), entry.get("luck_label")
            found.append(
                Judged(
                    ply,
                    mover,
                    str(entry["move"]),
                    label if label in JUDGEMENTS else None,
                    self._best_before(ply),
                    self._reason(entry),
                    luck if luck in LUCK else None,
                    loss=float(entry.get("loss") or 0.0),
                    luck_by=float(entry.get("luck") or 0.0),
                    before=None if before is None else float(before),
                    chance=float(entry["chances"][mover]),
                    unconfirmed=unconfirmed(entry, len(self.sides)),
                )
            )
        return self._costly(found)

    def _costly(self, judged: list[Judged]) -> list[Judged]:
        """``judged`` with each side's costliest moves (``panel.costliest``) told in
        full: what the move played did (its facts) and, where no mark gave a reason
        (most of them cost less than an inaccuracy), why it cost, from the positions
        before and after it and the search's reply, as a mark's reason is found."""
        picked = {entry.ply for side in self.sides for entry in costliest(judged, side)}
        return [self._told(entry) if entry.ply in picked else entry for entry in judged]

    def _told(self, entry: Judged) -> Judged:
        assert entry.best is not None  # a costly move has its better move
        key = (entry.ply, entry.best)
        if key not in self.costs:
            self.costs[key] = self._tell(entry.ply, entry.move, entry.mover, entry.best)
        did, why = self.costs[key]
        # A mark's own reason first: the second pass may have found one since.
        return replace(entry, did=did, reason=entry.reason if entry.reason is not None else why)

    def _tell(self, ply: int, move: str, mover: str, best: str) -> tuple[Any, Any]:
        """What the move that led to ``ply`` did, and why it cost against ``best`` by
        the positions before and after it and the search's reply (not for a re-roll:
        what followed it was its result's doing, luck)."""
        before = self._before(ply)
        try:
            played = Move.parse(move)
            after = before.copy()
            after.push(played)
            did = facts(before, played)
            if "?" in move or ply >= len(self.plies):
                return did, None
            return did, reason(before, after, mover, best, self.plies[ply].get("best"))
        except ValueError:  # not a move there: an analysis of something else
            return None, None

    def _before(self, ply: int) -> Game:
        """The position before the move that led to ``ply``."""
        before = Game.from_record(self.game.record())
        while len(before.moves) > ply - 1:
            before.undo()
        return before

    def _reason(self, entry: Mapping[str, Any]) -> Any:
        """``entry``'s reason, with what its better move does even when an older
        analysis did not say it: a better move is never shown as notation alone."""
        reason = entry.get("reason")
        ply = int(entry["ply"])
        best = self._best_before(ply)
        if not isinstance(reason, Mapping) or "does" in reason or best is None:
            return reason
        if (ply, best) not in self.said:
            before = self._before(ply)
            try:
                self.said[(ply, best)] = facts(before, Move.parse(best))
            except ValueError:  # not a move there: an analysis of something else
                self.said[(ply, best)] = []
        return {**reason, "does": self.said[(ply, best)]}

    def _best_before(self, ply: int) -> str | None:
        """The better move for the move that led to ``ply`` (``Analysis.better``)."""
        return Analysis(BUDGET, self.plies).better(ply)

    def drills(self, people: Sequence[str]) -> list[Drill]:
        """The positions where a move of ``people`` was marked a mistake or a blunder, or
        marked at all for a win it let through (``_let_through``), and a better move is
        named, for the puzzle board ("Learn from your mistakes"), in the game's order.  A
        player with none has instead those of their costliest moves
        (``panel.costliest``) that were marked an inaccuracy: five points of the chance of
        winning or more (lichess's line), a move worth finding (the rollouts, where they
        looked, agree it was worse); an unmarked one is no puzzle, as many moves are about
        as good.  A re-roll is left out: its result is chance, not a move to find, and so is
        a fault repeated on the turn after (``panel.repeated``): the same puzzle again."""
        judged = self.judged()
        again = repeated(judged)
        # A team's side is its two colours ("rb"): theirs if a person plays either.
        mine = {side for side in self.sides for colour in people if colour in side}
        chosen = [
            entry
            for entry in judged
            if (
                entry.judgement in ("mistake", "blunder")
                or _let_through(entry.judgement, entry.reason)
            )
            and entry.mover in mine
            and entry.ply not in again
            and _drillable(entry)
        ]
        marked = {entry.mover for entry in chosen}
        chosen += [
            entry
            for side in self.sides
            if side in mine and side not in marked
            for entry in costliest(judged, side)
            if entry.judgement == "inaccuracy" and _drillable(entry)
        ]
        found = [
            Drill(
                self._before(entry.ply).to_position(),
                str(entry.best),
                entry.move,
                entry.ply,
                _forcing(entry.reason),
            )
            for entry in sorted(chosen, key=lambda entry: entry.ply)
        ]
        return found[:MAX_DRILLS]

    def marks(self) -> dict[int, str]:
        """Each judged move's ply and judgement (inaccuracy, mistake, blunder): what the
        move list marks.  Luck is not a mistake, and is not marked there."""
        return {
            int(entry["ply"]): str(entry["label"])
            for entry in self.plies
            if entry.get("label") in JUDGEMENTS and "mover" in entry
        }

    def better_shown(self) -> str | None:
        """The better move for the shown ply's move, when that move was a mistake: the
        arrow the board draws over the shown position."""
        ply = self.shown
        entry = self.plies[ply] if 0 < ply < len(self.plies) else None
        if entry is None or entry.get("label") not in JUDGEMENTS:
            return None
        return self._best_before(ply)

    def beaten(self) -> tuple[str, ...]:
        """The sides beaten on the board from a fair start: every side but the winner's,
        once it reached its goal, that the review gave at least half a fair share at the
        start.  None for a game resigned, drawn or still going (a side that resigned may
        have given up a game it had not lost on the board), nor a side set up lost."""
        outcome = self.game.outcome
        if outcome is None or outcome.termination != "goal" or not self.plies:
            return ()
        start = self.plies[0].get("chances", {})
        fair = 0.5 / len(self.sides)
        return tuple(
            side
            for side in self.sides
            if side != outcome.winner and float(start.get(side, 0.0)) >= fair
        )

    def turning(self) -> dict[str, int | None]:
        """Each side's turning point (``Analysis.summary``), but none for the winner: the
        move that cost a winner most did not turn the game, and its costliest moves are
        listed anyway.  A drawn or unfinished game keeps every side's."""
        summary = Analysis(1, self.plies).summary()
        winner = self.game.winner
        return {
            side: None if side == winner else found.get("turning_point")
            for side, found in summary.items()
        }

    def drills_are_costly(self, found: Sequence[Drill]) -> bool:
        """Whether none of ``found`` (``drills``) was a mistake, nor a win let through:
        only costliest moves."""
        marks, plies = self.marks(), self.plies
        return not any(
            marks.get(drill.ply) in ("mistake", "blunder")
            or _let_through(marks.get(drill.ply), plies[drill.ply].get("reason"))
            for drill in found
            if 0 < drill.ply < len(plies)
        )

    def first_mistake(self) -> int | None:
        return next((p.ply for p in self.points() if p.mark), None)


def _let_through(judgement: str | None, reason: Mapping[str, Any] | None) -> bool:
    """Whether a move so judged is marked, whatever its grade, for a win it let through
    where a move would have held (``Review._hold``): a drill with a sure answer, even for
    a player so far behind that it is graded an inaccuracy."""
    return judgement is not None and (reason or {}).get("code") in LET_THROUGH


def _forcing(reason: Mapping[str, Any] | None) -> str | None:
    """The other side's reply that won in three, for a move marked for letting it
    through (``Review._three``: the reason's ``"in"`` is 3), which its drill checks tries
    against."""
    move = (reason or {}).get("move")
    return move if (reason or {}).get("in") == 3 and isinstance(move, str) and move else None


def _drillable(entry: Judged) -> bool:
    """Whether the puzzle board can ask for ``entry``'s better move: one is named, and
    neither it nor the move played is a re-roll (whose result is chance)."""
    return entry.best is not None and "?" not in entry.best and "?" not in entry.move
