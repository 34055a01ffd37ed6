"""The puzzle pages' own Python (``puzzles.html``, ``enigmes.html``), on the page's thread.

Started by ``assets/live-boards.js`` once the page has loaded, with the worker
``lessons`` (``derive/web/puzzles/worker.py``). Here only what a worker cannot do: fetch
the puzzles (``assets/puzzles.json``, same origin, kept offline by the service worker),
read and write the player's record in local storage, and put the worker's answers on the
page; the board is the lesson boards' (``lessons``). Nothing is lost: a damaged record is
copied, untouched, under its own key before anything is written; storage refused or full
is said, and the page plays on.
"""

import asyncio

from . import lessons as boards
from .dom import present

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any


class Storage:
    """The page's local storage, where the browser gives it (a private window or a frame
    on another site may refuse it: then nothing is stored)."""

    def __init__(self, window: "Any") -> None:
        self.window = window

    def get(self, key: str) -> "str | None":
        try:
            value = present(self.window.localStorage.getItem(key))
        except Exception:  # noqa: BLE001 - refused: nothing stored
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> bool:
        try:
            self.window.localStorage.setItem(key, value)
        except Exception:  # noqa: BLE001 - full or refused: the page says so
            return False
        return True


class PuzzlePage:
    def __init__(self, window: "Any", desk: "Any", page: "boards.Lessons") -> None:
        self.window = window
        self.document = window.document
        self.desk = desk
        self.page = page
        self.storage = Storage(window)
        self.key = ""
        self.saving = True
        self.unsaved = False
        self.lesson: boards.Lesson | None = None

    def one(self, selector: str) -> "Any":
        return self.document.querySelector(selector)

    def notice(self, text: str, add: bool = False) -> None:
        """Say ``text`` in the notice line (``add``: after what it says already)."""
        box = self.one(".puzzle-notice")
        said = str(box.textContent or "")
        if add and said and text:
            text = (said + " " + text).strip()
        elif add and not text:
            text = said
        box.textContent = text
        box.hidden = not text

    def notices(self, answer: "Any", add: bool = False) -> None:
        said = [str(text) for text in answer["notices"]]
        if said or not add:
            self.notice(" ".join(said), add)

    def show_record(self, record: "Any") -> None:
        # In the score line: the board comes first in the page and has a data-solved too.
        score = self.one(".puzzle-score")
        score.querySelector("[data-rating]").textContent = record["rating"]
        score.querySelector("[data-streak]").textContent = record["streak"]
        score.querySelector("[data-best]").textContent = record["best"]
        score.querySelector("[data-solved]").textContent = record["solved"]
        self.document.documentElement.dataset.puzzleRating = record["rating"]

    def fill_themes(self, everything: str, themes: "Any") -> None:
        select = self.one("#puzzle-theme")
        select.innerHTML = ""
        for tag, words in [("", everything)] + [(t[0], t[1]) for t in themes]:
            option = self.document.createElement("option")
            option.value = tag
            option.textContent = words
            select.append(option)
        select.disabled = False

    async def show(self, puzzle: "Any") -> None:
        """``puzzle`` (the worker's answer) on the page and its board."""
        ident = str(puzzle["id"])
        if not ident:  # the puzzle shown stays
            return
        root = self.document.documentElement
        result = self.one(".puzzle-result")
        result.textContent = ""
        result.className = "puzzle-result"
        # Players' words in the title; the id stays in the link and the data attributes.
        # The heading, the task and the result line are the worker's HTML: escaped text,
        # each move's notation in a span that keeps it on one line.
        self.one("#puzzle-title").innerHTML = puzzle["heading"]
        self.one(".puzzle-about").textContent = puzzle["about"]
        section = self.one("[data-lesson]")
        section.querySelector(".lesson-text").innerHTML = puzzle["task"]
        figure = section.querySelector(".lesson-board")
        figure.dataset.task = puzzle["goal"]
        figure.dataset.solution = puzzle["solution"]
        section.dataset.puzzleId = ident
        # The puzzle drawn before Python (data-first) was greyed if it is not this one
        # (assets/live-boards.js); if it was played, the taps were on another puzzle (a
        # catalogue newer than the page): they are not this one's.
        section.classList.remove("stale")
        first = present(section.dataset.first)
        if self.lesson is None and first is not None and str(first) != ident:
            queue = present(getattr(self.window, "deriveQueue", None))
            if queue is not None:
                queue.splice(0)
        root.dataset.puzzle = ident
        root.dataset.verdict = ""
        section.querySelector('[data-action="reroll"]').hidden = not puzzle["chance"]
        self.one(".puzzle-link a").href = "#" + ident
        if str(self.window.location.hash) != "#" + ident:
            self.window.history.replaceState(None, "", "#" + ident)
        if self.lesson is None:
            self.lesson = self.page.add(section)
            self.lesson.on_step = self.on_step
            await self.page.wake(self.lesson, puzzle["steps"])
        else:
            await self.lesson.carry(puzzle["steps"])

    async def on_step(self, step: "Any") -> None:
        """A verdict on the board: recorded at once, and said."""
        if str(step["do"]) != "verdict":
            return
        stored = self.storage.get(self.key) if self.saving else None
        answer = await self.desk.puzzles_result(stored or "", stored is not None)
        if not answer["line"]:
            return
        # A drill of the player's own mistakes is not rated: nothing to write.
        if answer["save"] and self.saving and not self.storage.set(self.key, answer["save"]):
            self.saving = False
            self.notice(answer["unsaved"], True)
        line = self.one(".puzzle-result")
        line.innerHTML = answer["line"]
        line.className = answer["line_class"]
        self.document.documentElement.dataset.verdict = answer["verdict"]
        self.show_record(answer["record"])

    async def open_linked(self) -> None:
        answer = await self.desk.puzzles_open(str(self.window.location.hash))
        if str(answer["puzzle"]["id"]):
            self.notice("")
        self.notices(answer, True)
        await self.show(answer["puzzle"])

    async def another(self, theme: str) -> None:
        answer = await self.desk.puzzles_another(theme)
        self.notices(answer, True)
        await self.show(answer["puzzle"])


