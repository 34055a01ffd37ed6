"""The Learn pages' own Python (``rules.html``, ``regles.html``): every lesson board made
live, its gestures sent to the worker ``lessons``.

``assets/live-boards.js`` starts it (with the worker) when the reader reaches for a board.
The boards the reader already used come first, then those in sight, then the page in
order: one board a turn of the page's event loop, so that scrolling never waits.
"""

from . import lessons as boards

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any


def order(sections: "list[Any]", used: "list[str]", in_sight: "Any") -> "list[Any]":
    """``sections`` in the order they wake: used, then in sight, then the rest."""

    def rank(section: "Any") -> int:
        ident = str(section.dataset.lesson)
        return 0 if ident in used else 1 if in_sight(section) else 2

    return sorted(sections, key=rank)


async def main() -> None:
    from pyscript import window

    await boards.started(window, run())


async def run() -> None:
    from pyscript import document, when, window, workers

    root = document.documentElement
    lang = str(root.lang)
    # Listening from the start: the page's Python may be up long before the engine's
    # worker, which starts at the reader's first reach for a board.
    page = boards.Lessons(window, None)
    boards.listen(when, document, page)
    desk = page.desk = await workers["lessons"]

    def in_sight(section: "Any") -> bool:
        box = section.getBoundingClientRect()
        return bool(box.bottom > 0 and box.top < window.innerHeight)

    used = [str(item["lesson"]) for item in boards.kept(window)]
    sections = order(list(document.querySelectorAll("[data-lesson]")), used, in_sight)
    reduced = boards.reduced_motion(window)
    for section in sections:
        steps = await desk.open(str(section.dataset.lesson), lang, page.touch, reduced)
        if steps.length:
            await page.wake(page.add(section), steps)
    root.dataset.live = "true"
    root.dataset.python = "live"
    root.dataset.liveMs = str(round(window.performance.now()))
