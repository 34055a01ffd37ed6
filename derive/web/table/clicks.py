"""The game page's clicks as data: what the page found under a click, bounded and typed.

The page's handler (``front/game.py``, ``click_of``, in MicroPython on the page) reads
the click's target once and hands over plain fields; the game's Python never looks at an
element. It runs in its worker (WEB.md, "The game's Python in a worker") and gets them as
a message, so this is a decoder like the others: whatever comes in (a field too long, of
the wrong type, a number out of range) is dropped, never raised.

One click can be inside several things (a square inside the board inside the page);
``Click.target`` says which one the click is for, in the order the page has always used.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Final, Literal

MAX_FIELD: Final = 40
"""The longest name a button carries (``data-action``, ``data-shelf``…)."""
MAX_ARG: Final = 2_000
"""A shelf button's argument: a game's id, or a storage key another page may have named."""
MAX_PLY: Final = 100_000
"""Above any game's length (the record's bounds are far lower)."""
_NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]*")
_SQUARE: Final = re.compile(r"[a-j](?:10|[1-9])")

Target = Literal["review", "action", "step", "ply", "pick", "square"]


@dataclasses.dataclass(frozen=True)
class Review:
    """A click in the review's section: its close or stop button, a step, or a ply."""

    close: bool = False
    stop: bool = False
    step: int | None = None
    ply: int | None = None


@dataclasses.dataclass(frozen=True)
class Click:
    """Everything a click was inside, each field empty when it was not."""

    review: Review | None = None
    shelf: str = ""
    arg: str = ""
    action: str = ""
    step: str = ""
    ply: int | None = None
    pick: int | None = None
    square: str = ""

    def target(self, *, reviewing: bool) -> Target | None:
        """What the game page does with the click (the shelf's buttons are the shelf's:
        they are a field of their own); ``reviewing``: the review is open."""
        if reviewing and self.review is not None:
            return "review"
        order: tuple[Target, ...] = ("action", "step", "ply", "pick", "square")
        return next((name for name in order if getattr(self, name) not in ("", None)), None)


def _name(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if isinstance(value, str) and len(value) <= MAX_FIELD and _NAME.fullmatch(value):
        return value
    return ""


def _number(value: object, low: int, high: int) -> int | None:
    """An integer written as the page writes it (a ``data-`` attribute's text), in range."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and 0 < len(value) <= 7 and re.fullmatch(r"-?[0-9]+", value):
        number = int(value)
    else:
        return None
    return number if low <= number <= high else None


def _review(value: object) -> Review | None:
    if not isinstance(value, Mapping):
        return None
    if value.get("close") is True:
        return Review(close=True)
    if value.get("stop") is True:
        return Review(stop=True)
    step = _number(value.get("step"), -MAX_PLY, MAX_PLY)
    if step is not None:
        return Review(step=step)
    ply = _number(value.get("ply"), 0, MAX_PLY)
    return Review(ply=ply) if ply is not None else None


def click_from(data: object) -> Click:
    """The view's object decoded; an empty ``Click`` for anything that is not one."""
    if not isinstance(data, Mapping) or len(data) > 16:
        return Click()
    arg = data.get("arg")
    square = data.get("square")
    return Click(
        review=_review(data.get("review")),
        shelf=_name(data, "shelf"),
        arg=arg if isinstance(arg, str) and len(arg) <= MAX_ARG else "",
        action=_name(data, "action"),
        step=_name(data, "step"),
        ply=_number(data.get("ply"), 0, MAX_PLY),
        pick=_number(data.get("pick"), 1, 6),
        square=square if isinstance(square, str) and _SQUARE.fullmatch(square) else "",
    )
