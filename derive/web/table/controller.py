"""The app's state and what each user action does to it: everything but the DOM.

``Controller`` holds the game, who plays each seat, the selection, the move list view,
messages, hints and the computer's turn.  Every action returns at once; what the page
must do afterwards (animate a move, ask the AI worker) is returned or exposed as plain
data.  No rule is decided here: legality, destinations and reasons come from the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ...board import COLOURS, OPPOSITE, RIVES, parse_square, square_name
from ...game import Game, IllegalMove
from ...notation import CAPTURE, MOVE, PASS, Move
from ..board import highlights, orientation
from ..board.svg import BoardView
from ..front.keys import ACTS
from ..words import i18n, why
from . import announce, ending, params, share
from .actionlog import ActionLog
from .state import Pending, Played

HUMAN: Final = "human"
AI_LEVELS: Final = ("random", "easy", "medium", "hard")
"""``derive.ai.LEVELS`` (a unit test keeps them equal), without importing the AI: the
page knows the computer's levels before its worker has started."""
AI_DEFAULT: Final = "medium"

Kind = Literal["info", "error", "success"]


@dataclass(frozen=True)
class Notice:
    kind: Kind
    text: str
    why: str | None = None
    """Where the rule behind it is explained (a "why?" link), if it comes from one."""


@dataclass
class Setup:
    """The new-game form: rule set, seats, teams, who starts.

    The defaults are a first visit's game: level 1 (where the Learn page says to start)
    against the weakest computer that still plays with a purpose.
    """

    rule_set: str = "L1"
    seats: dict[str, str] = field(default_factory=lambda: {"r": HUMAN, "y": "easy"})
    """Seated colours → ``"human"`` or an AI level (``"ai"``: the default level)."""
    teams: str | None = None
    """A team split such as ``"ry/bg"`` (all four colours seated), or ``None``."""
    start: str | None = None
    """The colour that starts, or ``None`` to roll for it (R5)."""

    def seating(self) -> str:
        if self.teams:
            return self.teams
        return "".join(c for c in COLOURS if c in self.seats)

    def problem(self) -> str | None:
        """An i18n key saying why this setup cannot start, or ``None``."""
        if len(self.seats) < 2:
            return "setup.need_two"
        if self.teams and len(self.seats) != 4:
            return "setup.teams_need_four"
        return None

    def seated(self, ai: dict[str, str]) -> Setup:
        """This setup with ``ai``'s colours played by the computer (a ``?ai=`` link).

        Someone opening such a link means to play against those seats, so a person
        sits opposite the first of them unless a seat is already theirs.
        """
        seats = dict(ai)
        if HUMAN not in seats.values():
            seats.setdefault(OPPOSITE[next(iter(ai))], HUMAN)
        ordered = {c: seats[c] for c in COLOURS if c in seats}
        start = self.start if self.start in ordered else None
        return Setup(self.rule_set, ordered, None, start)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule_set": self.rule_set,
            "seats": dict(self.seats),
            "teams": self.teams,
            "start": self.start,
        }

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """A setup from saved data; anything odd falls back to the defaults."""
        setup = cls()
        if not isinstance(data, dict):
            return setup
        if isinstance(data.get("rule_set"), str):
            setup.rule_set = data["rule_set"]
        seats = data.get("seats")
        if isinstance(seats, dict) and all(
            c in COLOURS and isinstance(v, str) for c, v in seats.items()
        ):
            setup.seats = dict(seats)
        if isinstance(data.get("teams"), str):
            setup.teams = data["teams"]
        if data.get("start") in tuple(COLOURS):
            setup.start = data["start"]
        return setup


@dataclass(frozen=True)
class ThinkRequest:
    token: int
    position: str
    level: str
    seed: int
    record: str
    """The game so far (JSON record): the AI avoids going round in a loop."""


@dataclass
class Thinking:
    token: int
    colour: str
    depth: int = 0


@dataclass(frozen=True)
class HintView:
    ply: int
    position: str
    move: str
    reason: str


AiState = Literal["unknown", "starting", "ready", "unavailable"]


Sign = Literal["+", "-", "?"]
"""What an action does to the selected die: one up, one down, a re-roll."""


