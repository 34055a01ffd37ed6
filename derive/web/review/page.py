"""The review on the game page: its section under the board, the analysis run in the
computer's worker in slices, and the ply shown.

The state and every word are ``driver``'s, ``graph``'s and ``panel``'s (tested without
a browser); this glue carries the worker's answers to the state and the player's clicks
and keys to the board (the game page's controller shows a ply), and hands the section's
parts to the page's view (``assets/view.js``: ``reviewOpen``, ``reviewShow``) through
its link (``link.Link``): nothing here touches the page.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from html import escape
from typing import Any, Final, Protocol

from ...game import Game
from ..board.highlights import move_shape
from ..board.shapes import Shape
from ..link import Link, ViewError, answered
from ..table import drills
from ..table.clicks import Review
from ..table.controller import Controller
from ..words import i18n
from .driver import STEP_KEYS, ReviewState
from .graph import graph_svg, point_title
from .keeping import Keeping, fill
from .panel import (
    better_sentence,
    costly_html,
    learn_html,
    mistakes_html,
    progress_words,
    summary_html,
)

SLICE_S: Final = 0.05
"""Worker time per message: a stop or a new ply shown waits no longer than this."""
WORKER_WAIT_S: Final = 180
STEPS: Final = (
    ("first", "review.first", -10_000),
    ("prev", "review.prev", -1),
    ("next", "review.next", 1),
    ("last", "review.last", 10_000),
)
ICONS: Final = {
    "first": "M7 6v12M18 6l-7 6 7 6",
    "prev": "m15 6-7 6 7 6",
    "next": "m9 6 7 6-7 6",
    "last": "M17 6v12M6 6l7 6-7 6",
}


class Thinker(Protocol):
    """The computer's worker as the review uses it (``play.computer.Computer``)."""

    ready: bool

    async def call(self, name: str, *args: object) -> object: ...


class Host(Protocol):
    """What the review needs of the game page (``play.page.Page``)."""

    ctrl: Controller

    @property
    def computer(self) -> Thinker: ...

    def render(self) -> None: ...
    def spawn(self, task: Coroutine[Any, Any, None]) -> None: ...
    def keep_analysis(self, game: Game, data: dict[str, Any]) -> None: ...
    def review_closed(self) -> None:
        """The player closed the review: the page as at the end of its game (its end
        banner: Rematch, New game)."""


