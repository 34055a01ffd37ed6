"""The position notation: ``<pieces> <to-move> <seating> <rule-set>``.

Parsing here checks the syntax and the counting rules; the rules that need
the game (R14, goals met) are checked by ``Game.from_position``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .board import COLOUR_NAMES, parse_square, square_name
from .limits import MAX_POSITION_CHARS, kind_of, quoted
from .rulesets import RuleSet, Seating, rule_set

_PIECE_RE: Final = re.compile(r"([a-z])(\d+)([a-z]\d+)", re.ASCII)


class PositionError(ValueError):
    """A position text that is not valid; the message names the offending token."""


@dataclass(frozen=True)
class PositionSpec:
    pieces: dict[int, tuple[str, int]]
    """square → (colour, value)"""
    to_move: str
    seating: Seating
    rules: RuleSet


def parse_position(text: str) -> PositionSpec:
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {kind_of(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"a position is at most {MAX_POSITION_CHARS} characters long")
    fields = text.split()
    if len(fields) != 4:
        raise PositionError(
            f"a position has 4 fields '<pieces> <to-move> <seating> <rule-set>', "
            f"got {len(fields)}: {quoted(text.strip())}"
        )
    pieces_text, to_move, seating_text, rules_text = fields
    try:
        rules = rule_set(rules_text)
        seating = Seating.parse(seating_text)
    except ValueError as error:
        raise PositionError(str(error)) from None
    if to_move not in seating.colours or len(to_move) != 1:
        raise PositionError(f"to-move {quoted(to_move)} is not a seated colour ({seating})")
    pieces: dict[int, tuple[str, int]] = {}
    counts = dict.fromkeys(seating.colours, 0)
    if pieces_text != "-":
        for token in pieces_text.split(","):
            match = _PIECE_RE.fullmatch(token)
            if match is None:
                raise PositionError(
                    f"piece {quoted(token)} is not <colour><value><square>, e.g. r3c1"
                )
            colour, value_text, name = match.groups()
            if colour not in COLOUR_NAMES:
                raise PositionError(
                    f"piece {quoted(token)}: {quoted(colour)} is not a colour (r b y g)"
                )
            if colour not in seating.colours:
                raise PositionError(f"piece {quoted(token)}: {COLOUR_NAMES[colour]} is not seated")
            # One digit only: "r03c1" is not notation, and int() of a huge digit
            # string would raise its own error instead of naming the token.
            if len(value_text) != 1 or not "1" <= value_text <= "6":
                raise PositionError(f"piece {quoted(token)}: a die shows 1 to 6, not {value_text}")
            value = int(value_text)
            if len(name) > 3:  # "c1000…": no square, and no need to quote it all again
                raise PositionError(f"piece {quoted(token)}: {quoted(name)} is not a square")
            try:
                square = parse_square(name)
            except ValueError as error:
                raise PositionError(f"piece {quoted(token)}: {error}") from None
            if square in pieces:
                raise PositionError(f"piece {quoted(token)}: two dice on {square_name(square)}")
            pieces[square] = (colour, value)
            counts[colour] += 1
            if counts[colour] > rules.dice:
                raise PositionError(
                    f"piece {quoted(token)}: {COLOUR_NAMES[colour]} has more than the "
                    f"{rules.dice} dice of {rules.id}"
                )
    return PositionSpec(pieces, to_move, seating, rules)


def format_position(
    pieces: dict[int, tuple[str, int]], to_move: str, seating: Seating, rules: RuleSet
) -> str:
    text = ",".join(
        f"{colour}{value}{square_name(square)}"
        for square, (colour, value) in sorted(pieces.items())
    )
    return f"{text or '-'} {to_move} {seating} {rules.id}"
