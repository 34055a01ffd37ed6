"""A player's mistakes as a link (``table.drills``): round trip, and every bound."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from derive.web.table import drills
from derive.web.words import engine_fr

DRILL = drills.Drill("r3c3,y5d4 r ry L2", "c3-e5", "c3-d2", 5)


def code_of(data: object) -> str:
    packed = zlib.compress(json.dumps(data).encode())
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_link_round_trips_and_names_the_page_of_its_language() -> None:
    many = [DRILL] * (drills.MAX_DRILLS + 5)
    assert drills.decode(drills.encode(many)) == (DRILL,) * drills.MAX_DRILLS
    assert drills.link([DRILL], "fr").startswith("enigmes.html?mistakes=")
    assert drills.link([DRILL], "xx").startswith("puzzles.html?mistakes=")
    # A win in three let through carries the reply that won it.
    three = drills.Drill("r3c3,y5d4 r ry L2", "c3-e5", "c3-d2", 5, "d4-e3")
    assert drills.decode(drills.encode([DRILL, three])) == (DRILL, three)


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("", "empty"),
        ("!!!", "damaged"),
        ("A" * (drills.MAX_CODE_CHARS + 1), "too long"),
        (code_of({"a": 1}), "damaged"),
        (code_of([]), "damaged"),
        (code_of([["r3 r ry L2", "c3-e5", "c3-d2"]]), "damaged"),
        (code_of([["r3 r ry L2", "c3-e5", "c3-d2", True]]), "damaged"),
        (code_of([["", "c3-e5", "c3-d2", 3]]), "damaged"),
        (code_of([["x" * 401, "c3-e5", "c3-d2", 3]]), "damaged"),
        (code_of([["r3 r ry L2", "c3-e5", "c3-d2", 3, 7]]), "damaged"),
        (code_of([["r3 r ry L2", "c3-e5", "c3-d2", 3, ""]]), "damaged"),
        (code_of([["r3 r ry L2", "c3-e5", "c3-d2", 3, "d4-e3", "x"]]), "damaged"),
        (code_of([[[[["deep"]]]]]), "damaged"),
        (base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 60_000)).decode(), "too long"),
    ],
)
def test_a_bad_link_is_one_sentence_in_both_languages(code: str, says: str) -> None:
    with pytest.raises(ValueError, match=says) as raised:
        drills.decode(code)
    french = engine_fr.translate(str(raised.value))
    assert french != str(raised.value) and "lien" in french
