"""Shapes over the board (derive.web.board.shapes): the review's better move as an arrow,
an entry marker or a ring, drawn by the pure SVG function, its squares read by the
engine's notation (highlights.move_shape)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from derive import Game, parse_square
from derive.web.board.highlights import board_view, move_shape
from derive.web.board.shapes import Shape
from derive.web.board.svg import render_board, square_centre

NS = {"s": "http://www.w3.org/2000/svg"}
POSITION = "r3c3,y2d4 r ry L2"


def drawn(*shapes: Shape | None, bottom: str = "r") -> list[ET.Element]:
    view = board_view(Game.from_position(POSITION).explain(), bottom=bottom)
    view = replace(view, shapes=tuple(s for s in shapes if s is not None))
    root = ET.fromstring(render_board(view))
    overlay = root.find(".//s:g[@class='overlay']", NS)
    assert overlay is not None and overlay.get("pointer-events") == "none"
    return list(overlay.iterfind("s:g[@data-arrow]", NS))


def test_the_engine_reads_each_kind_of_move_into_a_shape() -> None:
    step = move_shape("c3-b4", title="Better: c3-b4.")
    assert step == Shape(
        parse_square("b4"), parse_square("c3"), "better", "Better: c3-b4.", "c3-b4"
    )
    jump = move_shape("c3xe5")
    assert jump is not None and (jump.orig, jump.dest) == (parse_square("c3"), parse_square("e5"))
    enter = move_shape("+c1")
    assert enter is not None and (enter.orig, enter.dest) == (None, parse_square("c1"))
    for change in ("c3?", "c3+", "c3-"):
        ring = move_shape(change)
        assert ring is not None and ring.orig == ring.dest == parse_square("c3")
    assert move_shape("pass") is None


def test_an_arrow_runs_from_the_first_square_towards_the_last_with_its_words() -> None:
    (arrow,) = drawn(move_shape("c3-b4", title="Better: c3-b4."))
    assert arrow.get("data-arrow") == "c3-b4" and arrow.get("data-shape") == "arrow"
    assert arrow.get("role") == "img" and arrow.get("aria-label") == "Better: c3-b4."
    assert arrow.findtext("s:title", namespaces=NS) == "Better: c3-b4."
    line = arrow.find("s:line", NS)
    assert line is not None
    start, end = square_centre(parse_square("c3")), square_centre(parse_square("b4"))
    assert (float(line.get("x1", "")), float(line.get("y1", ""))) == start
    # the shaft stops short of the head, which points at the last square
    x2, y2 = float(line.get("x2", "")), float(line.get("y2", ""))
    assert abs(x2 - end[0]) < abs(start[0] - end[0]) and abs(y2 - end[1]) < abs(start[1] - end[1])


def test_the_arrow_turns_with_the_board() -> None:
    (arrow,) = drawn(move_shape("c3-b4"), bottom="y")
    line = arrow.find("s:line", NS)
    assert line is not None
    start = square_centre(parse_square("c3"), "y")
    assert start != square_centre(parse_square("c3"))
    assert (float(line.get("x1", "")), float(line.get("y1", ""))) == start


def test_an_entry_is_a_marker_on_its_square_and_a_change_of_value_a_ring_on_the_die() -> None:
    entry, ring = drawn(move_shape("+c1"), move_shape("c3?"))
    assert entry.get("data-shape") == "entry" and entry.get("data-arrow") == "+c1"
    centre = entry.find("s:circle", NS)
    assert centre is not None
    assert (int(centre.get("cx", "")), int(centre.get("cy", ""))) == square_centre(
        parse_square("c1")
    )
    assert ring.get("data-shape") == "ring"
    circle = ring.find("s:circle", NS)
    assert circle is not None
    assert (int(circle.get("cx", "")), int(circle.get("cy", ""))) == square_centre(
        parse_square("c3")
    )


def test_no_shape_is_drawn_unless_asked() -> None:
    assert drawn() == []
    assert "data-arrow" not in render_board(board_view(Game.from_position(POSITION).explain()))
