"""What the game page's view says at start (``assets/view.js``'s ``hello``), decoded."""

from __future__ import annotations

import pytest

from derive.web.play.hello import (
    MAX_EARLY_CLICKS,
    MAX_PAIRS,
    MAX_WORDS,
    Hello,
    hello_from,
    setup_fields,
)


def test_the_views_facts_are_read_as_they_come() -> None:
    hello = hello_from(
        {
            "query": [["game", "abc"], ["ai", "y2"], ["ai", "b3"], ["lang", ""]],
            "language": "fr-CA",
            "stored": {"derive.speed": "fast", "derive.sound": "on", "other": "x"},
            "coarse": True,
            "embed": False,
            "early": {
                "setup": {"rule_set": "L2", "seat-r": "human"},
                "cancelled": False,
                "open": True,
                "touched": ["rule_set"],
                "clicks": ["c3", "d4"],
            },
        }
    )
    assert hello.query == {"game": ["abc"], "ai": ["y2", "b3"], "lang": [""]}
    assert hello.language == "fr-CA"
    assert hello.stored == {"derive.speed": "fast", "derive.sound": "on"}
    assert hello.coarse and not hello.embed
    assert hello.early == {
        "setup": {"rule_set": "L2", "seat-r": "human"},
        "cancelled": False,
        "open": True,
        "touched": ["rule_set"],
        "clicks": ["c3", "d4"],
    }


def test_a_page_with_nothing_to_say_starts_as_a_first_visit() -> None:
    hello = hello_from({"query": [], "early": {}})
    assert hello.query == {} and hello.stored == {} and not hello.coarse
    assert hello.early == {
        "setup": None,
        "cancelled": False,
        "open": False,
        "touched": [],
        "clicks": [],
    }


@pytest.mark.parametrize("data", [None, "hello", [["game", "x"]], 3])
def test_what_is_not_an_object_gives_the_defaults(data: object) -> None:
    assert hello_from(data) == Hello()


def test_each_part_is_bounded_and_typed() -> None:
    hello = hello_from(
        {
            "query": [["n", str(i)] for i in range(MAX_PAIRS + 10)] + [["x", 1], ["y"], "z"],
            "language": "x" * 400,
            "stored": {"derive.lang": "f" * 17, "derive.speed": 3},
            "coarse": "yes",
            "embed": 1,
            "early": {
                "setup": {"rule_set": "L2", "seed": 4, "long": "x" * 201},
                "cancelled": "true",
                "open": 1,
                "touched": ["a", 2, "b" * 41],
                "clicks": ["c3"] * 20 + [5, "c3c3"],
            },
        }
    )
    assert hello.query == {"n": [str(i) for i in range(MAX_PAIRS)]}
    assert hello.language == "" and hello.stored == {}
    assert not hello.coarse and not hello.embed
    assert hello.early["setup"] == {"rule_set": "L2"}
    assert hello.early["cancelled"] is False and hello.early["open"] is False
    assert hello.early["touched"] == ["a"]
    assert hello.early["clicks"] == ["c3"] * MAX_EARLY_CLICKS


def test_the_systems_motion_and_the_pages_words_come_with_the_hello() -> None:
    hello = hello_from({"reduced_motion": True, "words": ["play.title", "setup.start"]})
    assert hello.reduced_motion and hello.words == ("play.title", "setup.start")
    bounded = hello_from(
        {"reduced_motion": "yes", "words": ["k"] * (MAX_WORDS + 5) + ["x" * 61, 3]}
    )
    assert not bounded.reduced_motion and bounded.words == ("k",) * MAX_WORDS
    assert hello_from({"words": "play.title"}).words == ()


def test_the_setup_forms_fields_are_bounded_as_the_first_minutes() -> None:
    assert setup_fields({"rule_set": "L2", "long": "x" * 201, "n": 4}) == {"rule_set": "L2"}
    assert setup_fields({str(i): "" for i in range(MAX_PAIRS + 1)}) is None
    assert setup_fields(["rule_set"]) is None
