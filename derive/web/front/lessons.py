"""The lesson boards on the page's thread: the Learn pages, the puzzles, the embedded board.

Each board is an element with ``data-lesson`` holding ``figure.lesson-board`` (its
``.board-wrap`` holds the SVG), the step buttons (``data-action="prev"`` / ``"next"``,
``.lesson-counter``), the action buttons and ``p.lesson-message``. A click or a key on it
becomes a *gesture*; gestures are sent to the worker ``lessons`` one at a time, in order,
and the *steps* it answers (``derive.web.learn.desk``) are carried out before the next is
sent: a move's animation ends before the next gesture is applied. Gestures made before the
board was live were kept by ``assets/live-boards.js`` in ``window.deriveQueue`` and are
sent first.

MicroPython (``front``'s docstring): the page is handed in (``window``), so that the
tests run this module under MicroPython with a page of their own.
"""

import asyncio
import json

from . import keys
from .dom import closest, field, guarded, present

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from collections.abc import Callable
    from typing import Any

TOUCH = ("touch", "pen")
"""Pointer types whose gesture is a tap."""


def click_gesture(target: "Any") -> "tuple[str, str] | None":
    """What a click on ``target`` (inside a lesson) asks for."""
    button = closest(target, "button[data-action]")
    if button is not None:
        return None if button.disabled else ("action", str(button.dataset.action))
    pick = closest(target, ".picker [data-value]")
    if pick is not None:
        return ("value", str(pick.dataset.value))
    square = closest(target, "[data-square]")
    if square is not None:
        return ("square", str(square.dataset.square))
    return None