def sign_of(button: str) -> Sign | None:
    """The sign of an action button (``front.keys.ACTS``, the one table of them: ``up``,
    ``down``, ``reroll``), ``None`` for any other button."""
    sign = ACTS.get(button)
    return "+" if sign == "+" else "-" if sign == "-" else "?" if sign == "?" else None


class Controller:
    def __init__(self, lang: str = i18n.DEFAULT_LANGUAGE, *, setup: Setup | None = None) -> None:
        self.lang = lang
        self.setup = setup or Setup()
        self.game, self.seats = self.placeholder()
        self.selected: str | None = None
        self.picking: str | None = None
        """A free rive square waiting for the entering die's value (no-chance rule sets)."""
        self.cursor: str = "e5"
        self.cursor_shown = False
        """The keyboard cursor is drawn only while the keyboard is in use."""
        self.flip = False
        """``flip=1``: games open seen from the side opposite the usual one."""
        self.bottom = "r"
        """The colour whose rive is drawn at the bottom."""
        self.view_ply: int | None = None
        """A past position shown from the move list; ``None``: the live game."""
        self.notice: Notice | None = None
        self.announcement = ""
        self.hint: HintView | None = None
        self.hint_pending: int | None = None
        self.thinking: Thinking | None = None
        self.paused = False
        self.pending: Pending | None = None
        """A resignation to confirm or a draw offered, waiting for its answer."""
        self.ai_state: AiState = "unknown"
        # Known before the worker runs, so the first setup already offers the computer.
        self.ai_levels: tuple[str, ...] = AI_LEVELS
        self.ai_default = AI_DEFAULT
        self.ai_error = ""
        self.fresh_start_roll = False
        """The game was just set up by a roll: the page shows it once."""
        self.touch = False
        """The last input was a finger or a pen: the words say "tap", not "click"."""
        self.log = ActionLog()
        self._token = 0
        self._replays: dict[int, Game] = {}
        self._explanation: dict[str, Any] | None = None

    # ----- words ---------------------------------------------------------

    def t(self, key: str, **fields: object) -> str:
        return i18n.t(self.lang, key, **fields)

    def engine_text(self, message: str) -> str:
        """An engine message in the page's language, in players' words (no rule ids)."""
        if self.lang != "fr":
            return why.plain(message)
        # Imported on first use: its ~80 patterns compile at import, a cost English
        # players need not pay at start-up.
        from ..words import engine_fr

        return why.plain(engine_fr.translate(message))

    def refusal(self, message: str, kind: Kind = "error") -> Notice:
        """An engine refusal as the player reads it, with a "why?" link to its rule."""
        return Notice(kind, self.engine_text(message), why.link_for(message, self.lang))

    def hint_text(self, reason: str) -> str:
        """The AI's reason for a hint, in the page's language."""
        if self.lang != "fr":
            return reason
        from ..words import engine_fr

        return engine_fr.translate_hint(reason)

    def colour_name(self, colour: str) -> str:
        return i18n.colour(self.lang, colour)

    # ----- seats and the AI ---------------------------------------------

    def set_ai_levels(self, levels: tuple[str, ...], default: str | None = None) -> None:
        """The AI worker is ready with these levels (weakest first)."""
        self.ai_levels = levels
        self.ai_default = default or levels[len(levels) // 2]
        self.ai_state = "ready"
        self.seats = {c: self._level(v) for c, v in self.seats.items()}

    def set_ai_unavailable(self, reason: str) -> None:
        """The computer cannot play; ``reason`` is the developers' (the console's), never
        shown to a player, who is told the computer is not available."""
        self.ai_state = "unavailable"
        self.ai_error = reason
        print(f"The computer player is not available: {reason}")
        self.thinking = None
        self.hint_pending = None

    def _level(self, seat: str) -> str:
        if seat == HUMAN:
            return HUMAN
        if seat == "ai" or (self.ai_levels and seat not in self.ai_levels):
            return self.ai_default or "ai"
        return seat

    def is_ai(self, colour: str) -> bool:
        return self.seats.get(colour, HUMAN) != HUMAN

    def computers(self) -> dict[str, str]:
        """The seats the computer plays, each with its level (a link's ``ai=``)."""
        return {c: v for c, v in self.seats.items() if v != HUMAN}

    def has_human(self) -> bool:
        return any(not self.is_ai(c) for c in self.game.seating.colours)

    def human_to_move(self) -> bool:
        """A person may act on the board now."""
        return self.view_ply is None and not self.game.is_over and not self.is_ai(self.game.to_move)

    def ai_to_move(self) -> bool:
        return (
            self.view_ply is None
            and not self.game.is_over
            and self.is_ai(self.game.to_move)
            and not self.paused
        )

    def think_request(self) -> ThinkRequest | None:
        """Start the computer's turn if it is one (and the AI is ready)."""
        if self.thinking is not None or self.ai_state != "ready" or not self.ai_to_move():
            return None
        self._token += 1
        colour = self.game.to_move
        self.thinking = Thinking(self._token, colour)
        seed = (self.game.seed * 1_000_003 + self.game.ply) % 2**32
        return ThinkRequest(
            self._token,
            self.game.to_position(),
            self.seats[colour],
            seed,
            json.dumps(self.game.record(), separators=(",", ":")),
        )

    def is_current(self, token: int) -> bool:
        return self.thinking is not None and self.thinking.token == token

    def think_progress(self, token: int, depth: int) -> None:
        if self.thinking is not None and self.thinking.token == token:
            self.thinking.depth = depth

    def think_done(self, token: int, move: str) -> Played | None:
        """The AI's move for request ``token``; stale answers are dropped."""
        if not self.is_current(token):
            return None
        self.thinking = None
        try:
            return self._play(move, by_ai=True)
        except IllegalMove as error:
            self.set_ai_unavailable(str(error))
            self.notice = Notice("error", self.t("status.ai_unavailable"))
            return None

    def think_failed(self, token: int, reason: str) -> None:
        if self.is_current(token):
            self.set_ai_unavailable(reason)
            self.notice = Notice("error", self.t("status.ai_unavailable"))

    def cancel_thinking(self) -> None:
        self.thinking = None
        self._token += 1

    def resume(self) -> None:
        self.paused = False

    # ----- hints ---------------------------------------------------------

    def hint_request(self) -> tuple[int, str] | None:
        """``(token, position)`` to ask the worker for a hint, when one makes sense."""
        if not self.human_to_move() or self.ai_state != "ready":
            return None
        self._token += 1
        self.hint_pending = self._token
        self.hint = None
        self.notice = Notice("info", self.t("hint.thinking"))
        return self._token, self.game.to_position()

    def hint_done(self, token: int, move: str | None, reason: str) -> None:
        if token != self.hint_pending:
            return
        self.hint_pending = None
        if not move or not self.game.is_legal(move):
            self.notice = Notice("info", self.t("hint.unavailable"))
            return
        self.hint = HintView(self.game.ply, self.game.to_position(), move, reason)
        text = self.t("hint.text", move=move)
        self.notice = Notice("info", f"{text} — {reason}" if reason else text)

    def current_hint(self) -> str | None:
        hint = self.hint
        if hint and hint.ply == self.game.ply and hint.position == self.game.to_position():
            return hint.move
        return None

    # ----- starting games ------------------------------------------------

    def new_game(self, setup: Setup, *, seed: int | None = None) -> None:
        """Start the game ``setup`` describes (``ValueError`` if it cannot start)."""
        problem = setup.problem()
        if problem:
            raise ValueError(self.t(problem))
        game = Game.new(setup.seating(), setup.rule_set, seed=seed, start=setup.start)
        self.setup = setup
        self._install(game, {c: self._level(v) for c, v in setup.seats.items()})
        self.fresh_start_roll = bool(game.start_roll)

    def rematch(self) -> None:
        """A new game of the same rules and players, the colours moved round
        (``ending.rematch_seats``); a chosen starting colour stays, so the start too
        goes to someone else."""
        seating = self.game.seating
        seats = ending.rematch_seats(seating, self.seats)
        start = self.setup.start if self.setup.start in seats else None
        teams = str(seating) if seating.teams else None
        self.new_game(Setup(self.game.rules.id, seats, teams, start))

    @staticmethod
    def placeholder() -> tuple[Game, dict[str, str]]:
        # Until a game is chosen, the one under the form is the form's own first game, so
        # that a first visit's page says what its dialog offers (and the page prerendered
        # by tools/pages/build_web.py is the one Python draws).
        first = Setup()
        return Game.new(first.seating(), first.rule_set, start="r"), dict(first.seats)

    def open_placeholder(self) -> None:
        """The game under the new-game form when there is none to go back to."""
        self._install(*self.placeholder())
        self.setup = Setup()

    def open_game(self, game: Game, ai: dict[str, str] | None = None) -> None:
        """Play on from ``game`` (a position, a shared or imported game)."""
        seats = {c: HUMAN for c in game.seating.colours}
        for colour, level in (ai or {}).items():
            if colour in seats:
                seats[colour] = self._level(level)
        self._install(game, seats)
        # "New game" starts from what is on the table now.
        teams = str(game.seating) if game.seating.teams else None
        self.setup = Setup(game.rules.id, dict(seats), teams, self.setup.start)

    def _install(self, game: Game, seats: dict[str, str]) -> None:
        self.cancel_thinking()
        self.game = game
        self.seats = seats
        humans = [c for c, v in seats.items() if v == HUMAN]
        self.bottom = orientation.default_bottom(game.seating.colours, humans, flip=self.flip)
        self.paused = False
        self.fresh_start_roll = False
        self._clear_for_history()

    def _changed(self) -> None:
        self._explanation = None

    def changed_outside(self) -> None:
        """The game was changed by something else than a move (a resignation, a draw)."""
        self._changed()

    # ----- what is shown -------------------------------------------------

    def shown_game(self) -> Game:
        """The live game, or the past position picked in the move list."""
        if self.view_ply is None:
            return self.game
        ply = self.view_ply
        replay = self._replays.get(ply)
        if replay is None:
            replay = Game.from_position(self.game.start_position, seed=self.game.seed)
            for move in self.game.moves[:ply]:
                replay.play(move)
            self._replays[ply] = replay
        return replay

    def explanation(self) -> dict[str, Any]:
        if self._explanation is None:
            self._explanation = self.shown_game().explain()
        return self._explanation

    def board_view(self) -> BoardView:
        interactive = self.human_to_move() and self.thinking is None
        return highlights.board_view(
            self.explanation(),
            selected=self.selected if interactive else None,
            interactive=interactive,
            show_enters=interactive,
            hint=self.current_hint() if interactive else None,
            cursor=self.cursor if self.cursor_shown else None,
            lang=self.lang,
            bottom=self.bottom,
        )

    def turn_board(self) -> None:
        """Show the board from the next seat round the table."""
        self.bottom = orientation.next_bottom(self.bottom, self.game.seating.colours)

    def selected_options(self) -> dict[str, Any] | None:
        """The engine's actions for the selected die (destinations, captures, ±, re-roll)."""
        if self.selected is None or not self.human_to_move():
            return None
        options: dict[str, Any] | None = self.explanation()["moves"].get(self.selected)
        return options

    def must_pass(self) -> bool:
        return self.human_to_move() and [str(m) for m in self.game.legal_moves()] == ["pass"]

    def enter_values(self) -> list[int]:
        """Values the picker offers for the square being entered."""
        if self.picking is None:
            return []
        values: list[int] = self.explanation()["enter"].get(self.picking, [])
        return values

    # ----- playing -------------------------------------------------------

    def _play(self, move: str | Move, *, by_ai: bool = False) -> Played:
        game = self.game
        try:
            parsed = Move.parse(move) if isinstance(move, str) else move
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        colour = game.to_move
        path: tuple[str, ...] = ()
        taken = game.piece_at(parsed.to_square) if parsed.kind == CAPTURE else None
        if parsed.kind == MOVE and game.is_legal(parsed):
            path = tuple(
                square_name(s) for s in game.jump_path(parsed.from_square, parsed.to_square)
            )
        # A person never chooses a roll ("c3?5" is for records and replays): fair dice.
        played = game.play(parsed, live=True)
        piece = game.piece_at(played.to_square) if played.kind != PASS else None
        value = piece[1] if piece else 0
        self.selected = None
        self.picking = None
        self.hint = None
        self.hint_pending = None
        self.notice = None
        self.pending = None  # a move answers a draw offer: no
        self._changed()
        result = Played(colour, str(played), played.kind, path, value, by_ai, taken)
        self.announcement = announce.sentence(result, self.lang, self.yours())
        return result

    def yours(self) -> str | None:
        """The colour "your" means: the one seat a person plays, if there is one."""
        humans = [c for c in self.game.seating.colours if not self.is_ai(c)]
        return humans[0] if len(humans) == 1 else None

    def recent(self, count: int = 5) -> list[str]:
        """The last ``count`` actions of the live game in words, the latest first."""
        played = self.log.recent(self.game, count)
        return [announce.sentence(p, self.lang, self.yours()) for p in reversed(played)]

    def play(self, move: str) -> Played | None:
        """Play a move typed or picked by a person; an illegal one sets the reason."""
        if not self.human_to_move():
            self.notice = Notice("error", self._not_your_turn())
            return None
        try:
            return self._play(move.strip())
        except IllegalMove as error:
            self.notice = self.refusal(str(error))
            return None

    def _not_your_turn(self) -> str:
        if self.view_ply is not None:
            return self.t("history.read_only", ply=self.view_ply)
        if self.game.is_over:
            reason = self.game.why_illegal("pass") or ""
            return self.engine_text(reason)
        return self.t("status.thinking", colour=self.colour_name(self.game.to_move))

    def click(self, name: str, *, keyboard: bool = False) -> Played | None:
        """A click (or Enter on the keyboard cursor) on square ``name``."""
        self.cursor = name
        self.cursor_shown = keyboard
        if not self.human_to_move():
            if not self.game.is_over or self.view_ply is not None:
                self.notice = Notice("info", self._not_your_turn())
            return None
        self.picking = None  # a click elsewhere closes the value picker
        explanation = self.explanation()
        colour = self.game.to_move
        options = self.selected_options()
        if options is not None and self.selected is not None:
            if name in options["destinations"]:
                return self.play(f"{self.selected}-{name}")
            if name in options["captures"]:
                return self.play(f"{self.selected}x{name}")
            if name == self.selected:
                self.selected = None
                self.notice = None
                return None
        piece = self.game.piece_at(name)
        if piece is not None and piece[0] == colour:
            if name in explanation["moves"]:
                self.selected = name
                self.notice = None
            else:
                self.selected = None
                reason = self.game.why_illegal(f"{name}+") or self.game.why_illegal(f"{name}-")
                self.notice = self.refusal(reason or "")
            return None
        if name in explanation["enter"]:
            self.selected = None
            if self.game.rules.chance:
                return self.play(f"+{name}")
            self.picking = name
            self.notice = None
            return None
        kind: Kind = "error"
        if self.selected is not None:
            attempt = f"{self.selected}x{name}" if piece else f"{self.selected}-{name}"
        elif piece is None and parse_square(name) in RIVES[colour]:
            attempt = f"+{name}=1" if not self.game.rules.chance else f"+{name}"
        else:
            # Nothing selected and none of the player's dice there: nothing was refused,
            # the player is finding their way, so the words come as a hint.
            attempt, kind = f"{name}+", "info"
        reason = self.game.why_illegal(attempt)
        self.notice = self.refusal(reason, kind) if reason else None
        return None

    def pick_value(self, value: int) -> Played | None:
        if self.picking is None:
            return None
        square = self.picking
        self.picking = None
        return self.play(f"+{square}={value}")

    def act(self, action: Sign) -> Played | None:
        """+1, −1 or re-roll on the selected die."""
        if self.selected is None:
            if self.human_to_move():
                self.notice = Notice(
                    "error", self.t("status.your_move", colour=self.colour_name(self.game.to_move))
                )
            return None
        return self.play(f"{self.selected}{action}")

    def escape(self) -> None:
        self.selected = None
        self.picking = None
        self.notice = None

    # ----- keyboard cursor ----------------------------------------------

    def move_cursor(self, direction: orientation.Diagonal) -> None:
        """Arrow keys walk the diagonals of play, as the board is drawn."""
        self.cursor_shown = True
        self.cursor = orientation.step_cursor(self.cursor, direction, self.bottom)

    # ----- history -------------------------------------------------------

    def undo(self) -> bool:
        """Take back the last move; against the computer, back to the person's turn."""
        game = self.game
        if game.moves and not self.can_undo():
            return False  # the button is off: a resignation or agreed draw stands
        self.cancel_thinking()
        if not game.moves:
            self.notice = Notice("error", self.engine_text("there is nothing to undo"))
            return False
        self._clear_for_history()
        game.undo()
        if self.has_human():
            while game.moves and self.is_ai(game.to_move):
                game.undo()
        else:
            self.paused = True
        self.announcement = self.t("say.undo")
        return True

    def redo(self) -> bool:
        self.cancel_thinking()
        game = self.game
        if not game.can_redo():
            self.notice = Notice("error", self.engine_text("there is nothing to redo"))
            return False
        self._clear_for_history()
        game.redo()
        while game.can_redo() and self.is_ai(game.to_move) and self.has_human():
            game.redo()
        self.announcement = self.t("say.redo")
        return True

    def _clear_for_history(self) -> None:
        """Forget what belonged to the position left behind: selection, picker, hint,
        message, the move-list view and its replays."""
        self.selected = None
        self.picking = None
        self.view_ply = None
        self.hint = None
        self.hint_pending = None
        self.notice = None
        self.pending = None
        self._replays = {}
        self._changed()

    def can_undo(self) -> bool:
        # A resignation or an agreed draw is final, as at the table.
        outcome = self.game.outcome
        early = outcome is not None and outcome.termination in ("resignation", "agreement")
        return bool(self.game.moves) and not early

    def can_redo(self) -> bool:
        return self.game.can_redo()

    def view(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (``None`` or the last ply: live)."""
        if ply is not None and not 0 <= ply < self.game.ply:
            ply = None
        self.view_ply = ply
        self.selected = None
        self.picking = None
        self.hint = None  # it was for the live position: never show it beside another
        self.notice = None
        self._changed()

    def step_view(self, delta: int) -> None:
        current = self.game.ply if self.view_ply is None else self.view_ply
        self.view(max(0, min(self.game.ply, current + delta)))

    def status(self) -> str:
        """One line: whose turn, who is thinking, who won."""
        game = self.shown_game()
        if self.view_ply is not None:
            return self.t("status.viewing", ply=self.view_ply, total=self.game.ply)
        outcome = game.outcome
        if outcome is not None:
            if outcome.winner is None:
                agreed = outcome.termination == "agreement"
                return self.t("status.draw.agreed" if agreed else "status.draw")
            key = "status.won.team" if len(outcome.winner) > 1 else "status.won"
            return self.t(key, side=i18n.side(self.lang, outcome.winner))
        who = self.colour_name(game.to_move)
        if self.is_ai(game.to_move):
            if self.ai_state == "unavailable":
                return self.t("status.ai_unavailable")
            if self.paused:
                return self.t("status.paused")
            if self.ai_state in ("unknown", "starting"):
                return self.t("status.ai_starting")
            return self._after_capture(self.t("status.thinking", colour=who))
        if self.must_pass():
            return self.t("status.must_pass", colour=who)
        if self.picking:
            return self.t("status.pick_value", square=self.picking)
        if self.selected:
            key = "status.selected.touch" if self.touch else "status.selected"
            return self.t(key, square=self.selected)
        return self._after_capture(self.t("status.to_move", colour=who))

    def _after_capture(self, status: str) -> str:
        """``status`` after the words of a capture just made: what the computer took
        must not pass unseen (the board alone changes little)."""
        last = self.log.recent(self.game, 1)
        taken = last[0].taken if last else None
        if taken is None:
            return status
        played = last[0]
        took = self.t(
            "status.took",
            colour=self.colour_name(played.colour),
            die=announce.whose(taken, self.lang, self.yours()),
            square=played.move[played.move.index("x") + 1 :],
        )
        return f"{took} {status}"

    def obligation_text(self) -> str | None:
        """The R16 announcement when it is in force for the side to move."""
        explanation = self.explanation()
        obligation = explanation["obligation"]
        if not obligation["in_force"] or explanation["winner"] or explanation["drawn"]:
            return None
        moves = [
            f"{square}x{target}"
            for square, targets in obligation["obliged"].items()
            for target in targets
        ]
        word = " ou " if self.lang == "fr" else " or "
        return self.t(
            "obligation.text",
            colour=self.colour_name(explanation["to_move"]),
            moves=word.join(moves),
        )

    # ----- files and links (saving: the shelf room, derive/web/shelf/) ----------------------------

    def export_file(self) -> tuple[str, str]:
        return share.export_file(self.game, ai=params.ai_text(self.computers()))

    def share_query(self) -> str:
        """The query string of a link that reproduces this game and its seats."""
        query = f"?game={share.encode(self.game)}"
        ai = self.computers()
        if ai:
            query += f"&ai={params.ai_text(ai)}"
        return query
