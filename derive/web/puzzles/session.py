"""One puzzle on the Learn pages' exercise board, and its result (pure Python).

A puzzle becomes a ``learn.lessons.Lesson`` in exercise mode: its solution is the
lesson's line, so the board plays the forced replies, explains a wrong move, shows its
refutation, and accepts any winning last move (``LessonBoard``'s ``win`` goal).  The goal
is ``win`` when the engine says the solution wins, as every mined "win in one or two"
does.  ``Session.judge`` reads the board after each gesture and gives the puzzle's
result once: solved at the first try, or failed (a wrong move, or the solution asked
for) — as on lichess, only the first try is rated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from ...ai.answer import Answer, Judge
from ...game import Game
from ..learn.lesson import Attempt, LessonBoard
from ..learn.lessons import Lesson, Words
from ..table.controller import Sign
from ..table.drills import Drill
from ..table.state import Played
from ..words import i18n, why
from .catalogue import Puzzle

Verdict = Literal["solved", "failed"]

SECTIONS: Final[dict[str, str]] = {
    "jump": "lesson-jump",
    "capture": "lesson-capture",
    "obligation": "lesson-obligation",
    "protection": "lesson-protection",
    "corner": "lesson-corners",
    "rive": "lesson-rive-limit",
    "blocked-rive": "lesson-rive-limit",
    "chain": "lesson-chains",
    "chain-break": "lesson-chains",
    "multi-jump": "lesson-jump",
    "adjust": "lesson-change",
    "enter": "lesson-enter",
    "reroll": "lesson-reroll",
}
"""The Learn page's section behind each theme; any other theme: winning."""

FR_EN: Final = ("fr", "en")
"""The order of ``learn.lessons.Words``."""

WRONG: Final = {
    "played": "puzzles.mistake.played",
    "lets_win": "puzzles.mistake.lets_win",
    "lets_forced": "puzzles.mistake.lets_forced",
    "misses_forced": "puzzles.mistake.misses_forced",
    "weaker": "puzzles.mistake.weaker",
}
"""What a drill says of a move the engine judged wrong (``ai.answer.Answer.verdict``);
a re-roll gets the exercise board's own words."""
FOUND: Final = {
    "as_good": "puzzles.mistake.as_good",
    "holds": "puzzles.mistake.holds",
    "wins": "puzzles.mistake.wins",
    "forces": "puzzles.mistake.forces",
}
"""What a drill's result says of a right move the review did not name."""

LENGTHS: Final[dict[str, tuple[str, str]]] = {
    "win1": ("puzzles.length.win1", "puzzles.task.win1"),
    "win2": ("puzzles.length.win2", "puzzles.task.win2"),
    "other": ("puzzles.length.other", "puzzles.task.other"),
}
"""What a puzzle asks → its words in the title and in the task line."""


def lesson_of(puzzle: Puzzle) -> Lesson:
    """The exercise lesson that plays ``puzzle`` (``ValueError`` from the engine if its
    position cannot be read)."""
    game = Game.from_position(puzzle.position)
    solver = game.seating.team_of(game.to_move)
    for move in puzzle.solution:
        if game.why_illegal(move) is not None:
            break
        game.play(move)
    wins = game.winner is not None and game.winner == solver
    return Lesson(
        id=f"puzzle-{puzzle.id}",
        area=puzzle.themes[0],
        mode="exercise",
        position=puzzle.position,
        title=Words(*(i18n.t(lang, "puzzles.puzzle", number=puzzle.number) for lang in FR_EN)),
        text=Words("", ""),
        goal="win" if wins else "",
        solution=" ".join(puzzle.solution),
    )


def why_link(themes: tuple[str, ...], lang: str) -> str:
    """The lesson that explains a puzzle's first theme that has one (else winning), on
    the Learn page of ``lang``."""
    section = next((SECTIONS[t] for t in themes if t in SECTIONS), "lesson-winning")
    return f"{why.PAGES['fr' if lang == 'fr' else 'en']}#{section}"


