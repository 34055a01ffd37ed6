"""What the worker ``lessons`` exports on the puzzle pages (``puzzles.html``,
``enigmes.html``): the lesson boards' exports (``learn.worker``), and the puzzles'.

The page's MicroPython (``derive.web.front.puzzles``) fetches ``assets/puzzles.json`` and
reads and writes the player's record in its local storage (a worker has neither the
page's storage nor, without ``SharedArrayBuffer``, a way to reach it); everything else is
decided here: which puzzle, its board, the verdict, the new rating and the words.
``EXPORTS`` lists the interface, as ``learn.worker``'s does; ``tests/test_front.py``
checks the page's calls against it.
"""

from __future__ import annotations

from typing import Any, Final

from ...game import Game
from ..board.surface import Step
from ..learn import worker as lessons
from ..learn.desk import LessonPlay
from ..table import drills, params
from ..words import engine_fr, i18n
from . import catalogue, chooser, session, store
from .catalogue import Catalogue, Puzzle

IDENT: Final = "puzzle"
"""The page's one board (``data-lesson``)."""

EXPORTS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "gesture": lessons.EXPORTS["gesture"],
    "touch": lessons.EXPORTS["touch"],
    "replay": lessons.EXPORTS["replay"],
    "puzzles_start": (
        (
            "text: str",
            "fetched: bool",
            "stored: str",
            "has_stored: bool",
            "lang: str",
            "wanted: str",
            "touch: bool",
            "reduced: bool",
            "search: str",
        ),
        "dict: {error} if the puzzles cannot be read, else {error: '', key, damaged_key, "
        "damaged, notices, themes: [[tag, words]], record, drill, puzzle}; a puzzle's heading "
        "and task are HTML (moves kept on one line)",
    ),
    "puzzles_open": (("wanted: str",), "dict: {notices, puzzle}; puzzle {} if it stays"),
    "puzzles_another": (("theme: str",), "dict: {notices, puzzle}; puzzle {} if it stays"),
    "puzzles_result": (
        ("stored: str", "has_stored: bool"),
        "dict: {save, record, line (HTML), line_class, verdict, unsaved}",
    ),
}
"""Each export: its arguments, then its answer."""


