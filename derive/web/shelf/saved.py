"""The shelf of saved games: nothing a player had is ever lost.

Every game started, opened from a link or imported is kept under its own entry in the
browser's storage (``derive.game.<id>``).  An entry holds the engine's record, the seats,
the setup form, when it was last played, and a summary (position, ply, result) so the list
of games needs no replay.  Each write replaces one entry only, so two tabs playing two
games never touch each other's.

A game is known by its start (``game_key``: the start position, seed, rule set, seating,
start roll and ply limit) and its moves: a link or file whose moves extend an entry's
continues that entry; one that is older says so; one that went another way opens beside it.

Text that cannot be read is never deleted: it is set aside under ``derive.damaged.<n>``
with what can be said about it, and the good moves before the first bad one can be
restored from it.

Pure Python, tested under CPython: the browser's storage is a ``Store`` (``storage.py``
wraps localStorage; ``MemoryStore`` stands in for it in tests and when the browser refuses
storage) and the clock is a function.  ``keeper.Keeper`` keeps a page's game on the shelf.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from ... import safejson
from ...board import COLOURS
from ...game import Game
from ...limits import MAX_RECORD_CHARS
from ..table import share
from ..table.controller import HUMAN

GAME_PREFIX: Final = "derive.game."
DAMAGED_PREFIX: Final = "derive.damaged."
LEGACY_KEY: Final = "derive.save"
"""The single autosave slot of earlier versions, moved into the shelf on first load."""
LEGACY_FORMAT: Final = "derive-web-save"
ENTRY_FORMAT: Final = "derive-web-game"
ENTRY_VERSION: Final = 1

MAX_GAMES: Final = 60
MAX_SHELF_CHARS: Final = 1_500_000
"""The shelf's share of local storage (about 5 M characters per site in browsers), so
set-aside texts and other keys keep room."""
MAX_ENTRY_CHARS: Final = MAX_RECORD_CHARS
"""An entry is a record and a few fields (a 5,000-ply game's is about 60,000 characters)."""
MAX_FILE_BYTES: Final = 4 * share.MAX_FILE_CHARS
"""A file larger than this is refused before it is read (UTF-8: up to 4 bytes a char)."""

Relation = Literal["same", "ahead", "behind", "apart"]
Origin = Literal["new", "link", "file", "saved", "restored", "branch"]


# --------------------------------------------------------------------------- JSON


class Unreadable(ValueError):
    """Text that is not a save this app can use.

    ``key`` is the i18n key of the reason; ``detail``, when there is one, is the engine's
    own reason (English, put in the player's language by ``Controller.engine_text``).
    """

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.detail = detail


def load_json(text: str, *, max_chars: int = MAX_ENTRY_CHARS) -> Any:
    """JSON measured (size, nesting) before it is parsed: in Pyodide, ``json`` on deeply
    nested text overflows the browser's stack and kills the whole runtime."""
    try:
        return safejson.loads(text, max_chars=max_chars)
    except safejson.JSONError as error:
        raise Unreadable("shelf.why.json", str(error)) from None


# --------------------------------------------------------------------------- identity


def game_key(game: Game) -> str:
    """What identifies a game whatever its moves: a hash of its start."""
    setup = game.record()["setup"]
    basis = json.dumps(
        [
            setup["position"],
            setup["seed"],
            setup["rule_set"],
            setup["seating"],
            setup["start_roll"],
            setup["max_plies"],
        ],
        separators=(",", ":"),
    )
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:12]


def relation(base: Sequence[str], other: Sequence[str]) -> Relation:
    """How ``other``'s moves stand to ``base``'s: the ``same``, ``ahead`` (they extend
    them), ``behind`` (they stop earlier on the same path) or ``apart`` (they differ)."""
    shorter = min(len(base), len(other))
    if list(base[:shorter]) != list(other[:shorter]):
        return "apart"
    if len(base) == len(other):
        return "same"
    return "ahead" if len(other) > len(base) else "behind"


def moves_of(game: Game) -> list[str]:
    return [str(m) for m in game.moves]


# --------------------------------------------------------------------------- storage


Refusal = Literal["quota", "bounds", "blocked"]


class StorageError(Exception):
    """A write that did not happen: the browser's storage is full (``quota``), the shelf
    keeps no more (``bounds``: its own limits, with only unfinished games left, which are
    never removed to make room) or the browser refuses storage (``blocked``)."""

    def __init__(self, kind: Refusal) -> None:
        super().__init__(f"storage refused: {kind}")
        self.kind: Refusal = kind

    @property
    def full(self) -> bool:
        """Room may come back (a game deleted, a finished one exported and removed)."""
        return self.kind != "blocked"


