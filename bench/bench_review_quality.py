"""How true the post-game review is (issue 40): does it find the moves that lost, are
its better moves better, does its win chance predict the result?

Held-out seeded games are played between two levels one step apart (``easy``-``medium``,
``medium``-``hard``, as the arena plays them: ``derive.arena.Player`` at each level's
arena node budget, the first level taking red in even games and yellow in odd ones) in
L2 and L3, and each is reviewed as the game page reviews it (``derive.ai.review.Review``
at ``BUDGET`` nodes, then its second pass at ``DEEP_BUDGET``, then its rollouts,
``ROLLOUTS`` play-outs a move).  The reference, measured in the same run on the same
reviews, is the first pass alone: what the review said before the second pass existed
(its judgements are kept in each move judged again, ``"first"``); between them, the two
searching passes without the rollouts (what the rollouts replaced, ``"roll"``).
Measured, for each of the three:

* **the loser marked**: the share of decisive games in which the losing side has at
  least one move marked mistake or blunder (goal: at least 90%); and, restated (row
  ``TURNED``), marked or whose turning point is an unlucky roll of its own: a game the
  dice decided has no losing move to mark;
* **the marks are true**: for each move marked mistake or blunder (at most
  ``--marks`` a game, the largest losses), both the better move and the move played
  are played out ``--playouts`` times from the position before, by the two levels
  that played the game (the same seeds for both moves); the better move's share of
  wins for its mover minus the played move's (a draw is half a win), averaged over the
  marks, with a 95% confidence interval (normal approximation over the marks; goal: a
  mean of at least 0.10 with an interval that excludes 0);
* **the loser's costliest moves named** (issue 40 restated: "the loser's three
  costliest moves are named with their cost, even when none reaches a mistake"): the
  share of decisive games in which the whole review names at least one costly move of
  the losing side (``Analysis.costliest``: up to ``COSTLIEST`` moves of a side, each
  with a better move and a cost of at least 1%, a re-roll by its choice, never by its
  result), and, played out as
  the marks are (``--costly`` a game, the loser's costliest first), the named better
  move's share of wins minus the played move's, with its 95% interval;
* **the costs are true**: for each move played out (marked, or named costly), the cost
  the review said less the gain measured, averaged, with its 95% interval: about 0 when
  what the review says a move cost is what its better move gains (issue 40 restated;
  each row of a game also keeps what the passes said of its named costly moves before
  the like-for-like costs, ``"costs before like for like"``);
* **who plays out** (``--by``): the game's own two levels (``game``, the default: would
  the better move have won more often between these two players?), or the pair's
  stronger level on both sides (``stronger``: as GNU Backgammon's rollouts play both
  sides by one bot, and as the win chance, which knows nothing of who plays, assumes
  equal players);
* **a win let through**: the loser's moves whose reason is a win let through, played out
  as the marks are (``--marks`` a game), whatever they cost: lichess would mark each a
  blunder (``LET``);
* **Brier score**: the win chance of the side to move in every position reviewed
  (the graph's figures, not changed by the second pass) against the game's result
  (1 a win, 0 a loss, 0.5 a draw), and always saying 0.5 beside it (0.25); goal 0.12;
  with its parts by tenths of chance (``calibration``): how far what the chance says is
  from how often the side wins (reliability), and how much of the score is the game's
  own uncertainty, which a long game that stays even most of the way keeps high;
* **time** in CPython: the first pass a position (what the first result costs), the
  second pass, the rollouts and the like-for-like costs a game.

Usage: ``python bench/bench_review_quality.py`` (L2, ``easy``-``medium``, 6 games, 4
play-outs a move: about a minute on one core).  Measured so far: 12 such games with 8
play-outs, 2.3 minutes; L2 ``medium``-``hard``, 6 games, 6 play-outs, 3 minutes; L3
``easy``-``medium``, 4 games, 6 play-outs, 8.6 minutes (long games, long play-outs).
The issue's full run, hours on one core (L3 ``medium``-``hard`` most of them)::

    python bench/bench_review_quality.py --pairs easy-medium,medium-hard --rules L2,L3 \\
        --games 20 --playouts 16

One process, one core.  Game ``i`` of a setting is seeded ``seed * 1_000_003 + i`` by
``--seed`` (default 4000, held out: the second pass was tried on seed 3000's games).
Results are printed and written to ``bench/results/review_quality.json`` (``--results``:
another file) with the date,
the settings and every game's figures.
"""

from __future__ import annotations

import argparse
import datetime
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness import REPO_ROOT, write_results  # first: it puts the repository on the path

