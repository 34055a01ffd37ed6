"""R1–R4: the board, adjacency, rives and opposite rives."""

from __future__ import annotations

import pytest

from derive import COLOURS, OPPOSITE, RIVES, SQUARES, parse_square, square_name
from derive.board import JUMPS, NEIGHBOURS, rives_of
from tests.helpers import game_at, legal, squares


def test_r1_fifty_dark_squares_a1_and_j10_playable() -> None:
    assert len(SQUARES) == 50
    names = {square_name(s) for s in SQUARES}
    assert {"a1", "j10", "c1", "b2", "b10", "j2"} <= names
    assert not {"j1", "a10", "b1", "a2"} & names
    for s in SQUARES:
        file, rank = s % 10, s // 10
        assert (file + rank) % 2 == 0


@pytest.mark.parametrize("name", ["j1", "a10", "b1", "e6"])
def test_r1_light_squares_are_rejected(name: str) -> None:
    with pytest.raises(ValueError, match="light square"):
        parse_square(name)


@pytest.mark.parametrize("name", ["k1", "a0", "a11", "", "A1", "a01", "1a"])
def test_r1_non_squares_are_rejected(name: str) -> None:
    with pytest.raises(ValueError, match="not a square"):
        parse_square(name)


def test_r1_square_numbering_is_file_plus_ten_rank() -> None:
    assert parse_square("a1") == 0
    assert parse_square("j10") == 99
    assert parse_square("c3") == 22
    assert all(parse_square(square_name(s)) == s for s in SQUARES)


def test_r2_adjacency_is_diagonal_touch() -> None:
    assert NEIGHBOURS[parse_square("e5")] == squares("d4", "f4", "d6", "f6")
    assert NEIGHBOURS[parse_square("a1")] == squares("b2")
    assert NEIGHBOURS[parse_square("j10")] == squares("i9")
    assert NEIGHBOURS[parse_square("a5")] == squares("b4", "b6")
    for s in SQUARES:
        for t in NEIGHBOURS[s]:
            assert s in NEIGHBOURS[t]
            assert abs(s % 10 - t % 10) == 1 and abs(s // 10 - t // 10) == 1


def test_r2_jumps_go_over_a_neighbour_to_the_square_beyond() -> None:
    assert JUMPS[parse_square("c3")] == tuple(
        sorted(
            (parse_square(o), parse_square(land))
            for o, land in (("b2", "a1"), ("d2", "e1"), ("b4", "a5"), ("d4", "e5"))
        )
    )
    assert JUMPS[parse_square("b2")] == ((parse_square("c3"), parse_square("d4")),)
    for s in SQUARES:
        for over, land in JUMPS[s]:
            assert over in NEIGHBOURS[s] and over in NEIGHBOURS[land]
            assert over - s == land - over


def test_r3_rives() -> None:
    assert RIVES["r"] == squares("a1", "c1", "e1", "g1", "i1")
    assert RIVES["b"] == squares("a1", "a3", "a5", "a7", "a9")
    assert RIVES["y"] == squares("b10", "d10", "f10", "h10", "j10")
    assert RIVES["g"] == squares("j2", "j4", "j6", "j8", "j10")


def test_r3_corners_belong_to_two_rives() -> None:
    assert rives_of(parse_square("a1")) == "rb"
    assert rives_of(parse_square("j10")) == "yg"
    assert rives_of(parse_square("c1")) == "r"
    assert rives_of(parse_square("e5")) == ""


def test_r4_opposite_rives() -> None:
    assert OPPOSITE == {"r": "y", "y": "r", "b": "g", "g": "b"}
    assert COLOURS == "rbyg"


def test_r3_corner_first_come_first_served() -> None:
    # both neighbours may enter on their shared corner; whoever is first holds it
    game = game_at("- r rb L2")
    assert "+a1" in legal(game)
    game.play("+a1")
    assert "+a1" not in legal(game) and "+a3" in legal(game)
    game = game_at("- y yg L2")
    assert "+j10" in legal(game)
    game.play("+j10")
    assert "+j10" not in legal(game) and "+j8" in legal(game)
