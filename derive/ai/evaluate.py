"""Static evaluation: how close each side stands to its goal, in the rules' own terms.

Every rule-dependent fact (chains, their qualities, protection, the winner) is
read from the game; what is computed here is only judgement: how many actions a
colour still seems to need, which of its dice look exposed.  Scores are in
"actions": one point is roughly one tempo of progress.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..board import COLOURS, NEIGHBOURS, OPPOSITE, RIVES
from ..game import Game

Scores = dict[str, float]
"""Side (a colour letter, or a team's letters) → how well it stands."""

Evaluator = Callable[[Game], Scores]

WIN: Final = 100_000.0
"""The value of a won game; search scores beyond ``WIN_BOUND`` are wins."""
WIN_BOUND: Final = WIN - 10_000.0


def _distances(colour: str) -> tuple[int, ...]:
    """Rows (or files) between each square and ``colour``'s goal rive: 0 on it."""
    goal = RIVES[OPPOSITE[colour]]
    if colour in "ry":
        rank = goal[0] // 10
        return tuple(abs(s // 10 - rank) for s in range(100))
    file = goal[0] % 10
    return tuple(abs(s % 10 - file) for s in range(100))


DISTANCE: Final = {c: _distances(c) for c in COLOURS}
"""``DISTANCE[colour][square]``: steps from ``square`` to the colour's goal rive."""

RESERVE_DISTANCE: Final = 10
"""A die in reserve needs an entry (1 action) to stand 9 rows from its goal."""


def template(goal: int) -> tuple[int, ...]:
    """The smallest goal distances a goal chain's dice can have, ascending.

    R14 allows one square of the goal rive, so one die stands at 0 and the
    others run off it in two arms zigzagging between rows 1 and 2.
    """
    rows = [0] + [1 + (k // 2) % 2 for k in range(goal - 1)]
    return tuple(sorted(rows))


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs, tuned in the arena (see AI.md)."""

    advance: float = 1.0
    """Per action still needed to bring the best dice to goal-chain rows."""
    tempo: float = 0.5
    """For the player who acts next (a race is won a move ahead)."""
    values_unknown: float = 0.7
    """Per die of a goal chain still to be built whose value is still to be set."""
    support: float = 0.15
    """Per row of progress of every die (the goal chain's dice need company)."""
    link: float = 1.2
    """Per pair of touching same-colour dice that differ by exactly 1."""
    bad_link: float = 0.8
    """Per pair of touching same-colour dice that break "ordered"."""
    duplicate: float = 0.6
    """Per repeated value inside a chain (breaks "isolated")."""
    formed: float = 2.5
    """Per die of a well-formed (anchored, ordered, isolated) chain, up to the goal."""
    threat: float = 1.0
    """Scale of the loss when an exposed die could be taken."""
    threat_now: float = 0.0
    """Share of that loss when the threatening side acts next: the search's
    capture lines (quiescence) already see what happens then."""
    threat_waiting: float = 0.4
    """Share of that loss when the threatening side acts later: the owner may
    not be able to save every exposed die."""
    blocked_goal: float = 0.4
    """Per square of the goal rive held by someone else."""
    team_second: float = 0.4
    """Weight of the weaker partner of a team (the stronger one counts fully)."""


DEFAULT_WEIGHTS: Final = Weights()


def colour_scores(game: Game, weights: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """Each seated colour's standing (higher is better for that colour)."""
    pieces = game.pieces()
    rules = game.rules
    goal = rules.goal
    shape = template(goal)
    next_colour = game.to_move
    scores: dict[str, float] = {}
    for colour in game.seating.colours:
        dist = DISTANCE[colour]
        mine = [s for s, (c, _) in pieces.items() if c == colour]
        reserve = game.reserve(colour)
        rows = sorted([dist[s] for s in mine] + [RESERVE_DISTANCE] * reserve)
        cost: float = sum(max(0, d - t) for d, t in zip(rows, shape, strict=False))
        cost += weights.values_unknown * (goal - 1)
        score = -weights.support * sum(rows)
        safe: set[int] = set()
        if goal > 1:
            starts = []
            for chain in game.chains(colour):
                score += _chain_value(chain.squares, pieces, goal, chain.well_formed, weights)
                if chain.well_formed and rules.protection:
                    safe.update(chain.squares)
                if chain.ordered and chain.isolated:
                    # A chain (a lone die too) that could grow into the goal chain,
                    # once all its dice have walked up to the goal rive.
                    rows_up = sorted(dist[s] for s in chain.squares)
                    walk = 0 if chain.anchored else sum(
                        max(0, d - t) for d, t in zip(rows_up, shape, strict=False)
                    )
                    starts.append((walk - len(chain), walk, rows_up[0], chain.squares))
            if starts:
                # Every die is a chain of its own: the template (blind to values)
                # only stands in while the colour has no die on the board.
                starts.sort()
                cost = min(
                    walk + _completion(squares, pieces, colour, goal, reserve, rules.chance, front)
                    for _, walk, front, squares in starts[:2]
                )
        score -= weights.advance * cost
        if colour == next_colour:
            score += weights.tempo
        score -= weights.threat * _exposure(game, colour, mine, pieces, safe, next_colour, weights)
        others = sum(
            1 for s in RIVES[OPPOSITE[colour]] if s in pieces and pieces[s][0] != colour
        )
        score -= weights.blocked_goal * others
        scores[colour] = score
    return scores


def _steps(a: int, b: int) -> int:
    """Diagonal steps between two dark squares, ignoring what stands between."""
    return max(abs(a % 10 - b % 10), abs(a // 10 - b // 10))


STEPS: Final = tuple(tuple(_steps(a, b) for b in range(100)) for a in range(100))


def _completion(
    squares: tuple[int, ...],
    pieces: dict[int, tuple[str, int]],
    colour: str,
    goal: int,
    reserve: int,
    chance: bool,
    front: int = 0,
) -> float:
    """Actions an ordered, isolated chain seems to need to reach the goal's length: each
    missing die is the cheapest free one brought next to an end of the chain
    (steps) and set to the next value of the run (adjustments), greedily.  A chain
    ``front`` rows short of the goal rive will meet its helpers there: each must
    come at least that near the rive too."""
    missing = goal - len(squares)
    if missing <= 0:
        return 2.0 * -missing  # too long to win (R19): dice must leave it
    by_value = {pieces[s][1]: s for s in squares}
    low, high = min(by_value), max(by_value)
    dist = DISTANCE[colour]
    # The ends keep their squares as the chain grows (a fair guess for a few dice),
    # so each free die's walk to each end is worked out once.
    ends: list[list[int]] = []
    for square, wanted, step in ((by_value[low], low - 1, -1), (by_value[high], high + 1, 1)):
        row = STEPS[square]
        walks = [
            (max(row[s], dist[s]) if front else row[s]) - 1
            for s, (c, _) in pieces.items()
            if c == colour and s not in squares
        ]
        entry = 1 + (9 if front else DISTANCE[OPPOSITE[colour]][square])
        ends.append([wanted, step, entry, *walks])
    values = [v for s, (c, v) in pieces.items() if c == colour and s not in squares]
    used = [False] * len(values)
    cost = 0.0
    for k in range(missing):
        late = 1 if k else 0
        best = math.inf
        choice = -1
        pick = ends[0]
        for end in ends:
            wanted = end[0]
            if not 1 <= wanted <= 6:
                continue
            if reserve:
                # Enter on the own rive (showing 1 with chance), then walk up.
                walk = end[2] + (abs(wanted - 1) if chance else 0)
                if walk < best:
                    best, choice, pick = walk, -1, end
            for i, v in enumerate(values):
                if used[i]:
                    continue
                c = max(0, end[3 + i] + late) + abs(v - wanted)
                if c < best:
                    best, choice, pick = c, i, end
        if best == math.inf:
            return best
        cost += best
        if choice >= 0:
            used[choice] = True
        else:
            reserve -= 1
        pick[0] += pick[1]
    return cost


def _chain_value(
    squares: tuple[int, ...],
    pieces: dict[int, tuple[str, int]],
    goal: int,
    well_formed: bool,
    weights: Weights,
) -> float:
    if len(squares) == 1:
        return 0.0
    good = bad = 0
    for s in squares:
        v = pieces[s][1]
        for t in NEIGHBOURS[s]:
            if t > s and t in pieces and t in squares:
                if abs(pieces[t][1] - v) == 1:
                    good += 1
                else:
                    bad += 1
    repeats = len(squares) - len({pieces[s][1] for s in squares})
    value = weights.link * good - weights.bad_link * bad - weights.duplicate * repeats
    if well_formed:
        # A well-formed chain longer than the goal does not win (R19): it must shed dice.
        value += weights.formed * (min(len(squares), goal) - max(0, len(squares) - goal))
    return value


def _exposure(
    game: Game,
    colour: str,
    mine: list[int],
    pieces: dict[int, tuple[str, int]],
    safe: set[int],
    next_colour: str,
    weights: Weights,
) -> float:
    """What ``colour`` stands to lose to captures: an unprotected die touched by an
    adversary die of equal or higher value, worth more the further it has come."""
    dist = DISTANCE[colour]
    loss = 0.0
    for s in mine:
        if s in safe:
            continue
        v = pieces[s][1]
        worst = 0.0
        for t in NEIGHBOURS[s]:
            other = pieces.get(t)
            if other is None or other[1] < v or not game.is_adversary(colour, other[0]):
                continue
            share = weights.threat_now if other[0] == next_colour else weights.threat_waiting
            worst = max(worst, share)
        if worst:
            loss += worst * (1.0 + (RESERVE_DISTANCE - dist[s]) * weights.advance)
    return loss


def side_scores(game: Game, weights: Weights = DEFAULT_WEIGHTS) -> Scores:
    """Each side's standing; a won game scores ``WIN`` for the winner's side."""
    seating = game.seating
    outcome = game.outcome
    if outcome is not None:
        sides = {seating.team_of(c) for c in seating.colours}
        return {side: (WIN if side == outcome.winner else 0.0) for side in sides}
    per_colour = colour_scores(game, weights)
    if seating.teams is None:
        return per_colour
    result: Scores = {}
    for team in seating.teams:
        best, second = sorted((per_colour[c] for c in team), reverse=True)
        result[team] = best + weights.team_second * second
    return result


def weighted(weights: Weights) -> Evaluator:
    """An evaluator with other weights (for tuning in the arena)."""

    def evaluate(game: Game) -> Scores:
        return side_scores(game, weights)

    return evaluate


def evaluate(game: Game) -> Scores:
    """The default evaluator."""
    return side_scores(game)


def exposed(game: Game, colour: str) -> list[int]:
    """``colour``'s dice that an adversary die touches with an equal or higher
    value and that no well-formed chain protects: capture candidates."""
    pieces = game.pieces()
    found = []
    for s, (c, v) in pieces.items():
        if c != colour or game.protected(s) is not None:
            continue
        for t in NEIGHBOURS[s]:
            other = pieces.get(t)
            if other is not None and other[1] >= v and game.is_adversary(colour, other[0]):
                found.append(s)
                break
    return found