from derive.ai.review import (  # noqa: E402
    BUDGET,
    COSTLIEST,
    DEEP_BUDGET,
    LET_THROUGH,
    ROLLOUTS,
    Analysis,
    Review,
    positions_of,
)
from derive.arena import Player  # noqa: E402
from derive.game import Game  # noqa: E402
from derive.notation import REROLL, Move  # noqa: E402

RESULTS = REPO_ROOT / "bench" / "results" / "review_quality.json"
PAIRS = {"easy-medium": ("easy", "medium"), "medium-hard": ("medium", "hard")}
LIMITS = {"L2": 120, "L3": 300}
"""Ply limits: the fitting's for L2 (``tools/fit_winchance.py``); L3 games between
these levels last about 210 plies (AI.md)."""
MARKED = ("mistake", "blunder")


@dataclass
class Played:
    """One game and its review."""

    game: Game
    seats: dict[str, str]
    """Each colour's level (a ``Player`` text)."""
    analysis: Analysis
    first_s: float
    deep_s: float
    roll_s: float
    costs_s: float
    searches: int


@dataclass
class Tally:
    """One way of judging (the first pass alone, or the review) over every game."""

    decisive: int = 0
    loser_marked: int = 0
    marks: int = 0
    gains: list[float] = field(default_factory=list)
    overstated: list[float] = field(default_factory=list)
    """For each move played out, the cost the review said less the gain measured."""

    def figures(self) -> dict[str, Any]:
        mean, low, high = interval(self.gains)
        over, over_low, over_high = interval(self.overstated)
        return {
            "decisive": self.decisive,
            "loser_marked": self.loser_marked,
            "loser_marked_share": self.loser_marked / self.decisive if self.decisive else None,
            "marks": self.marks,
            "marks_played_out": len(self.gains),
            "gain": mean,
            "gain_ci": [low, high],
            # Is the cost said what the better move gains?  0 when it is, on average.
            "cost_less_gain": over,
            "cost_less_gain_ci": [over_low, over_high],
        }


def spread(mean: float | None, low: float | None, high: float | None) -> str:
    """A mean and its interval as the printed table shows them: "+0.058 (+0.005 to +0.112)"."""
    shown = "n/a" if mean is None else f"{mean:+.3f}"
    return shown if low is None else f"{shown} ({low:+.3f} to {high:+.3f})"


def interval(values: list[float]) -> tuple[float | None, float | None, float | None]:
    """Mean and 95% interval (normal approximation)."""
    if not values:
        return None, None, None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None, None
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def _resolved(move: Move, rng: random.Random) -> Move:
    """A re-roll with its result drawn here, so that each play-out rolls its own."""
    if move.kind == REROLL:
        return move.unresolved._replace(value=rng.randint(1, 6))
    return move


def play_game(pair: tuple[str, str], rules: str, seed: int, index: int) -> tuple[Game, dict]:
    """Game ``index`` of a setting, played as the arena plays it."""
    players = (Player.parse(pair[0]), Player.parse(pair[1]))
    game_seed = seed * 1_000_003 + index
    game = Game.new("ry", rules, seed=game_seed, max_plies=LIMITS[rules])
    first = "r" if index % 2 == 0 else "y"
    seats = {c: pair[0] if c == first else pair[1] for c in "ry"}
    rng = random.Random(game_seed)
    while not game.is_over:
        player = players[0] if game.to_move == first else players[1]
        move, _ = player.move(game, rng.getrandbits(32))
        game.play(move)
    return game, seats


def review(
    game: Game, deep: int, rollouts: int | None, like: bool = True, budget: int = BUDGET
) -> tuple[Analysis, list[float], int]:
    """The review of ``game``, with each pass's time apart (first, second, rollouts, the
    like-for-like costs)."""
    times = {"first": 0.0, "deeper": 0.0, "rollouts": 0.0, "costs": 0.0}
    review = Review(game, budget, deep=deep, rollouts=rollouts, like=like)
    while not review.done:
        stage = review.stage
        started = time.perf_counter()
        review.step()
        times["costs" if stage == "holds" else stage] += time.perf_counter() - started
    return review.analysis(), list(times.values()), review.progress()[1]


def outcome(game: Game, side: str) -> float:
    winner = game.winner
    return 0.5 if winner is None else 1.0 if winner == side else 0.0


def play_out(start: Game, move: Move, seats: dict[str, str], seed: int) -> Game:
    """``move`` played from ``start`` (a copy), then the game to its end by the levels
    in ``seats``."""
    rng = random.Random(seed)
    players = {c: Player.parse(level) for c, level in seats.items()}
    game = start.copy()
    game.play(_resolved(move, rng))
    while not game.is_over:
        chosen, _ = players[game.to_move].move(game, rng.getrandbits(32))
        game.play(_resolved(Move.parse(chosen), rng))
    return game


