"""The lesson boards' Python, in PyScript's named worker ``lessons``: the decisions, never
the page.

A Learn page, a puzzle page and the embedded board keep their Python here, off the page's
thread (WEB.md, "One runtime"): the page's MicroPython (``derive.web.front``) turns what the
reader does into a *gesture*, awaits ``gesture`` (an export of ``learn/worker.py``), and
carries out the *steps* that come back, in order. A step is plain data, so that it crosses
to the page as PyScript converts it (no JSON text of our own):

* ``{"do": "show", ...}``: the board's whole state after the gesture (``show``'s fields);
* ``{"do": "fly", "square", "end", "hops", "ms"}`` and ``{"do": "roll", "square", "faces",
  "frame", "hold"}``: the board's animations (``assets/board.js``);
* ``{"do": "pause", "ms"}``: a wrong move and its refutation stay in sight before the
  ``show`` that takes them back;
* ``{"do": "verdict", ...}``: a puzzle's result (``puzzles.worker``), for the page to record.

No value is ``None`` (it reaches MicroPython as JavaScript's ``undefined``): absent is ``""``.
The decisions are ``LessonBoard``'s (pure, CPython-tested); drawing and moving are
``BoardWidget``'s, onto a ``board.surface.Surface`` with no page, which writes the steps down.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from html import escape
from typing import Any, Final

from ...notation import CAPTURE, Move
from ..board.surface import Step, Surface
from ..board.widget import BoardWidget
from ..front.keys import ACTS
from ..table import panel
from ..table.controller import Notice, sign_of
from ..words import i18n
from .lesson import Attempt, LessonBoard, StepMove

REFUTATION_PAUSE_MS: Final = 1600
"""How long a wrong move and the reply that refutes it stay on the board before both are
taken back (a gesture meanwhile waits: the reader sees why before trying again)."""
GESTURES: Final = ("square", "action", "value", "key")


def finish(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` to its end now: the widget's animations are awaited on a
    ``Surface`` with no page, which writes them down and never suspends."""
    try:
        coro.send(None)
    except StopIteration:
        return
    coro.close()
    raise RuntimeError("a lesson's step waited for the page")


