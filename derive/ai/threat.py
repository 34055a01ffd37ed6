"""How far a move lets the other side's win through: at once, in two, or not at all.

Exact, by the engine's own puzzle solver (``derive.puzzles``): a win at once is a legal
move that ends the game for the other side (``winning_moves``); a win in two is a move
of theirs after which every answer of the player's, each result of a re-roll counted,
leaves them a win at once (``forces_win``).  The review's search does not see these
wins: on seed 4020's ten held-out L2 ``easy``-``medium`` games, the better move the
review named for the loser's seven moves that let a win through let a win in two through
itself in six, and in two of those positions other moves held (journal
``bench/journal/review_quality.md``, 7 December 2026).  So the review checks every move
for a win it let through and names a move that holds where one does
(``review.Review._hold``), and the drills of "Learn from your mistakes" ask it of a move
tried (``answer``).

The win in two is looked for only in games of two players (``forces_win`` reads a game
where two turns alternate); with three or four, teams included, a move is judged by a
win at once alone.

A win in three is looked for where one was played (``lost``, ``lets_in_three``): the
other side's reply left the player ``lost`` (every move of theirs lets a win at once or
in two through), so the player's move before it let a win in three through.  Of the
decisive held-out games whose loser no mark named (three of seed 4019's twelve L2
``easy``-``medium`` games, four of seed 4020's ``medium``-``hard`` ones), four had such a
move of the loser's, and in three of them another move held (journal, 7 December 2026).
Looking for it after every move would cost every reply of the other side times every
answer; where it was played it costs one check of the answer played (which most often
holds) a move.  These two are generators: each ``threat`` they make is a step
(``yield``), so that the review can stop between any two.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Final, TypeVar, cast

from ..game import Game
from ..notation import REROLL, Move
from ..puzzles import forces_win, replies, winning_moves

T = TypeVar("T")

AT_ONCE: Final = 2
IN_TWO: Final = 1


@dataclass(frozen=True)
class Threat:
    """The other side's win a move lets through."""

    danger: int
    """``AT_ONCE`` or ``IN_TWO``."""
    move: str
    """Their winning move (at once), or the first move of their win in two."""
    colour: str
    """The colour that plays it."""


def threat(after: Game, mover: str) -> Threat | None:
    """The win ``mover``'s move (which led to ``after``) lets the other side through, if
    the next to play is the other side's; ``None`` if it lets none."""
    if after.is_over or not after.is_adversary(after.to_move, mover):
        return None
    side = after.seating.team_of(after.to_move)
    wins = winning_moves(after)
    if wins:
        return Threat(AT_ONCE, str(wins[0]), after.to_move)
    if len(after.seating.colours) != 2:
        return None
    for reply in after.legal_moves():
        if reply.kind != REROLL and forces_win(after, reply, side):
            return Threat(IN_TWO, str(reply), after.to_move)
    return None


def danger(before: Game, move: Move) -> Threat | None:
    """``threat`` of ``move`` (a plain move, not a re-roll) played from ``before``."""
    after = before.copy()
    after.push(move)
    return threat(after, before.to_move)


def level(found: Threat | None) -> int:
    """How far: 0 (not at all), ``IN_TWO`` or ``AT_ONCE``."""
    return 0 if found is None else found.danger


def levels(before: Game) -> list[tuple[Move, int]]:
    """Each move from ``before`` (re-rolls aside: their result is luck) with how far it
    lets a win through (``level``), in ``legal_moves`` order."""
    return [
        (move, level(danger(before, move))) for move in before.legal_moves() if move.kind != REROLL
    ]


def holding(before: Game, than: int) -> list[Move]:
    """The moves from ``before`` (re-rolls aside) that let less through than ``than`` (a
    ``level``), in ``legal_moves`` order."""
    return [move for move, found in levels(before) if found < than]


def lost(here: Game, first: str | None = None) -> Generator[None, None, bool]:
    """Whether the player to move at ``here`` (a game of two colours) is lost by force:
    every move of theirs, each result of a re-roll counted as a move, lets the other
    side a win at once or in two through, or ends the game as the other side's win.
    ``first``: the notation of the move to try first (the one played, which most often
    holds).  A step for each move tried."""
    mover = here.to_move
    side = here.seating.team_of(mover)
    order = list(replies(here))
    ahead = [m for m in order if str(m) == first]
    for move in ahead + [m for m in order if m not in ahead]:
        after = here.copy()
        after.push(move)
        if after.is_over:
            held = after.winner is None or after.winner == side
        else:
            held = threat(after, mover) is None
        yield
        if held:
            return False
    return True


def lets_in_three(
    before: Game, move: Move, first: str | None = None
) -> Generator[None, None, str | None]:
    """The other side's move, not a re-roll, after which the player who plays ``move``
    (a plain move from ``before``, a game of two colours) is ``lost``: the first move of
    a win in three that ``move`` lets through; ``None`` if it lets none through (nor
    one at once, which ``danger`` tells first and cheaper).  ``first``: their move to
    try first, its notation (one known to win in three after another move)."""
    mover = before.to_move
    after = before.copy()
    after.push(move)
    if after.is_over or len(before.seating.colours) != 2:
        return None
    other = after.seating.team_of(after.to_move)
    order = list(after.legal_moves())
    ahead = [m for m in order if str(m) == first]
    for reply in ahead + [m for m in order if m not in ahead]:
        if reply.kind == REROLL:
            continue
        there = after.copy()
        there.push(reply)
        if there.is_over:
            if there.winner == other:
                return str(reply)
            continue
        if there.to_move == mover and (yield from lost(there)):
            return str(reply)
    return None


def capped(work: Generator[None, None, T], steps: int) -> Generator[None, None, T | None]:
    """``work`` (a check, or a review's stage made of them), a step at a time; its value,
    or ``None`` if it is not done within ``steps`` steps (then given up)."""
    for _ in range(steps):
        try:
            next(work)
        except StopIteration as stop:
            return cast(T, stop.value)
        yield
    work.close()
    return None


def within(work: Generator[None, None, T], steps: int) -> T | None:
    """The value of a check (``lost``, ``lets_in_three``) run in one go; ``None`` if it
    is not done within ``steps`` steps (its value comes with the step after the last)."""
    run = capped(work, steps + 1)
    while True:
        try:
            next(run)
        except StopIteration as stop:
            return cast(T | None, stop.value)


__all__ = [
    "AT_ONCE",
    "IN_TWO",
    "Threat",
    "capped",
    "danger",
    "holding",
    "lets_in_three",
    "level",
    "levels",
    "lost",
    "threat",
    "within",
]
