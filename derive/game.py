"""The game state: pieces, turn, history; move generation and play (R7–R20)."""

from __future__ import annotations

import random
import zlib
from typing import Any, Final, NamedTuple

from . import explain as _explain
from . import record as _record
from . import replay as _replay
from . import rulesets
from . import text as _text
from .board import (
    COLOUR_NAMES,
    COLOURS,
    FACES,
    GOAL_MASK,
    JUMPS,
    NEIGHBOURS,
    OPPOSITE,
    RIVE_BIT,
    RIVE_MASK,
    RIVES,
    SQUARES,
    parse_square,
    square_name,
)
from .chains import Chain, ColourChains, analyse
from .limits import MAX_PLIES, SEED_LIMIT, kind_of, quoted
from .notation import (
    ADJUST,
    CAPTURE,
    CAPTURE_TABLE,
    DOWN_TABLE,
    ENTER,
    ENTER_TABLE,
    MOVE,
    MOVE_TABLE,
    PASS,
    PASS_MOVE,
    REROLL,
    REROLL_TABLE,
    UP_TABLE,
    Move,
    malformed,
)
from .outcome import Outcome
from .position import PositionError, format_position, parse_position
from .rulesets import RuleSet, Seating


class IllegalMove(ValueError):
    """A malformed or illegal move; the message says why in a player's words."""


class ChosenRoll(IllegalMove):
    """A re-roll naming its result (``c3?5``) in live play, where the dice roll it."""


EMPTY: Final = -1
_STEPS: Final = tuple(
    tuple((t, MOVE_TABLE[s * 100 + t]) for t in NEIGHBOURS[s]) for s in range(100)
)
"""``_STEPS[s]``: each neighbour of ``s`` with the interned move to it."""
_GOAL_INDEX: Final = tuple(COLOURS.index(OPPOSITE[c]) for c in COLOURS)


class _Undo(NamedTuple):
    move: Move
    """As played, re-roll results resolved."""
    colour: int
    before: int
    """Value of the acting die before the action."""
    captured: int
    captured_value: int
    rng_state: Any
    outcome: Outcome | None
    chains: tuple[ColourChains | None, ...]


