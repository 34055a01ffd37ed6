"""Games leaving the page and coming back: record files and share links.

Both carry the engine's game record (``Game.record()``), so loading replays and checks
every move; anything broken is a ``ValueError`` whose message says what, and the caller
keeps its current game.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Final

from ..game import Game
from ..record import RecordError

MAX_FILE_CHARS: Final = 2_000_000
"""A record of even a very long game is a few tens of kilobytes."""
MAX_CODE_CHARS: Final = 60_000
_MAX_INFLATED: Final = 4_000_000


def encode(game: Game) -> str:
    """The game as a URL-safe code: the record, compressed, base64url without padding."""
    data = json.dumps(game.record(), separators=(",", ":"), ensure_ascii=True)
    packed = zlib.compress(data.encode("ascii"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> Game:
    """The game of a share code; ``ValueError`` saying what is wrong."""
    code = code.strip()
    if not code:
        raise ValueError("the game code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise ValueError("the game code is too long")
    try:
        packed = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the game code is damaged (not base64url)") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, _MAX_INFLATED)
    except zlib.error:
        raise ValueError("the game code is damaged (cannot be unpacked)") from None
    if inflater.unconsumed_tail:
        raise ValueError("the game code is too large")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("the game code is damaged (not a record)") from None
    return Game.from_record(data)


def export_file(game: Game) -> tuple[str, str]:
    """``(file name, JSON text)`` of the game's record."""
    record = game.record()
    setup = record["setup"]
    name = f"derive-{setup['rule_set']}-{str(game.seating).replace('/', '-')}-{game.ply}.json"
    return name, json.dumps(record, indent=1, ensure_ascii=False) + "\n"


class NotARecord(ValueError):
    """Text that is neither a JSON record nor the engine's text form."""


def load_file(text: str) -> Game:
    """A game from an imported file: a JSON record or the engine's text form."""
    if len(text) > MAX_FILE_CHARS:
        raise NotARecord("too big")
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise RecordError(f"the JSON is malformed (line {error.lineno}: {error.msg})") from None
        return Game.from_record(data)
    if stripped.startswith("["):
        return Game.from_text(stripped)
    raise NotARecord("neither JSON nor text form")