class Room:
    """The puzzle page's state in the worker."""

    def __init__(self, lang: str, puzzles: Catalogue, record: store.Record) -> None:
        self.lang = lang
        self.catalogue = puzzles
        self.record = record
        self.theme = chooser.ALL
        self.turn = 0
        self.game: session.Session | None = None
        self.verdict = ""
        self.reduced = False
        self.drills: tuple[drills.Drill, ...] = ()
        """A player's mistakes (``?mistakes=``): the page is their drill, not rated."""

    def notices_for_open(self, puzzle: Puzzle, notices: list[str]) -> dict[str, Any]:
        """``puzzle`` on the board, or what the engine refuses in it."""
        lang = self.lang
        try:
            game = session.Session.start(puzzle, lang, self.drill_of(puzzle))
        except ValueError as error:
            reason = str(error)
            if lang == "fr":
                reason = engine_fr.translate(reason)
            name = i18n.t(lang, "puzzles.puzzle", number=puzzle.number)
            notices.append(i18n.t(lang, "puzzles.bad", puzzle=name, reason=reason))
            return {}
        self.game = game
        self.verdict = ""
        play = LessonPlay(
            game.board, ids="sq-", reduced_motion=self.reduced, strict_acts=True, after=self.judged
        )
        lessons.register(IDENT, play)
        heading, about, task = self._words(game)
        # The lines that may name a move come as HTML, each move kept on one line.
        return {
            "id": puzzle.id,
            "heading": i18n.moves_html(heading),
            "about": about,
            "task": i18n.moves_html(task),
            "goal": game.board.lesson.goal,
            "solution": game.board.lesson.solution,
            "chance": bool(game.board.game.rules.chance),
            "steps": play.opening(),
        }

    def _words(self, game: session.Session) -> tuple[str, str, str]:
        """The puzzle's title, what it is and its task, in players' words."""
        lang, puzzle = self.lang, game.puzzle
        drill = self.drill_of(puzzle)
        if drill is None:
            themes = ", ".join(i18n.puzzle_theme(lang, t) for t in puzzle.themes)
            about = i18n.t(lang, "puzzles.about", themes=themes, difficulty=puzzle.difficulty)
            return game.heading(lang), about, game.task(lang)
        colour = i18n.colour(lang, game.board.game.to_move)
        # "Your move" only where every position is one side's: a game two people played
        # at one table drills both, each by its colour.
        several = self._drills_sides() > 1
        key = "puzzles.mistake.heading_of" if several else "puzzles.mistake.heading"
        return (
            i18n.t(lang, key, ply=drill.ply, played=drill.played, colour=colour),
            i18n.t(lang, "puzzles.mistake.about", number=puzzle.number, total=len(self.drills)),
            i18n.t(lang, "puzzles.mistake.task", colour=colour, played=drill.played),
        )

    def _drills_sides(self) -> int:
        """How many sides the drill's positions are to be played by (a position the
        engine refuses counts for none: it is never shown)."""
        movers = set()
        for drill in self.drills:
            try:
                movers.add(Game.from_position(drill.position).to_move)
            except ValueError:
                continue
        return len(movers)

    def drill_of(self, puzzle: Puzzle) -> drills.Drill | None:
        if not self.drills or not puzzle.id.startswith(MISTAKE):
            return None
        index = puzzle.number - 1
        return self.drills[index] if 0 <= index < len(self.drills) else None

    def judged(self) -> list[Step]:
        """A verdict step the first time the board shows one."""
        verdict = self.game.judge() if self.game is not None else None
        if verdict is None:
            return []
        self.verdict = verdict
        return [{"do": "verdict", "verdict": verdict}]

    def another(self, notices: list[str]) -> dict[str, Any]:
        current = self.game.puzzle.id if self.game else ""
        if self.drills:  # the player's mistakes, in the game's order, round again
            puzzles = self.catalogue.puzzles
            at = next((i for i, p in enumerate(puzzles) if p.id == current), -1)
            for step in range(1, len(puzzles) + 1):
                shown = self.notices_for_open(puzzles[(at + step) % len(puzzles)], notices)
                if shown:
                    return shown
            return {}
        while True:
            self.turn += 1
            puzzle = chooser.choose(
                self.catalogue.puzzles,
                self.record.rating,
                theme=self.theme,
                played=self.record.seen(),
                current=current,
                turn=self.turn,
            )
            if puzzle is None:
                notices.append(i18n.t(self.lang, "puzzles.none"))
                return {}
            shown = self.notices_for_open(puzzle, notices)
            if shown:
                return shown
            # The engine refused it: never offered again this visit.
            self.catalogue = Catalogue(
                tuple(p for p in self.catalogue.puzzles if p.id != puzzle.id),
                self.catalogue.skipped + 1,
            )

    def from_link(self, wanted: str, notices: list[str]) -> dict[str, Any]:
        puzzle = self.catalogue.by_id(wanted) if wanted else None
        if wanted and puzzle is None:
            notices.append(i18n.t(self.lang, "puzzles.unknown", id=wanted[:64]))
        shown = self.notices_for_open(puzzle, notices) if puzzle is not None else {}
        return shown or self.another(notices)

    def record_words(self) -> dict[str, Any]:
        record = self.record
        return {
            "rating": str(record.rating),
            "streak": str(record.streak),
            "best": i18n.t(self.lang, "puzzles.best", best=record.best),
            "solved": str(len(record.solved)),
        }


MISTAKE: Final = "mistake-"
"""The ids of a player's mistakes on the board (``mistake-1``…)."""


def _drills(search: str, lang: str) -> tuple[tuple[drills.Drill, ...], str]:
    """The mistakes a link (``?mistakes=``) names, or what is wrong with it in words."""
    given = params.split_query(str(search)[: 2 * drills.MAX_CODE_CHARS])
    codes = given.get(drills.PARAMETER)
    if not codes:
        return (), ""
    try:
        return drills.decode(codes[0]), ""
    except ValueError as error:
        reason = str(error)
        if lang == "fr":
            reason = engine_fr.translate(reason)
        return (), i18n.t(lang, "puzzles.mistake.bad", reason=reason)


def _drill_catalogue(found: tuple[drills.Drill, ...], rating: int) -> Catalogue:
    return Catalogue(
        tuple(
            Puzzle(f"{MISTAKE}{n}", d.position, (d.better,), ("mistake",), rating, number=n)
            for n, d in enumerate(found, 1)
        )
    )


_room: list[Room] = []
STAYS: Final = {"id": ""}
"""No new puzzle: the one shown stays."""


def _wanted(text: str) -> str:
    return str(text).removeprefix("#")[:1000]


def puzzles_start(
    text: str,
    fetched: bool,
    stored: str,
    has_stored: bool,
    lang: str,
    wanted: str,
    touch: bool,
    reduced: bool,
    search: str,
) -> dict[str, Any]:
    lessons.touch(bool(touch))
    room, answer = opening(text, fetched, stored, has_stored, lang, wanted, reduced, search)
    if room is not None:
        _room[:] = [room]
    return answer


