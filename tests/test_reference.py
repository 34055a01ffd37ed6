"""The engine against tests/reference.py, a naive second reading of the rules,
on positions built to be full of chains, protection and obligations."""

from __future__ import annotations

import random

from derive import Game
from tests import reference
from tests.helpers import chain_rich_position


def compare(game: Game) -> None:
    """Legal moves, and every move's result and winner, as the reference has them."""
    state = reference.state_of(game)
    text = game.to_position()
    assert {str(m) for m in game.legal_moves()} == reference.legal_moves(state), text
    for move in game.legal_moves():
        played = move._replace(value=4) if move.kind == "reroll" else move
        game.push(played)
        expected = reference.after(state, str(played))
        assert {(s % 10, s // 10): p for s, p in game.pieces().items()} == expected
        assert game.winner == reference.winner(state, expected, state.to_move), (text, move)
        game.undo()


def test_engine_matches_reference_on_chain_rich_positions() -> None:
    rng = random.Random(2024)
    seen = {"obligation": 0, "protected": 0, "wins": 0, "finished": 0, "invalid": 0}
    compared = 0
    while compared < 1500:
        try:
            game = Game.from_position(chain_rich_position(rng), seed=compared)
        except ValueError as error:
            assert "different sides" in str(error)  # the generator allows nothing else
            seen["invalid"] += 1
            continue
        if game.is_over:
            seen["finished"] += 1
            assert game.legal_moves() == ()
            continue
        compare(game)
        compared += 1
        seen["obligation"] += any(game.obliged().values())
        seen["protected"] += any(game.protected(s) for s in game.pieces())
        for move in game.legal_moves():
            game.push(move)
            seen["wins"] += game.winner is not None
            game.undo()
    # the positions exercised what they were built for
    assert seen["obligation"] > 100 and seen["protected"] > 300 and seen["wins"] > 50, seen
