"""Matches between AI levels or settings: ``python -m derive.arena hard medium ...``.

Each pairing plays N seeded games in any rule set and seating, the first player
taking each seat (or team) in turn, under a ply limit (a draw counts half), on
several processes.  It prints wins/draws/losses with 95% confidence intervals
and an Elo-style table.

A player is a level with optional overrides, ``LEVEL[:key=value,...]``: keys are
``nodes`` or ``time`` (the budget per move; by default the level's arena node
budget, so that runs are reproducible), the fields of ``Level`` (``depth``,
``noise``, ``quiescence``, ``reduce``, ``rivalry``, ``repetition``, ``many`` = paranoid | brs |
maxn | model) and the evaluation weights as ``w.NAME`` (see ``derive.ai.evaluate.Weights``).  With
three or four free players the first player takes one seat against the rest.
Examples::

    python -m derive.arena random easy medium hard --rules L2 --games 100
    python -m derive.arena hard:many=paranoid hard:many=model --seats rbyg
    python -m derive.arena medium hard:repetition=1 --rules L3 --plies 400 --games 50
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .ai.evaluate import DEFAULT_WEIGHTS, Weights, weighted
from .ai.levels import MANY, Level, level_spec
from .ai.search import Search
from .game import Game
from .rulesets import RULE_SETS, Seating

N = TypeVar("N", int, float)


def _setting(
    text: str,
    key: str,
    value: str,
    convert: Callable[[str], N],
    least: float = -math.inf,
    *,
    strict: bool = False,
) -> N:
    """``value`` as a number of at least ``least`` (``strict``: above it).  Checked
    here because a depth of 0, a negative reduce or a NaN weight would run, and
    quietly measure something else than was asked for."""
    try:
        number: N | None = convert(value)
    except ValueError:
        number = None
    if number is None or not (number > least if strict else number >= least):
        need = "a whole number" if convert is int else "a number"
        if least > -math.inf:
            need += f" {'above' if strict else 'of at least'} {least:g}"
        raise ValueError(f"player {text!r}: {key} must be {need}")
    return number


@dataclass(frozen=True)
class Player:
    """A level with its budget and overrides, as named on the command line."""

    label: str
    level: Level
    weights: Weights
    max_nodes: int | None
    max_time: float | None

    @classmethod
    def parse(cls, text: str) -> Player:
        name, _, rest = text.partition(":")
        spec = level_spec(name)
        weights = DEFAULT_WEIGHTS
        nodes: int | None = spec.arena_nodes
        seconds: float | None = None
        changes: dict[str, object] = {}
        for item in filter(None, rest.split(",")):
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"player {text!r}: {item!r} is not key=value")
            if key == "nodes":
                nodes, seconds = _setting(text, key, value, int, 1), None
            elif key == "time":
                nodes, seconds = None, _setting(text, key, value, float, 0, strict=True)
            elif key.startswith("w."):
                field = key[2:]
                if field not in {f.name for f in dataclasses.fields(Weights)}:
                    raise ValueError(f"player {text!r}: no evaluation weight {field!r}")
                weights = dataclasses.replace(weights, **{field: _setting(text, key, value, float)})
            elif key == "depth":
                changes["max_depth"] = _setting(text, key, value, int, 1)
            elif key in ("noise", "rivalry", "repetition"):
                changes[key] = _setting(text, key, value, float)
            elif key in ("quiescence", "reduce"):
                changes[key] = _setting(text, key, value, int, 0)
            elif key == "many":
                if value not in MANY:
                    raise ValueError(f"player {text!r}: many is one of {', '.join(MANY)}")
                changes[key] = value
            else:
                raise ValueError(f"player {text!r}: unknown setting {key!r}")
        level = dataclasses.replace(spec, **changes)  # type: ignore[arg-type]
        return cls(text, level, weights, nodes, seconds)

    def move(self, game: Game, seed: int) -> tuple[str, int]:
        search = Search(
            game,
            spec=self.level,
            seed=seed,
            max_nodes=self.max_nodes,
            max_time=self.max_time,
            evaluator=weighted(self.weights),
        )
        progress = search.finish()
        return str(progress.best_move), progress.nodes


@dataclass(frozen=True)
class Task:
    first: str
    second: str
    rules: str
    seats: str
    index: int
    seed: int
    max_plies: int


@dataclass(frozen=True)
class Result:
    task: Task
    score: float
    """For the first player: 1 win, 0.5 draw, 0 loss."""
    plies: int
    nodes: tuple[int, int]
    seconds: tuple[float, float]
    moves: tuple[int, int]


def first_seats(seating: Seating, index: int) -> str:
    """The colours the first player takes in game ``index``: each seat (or team) in
    turn; with three or four free players it plays one seat against the rest."""
    if seating.teams:
        return seating.teams[index % 2]
    return seating.colours[index % len(seating.colours)]


def play(task: Task) -> Result:
    players = (Player.parse(task.first), Player.parse(task.second))
    seed = task.seed * 1_000_003 + task.index
    game = Game.new(task.seats, task.rules, seed=seed, max_plies=task.max_plies)
    mine = first_seats(game.seating, task.index)
    rng = random.Random(seed)
    nodes = [0, 0]
    seconds = [0.0, 0.0]
    moves = [0, 0]
    while not game.is_over:
        who = 0 if game.to_move in mine else 1
        start = time.perf_counter()
        move, used = players[who].move(game, rng.getrandbits(32))
        seconds[who] += time.perf_counter() - start
        nodes[who] += used
        moves[who] += 1
        game.play(move)
    winner = game.winner
    score = 0.5 if winner is None else 1.0 if winner[0] in mine else 0.0
    return Result(
        task,
        score,
        game.ply,
        (nodes[0], nodes[1]),
        (seconds[0], seconds[1]),
        (moves[0], moves[1]),
    )


def run(tasks: Sequence[Task], jobs: int, log: bool = False) -> list[Result]:
    """Play every task, on ``jobs`` processes when more than one."""
    results: list[Result] = []
    if jobs <= 1:
        for task in tasks:
            results.append(play(task))
            if log:
                _log(results[-1], len(results), len(tasks))
        return results
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result in pool.imap_unordered(play, tasks):
            results.append(result)
            if log:
                _log(result, len(results), len(tasks))
    return results


def _log(result: Result, done: int, total: int) -> None:
    t = result.task
    print(
        f"  [{done}/{total}] {t.first} vs {t.second} #{t.index}: {result.score} "
        f"in {result.plies} plies",
        file=sys.stderr,
        flush=True,
    )


@dataclass(frozen=True)
class Tally:
    first: str
    second: str
    wins: int
    draws: int
    losses: int
    plies: float
    nodes_per_move: tuple[float, float]
    seconds_per_move: tuple[float, float]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games

    def interval(self) -> tuple[float, float]:
        """95% confidence interval of the score (normal approximation on the
        per-game scores, clipped to [0, 1])."""
        n = self.games
        mean = self.score
        var = (
            self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2 + self.losses * mean**2
        ) / max(1, n - 1)
        half = 1.96 * math.sqrt(var / n) if n > 1 else 1.0
        return max(0.0, mean - half), min(1.0, mean + half)


def tally(results: Iterable[Result]) -> list[Tally]:
    groups: dict[tuple[str, str], list[Result]] = {}
    for r in results:
        groups.setdefault((r.task.first, r.task.second), []).append(r)
    tallies = []
    for (first, second), group in groups.items():
        moves = [sum(r.moves[i] for r in group) for i in (0, 1)]
        tallies.append(
            Tally(
                first,
                second,
                sum(r.score == 1.0 for r in group),
                sum(r.score == 0.5 for r in group),
                sum(r.score == 0.0 for r in group),
                sum(r.plies for r in group) / len(group),
                tuple(sum(r.nodes[i] for r in group) / max(1.0, moves[i]) for i in (0, 1)),  # type: ignore[arg-type]
                tuple(sum(r.seconds[i] for r in group) / max(1.0, moves[i]) for i in (0, 1)),  # type: ignore[arg-type]
            )
        )
    return tallies


def elo(score: float) -> float:
    """The Elo difference that predicts ``score`` (clipped at ±800)."""
    s = min(max(score, 0.01), 0.99)
    return max(-800.0, min(800.0, -400 * math.log10(1 / s - 1)))


def ratings(tallies: Sequence[Tally], anchor: str) -> dict[str, float]:
    """Bradley-Terry ratings (Elo scale) from all pairings, ``anchor`` at 0; a
    draw is half a win.  Minorisation-maximisation with a small prior draw."""
    names = sorted({t.first for t in tallies} | {t.second for t in tallies})
    wins = {n: 0.0 for n in names}
    meetings: dict[tuple[str, str], float] = {}
    for t in tallies:
        wins[t.first] += t.wins + 0.5 * t.draws + 0.5
        wins[t.second] += t.losses + 0.5 * t.draws + 0.5
        for pair in ((t.first, t.second), (t.second, t.first)):
            meetings[pair] = meetings.get(pair, 0.0) + t.games + 1
    strength = {n: 1.0 for n in names}
    for _ in range(500):
        for n in names:
            denom = sum(
                games / (strength[n] + strength[m]) for (a, m), games in meetings.items() if a == n
            )
            strength[n] = wins[n] / denom if denom else strength[n]
    base = strength.get(anchor, 1.0)
    return {n: 400 * math.log10(strength[n] / base) for n in names}


def report(tallies: Sequence[Tally], anchor: str) -> str:
    lines = [
        "| first | second | games | W | D | L | score | 95% CI | Elo diff | plies | nodes/move |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for t in tallies:
        low, high = t.interval()
        lines.append(
            f"| {t.first} | {t.second} | {t.games} | {t.wins} | {t.draws} | {t.losses} "
            f"| {100 * t.score:.1f}% | {100 * low:.0f}–{100 * high:.0f}% "
            f"| {elo(t.score):+.0f} | {t.plies:.0f} "
            f"| {t.nodes_per_move[0]:.0f} / {t.nodes_per_move[1]:.0f} |"
        )
    lines += ["", "| player | Elo (anchor 0) |", "|---|---|"]
    for name, rating in sorted(ratings(tallies, anchor).items(), key=lambda kv: kv[1]):
        lines.append(f"| {name} | {rating:+.0f} |")
    return "\n".join(lines)


def tasks_for(
    players: Sequence[str],
    *,
    rules: str,
    seats: str,
    games: int,
    seed: int,
    max_plies: int,
    ladder: bool,
    first_game: int = 0,
) -> list[Task]:
    """Pairings: each player against the next one (``ladder``) or every pair;
    the stronger-listed (later) player plays first.  Games are numbered from
    ``first_game``, so one run can be split into several (game *k* of a seed is
    the same game whichever run plays it)."""
    if ladder:
        pairs = [(players[i + 1], players[i]) for i in range(len(players) - 1)]
    else:
        pairs = [(b, a) for i, a in enumerate(players) for b in players[i + 1 :]]
    return [
        Task(first, second, rules, seats, i, seed, max_plies)
        for first, second in pairs
        for i in range(first_game, first_game + games)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m derive.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("players", nargs="+", help="LEVEL[:key=value,...], weakest first")
    parser.add_argument("--rules", default="L2", choices=sorted(RULE_SETS))
    parser.add_argument("--seats", default="ry", help="seating, e.g. ry, rbyg, ry/bg")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--plies", type=int, default=200, help="ply limit (then a draw)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="number of the first game (to split a run: --games 50 --first 50 plays 50-99)",
    )
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="only each player against the next (default: every pair)",
    )
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        for p in args.players:
            Player.parse(p)
        Seating.parse(args.seats)
        if args.first < 0 or args.games < 1:
            raise ValueError("--first must be 0 or more and --games at least 1")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    tasks = tasks_for(
        args.players,
        rules=args.rules,
        seats=args.seats,
        games=args.games,
        seed=args.seed,
        max_plies=args.plies,
        ladder=args.ladder,
        first_game=args.first,
    )
    start = time.perf_counter()
    results = run(tasks, args.jobs, log=not args.quiet)
    span = f" (games {args.first}-{args.first + args.games - 1})" if args.first else ""
    print(
        f"{args.rules} {args.seats}, {args.games} games per pairing{span}, "
        f"ply limit {args.plies}, seed {args.seed}, "
        f"{time.perf_counter() - start:.0f} s on {args.jobs} processes"
    )
    print(report(tally(results), args.players[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
