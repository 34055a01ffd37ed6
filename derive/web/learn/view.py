"""One live lesson board in the browser: a ``LessonBoard`` bound to its element.

The same piece serves every lesson of the Learn pages and the embedded board
(``embed.html``): each is an element with ``data-lesson`` holding ``figure.lesson-board``
(its ``.board-wrap`` holds the SVG), the step buttons (``data-action="prev"`` / ``"next"``,
``.lesson-counter``), the action buttons (``up``, ``down``, ``reroll``, ``reset``) and
``p.lesson-message``.  What the reader does — clicks on squares and buttons, keys on the
focused board, values in the picker — becomes a *gesture*, applied in order (a step's
animation finishes before the next gesture is applied).  Gestures made before Python was up
were kept by ``assets/live-boards.js`` in ``window.deriveQueue`` and are applied the
moment their board is live, as if just made.

Decisions are ``LessonBoard``'s (pure, CPython-tested); drawing and animating are
``BoardWidget``'s; this module only wires them to the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Final, Literal

from pyscript.ffi import to_js

from ...notation import CAPTURE, Move
from ..board.element import ElementSurface
from ..board.orientation import KEY_DIAGONALS
from ..board.widget import BoardWidget
from ..dom import closest, document, early, on, one, py, spawn, window
from ..table import panel
from ..table.controller import Notice
from ..words import i18n
from .lesson import Attempt, LessonBoard, StepMove

QUEUE: Final = "deriveQueue"
"""The name under which ``assets/live-boards.js`` keeps gestures made before Python."""
ACTS: Final[dict[str, Literal["+", "-", "?"]]] = {"up": "+", "down": "-", "reroll": "?"}
KEY_ACTS: Final = {"+": "up", "=": "up", "-": "down", "_": "down", "d": "reroll", "D": "reroll"}
STEP_KEYS: Final = {
    "ArrowRight": "next",
    "ArrowDown": "next",
    "PageDown": "next",
    "ArrowLeft": "prev",
    "ArrowUp": "prev",
    "PageUp": "prev",
    "Home": "first",
    "End": "last",
}
"""A watch board's keys: its moves, forward and back."""
REFUTATION_PAUSE: Final = 1.6
"""Seconds a wrong move and the reply that refutes it stay on the board before both are
taken back (a gesture meanwhile waits: the reader sees why before trying again)."""
TOUCH: Final = ("touch", "pen")
"""Pointer types whose gesture is a tap."""


@dataclass(frozen=True)
class Gesture:
    kind: Literal["square", "action", "value", "key", "press"]
    """``key``: a key the board handles itself (cursor, Enter, Esc); ``press``: any key
    pressed before the board was live, read as ``key_gesture`` reads it once applied."""
    value: str


def key_gesture(board: LessonBoard, key: str) -> Gesture | None:
    """The gesture a key makes on a focused board, or ``None`` if the board ignores it."""
    if board.mode == "watch":
        return Gesture("action", STEP_KEYS[key]) if key in STEP_KEYS else None
    if key in KEY_DIAGONALS or key in ("Enter", " ", "Escape"):
        return Gesture("key", key)
    if key in KEY_ACTS:
        return Gesture("action", KEY_ACTS[key])
    if board.picking and len(key) == 1 and key in "123456":
        return Gesture("value", key)
    return None