QUOTA_ERRORS: Final = frozenset({"QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"})
"""The names browsers give a write refused for want of room (Firefox's older one too);
any other refusal (``SecurityError``: a privacy setting, a sandboxed frame) is storage
that is not there for this page at all."""


def refusal(error_name: str) -> StorageError:
    """What the browser meant by refusing a write with an error of this name."""
    return StorageError("quota" if error_name in QUOTA_ERRORS else "blocked")


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Write ``value``; ``StorageError`` if the browser refuses."""

    def remove(self, key: str) -> None: ...

    def move(self, key: str, new_key: str) -> None:
        """The text at ``key`` put at ``new_key`` instead, never lost on the way: written
        there first, removed here only then (``StorageError`` if the copy is refused)."""

    def names(self) -> list[str]:
        """Every key in the storage."""


class MemoryStore:
    """A ``Store`` in a dict, with an optional quota in characters (keys and values, as
    browsers count local storage)."""

    def __init__(self, capacity: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.capacity = capacity

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.capacity is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.capacity:
                raise StorageError("quota")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def move(self, key: str, new_key: str) -> None:
        text = self.data.get(key)
        if text is None:
            return
        MemoryStore.set(self, new_key, text)  # the copy's own checks, none of a subclass's
        del self.data[key]

    def names(self) -> list[str]:
        return list(self.data)


# --------------------------------------------------------------------------- entries


@dataclass
class Entry:
    """One saved game."""

    id: str
    key: str
    """``game_key`` of its start: entries of one game share it (``id`` is the key, or the
    key and a number for another branch of the same game)."""
    record: dict[str, Any]
    seats: dict[str, str]
    setup: dict[str, Any]
    created: int
    updated: int
    """When it was last played (ms since 1970)."""
    origin: Origin
    you: str | None
    """The colour this device plays in a game by correspondence (opened from a link)."""
    position: str
    ply: int
    result: str | None
    """``None`` while the game goes on; the winner's letters, or ``""`` for a draw."""
    stamp: str = ""
    """Changes with every write: a tab knows whether someone else wrote since it read."""
    size: int = 0
    analysis: Any = None
    """The review's analysis of the game (``Analysis.to_data``'s form, ``kept.py``), or
    ``None``; checked against the game only when used, so a bad one never costs the game."""

    @property
    def moves(self) -> list[str]:
        moves: list[str] = self.record["moves"]
        return moves

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def storage_key(self) -> str:
        return GAME_PREFIX + self.id

    def ai(self) -> dict[str, str]:
        return {c: v for c, v in self.seats.items() if v != HUMAN}

    def game(self) -> Game:
        """The game, replayed from its record (``Unreadable`` if the record is bad)."""
        return replay(self.record)

    def to_text(self) -> str:
        # An entry without an analysis keeps the shape earlier versions wrote.
        extra = {} if self.analysis is None else {"analysis": self.analysis}
        return json.dumps(
            {
                "format": ENTRY_FORMAT,
                "version": ENTRY_VERSION,
                "id": self.id,
                "key": self.key,
                "created": self.created,
                "updated": self.updated,
                "stamp": self.stamp,
                "origin": self.origin,
                "you": self.you,
                "seats": self.seats,
                "setup": self.setup,
                "summary": {"position": self.position, "ply": self.ply, "result": self.result},
                "record": self.record,
                **extra,
            },
            separators=(",", ":"),
            ensure_ascii=False,
        )


def replay(record: Any) -> Game:
    try:
        return Game.from_record(record)
    except ValueError as error:
        raise Unreadable("shelf.why.record", str(error)) from None


def summary(game: Game) -> tuple[str, int, str | None]:
    """``(position, ply, result)`` of an entry."""
    outcome = game.outcome
    result = None if outcome is None else (outcome.winner or "")
    return game.to_position(), game.ply, result


