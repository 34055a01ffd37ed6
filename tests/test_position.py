"""The position notation: validation (each invalid case names its token),
finished positions, canonical output and round trips."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derive import COLOURS, RULE_SETS, SQUARES, Game, PositionError, square_name
from tests.helpers import game_at, squares


@pytest.mark.parametrize(
    ("position", "token"),
    [
        # unknown tokens, field by field
        ("r3c1 r ry L5", "'L5'"),
        ("r3c1 r ry l2", "'l2'"),
        ("r3c1 r rx L2", "'x'"),
        ("r3c1 x ry L2", "'x'"),
        ("r3c1 ry ry L2", "'ry'"),
        ("x3c1 r ry L2", "'x3c1'"),
        ("R3c1 r ry L2", "'R3c1'"),
        ("r3c1;y1b10 r ry L2", "'r3c1;y1b10'"),
        ("r3c1,,y1b10 r ry L2", "''"),
        ("r3c1, r ry L2", "''"),
        ("r3 r ry L2", "'r3'"),
        ("r3k1 r ry L2", "'r3k1'"),
        ("r3c11 r ry L2", "'r3c11'"),
        ("r3c01 r ry L2", "'r3c01'"),
        # unplayable square
        ("r3e6 r ry L2", "'r3e6'"),
        ("r3a10 r ry L2", "'r3a10'"),
        ("r3j1 r ry L2", "'r3j1'"),
        # two dice on one square
        ("r3c1,y2c1 r ry L2", "'y2c1'"),
        # value outside 1–6
        ("r0c1 r ry L2", "'r0c1'"),
        ("r7c1 r ry L2", "'r7c1'"),
        ("r03c1 r ry L2", "'r03c1'"),
        ("r12c1 r ry L2", "'r12c1'"),
        # more dice than the rule set allows (L1: 5 each)
        ("r1c1,r1e1,r1g1,r1i1,r1b2,r1d2 r ry L1", "'r1d2'"),
        # a colour that is not seated
        ("b1a3 r ry L2", "'b1a3'"),
        ("g1j4 r ry/bg L2", None),  # all four seated: valid
        # fewer than 2 seats
        ("- r r L2", "'r'"),
        ("- r rr L2", "'rr'"),
        # team splits other than two pairs of all four colours
        ("- r ry/b L2", "'ry/b'"),
        ("- r ryb/g L2", "'ryb/g'"),
        ("- r ry/by L2", "'ry/by'"),
        ("- r ry/bg/ L2", "'ry/bg/'"),
        ("- r r/y L2", "'r/y'"),
    ],
)
def test_invalid_positions_name_their_token(position: str, token: str | None) -> None:
    if token is None:
        assert Game.from_position(position).to_position() == position
        return
    with pytest.raises(ValueError, match=re.escape(token)) as caught:
        Game.from_position(position)
    assert isinstance(caught.value, PositionError)


@pytest.mark.parametrize("position", ["", "r3c1 r ry", "r3c1 r ry L2 extra", "   "])
def test_wrong_number_of_fields(position: str) -> None:
    with pytest.raises(PositionError, match="4 fields"):
        Game.from_position(position)


def test_not_text_is_rejected() -> None:
    with pytest.raises(PositionError, match="is text"):
        Game.from_position(42)  # type: ignore[arg-type]


def test_dice_limit_follows_the_rule_set() -> None:
    seven = "r1c1,r1e1,r1g1,r1i1,r1b2,r1d2,r1f2"
    game_at(f"{seven} r ry L2")
    with pytest.raises(PositionError, match="r1h2"):
        game_at(f"{seven},r1h2 r ry L2")
    ten = seven + ",r1h2,r1b4,r1d4"
    assert game_at(f"{ten} r ry L4").reserve("r") == 0
    with pytest.raises(PositionError, match="r1f4"):
        game_at(f"{ten},r1f4 r ry L3")


@pytest.mark.parametrize(
    ("position", "named"),
    [
        # red on a1 stands on blue's rive (R14 corner), so not also on a3
        ("r1a1,r1a3 r ry L2", ["red", "blue's rive", "a1", "a3"]),
        # the goal rive counts too
        ("r1b10,r2d10 r ry L2", ["red", "yellow's rive", "b10", "d10"]),
        # green on j10 stands on yellow's rive
        ("g1j10,g1b10 g rbyg L2", ["green", "yellow's rive", "b10", "j10"]),
        # whether or not the rive's colour is seated
        ("y1j4,y2j6 r ry L2", ["yellow", "green's rive", "j4", "j6"]),
        # blue on a1 stands on red's rive
        ("b1a1,b1i1 b rb L2", ["blue", "red's rive", "a1", "i1"]),
    ],
)
def test_r14_breach_is_an_invalid_position(position: str, named: list[str]) -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_position(position)
    for word in named:
        assert word in str(caught.value)


def test_r14_own_rive_is_free() -> None:
    # blue owns a1..a9 (a1 also red's): any number of blue dice there
    game = game_at("b1a1,b2a3,b3a5,b4a7,b5a9 b rb L2")
    assert game.outcome is None


def test_position_meeting_a_goal_is_a_finished_game() -> None:
    game = game_at("r1d10 y ry L1")
    assert game.is_over and game.winner == "r"
    assert game.outcome is not None and game.outcome.termination == "goal"
    assert game.outcome.chain == squares("d10")
    assert game.legal_moves() == ()
    # L2: a well-formed chain of exactly 3
    game = game_at("r1b10,r2c9,r3d8 y ry L2")
    assert game.winner == "r" and game.outcome is not None
    assert game.outcome.chain == squares("b10", "c9", "d8")


def test_position_where_two_sides_meet_goals_is_invalid() -> None:
    with pytest.raises(PositionError, match="red and yellow|yellow and red"):
        game_at("r1d10,y1c1 r ry L1")
    with pytest.raises(PositionError, match="different sides"):
        game_at("r1d10,b1j4 r rb L1")


def test_team_mates_both_meeting_goals_is_their_teams_win() -> None:
    game = game_at("r1d10,y1c1 b ry/bg L1")
    assert game.winner == "ry"
    # the first in turn order from the player to move (blue: then yellow) names the chain
    assert game.outcome is not None and game.outcome.chain == squares("c1")


def test_canonical_output() -> None:
    game = game_at("y1b10,r3c1,y2e9,b4a3 r yrb L2")
    assert game.to_position() == "r3c1,b4a3,y2e9,y1b10 r rby L2"
    assert game_at("- b bg/yr L3").to_position() == "- b ry/bg L3"
    assert game_at("- y yg/rb L4").to_position() == "- y rb/yg L4"
    assert game_at("- b by/gr L4").to_position() == "- b rg/by L4"
    assert game_at("- g gr L2A").to_position() == "- g rg L2A"


def test_reserves_are_implied() -> None:
    game = game_at("r3c1,r2e1,y1b10 y ry L3")
    assert (game.reserve("r"), game.reserve("y")) == (8, 9)
    game = game_at("- r rb L1")
    assert (game.reserve("r"), game.reserve("b")) == (5, 5)


def test_rules_file_example_is_read_and_written_canonically() -> None:
    # The rules file writes it in reading order; canonical order is rank, then file.
    game = game_at("r3d10,r2e9,r1g7 r ry L2")
    assert game.to_position() == "r1g7,r2e9,r3d10 r ry L2"
    assert game.outcome is None  # e9 and g7 do not touch: the anchored chain has 2 dice
    assert [len(c) for c in game.chains("r")] == [1, 2]


# ----- property-based ----------------------------------------------------------

_TOKEN = st.sampled_from(
    ["r", "b", "y", "g", "x", "R", "0", "1", "3", "6", "7", "10", "a", "c", "j", "k", ",", "-"]
)
_PIECE = st.builds(
    "{}{}{}{}".format,
    st.sampled_from("rbygx"),
    st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "7", "12"]),
    st.sampled_from("abcdefghijk"),
    st.integers(0, 11),
)
_SEATING = st.sampled_from(
    ["ry", "rb", "rbyg", "rby", "yg", "ry/bg", "rb/yg", "rg/by", "r", "rr", "ry/b", "rbygr", "xy"]
)
_RULES = st.sampled_from([*RULE_SETS, "L5", "l1"])


def _parses_or_value_error(text: str) -> Game | None:
    try:
        game = Game.from_position(text)
    except ValueError:
        return None
    assert Game.from_position(game.to_position()).to_position() == game.to_position()
    return game


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=60))
def test_random_text_never_crashes_the_parser(text: str) -> None:
    _parses_or_value_error(text)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(_TOKEN, max_size=40).map("".join), _SEATING, _RULES, st.sampled_from("rbygx"))
def test_random_tokens_never_crash_the_parser(
    pieces: str, seating: str, rules: str, to_move: str
) -> None:
    _parses_or_value_error(f"{pieces or '-'} {to_move} {seating} {rules}")


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(_PIECE, max_size=24), _SEATING, _RULES, st.sampled_from("rbyg"))
def test_almost_valid_positions_parse_or_raise_value_error(
    pieces: list[str], seating: str, rules: str, to_move: str
) -> None:
    _parses_or_value_error(f"{','.join(pieces) or '-'} {to_move} {seating} {rules}")


@st.composite
def valid_positions(draw: st.DrawFn) -> tuple[str, dict[int, tuple[str, int]]]:
    """Positions built to respect every rule of the notation (R14 included)."""
    rules = RULE_SETS[draw(st.sampled_from(sorted(RULE_SETS)))]
    seating = draw(st.sampled_from(["ry", "rb", "gy", "rby", "rbyg", "ry/bg", "rb/yg", "rg/by"]))
    colours = [c for c in COLOURS if c in seating]
    cells = draw(st.lists(st.sampled_from(SQUARES), unique=True, max_size=30))
    pieces: dict[int, tuple[str, int]] = {}
    from derive.board import RIVES

    count = dict.fromkeys(colours, 0)
    for s in cells:
        colour = draw(st.sampled_from(colours))
        foreign = [r for r in COLOURS if r != colour and s in RIVES[r]]
        if count[colour] == rules.dice or any(
            any(pieces.get(t, ("", 0))[0] == colour for t in RIVES[r]) for r in foreign
        ):
            continue
        pieces[s] = (colour, draw(st.integers(1, 6)))
        count[colour] += 1
    to_move = draw(st.sampled_from(colours))
    order = draw(st.permutations(sorted(pieces)))
    text = ",".join(f"{pieces[s][0]}{pieces[s][1]}{square_name(s)}" for s in order)
    return f"{text or '-'} {to_move} {seating} {rules.id}", pieces


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(valid_positions())
def test_valid_generated_positions_round_trip(
    case: tuple[str, dict[int, tuple[str, int]]],
) -> None:
    text, pieces = case
    try:
        game = Game.from_position(text)
    except PositionError as error:
        # the only thing the generator does not rule out: two sides meeting goals
        assert "different sides" in str(error)
        return
    assert game.pieces() == pieces
    canonical = game.to_position()
    again = Game.from_position(canonical)
    assert again.to_position() == canonical
    assert again.pieces() == pieces
    assert canonical.split()[0] == (
        ",".join(f"{c}{v}{square_name(s)}" for s, (c, v) in sorted(pieces.items())) or "-"
    )
    assert (again.outcome is None) == (game.outcome is None)
    for colour in game.seating.colours:
        on_board = sum(1 for c, _ in pieces.values() if c == colour)
        assert game.reserve(colour) == game.rules.dice - on_board
