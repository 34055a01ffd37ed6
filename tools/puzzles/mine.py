"""Mine puzzles from arena self-play into ``assets/puzzles.json`` (PUZZLES.md).

    python -m tools.puzzles.mine --seed 1 --out assets/puzzles.json
    python -m tools.puzzles.mine --check            # verify the shipped file

Games are played by pairs of levels (``random``, ``easy``, ``medium``) at their
arena node budgets in L1, L2, L2C and L3, seated ``ry``.  The last plies of each
game, and the positions one alternative move away from them (what a player could
have played instead), are handed to ``derive.puzzles.solve``; a unique win in one
or in two becomes a puzzle, tagged by ``themes`` and rated by which levels find its
first move.  Everything follows from the seed, so one seed always gives the same
file; the games run on several processes but are collected in order.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from derive import puzzles
from derive.arena import Player
from derive.game import Game

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "assets" / "puzzles.json"
RULES = ("L1", "L2", "L2C", "L3")
PAIRS = (("easy", "random"), ("easy", "easy"), ("medium", "easy"), ("easy", "random"))
TAIL = 8
"""Positions before a game's end that are tried as they stood."""
BRANCH = 4
"""Positions before the end whose alternative moves are tried too."""
MAX_PLIES = 240


@dataclass(frozen=True)
class Job:
    rules: str
    pair: tuple[str, str]
    index: int
    seed: int


def _game_seed(job: Job) -> int:
    return (job.seed * 1_000_003 + RULES.index(job.rules) * 10_007 + job.index) % 2**32


def mine_game(job: Job) -> list[dict[str, Any]]:
    """The puzzles of one self-play game, in the order found."""
    seed = _game_seed(job)
    players = (Player.parse(job.pair[0]), Player.parse(job.pair[1]))
    game = Game.new("ry", job.rules, seed=seed, max_plies=MAX_PLIES)
    rng = random.Random(seed)
    first = "ry"[job.index % 2]
    while not game.is_over:
        who = 0 if game.to_move == first else 1
        game.play(players[who].move(game, rng.getrandbits(32))[0])
    moves = game.moves
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    replay = Game.new("ry", job.rules, seed=seed, max_plies=MAX_PLIES)
    for move in moves[: max(0, len(moves) - TAIL)]:
        replay.play(move)
    source = {
        "rules": job.rules,
        "seating": "ry",
        "levels": {"r": job.pair[job.index % 2], "y": job.pair[1 - job.index % 2]},
        "seed": seed,
    }
    for move in moves[max(0, len(moves) - TAIL) :]:
        here = Game.from_position(replay.to_position())
        _try(here, {**source, "ply": replay.ply}, found, seen)
        if len(moves) - replay.ply <= BRANCH:
            for other in here.legal_moves():
                if other.unresolved == move.unresolved or other.kind == "reroll":
                    continue
                here.push(other)
                if not here.is_over:
                    branch = Game.from_position(here.to_position())
                    _try(branch, {**source, "ply": replay.ply, "instead": str(other)}, found, seen)
                here.undo()
        replay.play(move)
    # One puzzle per solution in a game: the positions one move apart share it.
    kept: list[dict[str, Any]] = []
    lines: set[tuple[str, ...]] = set()
    for p in found:
        key = tuple(p["solution"])
        if key not in lines:
            lines.add(key)
            line = p.pop("line")
            p["difficulty"] = rating(Game.from_position(p["position"]), line)
            kept.append(p)
    return kept


def _try(game: Game, source: dict[str, Any], found: list[dict[str, Any]], seen: set[str]) -> None:
    position = game.to_position()
    if position in seen or game.is_over:
        return
    seen.add(position)
    line = puzzles.solve(game)
    if line is None:
        return
    found.append(
        {
            "position": position,
            "solution": [str(m) for m in line],
            "theme": puzzles.themes(game, line),
            "source": source,
            "line": line,
        }
    )


SOLVERS = (("easy", 3), ("medium", 1), ("hard", 1))
"""Levels asked for the first move, and with how many seeds each."""


def rating(game: Game, line: list[Any]) -> int:
    """1000, +200 for a win in two, +100 for each of three ``easy`` tries that misses
    the first move, +300 if ``medium`` misses it, +300 more if ``hard`` does too
    (``hard`` is asked only when ``medium`` missed), each at its arena node budget
    with a seed drawn from the position."""
    first = str(line[0].unresolved)
    score = 1000 + (200 if len(line) == 3 else 0)
    base = sum(game.to_position().encode()) * 7919
    for name, tries in SOLVERS:
        player = Player.parse(name)
        misses = sum(
            player.move(game.copy(), (base + k) % 2**32)[0].split("?")[0] != first.split("?")[0]
            for k in range(tries)
        )
        if name == "easy":
            score += 100 * misses
        elif misses:
            score += 300
        else:
            break
    return max(puzzles.MIN_RATING, min(puzzles.MAX_RATING, score))


def jobs_for(seed: int, games: int) -> list[Job]:
    return [Job(rules, PAIRS[i % len(PAIRS)], i, seed) for rules in RULES for i in range(games)]


def mine(seed: int, games: int, processes: int) -> dict[str, Any]:
    jobs = jobs_for(seed, games)
    if processes > 1:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            results = list(pool.imap(mine_game, jobs))
    else:
        results = [mine_game(j) for j in jobs]
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()
    for found in results:
        for p in found:
            if p["position"] not in seen:
                seen.add(p["position"])
                chosen.append(p)
    chosen.sort(key=lambda p: (RULES.index(p["source"]["rules"]), p["difficulty"], p["position"]))
    for n, p in enumerate(chosen, 1):
        p["id"] = f"{p['source']['rules'].lower()}-{n:04d}"
    ordered = [{k: p[k] for k in puzzles.KEYS} for p in chosen]
    return {"format": puzzles.FORMAT, "version": puzzles.VERSION, "puzzles": ordered}


def dumps(data: dict[str, Any]) -> str:
    return (
        json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace('},{"id"', '},\n{"id"')
        + "\n"
    )


def check(path: Path) -> list[str]:
    """Every problem of the puzzles file at ``path``, each naming its puzzle."""
    try:
        items = puzzles.load(path.read_bytes())
    except (OSError, ValueError) as error:
        return [str(error)]
    problems = [f"{p['id']}: {problem}" for p in items for problem in puzzles.check_puzzle(p)]
    kinds = {p["source"].get("rules") for p in items if isinstance(p["source"], dict)}
    problems += [f"no puzzle of {r}" for r in RULES if r not in kinds]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.puzzles.mine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=40, help="games per rule set")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--out", type=Path, default=SHIPPED)
    parser.add_argument("--check", action="store_true", help="verify --out instead of mining")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(args.out)
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print(f"{args.out}: every puzzle checks")
        return 1 if problems else 0
    data = mine(args.seed, args.games, args.jobs)
    args.out.write_text(dumps(data), encoding="utf-8")
    counts = {r: sum(p["source"]["rules"] == r for p in data["puzzles"]) for r in RULES}
    print(f"{len(data['puzzles'])} puzzles: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