class LessonView:
    """A lesson's element, live: see the module's docstring."""

    def __init__(
        self,
        root: Any,
        board: LessonBoard,
        *,
        ids: str,
        why_page: str = "",
        speed: str = "auto",
    ) -> None:
        self.root = root
        self.board = board
        self.figure = one(root, ".lesson-board")
        self.wrap = one(self.figure, ".board-wrap")
        self.widget = BoardWidget(ElementSurface(self.wrap), speed=speed, ids=ids)
        self.ids = ids
        self.why_page = why_page
        """The page the "why?" links name when they point at this very page (the Learn
        page's own lessons): those become anchors; others open beside the board."""
        self.picker = document.createElement("div")
        self.picker.className = "picker"
        self.picker.hidden = True
        self.figure.append(self.picker)
        board.touch = coarse_pointer()
        self.on_gesture: Callable[[Gesture], None] | None = None
        """Told of every gesture the reader makes (an embed stops its autoplay)."""
        self._pending: list[Gesture] = []
        self._running = False

    @property
    def live(self) -> bool:
        return str(self.figure.dataset.live) == "true"

    def go_live(self) -> None:
        """Draw the live board and apply what the reader did before it was live."""
        self.render()
        self.figure.dataset.live = "true"
        self.root.classList.remove("waiting")

    # ----- gestures ------------------------------------------------------------

    def push(self, gesture: Gesture, *, by_reader: bool = True) -> None:
        """Apply ``gesture`` after those already waiting."""
        if by_reader and self.on_gesture is not None:
            self.on_gesture(gesture)
        self._pending.append(gesture)
        if not self._running:
            self._running = True
            spawn(self._drain())

    async def _drain(self) -> None:
        try:
            while self._pending:
                gesture = self._pending.pop(0)
                # Gestures waiting behind this one (a reader's clicks made before the board
                # was live, fast key repeats) are applied without animation.
                await self._apply(gesture, animate=not self._pending)
        finally:
            self._running = False

    async def _apply(self, gesture: Gesture, *, animate: bool) -> None:
        board = self.board
        if gesture.kind == "square":
            await self._after(board.click(gesture.value), animate)
        elif gesture.kind == "value":
            await self._after(board.pick(int(gesture.value)), animate)
        elif gesture.kind == "key":
            await self._key(gesture.value, animate)
        elif gesture.kind == "press":
            pressed = key_gesture(board, gesture.value)
            if pressed is not None:
                await self._apply(pressed, animate=animate)
        elif gesture.value in ("prev", "next"):
            moved = board.next() if gesture.value == "next" else board.prev()
            self.render()
            if moved is not None and animate:
                await self._animate_step(moved)
        elif gesture.value in ("first", "last"):
            board.goto(0 if gesture.value == "first" else board.total)
            self.render()
        elif gesture.value == "reset":
            board.reset()
            self.render()
        elif gesture.value == "solution":
            await self._after(board.solve(), animate)
        elif gesture.value in ACTS:
            await self._after(board.act(ACTS[gesture.value]), animate)

    async def _key(self, key: str, animate: bool) -> None:
        board = self.board
        if key in KEY_DIAGONALS:
            board.move_cursor(KEY_DIAGONALS[key])
            self.render()
        elif key == "Escape":
            board.escape()
            self.render()
        else:  # Enter or Space: the square under the cursor
            await self._after(board.click(board.cursor, keyboard=True), animate)

    async def _after(self, attempt: Attempt, animate: bool) -> None:
        self.render()
        if attempt.refutation is not None:
            # The wrong move and its refutation are on the board: show them, then the task.
            if animate:
                for played in (attempt.played, attempt.refutation):
                    if played is not None:
                        await self._animate(played.kind, played.move, played.path, played.colour)
                await asyncio.sleep(REFUTATION_PAUSE)
            self.board.take_back()
            self.render()
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

    # ----- drawing ---------------------------------------------------------------

    def render(self) -> None:
        board = self.board
        view = board.board_view()
        self.widget.draw(view, static=board.mode == "watch")
        if board.mode != "watch" and view.cursor is not None:
            self.wrap.setAttribute("aria-activedescendant", f"{self.ids}{board.cursor}")
        else:
            self.wrap.removeAttribute("aria-activedescendant")
        notice = board.message
        status = one(self.root, ".lesson-status")
        if status is not None:  # the embedded board's line: whose turn, what is selected
            status.textContent = said = board.status()
            if notice is not None and notice.text == said:
                notice = None  # said once is enough
        words = one(self.figure, ".board-words")
        if words is not None:
            words.textContent = board.describe()
        if board.mode == "exercise":
            solved = "shown" if board.shown else "true" if board.solved else "false"
            self.figure.dataset.solved = solved
        self._render_message(notice)
        self._render_controls()
        self._render_picker()

    def _render_message(self, notice: Notice | None) -> None:
        box = one(self.root, ".lesson-message")
        if box is None:
            return
        box.className = f"lesson-message {notice.kind}" if notice else "lesson-message"
        box.innerHTML = self._message_html(notice) if notice else ""

    def _message_html(self, notice: Notice) -> str:
        lang = self.board.lang
        text = escape(i18n.sentence(notice.text))
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

    def _render_controls(self) -> None:
        board = self.board
        selected = board.selected is not None
        states = {
            "prev": board.can_prev(),
            "next": board.can_next(),
            "up": selected,
            "down": selected,
            "reroll": selected,
            "reset": board.game.ply > 0 or board.solved or board.message is not None,
            "solution": board.mode == "exercise" and not board.solved,
        }
        for button in self.root.querySelectorAll("button[data-action]"):
            action = str(button.dataset.action)
            if action in states:
                button.disabled = not states[action]
        counter = one(self.root, ".lesson-counter")
        if counter is not None:
            counter.textContent = board.counter()
        for item in self.root.querySelectorAll(".lesson-steps [data-ply]"):
            if int(item.dataset.ply) == board.ply:
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")

    def _render_picker(self) -> None:
        board = self.board
        square = board.picking
        self.picker.hidden = square is None
        if square is None:
            self.picker.innerHTML = ""
            return
        self.picker.innerHTML = panel.picker_html(board.controller)
        self.widget.place_beside(self.picker, square)


