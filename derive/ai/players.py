"""Computer seats for the terminal game and the arena: ``y:hard,b:easy``."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..board import COLOURS
from ..game import Game
from ..notation import Move
from .levels import DEFAULT_LEVEL, LEVELS, level_spec
from .search import choose_move


def parse_seats(text: str) -> dict[str, str]:
    """``"y:hard,b:easy"`` → ``{"y": "hard", "b": "easy"}``; a bare colour gets
    the default level.  ``ValueError`` says what is wrong with bad input."""
    seats: dict[str, str] = {}
    for item in text.split(","):
        token = item.strip()
        if not token:
            raise ValueError(f"AI seats {text!r}: empty entry (expected e.g. y:hard,b:easy)")
        colour, _, name = token.partition(":")
        colour = colour.strip()
        name = name.strip() or DEFAULT_LEVEL
        if colour not in COLOURS or len(colour) != 1:
            raise ValueError(f"AI seats {text!r}: {colour!r} is not a colour (r b y g)")
        if colour in seats:
            raise ValueError(f"AI seats {text!r}: {colour} is given twice")
        if name not in LEVELS:
            raise ValueError(
                f"AI seats {text!r}: unknown level {name!r} (one of {', '.join(LEVELS)})"
            )
        seats[colour] = name
    return seats


def player(
    level: str = DEFAULT_LEVEL,
    *,
    seed: int | None = None,
    max_time: float | None = None,
    max_nodes: int | None = None,
) -> Callable[[Game], Move]:
    """A function choosing this level's move in any game it is handed.  With a
    seed, each call draws its own seed from it so that a whole game replays."""
    level_spec(level)
    seeds = None if seed is None else random.Random(seed)

    def play(game: Game) -> Move:
        return choose_move(
            game,
            level,
            seed=None if seeds is None else seeds.getrandbits(32),
            max_time=max_time,
            max_nodes=max_nodes,
        )

    return play
