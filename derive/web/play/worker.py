"""What the AI worker exports to the page (PyScript named worker ``ai``).

The page sends positions (and game records) as text and gets plain data back (dicts of
strings, numbers and booleans, which PyScript hands over as JavaScript objects), so no
text of our own is parsed on the way.  A search runs in slices
(``step``): between two slices the worker is free to take the next message, and the
page stops a search simply by not asking for more.  This module imports nothing from
PyScript, so it runs (and is tested) under CPython too; index.html's worker script
only re-exports it.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

from ...game import Game

EXPORTS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "hello": ((), "dict: the worker's facts (its level names, whether it warmed up)"),
    "warm": ((), "dict: a first small search, so that the next is at full speed"),
    "start": (
        ("position: str", "level: str", "seed: int", "record: str = ''"),
        "int: the search's id",
    ),
    "step": (
        ("search_id: int", "time_slice: float"),
        "dict: the search after one more slice (its best move so far, whether done)",
    ),
    "stop": (("search_id: int",), "None: the search forgotten"),
    "suggest": (("position: str", "seed: int"), "dict: a hint's move and its reasons"),
    "review_start": (
        ("record: str", "budget: int", "analysis: str = ''"),
        "int: the review's id",
    ),
    "review_step": (
        ("review_id: int", "time_slice: float"),
        "dict: the review after one more slice, or null once it is forgotten",
    ),
}
"""What the computer's worker exports (the game's Python calls them through the view,
``computer.py`` and ``review/``), with each export's arguments and answer;
``tests/test_front.py`` holds the calls to them."""


def _answer(data: dict[str, Any]) -> dict[str, Any]:
    """An answer as PyScript hands it to the page: a JavaScript object. Pyodide turns
    ``None`` into ``undefined``, which an object's key then loses on its way on (the view
    posts the answer to the game as JSON: a review's plies lost their ``"label": None``
    and were refused as damaged). In the browser ``None`` goes as JavaScript's ``null``."""
    if "pyodide" not in sys.modules:  # under CPython: the tests read the dict itself
        return data
    from pyodide.ffi import jsnull

    def plain(value: object) -> object:
        if value is None:
            return jsnull
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(item) for item in value]
        return value

    answer: dict[str, Any] = plain(data)  # type: ignore[assignment]
    return answer


MAX_SEARCHES: Final = 4
"""Searches kept alive at once; an abandoned one is dropped when a new one starts."""

_searches: dict[int, Any] = {}
_reviews: dict[int, Any] = {}
_next_id = 0


def hello() -> dict[str, Any]:
    """The AI's levels, or why there is no AI: ``{"levels", "default"}`` / ``{"error"}``."""
    try:
        from ...ai import DEFAULT_LEVEL, LEVELS
    except ImportError as error:  # the page keeps working with human seats only
        return {"error": f"the AI cannot be loaded ({error})"}
    return {"levels": list(LEVELS), "default": DEFAULT_LEVEL}


WARM_POSITIONS: Final = (
    "r1a1,r1h4,y1c9,y1b10,y1f10,y1j10 r ry L2",
    "r1c1,r1i1,r1b2,r1c3,y1d6,r1f6,y1c9,y1j10 r ry L3",
)
"""Games some moves in (blitz and classic rules) for ``warm`` to search."""
WARM_S: Final = 0.12
"""Search time per position in ``warm``."""


def warm() -> dict[str, Any]:
    """Search a made-up position for a moment and throw the result away.

    A fresh worker's first search is the slowest of all: its Python (restored from a
    snapshot, or just booted) runs code that Pyodide's WebAssembly engine compiles on
    first use, and the search's own first calls fill caches.  The page asks for this
    once the worker is ready, so that the computer's first real move is not slower than
    the next ones (and a move asked for meanwhile only waits for the rest of it)."""
    from ...ai import Search

    nodes = 0
    for position in WARM_POSITIONS:
        search = Search(Game.from_position(position, seed=1), "medium", seed=1, max_time=WARM_S)
        while not search.step(WARM_S).done:
            pass
        nodes += search.progress().nodes
    return {"nodes": nodes}


