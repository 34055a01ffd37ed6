"""The puzzles page's Python (``puzzles.html``, ``enigmes.html``): the glue, nothing more.

Started by ``assets/live-boards.js`` (entry ``puzzles``) with ``learn.toml``.  It fetches
``assets/puzzles.json`` (same origin; the service worker keeps it offline), reads the
player's record from local storage, opens the puzzle the link names (``#<id>``) or one near
the rating, and drives the Learn pages' exercise board (``learn.view.LessonView``) on it.
After each gesture ``Session.judge`` says whether the puzzle is now solved or failed; the
record is then updated and written at once.

(Not type-checked beyond ``Any``: ``pyscript`` and ``js`` exist only in Pyodide.)
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..dom import document, mark_live, on, one, py, spawn, window
from ..learn.view import ACTS, LessonView, listen, wake
from ..words import engine_fr, i18n
from . import catalogue, chooser, session, store
from .catalogue import Catalogue, Puzzle

IDENT = "puzzle"


class PuzzleView(LessonView):
    """The exercise board's view, telling the page after every drawing (each gesture
    ends in one) so that a result is recorded the moment the board shows it."""

    after: Any = None

    def render(self) -> None:
        super().render()
        if self.after is not None:
            self.after()

    def _render_controls(self) -> None:
        super()._render_controls()
        # Only what the engine allows on the selected die: no −1 on a 1, no +1 on a 6,
        # no re-roll where the rule set has none (the button is hidden there too).
        for action, sign in ACTS.items():
            button = one(self.root, f'button[data-action="{action}"]')
            if button is not None:
                button.disabled = not self.board.can_act(sign)


class PuzzlePage:
    def __init__(self, lang: str, puzzles: Catalogue) -> None:
        self.lang = lang
        self.catalogue = puzzles
        self.root = document.documentElement
        self.section = one(document, "[data-lesson]")
        self.turn = 0
        self.theme = chooser.ALL
        self.saving = True
        read = store.read(_get(store.KEY))
        self.record = read.record
        if read.damaged:
            # Nothing lost: the damaged text stays, under a key of its own, before any write.
            if _get(store.DAMAGED_KEY) is None:
                _set(store.DAMAGED_KEY, _get(store.KEY) or "")
            self.notice(i18n.t(lang, "puzzles.damaged"))
        self.game: session.Session | None = None
        self.view: PuzzleView | None = None

    # ----- the record ---------------------------------------------------------

    def notice(self, text: str, *, add: bool = False) -> None:
        """Say ``text`` in the notice line (``add``: after what it says already)."""
        box = one(document, ".puzzle-notice")
        if add and box.textContent:
            text = f"{box.textContent} {text}".strip()
        box.textContent = text
        box.hidden = not text

    def show_record(self) -> None:
        record = self.record
        # In the score line: the board comes first in the page and has a data-solved too.
        score = one(document, ".puzzle-score")
        one(score, "[data-rating]").textContent = str(record.rating)
        one(score, "[data-streak]").textContent = str(record.streak)
        one(score, "[data-best]").textContent = i18n.t(self.lang, "puzzles.best", best=record.best)
        one(score, "[data-solved]").textContent = str(len(record.solved))
        self.root.dataset.puzzleRating = str(record.rating)

    def judged(self) -> None:
        game, view = self.game, self.view
        if game is None or view is None:
            return
        verdict = game.judge()
        if verdict is None:
            return
        # Another tab may have rated puzzles since: its results are the base, not lost.
        stored = store.read(_get(store.KEY)) if self.saving else None
        if stored is not None and not stored.damaged:
            self.record = stored.record
        before = self.record.rating
        self.record = store.result(
            self.record, game.puzzle.id, game.puzzle.difficulty, verdict == "solved"
        )
        if self.saving and not _set(store.KEY, store.dump(self.record)):
            self.saving = False
            self.notice(i18n.t(self.lang, "puzzles.unsaved"), add=True)
        change = self.record.rating - before
        key = "puzzles.change.up" if verdict == "solved" else "puzzles.change.down"
        line = one(document, ".puzzle-result")
        shown = str(change)  # a loss brings its own sign, the words put a gain's
        line.textContent = i18n.t(self.lang, key, rating=self.record.rating, change=shown)
        line.className = f"puzzle-result {'success' if verdict == 'solved' else 'error'}"
        self.root.dataset.verdict = verdict
        self.show_record()

    # ----- which puzzle ---------------------------------------------------------

    def open(self, puzzle: Puzzle) -> bool:
        """Show ``puzzle`` on the board (``False`` if the engine refuses it)."""
        try:
            game = session.Session.start(puzzle, self.lang)
        except ValueError as error:
            reason = str(error)
            if self.lang == "fr":
                reason = engine_fr.translate(reason)
            name = i18n.t(self.lang, "puzzles.puzzle", number=puzzle.number)
            self.notice(i18n.t(self.lang, "puzzles.bad", puzzle=name, reason=reason))
            return False
        self.game = game
        lang = self.lang
        one(document, ".puzzle-result").textContent = ""
        one(document, ".puzzle-result").className = "puzzle-result"
        # Players' words in the title; the id stays in the link and the data attributes.
        one(document, "#puzzle-title").textContent = game.heading(lang)
        themes = ", ".join(i18n.puzzle_theme(lang, t) for t in puzzle.themes)
        one(document, ".puzzle-about").textContent = i18n.t(
            lang, "puzzles.about", themes=themes, difficulty=puzzle.difficulty
        )
        one(self.section, ".lesson-text").textContent = game.task(lang)
        figure = one(self.section, ".lesson-board")
        figure.dataset.task = game.board.lesson.goal
        figure.dataset.solution = game.board.lesson.solution
        self.section.dataset.puzzleId = puzzle.id
        self.root.dataset.puzzle = puzzle.id
        self.root.dataset.verdict = ""
        reroll = one(self.section, '[data-action="reroll"]')
        reroll.hidden = not game.board.game.rules.chance
        link = one(document, ".puzzle-link a")
        link.href = f"#{puzzle.id}"
        if str(window.location.hash) != f"#{puzzle.id}":
            window.history.replaceState(None, "", f"#{puzzle.id}")
        if self.view is None:
            self.view = PuzzleView(self.section, game.board, ids="sq-")
            self.view.after = self.judged
            listen({IDENT: self.view})
            wake(IDENT, self.view)
        else:
            game.board.touch = self.view.board.touch
            self.view.board = game.board
            self.view.render()
        return True

    def another(self) -> None:
        current = self.game.puzzle.id if self.game else ""
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
            self.notice(i18n.t(self.lang, "puzzles.none"))
            return
        if not self.open(puzzle):
            self.catalogue = Catalogue(
                tuple(p for p in self.catalogue.puzzles if p.id != puzzle.id),
                self.catalogue.skipped + 1,
            )
            if self.catalogue.puzzles:
                self.another()

    def from_link(self) -> None:
        wanted = str(window.location.hash).removeprefix("#")
        puzzle = self.catalogue.by_id(wanted) if wanted else None
        if wanted and puzzle is None:
            self.notice(i18n.t(self.lang, "puzzles.unknown", id=wanted[:64]))
        if puzzle is None or not self.open(puzzle):
            self.another()

    def on_hash(self, _: Any) -> None:
        wanted = str(window.location.hash).removeprefix("#")
        if self.game is None or wanted != self.game.puzzle.id:
            self.notice("")
            self.from_link()

    def on_theme(self, event: Any) -> None:
        self.theme = str(event.target.value)
        if self.game is None or (self.theme and self.theme not in self.game.puzzle.themes):
            self.another()

    def fill_themes(self) -> None:
        select = one(document, "#puzzle-theme")
        everything = i18n.t(self.lang, "puzzles.theme.all")
        options = [f'<option value="">{escape(everything)}</option>']
        options += [
            f'<option value="{escape(tag)}">{escape(i18n.puzzle_theme(self.lang, tag))}</option>'
            for tag in self.catalogue.themes()
        ]
        select.innerHTML = "".join(options)
        select.disabled = False


def _get(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage refused (a private window, a frame): nothing stored
        return None
    value = py(value)
    return None if value is None else str(value)


def _set(key: str, value: str) -> bool:
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # full or refused: the page says the record is not kept
        return False
    return True


async def start(lang: str) -> None:
    try:
        response = await window.fetch("assets/puzzles.json")
        if not response.ok:
            raise catalogue.CatalogueError(f"not fetched ({response.status})", "missing")
        puzzles = catalogue.parse(str(await response.text()))
    except catalogue.CatalogueError as error:
        kind = error.kind
    except Exception:  # offline with nothing kept, or the fetch refused: not fetched
        kind = "missing"
    else:
        kind = ""
    if kind:
        one(document, ".puzzle-notice").textContent = catalogue.unreadable(lang, kind)
        one(document, ".puzzle-notice").hidden = False
        mark_live("ready", timed=False)
        return
    page = PuzzlePage(lang, puzzles)
    if puzzles.skipped:
        page.notice(catalogue.skipped(lang, puzzles.skipped), add=True)
    page.fill_themes()
    page.show_record()
    page.from_link()
    on(window, "hashchange", page.on_hash)
    on(one(document, "#puzzle-theme"), "change", page.on_theme)
    on(one(document, "[data-another]"), "click", lambda _: page.another())
    one(document, "[data-another]").disabled = False
    mark_live("ready")


def main() -> None:
    lang = i18n.language(str(document.documentElement.lang))
    spawn(start(lang))


__all__ = ["PuzzlePage", "PuzzleView", "main", "start"]
