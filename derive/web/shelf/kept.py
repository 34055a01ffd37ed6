"""A review's analysis kept with its saved game (issue 26): what of it still belongs to the
game's moves, whether it can be read back for that game, and which of two to keep.

An entry keeps the analysis beside its record (``Entry.analysis``, the form of
``derive.ai.review.Analysis.to_data``); a file carries it as the record's optional
``"analysis"`` section (``share.export_file``).  Nothing here trusts it: it is checked
against the game (``Analysis.from_data``) every time it is about to be used.

Pure Python, no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...ai.review import VERSION, Analysis, load_analysis
from ...game import Game
from ...record import ANALYSIS


def trimmed(data: Any, moves: Sequence[str]) -> Any:
    """The part of ``data`` that is about a game of ``moves``: the positions of the moves
    both share (a move undone, or played since, leaves the earlier positions good), the
    last of them marked ``final`` only if it is the game's last position, so that a
    review of the longer game goes on from there.  ``None`` when nothing is left; data
    whose shape is not an analysis's is returned as it is (it is dropped with a message
    when it is read for the game)."""
    if not isinstance(data, dict) or not isinstance(data.get("plies"), list):
        return data
    plies = data["plies"]
    kept: list[Any] = []
    for k, entry in enumerate(plies):
        if not isinstance(entry, dict):
            return data
        if k > len(moves) or (k and entry.get("move") != moves[k - 1]):
            break
        kept.append(entry)
    if not kept:
        return None
    last = kept[-1]
    if (last.get("final") is True) != (len(kept) == len(moves) + 1):
        last = {key: value for key, value in last.items() if key != "final"}
        if len(kept) == len(moves) + 1:
            last["final"] = True
        kept[-1] = last
    if len(kept) == len(plies) and kept[-1] is plies[-1]:
        return data
    return {**data, "plies": kept}


def read(data: Any, game: Game) -> tuple[Analysis | None, str | None]:
    """``data`` (an entry's analysis, or a file's section) as an ``Analysis`` of ``game``:
    ``(analysis, None)``, ``(None, None)`` when there is none, or ``(None, reason)`` (the
    engine's English) when it is damaged or another game's."""
    if data is None:
        return None, None
    return load_analysis({ANALYSIS: data}, game)


def _plies(data: Any) -> list[Any]:
    """``data``'s positions if it is an analysis of this version: one an older version
    kept is read as none (``Analysis.from_data``, the game reviewed again), so here too it
    is no review, nor the fuller of two."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return []
    plies = data.get("plies")
    return plies if isinstance(plies, list) else []


def plies_of(data: Any) -> int:
    """How many positions ``data`` holds (0 for anything that is not an analysis)."""
    return len(_plies(data))


def _last(data: Any) -> dict[str, Any]:
    plies = _plies(data)
    last = plies[-1] if plies else None
    return last if isinstance(last, dict) else {}


def searched(data: Any) -> bool:
    """The first pass reached the end: every position has its figures."""
    return _last(data).get("final") is True


def complete(data: Any) -> bool:
    """Every pass done (``derive.ai.review.Analysis.complete``): nothing left to search."""
    return searched(data) and _last(data).get("settled") is True


def better(ours: Any, theirs: Any) -> Any:
    """Which of two analyses of one game to keep: a complete one over one stopped in its
    later passes, that over a partial one, then the one with more positions, ours when
    they are even (nothing is redone for nothing)."""
    if theirs is None:
        return ours
    if ours is None:
        return theirs
    for done in (complete, searched):
        if done(ours) != done(theirs):
            return ours if done(ours) else theirs
    return theirs if plies_of(theirs) > plies_of(ours) else ours
