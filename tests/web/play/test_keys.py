"""The game page's keyboard (derive.web.play.keys), without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from derive.web.front.keys import KEY_DIAGONALS
from derive.web.play import keys
from derive.web.play.keys import KEYS, Command, Press, command

ROOT = Path(__file__).resolve().parents[3]


def run(key: str, *, viewing: bool = False, picking: bool = False, **press: bool) -> Command | None:
    return command(Press(key, **press), viewing=viewing, picking=picking)


def test_arrows_step_through_the_moves_unless_the_board_has_the_focus_in_play() -> None:
    assert run("ArrowLeft") == Command("do", "prev")
    assert run("ArrowRight") == Command("do", "next")
    # On the board in play they walk its diagonals; over a past position they still step.
    assert run("ArrowLeft", on_board=True) == Command("cursor", diagonal="up-left")
    assert run("ArrowLeft", on_board=True, viewing=True) == Command("do", "prev")
    assert run("ArrowUp") is None  # up and down belong to the page's scrolling
    for key, diagonal in KEY_DIAGONALS.items():
        if key not in ("ArrowLeft", "ArrowRight"):
            assert run(key, on_board=True) == Command("cursor", diagonal=diagonal)


def test_undo_and_redo_with_control_as_everywhere() -> None:
    assert run("z", ctrl=True) == Command("do", "undo")
    assert run("Z", ctrl=True, shift=True) == Command("do", "redo")
    assert run("z", ctrl=True, shift=True) == Command("do", "redo")
    assert run("y", ctrl=True) == Command("do", "redo")
    # Control with anything else is the browser's (copy, find, reload…).
    assert run("c", ctrl=True) is None and run("r", ctrl=True) is None
    assert run("ArrowLeft", ctrl=True) is None


def test_enter_and_space_select_on_the_board_only() -> None:
    assert run("Enter", on_board=True) == Command("select")
    assert run(" ", on_board=True) == Command("select")
    assert run("Enter") is None and run(" ") is None


def test_digits_pick_a_value_only_while_the_picker_is_open() -> None:
    assert run("4", picking=True) == Command("pick", "4")
    assert run("4") is None
    assert run("7", picking=True) is None and run("12", picking=True) is None


@pytest.mark.parametrize("key", sorted(KEYS))
def test_single_keys_press_their_buttons(key: str) -> None:
    assert run(key) == Command("do", KEYS[key])
    assert run(key, on_board=True) == Command("do", KEYS[key])


def test_what_is_not_the_games_is_left_to_the_browser() -> None:
    assert run("Escape") == Command("escape")
    assert run("") is None  # a bare Event("keydown") dispatched by a script
    assert run("u", alt=True) is None and run("u", meta=True) is None
    assert run("Tab") is None and run("x") is None and run("F5") is None


def test_the_views_press_is_read_as_it_comes() -> None:
    assert keys.press_from({"key": "u"}) == Press("u")
    assert keys.press_from(
        {"key": "z", "ctrl": True, "shift": True, "alt": False, "meta": False, "on_board": True}
    ) == Press("z", ctrl=True, shift=True, on_board=True)
    assert keys.press_from({"key": ""}) == Press("")  # a bare Event("keydown")


@pytest.mark.parametrize(
    "data",
    [
        None,
        "u",
        {"ctrl": True},
        {"key": 3},
        {"key": "x" * 33},
        {"key": "u", "ctrl": "true"},
        {"key": "u", "on_board": 1},
        {f"k{n}": "" for n in range(9)},
    ],
)
def test_anything_else_is_no_press(data: object) -> None:
    assert keys.press_from(data) is None


def test_the_view_keeps_from_the_browser_exactly_the_presses_the_game_takes() -> None:
    """``taken`` lists what ``command`` would act on, by the view's signature: a key the
    game does not take (Up without the board's focus) scrolls the page as always."""
    playing = set(keys.taken(viewing=False, picking=False, reviewing=False))
    assert {"ArrowLeft", "board:ArrowUp", "board:Enter", "ctrl+z", "ctrl+shift+Z"} <= playing
    assert {"u", "shift+U", "?", "shift+?", "Escape"} <= playing
    assert "ArrowUp" not in playing and "Enter" not in playing and "ctrl+c" not in playing
    assert "3" not in playing  # a digit is a value only while the picker is open
    assert "3" in keys.taken(viewing=False, picking=True, reviewing=False)
    # Alt and Meta presses are never the game's, so never kept from the browser.
    assert keys.signature(Press("u", alt=True)) not in playing
    assert keys.signature(Press("ArrowLeft", meta=True)) not in playing


def test_signature_names_the_press_as_the_pages_handler_does() -> None:
    both = Press("z", ctrl=True, shift=True, on_board=True)
    assert keys.signature(both) == "board:ctrl+shift+z"
    assert keys.signature(Press("x", alt=True, meta=True)) == "alt+meta+x"
    assert keys.signature(Press("+")) == "+"
    assert keys.signature(Press("+", shift=True)) == "shift++"
    # The page's handler (MicroPython) names a press with the same function.
    handler = (ROOT / "derive" / "web" / "front" / "game.py").read_text(encoding="utf-8")
    assert "from .keys import signature" in handler


def test_the_reviews_keys_are_its_own_while_it_is_open() -> None:
    assert keys.reviews(Press("Home")) and keys.reviews(Press("End", shift=True))
    assert not keys.reviews(Press("Home", ctrl=True)) and not keys.reviews(Press("u"))
    # Home and End are the page's (scrolling) unless the review is open.
    assert "Home" not in keys.taken(viewing=True, picking=False, reviewing=False)
    reviewing = keys.taken(viewing=True, picking=False, reviewing=True)
    assert all(key in reviewing for key in keys.STEP_KEYS)
