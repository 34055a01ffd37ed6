"""Puzzles: positions with one winning line, checked with the public Game API.

A puzzle is a position (``Game.to_position``) and a solution in notation that
alternates the solver's moves and the replies: one move (a win in one) or three
(a win in two, the middle one the reply shown).  ``check_puzzle`` proves it:

* win in one: exactly one legal move wins at once;
* win in two: no move wins at once, and exactly one first move wins at once
  against every reply (each result of a replying re-roll counts as a reply).

A re-roll (``c3?``) wins only if each of its six results wins; in a solution it
stands unresolved where it is the solver's, and resolved (``c3?5``) where it is
the reply shown.  The format of ``assets/puzzles.json`` is in PUZZLES.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, NamedTuple

from . import safejson
from .board import FACES, NEIGHBOURS, OPPOSITE, RIVES, square_name
from .chains import Chain
from .game import Game
from .notation import ADJUST, CAPTURE, ENTER, MOVE, REROLL, Move
from .rulesets import RULE_SETS

FORMAT: Final = "derive-puzzles"
VERSION: Final = 1
MAX_FILE_CHARS: Final = 2 * 1024 * 1024
MAX_PUZZLES: Final = 5_000
MAX_DEPTH: Final = 6
MAX_ITEMS: Final = 200_000

THEMES: Final = (
    "capture",
    "obligation",
    "chain-break",
    "protection",
    "jump",
    "multi-jump",
    "corner",
    "blocked-rive",
    "enter",
    "adjust",
    "reroll",
    "win-in-one",
    "win-in-two",
)
"""Every tag a puzzle's ``theme`` list may hold, in the order a list keeps them: the
tactics first, the length (one of the last two, always there) last."""

MIN_RATING: Final = 600
MAX_RATING: Final = 2400
KEYS: Final = ("id", "position", "solution", "theme", "difficulty", "source")


class PuzzleError(ValueError):
    """A puzzles file or puzzle the engine will not read; the message says why, and
    ``kind`` what is wrong, for a page to say it in its own words: ``"malformed"`` (not
    JSON text), ``"format"`` (not a puzzles file), ``"version"``, ``"too-big"``,
    ``"too-deep"`` (refused unread) or ``"puzzle"`` (a puzzle, or a line of one)."""

    def __init__(self, message: str, kind: str = "puzzle") -> None:
        super().__init__(message)
        self.kind = kind


# ----- winning moves ---------------------------------------------------------


def _side(game: Game) -> str:
    return game.seating.team_of(game.to_move)


def _results(move: Move) -> Iterator[Move]:
    """The move as it may be played: a re-roll once per result."""
    if move.kind == REROLL and not move.value:
        for v in range(1, FACES + 1):
            yield move._replace(value=v)
    else:
        yield move


def _wins_at_once(game: Game, move: Move, side: str) -> bool:
    """Whether ``move`` (legal, from ``legal_moves``) wins for ``side`` at once,
    a re-roll only if every result does."""
    for played in _results(move):
        game.push(played)
        won = game.winner == side
        game.undo()
        if not won:
            return False
    return True


def _candidates(game: Game) -> list[Move]:
    """The legal moves that may win at once, by what a goal needs (R19): after the
    move a die of the player stands on its goal rive and, beyond a goal of one die,
    the player has at least a goal's worth of dice on the board, and a chain of the
    player's that the move changes may have the goal's length (``_Sizes``).  Exact: a
    move failing any of these cannot win, so only the others are played out (most
    moves of a long-goal game are dropped here, unplayed)."""
    colour = game.to_move
    goal_rive = frozenset(RIVES[OPPOSITE[colour]])
    need = game.rules.goal
    if need == 1:
        return [
            m for m in game.legal_moves() if m.kind in (MOVE, CAPTURE) and m.to_square in goal_rive
        ]
    chains = game.chains(colour)
    mine = sum(len(c) for c in chains)
    if mine + 1 < need:
        return []
    anchors = [s for c in chains for s in c.squares if s in goal_rive]
    # A winning chain already there (a position set up so) wins whatever is played: no
    # move can be ruled out by the chains it changes.
    sizes = None if any(c.well_formed and len(c) == need for c in chains) else _Sizes(chains)
    found = []
    for m in game.legal_moves():
        kind = m.kind
        if kind != ENTER and mine < need:
            continue
        moving = kind in (MOVE, CAPTURE)
        lands = moving and m.to_square in goal_rive
        stays = anchors and not (len(anchors) == 1 and moving and m.from_square == anchors[0])
        if not (lands or stays):
            continue  # no die of the player on its goal rive after the move
        if sizes is None or sizes.may_complete(m, need, goal_rive):
            found.append(m)
    return found


class _Sizes:
    """The player's chains before a move (none of them winning), to tell by sizes alone
    whether the move may leave a chain of the goal's length on the goal rive.  A chain
    the move does not touch stays as it was, so a winning chain after it is one of:

    * the chain holding the die moved, entered, adjusted or re-rolled: at most that die
      and the chains beside its square (the one it left one die shorter), anchored by
      its square or one of them;
    * a piece of the chain a moving die left: at most that chain less one die.
    """

    def __init__(self, chains: tuple[Chain, ...]) -> None:
        self.chain_of = {s: c for c in chains for s in c.squares}
        self._beside: dict[int, tuple[int, bool, tuple[Chain, ...]]] = {}

    def beside(self, square: int) -> tuple[int, bool, tuple[Chain, ...]]:
        """The chains touching ``square``: their total size, whether one is anchored."""
        known = self._beside.get(square)
        if known is None:
            found: dict[int, Chain] = {}
            for n in NEIGHBOURS[square]:
                c = self.chain_of.get(n)
                if c is not None:
                    found[id(c)] = c
            near = tuple(found.values())
            known = (sum(len(c) for c in near), any(c.anchored for c in near), near)
            self._beside[square] = known
        return known

    def may_complete(self, m: Move, need: int, goal_rive: frozenset[int]) -> bool:
        kind = m.kind
        if kind in (ADJUST, REROLL):
            same = self.chain_of.get(m.from_square)  # the same squares, other values
            return same is not None and len(same) == need and same.anchored
        if kind not in (MOVE, CAPTURE, ENTER):
            return False
        left = self.chain_of.get(m.from_square) if kind != ENTER else None
        if left is not None and len(left) > need and left.anchored:
            return True
        total, anchored, near = self.beside(m.to_square)
        if left is not None and left in near:
            total -= 1  # the moving die is no longer there
        return total + 1 >= need and (anchored or m.to_square in goal_rive)


def winning_moves(game: Game) -> list[Move]:
    """The legal moves that win at once for the player to move."""
    side = _side(game)
    return [m for m in _candidates(game) if _wins_at_once(game, m, side)]


def _has_win(game: Game, side: str) -> bool:
    return any(_wins_at_once(game, m, side) for m in _candidates(game))


def replies(game: Game) -> Iterator[Move]:
    """Every move of the player to move as it may be played: a re-roll once per result."""
    for move in game.legal_moves():
        yield from _results(move)


def forces_win(game: Game, move: Move, side: str) -> bool:
    """Whether ``move`` wins at once or wins at once on the next turn whatever the
    reply.  Exact, and cut at the first reply that leaves no winning answer (what
    refutes nearly every move quickly)."""
    for played in _results(move):
        game.push(played)
        try:
            if game.is_over:
                if game.winner != side:
                    return False
                continue
            if game.seating.team_of(game.to_move) == side:
                return False  # only two-sided alternation is a puzzle here
            for reply in replies(game):
                game.push(reply)
                try:
                    if game.outcome is not None:
                        if game.winner != side:
                            return False
                    elif not _has_win(game, side):
                        return False
                finally:
                    game.undo()
        finally:
            game.undo()
    return True


def stubborn_reply(game: Game, move: Move, side: str) -> Move | None:
    """After the solver's ``move`` (not a re-roll), the reply leaving the fewest
    winning answers, the first in ``legal_moves`` order among equals: the reply a
    win in two shows; ``None`` if every reply ends the game."""
    game.push(move)
    try:
        best: tuple[int, Move] | None = None
        for reply in replies(game):
            game.push(reply)
            # A reply that ends the game (a capture completing the solver's chain)
            # leaves nothing to answer: not one to show.
            count = None if game.is_over else len(winning_moves(game))
            game.undo()
            if count is not None and (best is None or count < best[0]):
                best = (count, reply)
        return None if best is None else best[1]
    finally:
        game.undo()


def solve(game: Game) -> list[Move] | None:
    """A unique-solution line from ``game``'s position, or ``None``: ``[win]`` if
    exactly one move wins at once; ``[first, reply, win]`` if none does and exactly
    one first move (not a re-roll) forces a win in two.  ``win`` in a win in two is
    the first winning answer to the reply shown."""
    if game.is_over or len(game.seating.colours) != 2:
        return None
    side = _side(game)
    wins = winning_moves(game)
    if len(wins) == 1:
        return [wins[0]]
    if wins:
        return None
    forcing: list[Move] = []
    for move in game.legal_moves():
        if forces_win(game, move, side):
            forcing.append(move)
            if len(forcing) > 1:
                return None
    if len(forcing) != 1 or forcing[0].kind == REROLL:
        return None
    first = forcing[0]
    reply = stubborn_reply(game, first, side)
    if reply is None:
        return None
    game.push(first)
    game.push(reply)
    answer = winning_moves(game)[0]
    game.undo()
    game.undo()
    return [first, reply, answer]


# ----- themes ----------------------------------------------------------------


def themes(game: Game, solution: list[Move]) -> list[str]:
    """The tags of a solution from ``game``'s position (the game is left as it was)."""
    tags = {"win-in-one" if len(solution) == 1 else "win-in-two"}
    played = 0
    try:
        for i, move in enumerate(solution):
            if i % 2 == 0:
                tags |= _move_tags(game, move)
            game.push(move if move.kind != REROLL or move.value else move._replace(value=1))
            played += 1
    finally:
        for _ in range(played):
            game.undo()
    return [t for t in THEMES if t in tags]


