"""Move-count regression data (perft): how many move sequences of length 1, 2
and 3 each reference position allows, re-rolls expanded to their six results.

``python -m tools.make_movecount`` rewrites ``tests/data/movecount.json``;
``tests/test_movecount.py`` recomputes every count and, when one differs,
prints the per-first-move breakdown (divide) beside the stored one.  Only
regenerate after a deliberate rules change, and say which in the commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from derive import Game, Move  # noqa: E402

DATA = ROOT / "tests" / "data" / "movecount.json"
DEPTH = 3

POSITIONS: tuple[tuple[str, str], ...] = (
    ("L3 start, 2 players", "- r ry L3"),
    ("L4 start, 4 players: enters of any value", "- r rbyg L4"),
    ("L1 midgame, a step from the goal", "r2c3,r1f4,r3h2,r1d8,y1d6,y2g7,y1b4 r ry L1"),
    ("L1 crowded centre, 4 players", "r1e5,b2d4,y3f6,g1f4,r2c3,y2g7 r rbyg L1"),
    ("L2 midgame, 3 players", "r2e3,r3f4,b1b6,b4c5,y2e7,y3d8,y1g5 b rby L2"),
    ("L2 red vs blue at the j10 corner", "r3h10,r2i9,r3g7,b1j8,b2i7,b3h6,b3h8 r rb L2"),
    ("L2C obligation in force", "r4e3,r1a5,y1c1,y3d2,y2f4 r ry L2C"),
    ("L2A obligation, no chance", "r4e3,y1c1,y3d2,y2f4,y5h8 r ry L2A"),
    ("L3 teams: a team-mate's chain obliges nothing", "y1c1,r3d2,b2e3,g4h6 r ry/bg L3"),
    ("L3 4 players, obligation", "b1j4,r3i5,g2h6,y2c3,r1e1 r rbyg L3"),
    ("L4 teams rg/by", "r2c3,g3i5,b4b6,y5f8,g1j2 b rg/by L4"),
    ("L2 rive corners (R14)", "r1a1,r2b4,b1c1,y3j10,g2i9,g1j8 r rbyg L2"),
    ("L2 multi-jumps", "r3c1,y1d2,b1f4,y2h6,y1b2,y1b4,y1d4 r rby L2"),
    ("L2 long protected chain", "r1b10,r2c9,r3d8,r4e7,y2f6,y5c7 y ry L2"),
    ("L3 many dice near the rive", "r1c1,r2e1,r3d2,r4f2,y6b10,y5d10,y4c9,y3e9 r ry L3"),
    ("L1 finished game", "r1d10 y ry L1"),
)


def children(game: Game) -> Iterator[Move]:
    """The legal moves with each re-roll expanded to its six results."""
    for move in game.legal_moves():
        if move.kind == "reroll":
            for value in range(1, 7):
                yield move._replace(value=value)
        else:
            yield move


def perft(game: Game, depth: int) -> int:
    """Move sequences of exactly ``depth`` actions (a finished game has none)."""
    if depth == 0:
        return 1
    moves = list(children(game))
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


def divide(game: Game, depth: int) -> dict[str, int]:
    """``perft`` split by first move: where a count differs, this says which."""
    result = {}
    for move in children(game):
        game.push(move)
        result[str(move)] = perft(game, depth - 1)
        game.undo()
    return result


def counts(position: str, depth: int = DEPTH) -> list[int]:
    game = Game.from_position(position, seed=0)
    return [perft(game, d) for d in range(1, depth + 1)]


def build() -> dict[str, Any]:
    entries = []
    for name, position in POSITIONS:
        game = Game.from_position(position, seed=0)
        entries.append(
            {
                "name": name,
                "position": position,
                "counts": counts(position),
                "divide": divide(game, DEPTH),
            }
        )
    return {
        "about": (
            "perft of each position at depths 1..3; re-rolls count as their six results; "
            "divide: depth-3 count per first move. Regenerate: python -m tools.make_movecount"
        ),
        "depth": DEPTH,
        "positions": entries,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args(argv)
    data = build()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for entry in data["positions"]:
        print(f"{entry['counts']!s:>28}  {entry['name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