class LessonPlay:
    """One lesson board's decisions, as steps for the page to carry out."""

    def __init__(
        self,
        board: LessonBoard,
        *,
        ids: str,
        why_page: str = "",
        reduced_motion: bool = False,
        speed: str = "auto",
        strict_acts: bool = False,
        after: Callable[[], list[Step]] | None = None,
    ) -> None:
        self.board = board
        self.strict_acts = strict_acts
        """The +1, −1 and re-roll buttons are usable only where the engine allows them on
        the selected die (the puzzles: no −1 on a 1, no re-roll without chance)."""
        self.after = after
        """Steps of the page's own after each gesture (a puzzle's verdict)."""
        self.surface = Surface(reduced_motion=reduced_motion)
        self.widget = BoardWidget(self.surface, speed=speed, ids=ids)
        self.ids = ids
        self.why_page = why_page
        """The page the "why?" links name when they point at this very page (the Learn
        page's own lessons): those become anchors; others open beside the board."""

    # ----- gestures ------------------------------------------------------------

    def gesture(self, kind: str, value: str, *, animate: bool = True) -> list[Step]:
        """The steps that carry out ``kind``/``value`` (``GESTURES``); an unknown gesture
        shows the board as it is."""
        self.surface.steps = []
        finish(self._apply(kind, value, animate))
        if not any(step["do"] == "show" for step in self.surface.steps):
            self.show()
        if self.after is not None:
            self.surface.steps.extend(self.after())
        return self.surface.steps

    def replay(self, gestures: list[tuple[str, str]]) -> list[Step]:
        """Apply ``gestures`` as they were answered before, with no animation, and show
        where they lead: a board whose worker was given back and started again (an embed
        left alone, ``front/lessons.py``'s ``Rest``) is restored from the gestures its page
        kept. The lessons' dice are seeded, so the same gestures lead to the same board."""
        for kind, value in gestures:
            self.surface.steps = []
            finish(self._apply(kind, value, False))
        return self.opening()

    def opening(self) -> list[Step]:
        """The live board's first picture."""
        self.surface.steps = []
        self.show()
        return self.surface.steps

    async def _apply(self, kind: str, value: str, animate: bool) -> None:
        board = self.board
        if kind == "square":
            await self._after(board.click(value), animate)
        elif kind == "value" and value.isdigit():
            await self._after(board.pick(int(value)), animate)
        elif kind == "key":
            await self._key(value, animate)
        elif value in ("prev", "next"):
            moved = board.next() if value == "next" else board.prev()
            self.show()
            if moved is not None and animate:
                await self._animate_step(moved)
        elif value in ("first", "last"):
            board.goto(0 if value == "first" else board.total)
        elif value == "reset":
            board.reset()
        elif value == "solution":
            await self._after(board.solve(), animate)
        elif (sign := sign_of(value)) is not None:
            await self._after(board.act(sign), animate)

    async def _key(self, key: str, animate: bool) -> None:
        board = self.board
        if key.startswith("cursor:"):
            direction = key.partition(":")[2]
            if direction in ("up-left", "up-right", "down-left", "down-right"):
                board.move_cursor(direction)  # type: ignore[arg-type]
        elif key == "Escape":
            board.escape()
        elif key in ("Enter", " "):  # the square under the cursor
            await self._after(board.click(board.cursor, keyboard=True), animate)

    async def _after(self, attempt: Attempt, animate: bool) -> None:
        self.show()
        if attempt.refutation is not None:
            # The wrong move and its refutation are on the board: show them, then the task.
            if animate:
                for played in (attempt.played, attempt.refutation):
                    if played is not None:
                        await self._animate(played.kind, played.move, played.path, played.colour)
                self.surface.steps.append({"do": "pause", "ms": REFUTATION_PAUSE_MS})
            self.board.take_back()
            self.show()
            return
        if not animate or attempt.played is None or attempt.result == "wrong":
            return
        for played in (attempt.played, *attempt.replies):
            await self._animate(played.kind, played.move, played.path, played.colour)

    async def _animate_step(self, moved: StepMove) -> None:
        if moved.forward:
            await self._animate(moved.kind, moved.move, moved.path, moved.colour)
        elif moved.kind != "reroll":
            path = _path(moved.kind, moved.move, moved.path)
            await self.widget.fly(tuple(reversed(path)))

    async def _animate(self, kind: str, move: str, path: tuple[str, ...], colour: str) -> None:
        if kind == "reroll" and "?" in move:
            square, _, value = move.partition("?")
            if value.isdigit():
                await self.widget.roll(square, colour, int(value))
            return
        flight = _path(kind, move, path)
        if len(flight) > 1:  # an entry or a change of value stays where it is
            await self.widget.fly(flight)

    # ----- the board's state ----------------------------------------------------

    def show(self) -> None:
        """Write down the board's whole state as one ``show`` step: the page patches the
        board and the lesson's parts in place from it."""
        board = self.board
        view = board.board_view()
        self.widget.draw(view, static=board.mode == "watch")
        markup = self.surface.drawn
        active = (
            f"{self.ids}{board.cursor}" if board.mode != "watch" and view.cursor is not None else ""
        )
        notice = board.message
        status = board.status()
        # Said once is enough, where the lesson has a status line (the embedded board).
        quiet = notice is not None and notice.text == status
        selected = board.selected is not None
        can = {action: selected for action in ACTS}
        if self.strict_acts:
            can = {action: board.can_act(sign) for action in ACTS if (sign := sign_of(action))}
        picking = board.picking or ""
        picker = ""
        spot: dict[str, Any] = {}
        if picking:
            picker = panel.picker_html(board.controller)
            self.widget.place_beside(None, picking)
            spot = dict(self.surface.beside)
        solved = ""
        if board.mode == "exercise":
            solved = "shown" if board.shown else "true" if board.solved else "false"
        self.surface.steps.append(
            {
                "do": "show",
                "markup": markup,
                "mode": board.mode,
                "active": active,
                "status": status,
                "words": board.describe(),
                "solved": solved,
                "notice_kind": notice.kind if notice is not None else "",
                "notice": self._message_html(notice) if notice is not None else "",
                "notice_quiet": quiet,
                "controls": {
                    "prev": board.can_prev(),
                    "next": board.can_next(),
                    **can,
                    "reset": board.game.ply > 0 or board.solved or board.message is not None,
                    "solution": board.mode == "exercise" and not board.solved,
                },
                "counter": board.counter(),
                "ply": board.ply,
                "picking": picking,
                "picker": picker,
                "picker_at": spot,
            }
        )

    def _message_html(self, notice: Notice) -> str:
        lang = self.board.lang
        text = i18n.moves_html(i18n.sentence(notice.text))
        target = notice.why or ""
        if not target:
            return text
        page, _, anchor = target.partition("#")
        if self.why_page and page == self.why_page:
            href, outside = f"#{anchor}", ""
        else:
            href, outside = target, ' target="_blank" rel="noopener"'
        title = escape(i18n.t(lang, "why.title"))
        return (
            f'{text} <a class="why" href="{escape(href)}"{outside} title="{title}">'
            f"{escape(i18n.t(lang, 'why'))}</a>"
        )


def _path(kind: str, move: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """The squares a die visits: a step's or jump's own path; a capture goes straight
    from its square to its victim's."""
    if path or kind != CAPTURE:
        return path
    parsed = Move.parse(move)
    return tuple(move.split("x", 1)) if parsed.kind == CAPTURE else ()


__all__ = ["GESTURES", "LessonPlay", "REFUTATION_PAUSE_MS", "finish"]
