"""The page's view as Python reaches it: calls by name, with plain data.

The game page's Python never touches the page. It names what the view should do
(``assets/view.js``, ``window.deriveView``: ``show``, ``dialog``, ``boardDraw``…) and hands
it plain data: text, numbers, booleans, lists and dicts of them. ``send`` is a call whose
answer nobody waits for; ``ask`` waits for the view's answer (the clipboard, an animation
that ends). The game's Python runs in a worker, which posts each call as a message
(``web/postlink.py``; WEB.md, "The game's Python in a worker"); the unit tests' view
records them (``Recorder``): nothing here or in its callers depends on which.
"""

from __future__ import annotations

from typing import Any, Protocol


class ViewError(RuntimeError):
    """The view could not do what ``ask`` asked (a worker that failed to start or answer,
    a promise the page rejected): said in its own words, never a player's."""


def answered(answer: object) -> dict[str, Any]:
    """A worker's answer as the view hands it back: a dict (the computer's worker answers
    plain data, derive/web/play/worker.py); ``ValueError`` for anything else."""
    if not isinstance(answer, dict):
        raise ValueError("the worker said nothing")
    return answer


class Link(Protocol):
    def send(self, name: str, *args: object) -> None:
        """Have the view do ``name`` with ``args``; no answer."""

    async def ask(self, name: str, *args: object) -> object:
        """Have the view do ``name`` with ``args`` and wait for its answer (plain data);
        ``ViewError`` when it could not."""


class Recorder:
    """A view that records every call and answers ``ask`` from ``answers`` (tests): an
    answer is given as it is, a function is called with the call's arguments, an exception
    is raised."""

    def __init__(self, answers: dict[str, object] | None = None) -> None:
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self.answers = dict(answers or {})

    def send(self, name: str, *args: object) -> None:
        self.calls.append((name, args))

    async def ask(self, name: str, *args: object) -> object:
        self.calls.append((name, args))
        answer = self.answers.get(name)
        if callable(answer):
            answer = answer(*args)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def named(self, name: str) -> list[tuple[object, ...]]:
        """The arguments of each call of ``name``, in order."""
        return [args for called, args in self.calls if called == name]
