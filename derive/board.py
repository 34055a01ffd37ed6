"""Board geometry (R1–R4): squares, colours, rives and the precomputed tables.

Squares are ints ``file + 10 * rank`` (a1 = 0, j10 = 99), so sorting squares
gives the canonical rank-then-file order of the notation.  Every table is
built once at import so that move generation is only lookups.
"""

from __future__ import annotations

from typing import Final

FILES: Final = "abcdefghij"
SIZE: Final = 10

COLOURS: Final = "rbyg"
"""Colour letters in turn order (R5): red, blue, yellow, green."""

COLOUR_NAMES: Final = {"r": "red", "b": "blue", "y": "yellow", "g": "green"}
OPPOSITE: Final = {"r": "y", "y": "r", "b": "g", "g": "b"}

FACES: Final = 6
"""A die shows 1 to ``FACES``; a chain's values are consecutive within that range."""


def square_file(square: int) -> int:
    return square % SIZE


def square_rank(square: int) -> int:
    return square // SIZE


def square_name(square: int) -> str:
    return FILES[square % SIZE] + str(square // SIZE + 1)


def is_playable(square: int) -> bool:
    """R1: dark squares only — (file + rank) even, counting from 0."""
    return 0 <= square < SIZE * SIZE and (square % SIZE + square // SIZE) % 2 == 0


SQUARES: Final = tuple(s for s in range(SIZE * SIZE) if is_playable(s))
"""The 50 playable squares in canonical order."""

SQUARE_NAMES: Final = {square_name(s): s for s in range(SIZE * SIZE)}


def parse_square(name: str) -> int:
    """The square named ``name``; ``ValueError`` if it is not a playable square."""
    square = SQUARE_NAMES.get(name)
    if square is None:
        raise ValueError(f"{name!r} is not a square (a1 … j10)")
    if not is_playable(square):
        raise ValueError(f"{name} is a light square: only dark squares are playable")
    return square


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


_DIAGONALS: Final = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = []
    for s in range(SIZE * SIZE):
        f, r = s % SIZE, s // SIZE
        table.append(
            tuple(
                sorted(
                    (r + dr) * SIZE + f + df
                    for df, dr in _DIAGONALS
                    if is_playable(s) and _on_board(f + df, r + dr)
                )
            )
        )
    return tuple(table)


def _build_jumps() -> tuple[tuple[tuple[int, int], ...], ...]:
    table: list[tuple[tuple[int, int], ...]] = []
    for s in range(SIZE * SIZE):
        f, r = s % SIZE, s // SIZE
        table.append(
            tuple(
                sorted(
                    ((r + dr) * SIZE + f + df, (r + 2 * dr) * SIZE + f + 2 * df)
                    for df, dr in _DIAGONALS
                    if is_playable(s) and _on_board(f + 2 * df, r + 2 * dr)
                )
            )
        )
    return tuple(table)


NEIGHBOURS: Final = _build_neighbours()
"""R2: ``NEIGHBOURS[s]`` — the playable squares touching ``s`` diagonally."""

JUMPS: Final = _build_jumps()
"""R10: ``JUMPS[s]`` — ``(over, landing)`` pairs along each diagonal."""


def _rive(colour: str) -> tuple[int, ...]:
    if colour == "r":
        cells = [f for f in range(SIZE)]
    elif colour == "y":
        cells = [(SIZE - 1) * SIZE + f for f in range(SIZE)]
    elif colour == "b":
        cells = [r * SIZE for r in range(SIZE)]
    else:
        cells = [r * SIZE + SIZE - 1 for r in range(SIZE)]
    return tuple(s for s in cells if is_playable(s))


RIVES: Final = {c: _rive(c) for c in COLOURS}
"""R3: each colour's home row; the corners a1 and j10 belong to two rives."""

RIVE_BIT: Final = {c: 1 << i for i, c in enumerate(COLOURS)}

RIVE_MASK: Final = tuple(
    sum(RIVE_BIT[c] for c in COLOURS if s in RIVES[c]) for s in range(SIZE * SIZE)
)
"""``RIVE_MASK[s]``: bit set of the rives square ``s`` belongs to."""

GOAL_MASK: Final = {c: RIVE_BIT[OPPOSITE[c]] for c in COLOURS}
"""R4: the bit of the rive each colour must reach."""


def rives_of(square: int) -> str:
    """The colours whose rive holds ``square`` (two letters for a corner)."""
    return "".join(c for c in COLOURS if RIVE_MASK[square] & RIVE_BIT[c])
