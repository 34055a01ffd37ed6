"""Position keys for transposition tables: Zobrist hashing kept up to date move by move.

A move only changes the squares it names (its start and end), so the key is
updated from what stands on those squares before and after the engine plays it;
the reserves follow from the pieces and need no part of their own.
"""

from __future__ import annotations

import random
from typing import Final

from ..board import COLOURS
from ..game import Game
from ..notation import Move

_rng = random.Random(20240601)
_PIECE: Final = tuple(_rng.getrandbits(64) for _ in range(4 * 7 * 100))
_TURN: Final = {c: _rng.getrandbits(64) for c in COLOURS}


def _piece(colour: str, value: int, square: int) -> int:
    return _PIECE[(COLOURS.index(colour) * 7 + value) * 100 + square]


def position_key(game: Game) -> int:
    """The key of the position from scratch."""
    key = _TURN[game.to_move]
    for square, (colour, value) in game.pieces().items():
        key ^= _piece(colour, value, square)
    return key


def _touched(move: Move) -> tuple[int, ...]:
    squares = [s for s in (move.from_square, move.to_square) if s >= 0]
    return tuple(dict.fromkeys(squares))


def _squares_key(game: Game, squares: tuple[int, ...]) -> int:
    key = 0
    for s in squares:
        piece = game.piece_at(s)
        if piece is not None:
            key ^= _piece(piece[0], piece[1], s)
    return key


def push(game: Game, key: int, move: Move) -> tuple[int, Move]:
    """Play ``move`` (from ``legal_moves()``, a re-roll possibly forced) and return
    the new position's key with the move as played."""
    squares = _touched(move)
    key ^= _squares_key(game, squares) ^ _TURN[game.to_move]
    played = game.push(move)
    return key ^ _squares_key(game, squares) ^ _TURN[game.to_move], played