def _move_tags(game: Game, move: Move) -> set[str]:
    tags: set[str] = set()
    colour = game.to_move
    if move.kind == CAPTURE:
        tags.add("capture")
        if game.obliged():
            tags.add("obligation")
        victim = move.to_square
        owner = game.piece_at(victim)
        if owner is not None and game.rules.protection:
            chain = next((c for c in game.chains(owner[0]) if victim in c.squares), None)
            if chain is not None and len(chain) >= 2:
                tags.add("chain-break")
    if move.kind in (MOVE, CAPTURE):
        if move.kind == MOVE and move.to_square not in NEIGHBOURS[move.from_square]:
            path = game.jump_path(move.from_square, move.to_square)
            tags.add("multi-jump" if len(path) > 2 + 1 else "jump")
        corners = {"a1", "j10"}
        if square_name(move.to_square) in corners or square_name(move.from_square) in corners:
            tags.add("corner")
        if game.rules.protection and any(
            (p := game.piece_at(t)) is not None
            and game.is_adversary(colour, p[0])
            and game.protected(t) is not None
            for t in NEIGHBOURS[move.to_square]
        ):
            tags.add("protection")
    if move.kind == ENTER:
        tags.add("enter")
    elif move.kind == REROLL:
        tags.add("reroll")
    elif move.kind == "adjust":
        tags.add("adjust")
    side_rives = [c for c in "rbyg" if c not in (colour, OPPOSITE[colour])]
    # R14: a die standing on a side rive keeps the others off it; the tag marks the
    # line that moves that die.
    if move.from_square >= 0 and any(move.from_square in RIVES[c] for c in side_rives):
        tags.add("blocked-rive")
    return tags


