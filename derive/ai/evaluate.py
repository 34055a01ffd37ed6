"""Static evaluation: how close each side stands to its goal, in the rules' own terms.

Every rule-dependent fact (chains, their qualities, protection, the winner) is
read from the game; what is computed here is only judgement: how many actions a
colour still seems to need, which of its dice look exposed.  Scores are in
"actions": one point is roughly one tempo of progress.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NamedTuple, TypeVar

from ..board import COLOURS, FACES, NEIGHBOURS, OPPOSITE, RIVE_BIT, RIVE_MASK, RIVES
from ..game import Game

Scores = dict[str, float]
"""Side (a colour letter, or a team's letters) → how well it stands."""

Evaluator = Callable[[Game], Scores]

K = TypeVar("K")
V = TypeVar("V")

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
    link: float = 0.3
    """Per pair of touching same-colour dice that differ by exactly 1."""
    bad_link: float = 0.3
    """Per pair of touching same-colour dice that break "ordered"."""
    duplicate: float = 0.3
    """Per repeated value inside a chain (breaks "isolated")."""
    formed: float = 0.6
    """Per die of a well-formed (anchored, ordered, isolated) chain, up to the goal,
    if the chain can grow to the goal's length without changing its values."""
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
    cornered: float = 3.0
    """Extra actions when none of the promising chains has room to grow."""


DEFAULT_WEIGHTS: Final = Weights()


class _Memo(dict[K, V]):
    """A search-lifetime cache that forgets everything once it holds ``limit``
    entries (a game's layouts keep changing; a bound keeps the browser's memory flat)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class _Own(NamedTuple):
    """What a colour's standing owes to its own dice alone (unweighted), which
    most moves of a search leave unchanged: so it is worked out once per layout."""

    rows: int
    """Rows still to walk, summed over every die (reserve dice count as 10)."""
    template: float
    """Actions to bring the dice nearest the goal into a goal chain's rows."""
    completion: float | None
    """Actions the most promising chains need to become the goal chain (``None``:
    no chain to start from; inf: none has room to grow where it stands)."""
    links: int
    bad_links: int
    repeats: int
    formed: int
    """Dice of well-formed chains that can grow as valued, up to the goal, less
    any excess (R19)."""
    safe: frozenset[int]
    """Dice protected by a well-formed chain (R15)."""


_OWN: _Memo[tuple[object, ...], _Own] = _Memo(100_000)


def _own(game: Game, colour: str, mine: list[int], pieces: dict[int, tuple[str, int]]) -> _Own:
    rules = game.rules
    key = (
        colour,
        rules.id,
        rules.dice,
        rules.goal,
        rules.protection,
        rules.chance,
        tuple(sorted((s, pieces[s][1]) for s in mine)),
    )
    found = _OWN.get(key)
    if found is not None:
        return found
    goal = rules.goal
    shape = template(goal)
    dist = DISTANCE[colour]
    reserve = game.reserve(colour)
    rows = sorted([dist[s] for s in mine] + [RESERVE_DISTANCE] * reserve)
    template_cost = float(sum(max(0, d - t) for d, t in zip(rows, shape, strict=False)))
    completion: float | None = None
    links = bad_links = repeats = formed = 0
    safe: set[int] = set()
    if goal > 1:
        starts = []
        for chain in game.chains(colour):
            path = _path(chain.squares)
            if len(chain) > 1:
                good, bad, twice = _chain_links(chain.squares, pieces)
                links, bad_links, repeats = links + good, bad_links + bad, repeats + twice
                if chain.well_formed and _grows_as_valued(
                    colour, path, chain.squares, pieces, goal
                ):
                    size = len(chain)
                    # A well-formed chain longer than the goal does not win (R19).
                    formed += min(size, goal) - max(0, size - goal)
            if chain.well_formed and rules.protection:
                safe.update(chain.squares)
            if path is not None:
                # A chain (a lone die too) that could grow into the goal chain,
                # once all its dice have walked up to the goal rive.
                rows_up = sorted(dist[s] for s in chain.squares)
                walk = (
                    0
                    if chain.anchored
                    else sum(max(0, d - t) for d, t in zip(rows_up, shape, strict=False))
                )
                starts.append((walk - len(chain), walk, rows_up[0], path, chain.squares))
        if starts:
            starts.sort()
            completion = min(
                walk
                + _completion(path, squares, pieces, colour, goal, reserve, rules.chance, front)
                for _, walk, front, path, squares in starts[:3]
            )
    own = _Own(
        sum(rows), template_cost, completion, links, bad_links, repeats, formed, frozenset(safe)
    )
    return _OWN.keep(key, own)


def colour_scores(game: Game, weights: Weights = DEFAULT_WEIGHTS) -> dict[str, float]:
    """Each seated colour's standing (higher is better for that colour)."""
    pieces = game.pieces()
    goal = game.rules.goal
    next_colour = game.to_move
    scores: dict[str, float] = {}
    for colour in game.seating.colours:
        mine = [s for s, (c, _) in pieces.items() if c == colour]
        own = _own(game, colour, mine, pieces)
        if own.completion is not None and own.completion < math.inf:
            cost = own.completion
        else:
            # Every die is a chain of its own: the template (blind to values)
            # only stands in while the colour has no die on the board, or while
            # no promising chain has room to grow where it stands.
            cost = own.template + weights.values_unknown * (goal - 1)
            if own.completion is not None:
                cost += weights.cornered
        score = (
            -weights.support * own.rows
            - weights.advance * cost
            + weights.link * own.links
            - weights.bad_link * own.bad_links
            - weights.duplicate * own.repeats
            + weights.formed * own.formed
        )
        if colour == next_colour:
            score += weights.tempo
        score -= weights.threat * _exposure(
            game, colour, mine, pieces, own.safe, next_colour, weights
        )
        others = sum(1 for s in RIVES[OPPOSITE[colour]] if s in pieces and pieces[s][0] != colour)
        score -= weights.blocked_goal * others
        scores[colour] = score
    return scores


def _steps(a: int, b: int) -> int:
    """Diagonal steps between two dark squares, ignoring what stands between."""
    return max(abs(a % 10 - b % 10), abs(a // 10 - b // 10))


STEPS: Final = tuple(tuple(_steps(a, b) for b in range(100)) for a in range(100))


def _completion(
    path: tuple[int, ...],
    squares: tuple[int, ...],
    pieces: dict[int, tuple[str, int]],
    colour: str,
    goal: int,
    reserve: int,
    chance: bool,
    front: int = 0,
) -> float:
    """Actions a chain laid out as a simple ``path`` seems to need to become a
    well-formed chain of the goal's length: its values set to a run along the path
    (adjustments), and each missing die the cheapest free one brought next to an
    end of an arm (steps) and set to its value, greedily.  Counting adjustments
    die by die, rather than only for chains already ordered, lets every single
    adjustment of a badly valued chain count as progress.  A chain ``front`` rows
    short of the goal rive will meet its helpers there: each must come at least
    that near the rive too."""
    n = len(path)
    missing = goal - n
    if missing < 0:
        return 2.0 * -missing  # too long to win (R19): dice must leave it
    if front:
        rooms = (missing, missing)
    else:
        # Anchored: the chain grows where it stands, so the board's edges, its own
        # shape and R14 bound each arm.
        rooms = (
            _room(colour, squares, path[0], missing),
            _room(colour, squares, path[-1], missing),
        )
    values = [pieces[s][1] for s in path]
    plans: list[tuple[int, int, int, int]] = []
    # Values may run either way along the path (a lone die has one way).
    for forward in (True, False) if n > 1 else (True,):
        vals = values if forward else values[::-1]
        room_first, room_last = rooms if forward else rooms[::-1]
        for first in range(max(0, missing - room_last), min(missing, room_first) + 1):
            for low in range(1, FACES + 2 - goal):
                start = low + first  # the value the path's first die must show
                fix = sum(abs(v - start - i) for i, v in enumerate(vals))
                plans.append((fix, int(forward), first, low))
    if not plans:
        return math.inf
    # Only the two cheapest plans are worked out further.
    plans = heapq.nsmallest(2, plans)
    if not missing:
        return float(plans[0][0])
    dist = DISTANCE[colour]
    helpers = [(s, v) for s, (c, v) in pieces.items() if c == colour and s not in squares]
    # Each free die's walk to each end of the path is worked out once.
    walks: dict[int, list[int]] = {}
    for end in (path[0], path[-1]):
        row = STEPS[end]
        walks[end] = [(max(row[s], dist[s]) if front else row[s]) - 1 for s, _ in helpers]
    best = math.inf
    for fix, ahead, first, low in plans:
        head, tail = (path[0], path[-1]) if ahead else (path[-1], path[0])
        arms = [
            _Arm(low + first - 1, -1, first, _entry(colour, head, front), walks[head]),
            _Arm(low + first + n, 1, missing - first, _entry(colour, tail, front), walks[tail]),
        ]
        best = min(best, fix + _fill(arms, helpers, reserve, chance))
    return best


def _entry(colour: str, end: int, front: int) -> int:
    """Actions for a reserve die to come next to ``end``: entry, then the walk."""
    return 1 + (9 if front else DISTANCE[OPPOSITE[colour]][end])


class _Arm:
    """One end of a chain as it grows in the completion estimate."""

    __slots__ = ("wanted", "step", "left", "entry", "walks")

    def __init__(self, wanted: int, step: int, left: int, entry: int, walks: list[int]) -> None:
        self.wanted = wanted
        """The value of the next die of this arm."""
        self.step = step
        """+1 or -1: how the values run along the arm."""
        self.left = left
        """Dice this arm still wants."""
        self.entry = entry
        self.walks = walks
        """Steps of each helper die to come next to the arm's end."""


def _fill(arms: list[_Arm], helpers: list[tuple[int, int]], reserve: int, chance: bool) -> float:
    """Greedily the cheapest die (on the board, or from the reserve) for each place
    an arm still wants, in actions: walk next to the arm's end plus adjustments."""
    used = [False] * len(helpers)
    cost = 0.0
    for k in range(sum(arm.left for arm in arms)):
        late = 1 if k else 0
        best = math.inf
        choice = -1
        pick = arms[0]
        for arm in arms:
            if arm.left <= 0:
                continue
            wanted = arm.wanted
            if reserve:
                # Enter on the own rive (showing 1 with chance), then walk up.
                walk = arm.entry + (abs(wanted - 1) if chance else 0)
                if walk < best:
                    best, choice, pick = walk, -1, arm
            steps = arm.walks
            for i, (_, v) in enumerate(helpers):
                if used[i]:
                    continue
                c = max(0, steps[i] + late) + abs(v - wanted)
                if c < best:
                    best, choice, pick = c, i, arm
        if best == math.inf:
            return best
        cost += best
        if choice >= 0:
            used[choice] = True
        else:
            reserve -= 1
        pick.wanted += pick.step
        pick.left -= 1
    return cost


_PATHS: _Memo[tuple[int, ...], tuple[int, ...] | None] = _Memo(50_000)


def _path(squares: tuple[int, ...]) -> tuple[int, ...] | None:
    """The chain's squares in order along it, if they form a simple path in which
    only consecutive squares touch; ``None`` for a branched or looped chain."""
    found = _PATHS.get(squares, ())
    if found != ():
        return found
    members = set(squares)
    links = {s: [t for t in NEIGHBOURS[s] if t in members] for s in squares}
    ends = [s for s in squares if len(links[s]) <= 1]
    order: tuple[int, ...] | None = None
    if all(len(v) <= 2 for v in links.values()) and len(ends) == min(2, len(squares)):
        walk = [ends[0]]
        while len(walk) < len(squares):
            walk.append(next(t for t in links[walk[-1]] if t not in walk[-2:-1]))
        order = tuple(walk)
    return _PATHS.keep(squares, order)


_ROOM: _Memo[tuple[str, tuple[int, ...], int, int], int] = _Memo(50_000)


def _room(colour: str, squares: tuple[int, ...], end: int, limit: int) -> int:
    """How many dice (at most ``limit``) one arm growing from ``end`` could add to the
    chain on ``squares``: each new die touches no die of the chain but the one before
    it (or the run would stop being ordered), and the chain keeps to one square of
    each foreign rive (R14).  Only the board's shape counts, so it is cached."""
    key = (colour, squares, end, limit)
    found = _ROOM.get(key)
    if found is not None:
        return found
    foreign = ~RIVE_BIT[colour]
    taken = set(squares)
    rives = 0
    for s in squares:
        rives |= RIVE_MASK[s] & foreign
    best = 0

    def grow(square: int, depth: int, rives: int) -> None:
        nonlocal best
        best = max(best, depth)
        for n in NEIGHBOURS[square]:
            if best >= limit:
                return
            mask = RIVE_MASK[n] & foreign
            if n in taken or mask & rives:
                continue
            if any(t in taken and t != square for t in NEIGHBOURS[n]):
                continue
            taken.add(n)
            grow(n, depth + 1, rives | mask)
            taken.discard(n)

    grow(end, 0, rives)
    return _ROOM.keep(key, best)


def _grows_as_valued(
    colour: str,
    path: tuple[int, ...] | None,
    squares: tuple[int, ...],
    pieces: dict[int, tuple[str, int]],
    goal: int,
) -> bool:
    """Whether a well-formed chain (laid out as ``path``) can reach the goal's
    length without changing any of its values: each end has room for the values
    beyond it (none below 1, none above 6).  A chain that cannot is only a step on
    the way (its run must shift), so it earns no credit that the shifting would
    throw away."""
    missing = goal - len(squares)
    if missing <= 0:
        return True
    if path is None:
        return False
    low, high = (
        (path[0], path[-1]) if pieces[path[0]][1] < pieces[path[-1]][1] else (path[-1], path[0])
    )
    below = min(pieces[low][1] - 1, _room(colour, squares, low, missing))
    above = min(FACES - pieces[high][1], _room(colour, squares, high, missing))
    return below + above >= missing


def _chain_links(
    squares: tuple[int, ...], pieces: dict[int, tuple[str, int]]
) -> tuple[int, int, int]:
    """Touching pairs that differ by 1, touching pairs that do not, repeated values."""
    good = bad = 0
    for s in squares:
        v = pieces[s][1]
        for t in NEIGHBOURS[s]:
            if t > s and t in squares:
                if abs(pieces[t][1] - v) == 1:
                    good += 1
                else:
                    bad += 1
    return good, bad, len(squares) - len({pieces[s][1] for s in squares})


def _exposure(
    game: Game,
    colour: str,
    mine: list[int],
    pieces: dict[int, tuple[str, int]],
    safe: frozenset[int],
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
