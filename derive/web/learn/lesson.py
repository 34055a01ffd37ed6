"""One live board of the Learn pages, without the browser: a lesson's state and what each
click, key or step button does to it.

``LessonBoard`` holds the lesson's game and where the reader is in it:

* *watch*: ``next()`` / ``prev()`` step through the lesson's moves and return what moved
  (for the animation) with the step's sentence; ``goto(ply)`` jumps to a step;
* *try*: ``click(square)`` — a die, then a square, as in the game — plays for the side to
  move; an illegal attempt returns the engine's reason.  On a Learn page the learner's side
  (the one to move at the start) plays every turn: after its move the others pass, the
  position being reopened with the learner to move, so that "try this too" is the
  learner's try again and the engine still judges it (``Lesson.turns``);
* *exercise*: the same clicks, but a move is checked against the solution: a right one
  solves the task (or, in a longer solution, plays the other side's reply), a wrong one is
  explained — by the lesson's own words for a typical mistake, else by the engine's reason,
  else by what the move fails to do — and taken back.  As in lichess's puzzles, the board
  first shows the reply that makes it fail when the engine finds one (``refutation``): a
  winning reply, or for a protection task a capture of a die it should have protected;
  ``take_back()`` then returns to the task.  ``solve()`` plays the solution on the board.

The clicks go through the game's own ``Controller`` (its selection, value picker, refusals
and French messages), so a lesson board behaves exactly as the game's board; legality,
destinations and reasons all come from the engine.  Rule ids in the engine's messages are
left out: on the Learn pages they belong to the reference section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from ...board import square_name
from ...game import Game, IllegalMove
from ...notation import CAPTURE, MOVE, PASS, REROLL, Move
from ..board import highlights
from ..board.orientation import Diagonal
from ..board.svg import BoardView
from ..table.controller import Controller, Notice, Sign
from ..table.state import Played
from ..words import i18n
from .lessons import NO_WORDS, Lesson, Mode, Step, Wrong, pointer_words

Result = Literal[
    "selected",
    "cleared",
    "picking",
    "refused",
    "played",
    "right",
    "wrong",
    "solved",
    "shown",
    "ignored",
]

_RULE_REF: Final = re.compile(r" ?\(R\d+\)|, R\d+(?=\))")
_FR_COLON: Final = re.compile(r"(?<=[^\s\d]):(?=\s|$)")
_YES: Final = re.compile(r"^(?:Yes|Oui)\s*[:.]\s*")
"""A right answer's opening "Yes:" / "Oui :", which says the reader found it."""

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "step": "Step {n} of {total}",
        "start": "Start position",
        "go_on": "Right. Now the next move.",
        "solved": "Solved!",
        "solved.already": "Already solved. Start again to try another answer.",
        "watch": "Use the step buttons to follow the moves.",
        "view": "This board shows a position: there is nothing to play on it.",
        "wrong.reroll": "A re-roll leaves it to luck: find a move that is sure to work.",
        "wrong.win": "{move} is allowed, but it does not win.",
        "wrong.protect": "{move} is allowed, but afterwards {squares} are not all protected.",
        "wrong.capture": "{move} is allowed, but it is not a capture.",
        "wrong.enter": "{move} is allowed, but it does not enter a die.",
        "wrong.defend": "{move} is allowed, but then {colour} can still win.",
        "wrong.other": "{move} is allowed, but it is not the answer.",
        "to_move": "{colour} to play.",
        "over": "Game over.",
        "over.again": "Start again to replay it.",
        "side": "{colour} ({reserve} in reserve): {dice}.",
        "die": "{value} on {square}",
        "none": "no die on the board",
        "no_solution": "no solution given",
        "selected.try": "{square} selected: {click} a highlighted square",
        "selected.exercise": "{square} selected: {click} the square it goes to, or choose an "
        "action",
        "refuted": "{colour} would answer {move}.",
        "passes.one": "{colour} passes on this board: {learner} to play again.",
        "passes.many": "The others pass on this board: {learner} to play again.",
        "shown": "The solution: {moves}.",
    },
    "fr": {
        "step": "Étape {n} sur {total}",
        "start": "Position de départ",
        "go_on": "Bien vu. Au coup suivant, maintenant.",
        "solved": "Bravo, c’est la solution !",
        "solved.already": "Déjà résolu. Recommencez pour essayer une autre réponse.",
        "watch": "Suivez les coups avec les boutons d’étape.",
        "view": "Ce plateau montre une position : il n’y a rien à y jouer.",
        "wrong.reroll": "Relancer, c’est s’en remettre au hasard : cherchez un coup sûr.",
        "wrong.win": "{move} est permis, mais ne gagne pas.",
        "wrong.protect": "{move} est permis, mais ensuite {squares} ne sont pas tous protégés.",
        "wrong.capture": "{move} est permis, mais ce n’est pas une prise.",
        "wrong.enter": "{move} est permis, mais il n’entre pas de dé.",
        "wrong.defend": "{move} est permis, mais {colour} peut encore gagner ensuite.",
        "wrong.other": "{move} est permis, mais ce n’est pas la réponse.",
        "to_move": "À {colour} de jouer.",
        "over": "Partie terminée.",
        "over.again": "Recommencez pour la rejouer.",
        "side": "{colour} ({reserve} en réserve) : {dice}.",
        "die": "{value} en {square}",
        "none": "aucun dé sur le plateau",
        "no_solution": "aucune solution donnée",
        "selected.try": "{square} choisi : {click} une case en surbrillance",
        "selected.exercise": "{square} choisi : {click} la case où il va, ou choisissez une action",
        "refuted": "{colour} répondrait {move}.",
        "passes.one": "{colour} passe sur ce plateau : à {learner} de rejouer.",
        "passes.many": "Les autres passent sur ce plateau : à {learner} de rejouer.",
        "shown": "La solution : {moves}.",
    },
}


