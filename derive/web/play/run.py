"""The game page's Python in PyScript's named worker ``game``.

The page's view (``assets/view.js``) starts the worker (config ``game.toml``: Pyodide, the
site's image restored) and calls its exports:

* ``start()`` once: the game asks the view for its ``hello`` first, the page is made from
  it and started, and from then on the view's messages are the page's (``Page.receive``);
* ``take(text)`` with each message of the view's (``derive/web/postlink.py``: a player's
  gesture, or the answer to an ``ask``);
* ``calls()``, which the view keeps asking: it waits for the game's next calls to the view
  and returns them, a list of texts, each the calls of one turn of the game's Python. A
  worker without ``SharedArrayBuffer`` (no special headers on GitHub Pages or in another
  site's frame) cannot call the page: the page's standing question is how what the game
  does by itself (the computer's move, a review's progress) reaches it.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Final

from ..link import ViewError
from ..postlink import PostLink
from .hello import hello_from
from .page import Page

EXPORTS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "start": ((), "bool: the game asks the view for its hello and starts; false once begun"),
    "take": (
        ("text: str",),
        "bool: one of the view's messages (JSON: {kind, data}, or {answer, value|error})",
    ),
    "calls": (
        (),
        "list[str]: the game's next calls to the view, each a JSON list of {call, args, "
        "id?}; waits until there are some",
    ),
}
"""What the game's worker exports to the page (``assets/view.js`` calls them), with each
export's arguments and answer; ``tests/test_front.py`` holds the page's calls to it."""


class Outbox:
    """The texts the game posts to the view, kept until the view's ``calls`` takes them."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._waiting: asyncio.Future[None] | None = None

    def put(self, text: str) -> None:
        self.texts.append(text)
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(None)

    async def take(self) -> list[str]:
        """Every text posted since the last ``take``, waiting for one if there is none."""
        while not self.texts:
            self._waiting = asyncio.get_event_loop().create_future()
            await self._waiting
        texts, self.texts = self.texts, []
        return texts


class GameWorker:
    """The worker's game: its link to the view over an outbox, started once."""

    def __init__(self) -> None:
        self.outbox = Outbox()
        self.link = PostLink(self.outbox.put)
        self.begun = False

    def start(self) -> bool:
        """Ask the view for its hello and start the page from it; ``False`` if begun."""
        if self.begun:
            return False
        self.begun = True
        self.link.send("stamp", "importedMs")  # for the start-up benchmark
        asyncio.ensure_future(greet(self.link))
        return True

    def take(self, text: str) -> bool:
        """One of the view's messages, handed to the game."""
        self.link.take(text)
        return True

    async def calls(self) -> list[str]:
        """The game's next calls to the view, as soon as there are some."""
        return await self.outbox.take()


_worker = GameWorker()
start, take, calls = _worker.start, _worker.take, _worker.calls
EXPORTED: Final = {"start": start, "take": take, "calls": calls}
"""The exports by name, for the worker's start (``assets/view.js``)."""


async def greet(link: PostLink) -> Page | None:
    """The view's hello asked for, and the page started with it."""
    try:
        data = await link.ask("hello")
    except ViewError:
        data = None  # a page with its defaults: the link's game is lost, not the game
    return begin(link, data)


def begin(link: PostLink, data: object) -> Page | None:
    """The page made from the view's hello, and started; ``None`` if it could not be
    (the view then says so in the page's words)."""
    page = None
    try:
        page = Page(hello_from(data), link)
        link.receive = page.receive
        page.start()
    except Exception:  # noqa: BLE001 - said in words, never a traceback
        traceback.print_exc()
        words = page.ctrl.t("error.generic") if page is not None else ""
        link.send("failed", words)
        return None
    return page
