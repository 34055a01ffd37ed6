"""``link.Link`` from a worker: each call to the view posted as a message.

The game page's Python runs in a PyScript worker of its own (``play/run.py``): the
page's thread keeps only the view (``assets/view.js``). A call is ``{"call": name,
"args": [...]}``, with an ``"id"`` when it is ``ask``'s. The calls one turn of the game's
Python makes (a click's handler: the dialog closed, the board and the panels drawn) go
together, as one JSON array posted once that turn ends: the view applies them in one task,
so the page never shows half of a change, and a click costs one message. The view answers
``{"answer": id, "value": ...}`` or ``{"answer": id, "error": text}``, and what the
player did comes as ``{"kind": ..., "data": ...}``. Text, not structured clones: one
``JSON.parse`` on each side, and nothing of Pyodide's proxies crosses the boundary.

Nothing here imports the browser, so it runs (and is tested) under CPython: ``post`` is
whatever carries the text (``play/run.py``'s outbox, which the view's ``calls`` empties;
a list in tests).
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections.abc import Callable
from typing import Any, Final

from .. import safejson
from .link import ViewError

MAX_MESSAGE_CHARS: Final = 16 * 1024 * 1024
"""A message from the view: the page's saved games (local storage holds some 5 M
characters), an imported file, a click. Longer is not the view's: it is not read."""
MAX_MESSAGE_DEPTH: Final = 16
"""The deepest message the view hands on is a review's answer, at 9 levels: the answer,
its value, the plies, one ply, what the passes said before the check changed it
(``"hold"``), its reason, what the better move does, one fact, its colours. At 8, a
four-player game's review stopped for good at its last stage, the answer dropped."""

_ANSWER = re.compile(r'\{"answer":(\d{1,15}),')
"""How the view begins an answer (``assets/view.js``, ``JSON.stringify``): enough to fail
the call an answer that cannot be read was for, rather than leave it waiting forever."""


def _loop() -> asyncio.AbstractEventLoop | None:
    """The loop whose turn this is. In Pyodide that is its browser loop even in a call from
    JavaScript (a message handler), where no loop counts as running: it turns on the
    browser's own tasks. Elsewhere only a running loop has a turn to end."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if sys.platform == "emscripten":
            return asyncio.get_event_loop()
        return None


class PostLink:
    """The view reached by posted messages; ``take`` is given each message the view posts
    back, and hands what is not an answer to ``receive``."""

    def __init__(self, post: Callable[[str], object]) -> None:
        self.post = post
        self.receive: Callable[[str, object], None] = lambda kind, data: None
        """Where the player's messages go (the page's ``receive``, once it is made)."""
        self._asked: dict[int, asyncio.Future[object]] = {}
        self._next = 0
        self._calls: list[dict[str, Any]] = []

    def _post(self, message: dict[str, Any]) -> None:
        """Queue a call; the queue goes when this turn of the event loop ends (at once
        where no loop runs: a caller outside one has no turn to wait for)."""
        self._calls.append(message)
        if len(self._calls) > 1:
            return  # already due
        loop = _loop()
        if loop is None:
            self.flush()
        else:
            loop.call_soon(self.flush)

    def flush(self) -> None:
        """Post the calls queued, in their order, as one message."""
        calls, self._calls = self._calls, []
        if calls:
            self.post(json.dumps(calls, separators=(",", ":"), ensure_ascii=False))

    def send(self, name: str, *args: object) -> None:
        self._post({"call": name, "args": list(args)})

    async def ask(self, name: str, *args: object) -> object:
        self._next += 1
        number = self._next
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._asked[number] = future
        try:
            self._post({"call": name, "args": list(args), "id": number})
            return await future
        finally:
            self._asked.pop(number, None)

    def take(self, text: object) -> None:
        """One message of the view's. What cannot be one (too long, not JSON, misshapen)
        is dropped with a line on the console: it did not come from the view. An answer
        that cannot be read fails the call it answers (``ViewError``)."""
        if not isinstance(text, str):
            print("A message to the game was not read: it is not text")
            return
        try:
            message = safejson.loads(text, max_chars=MAX_MESSAGE_CHARS, max_depth=MAX_MESSAGE_DEPTH)
        except ValueError as error:
            print(f"A message to the game was not read: {error}")
            answer = _ANSWER.match(text)
            if answer is not None:
                self._answer({"answer": int(answer[1]), "error": f"not read: {error}"})
            return
        if not isinstance(message, dict):
            print("A message to the game was not read: it is not an object")
            return
        if "answer" in message:
            self._answer(message)
        elif isinstance(message.get("kind"), str):
            self.receive(message["kind"], message.get("data"))

    def _answer(self, message: dict[str, Any]) -> None:
        future = self._asked.get(message["answer"]) if isinstance(message["answer"], int) else None
        if future is None or future.done():
            return  # asked by nobody now (a call given up)
        if "error" in message:
            future.set_exception(ViewError(str(message["error"])[:500]))
        else:
            future.set_result(message.get("value"))