def words(lang: str, key: str, *, touch: bool = False, **fields: object) -> str:
    """A sentence of ``WORDS``; ``touch``: said to a touch screen's user ("tap")."""
    table = WORDS["fr" if lang == "fr" else "en"]
    return pointer_words(table[key], lang, touch=touch).format(**fields)


def plain(text: str, lang: str = "en") -> str:
    """A text as the reader sees it in a message: no rule ids, no notation backticks, and
    in French a space before a colon (which taking out "(R16)" may have lost)."""
    text = _RULE_REF.sub("", text).replace("`", "")
    return _FR_COLON.sub(" :", text) if lang == "fr" else text


class LessonSetupError(ValueError):
    """A lesson (typically one built from an embed's parameters) that cannot be played;
    the message says what is wrong and ``part`` which part it is: ``"position"``,
    ``"moves"`` or ``"solution"``."""

    def __init__(self, message: str, part: str = "position") -> None:
        super().__init__(message)
        self.part = part


@dataclass(frozen=True)
class StepMove:
    """What a step button did: the move to animate and the sentence to show."""

    ply: int
    """The step now shown (0: the start position)."""
    move: str
    """The move played (``forward``) or taken back, in notation."""
    colour: str
    kind: str
    path: tuple[str, ...]
    """For a step or jump, the squares the die visits, start first (forward order even
    when ``forward`` is false: the page runs it backwards)."""
    forward: bool
    text: str
    """The explanation of the step now shown ("" at the start)."""
    counter: str
    """"Step 2 of 5" or "Start position"."""


@dataclass(frozen=True)
class Attempt:
    """What a click, key or typed move did on a try or exercise board."""

    result: Result
    played: Played | None = None
    """The reader's move; for ``wrong`` it has already been taken back."""
    replies: tuple[Played, ...] = ()
    """Moves the lesson played after it (the other side's part of a longer solution, or
    every move of the solution ``solve()`` showed)."""
    message: Notice | None = None
    refutation: Played | None = None
    """For ``wrong``: the reply the board played to show why it fails; the board shows
    both moves until ``take_back()``."""