def start(position: str, level: str, seed: int, record: str = "") -> int:
    """Begin a search for the player to move in ``position``; returns its id.

    ``record``, the game so far as a JSON record, lets a level that avoids loops see
    the positions the game already stood in; it must lead to ``position``."""
    from ...ai import Search

    global _next_id
    game = _game(position, seed, record)
    search = Search(game, level, seed=seed)
    _next_id += 1
    _searches[_next_id] = search
    while len(_searches) > MAX_SEARCHES:
        del _searches[min(_searches)]
    return _next_id


def _game(position: str, seed: int, record: str) -> Game:
    if not record:
        return Game.from_position(position, seed=seed)
    game = Game.from_record(json.loads(record))
    if game.to_position() != position:
        raise ValueError(f"the record leads to {game.to_position()!r}, not to {position!r}")
    return game


def step(search_id: int, time_slice: float) -> dict[str, Any]:
    """Think about ``time_slice`` seconds more; the best move so far and whether done."""
    search = _searches.get(search_id)
    if search is None:
        return {"error": f"no search {search_id}"}
    progress = search.step(time_slice)
    if progress.done:
        del _searches[search_id]
    return {
        "move": str(progress.best_move),
        "score": progress.score,
        "depth": progress.depth,
        "nodes": progress.nodes,
        "done": progress.done,
    }


def stop(search_id: int) -> None:
    _searches.pop(search_id, None)


def suggest(position: str, seed: int) -> dict[str, Any]:
    """A hint for the player to move: ``{"move", "reason"}``."""
    from ...ai import hint

    game = Game.from_position(position, seed=seed)
    if game.is_over:
        return _answer({"move": None, "reason": ""})
    found = hint(game, seed=seed)
    return {"move": str(found.move), "reason": found.reason}


MAX_REVIEWS: Final = 2
"""Reviews kept alive at once (the page reviews one game; a reload starts another)."""


def review_start(record: str, budget: int, analysis: str = "") -> int:
    """Begin the post-game review of the game ``record`` (JSON text) at ``budget`` nodes
    per position, going on from ``analysis`` (an earlier ``review_step``'s) if given;
    returns its id."""
    from ... import safejson
    from ...ai.review import Analysis, Review

    global _next_id
    game = Game.from_record(safejson.loads(record))
    prior = Analysis.from_data(safejson.loads(analysis), game) if analysis else None
    review = Review(game, int(budget), resume=prior)
    _next_id += 1
    _reviews[_next_id] = review
    while len(_reviews) > MAX_REVIEWS:
        del _reviews[min(_reviews)]
    return _next_id


def review_step(review_id: int, time_slice: float) -> dict[str, Any]:
    """Search positions for about ``time_slice`` seconds (at least one): what changed
    in the analysis, ``{"start", "plies", "searched", "searches", "done"}``, the plies
    from ``start`` on (``Review.changes``; the page keeps the ones before)."""
    import time

    review = _reviews.get(review_id)
    if review is None:
        return {"error": f"no review {review_id}"}
    began = time.monotonic()
    review.step()
    while not review.done and time.monotonic() - began < time_slice:
        review.step()
    searched, searches = review.progress()
    if review.done:
        del _reviews[review_id]
    start, plies = review.changes()
    return _answer(
        {
            "start": start,
            "plies": plies,
            "searched": searched,
            "searches": searches,
            "done": review.done,
        }
    )


EXPORTED: Final = {
    "hello": hello,
    "warm": warm,
    "start": start,
    "step": step,
    "stop": stop,
    "suggest": suggest,
    "review_start": review_start,
    "review_step": review_step,
}
"""The exports by name, for the worker's start (``assets/view.js``)."""
