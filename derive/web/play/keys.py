"""The game page's keyboard: what a key press does, decided without a browser.

The page hands over the press and the little it knows of the moment (the board has the
focus, a past position is shown, a die's value is being picked); what the press does comes
back as a ``Command``, or ``None`` for a press the page leaves to the browser. A page whose
Python runs in a worker (WEB.md, "Python off the page's thread") sends the same press as a
message. Presses in a form field or under an open dialog, and the review's own keys, are
the page's to filter first: they need the page.
"""

from __future__ import annotations

import dataclasses
from typing import Final, Literal

from ..board.orientation import KEY_DIAGONALS, Diagonal

KEYS: Final[dict[str, str]] = {
    "+": "up",
    "=": "up",
    "-": "down",
    "_": "down",
    "d": "reroll",
    "D": "reroll",
    "u": "undo",
    "U": "undo",
    "r": "redo",
    "R": "redo",
    "y": "redo",
    "Y": "redo",
    "h": "hint",
    "H": "hint",
    "f": "turn",
    "F": "turn",
    "?": "keys",
}
"""Single keys and the buttons they press (the keyboard help lists them)."""

STEPS: Final[dict[str, str]] = {"ArrowLeft": "prev", "ArrowRight": "next"}


@dataclasses.dataclass(frozen=True)
class Press:
    key: str
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False
    on_board: bool = False
    """The board has the keyboard's focus."""


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
        return Command("cursor", diagonal=KEY_DIAGONALS[key])
    if press.on_board and key in ("Enter", " "):
        return Command("select")
    if key == "Escape":
        return Command("escape")
    if picking and len(key) == 1 and key in "123456":
        return Command("pick", key)
    if key in KEYS:
        return Command("do", KEYS[key])
    return None
