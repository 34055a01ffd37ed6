"""The last few actions of a game, read from the engine's record of its moves.

The move list shows notation; players also want the last actions in words, as at a
table ("Yellow takes your 3 on b8 from c7"), a capture by the computer above all.  The
words need what the record leaves implicit (who acted, the value a die ended on, which
die a capture took), so the moves are replayed on a game of their own that follows the
live one: a new move is played once, an undo takes it back there too, and only a game
that went another way (another game, another start) is replayed from its start.
"""

from __future__ import annotations

from ...game import Game
from ...notation import CAPTURE, PASS, Move
from .state import Played


class ActionLog:
    def __init__(self) -> None:
        self._shadow: Game | None = None
        self._entries: list[Played] = []
        """One per move of the shadow game, in order."""

    def recent(self, game: Game, count: int) -> list[Played]:
        """The last ``count`` actions of ``game``, oldest first."""
        self._follow(game)
        return self._entries[-count:] if count > 0 else []

    def _follow(self, game: Game) -> None:
        shadow = self._shadow
        if shadow is None or shadow.start_position != game.start_position:
            shadow = self._shadow = Game.from_position(game.start_position)
            self._entries = []
        moves, mine = game.moves, shadow.moves
        same = 0
        for ours, theirs in zip(mine, moves, strict=False):
            if ours != theirs:
                break
            same += 1
        for _ in range(len(mine) - same):
            shadow.undo()
            self._entries.pop()
        for move in moves[same:]:
            self._entries.append(_played(shadow, move))

    def clear(self) -> None:
        self._shadow = None
        self._entries = []


def _played(game: Game, move: Move) -> Played:
    """Play ``move`` (taken from a game's record, so legal there) and describe it."""
    colour = game.to_move
    taken = game.piece_at(move.to_square) if move.kind == CAPTURE else None
    played = game.push(move)
    piece = game.piece_at(played.to_square) if played.kind != PASS else None
    value = piece[1] if piece else 0
    return Played(colour, str(played), played.kind, value=value, taken=taken)


__all__ = ["ActionLog"]
