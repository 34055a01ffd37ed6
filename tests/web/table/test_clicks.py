"""The game page's clicks as the view hands them over (``front/game.py``'s ``click_of``)."""

from __future__ import annotations

import pytest

from derive.web.table.clicks import MAX_ARG, Click, Review, click_from


def test_each_field_the_view_finds_is_read_as_the_page_writes_it() -> None:
    click = click_from(
        {"action": "undo", "step": "prev", "ply": "12", "pick": "4", "square": "j10"}
    )
    assert click == Click(action="undo", step="prev", ply=12, pick=4, square="j10")


def test_a_button_counts_before_what_it_is_drawn_over() -> None:
    # A button over the board (the picker's dice) and a square under it: the button.
    assert click_from({"pick": "3", "square": "c3"}).target(reviewing=False) == "pick"
    assert click_from({"action": "pass", "ply": "2"}).target(reviewing=False) == "action"
    assert click_from({"step": "next", "ply": "2"}).target(reviewing=False) == "step"
    assert click_from({"ply": "0", "square": "a1"}).target(reviewing=False) == "ply"
    assert click_from({"square": "a1"}).target(reviewing=False) == "square"
    assert click_from({}).target(reviewing=False) is None


def test_the_reviews_section_takes_its_clicks_only_while_it_is_open() -> None:
    click = click_from({"review": {"ply": "7"}, "ply": "7"})
    assert click.review == Review(ply=7)
    assert click.target(reviewing=True) == "review"
    assert click.target(reviewing=False) == "ply"
    assert click_from({"review": {"stop": True}}).review == Review(stop=True)
    assert click_from({"review": {"step": "-10000"}}).review == Review(step=-10_000)
    assert click_from({"review": {"step": "1", "ply": "3"}}).review == Review(step=1)


def test_a_shelf_button_brings_its_argument() -> None:
    click = click_from({"shelf": "resume", "arg": "k3x9"})
    assert (click.shelf, click.arg) == ("resume", "k3x9")
    assert click.target(reviewing=False) is None  # the shelf's, not the table's
    long_key = "damaged:derive.game." + "x" * 300
    assert click_from({"shelf": "drop-damaged", "arg": long_key}).arg == long_key


@pytest.mark.parametrize(
    "data",
    [
        None,
        "undo",
        ["action", "undo"],
        {"action": "Undo"},  # not a name the page writes
        {"action": "x" * 41},
        {"action": 3},
        {"step": "<b>"},
        {"ply": "-1"},
        {"ply": "1e3"},
        {"ply": "12345678"},
        {"ply": True},
        {"ply": 1.5},
        {"pick": "0"},
        {"pick": "7"},
        {"square": "k1"},
        {"square": "a11"},
        {"square": "a0"},
        {"square": ["a1"]},
        {"shelf": "resume", "arg": "x" * (MAX_ARG + 1)},
        {"review": "stop"},
        {"review": {"stop": "yes"}},
        {"review": {"ply": "-2"}},
        {f"field{n}": "" for n in range(17)},
    ],
)
def test_whatever_else_comes_is_dropped_not_raised(data: object) -> None:
    click = click_from(data)
    assert click.target(reviewing=True) is None
    assert click.arg == ""


def test_a_dropped_field_leaves_the_others() -> None:
    click = click_from({"action": "x" * 41, "square": "b2", "pick": "9"})
    assert click == Click(square="b2")
