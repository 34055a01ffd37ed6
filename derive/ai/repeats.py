"""Positions the game has already stood in: the remedy for endless loops.

Two players can trade the same few moves for hundreds of plies (one enters and
steps forward, the other captures there and steps back) when neither search sees a
way forward that is worth more.  Counting, for each root move, how often the whole
position it leads to (every die, and whose turn) was already on the board lets the
search prefer something new among moves of about the same value; the count grows
with each return, so a loop cannot last.  Only whole positions count: going back to
where one's own dice stood while the opponent gets on with their plan is often the
right defence, and is not a loop.
"""

from __future__ import annotations

from collections import Counter

from ..game import Game
from ..notation import REROLL, Move
from . import keys


def positions_seen(game: Game) -> Counter[int]:
    """How often the game stood in each position (by key), from its start to now
    (replayed on a copy: ``game`` is untouched)."""
    replay = Game.from_position(game.start_position, seed=game.seed)
    key = keys.position_key(replay)
    seen: Counter[int] = Counter([key])
    for move in game.moves:
        key, _ = keys.push(replay, key, move)  # played once already: no need to check it
        seen[key] += 1
    return seen


def repeats(game: Game) -> dict[Move, int]:
    """For each legal move of the player to move that leads to a position the game
    already stood in, how many times it did.  A re-roll's result is not known
    before the die lands, so it is never counted."""
    seen = positions_seen(game)
    twin = game.copy()
    base = keys.position_key(twin)
    found: dict[Move, int] = {}
    for move in twin.legal_moves():
        if move.kind == REROLL:
            continue
        key, _ = keys.push(twin, base, move)
        twin.undo()
        count = seen[key]
        if count:
            found[move] = count
    return found