class Lesson:
    """One lesson board on the page: its gestures in order, the worker's steps carried
    out."""

    def __init__(self, window: "Any", root: "Any", desk: "Any") -> None:
        self.window = window
        self.root = root
        self.ident = str(root.dataset.lesson)
        self.desk = desk
        """The worker's exports (``learn/worker.py``)."""
        self.figure = root.querySelector(".lesson-board")
        self.wrap = self.figure.querySelector(".board-wrap")
        self.picker = window.document.createElement("div")
        self.picker.className = "picker"
        self.picker.hidden = True
        self.figure.append(self.picker)
        self.mode = ""
        self.picking = False
        self.next_ok = False
        """The board has a step forward (the latest ``show`` said so)."""
        self.pending: list[tuple[str, str]] = []
        self.running = False
        self.on_gesture: Callable[[str], None] | None = None
        """Told of every gesture the reader makes (an embed stops its autoplay)."""
        self.on_step: Any = None
        """Carries out the steps of the page's own (a puzzle's verdict), awaited."""
        self.done: list[list[str]] = []
        """Every gesture the worker has answered, in order, where the page may give its
        worker back (``Rest``): a worker started again replays them, and the board is where
        the reader left it."""
        self.rest: Rest | None = None

    @property
    def live(self) -> bool:
        return str(self.figure.dataset.live) == "true"

    def push(self, kind: str, value: str, by_reader: bool = True) -> None:
        """Apply a gesture after those already waiting; ``press`` is a key kept before
        the board was live, read as ``keys.lesson_key`` reads it once the board is."""
        if by_reader and self.on_gesture is not None:
            self.on_gesture(kind)
        self.pending.append((kind, value))
        if not self.running:
            self.running = True
            # <figure data-busy>: gestures are on their way to the worker (tests wait for
            # it to go, as the game page's deriveView.settle()).
            self.figure.dataset.busy = "true"
            asyncio.create_task(self.drain())

    def key(self, key: str) -> bool:
        """A key on the focused board: whether the board takes it (the handler then keeps
        it from the browser)."""
        gesture = keys.lesson_key(self.mode, self.picking, key)
        if gesture is None:
            return False
        self.push(gesture[0], gesture[1])
        return True

    async def drain(self) -> None:
        try:
            while self.pending:
                kind, value = self.pending.pop(0)
                if kind == "press":
                    gesture = keys.lesson_key(self.mode, self.picking, value)
                    if gesture is None:
                        continue
                    kind, value = gesture
                if self.rest is not None and not await self.rest.awake():
                    self.pending = []  # the board says why; the next gesture tries again
                    break
                # Gestures waiting behind this one (clicks made before the board was
                # live, fast key repeats) are applied without animation.
                steps = await self.desk.gesture(self.ident, kind, value, not self.pending)
                if self.rest is not None:
                    self.done.append([kind, value])
                await self.carry(steps)
        finally:
            self.running = False
            self.figure.removeAttribute("data-busy")
            if self.rest is not None:
                self.rest.touched()

    async def go_live(self, steps: "Any") -> None:
        """The live board's first picture, then what the reader did before it was."""
        await self.carry(steps)
        self.figure.dataset.live = "true"
        self.root.classList.remove("waiting")

    async def carry(self, steps: "Any") -> None:
        for step in steps:
            do = str(step["do"])
            if do == "show":
                self.show(step)
            elif do in ("fly", "roll"):  # assets/board.js's, the step handed over whole
                await self.window.deriveBoard.step(self.wrap, step, self.picker)
            elif do == "pause":
                await asyncio.sleep(int(step["ms"]) / 1000)
            elif self.on_step is not None:
                await self.on_step(step)

    def show(self, step: "Any") -> None:
        """The board and the lesson's parts as ``step`` says (``desk.LessonPlay.show``)."""
        self.mode = str(step["mode"])
        self.picking = bool(step["picking"])
        # Its markup handed over inside the step, never read here (assets/board.js, step).
        self.window.deriveBoard.step(self.wrap, step, self.picker)
        active = str(step["active"])
        if active:
            self.wrap.setAttribute("aria-activedescendant", active)
        else:
            self.wrap.removeAttribute("aria-activedescendant")
        quiet = False
        status = present(self.root.querySelector(".lesson-status"))
        if status is not None:  # the embedded board's line: whose turn, what is selected
            status.textContent = step["status"]
            quiet = bool(step["notice_quiet"])
        words = present(self.figure.querySelector(".board-words"))
        if words is not None:
            words.textContent = step["words"]
        solved = str(step["solved"])
        if solved:
            self.figure.dataset.solved = solved
        box = present(self.root.querySelector(".lesson-message"))
        if box is not None:
            kind = "" if quiet else str(step["notice_kind"])
            box.className = "lesson-message " + kind if kind else "lesson-message"
            box.innerHTML = "" if quiet else step["notice"]
        controls = step["controls"]
        self.next_ok = bool(controls["next"])
        for button in self.root.querySelectorAll("button[data-action]"):
            action = str(button.dataset.action)
            enabled = present(controls[action]) if action in KNOWN_CONTROLS else None
            if enabled is not None:
                button.disabled = not enabled
        counter = present(self.root.querySelector(".lesson-counter"))
        if counter is not None:
            counter.textContent = step["counter"]
        ply = str(step["ply"])
        for item in self.root.querySelectorAll(".lesson-steps [data-ply]"):
            if str(item.dataset.ply) == ply:
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")
        self.picker.hidden = not self.picking
        self.picker.innerHTML = step["picker"] if self.picking else ""
        if self.picking:
            at = step["picker_at"]
            board = self.window.deriveBoard
            board.placeBeside(self.picker, at["left"], at["top"], at["above"])


KNOWN_CONTROLS = ("prev", "next", "up", "down", "reroll", "reset", "solution")
"""The buttons a ``show`` step says are usable or not."""

REST_S = 60.0
"""An embedded board left alone this long gives its worker back (``Rest``). A reader
thinking over a board touches it again within seconds; past a minute they have moved on
(reading the host's page, another board), and the worker's Pyodide is about 100 MB of the
tab's memory, times the page's boards. Coming back costs the reader one wait for a worker
to start (``bench/bench_embed.py``: 1.2 s, a little less than the board's first start)."""
WAKE_LIMIT_S = 120.0
"""A worker started again that is not up by then is taken as failed (``assets/live-boards.js``
gives the first start as long)."""