def gain(
    played: Played, ply: int, better: str, playouts: int, seed: int, by: str | None = None
) -> float:
    """The better move's share of wins minus the played move's, from ply - 1, played out
    by the game's own levels, or by level ``by`` on every side."""
    start = Game.from_record(played.game.record())
    while len(start.moves) > ply - 1:
        start.undo()
    mover = played.analysis.plies[ply]["mover"]
    moves = (Move.parse(better), played.game.moves[ply - 1])
    seats = played.seats if by is None else dict.fromkeys(played.seats, by)
    shares = []
    for move in moves:
        results = [
            outcome(play_out(start, move, seats, seed * 7919 + n), mover) for n in range(playouts)
        ]
        shares.append(statistics.fmean(results))
    return shares[0] - shares[1]


WAYS = ("first pass (reference)", "first and second passes", "review")
"""The ways of judging measured: the first pass alone, the two searching passes (what
the review said before its rollouts and like-for-like costs), and the whole review."""
COSTLY = "costliest moves named (review)"
"""The restated measure: the whole review's costliest moves of each side, marked or not."""
TURNED = "marked, or turned by an unlucky roll (review)"
"""The loser marked, or its turning point an unlucky roll of its own (``summary``): a
game the dice decided has no losing move to mark, and the review says so apart, as issue
40 asks ("luck is counted apart and said apart"); since the review stopped marking moves
made in positions already lost by force (``Review._none_held``), such a game shows it."""
LET = "moves that let a win through (review)"
"""The moves whose reason is a win let through (``LET_THROUGH``), whatever they cost: what
lichess calls blunders (it marks a mate allowed as one unless the player was already
lost), as the review now does once such a move costs a mark (``settled``)."""


def let_through(analysis: Analysis) -> list[tuple[int, str, float, str]]:
    """The moves that let a win through, (ply, mover, loss, better move)."""
    found = []
    for entry in analysis.plies:
        reason = entry.get("reason") or {}
        better = analysis.better(entry["ply"])
        if "mover" in entry and reason.get("code") in LET_THROUGH and better:
            found.append((entry["ply"], entry["mover"], float(entry["loss"]), better))
    return found


def judged(analysis: Analysis, way: str) -> list[tuple[int, str, float, str]]:
    """The marked moves, (ply, mover, loss, better move), as the first pass alone
    judged them, the two passes before the rollouts, or the whole review (``WAYS``)."""
    first = way == WAYS[0]
    found = []
    for entry in analysis.plies:
        if "mover" not in entry:
            continue
        if first:
            said = entry.get("first", entry)
        elif way == WAYS[1]:
            # What the rollouts replaced, or else what the like-for-like cost did.
            said = entry["roll"] if "roll" in entry else entry.get("like", entry)
        else:
            said = entry
        better = analysis.plies[entry["ply"] - 1].get("best")
        if not first and "better" in entry:
            better = entry["better"]
        if said["label"] in MARKED and better:
            found.append((entry["ply"], entry["mover"], said["loss"], better))
    return found


def unlucky_turn(analysis: Analysis, side: str) -> bool:
    """Whether ``side``'s turning point is an unlucky roll (``Analysis.summary``)."""
    ply = analysis.summary().get(side, {}).get("turning_point")
    return ply is not None and analysis.plies[ply].get("luck_label") == "unlucky"


def costly(analysis: Analysis, sides: tuple[str, ...]) -> list[tuple[int, str, float, str]]:
    """The costliest moves the review names, (ply, mover, loss, better move), each
    side's costliest first (``Analysis.costliest``)."""
    found = []
    for side in sides:
        for ply in analysis.costliest(side):
            better = analysis.better(ply)
            assert better is not None
            found.append((ply, side, float(analysis.plies[ply]["loss"]), better))
    return found


def forecasts(played: Played) -> list[tuple[float, float]]:
    """Each position's win chance of the side to move, with that side's result."""
    found = []
    positions = positions_of(played.game)
    for entry in played.analysis.plies[:-1]:
        before = positions[entry["ply"]]
        side = before.seating.team_of(before.to_move)
        found.append((float(entry["chances"][side]), outcome(played.game, side)))
    return found


def brier(pairs: list[tuple[float, float]]) -> float | None:
    return statistics.fmean((chance - result) ** 2 for chance, result in pairs) if pairs else None


CALIBRATION_BINS = 10


