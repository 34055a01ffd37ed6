"""The keyboard, one table for every board: the game page, the lesson boards, the review.

Written for MicroPython too (``front``'s docstring): the page's handlers read it, and so
does the game's Python in its worker.
"""

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Final

BUTTON_KEYS: "Final[dict[str, str]]" = {
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
"""Single keys and the buttons they press (the game page's keyboard help lists them)."""

ACTS: "Final[dict[str, str]]" = {"up": "+", "down": "-", "reroll": "?"}
"""The buttons that change the selected die, and the sign of each (``+c3``, ``-c3``,
``c3?``)."""

KEY_DIAGONALS: "Final[dict[str, str]]" = {
    "ArrowUp": "up-right",
    "ArrowRight": "down-right",
    "ArrowDown": "down-left",
    "ArrowLeft": "up-left",
    "Home": "up-left",
    "PageUp": "up-right",
    "End": "down-left",
    "PageDown": "down-right",
}
"""Arrow keys walk the diagonals of play, turned a quarter clockwise (up goes up and to
the right, right goes down and to the right…); the four keys of a numeric keypad's
corners (Home, Page Up, End, Page Down) name each diagonal directly."""

WATCH_KEYS: "Final[dict[str, str]]" = {
    "ArrowRight": "next",
    "ArrowDown": "next",
    "PageDown": "next",
    "ArrowLeft": "prev",
    "ArrowUp": "prev",
    "PageUp": "prev",
    "Home": "first",
    "End": "last",
}
"""A board stepped through (a lesson to watch, an embed's moves): its moves, forward and
back."""

HISTORY_STEPS: "Final[dict[str, str]]" = {"ArrowLeft": "prev", "ArrowRight": "next"}
"""The game page's keys through its history of moves."""

REVIEW_STEPS: "Final[dict[str, int]]" = {
    "ArrowLeft": -1,
    "ArrowRight": 1,
    "Home": -10000,
    "End": 10000,
}
"""The review's keys and how far each steps: ← → a move (as on lichess), Home and End to
either end."""

CHOOSE: "Final[tuple[str, ...]]" = ("Enter", " ", "Escape")
"""Keys a playable board answers itself: the square under the cursor, or let go."""


def lesson_key(mode: str, picking: bool, key: str) -> "tuple[str, str] | None":
    """The gesture (kind, value) a key makes on a focused lesson board in ``mode``
    (``watch``, ``try``, ``exercise``), or ``None`` if the board leaves the key to the
    browser. ``picking``: the value picker is open."""
    if mode == "watch":
        step = WATCH_KEYS.get(key)
        return ("action", step) if step else None
    if key in KEY_DIAGONALS:
        return ("key", "cursor:" + KEY_DIAGONALS[key])
    if key in CHOOSE:
        return ("key", key)
    button = BUTTON_KEYS.get(key)
    if button in ACTS:
        return ("action", str(button))
    if picking and len(key) == 1 and key in "123456":
        return ("value", key)
    return None


def maybe_lesson_key(key: str) -> bool:
    """``key`` may mean something to some lesson board (kept while it is not live)."""
    return (
        key in WATCH_KEYS
        or key in KEY_DIAGONALS
        or key in CHOOSE
        or BUTTON_KEYS.get(key) in ACTS
        or (len(key) == 1 and key in "123456")
    )


def signature(
    key: str,
    alt: bool = False,
    ctrl: bool = False,
    meta: bool = False,
    shift: bool = False,
    on_board: bool = False,
) -> str:
    """How a press is named in the list of those the game takes now (``play/keys.py``,
    ``taken``), by the page's handler (``front/game.py``) and the game alike: the board's
    focus and each modifier, then the key."""
    held = ("alt+" if alt else "") + ("ctrl+" if ctrl else "") + ("meta+" if meta else "")
    return ("board:" if on_board else "") + held + ("shift+" if shift else "") + key