def opening(
    text: str,
    fetched: bool,
    stored: str,
    has_stored: bool,
    lang: str,
    wanted: str,
    reduced: bool,
    search: str,
) -> tuple[Room | None, dict[str, Any]]:
    """The page's start, ``puzzles_start``'s answer, and the room it opens, which is
    returned rather than kept: the build asks it which puzzle a new player gets on the
    plain link (``tools/pages/build_puzzles.py``) and changes nothing of the worker's."""
    lang = i18n.language(str(lang))
    found, trouble = _drills(search, lang)
    try:
        if not fetched:
            raise catalogue.CatalogueError("not fetched", "missing")
        puzzles = catalogue.parse(str(text))
    except catalogue.CatalogueError as error:
        return None, {"error": catalogue.unreadable(lang, error.kind)}
    read = store.read(str(stored) if has_stored else None)
    if found:
        puzzles = _drill_catalogue(found, read.record.rating)
    room = Room(lang, puzzles, read.record)
    room.reduced = bool(reduced)
    room.drills = found
    notices = [i18n.t(lang, "puzzles.damaged")] if read.damaged else []
    if trouble:
        notices.append(trouble)
    if puzzles.skipped:
        notices.append(catalogue.skipped(lang, puzzles.skipped))
    puzzle = room.from_link(_wanted(wanted), notices)
    return room, {
        "error": "",
        "key": store.KEY,
        "damaged_key": store.DAMAGED_KEY,
        "damaged": read.damaged,
        "notices": notices,
        "all": i18n.t(lang, "puzzles.theme.all"),
        "themes": [[tag, i18n.puzzle_theme(lang, tag)] for tag in puzzles.themes()],
        "record": room.record_words(),
        "drill": bool(found),
        # A drill's button goes on to its next position; a drill of one has none to go to.
        "next": i18n.t(lang, "puzzles.mistake.next") if len(found) > 1 else "",
        "puzzle": puzzle or STAYS,
    }


def puzzles_open(wanted: str) -> dict[str, Any]:
    """The puzzle the link names now (its ``#id`` changed), unless it is the one shown."""
    if not _room:
        return {"notices": [], "puzzle": STAYS}
    room = _room[0]
    wanted = _wanted(wanted)
    if room.game is not None and wanted == room.game.puzzle.id:
        return {"notices": [], "puzzle": STAYS}
    notices: list[str] = []
    return {"notices": notices, "puzzle": room.from_link(wanted, notices) or STAYS}


def puzzles_another(theme: str) -> dict[str, Any]:
    """Another puzzle (``theme``: the theme picked; a puzzle of that theme stays)."""
    if not _room:
        return {"notices": [], "puzzle": STAYS}
    room = _room[0]
    theme = str(theme)[:100]
    changed = theme != room.theme
    room.theme = theme
    notices: list[str] = []
    game = room.game
    if changed and game is not None and (not theme or theme in game.puzzle.themes):
        return {"notices": notices, "puzzle": STAYS}
    return {"notices": notices, "puzzle": room.another(notices) or STAYS}


def puzzles_result(stored: str, has_stored: bool) -> dict[str, Any]:
    """The verdict just shown, recorded: the new record's text for the page to write."""
    if not _room or _room[0].game is None or not _room[0].verdict:
        return {"save": "", "line": "", "verdict": ""}  # nothing to record
    room = _room[0]
    game = room.game
    assert game is not None
    solved = room.verdict == "solved"
    drill = room.drill_of(game.puzzle)
    if drill is not None:  # a drill of the player's own mistakes is not rated
        shown = game.board.shown  # the solution asked for, not a wrong move tried
        if solved:
            line = game.found(room.lang, drill.better)
        else:
            key = "puzzles.mistake.shown" if shown else "puzzles.mistake.missed"
            line = i18n.t(room.lang, key, better=drill.better)
        return {
            "save": "",
            "record": room.record_words(),
            "line": i18n.moves_html(line),
            "line_class": "puzzle-result " + ("success" if solved else "error"),
            "verdict": room.verdict,
            "rating": str(room.record.rating),
            "unsaved": "",
        }
    # Another tab may have rated puzzles since: its results are the base, not lost.
    read = store.read(str(stored) if has_stored else None)
    if has_stored and not read.damaged:
        room.record = read.record
    before = room.record.rating
    room.record = store.result(room.record, game.puzzle.id, game.puzzle.difficulty, solved)
    change = room.record.rating - before
    key = "puzzles.change.up" if solved else "puzzles.change.down"
    return {
        "save": store.dump(room.record),
        "record": room.record_words(),
        "line": i18n.moves_html(
            i18n.t(room.lang, key, rating=room.record.rating, change=str(change))
        ),
        "line_class": "puzzle-result " + ("success" if solved else "error"),
        "verdict": room.verdict,
        "rating": str(room.record.rating),
        "unsaved": i18n.t(room.lang, "puzzles.unsaved"),
    }


EXPORTED: Final = {
    "gesture": lessons.gesture,
    "touch": lessons.touch,
    "replay": lessons.replay,
    "puzzles_start": puzzles_start,
    "puzzles_open": puzzles_open,
    "puzzles_another": puzzles_another,
    "puzzles_result": puzzles_result,
}
"""The exports by name, for the worker's start (``assets/live-boards.js``)."""