class Rest:
    """The boards' worker given back after ``after_s`` with no gesture, and started again
    at the next one, which waits for it: the boards keep their pictures meanwhile, and
    each board is brought back where the reader left it by its kept gestures
    (``Lesson.done``, the worker's ``replay``).

    PyScript 0.7.31 has no such thing: a named worker lives as long as its page. What it
    offers is used: its element's ``xworker.terminate()`` (a plain ``Worker``'s, which
    frees the worker's Pyodide; ``assets/live-boards.js``, ``deriveRelease``) and a new
    ``<script type="py" worker name=…>`` for the start again (``deriveWorker``), under a
    new name, since its registry of named workers (polyscript's ``workers``) keeps the
    first worker of a name for good. ``start`` awaits the worker of a name
    (``pyscript.workers[name]``); ``reopen`` opens the page's boards in a fresh worker, as
    the page's start did."""

    def __init__(
        self,
        window: "Any",
        page: "Lessons",
        start: "Any",
        reopen: "Any",
        after_s: float = REST_S,
    ) -> None:
        self.window = window
        self.page = page
        self.start = start
        self.reopen = reopen
        self.after_s = after_s
        self.name = "lessons"
        """The worker's name in PyScript's registry: a new one for each start."""
        self.starts = 1
        self.resting = False
        self.lock = asyncio.Lock()
        self.timer: Any = None

    def touched(self) -> None:
        """A gesture was answered (or the boards woke): the reader's minute starts again."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.create_task(self.wait())

    async def wait(self) -> None:
        await asyncio.sleep(self.after_s)
        self.timer = None
        busy = any(lesson.running or lesson.pending for lesson in self.page.boards.values())
        if not busy and not self.resting and not self.lock.locked():
            self.release()

    def release(self) -> None:
        """The worker goes; the boards keep what they show and listen as before."""
        self.resting = True
        self.window.deriveRelease(self.name)
        self.set_desk(None)
        self.window.document.documentElement.dataset.python = "resting"

    def set_desk(self, desk: "Any") -> None:
        self.page.desk = desk
        for lesson in self.page.boards.values():
            lesson.desk = desk

    async def awake(self) -> bool:
        """The worker is there (started again and the boards restored, if it had been
        given back); false where it could not start, the boards saying so."""
        async with self.lock:
            if not self.resting:
                return True
            root = self.window.document.documentElement
            root.dataset.python = "starting"
            self.say("waiting", "info")  # until the board restored says its own words
            self.starts += 1
            self.name = "lessons-" + str(self.starts)
            try:
                await self.window.deriveWorker(self.name)
                desk = await asyncio.wait_for(self.start(self.name), WAKE_LIMIT_S)
                await self.reopen(desk)
                for lesson in self.page.boards.values():
                    steps = await desk.replay(lesson.ident, json.dumps(lesson.done))
                    await lesson.carry(steps)
            except Exception as error:  # noqa: BLE001 - any failure is said the same way
                self.window.console.error("The boards' worker did not start again: " + repr(error))
                self.window.deriveRelease(self.name)
                root.dataset.python = "lost"
                self.say("lost", "error")
                return False
            self.set_desk(desk)
            self.resting = False
            root.dataset.python = "live"
            return True

    def say(self, word: str, kind: str) -> None:
        """Each board keeps its picture and says ``word`` of the page's words (the body's
        ``data-<word>``, in the page's language: ``assets/embed.js``)."""
        text = present(getattr(self.window.document.body.dataset, word, None))
        for lesson in self.page.boards.values():
            box = present(lesson.root.querySelector(".lesson-message"))
            if box is not None and text is not None:
                box.className = "lesson-message " + kind
                box.textContent = str(text)


