"""What the game page's view tells the game when it starts, decoded and bounded.

The view (``assets/view.js``, ``hello``) reads once what only the page has: the link's
parameters as the browser splits them, the browser's language, the settings kept from
earlier visits, whether the pointer is a finger, whether the page is an embedded board,
whether the system asks for less motion, the keys of the words the page shows, and what
the visitor did before Python was up (``window.deriveEarly``, ``assets/boot.js``).
The game's Python, in its worker (WEB.md, "The game's Python in a worker"), asks for it
first thing. Whatever does not fit is dropped, never raised: a link's own
faults are ``table.params``'s to report, in words.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from typing import Any, Final

MAX_PAIRS: Final = 64
"""A link's parameters read (the game reads a dozen names; more is not a link of ours)."""
MAX_SETTING: Final = 16
"""The longest setting kept (``"normal"``, ``"fr"``, ``"on"``…)."""
MAX_EARLY_CLICKS: Final = 8
"""As many squares as boot.js keeps."""
MAX_KEPT: Final = 2000
"""Keys of the game's read from local storage (the shelf keeps some fifty games); as many
more are named unread at most (the view's ``storedGames``)."""
MAX_STORED_CHARS: Final = 10**9
"""The longest a stored text can be said to be (browsers hold a few million characters)."""
MAX_KEY: Final = 200
"""The longest storage key of the game's (``derive.game.…``)."""
STORAGE_STATES: Final = ("ok", "full", "blocked")
MAX_WORDS: Final = 400
"""More than the page's words' keys (``data-i18n``…: about 90)."""
LANG_KEY: Final = "derive.lang"
SPEED_KEY: Final = "derive.speed"
SOUND_KEY: Final = "derive.sound"
SETTINGS: Final = (LANG_KEY, SPEED_KEY, SOUND_KEY)
"""The settings kept in local storage (the view reads them: ``assets/view.js``)."""


@dataclasses.dataclass(frozen=True)
class Hello:
    query: Mapping[str, list[str]] = dataclasses.field(default_factory=dict)
    """The link's parameters, each name's values in order."""
    language: str = ""
    """The browser's language (``navigator.language``)."""
    stored: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The settings kept in local storage (``SETTINGS``), those there."""
    coarse: bool = False
    """The pointer is a finger (words then say "tap")."""
    embed: bool = False
    """The page is an embedded board (its layout chosen by boot.js)."""
    reduced_motion: bool = False
    """The system asks for less motion (animations off unless the player set a speed)."""
    words: tuple[str, ...] = ()
    """The keys of the words the page shows (``data-i18n``…), to say in another language."""
    shelf: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The saved games: the page's local storage, its keys of the game's (``derive.``)."""
    tab: str | None = None
    """The saved game this tab plays (in its ``sessionStorage``), if any."""
    storage: str = "ok"
    """Whether the page may write its storage: ``ok``, ``full`` (its quota reached) or
    ``blocked`` (a privacy setting, a sandboxed frame)."""
    early: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """What the visitor did before Python was up: ``setup`` (the form's fields, if sent),
    ``cancelled``, ``open`` (the form is still open), ``touched`` (the fields changed),
    ``clicks`` (squares clicked)."""
    unread: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Saved texts the view did not send, too long or past its bounds, by key: their
    lengths. The shelf keeps them where they are, never written over."""
    unread_count: int = 0
    """How many texts were not sent (``unread`` names at most ``MAX_KEPT`` of them)."""
    restarted: bool = False
    """The game's Python before this one stopped (its worker lost): this one takes the game
    up from the saved games, and says so."""


def _text(value: object, limit: int) -> str | None:
    return value if isinstance(value, str) and len(value) <= limit else None


def _query(pairs: object) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    if not isinstance(pairs, list):
        return values
    for pair in pairs[:MAX_PAIRS]:
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair):
            values.setdefault(pair[0], []).append(pair[1])
    return values


def _strings(items: object, limit: int, count: int) -> list[str]:
    if not isinstance(items, list):
        return []
    return [item for item in items[:count] if _text(item, limit) is not None]


MAX_FIELD: Final = 200
"""Longer than any of the setup form's values: a longer one is dropped."""


def setup_fields(fields: object) -> dict[str, str] | None:
    """The setup form's fields as the view sends them (with the first minute's, and with
    each change of the form), bounded; ``None`` for what is not a form's fields."""
    if not isinstance(fields, Mapping) or len(fields) > MAX_PAIRS:
        return None
    return {str(k): v for k, v in fields.items() if isinstance(v, str) and len(v) <= MAX_FIELD}


def _early(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        return {}
    return {
        "setup": setup_fields(data.get("setup")),
        "cancelled": data.get("cancelled") is True,
        "open": data.get("open") is True,
        "touched": _strings(data.get("touched"), 40, MAX_PAIRS),
        "clicks": _strings(data.get("clicks"), 3, MAX_EARLY_CLICKS),
    }


def _ours(key: object) -> bool:
    return isinstance(key, str) and key.startswith("derive.") and len(key) <= MAX_KEY


def _shelf(data: object) -> dict[str, str]:
    """The game's keys and their texts as local storage holds them, the first ``MAX_KEPT``
    (the view sends the newest games first); a text's own length is the shelf's to judge (an
    entry too long is set aside, and said)."""
    if not isinstance(data, Mapping):
        return {}
    mine = ((k, v) for k, v in data.items() if _ours(k) and isinstance(v, str))
    return dict(itertools.islice(mine, MAX_KEPT))


def _unread(data: object) -> dict[str, int]:
    if not isinstance(data, Mapping):
        return {}
    named = (
        (k, v)
        for k, v in data.items()
        if _ours(k) and type(v) is int and 0 <= v <= MAX_STORED_CHARS
    )
    return dict(itertools.islice(named, MAX_KEPT))


def _count(value: object) -> int:
    return value if type(value) is int and value >= 0 else 0


def hello_from(data: object) -> Hello:
    """The view's object decoded; the defaults for anything that is not one."""
    if not isinstance(data, Mapping):
        return Hello()
    stored = data.get("stored")
    kept = {}
    if isinstance(stored, Mapping):
        kept = {k: v for k in SETTINGS if (v := _text(stored.get(k), MAX_SETTING)) is not None}
    return Hello(
        query=_query(data.get("query")),
        language=_text(data.get("language"), 35) or "",
        stored=kept,
        coarse=data.get("coarse") is True,
        embed=data.get("embed") is True,
        reduced_motion=data.get("reduced_motion") is True,
        words=tuple(_strings(data.get("words"), 60, MAX_WORDS)),
        shelf=_shelf(data.get("shelf")),
        tab=_text(data.get("tab"), MAX_KEY),
        storage=storage if (storage := data.get("storage", "ok")) in STORAGE_STATES else "blocked",
        early=_early(data.get("early")),
        unread=(unread := _unread(data.get("unread"))),
        unread_count=max(len(unread), min(_count(data.get("unread_count")), 10**7)),
        restarted=data.get("restarted") is True,
    )
