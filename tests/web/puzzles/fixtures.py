"""Puzzles checked by hand with the engine (tests/web/puzzles/test_session.py plays them)."""

from __future__ import annotations

import json

from derive.web.puzzles.catalogue import Puzzle

WIN_IN_ONE = Puzzle(
    "t-one", "r1b8,y2c9,y3e9 r ry L1", ("b8-d10",), ("win-in-one", "jump"), 1200, number=1
)
"""The Learn page's first exercise: b8 jumps c9 and lands on the yellow rive."""
WIN_IN_TWO = Puzzle(
    "t-two",
    "r3c7,y2d8 r ry L1",
    ("c7-e9", "d8-c7", "e9-d10"),
    ("win-in-two", "corner"),
    1600,
    number=2,
)
"""c7-e9 leaves two ways onto the yellow rive (d10 and f10): Yellow's one die cannot block
both.  e9-f10 wins too, so a last move other than the one written is accepted."""
CHAIN = Puzzle(
    "t-chain", "y6b8,r4e9,r3g9,r5d10 r ry L2", ("g9-f8",), ("win-in-one",), 1800, number=3
)
"""The numbers are the puzzles' places in ``as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN)``: their
ids end in no digits."""


def as_file(*puzzles: Puzzle) -> str:
    return json.dumps(
        {
            "format": "derive-puzzles",
            "version": 1,
            "puzzles": [
                {
                    "id": p.id,
                    "position": p.position,
                    "solution": list(p.solution),
                    "theme": list(p.themes),
                    "difficulty": p.difficulty,
                    "source": "hand",
                }
                for p in puzzles
            ],
        }
    )