class LessonBoard:
    """The live state of one lesson; see the module's docstring."""

    def __init__(
        self, lesson: Lesson, lang: str = i18n.DEFAULT_LANGUAGE, *, flip: bool = False
    ) -> None:
        self.lesson = lesson
        self.lang = lang
        self._ctl = Controller(lang)
        self._ctl.flip = flip  # seen from the other side (an embed's flip=1)
        self._played: list[Played] = []
        self._solver = ""
        self._index = 0
        self.ply = 0
        self.solved = False
        self.shown = False
        """The solution was shown (``solve()``), not found."""
        self.refuted = False
        """A wrong move and its refutation are on the board, waiting for ``take_back()``."""
        self.touch = False
        """The reader's last gesture was a touch: the words say "tap", not "click"."""
        self.message: Notice | None = None
        self.reset()

    @classmethod
    def custom(
        cls,
        position: str,
        *,
        mode: Mode = "watch",
        moves: Sequence[str] = (),
        solution: str = "",
        select: str = "",
        flip: bool = False,
        lang: str = i18n.DEFAULT_LANGUAGE,
        seed: int = 1,
    ) -> LessonBoard:
        """A lesson made of parts (an embedded board's parameters), checked by the engine:
        ``LessonSetupError`` names the first bad part (in ``lang``)."""
        ctl = Controller(lang)
        try:
            game = Game.from_position(position, seed=seed)
        except ValueError as error:
            raise LessonSetupError(plain(ctl.engine_text(str(error)), lang)) from None
        _check_line(game.copy(), moves, ctl, lang, "moves")
        lesson = Lesson(
            id="custom",
            area="",
            mode=mode,
            position=game.to_position(),
            title=NO_WORDS,
            text=NO_WORDS,
            steps=tuple(Step(move, NO_WORDS) for move in moves),
            solution=" ".join(solution.split()),
            select=select,
            seed=seed,
            turns="all",  # an embed's try board: the reader plays every side
        )
        if mode == "exercise":
            line = lesson.solution_line()
            if not line:
                raise LessonSetupError(words(lang, "no_solution"), "solution")
            for alternative in line[0]:
                moves = (alternative, *(a[0] for a in line[1:]))
                _check_line(game.copy(), moves, ctl, lang, "solution")
        return cls(lesson, lang, flip=flip)

    # ----- what is shown -------------------------------------------------

    @property
    def game(self) -> Game:
        return self._ctl.game

    @property
    def mode(self) -> Mode:
        return self.lesson.mode

    @property
    def controller(self) -> Controller:
        """The game's controller behind the board: the page draws its value picker with
        the game's own panel."""
        return self._ctl

    @property
    def position(self) -> str:
        return self.game.to_position()

    @property
    def total(self) -> int:
        """A watch lesson's number of steps."""
        return len(self.lesson.steps)

    @property
    def selected(self) -> str | None:
        return self._ctl.selected

    @property
    def picking(self) -> str | None:
        """A rive square waiting for the entering die's value (no-chance rule sets)."""
        return self._ctl.picking

    def can_prev(self) -> bool:
        return self.mode == "watch" and self.ply > 0

    def can_next(self) -> bool:
        return self.mode == "watch" and self.ply < self.total

    def title(self) -> str:
        return plain(self.lesson.title.of(self.lang), self.lang)

    def text(self) -> str:
        said = pointer_words(self.lesson.text.of(self.lang), self.lang, touch=self.touch)
        return plain(said, self.lang)

    def status(self) -> str:
        """One line: whose turn, what is selected (in the lesson's words: an exercise
        highlights no destination), who won."""
        selected = self.selected
        if selected is None or self.picking or self.game.is_over:
            return self._ctl.status()
        key = "selected.exercise" if self.mode == "exercise" else "selected.try"
        return words(self.lang, key, touch=self.touch, square=selected)

    def step_text(self, ply: int | None = None) -> str:
        """The sentence of step ``ply`` (the one shown by default); "" at the start."""
        ply = self.ply if ply is None else ply
        return plain(self.lesson.steps[ply - 1].say.of(self.lang), self.lang) if ply else ""

    def counter(self) -> str:
        if not self.ply:
            return words(self.lang, "start")
        return words(self.lang, "step", n=self.ply, total=self.total)

    def board_view(self) -> BoardView:
        """The board to draw (``svg.render_board``): the game's own view on a try board;
        on a watch board no moves are offered; an exercise shows the position and the
        selected die but not the moves, targets or obligation marks that would give its
        answer away."""
        ctl = self._ctl
        explanation = ctl.explanation()
        if self.mode == "try" and not self.game.is_over:
            view = ctl.board_view()
            # Reopened for the learner (the others passed): the move is still the last one.
            return replace(view, last=self._last) if not self.game.moves else view
        cursor = ctl.cursor if ctl.cursor_shown else None
        if self.mode == "exercise" and not self.solved:
            quiet: dict[str, Any] = dict(explanation)
            quiet["obligation"] = {"in_force": False, "obliged": {}}
            return highlights.board_view(
                quiet,
                selected=self.selected,
                interactive=False,
                cursor=cursor,
                lang=self.lang,
                bottom=ctl.bottom,
            )
        # A watch board may open on a die's moves (an embed's select=c3): a picture of
        # what that die can do, gone once the moves are stepped through.
        shown = self.lesson.select if self.mode == "watch" and not self.ply else None
        return highlights.board_view(
            explanation,
            selected=shown or None,
            interactive=bool(shown),
            show_enters=False,
            cursor=cursor,
            lang=self.lang,
            bottom=ctl.bottom,
        )

    def describe(self) -> str:
        """The position in words, for readers who do not see the board."""
        game = self.game
        parts = []
        if game.is_over:
            parts.append(words(self.lang, "over"))
        else:
            colour = i18n.colour(self.lang, game.to_move)
            parts.append(words(self.lang, "to_move", colour=colour))
        pieces = game.pieces()
        for letter in game.seating.colours:
            dice = [
                words(self.lang, "die", value=value, square=square)
                for square, value in (
                    (square_name(s), v) for s, (c, v) in sorted(pieces.items()) if c == letter
                )
            ]
            parts.append(
                words(
                    self.lang,
                    "side",
                    colour=i18n.colour(self.lang, letter),
                    reserve=game.reserve(letter),
                    dice=", ".join(dice) or words(self.lang, "none"),
                )
            )
        return " ".join(parts)

    # ----- starting over --------------------------------------------------

    def reset(self) -> None:
        """Back to the lesson's start: its position, nothing played, nothing said."""
        lesson = self.lesson
        self._ctl.open_game(Game.from_position(lesson.position, seed=lesson.seed))
        self._played = []
        self._solver = self.game.to_move
        self._index = 0
        self._passes = 0
        self._last: tuple[int, ...] = ()
        self.ply = 0
        self.solved = False
        self.shown = False
        self.refuted = False
        self.message = None
        if lesson.select and lesson.mode != "watch":
            self._ctl.selected = lesson.select

    # ----- watch ----------------------------------------------------------

    def next(self) -> StepMove | None:
        """Play the next step (``None`` at the end, or on a board that is not a watch)."""
        if not self.can_next():
            return None
        played = self._replay(self.lesson.steps[self.ply].move)
        self._played.append(played)
        self.ply += 1
        self.message = Notice("info", self.step_text())
        return self._step(played, forward=True)

    def prev(self) -> StepMove | None:
        """Take the last step back (``None`` at the start)."""
        if not self.can_prev():
            return None
        played = self._played.pop()
        self._ctl.undo()
        self.ply -= 1
        text = self.step_text()
        self.message = Notice("info", text) if text else None
        return self._step(played, forward=False)

    def goto(self, ply: int) -> None:
        """Show step ``ply`` (clamped to the lesson), as if stepped there."""
        target = max(0, min(ply, self.total))
        while self.ply > target:
            self.prev()
        while self.ply < target:
            self.next()

    def _replay(self, notation: str) -> Played:
        """Play a move of the lesson's own script.  Not through the controller, which plays
        for a person at the board, where a re-roll may not name its result: a script (an
        embed's moves, taken from a record) may, as a record does."""
        game = self.game
        move = Move.parse(notation)
        path: tuple[str, ...] = ()
        if move.kind == MOVE and game.is_legal(move):
            path = tuple(square_name(s) for s in game.jump_path(move.from_square, move.to_square))
        colour = game.to_move
        try:
            played = game.play(move)
        except IllegalMove as error:  # only a lesson that skipped its checks gets here
            raise LessonSetupError(f"{notation}: {error}") from None
        self._ctl.view(None)  # the controller's picture of the position is now stale
        piece = game.piece_at(played.to_square) if played.kind != PASS else None
        return Played(colour, str(played), played.kind, path, piece[1] if piece else 0)

    def _step(self, played: Played, *, forward: bool) -> StepMove:
        return StepMove(
            ply=self.ply,
            move=played.move,
            colour=played.colour,
            kind=played.kind,
            path=played.path,
            forward=forward,
            text=self.step_text(),
            counter=self.counter(),
        )

    # ----- try and exercise -------------------------------------------------

    @property
    def cursor(self) -> str:
        """The keyboard cursor's square."""
        return self._ctl.cursor

    def move_cursor(self, direction: Diagonal) -> None:
        """An arrow key: the cursor walks a diagonal as the board is drawn."""
        self.take_back()
        self._ctl.move_cursor(direction)

    def escape(self) -> None:
        """Esc: nothing selected, nothing said."""
        self.take_back()
        self._ctl.escape()
        self.message = None

    def enter_values(self) -> list[int]:
        """The values the picker offers for the die entering on ``picking``."""
        return self._ctl.enter_values()

    def click(self, square: str, *, keyboard: bool = False) -> Attempt:
        """A click on ``square`` (or Enter on the keyboard cursor): select a die, then
        play it to a square (or enter a die on a free rive square), as in the game."""
        self.take_back()
        if not self._open():
            return self._ignored()
        selected = self._ctl.selected
        gestures = (f"{selected}-{square}", f"{selected}x{square}") if selected else ()
        played = self._ctl.click(square, keyboard=keyboard)
        return self._outcome(played, (*gestures, f"+{square}"))

    def act(self, action: Sign) -> Attempt:
        """+1, −1 or re-roll on the selected die."""
        self.take_back()
        if not self._open():
            return self._ignored()
        gesture = f"{self._ctl.selected}{action}"
        return self._outcome(self._ctl.act(action), (gesture,))

    def pick(self, value: int) -> Attempt:
        """The value of the die entering on ``picking`` (no-chance rule sets)."""
        self.take_back()
        if not self._open():
            return self._ignored()
        gesture = f"+{self._ctl.picking}={value}"
        return self._outcome(self._ctl.pick_value(value), (gesture,))

    def play(self, move: str) -> Attempt:
        """A move typed in notation."""
        self.take_back()
        if not self._open():
            return self._ignored()
        return self._outcome(self._ctl.play(move), (move.strip(),))

    def can_act(self, action: Sign) -> bool:
        """Whether the engine allows +1, −1 or a re-roll on the selected die now (the
        puzzles page offers only those; a Learn page keeps every button, so that a refusal
        can teach the rule)."""
        selected = self._ctl.selected
        if selected is None or not self._open():
            return False
        return self.game.why_illegal(f"{selected}{action}") is None

    def _open(self) -> bool:
        return self.mode != "watch" and not self.solved and not self.game.is_over

    def _ignored(self) -> Attempt:
        if self.game.is_over and not self.solved and self.mode != "watch":
            text = f"{self._ctl.status()} {words(self.lang, 'over.again')}"
            self.message = Notice("info", text)
            return Attempt("refused", message=self.message)
        if self.solved:
            self.message = Notice("success", words(self.lang, "solved.already"))
        elif self.mode == "watch":
            self.message = Notice("info", words(self.lang, "watch" if self.total else "view"))
        return Attempt("ignored", message=self.message)

    def _outcome(self, played: Played | None, gestures: tuple[str, ...]) -> Attempt:
        if played is not None:
            if self.mode == "exercise":
                return self._check(played)
            text = self._ctl.announcement
            if self.game.is_over:
                text = f"{text} {self._ctl.status()}"
            elif self.lesson.turns == "learner" and self.game.to_move != self._solver:
                text = f"{text} {self._pass_to_learner(played)}"
            self.message = Notice("info", text)
            return Attempt("played", played, message=self.message)
        notice = self._ctl.notice
        if notice is not None:  # a refusal, or the game's calmer hint (nothing there)
            text = plain(notice.text, self.lang)
            listed = self._listed(gestures, illegal=True) or self._refused_die(gestures, text)
            if listed is not None:
                text = self._fill(listed, text)
            kind = "error" if listed is not None else notice.kind
            self.message = Notice(kind, text, notice.why)
            return Attempt("refused", message=self.message)
        if self._ctl.picking is not None:
            self.message = Notice("info", self._ctl.status())
            return Attempt("picking", message=self.message)
        if self._ctl.selected is not None:
            self.message = Notice("info", self.status())
            return Attempt("selected", message=self.message)
        self.message = None
        return Attempt("cleared")

    def _listed(self, gestures: tuple[str, ...], *, illegal: bool) -> Wrong | None:
        """The lesson's typical mistake among the moves the reader may have meant."""
        if self.mode != "exercise" or self._index:
            return None
        for wrong in self.lesson.wrong:
            if bool(wrong.reason) == illegal and wrong.move in gestures:
                return wrong
        return None

    def _refused_die(self, gestures: tuple[str, ...], reason: str) -> Wrong | None:
        """A typical mistake made with a die the game would not even select: a click on
        g3 refused for the reason that refuses ``g3xh4`` is that mistake."""
        if self.mode != "exercise" or self._index or self._ctl.selected is not None:
            return None
        clicked = gestures[-1].removeprefix("+")
        for wrong in self.lesson.wrong:
            move = Move.parse(wrong.move)
            if wrong.reason and move.from_square >= 0 and square_name(move.from_square) == clicked:
                why = self.game.why_illegal(wrong.move)
                if why and plain(self._ctl.engine_text(why), self.lang) == reason:
                    return wrong
        return None

    def _fill(self, wrong: Wrong, reason: str) -> str:
        return plain(wrong.say.of(self.lang).replace("{why}", reason), self.lang)

    def wrong_text(self, wrong: Wrong) -> str:
        """What the lesson says about ``wrong`` on the current position, the engine's
        reason filled in (the page prints these under each exercise)."""
        why = self.game.why_illegal(wrong.move)
        reason = plain(self._ctl.engine_text(why), self.lang) if why else ""
        return self._fill(wrong, reason)

    def right_text(self) -> str:
        said = self.lesson.right.of(self.lang)
        return plain(said, self.lang) if said else words(self.lang, "solved")

    def why_right(self) -> str:
        """Why the solution is right, said when it was shown rather than found: the
        lesson's words for a right answer without their "Yes", "" where it has none (a
        puzzle)."""
        return i18n.sentence(_YES.sub("", plain(self.lesson.right.of(self.lang), self.lang)))

    def _check(self, played: Played) -> Attempt:
        line = self.lesson.solution_line()
        accepted = line[self._index]
        if (
            _unresolved(played.move) in {_unresolved(m) for m in accepted}
            or self._wins_last(len(line))
            or self._also_right(played, len(line))
        ):
            self._index += 1
            replies: list[Played] = []
            while self._index < len(line) and self.game.to_move != self._solver:
                replies.append(self._replay(line[self._index][0]))
                self._index += 1
            if self._index == len(line):
                self.solved = True
                self.message = Notice("success", self.right_text())
                return Attempt("solved", played, tuple(replies), self.message)
            self.message = Notice("info", words(self.lang, "go_on"))
            return Attempt("right", played, tuple(replies), self.message)
        text = self._wrong_move(played, len(line))
        # A re-roll's fault is luck, not what one roll happened to show: no reply for it.
        reply = self._refutation() if played.kind != REROLL else None
        refuted = self._ctl.play(reply) if reply else None
        if refuted is None:
            self._ctl.undo()
        else:
            self.refuted = True
            colour = i18n.colour(self.lang, refuted.colour)
            text = f"{text} {words(self.lang, 'refuted', colour=colour, move=refuted.move)}"
        self.message = Notice("error", text)
        return Attempt("wrong", played, message=self.message, refutation=refuted)

    def _wins_last(self, length: int) -> bool:
        """A winning task's last move may be any move that wins (a puzzle mined from games
        names one, where several may finish the game)."""
        game = self.game
        return (
            self.lesson.goal == "win"
            and self._index == length - 1
            and game.winner is not None
            and game.winner == game.seating.team_of(self._solver)
        )

    def _also_right(self, played: Played, length: int) -> bool:
        """Whether a move off the solution is right all the same: never on a lesson,
        whose build lists every move that does what it asks; a board of the player's own
        mistakes asks the engine (``puzzles.session``)."""
        return False

    def _refutation(self) -> str | None:
        """The reply that shows why the move just played fails, found by the engine: a
        move that wins for the other side, else, when the task was to protect, a capture
        of one of the learner's dice (the highest).  ``None`` when the engine finds none
        (a move that simply does not win) or a partner plays next."""
        game = self.game
        side = game.seating.team_of(game.to_move)
        if game.is_over or side == game.seating.team_of(self._solver):
            return None
        replies = [m for m in game.legal_moves() if m.kind != REROLL]
        for move in replies:
            after = game.copy()
            after.play(move)
            if after.winner == side:
                return str(move)
        if self.lesson.goal != "protect":
            return None
        taken = [
            ((game.piece_at(m.to_square) or ("", 0))[1], str(m))
            for m in replies
            if m.kind == CAPTURE
        ]
        return max(taken)[1] if taken else None

    def take_back(self) -> bool:
        """Take a wrong move and its refutation back: the task again, its message kept.
        ``False`` if none was on the board."""
        if not self.refuted:
            return False
        self.refuted = False
        self._ctl.undo()
        self._ctl.undo()
        return True

    def solve(self) -> Attempt:
        """Show the solution: back to the start, then its moves played on the board."""
        if self.mode != "exercise":
            return self._ignored()
        self.reset()
        line = self.lesson.solution_line()
        moves = [self._replay(alternatives[0]) for alternatives in line]
        self._index = len(line)
        self.solved = self.shown = True
        said = " ".join(m.move for m in moves)
        # Shown, not found: no "Solved!", no "Yes:", and not in the colour of success.
        text = words(self.lang, "shown", moves=said)
        why = self.why_right()
        self.message = Notice("info", f"{text} {why}" if why else text)
        return Attempt("shown", moves[0], tuple(moves[1:]), self.message)

    def _pass_to_learner(self, played: Played) -> str:
        """The others pass: the position reopened with the learner to move (the engine
        judges the next try from there); what to say about it."""
        game = self.game
        others = [c for c in game.seating.colours if c != self._solver]
        fields = game.to_position().split(" ")
        fields[1] = self._solver
        self._passes += 1
        cursor, shown = self._ctl.cursor, self._ctl.cursor_shown
        self._ctl.open_game(
            Game.from_position(" ".join(fields), seed=self.lesson.seed + self._passes)
        )
        self._ctl.cursor, self._ctl.cursor_shown = cursor, shown
        self._last = highlights.move_squares(played.move)
        learner = i18n.colour(self.lang, self._solver)
        if len(others) == 1:
            colour = i18n.colour(self.lang, others[0])
            return words(self.lang, "passes.one", colour=colour, learner=learner)
        return words(self.lang, "passes.many", learner=learner)

    def _wrong_move(self, played: Played, length: int) -> str:
        """Why a legal move is not the answer, said before it is taken back."""
        listed = self._listed((played.move, _unresolved(played.move)), illegal=False)
        if listed is not None:
            return self._fill(listed, "")
        if played.kind == "reroll":
            return words(self.lang, "wrong.reroll")
        goal = self.lesson.goal if length == 1 else ""
        # The build checked that the accepted moves are *all* the moves that do what the
        # task asks, so any other move fails it in the way the goal names.
        if goal == "protect":
            squares = i18n.join_squares(self.lesson.target).replace("–", ", ")
            return words(self.lang, "wrong.protect", move=played.move, squares=squares)
        if goal == "defend":
            colour = i18n.colour(self.lang, self.game.to_move)
            return words(self.lang, "wrong.defend", move=played.move, colour=colour)
        key = f"wrong.{goal}" if goal in ("win", "capture", "enter") else "wrong.other"
        return words(self.lang, key, move=played.move)


def _check_line(game: Game, moves: Sequence[str], ctl: Controller, lang: str, part: str) -> None:
    """Play ``moves`` on ``game``; ``LessonSetupError`` names the first illegal one."""
    for number, move in enumerate(moves, 1):
        why = game.why_illegal(move)
        if why is not None:
            reason = plain(ctl.engine_text(why), lang)
            colon = " :" if lang == "fr" else ":"
            raise LessonSetupError(f"{number}. {move}{colon} {reason}", part)
        game.play(move)


def _unresolved(move: str) -> str:
    """A move as the solution writes it: a re-roll without its result."""
    return str(Move.parse(move).unresolved)


__all__ = [
    "WORDS",
    "Attempt",
    "LessonBoard",
    "LessonSetupError",
    "Result",
    "StepMove",
    "plain",
    "words",
]
