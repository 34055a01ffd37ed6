"""Layouts of a player's own dice it has already stood in: the remedy for shuffling.

A race to a chain is not won by going back.  When a player's estimate of its
distance to the goal is flat (no single move seems to bring the chain nearer), the
search may shuffle a die to and fro, or turn it up and down, until the ply limit.
Counting, for each root move, how often the mover's dice already stood as that move
would leave them lets the search prefer a new layout among moves of about the same
value; the count grows with each return, so a shuffle cannot last.
"""

from __future__ import annotations

from collections import Counter

from ..game import Game
from ..notation import REROLL, Move

Layout = tuple[int, tuple[tuple[int, int], ...]]
"""Dice in reserve, then (square, value) of each die on the board."""


def own_layout(game: Game, colour: str) -> Layout:
    dice = tuple(sorted((s, v) for s, (c, v) in game.pieces().items() if c == colour))
    return game.reserve(colour), dice


def layouts_seen(game: Game, colour: str) -> Counter[Layout]:
    """How often ``colour``'s dice stood in each layout just after one of its own
    moves, over the game's recorded moves (replayed on a copy: ``game`` is untouched)."""
    replay = Game.from_position(game.start_position, seed=game.seed)
    seen: Counter[Layout] = Counter()
    for move in game.moves:
        mover = replay.to_move
        replay.push(move)  # played once already: no need to check it again
        if mover == colour:
            seen[own_layout(replay, colour)] += 1
    return seen


def repeats(game: Game) -> dict[Move, int]:
    """For each legal move of the player to move that leaves its dice in a layout
    they already stood in, how many times they did.  A re-roll's layout is not known
    before the die lands, so it is never counted."""
    colour = game.to_move
    seen = layouts_seen(game, colour)
    if not seen:
        return {}
    twin = game.copy()
    found: dict[Move, int] = {}
    for move in twin.legal_moves():
        if move.kind == REROLL:
            continue
        twin.push(move)
        count = seen[own_layout(twin, colour)]
        twin.undo()
        if count:
            found[move] = count
    return found
