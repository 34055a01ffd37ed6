"""Moves and their notation (the rules file's public contract)."""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from .board import FACES, SQUARES, parse_square, square_name
from .limits import kind_of, quoted

ENTER: Final = "enter"
MOVE: Final = "move"
ADJUST: Final = "adjust"
REROLL: Final = "reroll"
CAPTURE: Final = "capture"
PASS: Final = "pass"

NO_SQUARE: Final = -1


class Move(NamedTuple):
    """One action.  ``str(move)`` is its notation and ``Move.parse`` reads it back.

    ``value`` is the chosen value of an entering die (0: chance rule sets, it
    shows 1), the step of an adjustment (+1 or -1), or a re-roll's result
    (0 while unresolved).
    """

    kind: str
    from_square: int = NO_SQUARE
    to_square: int = NO_SQUARE
    value: int = 0

    def __str__(self) -> str:
        kind = self.kind
        if kind == MOVE:
            return f"{square_name(self.from_square)}-{square_name(self.to_square)}"
        if kind == CAPTURE:
            return f"{square_name(self.from_square)}x{square_name(self.to_square)}"
        if kind == ENTER:
            text = "+" + square_name(self.to_square)
            return f"{text}={self.value}" if self.value else text
        if kind == ADJUST:
            return square_name(self.from_square) + ("+" if self.value > 0 else "-")
        if kind == REROLL:
            return f"{square_name(self.from_square)}?{self.value or ''}"
        return "pass"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def unresolved(self) -> Move:
        """The move as ``legal_moves`` lists it: a re-roll without its result."""
        return self._replace(value=0) if self.kind == REROLL else self

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move; ``ValueError`` naming the problem if it is malformed."""
        if not isinstance(text, str):
            raise ValueError(f"a move is text in notation, not {kind_of(text)}")
        token = text.strip()
        match = _MOVE_RE.fullmatch(token)
        if match is None:
            raise ValueError(
                f"{quoted(token)} is not a move "
                "(examples: +c1, +c1=4, c1-d2, c3+, c3-, c3?, c3xd4, pass)"
            )
        if token == "pass":
            return PASS_MOVE
        enter, frm, op, to, value, sign, roll = match.group(
            "enter", "frm", "op", "to", "value", "sign", "roll"
        )
        if enter:
            return Move(ENTER, NO_SQUARE, parse_square(enter), int(value) if value else 0)
        start = parse_square(frm)
        if op == "-" and to:
            return Move(MOVE, start, parse_square(to))
        if op == "x":
            return Move(CAPTURE, start, parse_square(to))
        if sign:
            return Move(ADJUST, start, start, 1 if sign == "+" else -1)
        return Move(REROLL, start, start, int(roll) if roll else 0)


def malformed(move: Move) -> str | None:
    """Why a ``Move`` built by hand (not by ``parse``) is no move at all, or ``None``.

    Legality compares moves field by field, so only what that misses is checked
    here: squares off the board (which would index past the tables) and a
    re-roll result that is not a die face (a re-roll is legal whatever it shows).
    """
    if not isinstance(move.kind, str) or move.kind not in _KINDS:
        return f"{move.kind!r} is not a kind of move ({', '.join(_KINDS)})"
    for square in (move.from_square, move.to_square):
        if type(square) is not int or square != NO_SQUARE and square not in _PLAYABLE:
            return f"{square!r} is not a playable square number"
    if type(move.value) is not int:
        return f"{move.value!r} is not a move's value"
    if move.kind == REROLL and not 0 <= move.value <= FACES:
        return f"a re-roll shows 1 to 6, not {move.value}"
    return None


_KINDS: Final = (ENTER, MOVE, ADJUST, REROLL, CAPTURE, PASS)
_PLAYABLE: Final = frozenset(SQUARES)

_SQ = r"[a-j](?:10|[1-9])"
_MOVE_RE: Final = re.compile(
    rf"pass|\+(?P<enter>{_SQ})(?:=(?P<value>[1-6]))?"
    rf"|(?P<frm>{_SQ})(?:(?P<op>[-x])(?P<to>{_SQ})|(?P<sign>[+-])|\?(?P<roll>[1-6])?)",
    re.ASCII,
)

PASS_MOVE: Final = Move(PASS)


def _intern_table() -> tuple[dict[int, Move], dict[int, Move]]:
    moves = {a * 100 + b: Move(MOVE, a, b) for a in SQUARES for b in SQUARES if a != b}
    captures = {a * 100 + b: Move(CAPTURE, a, b) for a in SQUARES for b in SQUARES if a != b}
    return moves, captures


# Interned moves: generation only looks them up, so listing moves allocates nothing.
MOVE_TABLE, CAPTURE_TABLE = _intern_table()
ENTER_TABLE: Final = {
    (s, v): Move(ENTER, NO_SQUARE, s, v) for s in SQUARES for v in range(FACES + 1)
}
UP_TABLE: Final = {s: Move(ADJUST, s, s, 1) for s in SQUARES}
DOWN_TABLE: Final = {s: Move(ADJUST, s, s, -1) for s in SQUARES}
REROLL_TABLE: Final = {s: Move(REROLL, s, s, 0) for s in SQUARES}
