"""One board (derive.web.board.widget) on a page's surface, without a browser: what it
draws and moves reaches the game page's view as plain calls (``board.surface``)."""

from __future__ import annotations

import pytest

from derive.game import Game
from derive.web.board import motion
from derive.web.board.highlights import board_view
from derive.web.board.surface import LinkSurface
from derive.web.board.svg import render_board
from derive.web.board.widget import BoardWidget
from derive.web.link import Recorder
from tests.web_helpers import run_async


def widget(speed: str = "normal", *, reduced: bool = False) -> tuple[BoardWidget, Recorder]:
    view = Recorder()
    return BoardWidget(LinkSurface(view, reduced_motion=reduced), speed=speed), view


def test_the_board_is_drawn_as_its_markup_and_remembers_which_side_is_down() -> None:
    board, view = widget()
    drawn = board_view(Game.from_position("r3c3 r ry L2").explain(), bottom="y")
    board.draw(drawn)
    assert view.calls == [("boardDraw", (render_board(drawn),))]
    assert board.bottom == "y"


def test_the_picker_stands_beside_its_square_in_percent_of_the_board() -> None:
    board, view = widget()
    board.place_beside(object(), "c3")
    spot = motion.beside("c3", "r")
    assert view.named("pickerBeside") == [(spot.left, spot.top, spot.above)]


def test_a_flight_and_a_roll_are_plain_data_the_view_waits_on() -> None:
    board, view = widget("fast")
    run_async(board.fly(("c3", "e5")))
    flown = motion.flight(("c3", "e5"), "r", 0.45)
    assert flown is not None
    end, hops, ms = list(flown.end), [list(hop) for hop in flown.hops], flown.ms
    assert view.named("boardFly") == [("e5", end, hops, ms)]
    run_async(board.roll("e5", "r", 4))
    ((square, faces, frame_ms, hold_ms),) = view.named("boardRoll")
    assert square == "e5" and isinstance(faces, list) and len(faces) == motion.ROLL_FRAMES + 1
    assert frame_ms == motion.ROLL_FRAME_MS * 0.45 and hold_ms == motion.ROLL_HOLD_MS * 0.45


@pytest.mark.parametrize(
    ("speed", "reduced", "moves"),
    [("off", False, False), ("auto", True, False), ("auto", False, True), ("slow", True, True)],
)
def test_reduced_motion_stills_the_board_unless_the_player_chose_a_speed(
    speed: str, reduced: bool, moves: bool
) -> None:
    board, view = widget(speed, reduced=reduced)
    run_async(board.fly(("c3", "e5")))
    run_async(board.roll("e5", "r", 4))
    run_async(board.fly(("e5",)))  # an entry does not fly
    assert [name for name, _ in view.calls] == (["boardFly", "boardRoll"] if moves else [])