def listen(views: Mapping[str, LessonView]) -> None:
    """Listen for the reader's gestures on the lessons of ``views`` (keyed by their
    ``data-lesson``; it may still be filling): a board that is not live yet is left to
    ``assets/live-boards.js``, which keeps its gestures for ``wake``."""

    def view_of(target: Any) -> LessonView | None:
        root = closest(target, "[data-lesson]")
        view = views.get(str(root.dataset.lesson)) if root is not None else None
        return view if view is not None and view.live else None

    def on_click(event: Any) -> None:
        target = field(event, "target")
        view = view_of(target)
        gesture = click_gesture(target) if view is not None else None
        if view is not None and gesture is not None:
            if gesture.kind == "square":  # the keys that follow go to this board
                view.wrap.focus(to_js({"preventScroll": True}))
            view.push(gesture)

    def on_key(event: Any) -> None:
        target = field(event, "target")
        key = field(event, "key")
        if any(field(event, name) for name in ("altKey", "metaKey", "ctrlKey")):
            return
        view = view_of(target)
        if view is None or not isinstance(key, str) or closest(target, ".board-wrap") is None:
            return
        gesture = key_gesture(view.board, key)
        if gesture is not None:
            event.preventDefault()
            view.push(gesture)

    def on_pointer(event: Any) -> None:
        kind = field(event, "pointerType")
        if isinstance(kind, str) and kind:  # a bare event says nothing of the device
            touch = kind in TOUCH
            document.documentElement.dataset.pointer = "touch" if touch else "mouse"
            for view in views.values():
                view.board.touch = touch

    on(document, "click", on_click)
    on(document, "keydown", on_key)
    on(document, "pointerdown", on_pointer)


def field(event: Any, name: str) -> Any:
    """An event's field, ``None`` where it has none: a script, an extension or a screen
    reader may dispatch a bare ``Event('keydown')`` with no key, no modifiers."""
    return py(getattr(event, name, None))


def coarse_pointer() -> bool:
    """The device's main pointer is a finger: until a gesture says otherwise, "tap"."""
    matcher = getattr(window, "matchMedia", None)
    return bool(matcher is not None and matcher("(pointer: coarse)").matches)


def wake(ident: str, view: LessonView) -> None:
    """Make ``view`` live, then apply what the reader did to it before it was."""
    view.go_live()
    for item in early(QUEUE):
        if item.get("lesson") == ident and item.get("kind") in (
            "square",
            "action",
            "value",
            "press",
        ):
            view.push(Gesture(item["kind"], str(item.get("value", ""))))


def click_gesture(target: Any) -> Gesture | None:
    """What a click on ``target`` (inside a lesson) asks for."""
    button = closest(target, "button[data-action]")
    if button is not None:
        return None if button.disabled else Gesture("action", str(button.dataset.action))
    pick = closest(target, ".picker [data-value]")
    if pick is not None:
        return Gesture("value", str(pick.dataset.value))
    square = closest(target, "[data-square]")
    if square is not None:
        return Gesture("square", str(square.dataset.square))
    return None


def _path(kind: str, move: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """The squares a die visits: a step's or jump's own path; a capture goes straight
    from its square to its victim's."""
    if path or kind != CAPTURE:
        return path
    parsed = Move.parse(move)
    return tuple(move.split("x", 1)) if parsed.kind == CAPTURE else ()


__all__ = ["QUEUE", "Gesture", "LessonView", "click_gesture", "key_gesture", "listen", "wake"]
