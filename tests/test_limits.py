"""R30 bounds: constructors check their arguments, every game ends by MAX_PLIES, and
records beyond the bounds are refused before they are replayed; the JSON reader
measures size and depth before parsing."""

from __future__ import annotations

from typing import Any

import pytest

from derive import MAX_PLIES, Game, JSONError, Move, RecordError, safejson
from derive.limits import MAX_JSON_DEPTH, SEED_LIMIT, quoted
from derive.web.words import engine_fr


@pytest.mark.parametrize("seed", ["x", "7", 1.5, True, -1, SEED_LIMIT, [1]])
def test_bad_seeds_are_value_errors(seed: Any) -> None:
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2") as caught:
        Game.new("ry", "L2", seed=seed)
    assert engine_fr.untranslated(str(caught.value)) == []
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2"):
        Game.from_position("- r ry L2", seed=seed)


@pytest.mark.parametrize("max_plies", ["3", 3.0, False, True, 0, -2, MAX_PLIES + 1, [3]])
def test_bad_ply_limits_are_value_errors(max_plies: Any) -> None:
    with pytest.raises(ValueError, match="max_plies must be a whole number from 1 to") as caught:
        Game.new("ry", "L2", max_plies=max_plies)
    assert engine_fr.untranslated(str(caught.value)) == []
    with pytest.raises(ValueError, match="max_plies must be a whole number from 1 to"):
        Game.from_position("- r ry L2", max_plies=max_plies)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"seating": 5}, "a seating is text such as 'ry', not a whole number"),
        ({"rule_set": ["L2"]}, "a rule set is text such as 'L3', not a list"),
        ({"start": 1}, "start a whole number is not a seated colour"),
        ({"start": "b"}, "start 'b' is not a seated colour (ry)"),
    ],
)
def test_other_bad_arguments_of_new(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Game.new(**{"seating": "ry", "rule_set": "L2", **args})
    assert message in str(caught.value)
    assert engine_fr.untranslated(str(caught.value)) == []


def test_good_seeds_and_limits_are_kept() -> None:
    game = Game.new("ry", "L2", seed=SEED_LIMIT - 1, max_plies=MAX_PLIES)
    assert game.seed == SEED_LIMIT - 1 and game.max_plies == MAX_PLIES
    assert Game.from_record(game.record()).seed == game.seed


def test_every_game_ends_at_the_cap_and_its_record_loads() -> None:
    game = Game.from_position("r3c3,y3f10 r ry L3", seed=1)
    steps = [Move.parse(m) for m in ("c3+", "f10+", "c3-", "f10-")]
    while not game.is_over:
        game.push(steps[game.ply % 4])  # legal every time: two dice going 3, 4, 3
    assert game.ply == MAX_PLIES and game.is_draw
    assert game.outcome is not None and game.outcome.termination == "ply_limit"
    assert game.legal_moves() == ()
    again = Game.from_record(game.record())
    assert again.is_draw and again.ply == MAX_PLIES


def test_records_beyond_the_cap_are_refused_before_replay() -> None:
    record = Game.from_position("r3c3,y3f10 r ry L3", seed=1).record()
    record["moves"] = ["zz"] * (MAX_PLIES + 1)  # unplayable: a replay would stop at move 1
    with pytest.raises(RecordError, match=f"{MAX_PLIES + 1} moves, more than the {MAX_PLIES}"):
        Game.from_record(record)


# ----- the JSON reader ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "deepest"),
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "\\"[[[", "\\\\"]', 1),  # brackets in strings, escaped quotes
        ('"[[[', 3),  # an unterminated string counts, and is refused by the parser anyway
        ("[" * 40, MAX_JSON_DEPTH + 1),  # the scan stops once it is too deep
    ],
)
def test_depth_skips_strings(text: str, deepest: int) -> None:
    assert safejson.depth(text) == deepest


def test_loads_checks_size_depth_and_numbers() -> None:
    assert safejson.loads('{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}
    assert safejson.loads(b"[1]") == [1]
    nested = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    assert safejson.loads(nested[1:-1]) is not None
    cases = [
        (nested, safejson.TooLarge, "nested too deeply (more than 32 levels)"),
        ("[1]", safejson.TooLarge, "too large (more than 2 characters)"),
        ("[NaN]", JSONError, "NaN is not a JSON number"),
        ("[" + "9" * 101 + "]", JSONError, "a number has more than 100 digits"),
        (b"\xff", JSONError, "not UTF-8 text"),
        ("{oops", JSONError, "the JSON is malformed (line 1: Expecting property name"),
        (7, JSONError, "the data is not text but a whole number"),
    ]
    for text, kind, message in cases:
        with pytest.raises(kind, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
            safejson.loads(text, max_chars=2 if text == "[1]" else 1000)  # type: ignore[arg-type]
        assert engine_fr.untranslated(str(caught.value)) == []


def test_check_bounds_parsed_data() -> None:
    safejson.check({"a": [1, "x", None, 2.5, {"b": True}]})
    shared = [0] * 1000
    with pytest.raises(safejson.TooLarge, match="too many values"):
        safejson.check([shared] * 1000)  # a thousand references to one list
    with pytest.raises(safejson.TooLarge, match="too large"):
        safejson.check(["x" * 100], max_chars=50)
    for data, message in (({1: 2}, "a key that is a whole number"), ([{1}], "JSON cannot hold")):
        with pytest.raises(JSONError, match=message) as caught:
            safejson.check(data)
        assert engine_fr.untranslated(str(caught.value)) == []


def test_quoted_cuts_and_escapes() -> None:
    assert quoted("ab") == "'ab'"
    assert quoted("x" * 50) == "'" + "x" * 40 + "…'"
    assert quoted("a\nb") == "'a\\nb'"
