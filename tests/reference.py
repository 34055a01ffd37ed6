"""A second, deliberately naive implementation of the rules (R1–R19), written
straight from the rules file with none of the engine's tables or caches, for
differential tests: the engine's legal moves and results must match it.

Squares here are ``(file, rank)`` pairs counted from 0, and a state is a plain
dict of square → (colour, value).  Slow and obvious on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefghij"

Square = tuple[int, int]
Pieces = dict[Square, tuple[str, int]]


def name(s: Square) -> str:
    return f"{FILES[s[0]]}{s[1] + 1}"


def square(text: str) -> Square:
    return FILES.index(text[0]), int(text[1:]) - 1


def playable(s: Square) -> bool:
    return 0 <= s[0] < 10 and 0 <= s[1] < 10 and (s[0] + s[1]) % 2 == 0


# R3, spelled out as in the rules file.
RIVE: dict[str, set[Square]] = {
    "r": {square(n) for n in ("a1", "c1", "e1", "g1", "i1")},
    "b": {square(n) for n in ("a1", "a3", "a5", "a7", "a9")},
    "y": {square(n) for n in ("b10", "d10", "f10", "h10", "j10")},
    "g": {square(n) for n in ("j2", "j4", "j6", "j8", "j10")},
}
OPPOSITE = {"r": "y", "y": "r", "b": "g", "g": "b"}
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def touching(s: Square) -> list[Square]:
    return [(s[0] + df, s[1] + dr) for df, dr in DIAGONALS if playable((s[0] + df, s[1] + dr))]


@dataclass
class State:
    pieces: Pieces
    to_move: str
    seated: str
    """Seated colours in r b y g order."""
    teams: tuple[str, str] | None
    dice: int
    goal: int
    protection: bool
    obligation: bool
    chance: bool

    def side(self, colour: str) -> str:
        if self.teams:
            return next(t for t in self.teams if colour in t)
        return colour

    def adversaries(self, a: str, b: str) -> bool:
        return a != b and b in self.seated and self.side(a) != self.side(b)

    def reserve(self, colour: str) -> int:
        return self.dice - sum(1 for c, _ in self.pieces.values() if c == colour)

    def turn_order(self, first: str) -> str:
        i = self.seated.index(first)
        return self.seated[i:] + self.seated[:i]


def chains(pieces: Pieces, colour: str) -> list[set[Square]]:
    """R17: connected groups of one colour (depth-first, no tables)."""
    left = {s for s, (c, _) in pieces.items() if c == colour}
    groups = []
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            for t in touching(todo.pop()):
                if t in left:
                    left.discard(t)
                    group.add(t)
                    todo.append(t)
        groups.append(group)
    return groups


def anchored(chain: set[Square], colour: str) -> bool:
    return bool(chain & RIVE[OPPOSITE[colour]])


def well_formed(pieces: Pieces, chain: set[Square], colour: str) -> bool:
    """R18: anchored, every touching pair differs by 1, no value twice."""
    values = [pieces[s][1] for s in chain]
    ordered = all(
        abs(pieces[s][1] - pieces[t][1]) == 1 for s in chain for t in touching(s) if t in chain
    )
    return anchored(chain, colour) and ordered and len(set(values)) == len(values)


def protected(state: State, pieces: Pieces, s: Square) -> bool:
    colour = pieces[s][0]
    return state.protection and any(
        s in ch and well_formed(pieces, ch, colour) for ch in chains(pieces, colour)
    )


def r14_ok(pieces: Pieces, colour: str) -> bool:
    """R14 on a position: at most one square of each foreign rive."""
    mine = {s for s, (c, _) in pieces.items() if c == colour}
    return all(len(mine & RIVE[r]) <= 1 for r in RIVE if r != colour)


def meets_goal(state: State, pieces: Pieces, colour: str) -> bool:
    """R19."""
    if state.goal == 1:
        return any(c == colour and s in RIVE[OPPOSITE[colour]] for s, (c, _) in pieces.items())
    return any(
        len(ch) == state.goal and well_formed(pieces, ch, colour) for ch in chains(pieces, colour)
    )


def jump_ends(pieces: Pieces, start: Square) -> set[Square]:
    """R10: every square reached by one or more jumps; the start counts as empty."""
    board = {s for s in pieces if s != start}
    seen: set[Square] = set()
    todo = [start]
    while todo:
        at = todo.pop()
        for df, dr in DIAGONALS:
            over = (at[0] + df, at[1] + dr)
            land = (at[0] + 2 * df, at[1] + 2 * dr)
            if playable(land) and over in board and land not in board and land not in seen:
                seen.add(land)
                todo.append(land)
    seen.discard(start)
    return seen


def after(state: State, move: str) -> Pieces:
    """The pieces after ``move`` (a re-roll must carry its result)."""
    pieces = dict(state.pieces)
    colour = state.to_move
    if move.startswith("+"):
        text, _, value = move[1:].partition("=")
        pieces[square(text)] = (colour, int(value or 1))
    elif "x" in move:
        a, b = (square(t) for t in move.split("x"))
        mine, taken = pieces.pop(a)[1], pieces[b][1]
        pieces[b] = (colour, 1 if mine == taken else mine - taken)  # R13
    elif "-" in move[1:] and not move.endswith("-"):
        a, b = (square(t) for t in move.split("-"))
        pieces[b] = pieces.pop(a)
    elif move.endswith(("+", "-")):
        s = square(move[:-1])
        pieces[s] = (colour, pieces[s][1] + (1 if move.endswith("+") else -1))
    elif "?" in move:
        text, roll = move.split("?")
        pieces[square(text)] = (colour, int(roll))
    return pieces


def legal_moves(state: State) -> set[str]:
    """R7–R16 for the player to move (game not over)."""
    colour = state.to_move
    pieces = state.pieces
    moves: set[str] = set()
    captures: dict[Square, set[str]] = {}

    def keeps_r14(move: str) -> bool:
        return r14_ok(after(state, move if "?" not in move else move + "1"), colour)

    if state.reserve(colour):
        for s in RIVE[colour]:
            if s not in pieces:
                for v in [0] if state.chance else range(1, 7):
                    move = f"+{name(s)}" + (f"={v}" if v else "")
                    if keeps_r14(move):
                        moves.add(move)
    for s, (c, v) in pieces.items():
        if c != colour:
            continue
        ends = {t for t in touching(s) if t not in pieces} | jump_ends(pieces, s)
        moves |= {m for m in (f"{name(s)}-{name(t)}" for t in ends) if keeps_r14(m)}
        captures[s] = {
            f"{name(s)}x{name(t)}"
            for t in touching(s)
            if t in pieces
            and state.adversaries(colour, pieces[t][0])
            and pieces[t][1] <= v
            and not protected(state, pieces, t)
        }
        captures[s] = {m for m in captures[s] if keeps_r14(m)}
        moves |= captures[s]
        if v < 6:
            moves.add(f"{name(s)}+")
        if v > 1:
            moves.add(f"{name(s)}-")
        if state.chance:
            moves.add(f"{name(s)}?")
    if state.obligation:
        danger = {
            s
            for other in state.seated
            if state.adversaries(colour, other)
            for ch in chains(pieces, other)
            if anchored(ch, other)
            for s in ch
        }
        own = {s for ch in chains(pieces, colour) if anchored(ch, colour) for s in ch}
        forced = {
            m
            for s, options in captures.items()
            if s not in own and any(t in danger for t in touching(s))
            for m in options
        }
        if forced:
            return forced
    return moves or {"pass"}


def winner(state: State, pieces: Pieces, actor: str) -> str | None:
    """R19: the actor first, then the others in turn order; the side wins."""
    for colour in state.turn_order(actor):
        if meets_goal(state, pieces, colour):
            return state.side(colour)
    return None


def state_of(game: object) -> State:
    """A reference state from an engine game (only its public reading API)."""
    from derive import Game

    assert isinstance(game, Game)
    rules = game.rules
    return State(
        pieces={(s % 10, s // 10): (colour, value) for s, (colour, value) in game.pieces().items()},
        to_move=game.to_move,
        seated=game.seating.colours,
        teams=game.seating.teams,
        dice=rules.dice,
        goal=rules.goal,
        protection=rules.protection,
        obligation=rules.obligation,
        chance=rules.chance,
    )
