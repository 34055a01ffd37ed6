"""Shared helpers of the engine tests: building games from notation and reading
back what a test compares."""

from __future__ import annotations

import random
from typing import Any

import pytest

from derive import (
    COLOURS,
    OPPOSITE,
    RIVES,
    RULE_SETS,
    SQUARES,
    Game,
    IllegalMove,
    parse_square,
    square_name,
)
from derive.board import NEIGHBOURS


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


def random_game(
    plies: int,
    seed: int,
    seating: str = "ry",
    rule_set: str = "L3",
    *,
    start: str | None = None,
    max_plies: int | None = None,
) -> Game:
    """``plies`` moves (fewer if the game ends first), each picked at random by
    ``random.Random(seed)`` on dice seeded alike: the same game on every run."""
    game = Game.new(seating, rule_set, seed=seed, start=start, max_plies=max_plies)
    chooser = random.Random(seed)
    while len(game.moves) < plies and not game.is_over:
        game.push(chooser.choice(list(game.legal_moves())))
    return game


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


# ----- generated positions -----------------------------------------------------

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


IN_THREE = (
    "r1a1,r1c1,r1g1,r1i1,y4f4,y3g5,r4i7,y2h8,y4c9,r3g9,y1d10,y1f10,r2h10 y ry L2",
    "f10-e9",
    "i7xh8",
    "e9-d8",
)
"""A line of a review test and a drill test (``test_review``, ``web/review/test_driver``).
Seed 4019, game 5 (held out, ply 63): Yellow's f10-e9 lets no win in two through, but
after Red's i7xh8 every answer of Yellow's does; the other moves hold.  No pass marked
the move."""

MISSED_IN_TWO = (
    "r6a1,y2e1,r2g1,r1i1,r5d2,y1f2,y4i3,y3b4,r3d6,y2c9,r2g9,y1d10,r1f10,y1j10 y ry L2",
    "c9-d8",
    "d2-c1",
    "d10-c9",
)
"""A line of a review test and a drill test (``test_review``, ``test_answer``).  Seed
4021, `medium`-`hard` game 8 (held out, drawn): Yellow's c9-d8 lets Red win in two with
d6-e7 (every one of Yellow's 71 answers then lets Red win at once), and Red, who missed
it seven times in that game, plays d2-c1; so do the searches, at 20,000 nodes."""

_PING_PONG_MOVES = """
    +b10 +c1 +h10 +a1 +j10 +e1 j10+ c1-d2 h10-i9 d2+ b10+ e1-c3 b10+ d2-b4 b10-c9 a1+
    c9-d8 a1+ d8-e7 +g1 +d10 c3-d4 j10-h8 d4-c5 e7-d6 c5?5 d6-c7 c5-d6 c7-b6 a1-b2 i9-g7
    b2-c3 h8-f6 c3-c7 b6+ d6- d10+ c7-b8 b6-a7 b8-c9 d10?3 c9-b10 a7-b6 +c1 b6-a5 b4-c5
    a5-b4 c5-e7 f6+ e7-d8 d10-e9 d8-c9 g7?2 d6-e7 f6-e5 +a1 +h10 e7-f6 e5-d4 f6-e7 h10?3
    e7-f8 g7-f6 f8-e7 f6-g5 +e1 b4-c3 a1?4 +j10 a1-b2 c3-d2 b2-c3 d2xc3 +i1 d4-c5 c1-b2
    c3+ b2+ c3-d2 e1-a1 d2-c1 b2+ e9-f8 a1+ c5- e7-f6 c1- f6xg5 c5-b4 g5- f8-g9 g5-f6
    +d10 a1-a5 b4+ a5-b6 b4-c5 b6+ c5+ b6-a7 c5-b4 a7?1 g9-f8 a7-b8
"""

PING_PONG_RECORD = {
    "format": "derive-record",
    "version": 1,
    "setup": {
        "rule_set": "L2",
        "seating": "ry",
        "seed": 31000095,
        "start_roll": [{"r": 4, "y": 5}],
        "position": "- y ry L2",
        "max_plies": 200,
    },
    "moves": _PING_PONG_MOVES.split(),
    "result": {"winner": "r", "termination": "goal"},
}
"""A review test's game (``e2e/test_review``): the arena's ``medium`` against ``easy``
(L2, its seed 31, game 2).  From move 93 Yellow lets Red force a win with f6-e7 and
Red misses it, five turns running each: the list names each fault once, its repeats
after it."""

_FOUR_MOVES = """
    +j8 +g1 +a1 +d10 +j4 +i1 +a5 +b10 j4-i3 g1-f2 +a7 b10-c9 +j10 +e1 a7-b6 +f10 j8-i9
    e1-g3 b6+ f10-e9 j10-h8 g3+ a1-b2 d10-f8 i3+ i1+ b2-c3 f8+ h8?1 i1+ a5-c7 f8-d6
    i9-g7 i1-j2 b6-f10 e9+ h8-f6 j2-h4 f10-g9 e9-d8 i3-c5 g3-i5 g9-h8 d6-e5 c5+ h4-j6
    c7?1 d8-b2 +j2 f2-e3 c3?5 +j10 g7+ +i1 h8+ b2-a1 f6?1 i1+ c3-d4 e5+ c5-b6 +e1 d4xe5
    j10?3 b6-a5 +g1 c7-d6 +h10 g7-f8 e3-d4 h8-g7 j10-i9 f8-e7 d4?5 d6-j4 i9-h8 +j8 d4xe5
    g7-h6 h8+ f6-g5 e5-f6 j4+ h8-g7 e7-f8 f6xg5 h6xi5 c9-b8 f8-e9 g1-h2 +a7 +j10 e9-d8
    h2-g3 a7xb8 g7- d8-c7 j6-i7 b8-c9 h10-g9 c7-b6 g3-h2 c9-d10 g7-f6 j8-i9 g5-h6 d10+
    g9-f8 +j6 h6-h10 d10+ j10?1 i9-h8 i7-g9 +a9 f6-e5 h8-f10 h2-g3 d10-e9 f8-g7 j2?5
    i1-h2 +a7 j10?2 f10-d4 g3?1 +a3 +b10 d4-c5
"""

FOUR_PLAYER_RECORD = {
    "format": "derive-record",
    "version": 1,
    "setup": {
        "rule_set": "L2",
        "seating": "rbyg",
        "seed": 7,
        "start_roll": [{"r": 3, "b": 2, "y": 4, "g": 6}],
        "position": "- g rbyg L2",
        "max_plies": 200,
    },
    "moves": _FOUR_MOVES.split(),
    "result": {"winner": "g", "termination": "goal"},
}
"""A review test's game (``e2e/test_review``): four players, the arena's ``medium``
(Red, Blue) and ``easy`` (Yellow, Green), L2, seed 7; Green wins at move 129.  Its
review at the page's budget sent an answer 9 levels deep, which the game's link once
dropped (``postlink.MAX_MESSAGE_DEPTH``)."""
