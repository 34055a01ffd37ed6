"""Loading a game record: every field is checked, within the bounds of R30, before
the moves are replayed one by one; the first problem is a ``RecordError`` that says
where and why in a player's words."""

from __future__ import annotations

import json
import zlib
from typing import Any, Final

from . import safejson
from .board import COLOURS, FACES
from .limits import MAX_PLIES, MAX_START_ROLLS, SEED_LIMIT, kind_of, quoted
from .record import ANALYSIS, FORMAT, VERSION, RecordError, check_length
from .rulesets import Seating
from .view import G, Maker, Replaying


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise RecordError(f"{where}: {key!r} is missing")
    return _typed(data[key], key, kind, where)


def _typed(value: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(f"{where}: {key!r} should be {kind_of(kind())}, not {kind_of(value)}")
    return value


def _whole(setup: dict[str, Any], key: str, low: int, high: int) -> int | None:
    """A setup number in ``low … high``, or ``None`` if absent; the message never
    shows a huge one."""
    value = setup.get(key)
    if value is None:
        return None
    if not low <= _typed(value, key, int, "setup") <= high:
        raise RecordError(f"setup: {key!r} must be a whole number from {low} to {high}")
    return int(value)


def from_record(data: Any, make: Maker[G]) -> G:
    """The game ``data`` records, built by ``make`` (the ``Game`` class: passed in, so
    that this module need not import the one that calls it)."""
    setup, moves = _envelope(data)
    position = _field(setup, "position", str, "setup")
    seed = _whole(setup, "seed", 0, SEED_LIMIT - 1)
    max_plies = _whole(setup, "max_plies", 1, MAX_PLIES)
    rolls = _start_roll(setup.get("start_roll"))
    # Without a seed the record is a transcription: its re-rolls are taken as written.
    written = len(moves) if seed is None else _whole(setup, "transcribed", 0, len(moves)) or 0
    game = _start(make, setup, seed, max_plies, rolls, position, moves)
    for number, text in enumerate(moves, 1):
        try:
            played = game.play(text)
        except ValueError as error:
            raise RecordError(f"move {number} ({quoted(text)[1:-1]}): {error}") from None
        if game.transcribed > written:
            raise RecordError(
                f"move {number} ({played}): this game's dice did not roll {played.value} "
                "(its seed decides every re-roll)"
            )
    _check_result(data, game)
    return game


def _envelope(data: Any) -> tuple[dict[str, Any], list[str]]:
    """The setup and moves of a record, after its bounds, format and version."""
    check_length(data.get("moves") if isinstance(data, dict) else None)
    if isinstance(data, dict) and ANALYSIS in data:
        # A review's analysis is read (and bounded) on its own: it never costs the game.
        data = {key: value for key, value in data.items() if key != ANALYSIS}
    try:
        safejson.check(data)
    except ValueError as error:
        raise RecordError(f"this game record is damaged: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("not a Dérive game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        named = data.get("format")
        shown = quoted(named) if isinstance(named, str) else kind_of(named)
        raise RecordError(f"not a Dérive game record (format is {shown})")
    version = _field(data, "version", int, "record")
    # A version of thousands of digits is not worth showing: "record version" is enough.
    shown = f"record version {version}" if -(10**6) < version < 10**6 else "this record's version"
    if version > VERSION:
        raise RecordError(f"{shown} is newer than this app reads ({VERSION})")
    if version < 1:
        raise RecordError(f"{shown} does not exist (versions start at 1)")
    setup = _field(data, "setup", dict, "record")
    moves = _field(data, "moves", list, "record")
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise RecordError(f"move {number}: should be a move in notation, not {kind_of(text)}")
    return setup, moves


def _start_roll(value: Any) -> list[dict[str, int]]:
    if value is None:
        return []
    if (
        not isinstance(value, list)
        or len(value) > MAX_START_ROLLS
        or not all(
            isinstance(roll, dict)
            and all(
                colour in COLOURS and type(face) is int and 1 <= face <= FACES
                for colour, face in roll.items()
            )
            for roll in value
        )
    ):
        raise RecordError("setup: 'start_roll' must be a list of {colour: value} rolls")
    return [dict(sorted(roll.items(), key=lambda cv: COLOURS.index(cv[0]))) for roll in value]


def _name(setup: dict[str, Any], key: str) -> str | None:
    """The rule set or seating a setup names, if any (short text: both are a few letters)."""
    value = setup.get(key)
    if value is None:
        return None
    _typed(value, key, str, "setup")
    if len(value) > _MAX_NAME:
        raise RecordError(f"setup: {key!r} is too long ({quoted(value)})")
    return str(value)


_MAX_NAME: Final = 16


def _start(
    make: Maker[G],
    setup: dict[str, Any],
    seed: int | None,
    max_plies: int | None,
    rolls: list[dict[str, int]],
    position: str,
    moves: list[str],
) -> G:
    """The game before its first move, as the setup describes it."""
    rule_set, seating = _name(setup, "rule_set"), _name(setup, "seating")
    try:
        if rolls and seed is not None:
            if rule_set is None or seating is None:
                missing = "rule_set" if rule_set is None else "seating"
                raise RecordError(f"setup: {missing!r} is missing")
            game = make.new(seating, rule_set, seed=seed, max_plies=max_plies)
            if game.start_roll != rolls or game.start_position != position:
                raise RecordError("setup: the start roll does not match the seed")
            return game
        if seed is None:
            # The same transcription always continues with the same dice (R29).
            seed = zlib.crc32(json.dumps([position, rolls, moves]).encode("ascii"))
        game = make.from_position(position, seed=seed, max_plies=max_plies)
        # The position decides; a setup that also names other rules contradicts it.
        for key, named, own in (
            ("rule_set", rule_set, game.rules.id),
            ("seating", seating, str(game.seating)),
        ):
            if key == "seating" and named is not None:
                named = str(Seating.parse(named))  # any spelling of the same seats
            if named is not None and named != own:
                raise RecordError(f"setup: {key!r} is {named!r} but the position says {own!r}")
        if rolls:
            if not _rolls_agree(rolls, game):
                raise RecordError("setup: the start roll does not give the player to move")
            game.start_roll = rolls
        return game
    except RecordError:
        raise
    except ValueError as error:
        raise RecordError(f"setup: {error}") from None


def _rolls_agree(rolls: list[dict[str, int]], game: Replaying) -> bool:
    """Whether written start rolls follow R5: everyone rolls, the tied roll again,
    and the one left starts."""
    tied = list(game.seating.colours)
    for roll in rolls:
        if len(tied) < 2 or list(roll) != tied:
            return False
        best = max(roll.values())
        tied = [c for c in tied if roll[c] == best]
    return tied == [game.to_move]


def _check_result(data: dict[str, Any], game: Replaying) -> None:
    # No "result" key: the record claims nothing; null claims an unfinished game.
    if "result" not in data:
        return
    result = data["result"] if data["result"] is not None else {}
    if not isinstance(result, dict):
        raise RecordError("record: 'result' must be an object or null")
    claimed, termination = result.get("winner"), result.get("termination")
    if claimed is not None and not isinstance(claimed, str):
        raise RecordError(f"record: the result's winner should be text, not {kind_of(claimed)}")
    if termination not in (None, "goal", "ply_limit", "resignation", "agreement"):
        raise RecordError(
            "record: the result's termination must be 'goal', 'ply_limit', 'resignation', "
            "'agreement' or null"
        )
    if termination in ("resignation", "agreement") and not game.is_over:
        _end_as_claimed(game, claimed, termination)
    actual = game.winner
    played = game.outcome.termination if game.outcome else None
    if (claimed, termination) != (actual, played):
        raise RecordError(
            f"record: the result says {_result_words(claimed, termination)} "
            f"but the moves give {_result_words(actual, played)}"
        )


def _end_as_claimed(game: Replaying, winner: str | None, termination: str) -> None:
    """A game that ended without reaching its end on the board (R31): the record says
    how, and it must be possible here."""
    if termination == "agreement":
        if winner is not None:
            raise RecordError("record: a draw by agreement has no winner")
        game.agree_draw()
        return
    losers = [side for side in game.sides if side != winner]
    if winner not in game.sides or len(losers) != 1:
        raise RecordError(
            f"record: a resignation needs two sides and a winner among them, not "
            f"{quoted(str(winner))}"
        )
    game.resign(losers[0][0])


def _result_words(winner: str | None, termination: str | None) -> str:
    if termination is None:
        return "an unfinished game"
    return "a draw" if winner is None else f"a win for {quoted(winner)[1:-1]}"