# ----- checking --------------------------------------------------------------


def _parse_moves(items: Any) -> list[Move] | str:
    if not isinstance(items, list) or len(items) not in (1, 3):
        return "the solution is a list of 1 or 3 moves"
    moves = []
    for item in items:
        try:
            moves.append(Move.parse(item))
        except ValueError as error:
            return f"the solution holds a bad move: {error}"
    return moves


def check_puzzle(data: Any) -> list[str]:
    """Every problem with one puzzle (parsed JSON), as sentences; ``[]`` if it is
    sound: its fields have their kinds, its position is valid, its solution is
    legal, wins, is unique (every alternative first move fails), every reply to a
    win in two loses, and its tags are the ones the engine finds."""
    if not isinstance(data, dict):
        return ["a puzzle is an object"]
    problems = [f"the puzzle has no {key!r}" for key in KEYS if key not in data]
    if problems:
        return problems
    if not isinstance(data["id"], str) or not data["id"]:
        problems.append("the id is not text")
    rating = data["difficulty"]
    if type(rating) is not int or not MIN_RATING <= rating <= MAX_RATING:
        problems.append(f"the difficulty is not a whole number from {MIN_RATING} to {MAX_RATING}")
    if not isinstance(data["source"], dict):
        problems.append("the source is not an object")
    tags = data["theme"]
    if (
        not isinstance(tags, list)
        or not tags
        or any(not isinstance(t, str) or t not in THEMES for t in tags)
    ):
        problems.append(f"the theme is not a list of tags from: {', '.join(THEMES)}")
        tags = None
    if not isinstance(data["position"], str):
        return problems + ["the position is not text"]
    try:
        game = Game.from_position(data["position"])
    except ValueError as error:
        return problems + [f"the position is not valid: {error}"]
    if game.rules.id not in RULE_SETS or len(game.seating.colours) != 2 or game.seating.teams:
        return problems + ["a puzzle is a game between two colours"]
    if game.is_over:
        return problems + ["the game is already over in the position"]
    moves = _parse_moves(data["solution"])
    if isinstance(moves, str):
        return problems + [moves]
    problems += _check_line(game, moves)
    if not problems and tags is not None:
        found = themes(game, moves)
        if tags != found:
            problems.append(f"the theme should be {found}, not {tags}")
    return problems


