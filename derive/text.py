"""The board drawn as text, for the terminal and for test failure messages."""

from __future__ import annotations

from .board import COLOUR_NAMES, FILES, SIZE, is_playable
from .view import GameView


def board_text(game: GameView) -> str:
    pieces = game.pieces()
    header = "    " + " ".join(f" {f}" for f in FILES)
    lines = [header]
    for rank in range(SIZE - 1, -1, -1):
        cells = []
        for file in range(SIZE):
            square = rank * SIZE + file
            if square in pieces:
                colour, value = pieces[square]
                cells.append(f"{colour}{value}")
            else:
                cells.append(" ." if is_playable(square) else "  ")
        lines.append(f"{rank + 1:>3} " + " ".join(cells) + f"  {rank + 1}")
    lines.append(header)
    reserves = ", ".join(f"{COLOUR_NAMES[c]} {game.reserve(c)}" for c in game.seating.colours)
    lines.append(f"{game.rules.id} {game.rules.name} · seats {game.seating} · reserves: {reserves}")
    if game.outcome is None:
        lines.append(f"{COLOUR_NAMES[game.to_move]} to move")
    elif game.outcome.winner is None:
        lines.append("drawn at the ply limit")
    else:
        lines.append(" + ".join(COLOUR_NAMES[c] for c in game.outcome.winner) + " won")
    return "\n".join(lines)
