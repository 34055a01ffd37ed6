"""The review's analysis kept with its saved game (issue 26), on the review's side: which
budget a review runs at, what a kept analysis fills in before the worker is asked, and
when the analysis so far is handed back to be kept.

The review room does not know the shelf (it sits beside it): the game page passes a
kept analysis in and a function that keeps one (``Keep``).  No browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...ai.review import BUDGET, Analysis
from ...game import Game
from .driver import ReviewState

KEEP_EVERY: Final = 10
"""Positions analysed between two writes to the shelf: a write is the whole entry (up to
half a megabyte), far too much for every 50 ms slice, and a stop or the end is kept
anyway.  At the default budget that is a write every few seconds."""

Keep = Callable[[Game, dict[str, Any]], None]
"""Keeps ``(game, Analysis.to_data())`` with the game's saved entry."""


def choose(asked: int | None, kept: Analysis | None) -> tuple[int, Analysis | None]:
    """The budget of a review and the kept analysis it starts from: the URL's budget if
    it asks for one (a kept analysis at another budget is then not used), else the kept
    analysis's own, else the default."""
    if asked is None:
        return (kept.budget, kept) if kept is not None else (BUDGET, None)
    return asked, kept if kept is not None and kept.budget == asked else None


def fill(state: ReviewState, kept: Analysis | None) -> None:
    """Start ``state`` from a kept analysis: a complete one is the whole review (no
    search at all), a partial one is where the worker goes on from, one whose first
    pass ended but whose later passes were stopped included (``Analysis.complete``)."""
    if kept is None or not kept.plies:
        return
    state.plies = [dict(entry) for entry in kept.plies]
    state.done = kept.complete
    if state.done:
        state.searched = state.searches = 1


class Keeping:
    """Hands the analysis to ``keep`` every ``KEEP_EVERY`` positions, at the end and when
    the review stops; never twice for the same positions."""

    def __init__(self, keep: Keep | None, budget: int, state: ReviewState) -> None:
        self.keep = keep
        self.budget = budget
        self.kept = state.analysed()
        """What was kept already (``ReviewState.analysed``: a kept analysis's to start)."""

    def due(self, state: ReviewState) -> bool:
        """Whether ``answered`` would write now (the page writes in a task of its own)."""
        return state.analysed() - self.kept >= KEEP_EVERY or (state.done and self._new(state))

    def answered(self, state: ReviewState) -> None:
        """After each answer of the worker."""
        if self.due(state):
            self._keep(state)

    def stopped(self, state: ReviewState) -> None:
        """The review stopped (the Stop button, the end, a failure, the page's game gone)."""
        if self._new(state):
            self._keep(state)

    def _new(self, state: ReviewState) -> bool:
        return state.analysed() > self.kept

    def _keep(self, state: ReviewState) -> None:
        self.kept = state.analysed()
        if self.keep is not None:
            self.keep(state.game, Analysis(self.budget, state.plies).to_data())
