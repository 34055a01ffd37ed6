"""Game records: a JSON-ready dict (files, autosave, share links) and a compact
text form (copy and paste).  Loading replays and validates every move."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from .board import COLOURS
from .rulesets import Seating

if TYPE_CHECKING:
    from .game import Game

FORMAT: Final = "derive-record"
VERSION: Final = 1


class RecordError(ValueError):
    """A game record that cannot be loaded; the message says where and why."""


def to_record(game: Game) -> dict[str, Any]:
    outcome = game.outcome
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": {
            "rule_set": game.rules.id,
            "seating": str(game.seating),
            "seed": game.seed,
            "start_roll": [dict(roll) for roll in game.start_roll],
            "position": game.start_position,
            "max_plies": game.max_plies,
        },
        "moves": [str(m) for m in game.moves],
        "result": None
        if outcome is None
        else {"winner": outcome.winner, "termination": outcome.termination},
    }


def _field(data: dict[str, Any], key: str, kinds: Any, where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: {key!r} is missing")
    value = data[key]
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in _tuple(kinds):
        raise RecordError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def _tuple(kinds: Any) -> tuple[Any, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def from_record(data: Any) -> Game:
    from .game import Game

    if not isinstance(data, dict):
        raise RecordError("not a Dérive game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a Dérive game record (format is {data.get('format')!r})")
    version = _field(data, "version", int, "record")
    if version > VERSION:
        raise RecordError(f"record version {version} is newer than this app reads ({VERSION})")
    if version < 1:
        raise RecordError(f"record version {version} does not exist (versions start at 1)")
    setup = _field(data, "setup", dict, "record")
    moves = _field(data, "moves", list, "record")
    seed = _field(setup, "seed", int, "setup")
    position = _field(setup, "position", str, "setup")
    max_plies = setup.get("max_plies")
    if max_plies is not None and (
        not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 1
    ):
        raise RecordError("setup: 'max_plies' must be a positive whole number or null")
    rolls = setup.get("start_roll") or []
    if not isinstance(rolls, list) or not all(
        isinstance(r, dict) and all(isinstance(v, int) for v in r.values()) for r in rolls
    ):
        raise RecordError("setup: 'start_roll' must be a list of {colour: value} rolls")
    try:
        if rolls:
            game = Game.new(
                _field(setup, "seating", str, "setup"),
                _field(setup, "rule_set", str, "setup"),
                seed=seed,
                max_plies=max_plies,
            )
            if game.start_roll != rolls or game.start_position != position:
                raise RecordError("setup: the start roll does not match the seed")
        else:
            game = Game.from_position(position, seed=seed, max_plies=max_plies)
            # The position decides; a setup that also names other rules contradicts it.
            for key, own in (("rule_set", game.rules.id), ("seating", str(game.seating))):
                named = setup.get(key)
                if key == "seating" and isinstance(named, str):
                    named = str(Seating.parse(named))  # any spelling of the same seats
                if named is not None and named != own:
                    raise RecordError(f"setup: {key!r} is {named!r} but the position says {own!r}")
    except RecordError:
        raise
    except ValueError as error:
        raise RecordError(f"setup: {error}") from None
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise RecordError(f"move {number}: not a move in notation ({text!r})")
        try:
            game.play(text)
        except ValueError as error:
            raise RecordError(f"move {number} ({text}): {error}") from None
    # No "result" key: the record claims nothing; null claims an unfinished game.
    if "result" in data:
        result = data["result"] if data["result"] is not None else {}
        if not isinstance(result, dict):
            raise RecordError("record: 'result' must be an object or null")
        claimed = result.get("winner")
        actual = game.winner
        if (claimed, result.get("termination")) != (
            actual,
            game.outcome.termination if game.outcome else None,
        ):
            played = _result_words(actual, game.outcome and game.outcome.termination)
            raise RecordError(
                f"record: the result says {_result_words(claimed, result.get('termination'))} "
                f"but the moves give {played}"
            )
    return game


def _result_words(winner: Any, termination: Any) -> str:
    if termination is None:
        return "an unfinished game"
    return "a draw" if winner is None else f"a win for {winner}"


_TAG_RE: Final = re.compile(r'\[(\w+)\s+"([^"]*)"\]')
_TAGS: Final = (
    ("RuleSet", "rule_set"),
    ("Seating", "seating"),
    ("Seed", "seed"),
    ("StartRoll", "start_roll"),
    ("Position", "position"),
    ("MaxPlies", "max_plies"),
)


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
    lines.append("")
    moves = record["moves"]
    lines.extend(" ".join(moves[i : i + 12]) for i in range(0, len(moves), 12))
    return "\n".join(lines) + "\n"


def from_text(text: str) -> dict[str, Any]:
    """Read the compact text form back into a record (not yet validated)."""
    if not isinstance(text, str):
        raise RecordError("a game text is text")
    tags = dict(_TAG_RE.findall(text))
    if not tags.get("Format", "").startswith(FORMAT):
        raise RecordError('not a Dérive game text (no [Format "derive-record 1"] line)')
    try:
        version = int(tags["Format"].split()[-1])
    except ValueError:
        raise RecordError(f"unreadable format line {tags['Format']!r}") from None
    setup: dict[str, Any] = {}
    for tag, key in _TAGS:
        if tag in tags:
            setup[key] = tags[tag]
    for key in ("seed", "max_plies"):
        if key in setup:
            try:
                setup[key] = int(setup[key])
            except ValueError:
                raise RecordError(f"{key}: {setup[key]!r} is not a whole number") from None
    setup["start_roll"] = _parse_rolls(setup.get("start_roll", ""))
    body = _TAG_RE.sub(" ", text)
    moves = [tok for tok in body.split() if not re.fullmatch(r"\d+\.", tok)]
    record: dict[str, Any] = {"format": FORMAT, "version": version, "setup": setup, "moves": moves}
    if "Result" in tags:  # a text without a Result tag claims nothing
        winner = tags["Result"]
        record["result"] = {
            "winner": None if winner == "draw" else winner,
            "termination": "ply_limit" if winner == "draw" else "goal",
        }
    return record


def _parse_rolls(text: str) -> list[dict[str, int]]:
    rolls = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        roll = {}
        for tok in part.split():
            if not re.fullmatch(r"[rbyg][1-6]", tok):
                raise RecordError(f"start roll: {tok!r} is not <colour><value>, e.g. r5")
            roll[tok[0]] = int(tok[1])
        rolls.append(dict(sorted(roll.items(), key=lambda kv: COLOURS.index(kv[0]))))
    return rolls
