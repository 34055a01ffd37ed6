"""Game records: a JSON-ready dict (files, autosave, share links) and a compact
text form (copy and paste).  Loading (``replay.from_record``) validates every field
and replays every move.

A record is ``{"format": "derive-record", "version": 1, "setup": {...}, "moves":
[...], "result": ...}`` and may carry an optional ``"analysis"`` key: a post-game
review, ``{"format": "derive-analysis", "version": 1, "budget": nodes, "plies":
[...]}`` (its fields: ``derive.ai.review``).  Loading the game ignores it, and its
size does not count against the record's bounds: ``derive.ai.review.load_analysis``
reads it for the loaded game, and a bad or foreign one is reported and dropped while
the game is kept.  The text form never carries it."""

from __future__ import annotations

import re
from typing import Any, Final

from .board import COLOURS
from .limits import MAX_PLIES, MAX_RECORD_CHARS, quoted
from .view import GameView

FORMAT: Final = "derive-record"
VERSION: Final = 1
ANALYSIS: Final = "analysis"
"""The record's optional key for a review's analysis (older readers ignore it)."""


class RecordError(ValueError):
    """A game record that cannot be loaded; the message says where and why."""


def to_record(game: GameView) -> dict[str, Any]:
    outcome = game.outcome
    setup: dict[str, Any] = {
        "rule_set": game.rules.id,
        "seating": str(game.seating),
        "seed": game.seed,
        "start_roll": [dict(roll) for roll in game.start_roll],
        "position": game.start_position,
        "max_plies": game.max_plies,
    }
    if game.transcribed:  # written only when needed: most records keep their old shape
        setup["transcribed"] = game.transcribed
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": setup,
        "moves": [str(m) for m in game.moves],
        "result": None
        if outcome is None
        else {"winner": outcome.winner, "termination": outcome.termination},
    }


def check_length(moves: Any) -> None:
    """Refuse a record of too many moves before anything else: replaying is what costs,
    and this error says more than the data's size (R30)."""
    if isinstance(moves, list) and len(moves) > MAX_PLIES:
        raise RecordError(f"record: {len(moves)} moves, more than the {MAX_PLIES} a game can hold")


_TAG_RE: Final = re.compile(r'\[(\w+)\s+"([^"]*)"\]')
_TAGS: Final = (
    ("RuleSet", "rule_set"),
    ("Seating", "seating"),
    ("Seed", "seed"),
    ("StartRoll", "start_roll"),
    ("Position", "position"),
    ("MaxPlies", "max_plies"),
    ("Transcribed", "transcribed"),
)
_WHOLE: Final = re.compile(r"[0-9]{1,20}")


def to_text(record: dict[str, Any]) -> str:
    """The compact text form: tag lines, then the moves in notation."""
    setup = record["setup"]
    lines = [f'[Format "{FORMAT} {record["version"]}"]']
    for tag, key in _TAGS:
        value = setup.get(key)
        if key == "start_roll":
            value = ", ".join(" ".join(f"{c}{v}" for c, v in roll.items()) for roll in value)
        if value not in (None, ""):
            lines.append(f'[{tag} "{value}"]')
    result = record.get("result")
    if result:
        lines.append(f'[Result "{result["winner"] or "draw"}"]')
        if result.get("termination") in _EARLY:  # the board alone would not say so
            lines.append(f'[Termination "{result["termination"]}"]')
    lines.append("")
    moves = record["moves"]
    lines.extend(" ".join(moves[i : i + 12]) for i in range(0, len(moves), 12))
    return "\n".join(lines) + "\n"


def from_text(text: str) -> dict[str, Any]:
    """Read the compact text form back into a record (not yet validated)."""
    if not isinstance(text, str):
        raise RecordError("a game text is text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"this game text is too long (more than {MAX_RECORD_CHARS} characters)")
    tags = dict(_TAG_RE.findall(text))
    if not tags.get("Format", "").startswith(FORMAT):
        raise RecordError('not a Dérive game text (no [Format "derive-record 1"] line)')
    version_text = tags["Format"].split()[-1]
    if not _WHOLE.fullmatch(version_text):
        raise RecordError(f"unreadable format line {quoted(tags['Format'])}")
    setup: dict[str, Any] = {}
    for tag, key in _TAGS:
        if tag in tags:
            setup[key] = tags[tag]
    for key in ("seed", "max_plies", "transcribed"):
        if key in setup:
            if not _WHOLE.fullmatch(setup[key]):
                raise RecordError(f"{key}: {quoted(setup[key])} is not a whole number")
            setup[key] = int(setup[key])
    setup["start_roll"] = _parse_rolls(setup.get("start_roll", ""))
    body = _TAG_RE.sub(" ", text)
    moves = [tok for tok in body.split() if not _NUMBER.fullmatch(tok)]
    check_length(moves)
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": int(version_text),
        "setup": setup,
        "moves": moves,
    }
    if "Result" in tags:  # a text without a Result tag claims nothing
        winner = tags["Result"]
        ended = tags.get("Termination")
        record["result"] = {
            "winner": None if winner == "draw" else winner,
            "termination": ended or ("ply_limit" if winner == "draw" else "goal"),
        }
    return record


_NUMBER: Final = re.compile(r"\d+\.")
_EARLY: Final = ("resignation", "agreement")
"""Endings a text form must name: the moves do not show them (R31)."""


def _parse_rolls(text: str) -> list[dict[str, int]]:
    rolls = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        roll = {}
        for tok in part.split():
            if not re.fullmatch(r"[rbyg][1-6]", tok):
                raise RecordError(f"start roll: {quoted(tok)} is not <colour><value>, e.g. r5")
            roll[tok[0]] = int(tok[1])
        rolls.append(dict(sorted(roll.items(), key=lambda kv: COLOURS.index(kv[0]))))
    return rolls
