"""A player's mistakes as a link to the puzzle board: "Learn from your mistakes".

The review (``review/``) names the positions where a player's move was marked a mistake
or a blunder, with the better move; the puzzle pages (``puzzles/``) set each on their
board: find a better move. The two rooms meet here, below both: the link's parameter
``mistakes=`` is a list of ``[position, better, played, ply]`` as JSON, compressed and
base64url (``share.pack``, as a share code is), bounded at every step before it is read;
a move marked for a win in three let through adds the other side's winning reply
(``forcing``), which the drill's judge checks a try against. The engine checks each
position when the puzzle board opens it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ... import safejson
from .share import Unpacked, pack, unpack

PUZZLE_PAGES: Final = {"en": "puzzles.html", "fr": "enigmes.html"}
"""The puzzle page in each language."""
PARAMETER: Final = "mistakes"
MAX_DRILLS: Final = 20
"""Positions a link carries at most (a long game's worst moves; more would not be read)."""
MAX_CODE_CHARS: Final = 12_000
_MAX_INFLATED: Final = 40_000
_MAX_TEXT: Final = 400
"""A position's or a move's notation, at most (a full board is about 200 characters)."""


@dataclass(frozen=True)
class Drill:
    position: str
    """Before the move, in the rules file's notation."""
    better: str
    played: str
    ply: int
    """The move's number in its game (the ply it led to)."""
    forcing: str | None = None
    """The other side's reply that won in three after the move played, where the review
    marked it for that (``ai.review.Review._three``): a try is asked whether it lets the
    same kind of win through (``ai.answer.Judge``)."""


def encode(drills: Sequence[Drill]) -> str:
    return pack(
        [
            [d.position, d.better, d.played, d.ply, *([d.forcing] if d.forcing else [])]
            for d in drills[:MAX_DRILLS]
        ]
    )


def link(drills: Sequence[Drill], lang: str) -> str:
    """The puzzle page of ``lang`` opening on these positions."""
    page = PUZZLE_PAGES.get(lang, PUZZLE_PAGES["en"])
    return f"{page}?{PARAMETER}={encode(drills)}"


def decode(code: str) -> tuple[Drill, ...]:
    """The positions of a ``mistakes=`` code; ``ValueError`` saying what is wrong, in the
    engine's English (``words.engine_fr`` puts it in French)."""
    code = code.strip() if isinstance(code, str) else ""
    if not code:
        raise ValueError("the mistakes link is empty")
    if len(code) > MAX_CODE_CHARS:
        raise ValueError("the mistakes link is too long")
    try:
        raw = unpack(code, _MAX_INFLATED)
    except Unpacked as problem:
        too = str(problem) == "too large"
        raise ValueError(f"the mistakes link is {'too long' if too else 'damaged'}") from None
    try:
        data = safejson.loads(raw.decode("utf-8"), max_chars=_MAX_INFLATED, max_depth=3)
    except (UnicodeDecodeError, ValueError):
        raise ValueError("the mistakes link is damaged") from None
    if not isinstance(data, list) or not data:
        raise ValueError("the mistakes link is damaged")
    drills = []
    for item in data[:MAX_DRILLS]:
        if (
            not isinstance(item, list)
            or len(item) not in (4, 5)
            or not all(_text(text) for text in (*item[:3], *item[4:]))
            or not isinstance(item[3], int)
            or isinstance(item[3], bool)
            or not 0 < item[3] < 100_000
        ):
            raise ValueError("the mistakes link is damaged")
        drills.append(Drill(item[0], item[1], item[2], item[3], *item[4:]))
    return tuple(drills)


def _text(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= _MAX_TEXT


__all__ = ["MAX_DRILLS", "PARAMETER", "PUZZLE_PAGES", "Drill", "decode", "encode", "link"]
