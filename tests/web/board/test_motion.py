"""The board's movements as numbers (derive.web.board.motion): what assets/board.js moves."""

from __future__ import annotations

import random

from derive.board import parse_square
from derive.web.board.motion import (
    HOP_MS,
    ROLL_FRAMES,
    SIZE,
    Beside,
    Flight,
    beside,
    flight,
    roll_faces,
)
from derive.web.board.svg import CELL, die_face, square_origin


def test_a_jump_flies_through_every_square_of_its_path_to_where_the_die_is() -> None:
    path = ("c3", "e5", "g7")
    flown = flight(path, "r", 1.0)
    end = square_origin(parse_square("g7"), "r")
    assert flown == Flight(end, ((-4 * CELL, 4 * CELL), (-2 * CELL, 2 * CELL), (0, 0)), 2 * HOP_MS)
    turned = flight(path, "y", 0.45)  # the board turned: the same flight, mirrored
    assert turned is not None
    assert turned.hops == ((4 * CELL, -4 * CELL), (2 * CELL, -2 * CELL), (0, 0))
    assert turned.ms == HOP_MS * 0.45 * 2


def test_nothing_flies_for_an_entry_or_with_animations_off() -> None:
    assert flight(("c1",), "r", 1.0) is None
    assert flight((), "r", 1.0) is None
    assert flight(("c3", "d4"), "r", 0.0) is None


def test_a_rerolled_die_tumbles_then_lands_on_its_value() -> None:
    faces = roll_faces("y", 5, random.Random(3))
    assert len(faces) == ROLL_FRAMES + 1
    assert faces[-1] == die_face("y", 5, x=12, y=12)
    rng = random.Random(3)
    assert faces[:-1] == tuple(die_face("y", rng.randint(1, 6), x=12, y=12) for _ in faces[1:])


def test_the_picker_stands_on_the_side_with_room_and_inside_the_board() -> None:
    low = beside("c1", "r")  # red's rive, at the bottom: the picker goes above
    assert low.above and 0 < low.top < 100
    x, y = square_origin(parse_square("c1"), "r")
    assert low == Beside(round(100 * (x + CELL / 2) / SIZE, 2), round(100 * y / SIZE, 2), True)
    high = beside("b10", "r")  # yellow's rive, at the top: the picker goes below it
    _, top = square_origin(parse_square("b10"), "r")
    assert not high.above and high.top == round(100 * (top + CELL) / SIZE, 2)
    assert beside("a1", "r").left == 24 and beside("j10", "r").left == 76  # not off the sides
    assert beside("c1", "y").above is False  # turned: c1 is at the top
