"""game.explain(): the JSON-ready account of a position the UI and AI read."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import game_at


def die(info: dict[str, Any], square: str) -> dict[str, Any]:
    return next(d for d in info["dice"] if d["square"] == square)


def test_explain_is_json_ready_and_names_the_position() -> None:
    game = game_at("r3c1,y1d2,b1f4,y2h6 r rby L2")
    info = game.explain()
    assert json.loads(json.dumps(info)) == info
    assert info["position"] == game.to_position()
    assert (info["to_move"], info["rule_set"], info["seating"], info["teams"]) == (
        "r",
        "L2",
        "rby",
        None,
    )
    assert info["ply"] == 0 and info["last_move"] is None
    assert info["reserves"] == {"r": 6, "b": 6, "y": 5}
    assert info["legal"] == [str(m) for m in game.legal_moves()]


def test_explain_jump_paths_and_actions_by_die() -> None:
    info = game_at("r3c1,y1d2,b1f4,y2h6 r rby L2").explain()
    c1 = info["moves"]["c1"]
    assert c1["destinations"] == {
        "b2": ["c1", "b2"],
        "e3": ["c1", "e3"],
        "g5": ["c1", "e3", "g5"],
        "i7": ["c1", "e3", "g5", "i7"],
    }
    assert c1["captures"] == ["d2"]
    assert c1["adjust"] == ["+", "-"]
    assert c1["reroll"] is True
    assert info["enter"] == {"a1": [1], "e1": [1], "g1": [1], "i1": [1]}


def test_explain_protection_with_reasons_and_chain_qualities() -> None:
    game = game_at("y1c1,y2d2,r3e3,y5h8,y4h6 r ry L2")
    info = game.explain()
    assert die(info, "c1")["protected"] and die(info, "d2")["protected"]
    assert die(info, "c1")["protection"] == (
        "part of the well-formed chain c1-d2: invulnerable (R15)"
    )
    assert not die(info, "e3")["protected"]
    chain = info["chains"][die(info, "c1")["chain"]]
    assert chain == {
        "colour": "y",
        "squares": ["c1", "d2"],
        "length": 2,
        "anchored": True,
        "ordered": True,
        "isolated": True,
        "well_formed": True,
    }
    assert die(info, "c1")["chain"] == die(info, "d2")["chain"]
    assert die(info, "h8")["chain"] != die(info, "h6")["chain"]
    lone = game_at("y1c1,r3e3 r ry L2").explain()
    assert die(lone, "c1")["protection"] == "alone on its goal rive: invulnerable (R15)"


def test_explain_blue_on_green_rive_is_protected() -> None:
    info = game_at("b4j6,r3i5 r rb L2").explain()
    assert die(info, "j6")["protected"]
    assert info["chains"][die(info, "j6")["chain"]]["anchored"]


def test_explain_spoiled_chain_qualities() -> None:
    info = game_at("y1c1,y2d2,y3e3,y3c3 r ry L2").explain()
    (chain,) = [c for c in info["chains"] if c["colour"] == "y"]
    assert chain["length"] == 4
    assert (chain["anchored"], chain["ordered"], chain["isolated"]) == (True, True, False)
    assert not chain["well_formed"]
    assert not any(d["protected"] for d in info["dice"])


def test_explain_obligation() -> None:
    info = game_at("r4e3,r1a5,y1c1,y3d2,y2f4 r ry L3").explain()
    assert info["obligation"] == {"in_force": True, "obliged": {"e3": ["d2", "f4"]}}
    assert die(info, "e3")["obliged"] and not die(info, "a5")["obliged"]
    assert info["legal"] == ["e3xd2", "e3xf4"]
    assert info["enter"] == {}
    assert info["moves"] == {
        "e3": {"destinations": {}, "captures": ["d2", "f4"], "adjust": [], "reroll": False}
    }


def test_explain_obliged_die_without_a_capture_forces_nothing() -> None:
    info = game_at("y1c1,r3d2 r ry L3").explain()
    assert info["obligation"] == {"in_force": False, "obliged": {"d2": []}}
    assert "d2+" in info["legal"]


def test_explain_enter_values_without_chance() -> None:
    info = game_at("r2c1 r ry L4").explain()
    assert info["enter"] == {s: [1, 2, 3, 4, 5, 6] for s in ("a1", "e1", "g1", "i1")}
    assert info["moves"]["c1"]["reroll"] is False
    assert info["reserves"] == {"r": 9, "y": 10}


def test_explain_teams_and_a_finished_game() -> None:
    game = game_at("b3b4,y1c1,y2d2,y3e3,y3c3 b rb/yg L2")
    game.play("b4xc3")
    info = game.explain()
    assert info["teams"] == ["rb", "yg"]
    assert info["winner"] == "yg" and not info["drawn"]
    assert info["winning_chain"] == ["c1", "d2", "e3"]
    assert info["legal"] == [] and info["moves"] == {} and info["enter"] == {}
    assert info["last_move"] == "b4xc3" and info["ply"] == 1


def test_explain_a_draw() -> None:
    game = game_at("- r ry L2", max_plies=1)
    game.play("+c1")
    info = game.explain()
    assert info["drawn"] and info["winner"] is None and info["winning_chain"] == []