async def fetch_text(fetch: "Any", path: str) -> "tuple[str, bool]":
    """The file's text, and whether it came (offline with nothing kept, or refused: not).
    ``fetch``: PyScript's (the browser's, called from MicroPython, loses its ``this``)."""
    try:
        response = await fetch(path)
        if not response.ok:
            return "", False
        return str(await response.text()), True
    except Exception:  # noqa: BLE001 - the fetch refused
        return "", False


async def run() -> None:
    from pyscript import document, fetch, when, window, workers

    # Listening from the start, as the Learn pages do (``embed.py`` says why).
    page = boards.Lessons(window, None)
    boards.listen(when, document, page)
    desk = page.desk = await workers["lessons"]
    root = document.documentElement
    text, fetched = await fetch_text(fetch, "assets/puzzles.json")
    puzzles = PuzzlePage(window, desk, page)
    stored = puzzles.storage.get("derive.puzzles")
    answer = await desk.puzzles_start(
        text,
        fetched,
        stored or "",
        stored is not None,
        str(root.lang),
        str(window.location.hash),
        boards.coarse_pointer(window),
        boards.reduced_motion(window),
        str(window.location.search),
    )
    if answer["error"]:
        puzzles.notice(answer["error"])
        boards.mark_ready(window)
        return
    puzzles.key = str(answer["key"])
    if answer["drill"]:  # the player's mistakes: no theme to pick, no rating
        root.dataset.drill = "mistakes"
        button = document.querySelector("[data-another]")
        button.textContent = str(answer["next"])
        button.hidden = not answer["next"]
    # Nothing lost: a damaged text stays, under a key of its own, before any write.
    aside = str(answer["damaged_key"])
    if answer["damaged"] and stored is not None and puzzles.storage.get(aside) is None:
        puzzles.storage.set(aside, stored)
    puzzles.notices(answer)
    puzzles.fill_themes(answer["all"], answer["themes"])
    puzzles.show_record(answer["record"])
    await puzzles.show(answer["puzzle"])

    def on_hash(event: "Any") -> None:
        asyncio.create_task(puzzles.open_linked())

    def on_theme(event: "Any") -> None:
        asyncio.create_task(puzzles.another(str(event.target.value)))

    def on_another(event: "Any") -> None:
        asyncio.create_task(puzzles.another(str(document.querySelector("#puzzle-theme").value)))

    # The window as the document's view: PyScript's ``window`` on the page is a proxy of
    # the global object, on which MicroPython's addEventListener throws "Illegal
    # invocation" (tried: ``when("hashchange", window)`` and ``[window]``).
    when("hashchange", document.defaultView)(on_hash)
    when("change", "#puzzle-theme")(on_theme)
    when("click", "[data-another]")(on_another)
    document.querySelector("[data-another]").disabled = False
    boards.mark_ready(window)


async def main() -> None:
    from pyscript import window

    await boards.started(window, run())
