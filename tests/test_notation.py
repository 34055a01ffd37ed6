"""Move notation: every kind reads and writes back; malformed text is a ValueError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from derive import Move, parse_square
from derive.notation import ADJUST, CAPTURE, ENTER, MOVE, NO_SQUARE, PASS, REROLL


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("+c1", Move(ENTER, NO_SQUARE, parse_square("c1"), 0)),
        ("+c1=4", Move(ENTER, NO_SQUARE, parse_square("c1"), 4)),
        ("c1-d2", Move(MOVE, parse_square("c1"), parse_square("d2"))),
        ("e5-i9", Move(MOVE, parse_square("e5"), parse_square("i9"))),
        ("c3+", Move(ADJUST, parse_square("c3"), parse_square("c3"), 1)),
        ("c3-", Move(ADJUST, parse_square("c3"), parse_square("c3"), -1)),
        ("c3?", Move(REROLL, parse_square("c3"), parse_square("c3"), 0)),
        ("c3?5", Move(REROLL, parse_square("c3"), parse_square("c3"), 5)),
        ("c3xd4", Move(CAPTURE, parse_square("c3"), parse_square("d4"))),
        ("j10xi9", Move(CAPTURE, parse_square("j10"), parse_square("i9"))),
        ("pass", Move(PASS)),
    ],
)
def test_every_kind_reads_and_writes_back(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert repr(move) == f"Move({text!r})"
    assert Move.parse(f"  {text}\n") == move


def test_unresolved_drops_only_a_reroll_result() -> None:
    assert Move.parse("c3?5").unresolved == Move.parse("c3?")
    assert Move.parse("+c1=4").unresolved == Move.parse("+c1=4")
    assert Move.parse("c3+").unresolved == Move.parse("c3+")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not a move"),
        ("c1", "not a move"),
        ("c1-", None),  # an adjustment, not malformed
        ("c1x", "not a move"),
        ("+c1=0", "not a move"),
        ("+c1=7", "not a move"),
        ("c3?0", "not a move"),
        ("c3?7", "not a move"),
        ("c3?55", "not a move"),
        ("C1-D2", "not a move"),
        ("c1–d2", "not a move"),  # en dash
        ("k1-c1", "not a move"),
        ("c1-e6", "light square"),
        ("a10+", "light square"),
        ("+j1", "light square"),
        ("Pass", "not a move"),
        ("pass pass", "not a move"),
        ("c1 - d2", "not a move"),
        ("c1-d2-e3", "not a move"),
        ("c1xd2xe3", "not a move"),
    ],
)
def test_malformed_moves_are_value_errors(text: str, fragment: str | None) -> None:
    if fragment is None:
        Move.parse(text)
        return
    with pytest.raises(ValueError, match=fragment):
        Move.parse(text)


def test_non_text_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a whole number"):
        Move.parse(3)  # type: ignore[arg-type]


_MOVE_CHARS = st.sampled_from(list("abcjk0123456789+-x?=pas ") + ["10", "pass"])


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(st.one_of(st.text(max_size=12), st.lists(_MOVE_CHARS, max_size=8).map("".join)))
def test_move_parse_never_crashes(text: str) -> None:
    try:
        move = Move.parse(text)
    except ValueError:
        return
    assert Move.parse(str(move)) == move
    assert str(move) == text.strip()