def _check_line(game: Game, moves: list[Move]) -> list[str]:
    side = _side(game)
    first = moves[0]
    if not game.is_legal(first):
        return [f"{first} is not legal in the position"]
    if first.kind == REROLL and first.value:
        return [f"the solver's re-roll {first} is written unresolved ({first.unresolved})"]
    wins = winning_moves(game)
    if len(moves) == 1:
        if first not in wins:
            return [f"{first} does not win at once"]
        others = [str(m) for m in wins if m != first]
        return [f"{', '.join(others)} also wins at once"] if others else []
    if wins:
        return [f"{', '.join(str(m) for m in wins)} wins at once: no win in two is needed"]
    if first.kind == REROLL:
        return ["a win in two does not start with a re-roll"]
    if not forces_win(game, first, side):
        return [f"{first} does not win against every reply"]
    others = [str(m) for m in game.legal_moves() if m != first and forces_win(game, m, side)]
    if others:
        return [f"{', '.join(others)} also forces a win"]
    reply, answer = moves[1], moves[2]
    game.push(first)
    try:
        if not game.is_legal(reply):
            return [f"the reply {reply} is not legal after {first}"]
        if reply.kind == REROLL and not reply.value:
            return [f"the reply {reply} is written with its result"]
        game.play(reply)
        try:
            if not game.is_legal(answer) or answer.unresolved not in winning_moves(game):
                return [f"{answer} does not win after {reply}"]
            if answer.kind == REROLL and answer.value:
                return [f"the solver's re-roll {answer} is written unresolved"]
        finally:
            game.undo()
    finally:
        game.undo()
    return []


def judge(position: str, solution: list[str], played: list[str], move: str) -> str:
    """Whether ``move`` is right in a puzzle, the solver having ``played`` the
    line's moves so far (solver's and replies, as in ``solution``): ``"right"``
    (the line goes on with the next reply), ``"solved"`` (it wins: the last solver
    move accepts any winning move), ``"wrong"``, or ``"illegal"``.  Earlier solver
    moves must be the unique solution move.  ``PuzzleError`` if the position or the
    moves so far are not this puzzle's."""
    try:
        game = Game.from_position(position)
        for done in played:
            game.play(done)
        m = Move.parse(move)
    except ValueError as error:
        raise PuzzleError(f"the puzzle cannot be followed: {error}") from None
    if len(played) % 2 or len(played) >= len(solution):
        raise PuzzleError("it is not the solver's turn in this puzzle")
    if not game.is_legal(m):
        return "illegal"
    if len(played) == len(solution) - 1:
        return "solved" if m.unresolved in winning_moves(game) else "wrong"
    return "right" if m.unresolved == Move.parse(solution[len(played)]).unresolved else "wrong"


