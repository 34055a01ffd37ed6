"""One board (derive.web.board.widget) on a page's surface, without a browser: what it
draws and moves reaches the game page's view as steps, plain data (``board.surface``)."""

from __future__ import annotations

import pytest

from derive.game import Game
from derive.web.board import motion
from derive.web.board.highlights import board_view
from derive.web.board.surface import Surface
from derive.web.board.svg import render_board
from derive.web.board.widget import BoardWidget
from derive.web.link import Recorder
from tests.web_helpers import run_async


def widget(speed: str = "normal", *, reduced: bool = False) -> tuple[BoardWidget, Recorder]:
    view = Recorder()
    return BoardWidget(Surface(page=view, reduced_motion=reduced), speed=speed), view


def test_the_board_is_drawn_as_its_markup_and_remembers_which_side_is_down() -> None:
    board, view = widget()
    drawn = board_view(Game.from_position("r3c3 r ry L2").explain(), bottom="y")
    board.draw(drawn)
    assert view.calls == [("boardStep", ({"do": "draw", "markup": render_board(drawn)},))]
    assert board.bottom == "y"


def test_the_picker_stands_beside_its_square_in_percent_of_the_board() -> None:
    board, view = widget()
    board.place_beside(object(), "c3")
    spot = motion.beside("c3", "r")
    assert view.named("boardStep") == [
        ({"do": "beside", "left": spot.left, "top": spot.top, "above": spot.above},)
    ]


def test_a_flight_and_a_roll_are_plain_data_the_view_waits_on() -> None:
    board, view = widget("fast")
    run_async(board.fly(("c3", "e5")))
    flown = motion.flight(("c3", "e5"), "r", 0.45)
    assert flown is not None
    end, hops, ms = list(flown.end), [list(hop) for hop in flown.hops], flown.ms
    assert view.named("boardStep") == [
        ({"do": "fly", "square": "e5", "end": end, "hops": hops, "ms": ms},)
    ]
    run_async(board.roll("e5", "r", 4))
    (rolled,) = view.named("boardStep")[1]
    assert rolled["do"] == "roll" and rolled["square"] == "e5"
    assert isinstance(rolled["faces"], list) and len(rolled["faces"]) == motion.ROLL_FRAMES + 1
    assert rolled["frame"] == motion.ROLL_FRAME_MS * 0.45
    assert rolled["hold"] == motion.ROLL_HOLD_MS * 0.45


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
    assert [args[0]["do"] for _, args in view.calls] == (["fly", "roll"] if moves else [])


def test_a_lesson_board_s_surface_writes_the_same_steps_down() -> None:
    """With no page (a lesson board in its worker), the animations are written down, the
    same steps the game page's view is handed, and the drawing is kept for the answer's
    ``show``."""
    on_page, view = widget("fast")
    written = BoardWidget(Surface(), speed="fast")
    for board in (on_page, written):
        board.draw(board_view(Game.from_position("r3c3 r ry L2").explain()))
        run_async(board.fly(("c3", "e5")))
    assert isinstance(written.surface, Surface)
    assert written.surface.steps == [args[0] for name, args in view.calls[1:]]
    assert written.surface.drawn == view.calls[0][1][0]["markup"]
