"""The game page's keyboard: what a key press does, decided without a browser.

The page hands over the press and the little it knows of the moment (the board has the
focus, a past position is shown, a die's value is being picked); what the press does comes
back as a ``Command``, or ``None`` for a press the page leaves to the browser. The page's
handler (``front/game.py``, ``press_of``) reads the press off the event as plain fields,
leaves out presses in a form field or under an open dialog, and posts it to the game's
worker (WEB.md, "The game's Python in a worker"). The review's own
keys are the review's to take first.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Final, Literal, cast

from ..board.orientation import Diagonal
from ..front.keys import BUTTON_KEYS, HISTORY_STEPS, KEY_DIAGONALS
from ..front.keys import REVIEW_STEPS as STEP_KEYS
from ..front.keys import signature as press_signature

KEYS: Final = BUTTON_KEYS
"""Single keys and the buttons they press (the keyboard help lists them): the one key
table of every board (``front.keys``)."""
STEPS: Final = HISTORY_STEPS


@dataclasses.dataclass(frozen=True)
class Press:
    key: str
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False
    on_board: bool = False
    """The board has the keyboard's focus."""


MAX_KEY: Final = 32
"""Longer than any key's name the browser gives (``"AudioVolumeMute"``…)."""
FLAGS: Final = ("ctrl", "shift", "alt", "meta", "on_board")


def press_from(data: object) -> Press | None:
    """The page's press (``front/game.py``, ``press_of``) decoded, or ``None`` for anything
    that is not one: a key name too long, a flag that is not a boolean."""
    if not isinstance(data, Mapping) or len(data) > 8:
        return None
    key = data.get("key")
    flags = tuple(data.get(name, False) for name in FLAGS)
    if not isinstance(key, str) or len(key) > MAX_KEY:
        return None
    if not all(isinstance(value, bool) for value in flags):
        return None
    ctrl, shift, alt, meta, on_board = (value is True for value in flags)
    return Press(key, ctrl=ctrl, shift=shift, alt=alt, meta=meta, on_board=on_board)


@dataclasses.dataclass(frozen=True)
class Command:
    kind: Literal["do", "cursor", "select", "escape", "pick"]
    arg: str = ""
    """The button's action (``do``), the value (``pick``)."""
    diagonal: Diagonal | None = None
    """Where the board's cursor goes (``cursor``)."""


def command(press: Press, *, viewing: bool, picking: bool) -> Command | None:
    """What ``press`` does on the game page; ``viewing``: a past position is shown;
    ``picking``: the die-value picker is open."""
    key = press.key
    if not key or press.alt or press.meta:
        return None
    # ← → step through the moves (as on lichess) while a past position is shown, and in
    # play unless the board has the focus: there they move its cursor (WEB.md).
    if key in STEPS and not press.ctrl and (viewing or not press.on_board):
        return Command("do", STEPS[key])
    if press.ctrl:
        if key in ("z", "Z"):
            return Command("do", "redo" if press.shift else "undo")
        return Command("do", "redo") if key == "y" else None
    if press.on_board and key in KEY_DIAGONALS:
        return Command("cursor", diagonal=cast(Diagonal, KEY_DIAGONALS[key]))
    if press.on_board and key in ("Enter", " "):
        return Command("select")
    if key == "Escape":
        return Command("escape")
    if picking and len(key) == 1 and key in "123456":
        return Command("pick", key)
    if key in KEYS:
        return Command("do", KEYS[key])
    return None


def reviews(press: Press) -> bool:
    """``press`` is the review's while it is open (``review.driver.STEP_KEYS``): the key
    with no modifier but Shift."""
    return press.key in STEP_KEYS and not (press.ctrl or press.alt or press.meta)


CANDIDATES: Final = tuple(
    dict.fromkeys(
        (*KEYS, *STEPS, *KEY_DIAGONALS, *STEP_KEYS, "Enter", " ", "Escape", *"123456", *"zZy")
    )
)
"""Every key some state of the page takes (``taken`` tries each)."""


def signature(press: Press) -> str:
    """How the page names a press to look it up in ``taken`` (``front.keys.signature``,
    which the page's handler calls too)."""
    return press_signature(
        press.key,
        alt=press.alt,
        ctrl=press.ctrl,
        meta=press.meta,
        shift=press.shift,
        on_board=press.on_board,
    )


@functools.cache
def taken(*, viewing: bool, picking: bool, reviewing: bool) -> tuple[str, ...]:
    """The presses the game takes at this moment, by ``signature``: the view keeps them
    from the browser (a page scrolled by an arrow, a search box opened by a letter) at
    once, before the game, maybe in a worker, has heard of them. Presses with Alt or Meta
    are never the game's."""
    found = []
    for key in CANDIDATES:
        for on_board in (False, True):
            for ctrl in (False, True):
                for shift in (False, True):
                    press = Press(key, ctrl=ctrl, shift=shift, on_board=on_board)
                    mine = reviewing and reviews(press)
                    if mine or command(press, viewing=viewing, picking=picking) is not None:
                        found.append(signature(press))
    return tuple(found)