class ReviewPage:
    """The review of the page's game; ``open`` shows it and starts the analysis."""

    def __init__(self, host: Host, view: Link, budget: int, kept: Any = None) -> None:
        """``view``: the page's view (``assets/view.js``), which puts the section on the
        page; ``kept``: the analysis kept with the game (an ``Analysis`` at ``budget``)."""
        self.host = host
        self.view = view
        self.budget = budget
        self.state = ReviewState(Game.from_record(host.ctrl.game.record()))
        fill(self.state, kept)  # a complete one is the review: no search at all
        self.keeping = Keeping(host.keep_analysis, budget, self.state)
        self.opened = False
        """The section is on the page."""
        self.running = False
        self.stopped = False
        self.drawn: tuple[Any, ...] | None = None
        """What the section was last drawn from: drawn again only when it changes, so
        a long review is not redrawn whole after every slice of the analysis."""
        self.board_drawn: tuple[Any, ...] = ({}, None)
        """The move list's marks and the board's arrow the page last drew."""
        self.saving = False
        """An answer's analysis is about to be kept: ``done`` is said once it is."""

    @property
    def lang(self) -> str:
        return self.host.ctrl.lang

    def open(self) -> None:
        if not self.opened:
            self.opened = True
            self.drawn = None  # a new section: draw it all
        self.view.send("reviewOpen", self._markup())
        self.show(self.state.total)

    def _t(self, key: str) -> str:
        return escape(i18n.t(self.lang, key))

    def _markup(self) -> str:
        """The section's parts, filled by ``render``."""
        t = self._t
        steps = "".join(
            f'<button type="button" data-review-step="{delta}" aria-label="{t(key)}"'
            f' title="{t(key)}"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true">'
            f'<path d="{ICONS[name]}"/></svg></button>'
            for name, key, delta in STEPS
        )
        # The step buttons first, right under the board: step and watch at once.
        return (
            f'<div class="review-steps" role="group" aria-label="{t("review.title")}">{steps}'
            f'<span class="review-at" aria-live="polite"></span></div>'
            '<div class="review-graph-box"></div>'
            # The shown point's figures in words: what a tap on the graph says (the view
            # fills it from ``reviewShow``'s ``point``).
            '<p class="review-point" aria-live="polite"></p>'
            f'<div class="review-head"><h2 id="review-title" class="review-title">'
            f'{t("review.title")}</h2><button type="button" class="review-close"'
            f" data-review-close>{t('review.close')}</button></div>"
            f'<div class="review-progress"><progress max="1" value="0"'
            f' aria-label="{t("review.title")}"></progress>'
            f'<span class="review-progress-words" role="status"></span>'
            f'<button type="button" class="review-stop" data-review-stop>{t("review.stop")}'
            "</button></div>"
            '<div class="review-summary-box"></div>'
            f'<h3 class="review-sub">{t("review.mistakes")}</h3>'
            '<div class="review-mistakes-box"></div>'
        )

    @property
    def active(self) -> bool:
        """Open, and still about the page's game (a new game or a move made closes it)."""
        return self.opened and self.state.game.moves == self.host.ctrl.game.moves

    def sync(self) -> None:
        """After the page drew: close the review if its game is no longer the page's."""
        if self.opened and not self.active:
            self.stopped = True
            self.opened = False
            self.view.send("reviewClose")

    # ----- the analysis ------------------------------------------------------

    async def run(self) -> None:
        """Analyse in the computer's worker, slice by slice, until done or stopped."""
        if self.running:
            return
        self.running, self.stopped = True, False
        computer = self.host.computer
        try:
            if not await self._computer_ready():
                return
            record = json.dumps(self.state.game.record(), separators=(",", ":"))
            prior = json.dumps(self._prior()) if self.state.plies else ""
            review = await computer.call("review_start", record, self.budget, prior)
            while not self.stopped:
                answer = answered(await computer.call("review_step", review, SLICE_S))
                try:
                    self.state.take(answer)
                except ValueError as error:
                    self.state.error = str(error)
                if self.state.error:  # the worker's words or the check's: a developer's
                    print(f"The review stopped: {self.state.error}")
                    self.state.error = self._failed()
                self.saving = self.keeping.due(self.state)
                self.render()
                if self.saving:
                    # The write to the shelf (the whole entry) in a task of its own, after
                    # this answer's drawing: two short tasks rather than one long one.
                    await asyncio.sleep(0)
                    self.keeping.answered(self.state)
                    self.saving = False
                if self.state.done or self.state.error or not self.opened:
                    break
        except (ViewError, ValueError):
            # The worker failed (or said what is not JSON): the analysis so far is kept.
            self.state.error = self._failed()
        finally:
            self.running = self.saving = False
            self.keeping.stopped(self.state)
            self.render()

    def _failed(self) -> str:
        """Why the review stopped, in the players' words."""
        lost = i18n.t(self.lang, "setup.ai_unavailable")
        return i18n.t(self.lang, "review.failed", reason=lost)

    def _prior(self) -> dict[str, Any]:
        from ...ai.review import Analysis

        return Analysis(self.budget, self.state.plies).to_data()

    async def _computer_ready(self) -> bool:
        """Wait for the computer's worker; ``False``, with the reason said, if it has none."""
        computer, ctrl = self.host.computer, self.host.ctrl
        waited = 0.0
        while not computer.ready and ctrl.ai_state != "unavailable":
            if waited > WORKER_WAIT_S:
                break
            await asyncio.sleep(0.1)
            waited += 0.1
        if not computer.ready:
            self.state.error = i18n.t(self.lang, "review.failed", reason=ctrl.status())
        return computer.ready

    # ----- the player --------------------------------------------------------

    def show(self, ply: int) -> None:
        self.state.show(ply)
        ctrl = self.host.ctrl
        ctrl.view(self.state.shown if self.state.shown < ctrl.game.ply else None)
        self.host.render()
        self.render()

    def close(self) -> None:
        """Back to the game as it ends, its banner shown; the analysis stops where it is
        (kept with the game: opened again, it goes on)."""
        self.stopped = True
        self.opened = False
        self.host.ctrl.view(None)
        self.view.send("reviewClose")
        self.host.review_closed()

    def on_click(self, click: Review) -> None:
        """A click in the section (``table.clicks``: the view found it there)."""
        if click.close:
            self.close()
        elif click.stop:
            if self.running:
                self.stopped = True
            else:
                self.host.spawn(self.run())
        elif click.step is not None:
            self.show(self.state.shown + click.step)
        elif click.ply is not None:
            self.show(click.ply)

    def on_key(self, key: str) -> bool:
        """← → step through the moves, Home and End go to either end (``STEP_KEYS``)."""
        if key not in STEP_KEYS:
            return False
        self.show(self.state.shown + STEP_KEYS[key])
        return True

    # ----- drawing -----------------------------------------------------------

    def marks(self) -> dict[int, str]:
        """The move list's marks: each mistake's ply and judgement."""
        return self.state.marks() if self.active else {}

    def shapes(self) -> tuple[Shape, ...]:
        """The better move over the shown position, when its move was a mistake."""
        better = self.state.better_shown() if self.active else None
        self.board_drawn = (self.marks(), better)
        title = better_sentence(self.lang, better) if better else ""
        shape = move_shape(better, title=title) if better else None
        return (shape,) if shape is not None else ()

    def _point_words(self) -> str:
        """The shown ply's figures in words, as its point on the graph says them, as HTML
        whose move keeps to one line (a phone broke "d4-" / "e3")."""
        state = self.state
        if state.shown >= len(state.plies):
            return ""
        return i18n.moves_html(point_title(self.lang, state.points()[state.shown], state.sides))

    def render(self) -> None:
        if not self.opened:
            return
        state, lang = self.state, self.lang
        analysed = (len(state.plies), state.done, lang)
        judged = state.judged() if self.drawn != (analysed, state.shown) else []
        parts: dict[str, Any] = {}
        if self.drawn is None or self.drawn[0] != analysed:
            # How a loser lost is said of the whole review, not of its first moves.
            lost = state.beaten() if state.done else ()
            parts["summary"] = summary_html(lang, state.sides, judged, state.turning(), lost)
        if self.drawn != (analysed, state.shown):
            ctrl = self.host.ctrl
            people = [c for c in state.game.seating.colours if not ctrl.is_ai(c)]
            viewer = state.viewer(people)
            parts["graph"] = graph_svg(
                state.points(),
                state.sides,
                total=state.total,
                current=state.shown,
                lang=lang,
                viewer=viewer,
            )
            learn = ""
            if state.done:  # the marks settled: the puzzles' positions are the final ones
                found = state.drills(people)
                if found:
                    costly = state.drills_are_costly(found)
                    learn = learn_html(lang, drills.link(found, lang), costly=costly)
            parts["mistakes"] = (
                mistakes_html(lang, judged, state.shown)
                + costly_html(lang, state.sides, judged, state.shown, viewer)
                + learn
            )
            self.drawn = (analysed, state.shown)
        done = state.done and not self.saving
        parts.update(
            searches=state.searches,
            searched=state.searched if not state.done else state.searches,
            words=state.error
            or progress_words(lang, len(state.plies), state.total + 1, finished=state.done),
            done=state.done,
            stop=i18n.t(lang, "review.stop" if self.running else "review.resume"),
            at=i18n.t(lang, "review.ply", ply=state.shown),
            point=self._point_words(),
            review="done" if done else "running",
            ply=state.shown,
        )
        self.view.send("reviewShow", parts)
        if "graph" in parts and self.board_drawn != (self.marks(), state.better_shown()):
            self.host.render()  # a mark or an arrow arrived: the list and the board