class Game:
    """A game of Dérive.  Build one with ``Game.new`` or ``Game.from_position``."""

    def __init__(
        self,
        rules: RuleSet,
        seating: Seating,
        pieces: dict[int, tuple[str, int]],
        to_move: str,
        *,
        seed: int | None = None,
        max_plies: int | None = None,
    ) -> None:
        self.rules = rules
        self.seating = seating
        self.seed: int = random.SystemRandom().randrange(2**32) if seed is None else _seed(seed)
        if max_plies is not None and not (type(max_plies) is int and 1 <= max_plies <= MAX_PLIES):
            raise ValueError(
                f"max_plies must be a whole number from 1 to {MAX_PLIES}, not {_shown(max_plies)}"
            )
        self.max_plies = max_plies
        self._rng = random.Random(self.seed)
        seated = [COLOURS.index(c) for c in seating.colours]
        self._next = [0] * 4
        for i, ci in enumerate(seated):
            self._next[ci] = seated[(i + 1) % len(seated)]
        team = [seating.team_of(c) for c in COLOURS]
        # A fifth entry, False, answers for an empty square (owner EMPTY = -1), which
        # spares the capture scan a test per neighbour.
        self._adversary = tuple(
            (*(j in seated and team[j] != team[i] for j in range(4)), False) for i in range(4)
        )
        self._owner = [EMPTY] * 100
        self._value = [0] * 100
        self._dice: list[set[int]] = [set() for _ in range(4)]
        self._count = [[0] * 4 for _ in range(4)]
        self._reserve = [rules.dice if i in seated else 0 for i in range(4)]
        for square, (colour, value) in pieces.items():
            ci = COLOURS.index(colour)
            self._place(ci, square, value)
            self._reserve[ci] -= 1
        self._turn = COLOURS.index(to_move)
        self._chains: list[ColourChains | None] = [None] * 4
        self._legal: tuple[Move, ...] | None = None
        self._history: list[_Undo] = []
        self._ply_offset = 0
        """Plies played before the start of ``_history`` (a copy starts mid-game)."""
        self._redo: list[Move] = []
        self._written: list[int] = []
        """Indices in ``_history`` of re-rolls whose results were written, not rolled
        by the dice (R29), ascending; redo may bring back ones beyond the end."""
        self._outcome: Outcome | None = None
        self.start_position = self.to_position()
        self.start_roll: list[dict[str, int]] = []

    # ----- construction -------------------------------------------------

    @classmethod
    def new(
        cls,
        seating: str | Seating = "ry",
        rule_set: str = "L3",
        *,
        seed: int | None = None,
        start: str | None = None,
        max_plies: int | None = None,
    ) -> Game:
        """An empty board.  Without ``start`` the players roll for it (R5) with the
        game's RNG; the rolls are kept in ``start_roll``.  Without ``seed`` the dice
        are new each game."""
        if not isinstance(seating, Seating | str):
            raise ValueError(f"a seating is text such as 'ry', not {kind_of(seating)}")
        if not isinstance(rule_set, str):
            raise ValueError(f"a rule set is text such as 'L3', not {kind_of(rule_set)}")
        seats = seating if isinstance(seating, Seating) else Seating.parse(seating)
        rules = rulesets.rule_set(rule_set)
        if start is not None and (not isinstance(start, str) or start not in seats.colours):
            shown = quoted(start) if isinstance(start, str) else kind_of(start)
            raise ValueError(f"start {shown} is not a seated colour ({seats})")
        game = cls(rules, seats, {}, start or seats.colours[0], seed=seed, max_plies=max_plies)
        if start is None:
            tied = list(seats.colours)
            while len(tied) > 1:
                roll = {c: game._rng.randint(1, FACES) for c in tied}
                game.start_roll.append(roll)
                best = max(roll.values())
                tied = [c for c in tied if roll[c] == best]
            game._turn = COLOURS.index(tied[0])
            game.start_position = game.to_position()
        return game

    @classmethod
    def from_position(
        cls, text: str, *, seed: int | None = None, max_plies: int | None = None
    ) -> Game:
        """The game at ``text``; ``PositionError`` (a ``ValueError``) naming the
        offending token if it is not a valid position.  Without ``seed`` the dice
        follow from the position, so the same position always rolls the same (R29)."""
        spec = parse_position(text)
        if seed is None:
            canonical = format_position(spec.pieces, spec.to_move, spec.seating, spec.rules)
            seed = zlib.crc32(canonical.encode("ascii"))
        game = cls(
            spec.rules, spec.seating, spec.pieces, spec.to_move, seed=seed, max_plies=max_plies
        )
        for ci in range(4):
            for ri in range(4):
                if ri != ci and game._count[ci][ri] > 1:
                    on = [s for s in RIVES[COLOURS[ri]] if game._owner[s] == ci]
                    raise PositionError(
                        f"{COLOUR_NAMES[COLOURS[ci]]} occupies {len(on)} squares of "
                        f"{COLOUR_NAMES[COLOURS[ri]]}'s rive: "
                        f"{', '.join(square_name(s) for s in on)} (at most one, R14)"
                    )
        winners = [c for c in _turn_order(spec.seating, spec.to_move) if game._meets_goal(c)]
        sides = {spec.seating.team_of(COLOURS[c]) for c in winners}
        if len(sides) > 1:
            raise PositionError(
                "players of different sides both meet their goals: "
                + " and ".join(COLOUR_NAMES[COLOURS[c]] for c in winners)
            )
        if winners:
            game._outcome = game._goal_outcome(winners[0])
        return game

    def copy(self) -> Game:
        """An independent game at the same position with the same RNG state and
        ply count, but no undo history (what a search wants)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._owner = self._owner[:]
        twin._value = self._value[:]
        twin._dice = [set(d) for d in self._dice]
        twin._count = [c[:] for c in self._count]
        twin._reserve = self._reserve[:]
        twin._chains = self._chains[:]
        twin._history = []
        twin._redo = []
        twin._written = []
        twin._ply_offset = self.ply
        # The twin's own record starts here: its moves replay from this position.
        twin.start_position = self.to_position()
        twin.start_roll = []
        return twin

    # ----- reading the position ----------------------------------------

    @property
    def to_move(self) -> str:
        return COLOURS[self._turn]

    @property
    def ply(self) -> int:
        """Actions played since the start position."""
        return self._ply_offset + len(self._history)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def winner(self) -> str | None:
        """The winning colour or team's letters; ``None`` while unfinished or drawn."""
        return self._outcome.winner if self._outcome else None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def is_draw(self) -> bool:
        return self._outcome is not None and self._outcome.winner is None

    @property
    def moves(self) -> list[Move]:
        """The moves played since the start position, re-roll results included."""
        return [entry.move for entry in self._history]

    @property
    def transcribed(self) -> int:
        """How many moves from the start position had their re-roll results written
        rather than rolled by this game's dice: a game transcribed from a table, or
        replayed with results that its seed does not give (R29).  0 when every
        re-roll so far is the dice's own; a copy's dice went on from its original's,
        so none of a copy's moves vouch for them."""
        played = len(self._history)
        if self._ply_offset:
            return played
        for index in reversed(self._written):
            if index < played:
                return index + 1
        return 0

    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def sides(self) -> tuple[str, ...]:
        """Who can win: each seated colour, or the two teams' letters."""
        return self.seating.teams or tuple(self.seating.colours)

    def resign(self, colour: str) -> Outcome:
        """``colour`` gives up and the other side wins (R31): only in a game of two
        sides, since with three or four the others would play on, which the rules do
        not provide for.  Taking back the last move (``undo``) takes the resignation
        back with it."""
        if self._outcome is not None:
            raise IllegalMove(self.why_illegal(PASS_MOVE) or "the game is over")
        if colour not in self.seating.colours:
            raise IllegalMove(
                f"{COLOUR_NAMES.get(colour, repr(colour))} does not play in this game"
            )
        sides = self.sides
        if len(sides) != 2:
            raise IllegalMove("only a game between two sides can be resigned")
        return self._end(Outcome(next(s for s in sides if colour not in s), "resignation"))

    def agree_draw(self) -> Outcome:
        """The players agree to a draw (R31)."""
        if self._outcome is not None:
            raise IllegalMove(self.why_illegal(PASS_MOVE) or "the game is over")
        return self._end(Outcome(None, "agreement"))

    def _end(self, outcome: Outcome) -> Outcome:
        self._outcome = outcome
        self._legal = None
        self._redo.clear()
        return outcome

    def piece_at(self, square: int | str) -> tuple[str, int] | None:
        s = parse_square(square) if isinstance(square, str) else square
        owner = self._owner[s]
        return None if owner == EMPTY else (COLOURS[owner], self._value[s])

    def pieces(self) -> dict[int, tuple[str, int]]:
        return {
            s: (COLOURS[self._owner[s]], self._value[s]) for s in SQUARES if self._owner[s] != EMPTY
        }

    def reserve(self, colour: str) -> int:
        return self._reserve[COLOURS.index(colour)]

    def to_position(self) -> str:
        return format_position(self.pieces(), self.to_move, self.seating, self.rules)

    def turn_order(self) -> list[str]:
        """Seated colours from the one to move on."""
        return [COLOURS[c] for c in _turn_order(self.seating, self.to_move)]

    def is_adversary(self, colour: str, other: str) -> bool:
        return self._adversary[COLOURS.index(colour)][COLOURS.index(other)]

    def chains(self, colour: str) -> tuple[Chain, ...]:
        return self._chains_of(COLOURS.index(colour)).chains

    def protected(self, square: int | str) -> Chain | None:
        """R15: the well-formed chain that makes the die on ``square`` invulnerable."""
        s = parse_square(square) if isinstance(square, str) else square
        owner = self._owner[s]
        if owner == EMPTY or not self.rules.protection:
            return None
        if s not in self._chains_of(owner).well_formed:
            return None
        return next(c for c in self._chains_of(owner).chains if s in c.squares)

    def obliged(self) -> dict[int, tuple[int, ...]]:
        """R16: the obliged dice of the player to move, each with its legal
        captures (empty when it has none, so it forces nothing)."""
        if not self.rules.obligation or self._outcome:
            return {}
        ci = self._turn
        blocked = self._blocked(ci)
        return {s: tuple(self._captures_from(ci, s, blocked)) for s in self._obliged_dice(ci)}

    # ----- legal moves ---------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in a fixed order: enters by square, then each die in
        square order with its moves by destination, captures, +, -, re-roll.
        ``pass`` alone when nothing else is possible; empty once the game is over."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def is_legal(self, move: Move | str, *, live: bool = False) -> bool:
        """Whether ``play(move, live=live)`` would accept ``move``."""
        try:
            m = move if isinstance(move, Move) else Move.parse(move)
        except ValueError:
            return False
        if live and m.kind == REROLL and m.value:
            return False
        return m.unresolved in self.legal_moves() and malformed(m) is None

    def _blocked(self, ci: int) -> int:
        """Bits of the foreign rives where colour ``ci`` already stands (R14)."""
        count = self._count[ci]
        return sum(1 << r for r in range(4) if r != ci and count[r])

    def _generate(self) -> tuple[Move, ...]:
        if self._outcome is not None:
            return ()
        ci = self._turn
        rules = self.rules
        owner = self._owner
        value = self._value
        blocked = self._blocked(ci)
        mine = sorted(self._dice[ci])
        if rules.obligation and mine:
            forced = [
                CAPTURE_TABLE[s * 100 + t]
                for s in self._obliged_dice(ci)
                for t in self._captures_from(ci, s, blocked)
            ]
            if forced:
                return tuple(forced)
        moves: list[Move] = []
        if self._reserve[ci]:
            for t in RIVES[COLOURS[ci]]:
                if owner[t] == EMPTY and not RIVE_MASK[t] & blocked:
                    if rules.chance:
                        moves.append(ENTER_TABLE[t, 0])
                    else:
                        moves.extend([ENTER_TABLE[t, v] for v in range(1, FACES + 1)])
        chance = rules.chance
        for s in mine:
            stay = blocked & ~RIVE_MASK[s]
            if stay:
                die = [m for t, m in _STEPS[s] if owner[t] == EMPTY and not RIVE_MASK[t] & stay]
            else:
                die = [m for t, m in _STEPS[s] if owner[t] == EMPTY]
            for over, land in JUMPS[s]:
                if owner[over] != EMPTY and owner[land] == EMPTY:
                    base = s * 100
                    die.extend(
                        [
                            MOVE_TABLE[base + t]
                            for t in self._jump_reach(s)
                            if not RIVE_MASK[t] & stay
                        ]
                    )
                    die.sort()  # one kind and start square: by destination
                    break
            moves.extend(die)
            targets = self._captures_from(ci, s, blocked)
            if targets:
                moves.extend([CAPTURE_TABLE[s * 100 + t] for t in targets])
            v = value[s]
            if v < FACES:
                moves.append(UP_TABLE[s])
            if v > 1:
                moves.append(DOWN_TABLE[s])
            if chance:
                moves.append(REROLL_TABLE[s])
        return tuple(moves) if moves else (PASS_MOVE,)

    def _jump_reach(self, start: int) -> dict[int, int]:
        """R10: squares reachable by one or more jumps, each with the square it
        was reached from (breadth first, so the recorded path is a shortest one)."""
        owner = self._owner
        parent = {start: start}
        frontier = [start]
        for x in frontier:
            for over, land in JUMPS[x]:
                # over != start: the start square counts as empty while jumping
                if (
                    land not in parent
                    and owner[land] == EMPTY
                    and owner[over] != EMPTY
                    and over != start
                ):
                    parent[land] = x
                    frontier.append(land)
        del parent[start]
        return parent

    def jump_path(self, start: int, end: int) -> list[int]:
        """The squares a die visits going from ``start`` to ``end`` (for animation)."""
        if end in NEIGHBOURS[start]:
            return [start, end]
        parent = self._jump_reach(start)
        if end not in parent:
            return []
        path = [end]
        while path[-1] != start:
            path.append(parent.get(path[-1], start))
        return path[::-1]

    def _is_protected(self, square: int) -> bool:
        if not self.rules.protection:
            return False
        owner = self._owner[square]
        if not self._count[owner][_GOAL_INDEX[owner]]:
            return False  # only an anchored chain can be well-formed
        return square in self._chains_of(owner).well_formed

    def _captures_from(self, ci: int, s: int, blocked: int) -> list[int]:
        """R13–R15: the squares the die on ``s`` may capture."""
        owner = self._owner
        value = self._value
        adversary = self._adversary[ci]  # adversary[EMPTY] is False: see __init__
        stay = blocked & ~RIVE_MASK[s]
        v = value[s]
        return [
            t
            for t in NEIGHBOURS[s]
            if adversary[owner[t]]
            and value[t] <= v
            and not RIVE_MASK[t] & stay
            and not self._is_protected(t)
        ]

    def _obliged_dice(self, ci: int) -> list[int]:
        """R16: dice of ``ci`` touching an adversary's anchored chain and not in
        one of ``ci``'s own anchored chains."""
        danger: set[int] = set()
        for a in range(4):
            if self._adversary[ci][a] and self._count[a][_GOAL_INDEX[a]]:
                danger |= self._chains_of(a).anchored
        if not danger:
            return []
        own = self._chains_of(ci).anchored if self._count[ci][_GOAL_INDEX[ci]] else frozenset()
        return [
            s
            for s in sorted(self._dice[ci])
            if s not in own and any(t in danger for t in NEIGHBOURS[s])
        ]

    def _chains_of(self, ci: int) -> ColourChains:
        cached = self._chains[ci]
        if cached is None:
            cached = analyse(COLOURS[ci], self._dice[ci], self._value, GOAL_MASK[COLOURS[ci]])
            self._chains[ci] = cached
        return cached

    # ----- playing -------------------------------------------------------

    def play(self, move: Move | str, *, live: bool = False) -> Move:
        """Play a legal move (or its notation) and return it as played, a
        re-roll with its result.  ``IllegalMove`` leaves the game unchanged.

        A re-roll may name its result (``c3?5``), as records and replays do; one the
        dice would not give makes the game a transcription up to there (see
        ``transcribed``).  ``live=True`` is for a person at the board: the dice roll
        every re-roll, and one naming a result is refused with ``ChosenRoll`` whatever
        the result, so that a refusal tells nothing of the coming roll (R29)."""
        m = self._coerce(move)
        if m.unresolved not in self.legal_moves() or malformed(m):
            raise IllegalMove(self.why_illegal(m) or f"{m} is not legal here")
        if live and m.kind == REROLL and m.value:
            raise ChosenRoll(f"a re-roll's result is rolled, not chosen: play {m.unresolved}")
        self._branch()
        return self._apply(m)

    def push(self, move: Move) -> Move:
        """Play a move taken from ``legal_moves()`` without checking it again (for
        searches that already hold the list).  Any other move corrupts the game."""
        self._branch()
        return self._apply(move)

    def _branch(self) -> None:
        """A new move, not a redo: the moves taken back are gone, and with them any
        written results among them."""
        self._redo.clear()
        written = self._written
        while written and written[-1] >= len(self._history):
            written.pop()

    def undo(self) -> Move:
        """Take back the last action, restoring the position and the RNG state."""
        if not self._history:
            raise IllegalMove("there is nothing to undo")
        entry = self._history.pop()
        m = entry.move
        ci = entry.colour
        kind = m.kind
        if kind == MOVE:
            self._relocate(ci, m.to_square, m.from_square)
        elif kind == CAPTURE:
            self._relocate(ci, m.to_square, m.from_square)
            self._value[m.from_square] = entry.before
            self._place(entry.captured, m.to_square, entry.captured_value)
            self._reserve[entry.captured] -= 1
        elif kind == ENTER:
            self._remove(ci, m.to_square)
            self._reserve[ci] += 1
        elif kind in (ADJUST, REROLL):
            self._value[m.from_square] = entry.before
        if entry.rng_state is not None:
            self._rng.setstate(entry.rng_state)
        self._chains[ci] = entry.chains[0]
        if entry.captured != EMPTY:
            self._chains[entry.captured] = entry.chains[1]
        self._outcome = entry.outcome
        self._turn = ci
        self._legal = None
        self._redo.append(m)
        return m

    def redo(self) -> Move:
        """Play again the last action taken back (its re-roll result too)."""
        if not self._redo:
            raise IllegalMove("there is nothing to redo")
        return self._apply(self._redo.pop())

    def _coerce(self, move: Move | str) -> Move:
        if isinstance(move, Move):
            return move
        try:
            return Move.parse(move)
        except ValueError as error:
            raise IllegalMove(str(error)) from None

    def _apply(self, m: Move) -> Move:
        ci = self._turn
        kind = m.kind
        value = self._value
        captured = EMPTY
        captured_value = 0
        rng_state = None
        before = value[m.from_square] if m.from_square >= 0 else 0
        chains: tuple[ColourChains | None, ColourChains | None] = (self._chains[ci], None)
        if kind == MOVE:
            self._relocate(ci, m.from_square, m.to_square)
        elif kind == CAPTURE:
            t = m.to_square
            captured = self._owner[t]
            captured_value = value[t]
            chains = (self._chains[ci], self._chains[captured])
            self._remove(captured, t)
            self._reserve[captured] += 1
            self._chains[captured] = None
            self._relocate(ci, m.from_square, t)
            # R13: an equal take leaves 1, a lower one costs its value
            value[t] = 1 if captured_value == before else before - captured_value
        elif kind == ENTER:
            self._place(ci, m.to_square, m.value or 1)
            self._reserve[ci] -= 1
        elif kind == ADJUST:
            value[m.from_square] = before + m.value
        elif kind == REROLL:
            # Every re-roll draws once, even with a forced result, so that a
            # replayed record leaves the RNG exactly where the game left it.
            rng_state = self._rng.getstate()
            drawn = self._rng.randint(1, FACES)
            if m.value and m.value != drawn:
                self._written.append(len(self._history))
            m = REROLL_TABLE[m.from_square]._replace(value=m.value or drawn)
            value[m.from_square] = m.value
        if kind != PASS:
            self._chains[ci] = None
        self._history.append(
            _Undo(m, ci, before, captured, captured_value, rng_state, self._outcome, chains)
        )
        self._legal = None
        self._turn = self._next[ci]
        for x in (ci, captured):
            if x != EMPTY and self._meets_goal(x):
                self._outcome = self._goal_outcome(x)
                break
        else:
            # Every game ends by MAX_PLIES, so that its record can always be read (R30).
            if self.ply >= (self.max_plies or MAX_PLIES):
                self._outcome = Outcome(None, "ply_limit")
        return m

    def _place(self, ci: int, s: int, v: int) -> None:
        self._owner[s] = ci
        self._value[s] = v
        self._dice[ci].add(s)
        mask = RIVE_MASK[s]
        if mask:
            count = self._count[ci]
            for r in range(4):
                if mask >> r & 1:
                    count[r] += 1

    def _remove(self, ci: int, s: int) -> None:
        self._owner[s] = EMPTY
        self._dice[ci].discard(s)
        mask = RIVE_MASK[s]
        if mask:
            count = self._count[ci]
            for r in range(4):
                if mask >> r & 1:
                    count[r] -= 1

    def _relocate(self, ci: int, s: int, t: int) -> None:
        v = self._value[s]
        self._remove(ci, s)
        self._place(ci, t, v)

    # ----- goals (R19) ---------------------------------------------------

    def _meets_goal(self, ci: int) -> bool:
        if not self._count[ci][_GOAL_INDEX[ci]]:
            return False
        if self.rules.goal == 1:
            return True
        return self._chains_of(ci).has_chain_of(self.rules.goal)

    def _goal_outcome(self, ci: int) -> Outcome:
        colour = COLOURS[ci]
        if self.rules.goal == 1:
            goal = RIVE_BIT[OPPOSITE[colour]]
            chain: tuple[int, ...] = tuple(
                s for s in sorted(self._dice[ci]) if RIVE_MASK[s] & goal
            )[:1]
        else:
            chain = next(
                c.squares
                for c in self._chains_of(ci).chains
                if c.well_formed and len(c) == self.rules.goal
            )
        return Outcome(self.seating.team_of(colour), "goal", chain)

    # ----- records -------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game as a JSON-ready record (see record.py)."""
        return _record.to_record(self)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Replay a record (parsed JSON); ``RecordError`` names the first problem, a bad
        move by number.  Any data at all gives a game or a ``RecordError``: its size,
        nesting and types are checked before the moves, at most ``MAX_PLIES``, are
        replayed (R30), and a re-roll result its seed does not give is refused (R29)."""
        return _replay.from_record(data, cls)

    def to_text(self) -> str:
        return _record.to_text(_record.to_record(self))

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game of a record's text form; ``RecordError`` as ``from_record``."""
        return _replay.from_record(_record.from_text(text), cls)

    # ----- explanations --------------------------------------------------

    def why_illegal(self, move: Move | str) -> str | None:
        """Why ``move`` cannot be played now, in a player's words; ``None`` if legal."""
        return _explain.why_illegal(self, move)

    def explain(self) -> dict[str, Any]:
        """Everything the rules say about this position, JSON-ready (see explain.py)."""
        return _explain.explain(self)

    def __str__(self) -> str:
        return _text.board_text(self)

    def __repr__(self) -> str:
        return f"Game.from_position({self.to_position()!r})"


def _seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2^64 - 1, not {_shown(seed)}")
    return seed


def _shown(value: object) -> str:
    """A bad argument as a message shows it: a small number, else what it is."""
    if type(value) is int and -(10**9) < value < 10**9:
        return str(value)
    return kind_of(value)


def _turn_order(seating: Seating, first: str) -> list[int]:
    seated = [COLOURS.index(c) for c in seating.colours]
    i = seated.index(COLOURS.index(first))
    return seated[i:] + seated[:i]
