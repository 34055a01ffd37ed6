"""Shared helpers of the engine tests: building games from notation and reading
back what a test compares."""

from __future__ import annotations

from typing import Any

import pytest

from derive import Game, IllegalMove, parse_square


def game_at(position: str, *, seed: int = 0, max_plies: int | None = None) -> Game:
    """The game at ``position`` with a fixed seed, so re-rolls are reproducible."""
    return Game.from_position(position, seed=seed, max_plies=max_plies)


def legal(game: Game) -> set[str]:
    """The legal moves in notation."""
    return {str(m) for m in game.legal_moves()}


def sq(name: str) -> int:
    return parse_square(name)


def squares(*names: str) -> tuple[int, ...]:
    return tuple(sorted(parse_square(n) for n in names))


def rng_state(game: Game) -> Any:
    """The dice RNG's internal state: undo and rejected moves must leave it alone.
    (White-box on purpose: no public reading of it would be exact.)"""
    return game._rng.getstate()


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a move may change, for "the game is exactly as it was" checks."""
    return (
        game.to_position(),
        [str(m) for m in game.moves],
        game.ply,
        game.outcome,
        {c: game.reserve(c) for c in game.seating.colours},
        game.can_redo(),
        rng_state(game),
    )


def assert_illegal(game: Game, move: str, *fragments: str) -> str:
    """``play(move)`` raises IllegalMove whose message contains every fragment,
    and the game is exactly as before.  Returns the message."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(game) == before
    assert game.why_illegal(move) == message
    return message


def value_at(game: Game, name: str) -> int:
    piece = game.piece_at(name)
    assert piece is not None, f"no die on {name}"
    return piece[1]


def ends(game: Game, start: str) -> set[str]:
    """Where the die on ``start`` may step or jump to."""
    s = parse_square(start)
    return {
        str(m).split("-")[1] for m in game.legal_moves() if m.kind == "move" and m.from_square == s
    }
