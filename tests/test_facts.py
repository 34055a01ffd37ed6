"""What a move changes, as the hint and the review say it (derive.ai.facts)."""

from __future__ import annotations

from derive.ai.facts import facts
from derive.game import Game
from derive.notation import Move

THREAT = "y2d2,r3c3 r ry L1"
"""Yellow's 2 on d2 steps onto Red's rive (c1 or e1) and wins, unless Red takes it."""


def _said(position: str) -> dict[str, list[str]]:
    game = Game.from_position(position, seed=0)
    return {str(m): [f["fact"] for f in facts(game, m)] for m in game.legal_moves()}


def test_only_a_move_that_removes_the_threat_stops_the_win() -> None:
    said = _said(THREAT)
    assert said["c3xd2"] == ["capture", "stops_win"]
    # Blocking one of the two squares, or playing elsewhere, leaves Yellow its win:
    # these once read "stops Yellow from winning next turn" too.
    for move in ("+a1", "+c1", "+e1", "c3-e1", "c3-b4", "c3+"):
        assert "stops_win" not in said[move], move
    stopped = facts(Game.from_position(THREAT, seed=0), Move.parse("c3xd2"))
    assert {"fact": "stops_win", "colours": ["y"]} in stopped


def test_nothing_is_stopped_where_nothing_threatened() -> None:
    said = _said("y2d6,r3c3 r ry L1")
    assert all("stops_win" not in found for found in said.values())