def parse_entry(text: str, storage_key: str | None = None) -> Entry:
    """An entry from its stored text (``Unreadable`` saying why not).  The record is only
    checked for shape here; ``Entry.game`` replays it."""
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != ENTRY_FORMAT:
        raise Unreadable("shelf.why.format")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > ENTRY_VERSION:
        raise Unreadable("shelf.why.newer")
    if version != ENTRY_VERSION:
        raise _misshapen("version")
    entry_id = _typed(data, "id", str)
    if storage_key is not None and storage_key != GAME_PREFIX + entry_id:
        raise _misshapen("id")
    record = _typed(data, "record", dict)
    moves = record.get("moves")
    if not isinstance(record.get("setup"), dict) or not isinstance(moves, list):
        raise _misshapen("record")
    if not all(isinstance(m, str) for m in moves):
        raise _misshapen("moves")
    seats = _typed(data, "seats", dict)
    if not all(c in COLOURS and isinstance(v, str) for c, v in seats.items()):
        raise _misshapen("seats")
    facts = _typed(data, "summary", dict)
    result = facts.get("result")
    you = data.get("you")
    origin = data.get("origin")
    if (
        not isinstance(result, str | None)
        or you not in (None, *COLOURS)
        or origin not in ("new", "link", "file", "saved", "restored", "branch")
    ):
        raise _misshapen("summary")
    return Entry(
        id=entry_id,
        key=_typed(data, "key", str),
        record=record,
        seats=dict(seats),
        setup=as_object(data.get("setup")),
        created=_count(data, "created"),
        updated=_count(data, "updated"),
        origin=origin,
        you=you,
        position=_typed(facts, "position", str),
        ply=_count(facts, "ply"),
        result=result,
        stamp=_typed(data, "stamp", str),
        size=len(text),
        analysis=data.get("analysis"),
    )


FIELD_REASONS: Final = {
    "version": "shelf.why.version",
    "id": "shelf.why.id",
    "key": "shelf.why.id",
    "record": "shelf.why.no_record",
    "moves": "shelf.why.moves",
    "seats": "shelf.why.seats",
    "summary": "shelf.why.summary",
    "position": "shelf.why.summary",
    "ply": "shelf.why.summary",
    "created": "shelf.why.dates",
    "updated": "shelf.why.dates",
    "stamp": "shelf.why.stamp",
}
"""The player's reason (an i18n key, a sentence) for each part of an entry that can be
missing or of the wrong kind: never the field's own name."""


def _misshapen(name: str) -> Unreadable:
    return Unreadable(FIELD_REASONS.get(name, "shelf.why.shape"))


def as_object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _count(data: dict[str, Any], name: str) -> int:
    """A time (ms) or a ply: a whole number a browser's numbers hold exactly (a larger
    one would reach JavaScript as a BigInt, which ``Date`` refuses)."""
    value: int = _typed(data, name, int)
    if not 0 <= value < 2**53:
        raise _misshapen(name)
    return value