# ----- the file ----------------------------------------------------------------


class Loaded(NamedTuple):
    """A puzzles file as read: its good puzzles, and a sentence for each bad one."""

    puzzles: list[dict[str, Any]]
    rejected: list[str]


def read(text: str | bytes) -> Loaded:
    """The puzzles of a puzzles file's text, their fields' kinds checked (not their
    solutions: that is ``check_puzzle``'s job), each bad puzzle set aside with the
    reason, so that one bad entry costs only itself.  The file as a whole is bounded
    before it is parsed (size, depth, values, puzzles); ``PuzzleError`` (its ``kind``
    saying which) if it is not a puzzles file this game reads."""
    try:
        data = safejson.loads(text, max_chars=MAX_FILE_CHARS, max_depth=MAX_DEPTH)
        safejson.check(data, max_depth=MAX_DEPTH, max_items=MAX_ITEMS, max_chars=MAX_FILE_CHARS)
    except safejson.TooLarge as error:
        kind = "too-deep" if "nested" in str(error) else "too-big"
        raise PuzzleError(f"the puzzles file cannot be read: {error}", kind) from None
    except ValueError as error:
        raise PuzzleError(f"the puzzles file cannot be read: {error}", "malformed") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError(f"this is not a puzzles file (its format is not {FORMAT!r})", "format")
    if data.get("version") != VERSION:
        raise PuzzleError(
            f"the puzzles file is of a version this game does not read ({VERSION})", "version"
        )
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list):
        raise PuzzleError("the puzzles file holds no list of puzzles", "format")
    if len(puzzles) > MAX_PUZZLES:
        raise PuzzleError(f"the puzzles file holds more than {MAX_PUZZLES} puzzles", "too-big")
    good: list[dict[str, Any]] = []
    rejected: list[str] = []
    seen: set[str] = set()
    for i, p in enumerate(puzzles, 1):
        problem = _entry_problem(p, i, seen)
        if problem is None:
            seen.add(p["id"])
            good.append(p)
        else:
            rejected.append(problem)
    return Loaded(good, rejected)


def _entry_problem(p: Any, i: int, seen: set[str]) -> str | None:
    """Why entry ``i`` of a file is not a puzzle this game reads, or ``None``."""
    if not isinstance(p, dict) or any(k not in p for k in KEYS):
        return f"puzzle {i} lacks one of {', '.join(KEYS)}"
    if not isinstance(p["id"], str) or not p["id"] or p["id"] in seen:
        return f"puzzle {i} has no id of its own"
    name = f"puzzle {i} ({p['id'][:64]})"
    if not isinstance(p["position"], str) or not isinstance(p["solution"], list):
        return f"{name}: the position or the solution is malformed"
    if not all(isinstance(m, str) for m in p["solution"]) or len(p["solution"]) not in (1, 3):
        return f"{name}: the solution is not 1 or 3 moves"
    if not isinstance(p["theme"], list) or not all(
        isinstance(t, str) and t in THEMES for t in p["theme"]
    ):
        return f"{name}: a theme is not one of {', '.join(THEMES)}"
    if type(p["difficulty"]) is not int:
        return f"{name}: the difficulty is not a whole number"
    return None


def load(text: str | bytes) -> list[dict[str, Any]]:
    """The puzzles of a puzzles file that must be perfect (the shipped one, for
    ``tools.puzzles.mine --check``): as ``read``, but a single bad puzzle is a
    ``PuzzleError`` too (the first one's reason)."""
    loaded = read(text)
    if loaded.rejected:
        more = len(loaded.rejected) - 1
        also = f" (and {more} more)" if more else ""
        raise PuzzleError(loaded.rejected[0] + also, "puzzle")
    return loaded.puzzles