class PuzzleBoard(LessonBoard):
    """The exercise board, keeping what the reader's last gesture did (``Attempt.result``):
    a wrong move costs the puzzle, a click the game refused (a rule not known yet) does
    not."""

    last: str = ""
    why: str = ""
    """The lesson a wrong move's message links to ("why?")."""

    judge: Judge | None = None
    """On a drill of the player's own mistakes: the engine's judge of a move the review
    did not name (``ai.answer``), since a position often has more than one good move."""
    answer: Answer | None = None
    """What the judge said of the move just checked, if it was off the solution (``None``:
    none asked; set again at every move checked, ``_check``)."""
    tried: str = ""
    """That move."""

    def reset(self) -> None:
        super().reset()
        # The solver's rive at the bottom, as a player sees their own side at a table (and
        # as lichess turns a puzzle to the side to move): a third of the puzzles, and the
        # mistakes of whoever played Yellow, are Yellow's to solve. A Learn page's boards
        # keep theirs, whose words say which way each side goes.
        self._ctl.bottom = self.game.to_move

    def _seen(self, attempt: Attempt) -> Attempt:
        self.last = attempt.result
        message = self.message
        if attempt.result == "wrong" and message is not None and not message.why and self.why:
            self.message = replace(message, why=self.why)
        return attempt

    def _check(self, played: Played) -> Attempt:
        self.answer = None
        return super()._check(played)

    def _also_right(self, played: Played, length: int) -> bool:
        if self.judge is None or length != 1:
            return False
        self.answer, self.tried = self.judge.answer(played.move), played.move
        return self.answer.right

    def _wrong_move(self, played: Played, length: int) -> str:
        found = self.answer
        if found is None or found.verdict not in WRONG:
            return super()._wrong_move(played, length)
        colour = i18n.colour(self.lang, found.colour) if found.colour else ""
        return i18n.t(
            self.lang, WRONG[found.verdict], move=played.move, colour=colour, reply=found.reply
        )

    def click(self, square: str, *, keyboard: bool = False) -> Attempt:
        return self._seen(super().click(square, keyboard=keyboard))

    def act(self, action: Sign) -> Attempt:
        return self._seen(super().act(action))

    def pick(self, value: int) -> Attempt:
        return self._seen(super().pick(value))

    def play(self, move: str) -> Attempt:
        return self._seen(super().play(move))

    def solve(self) -> Attempt:
        return self._seen(super().solve())


@dataclass
class Session:
    puzzle: Puzzle
    board: PuzzleBoard
    verdict: Verdict | None = None

    @classmethod
    def start(cls, puzzle: Puzzle, lang: str, drill: Drill | None = None) -> Session:
        """``puzzle`` on the board (``drill``: the player's mistake it sets, whose other
        good moves the engine judges); ``ValueError`` if the engine cannot read it."""
        board = PuzzleBoard(lesson_of(puzzle), lang)
        board.why = why_link(puzzle.themes, lang)
        if drill is not None:
            board.judge = Judge(drill.position, drill.better, drill.played, drill.forcing)
        return cls(puzzle, board)

    def found(self, lang: str, better: str) -> str:
        """The result line of a drill solved, ``better`` the move the review named: the
        move found, and how it compares when it was not that one."""
        board = self.board
        found = board.answer
        if found is None or not found.right or found.verdict == "named":
            return i18n.t(lang, "puzzles.mistake.found", better=better)
        colour = i18n.colour(lang, found.colour) if found.colour else ""
        key = FOUND[found.verdict]
        return i18n.t(lang, key, move=board.tried, better=better, colour=colour)

    @property
    def length(self) -> str:
        """What the puzzle asks, as a key of ``puzzles.length.*`` and ``puzzles.task.*``:
        ``win1``, ``win2`` (when the engine says the solution wins) or ``other``."""
        moves = len(self.puzzle.solution)
        if self.board.lesson.goal != "win" or moves not in (1, 3):
            return "other"
        return "win1" if moves == 1 else "win2"

    def heading(self, lang: str) -> str:
        """The puzzle's title in players' words: "Puzzle 22 · Win in one · Initiation
        rules" (the id is for links only)."""
        return i18n.t(
            lang,
            "puzzles.heading.full",
            number=self.puzzle.number,
            length=i18n.t(lang, LENGTHS[self.length][0]),
            rules=i18n.rule_set_name(lang, self.board.game.rules.id),
        )

    def task(self, lang: str) -> str:
        """Who plays and what to find: "Red to play and win in one move."."""
        colour = i18n.colour(lang, self.board.game.to_move)
        return i18n.t(lang, LENGTHS[self.length][1], colour=colour)

    @property
    def wrong(self) -> bool:
        """The last gesture was a wrong move: the page offers the "why?" link."""
        return self.board.last == "wrong"

    def judge(self) -> Verdict | None:
        """The puzzle's result the first time the board shows one, else ``None``."""
        if self.verdict is not None:
            return None
        board = self.board
        if board.shown or board.last == "wrong":
            self.verdict = "failed"
        elif board.solved:
            self.verdict = "solved"
        return self.verdict


__all__ = ["LENGTHS", "SECTIONS", "PuzzleBoard", "Session", "Verdict", "lesson_of", "why_link"]