class Lessons:
    """Every lesson board of a page, and the page's handlers that feed them."""

    def __init__(self, window: "Any", desk: "Any") -> None:
        self.window = window
        self.desk = desk
        """The worker's exports; ``None`` until the worker is up (the page listens before:
        a board not live yet is ``assets/live-boards.js``'s to keep gestures for)."""
        self.boards: dict[str, Lesson] = {}
        self.touch = coarse_pointer(window)
        """The reader's last gesture was a touch: the boards' words say "tap"."""
        self.rest: Rest | None = None
        """Where the page gives its worker back when left alone (the embedded board)."""

    def add(self, root: "Any") -> "Lesson":
        lesson = Lesson(self.window, root, self.desk)
        lesson.rest = self.rest
        self.boards[lesson.ident] = lesson
        return lesson

    async def wake(self, lesson: "Lesson", steps: "Any") -> None:
        """Make ``lesson`` live, then apply what the reader did to it before it was."""
        await lesson.go_live(steps)
        for item in kept(self.window):
            if str(item["lesson"]) == lesson.ident:
                lesson.push(str(item["kind"]), str(item["value"]))
        if self.rest is not None and not lesson.running:
            self.rest.touched()

    def board_of(self, target: "Any") -> "Lesson | None":
        root = closest(target, "[data-lesson]")
        lesson = self.boards.get(str(root.dataset.lesson)) if root is not None else None
        return lesson if lesson is not None and lesson.live else None

    def click(self, event: "Any") -> None:
        target = field(event, "target")
        lesson = self.board_of(target)
        gesture = click_gesture(target) if lesson is not None else None
        if lesson is not None and gesture is not None:
            if gesture[0] == "square":  # the keys that follow go to this board
                lesson.wrap.focus(self.window.JSON.parse('{"preventScroll": true}'))
            lesson.push(gesture[0], gesture[1])

    def keydown(self, event: "Any") -> None:
        if any(field(event, name) for name in ("altKey", "metaKey", "ctrlKey")):
            return
        target = field(event, "target")
        lesson = self.board_of(target)
        key = field(event, "key")
        if lesson is None or not isinstance(key, str) or closest(target, ".board-wrap") is None:
            return
        if lesson.key(key):
            event.preventDefault()

    def pointerdown(self, event: "Any") -> None:
        kind = field(event, "pointerType")
        if isinstance(kind, str) and kind:  # a bare event says nothing of the device
            self.touch = touch = kind in TOUCH
            self.window.document.documentElement.dataset.pointer = "touch" if touch else "mouse"
            if self.desk is not None:
                self.desk.touch(touch)  # a promise: its answer is not needed


def listen(when: "Any", document: "Any", page: "Lessons") -> None:
    """``page``'s handlers as PyScript's event handlers, on the whole document (a board
    made live later is found by its element). Plain functions: MicroPython's ``when``
    reads a handler's signature, which a bound method has not there."""

    def on_click(event: "Any") -> None:
        guarded(page.window, page.click, event)

    def on_key(event: "Any") -> None:
        guarded(page.window, page.keydown, event)

    def on_pointer(event: "Any") -> None:
        guarded(page.window, page.pointerdown, event)

    when("click", document)(on_click)
    when("keydown", document)(on_key)
    when("pointerdown", document)(on_pointer)


async def started(window: "Any", run: "Any") -> None:
    """Run a page's start (``run``, a coroutine); if it fails, the boards say so in words
    (``assets/live-boards.js``) and keep their pictures."""
    try:
        await run
    except Exception as error:  # noqa: BLE001 - the last line of defence
        window.console.error("The lesson boards could not start: " + repr(error))
        window.deriveFailed()


def mark_ready(window: "Any") -> None:
    """The page's Python is up and its boards answer: ``<html data-ready="true">`` (what
    the tests and the kit wait for), ``data-python="live"``, and when, in ms since the page
    began (``data-ready-ms``, read by the benchmarks)."""
    root = window.document.documentElement
    root.dataset.ready = "true"
    root.dataset.python = "live"
    root.dataset.readyMs = str(round(window.performance.now()))


def kept(window: "Any") -> "list[Any]":
    """What ``assets/live-boards.js`` kept in ``window.deriveQueue`` before Python."""
    queue = present(getattr(window, "deriveQueue", None))
    return list(queue) if queue is not None else []


def coarse_pointer(window: "Any") -> bool:
    """The device's main pointer is a finger: until a gesture says otherwise, "tap"."""
    return bool(window.matchMedia("(pointer: coarse)").matches)


def reduced_motion(window: "Any") -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
