"""Hostile input for every loader (R30): records (parsed and as JSON text), text
records, positions, moves, share codes and files, nested, huge and mistyped.

Whatever comes in, a loader either loads a game or raises a ``ValueError`` subclass
whose message is short and has a French translation; it never takes long (each input
runs under a hypothesis deadline).  The probe's payloads of issue 16 are fixtures.
"""

from __future__ import annotations

import base64
import copy
import json
import zlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derive import MAX_PLIES, Game, Move, safejson
from derive.web.table import share
from derive.web.words import engine_fr

DEADLINE = timedelta(milliseconds=750)
"""Far above what any input takes (a few ms; a replay of 100 moves ~10 ms), so that a
slow shared machine does not fail the suite, yet a freeze (seconds) is caught."""
FUZZ = settings(
    max_examples=300,
    deadline=DEADLINE,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def refused_cleanly(load: Callable[[Any], object], value: Any) -> None:
    """``load(value)`` loads, or fails with a short, translated ``ValueError``."""
    try:
        load(value)
    except share.NotARecord:
        pass  # the page words these itself ("too big", "not a record")
    except ValueError as error:
        message = str(error)
        assert 0 < len(message) < 400, message[:400]
        assert engine_fr.untranslated(message) == [], message


def code_of(text: str) -> str:
    """A share code holding ``text`` as its record (zlib level 9, base64url)."""
    packed = zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def sample_games() -> list[Game]:
    """Games whose records the mutations start from: a start roll and re-rolls, a
    finished one, a team game with a ply limit."""
    rolled = Game.new("ry", "L2", seed=4)
    while rolled.ply < 40 and not rolled.is_over:
        moves = rolled.legal_moves()
        rolled.play(moves[(rolled.ply * 7) % len(moves)])
    won = Game.from_position("r1b10,r2c9,r3e7,y1h2 y ry L2", seed=9)
    won.play("h2?")
    won.play("e7-d8")
    team = Game.new("ry/bg", "L3", seed=2, start="b", max_plies=30)
    for _ in range(12):
        team.play(team.legal_moves()[-1])
    return [rolled, won, team]


GAMES = sample_games()
RECORDS = [game.record() for game in GAMES]
assert any("?" in move for move in RECORDS[0]["moves"])


def nested_list(depth: int) -> list[Any]:
    """A list ``depth`` deep, built without recursion."""
    top: list[Any] = []
    inner = top
    for _ in range(depth - 1):
        child: list[Any] = []
        inner.append(child)
        inner = child
    return top


def cyclic() -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(RECORDS[1])
    data["setup"]["start_roll"] = [data]
    return data


# ----- the probe's payloads and their kin -------------------------------------------------

BRACKETS = "[" * 100_000 + "]" * 100_000
OBJECTS = '{"a":' * 100_000 + "1" + "}" * 100_000
LONG_RECORD = dict(RECORDS[1], moves=["c9+", "c9-"] * 20_000, result=None)
LONG_JSON = json.dumps(LONG_RECORD, separators=(",", ":"))
DEEP_INSIDE = json.dumps(RECORDS[1])[:-1] + ', "extra": ' + BRACKETS + "}"
HUGE_VERSION = '{"format": "derive-record", "version": ' + "9" * 5_000 + "}"

FIXTURES: list[tuple[str, Callable[[Any], object], Any]] = [
    ("brackets as parsed JSON", lambda t: Game.from_record(safejson.loads(t)), BRACKETS),
    ("brackets as a record", Game.from_record, nested_list(100_000)),
    ("brackets as a file", share.load_file, BRACKETS),
    ("brackets as a text record", Game.from_text, BRACKETS),
    ("brackets as a share code", share.decode, code_of(BRACKETS)),
    ("brackets as a position", Game.from_position, BRACKETS),
    ("brackets as a move", Move.parse, BRACKETS),
    ("objects as a file", share.load_file, OBJECTS),
    ("objects as a share code", share.decode, code_of(OBJECTS)),
    ("nesting inside a record, file", share.load_file, DEEP_INSIDE),
    ("nesting inside a record, code", share.decode, code_of(DEEP_INSIDE)),
    ("40,000 moves as a record", Game.from_record, LONG_RECORD),
    ("40,000 moves as a file", share.load_file, LONG_JSON),
    ("40,000 moves as a share code", share.decode, code_of(LONG_JSON)),
    ("40,000 moves as a text record", Game.from_text, GAMES[1].to_text() + " c9+" * 40_000),
    ("a 1.8 MB file", share.load_file, '{"moves": ["' + "x" * 1_800_000 + '"]}'),
    ("a version of 5,000 digits", share.load_file, HUGE_VERSION),
    ("a version of 5,000 digits, parsed", Game.from_record, dict(RECORDS[1], version=10**5000)),
    ("NaN", share.load_file, '{"format": NaN}'),
    ("Infinity as a seed", share.load_file, json.dumps(RECORDS[1]).replace("9,", "Infinity,")),
    ("a cyclic record", Game.from_record, cyclic()),
    ("a set in a record", Game.from_record, dict(RECORDS[1], moves={"h2?"})),
    ("a key that is not text", Game.from_record, dict(RECORDS[1], setup={1: 2})),
    ("a move of 100,000 characters", Game.from_record, dict(RECORDS[1], moves=["c" * 100_000])),
    ("a lone surrogate", Game.from_record, dict(RECORDS[1], moves=["\ud800"])),
    ("a position of 1 MB", Game.from_position, "r1c1 " * 200_000),
    ("a piece on a square of 900 digits", Game.from_position, "r1c" + "1" * 900 + " r ry L2"),
    ("a seed of 5,000 digits", Game.from_text, '[Format "derive-record 1"]\n[Seed "' + "7" * 5000),
    ("a share code that is not text", share.decode, 42),
    ("a file that is not text", share.load_file, b"{}"),
    ("a position that is not text", Game.from_position, None),
]


def test_the_probe_code_is_294_characters() -> None:
    assert len(code_of(BRACKETS)) == 294


@pytest.mark.parametrize(("name", "load", "value"), FIXTURES, ids=[f[0] for f in FIXTURES])
@settings(max_examples=1, deadline=DEADLINE, database=None)
@given(st.none())
def test_probe_payloads_are_refused_at_once(
    name: str, load: Callable[[Any], object], value: Any, _: None
) -> None:
    with pytest.raises(ValueError) as caught:
        load(value)
    if not isinstance(caught.value, share.NotARecord):
        assert engine_fr.untranslated(str(caught.value)) == [], name
        assert len(str(caught.value)) < 400


# ----- hypothesis: mistyped, huge and nested values anywhere in a record -------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 6, 7, 9, -1, 5_000, 5_001, 2**64, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["", "r", "ry", "L2", "L9", "goal", "ply_limit", "derive-record", "h2?"]),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
HOSTILE = st.one_of(
    JSON_VALUES,
    st.integers(min_value=2, max_value=200).map(nested_list),
    st.just("x" * 100_000),
    st.just(["h2?"] * (MAX_PLIES + 1)),
    st.just([0] * 30_000),
)
PATHS = [
    ("format",),
    ("version",),
    ("setup",),
    ("setup", "seed"),
    ("setup", "position"),
    ("setup", "start_roll"),
    ("setup", "start_roll", 0),
    ("setup", "start_roll", 0, "r"),
    ("setup", "max_plies"),
    ("setup", "rule_set"),
    ("setup", "seating"),
    ("setup", "transcribed"),
    ("moves",),
    ("moves", 0),
    ("moves", 1),
    ("result",),
    ("result", "winner"),
    ("result", "termination"),
]


def mutated(record: dict[str, Any], path: tuple[Any, ...], value: Any, drop: bool) -> Any:
    """``record`` with the value at ``path`` replaced (or dropped) where it exists."""
    data = copy.deepcopy(record)
    parent: Any = data
    for key in path[:-1]:
        try:
            parent = parent[key]
        except (KeyError, IndexError, TypeError):
            return data
    last = path[-1]
    if isinstance(parent, dict) or (
        isinstance(parent, list) and isinstance(last, int) and last < len(parent)
    ):
        if drop and isinstance(parent, dict):
            parent.pop(last, None)
        else:
            parent[last] = value
    return data


@FUZZ
@given(
    st.sampled_from(RECORDS),
    st.lists(st.tuples(st.sampled_from(PATHS), HOSTILE, st.booleans()), min_size=1, max_size=3),
)
def test_records_with_hostile_values(
    record: dict[str, Any], changes: list[tuple[tuple[Any, ...], Any, bool]]
) -> None:
    data: Any = record
    for path, value, drop in changes:
        data = mutated(data, path, value, drop)
    refused_cleanly(Game.from_record, data)
    try:
        text = json.dumps(data, allow_nan=True)
    except ValueError:
        return  # nested beyond what json.dumps writes: there is no text to load
    refused_cleanly(share.load_file, text)
    refused_cleanly(share.decode, code_of(text))


@FUZZ
@given(JSON_VALUES)
def test_any_json_value_as_a_record(value: Any) -> None:
    refused_cleanly(Game.from_record, value)
    refused_cleanly(share.decode, code_of(json.dumps(value)))


# ----- hypothesis: damaged text ----------------------------------------------------------


def damaged(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with a few spans replaced: bytes lost, doubled or changed in transit."""
    for at, length, insert in edits:
        i = at % (len(text) + 1)
        text = text[:i] + insert + text[i + length :]
    return text


EDITS = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=10_000),
        st.integers(min_value=0, max_value=6),
        st.one_of(
            st.text(max_size=6),
            st.sampled_from(["[", "{", '"', "\\", "]", "}", ",", ":", "?", "6", "x", " "]),
        ),
    ),
    min_size=1,
    max_size=4,
)


@FUZZ
@given(st.sampled_from(GAMES), EDITS)
def test_damaged_json_files_and_codes(game: Game, edits: list[tuple[int, int, str]]) -> None:
    _, text = share.export_file(game)
    refused_cleanly(share.load_file, damaged(text, edits))
    refused_cleanly(share.decode, damaged(share.encode(game), edits))
    refused_cleanly(share.decode, code_of(damaged(text, edits)))


@FUZZ
@given(st.sampled_from(GAMES), EDITS)
def test_damaged_text_records(game: Game, edits: list[tuple[int, int, str]]) -> None:
    text = damaged(game.to_text(), edits)
    refused_cleanly(Game.from_text, text)
    refused_cleanly(share.load_file, text)


_POSITION_PARTS = st.sampled_from(
    ["r3c1", "y2d10", "b1a3", "g6j4", ",", " ", "-", "r", "y", "ry", "ry/bg", "L2", "L3", "9"]
)


@FUZZ
@given(st.one_of(st.text(max_size=40), st.lists(_POSITION_PARTS, max_size=30).map("".join)))
def test_positions_and_moves(text: str) -> None:
    refused_cleanly(Game.from_position, text)
    refused_cleanly(Move.parse, text)
    game = GAMES[0].copy()
    refused_cleanly(game.play, text)
