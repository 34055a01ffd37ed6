"""Move-count regression (perft) against tests/data/movecount.json, plus a few
counts worked out by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from derive import Game
from tools.make_movecount import DATA, DEPTH, POSITIONS, counts, divide

STORED: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]


def test_data_covers_the_listed_positions() -> None:
    assert [(e["name"], e["position"]) for e in STORED] == list(POSITIONS)
    rule_sets = {e["position"].split()[3] for e in STORED}
    assert rule_sets == {"L1", "L2", "L3", "L4", "L2C", "L2A"}
    seatings = {e["position"].split()[2] for e in STORED}
    assert {"ry", "rb", "rby", "rbyg", "ry/bg", "rg/by"} <= seatings


def _breakdown(entry: dict[str, Any]) -> str:
    """The divide now beside the stored one, listing only the moves that differ."""
    now = divide(Game.from_position(entry["position"], seed=0), DEPTH)
    then: dict[str, int] = entry["divide"]
    lines = [f"{entry['name']}: {entry['position']}", "move: stored -> now"]
    for move in sorted(set(now) | set(then)):
        if now.get(move) != then.get(move):
            lines.append(f"  {move}: {then.get(move, 'absent')} -> {now.get(move, 'absent')}")
    return "\n".join(lines)


@pytest.mark.parametrize("entry", STORED, ids=[e["name"] for e in STORED])
def test_move_counts(entry: dict[str, Any]) -> None:
    found = counts(entry["position"])
    if found != entry["counts"]:
        print(_breakdown(entry))
    assert found == entry["counts"], _breakdown(entry)


def test_l3_start_by_hand() -> None:
    # Red enters on one of 5 squares, yellow on one of 5. Then red: 4 enters, the
    # die (1) steps (a1: b2 only; elsewhere 2 squares), goes up (+) and re-rolls
    # (6 results): 12 after +a1, 13 after the others.
    assert counts("- r ry L3") == [5, 25, 5 * (12 + 4 * 13)]


def test_l4_start_by_hand() -> None:
    # No chance: each enter is 5 squares x 6 values. At ply 3 red has, for its die
    # on s showing v: 24 enters + steps(s) + adjustments(v) (1 at 1 or 6, else 2),
    # steps = 1 on a1 and 2 elsewhere; yellow's 30 replies change none of it.
    per_die = sum(
        24 + (1 if s == "a1" else 2) + (1 if v in (1, 6) else 2)
        for s in ("a1", "c1", "e1", "g1", "i1")
        for v in range(1, 7)
    )
    assert per_die == 824
    assert counts("- r ry L4") == [30, 900, 30 * per_die]


def test_small_l2_position_by_hand() -> None:
    # Red c1 (2): 4 enters, steps b2 d2, c1+ c1-, six re-rolls = 14; yellow's h10 (3)
    # likewise 14 whatever red did. Red's third-ply total over its 14 first moves:
    #   after an enter on X: 3 enters + c1's 10 + X's steps + 1 + 6 -> 87 over 4 squares
    #   after c1-b2 / c1-d2: 5 enters + 4 steps + 2 + 6 = 17 each -> 34
    #   after c1+ (3) / c1- (1): 14 + 13 -> 27
    #   after the re-rolls 1..6: 13 + 14 + 14 + 14 + 14 + 13 -> 82
    assert counts("r2c1,y3h10 r ry L2") == [14, 14 * 14, 14 * (87 + 34 + 27 + 82)]


def test_jump_and_capture_by_hand() -> None:
    # L1, red c1 (3) beside yellow d2 (1): enters a1 e1 g1 i1, step b2, jump e3,
    # capture d2, c1+ c1-, six re-rolls.
    assert counts("r3c1,y1d2 r ry L1", 1) == [4 + 1 + 1 + 1 + 2 + 6]
