"""The engine against tests/reference.py, a naive second reading of the rules,
on positions built to be full of chains, protection and obligations."""

from __future__ import annotations

import random

from derive import COLOURS, OPPOSITE, RIVES, RULE_SETS, SQUARES, Game, square_name
from derive.board import NEIGHBOURS
from tests import reference

SEATINGS = ("ry", "rb", "gy", "rby", "byg", "rbyg", "ry/bg", "rb/yg", "rg/by")


def _fits(pieces: dict[int, tuple[str, int]], colour: str, square: int, dice: int) -> bool:
    """May ``colour`` stand on ``square`` in a valid position (count, R14)?"""
    if square in pieces or sum(1 for c, _ in pieces.values() if c == colour) >= dice:
        return False
    return not any(
        square in RIVES[r] and any(pieces.get(t, ("", 0))[0] == colour for t in RIVES[r])
        for r in COLOURS
        if r != colour
    )


def chain_rich_position(rng: random.Random) -> str:
    """Anchored chains grown from goal rives, values mostly consecutive, plus strays."""
    rules = RULE_SETS[rng.choice(sorted(RULE_SETS))]
    seating = rng.choice(SEATINGS)
    colours = [c for c in COLOURS if c in seating]
    pieces: dict[int, tuple[str, int]] = {}
    for colour in colours:
        for _ in range(rng.choice((0, 1, 1, 2))):
            square = rng.choice(RIVES[OPPOSITE[colour]])
            value, step = rng.randint(1, 6), rng.choice((1, -1))
            for _ in range(rng.randint(1, rules.goal + 2)):
                if not _fits(pieces, colour, square, rules.dice) or not 1 <= value <= 6:
                    break
                pieces[square] = (colour, value)
                value = value + step if rng.random() < 0.85 else rng.randint(1, 6)
                square = rng.choice(NEIGHBOURS[square])
    for _ in range(rng.randint(0, 14)):
        colour, square = rng.choice(colours), rng.choice(SQUARES)
        if pieces and rng.random() < 0.6:  # next to a die: contact makes obligations
            square = rng.choice(NEIGHBOURS[rng.choice(sorted(pieces))])
        if _fits(pieces, colour, square, rules.dice):
            pieces[square] = (colour, rng.randint(1, 6))
    text = ",".join(f"{c}{v}{square_name(s)}" for s, (c, v) in sorted(pieces.items()))
    return f"{text or '-'} {rng.choice(colours)} {seating} {rules.id}"


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