def calibration(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    """Murphy's parts of the Brier score (Brier = reliability - resolution + uncertainty,
    by tenths of chance): reliability is the squared gap between what the chance says and
    how often the side wins, which a calibrated chance keeps near 0; resolution is how far
    its tenths' results stand apart from the average.  A long game that stays even most
    of the way (L3) scores a high Brier from a calibrated chance: low resolution, not poor
    reliability.  Scored on the side to move, as ``brier``: both sides' positions fall in
    the tenths, so a gap between the players' strengths does not count as miscalibration."""
    if not pairs:
        return {}
    bins: list[list[tuple[float, float]]] = [[] for _ in range(CALIBRATION_BINS)]
    for chance, result in pairs:
        bins[min(int(chance * CALIBRATION_BINS), CALIBRATION_BINS - 1)].append((chance, result))
    base = statistics.fmean(result for _, result in pairs)
    reliability = resolution = 0.0
    table = []
    for each in bins:
        if not each:
            continue
        said = statistics.fmean(chance for chance, _ in each)
        won = statistics.fmean(result for _, result in each)
        reliability += len(each) * (said - won) ** 2
        resolution += len(each) * (won - base) ** 2
        table.append({"n": len(each), "said": round(said, 3), "won": round(won, 3)})
    return {
        "reliability": round(reliability / len(pairs), 4),
        "resolution": round(resolution / len(pairs), 4),
        # The results' own variance: a draw scores 0.5, so not base * (1 - base).
        "uncertainty": round(statistics.pvariance([result for _, result in pairs], base), 4),
        "tenths": table,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pairs", default="easy-medium", help="comma-separated, of " + ", ".join(PAIRS)
    )
    parser.add_argument("--rules", default="L2", help="comma-separated: L2, L3")
    parser.add_argument("--games", type=int, default=6, help="games per pair and rule set")
    parser.add_argument("--playouts", type=int, default=4, help="per move, for each of the two")
    parser.add_argument("--marks", type=int, default=2, help="marks played out per game and way")
    parser.add_argument(
        "--costly",
        type=int,
        default=COSTLIEST,
        help="the loser's named costliest moves played out per game",
    )
    parser.add_argument(
        "--by",
        choices=("game", "stronger"),
        default="game",
        help="who plays the play-outs: the game's two levels, or the pair's stronger level"
        " on both sides (as GNU Backgammon's rollouts play both sides by one bot)",
    )
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's index: a run stopped early goes on from where it stopped",
    )
    parser.add_argument("--results", type=Path, default=RESULTS, help="the JSON file to write")
    parser.add_argument(
        "--budget", type=int, default=BUDGET, help="first pass nodes (a stronger review)"
    )
    parser.add_argument("--deep", type=int, default=DEEP_BUDGET, help="second pass nodes (0: none)")
    parser.add_argument(
        "--rollouts", type=int, default=ROLLOUTS, help="play-outs of each move rolled out (0: none)"
    )
    parser.add_argument(
        "--like",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="cost the costly moves again like for like (--no-like: the review before it)",
    )
    args = parser.parse_args()

    tallies = {name: Tally() for name in (*WAYS, TURNED, COSTLY, LET)}
    pairs: list[tuple[float, float]] = []
    games: list[dict[str, Any]] = []
    first_s = deep_s = roll_s = costs_s = 0.0
    positions = 0
    began = time.perf_counter()

    def summary(complete: bool) -> dict[str, Any]:
        """The figures so far: written after every game (``complete`` false), so that a
        run stopped early (a medium-hard game takes many minutes) keeps what it measured."""
        return {
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "complete": complete,
            "settings": vars(args) | {"results": str(args.results)},
            "ways": {name: tally.figures() for name, tally in tallies.items()},
            "brier": brier(pairs),
            "brier_constant": 0.25,
            "calibration": calibration(pairs),
            "positions": positions,
            "first_pass_ms_per_position": 1000 * first_s / max(positions, 1),
            "second_pass_s_per_game": deep_s / max(len(games), 1),
            "rollouts_s_per_game": roll_s / max(len(games), 1),
            "costs_s_per_game": costs_s / max(len(games), 1),
            "seconds": round(time.perf_counter() - began, 1),
            "games": games,
        }

    for pair_name in args.pairs.split(","):
        for rules in args.rules.split(","):
            for index in range(args.first, args.games):
                game, seats = play_game(PAIRS[pair_name], rules, args.seed, index)
                analysis, times, searches = review(
                    game, args.deep, args.rollouts, args.like, args.budget
                )
                first, deep, roll, costs = times
                played = Played(game, seats, analysis, first, deep, roll, costs, searches)
                first_s, deep_s, roll_s = first_s + first, deep_s + deep, roll_s + roll
                costs_s += costs
                positions += len(analysis.plies)
                here = forecasts(played)
                pairs.extend(here)
                scored = brier(here)
                loser = None
                if game.winner is not None:
                    loser = next(s for s in game.sides if s != game.winner)
                row: dict[str, Any] = {
                    "pair": pair_name,
                    "rules": rules,
                    "index": index,
                    "plies": game.ply,
                    "winner": game.winner,
                    "seats": seats,
                    "first_s": round(first, 2),
                    "deep_s": round(deep, 2),
                    "roll_s": round(roll, 2),
                    "costs_s": round(costs, 2),
                    # Per game: an upset or a long even game shows here, not in the pool.
                    "brier": None if scored is None else round(scored, 4),
                    "positions": len(here),
                }
                played_out: dict[tuple[int, str], float] = {}
                named = costly(analysis, tuple(game.sides))
                by = None if args.by == "game" else PAIRS[pair_name][1]
                for name, tally in tallies.items():
                    if name == COSTLY:
                        marks = named
                        # The loser's, costliest first: what the restatement promises.
                        worst = [m for m in marks if m[1] == loser][: args.costly]
                    elif name == TURNED:
                        marks = judged(analysis, WAYS[-1])
                        worst = []  # played out as the review's own marks are
                    elif name == LET:
                        marks = let_through(analysis)
                        worst = sorted((m for m in marks if m[1] == loser), key=lambda m: -m[2])[
                            : args.marks
                        ]
                    else:
                        marks = judged(analysis, name)
                        worst = sorted(marks, key=lambda m: -m[2])[: args.marks]
                    tally.marks += len(marks)
                    if loser is not None:
                        tally.decisive += 1
                        turned = name == TURNED and unlucky_turn(analysis, loser)
                        tally.loser_marked += turned or any(m[1] == loser for m in marks)
                    for ply, _, cost, better in worst:
                        if (ply, better) not in played_out:
                            played_out[(ply, better)] = gain(
                                played, ply, better, args.playouts, args.seed + ply, by
                            )
                        tally.gains.append(played_out[(ply, better)])
                        tally.overstated.append(cost - played_out[(ply, better)])
                    row[name] = [[m[0], m[1], m[2], m[3]] for m in marks]
                # What the passes said of each named costly move before it was costed
                # like for like (None: not costed again).
                row["costs before like for like"] = {
                    str(m[0]): analysis.plies[m[0]].get("like", {}).get("loss") for m in named
                }
                row["gains"] = {f"{p} {b}": g for (p, b), g in played_out.items()}
                games.append(row)
                print(
                    f"{pair_name} {rules} game {index}: {game.ply} plies, winner {game.winner},"
                    f" first pass {first:.1f} s, second {deep:.1f} s, rollouts {roll:.1f} s,"
                    f" like-for-like costs {costs:.1f} s,"
                    f" marked {' -> '.join(str(len(judged(analysis, w))) for w in WAYS)},"
                    f" costly named {row[COSTLY]},"
                    f" gains {row['gains']}",
                    flush=True,
                )
                write_results(args.results, summary(complete=False))
    result = summary(complete=True)
    brier_score = result["brier"]
    parts = result["calibration"]
    write_results(args.results, result)
    print()
    print(
        "| way | decisive games | loser marked (or named) | marks | played out | gain (95% CI)"
        " | cost said less gain (95% CI) |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, figures in result["ways"].items():
        share = figures["loser_marked_share"]
        shown = spread(figures["gain"], *figures["gain_ci"])
        overstated = spread(figures["cost_less_gain"], *figures["cost_less_gain_ci"])
        print(
            f"| {name} | {figures['decisive']} | {figures['loser_marked']}"
            f" ({'n/a' if share is None else f'{share:.0%}'}) | {figures['marks']}"
            f" | {figures['marks_played_out']} | {shown} | {overstated} |"
        )
    print(
        f"\nBrier {brier_score:.3f} (0.5 always: 0.250) over {len(pairs)} positions"
        f" (reliability {parts.get('reliability')}, resolution {parts.get('resolution')},"
        f" uncertainty {parts.get('uncertainty')});"
        f" first pass {result['first_pass_ms_per_position']:.0f} ms a position,"
        f" second pass {result['second_pass_s_per_game']:.1f} s a game,"
        f" rollouts {result['rollouts_s_per_game']:.1f} s a game,"
        f" like-for-like costs {result['costs_s_per_game']:.1f} s a game (CPython);"
        f" {result['seconds']:.0f} s in all. Written to {args.results}"
    )


if __name__ == "__main__":
    main()
