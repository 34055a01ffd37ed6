"""The few DOM helpers the live lesson boards' glue needs (Learn pages and embeds).

Only meaningful inside Pyodide (``pyscript`` exists there alone); typed ``Any`` for mypy.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

_proxies: list[Any] = []


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    """Listen for the page's lifetime; a bug in ``handler`` is logged, never raised into
    the browser's event loop (where it would show PyScript's traceback box)."""

    def run(event: Any) -> None:
        try:
            handler(event)
        except Exception:  # noqa: BLE001 - the last line of defence
            js.console.error(traceback.format_exc())

    proxy = create_proxy(run)
    _proxies.append(proxy)  # kept alive: a collected proxy would break the listener
    target.addEventListener(event, proxy)


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` in the background, logging (not raising) what goes wrong."""

    async def run() -> None:
        try:
            await coro
        except Exception:  # noqa: BLE001
            js.console.error(traceback.format_exc())

    asyncio.ensure_future(run())


def py(value: Any) -> Any:
    """JS ``null``/``undefined`` as ``None``."""
    return None if is_none(value) else value


def closest(target: Any, selector: str) -> Any:
    if not hasattr(target, "closest"):
        return None  # the document itself, a text node
    return py(target.closest(selector))


def one(root: Any, selector: str) -> Any:
    return py(root.querySelector(selector))


def query() -> dict[str, list[str]]:
    """The URL's parameters, split by the browser (``urllib.parse`` is slow to import)."""
    values: dict[str, list[str]] = {}
    for pair in js.URLSearchParams.new(window.location.search).entries():
        values.setdefault(str(pair[0]), []).append(str(pair[1]))
    return values


def early(name: str) -> list[dict[str, Any]]:
    """What ``assets/live-boards.js`` kept in ``window[name]`` before Python was up."""
    kept = getattr(window, name, None)
    if kept is None or is_none(kept):
        return []
    data = kept.to_py() if hasattr(kept, "to_py") else []
    return [item for item in data if isinstance(item, dict)]


def mark_live(flag: str, *, timed: bool = True) -> None:
    """Say on ``<html>`` that Python has taken the page over: ``data-<flag>``,
    ``data-python="live"`` and, ``timed``, when (``data-<flag>-ms``), which the browser
    tests and the start-up benchmark wait for and read."""
    root = document.documentElement
    setattr(root.dataset, flag, "true")
    root.dataset.python = "live"
    if timed:
        setattr(root.dataset, f"{flag}Ms", str(round(window.performance.now())))


__all__ = [
    "closest",
    "document",
    "early",
    "mark_live",
    "on",
    "one",
    "py",
    "query",
    "spawn",
    "window",
]