def _typed(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _misshapen(name)
    return value


# --------------------------------------------------------------------------- salvage


@dataclass
class Salvage:
    """What can be restored from text that does not load as it is."""

    game: Game
    good: int
    """Moves restored: all of them when only the claimed result was wrong."""
    bad: int | None
    """The number of the first move that is not legal, if that is what broke it."""
    move: str
    seats: dict[str, str]
    setup: dict[str, Any]
    whole: bool = False
    """The record itself loads as it is (what was wrong was around it)."""


_BAD_MOVE: Final = re.compile(r"^move (\d+)\b")


def salvage(text: str) -> Salvage | None:
    """The readable part of a damaged save, entry or record: its start and every move up
    to the first bad one.  ``None`` if not even its start can be read."""
    try:
        data = load_json(text)
    except Unreadable:
        return None
    if not isinstance(data, dict):
        return None
    record = data.get("record") if "record" in data else data
    if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
        return None
    seats = data.get("seats")
    seats = (
        {c: v for c, v in seats.items() if c in COLOURS and isinstance(v, str)}
        if isinstance(seats, dict)
        else {}
    )
    setup = as_object(data.get("setup"))
    moves = record["moves"]
    try:
        game = replay(record)
        return Salvage(game, len(moves), None, "", seats, setup, whole=True)
    except Unreadable as problem:
        found = _BAD_MOVE.match(problem.detail)
    bad = int(found.group(1)) if found else None
    good = bad - 1 if bad is not None else len(moves)
    # Without its claimed result: a record cut short, or one that lied about the end.
    partial = {k: v for k, v in record.items() if k != "result"}
    partial["moves"] = moves[:good]
    try:
        game = replay(partial)
    except Unreadable:
        return None
    move = str(moves[good]) if bad is not None else ""
    return Salvage(game, good, bad, move, seats, setup)


# --------------------------------------------------------------------------- the shelf


@dataclass
class SetAside:
    """Text that could not be read, kept under ``key``."""

    key: str
    text: str
    problem: Unreadable
    moved: bool
    """Moved out of the way under ``DAMAGED_PREFIX`` (else kept where it was found,
    because the storage was too full to copy it)."""


class Shelf:
    """The saved games in a ``Store``: reading, writing within bounds, setting aside."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], int],
        *,
        rng: random.Random | None = None,
        max_games: int = MAX_GAMES,
        max_chars: int = MAX_SHELF_CHARS,
    ) -> None:
        self.store = store
        self.clock = clock
        self.rng = rng or random.Random()
        self.max_games = max_games
        self.max_chars = max_chars
        self.entries: dict[str, Entry] = {}
        self.held: set[str] = set()
        """Keys of unreadable text that could not be moved: never written over."""
        self.unread: dict[str, int] = {}
        """Texts the page did not hand over (too long, or past its bounds), by key: their
        lengths. Held where they are (``hold_unread``)."""
        self.unread_count = 0
        self._sizes: dict[str, int] = {}

    # ----- reading ------------------------------------------------------

    def scan(self) -> list[SetAside]:
        """Read every entry; what cannot be read is set aside and returned."""
        self.entries = {}
        found = []
        for key in self.store.names():
            if not key.startswith(GAME_PREFIX):
                continue
            text = self.store.get(key)
            if text is None:
                continue
            try:
                entry = parse_entry(text, key)
            except Unreadable as problem:
                found.append(self.set_aside(key, text, problem))
                continue
            self.entries[entry.id] = entry
        return found

    def read(self, entry_id: str) -> Entry | SetAside | None:
        """The entry as stored now (another tab may have written it since the scan)."""
        key = GAME_PREFIX + entry_id
        if key in self.held:
            return None
        text = self.store.get(key)
        if text is None:
            self.entries.pop(entry_id, None)
            return None
        try:
            entry = parse_entry(text, key)
        except Unreadable as problem:
            self.entries.pop(entry_id, None)
            return self.set_aside(key, text, problem)
        self.entries[entry_id] = entry
        return entry

    def refresh(self, key: str, text: str | None) -> Entry | None:
        """Another tab changed ``key``: keep the listing in step (never sets aside: the tab
        that wrote it is alive and may still be writing)."""
        if not key.startswith(GAME_PREFIX):
            return None
        entry_id = key[len(GAME_PREFIX) :]
        self.entries.pop(entry_id, None)
        if text is None:
            return None
        try:
            entry = parse_entry(text, key)
        except Unreadable:
            return None
        self.entries[entry_id] = entry
        return entry

    def recent(self) -> list[Entry]:
        """The entries, last played first."""
        return sorted(self.entries.values(), key=lambda e: (e.updated, e.id), reverse=True)

    def family(self, key: str) -> list[Entry]:
        return [e for e in self.recent() if e.key == key]

    def damaged(self) -> list[str]:
        """Storage keys of the set-aside texts, oldest first."""
        keys = [k for k in self.store.names() if k.startswith(DAMAGED_PREFIX)]
        keys.sort(key=lambda k: (_damaged_time(k), k))
        return keys + sorted(self.held)

    def size_of(self, key: str) -> int:
        """Characters of a set-aside text (remembered: such a text never changes, and the
        list is drawn after every move)."""
        if key not in self._sizes:
            text = self.store.get(key)
            self._sizes[key] = len(text) if text is not None else 0
        return self._sizes[key]

    # ----- writing ------------------------------------------------------

    def new_id(self, key: str) -> str:
        """An unused id for a game whose start is ``key``: the key itself, then branches."""
        taken = set(self.entries) | {k[len(GAME_PREFIX) :] for k in self.store.names()}
        taken |= {k[len(GAME_PREFIX) :] for k in self.held}
        if key not in taken:
            return key
        number = 2
        while f"{key}-{number}" in taken:
            number += 1
        return f"{key}-{number}"

    def new_stamp(self) -> str:
        return f"{self.rng.getrandbits(48):012x}"

    def write(self, entry: Entry, *, keep: Iterable[str] = (), evict: bool = True) -> list[Entry]:
        """Store ``entry`` (with a fresh stamp), making room if the shelf is beyond its
        bounds or the browser full: the oldest finished games go, never an unfinished
        one, nor ``entry`` nor the ids in ``keep``.  Returns the games removed (the caller
        offers their export: they exist nowhere else now); ``StorageError`` if there is
        still no room (nothing is then removed for it).  ``evict=False``: no game goes
        (an analysis is kept only where there is room for it: it can be redone, a game
        cannot)."""
        entry.stamp = self.new_stamp()
        text = entry.to_text()
        entry.size = len(text)
        spare = {entry.id, *keep}
        candidates = [e for e in self._eviction_order() if e.id not in spare] if evict else []
        others = [e for e in self.entries.values() if e.id != entry.id]
        count = len(others) + 1
        chars = sum(e.size for e in others) + entry.size
        doomed: list[Entry] = []
        while candidates and (count > self.max_games or chars > self.max_chars):
            victim = candidates.pop(0)
            doomed.append(victim)
            count -= 1
            chars -= victim.size
        if count > self.max_games or chars > self.max_chars or entry.size > MAX_ENTRY_CHARS:
            raise StorageError("bounds")
        squeezed: list[Entry] = []
        while True:
            try:
                self.store.set(entry.storage_key, text)
                break
            except StorageError as error:
                if not error.full or not candidates:
                    self._put_back(squeezed)
                    raise
                # The browser's own quota (shared with set-aside texts and every other
                # key of the site) is lower than ours.
                squeezed.append(candidates.pop(0))
                self.store.remove(squeezed[-1].storage_key)
        doomed += squeezed
        for victim in doomed:
            self.store.remove(victim.storage_key)
            self.entries.pop(victim.id, None)
        self.entries[entry.id] = entry
        return doomed

    def _put_back(self, entries: list[Entry]) -> None:
        """Games removed to make room for a write that failed anyway go back (they fitted
        before)."""
        for entry in entries:
            try:
                self.store.set(entry.storage_key, entry.to_text())
            except StorageError:
                self.entries.pop(entry.id, None)

    def _eviction_order(self) -> list[Entry]:
        """The games that may make room, oldest first: finished ones only (a finished
        game is kept whole in its export; an unfinished one is still being played)."""
        return sorted((e for e in self.entries.values() if e.over), key=lambda e: (e.updated, e.id))

    def delete(self, entry_id: str) -> str | None:
        """Remove an entry; its text is returned, so that a deletion can be undone."""
        key = GAME_PREFIX + entry_id
        text = self.store.get(key)
        self.store.remove(key)
        self.entries.pop(entry_id, None)
        return text

    def put_back(self, entry_id: str, text: str) -> None:
        """Undo a deletion (``StorageError`` if there is no room any more)."""
        self.store.set(GAME_PREFIX + entry_id, text)
        self.refresh(GAME_PREFIX + entry_id, text)

    def set_aside(self, key: str, text: str, problem: Unreadable) -> SetAside:
        """Keep unreadable ``text`` out of the way under a key of its own; if the storage
        is too full for the copy it stays where it is, never to be written over (a copy
        the page refuses later: ``hold``)."""
        new_key = f"{DAMAGED_PREFIX}{self.clock()}-{self.rng.getrandbits(24):06x}"
        try:
            self.store.move(key, new_key)
        except StorageError:
            self.hold(key)
            return SetAside(key, text, problem, moved=False)
        return SetAside(new_key, text, problem, moved=True)

    def hold(self, key: str) -> None:
        """The text at ``key`` could not be moved after all: it stays there, never written
        over."""
        self.held.add(key)

    def hold_unread(self, sizes: dict[str, int], count: int = 0) -> None:
        """Texts the page did not hand over (``count`` of them, ``sizes`` naming some):
        kept where they are (a game's key is never written over), listed with their
        lengths."""
        self.unread.update(sizes)
        self.unread_count = max(count, len(self.unread))
        self._sizes.update(sizes)
        self.held |= {k for k in sizes if k.startswith(GAME_PREFIX) or k == LEGACY_KEY}

    def drop_damaged(self, key: str) -> None:
        """The player deleted a set-aside text."""
        self.store.remove(key)
        self.held.discard(key)
        self._sizes.pop(key, None)


def _damaged_time(key: str) -> int:
    stamp = key[len(DAMAGED_PREFIX) :].split("-", 1)[0]
    return int(stamp) if stamp.isdigit() and len(stamp) < 16 else 0


def damaged_time(key: str) -> int | None:
    """When a text was set aside (ms), read from its key (``None`` if it was held where
    it was found)."""
    if not key.startswith(DAMAGED_PREFIX):
        return None
    return _damaged_time(key) or None
