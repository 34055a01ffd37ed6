"""Play Dérive in the terminal: ``python -m derive [--rules L3] [--seats ry] ...``.

Moves are typed in notation; ``moves`` lists the legal ones, ``undo``/``redo``
take back, ``save FILE`` writes the record, ``quit`` leaves.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TextIO

from . import safejson
from .board import COLOUR_NAMES
from .game import Game
from .limits import MAX_RECORD_CHARS
from .notation import Move
from .rulesets import RULE_SETS


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m derive", description=__doc__)
    parser.add_argument("--rules", default="L2", choices=sorted(RULE_SETS))
    parser.add_argument("--seats", default="ry", help="seated colours, e.g. ry, rby, ry/bg")
    parser.add_argument("--start", help="colour that starts (default: roll for it)")
    parser.add_argument("--seed", type=int, help="seed of the dice")
    parser.add_argument("--position", help="start from this position (notation)")
    parser.add_argument("--load", help="load a game record (JSON) and go on playing")
    parser.add_argument(
        "--ai",
        default="",
        help="computer seats, e.g. y or y:hard,b:easy (levels: see derive.ai.LEVELS)",
    )
    return parser


def _ai_players(spec: str) -> dict[str, Callable[[Game], Move | str]]:
    if not spec:
        return {}
    from .ai import parse_seats, player

    return {colour: player(level) for colour, level in parse_seats(spec).items()}


def main(argv: list[str] | None = None, stdin: TextIO | None = None) -> int:
    args = _parser().parse_args(argv)
    read = (stdin or sys.stdin).readline
    try:
        if args.load:
            with open(args.load, encoding="utf-8") as handle:
                # Bounded before parsing: a hostile file raises ValueError, never worse.
                game = Game.from_record(safejson.loads(handle.read(MAX_RECORD_CHARS + 1)))
        elif args.position:
            game = Game.from_position(args.position, seed=args.seed)
        else:
            game = Game.new(args.seats, args.rules, seed=args.seed, start=args.start)
        ai = _ai_players(args.ai)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for roll in game.start_roll:
        print("start roll: " + ", ".join(f"{COLOUR_NAMES[c]} {v}" for c, v in roll.items()))
    while True:
        print()
        print(game)
        if game.is_over:
            return 0
        colour = game.to_move
        if colour in ai:
            move = ai[colour](game)
            print(f"{COLOUR_NAMES[colour]} plays {game.play(move)}")
            continue
        print(f"{COLOUR_NAMES[colour]}> ", end="", flush=True)
        line = read()
        if not line:
            return 0
        command = line.strip()
        if command in ("quit", "exit"):
            return 0
        if command == "moves":
            print(" ".join(str(m) for m in game.legal_moves()))
        elif command in ("undo", "redo"):
            try:
                print(f"{command}: {getattr(game, command)()}")
            except ValueError as error:
                print(f"! {error}")
        elif command.startswith("save "):
            with open(command[5:].strip(), "w", encoding="utf-8") as handle:
                json.dump(game.record(), handle, indent=1)
            print("saved")
        elif command:
            try:
                print(f"played {game.play(command, live=True)}")  # no chosen rolls
            except ValueError as error:
                print(f"! {error}")


if __name__ == "__main__":
    sys.exit(main())
