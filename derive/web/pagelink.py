"""``link.Link`` on the page's own thread: each call made at once on ``window.deriveView``.

Only meaningful inside Pyodide (``pyscript`` exists there alone); typed ``Any`` for mypy.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import JsException
from pyscript import window
from pyscript.ffi import is_none, to_js

from .link import ViewError


def _js(value: object) -> Any:
    if isinstance(value, (dict, list, tuple)):
        return to_js(value, dict_converter=js.Object.fromEntries)
    return value


def _py(value: Any) -> object:
    if is_none(value):
        return None
    return value.to_py(depth=8) if hasattr(value, "to_py") else value


class PageLink:
    def __init__(self, target: Any = None) -> None:
        self.target = window.deriveView if target is None else target

    def send(self, name: str, *args: object) -> None:
        getattr(self.target, name)(*(_js(arg) for arg in args))

    async def ask(self, name: str, *args: object) -> object:
        try:
            answer = getattr(self.target, name)(*(_js(arg) for arg in args))
            if hasattr(answer, "then"):
                answer = await answer
        except JsException as error:
            raise ViewError(str(error)) from None
        return _py(answer)
