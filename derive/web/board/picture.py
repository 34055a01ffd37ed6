"""A position as a standalone SVG file, from the command line, for rules pages and documents:
``python -m derive.web.board.picture "r3c3,y2d4 r ry L2" --select c3 > jump.svg``.

Apart from ``svg`` (which the page loads) because it needs the engine's explanation and
argparse, neither of which the board's drawing does.
"""

from __future__ import annotations

import argparse
import sys

from ...game import Game
from ..words import i18n
from .highlights import board_view
from .svg import render_board


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m derive.web.board.picture", description="Render a position as an SVG file."
    )
    parser.add_argument("position", help="a position in notation, e.g. 'r1c1 y ry L2'")
    parser.add_argument("--select", help="show this die's moves, e.g. c1")
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    parser.add_argument("--size", type=int, default=560, help="width and height in pixels")
    args = parser.parse_args(argv)
    try:
        game = Game.from_position(args.position)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    view = board_view(game.explain(), selected=args.select, lang=args.lang)
    sys.stdout.write(render_board(view, standalone=True, size=args.size, static=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
