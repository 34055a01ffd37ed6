"""Games leaving the page and coming back: record files and share links.

Both carry the engine's game record (``Game.record()``), so loading replays and checks
every move; anything broken is a ``ValueError`` whose message says what, and the caller
keeps its current game.  A file may also carry a review's analysis, as the record's
optional ``"analysis"`` section (``derive.record.ANALYSIS``): ``read_file`` hands it back
unread, for the shelf to check against the game (``shelf.kept``); a link never carries it.
A file also names the seats the computer played (``SEATS``), as a link does with its
``ai=``: opened elsewhere, the game says who played it.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Final, NamedTuple

from ... import safejson
from ...game import Game
from ...limits import MAX_RECORD_CHARS
from ...record import ANALYSIS

MAX_FILE_CHARS: Final = 2 * MAX_RECORD_CHARS
"""A record of even a very long game is a few tens of kilobytes; a file may add its
analysis, which a saved game keeps only up to ``MAX_RECORD_CHARS`` in all."""
MAX_CODE_CHARS: Final = 60_000
_MAX_INFLATED: Final = MAX_RECORD_CHARS
SEATS: Final = "ai"
"""A file's section naming the seats the computer played, in a link's ``ai=`` form
(``"y:medium"``; ``""``: people only).  Files written before it have none."""


def pack(data: Any) -> str:
    """``data`` as a URL-safe code: its JSON, compressed, base64url without padding (a
    share code's form, and a "Learn from your mistakes" link's)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    packed = zlib.compress(text.encode("ascii"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


class Unpacked(ValueError):
    """What is wrong with a code, as ``unpack`` found it: ``"not base64url"``,
    ``"cannot be unpacked"`` or ``"too large"``; each caller says it in its words."""


def unpack(code: str, limit: int) -> bytes:
    """What ``pack`` packed, unpacked to at most ``limit`` bytes (``Unpacked`` else)."""
    try:
        packed = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise Unpacked("not base64url") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, limit)
    except zlib.error:
        raise Unpacked("cannot be unpacked") from None
    if inflater.unconsumed_tail or len(raw) >= limit:
        raise Unpacked("too large")
    return raw


def encode(game: Game) -> str:
    """The game as a URL-safe code: the record, compressed, base64url without padding."""
    return pack(game.record())


def decode(code: str) -> Game:
    """The game of a share code; ``ValueError`` saying what is wrong.  Size is bounded
    at every step (the code, what it unpacks to, the JSON's nesting, the moves)
    before the record is replayed."""
    if not isinstance(code, str):
        raise ValueError("the game code is damaged (not text)")
    code = code.strip()
    if not code:
        raise ValueError("the game code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise ValueError("the game code is too long")
    try:
        raw = unpack(code, _MAX_INFLATED)
    except Unpacked as problem:
        if str(problem) == "too large":
            raise ValueError("the game code is too large") from None
        raise ValueError(f"the game code is damaged ({problem})") from None
    try:
        data = safejson.loads(raw.decode("utf-8"))
    except safejson.TooLarge:
        raise
    except (UnicodeDecodeError, safejson.JSONError):
        raise ValueError("the game code is damaged (not a record)") from None
    return Game.from_record(data)


def export_file(game: Game, analysis: Any = None, ai: str | None = None) -> tuple[str, str]:
    """``(file name, JSON text)`` of the game's record, with ``analysis`` (a review's,
    ``Analysis.to_data``'s form) as its ``"analysis"`` section when given and when the
    file stays within what an import reads (else the file is the record alone), and the
    seats the computer played (``ai``, a link's ``ai=`` value) when given."""
    record = game.record()
    if ai is not None:
        record[SEATS] = ai
    setup = record["setup"]
    name = f"derive-{setup['rule_set']}-{str(game.seating).replace('/', '-')}-{game.ply}.json"
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    if analysis is None:
        return name, text
    section = _section(analysis)
    whole = text.rstrip()[:-1].rstrip() + f',\n "{ANALYSIS}": {section}\n}}\n'
    return name, whole if len(whole) <= MAX_FILE_CHARS else text


def _section(analysis: Any) -> str:
    """The analysis with one line per position: readable, and a fraction of the size
    full indentation would give it."""
    plies = analysis.get("plies") if isinstance(analysis, dict) else None
    if not isinstance(plies, list) or not plies:
        return _compact(analysis)
    parts = [f"{_compact(k)}: {_compact(v)}" for k, v in analysis.items() if k != "plies"]
    lines = ",\n  ".join(_compact(ply) for ply in plies)
    return "{" + ", ".join([*parts, f'"plies": [\n  {lines}\n ]']) + "}"


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(", ", ": "), ensure_ascii=False)


class NotARecord(ValueError):
    """Text that is neither a JSON record nor the engine's text form."""


def load_file(text: str) -> Game:
    """A game from an imported file: a JSON record or the engine's text form."""
    return read_file(text)[0]


class Opened(NamedTuple):
    """An imported file: its game, and its analysis and seats sections as found (each
    ``None`` without one; not checked here: a bad one must not cost the game)."""

    game: Game
    analysis: Any
    ai: Any


def read_file(text: str) -> Opened:
    """An imported file's game and its sections (``Opened``)."""
    if not isinstance(text, str):
        raise NotARecord("neither JSON nor text form")
    if len(text) > MAX_FILE_CHARS:
        raise NotARecord("too big")
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        data = safejson.loads(stripped, max_chars=MAX_FILE_CHARS)
        found = data if isinstance(data, dict) else {}
        return Opened(Game.from_record(data), found.get(ANALYSIS), found.get(SEATS))
    if stripped.startswith("["):
        return Opened(Game.from_text(stripped), None, None)
    raise NotARecord("neither JSON nor text form")
