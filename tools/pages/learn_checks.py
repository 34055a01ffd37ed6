"""Every claim of every lesson, checked against the engine when the Learn pages are built.

A lesson states its claims as data (``derive.web.learn.lessons``): facts about its positions, an
exercise's goal and accepted answers, why a wrong answer is wrong.  This module asks the
engine — ``Game.from_position``, ``play``, ``legal_moves``, ``why_illegal``, ``explain``,
``protected``, ``winner`` — whether each holds, and raises ``LessonError`` naming the lesson
and the claim when one does not.  It decides no rule itself: an exercise's goal ("wins",
"is protected") is read off the engine's answers for each move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from derive import Game, Move
from derive.web.learn.lessons import AREAS, LESSONS, LEVELS, Facts, Lesson, Words

_RULE_ID = re.compile(r"\bR\d+\b")
_FIELD = re.compile(r"\{(\w*)\}")


class LessonError(ValueError):
    pass


class _Claim(AssertionError):
    pass


def claim(holds: bool, what: str) -> None:
    if not holds:
        raise _Claim(what)


def _legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def _after(game: Game, *moves: str) -> Game:
    after = game.copy()
    for move in moves:
        after.play(move)
    return after


def _chain_of(game: Game, square: str) -> Mapping[str, Any]:
    for chain in game.explain()["chains"]:
        if square in chain["squares"]:
            found: Mapping[str, Any] = chain
            return found
    raise _Claim(f"no chain holds {square}")


def _is_reroll(move: str) -> bool:
    return Move.parse(move).kind == "reroll"


# --------------------------------------------------------------------------- facts


def check_facts(game: Game, facts: Facts) -> None:
    """Raise ``_Claim`` if the engine disagrees with ``facts`` about ``game``."""
    for square, die in facts.dice.items():
        piece = game.piece_at(square)
        shown = f"{piece[0]}{piece[1]}" if piece else ""
        claim(shown == die, f"{square} holds {shown or 'nothing'}, not {die or 'nothing'}")
    for colour, count in facts.reserves.items():
        claim(game.reserve(colour) == count, f"{colour}'s reserve is {game.reserve(colour)}")
    legal = _legal(game)
    for move in facts.legal:
        claim(game.why_illegal(move) is None, f"{move} is illegal: {game.why_illegal(move)}")
    for move, reason in facts.illegal.items():
        why = game.why_illegal(move)
        claim(why is not None, f"{move} is legal")
        claim(reason in str(why), f"{move} is refused with {why!r}, not {reason!r}")
    if facts.only:
        claim(legal == set(facts.only), f"the legal moves are {sorted(legal)}")
    moves = game.explain()["moves"]
    for die, squares in facts.destinations.items():
        found = set(moves.get(die, {}).get("destinations", {}))
        claim(found == set(squares), f"{die} reaches {sorted(found)}")
    for square in facts.protected:
        claim(game.protected(square) is not None, f"{square} is not protected")
    for square in facts.unprotected:
        claim(game.piece_at(square) is not None, f"no die on {square}")
        claim(game.protected(square) is None, f"{square} is protected")
    if facts.obliged is not None:
        found = game.explain()["obligation"]["obliged"]
        wanted = {die: sorted(targets) for die, targets in facts.obliged.items()}
        claim({d: sorted(t) for d, t in found.items()} == wanted, f"obliged: {found}")
    for square, qualities in facts.chains.items():
        chain = _chain_of(game, square)
        for quality in qualities.split():
            name, _, length = quality.partition("=")
            if length:
                claim(chain["length"] == int(length), f"{square}'s chain has {chain['length']}")
                continue
            wanted_value = not name.startswith("!")
            key = name.lstrip("!").replace("-", "_")
            claim(key in chain, f"unknown chain quality {name!r}")
            claim(chain[key] == wanted_value, f"{square}'s chain: {key} is {chain[key]}")
    if facts.winner is not None:
        winner = game.winner or "-"
        claim(winner == facts.winner, f"the winner is {winner}")


# --------------------------------------------------------------------------- goals


def _side(game: Game, colour: str) -> str:
    """The letters a win by ``colour`` is credited to (its team's, in a team game)."""
    return game.seating.team_of(colour)


def _wins(start: Game) -> Callable[[Game], bool]:
    side = _side(start, start.to_move)
    return lambda after: after.winner == side


def _protects(squares: Iterable[str]) -> Callable[[Game], bool]:
    wanted = tuple(squares)
    return lambda after: all(after.protected(s) is not None for s in wanted)


def _defends(after: Game) -> bool:
    """The player now to move has no move that is sure to win (re-rolls are luck)."""
    if after.is_over:
        return False
    side = _side(after, after.to_move)
    for move in after.legal_moves():
        if move.kind != "reroll" and _after(after, str(move)).winner == side:
            return False
    return True


def goal_test(lesson: Lesson, start: Game) -> Callable[[Game], bool] | None:
    """The engine's test of an exercise's goal on the position after its answer; ``None``
    for goals about the moves themselves (``obligatory``, ``capture``, ``enter``)."""
    if lesson.goal == "win":
        return _wins(start)
    if lesson.goal == "protect":
        claim(bool(lesson.target), "a protect goal names its target squares")
        return _protects(lesson.target)
    if lesson.goal == "defend":
        return _defends
    return None


_KINDS = {"capture": "capture", "enter": "enter", "obligatory": "capture"}


def _right_first_moves(lesson: Lesson, start: Game) -> set[str]:
    """Every first move that does what the task asks, by the engine's answers."""
    legal = [str(m) for m in start.legal_moves()]
    if lesson.goal in _KINDS:
        kind = _KINDS[lesson.goal]
        if lesson.goal == "obligatory":
            claim(start.explain()["obligation"]["in_force"], "no obligation is in force")
            claim(all(Move.parse(m).kind == kind for m in legal), f"non-captures legal: {legal}")
        return {m for m in legal if Move.parse(m).kind == kind}
    test = goal_test(lesson, start)
    claim(test is not None, f"unknown goal {lesson.goal!r}")
    assert test is not None
    if lesson.goal == "protect":
        claim(not test(start), f"{lesson.target} are already protected")
    return {m for m in legal if not _is_reroll(m) and test(_after(start, m))}


def check_exercise(lesson: Lesson, start: Game) -> None:
    line = lesson.solution_line()
    claim(bool(line), "an exercise has a solution")
    claim(all(len(alts) == 1 for alts in line[1:]), "only the first move has alternatives")
    first = set(line[0])
    claim(len(first) == len(line[0]), "alternatives repeat")
    test = goal_test(lesson, start)
    for alternative in line[0]:
        claim(not _is_reroll(alternative), f"{alternative}: a re-roll is luck, not an answer")
        try:
            after = _after(start, alternative, *(alts[0] for alts in line[1:]))
        except ValueError as error:
            raise _Claim(f"solution {alternative}: {error}") from None
        if test is not None:
            claim(test(after), f"solution {alternative} does not reach the goal")
    if len(line) == 1:
        right = _right_first_moves(lesson, start)
        claim(right == first, f"the right answers are {sorted(right)}, not {sorted(first)}")
    claim(lesson.right.fr != "" and lesson.right.en != "", "the right answer's text")
    for wrong in lesson.wrong:
        claim(wrong.move not in first, f"{wrong.move} is listed right and wrong")
        why = start.why_illegal(wrong.move)
        if wrong.reason:
            claim(why is not None, f"wrong answer {wrong.move} is legal")
            claim(wrong.reason in str(why), f"{wrong.move} is refused with {why!r}")
            continue
        claim(why is None, f"wrong answer {wrong.move} is illegal: {why}")
        claim(not _is_reroll(wrong.move), "a re-roll's result is not a wrong answer's")
        if test is not None:
            claim(not test(_after(start, wrong.move)), f"wrong answer {wrong.move} is right")
        else:
            claim(wrong.move not in _right_first_moves(lesson, start), f"{wrong.move} is right")


# --------------------------------------------------------------------------- words


def _texts(lesson: Lesson) -> Iterable[tuple[str, Words, bool]]:
    """Every text of the lesson: (what, words, may quote the engine's reason)."""
    yield "title", lesson.title, False
    yield "text", lesson.text, False
    for number, step in enumerate(lesson.steps, 1):
        yield f"step {number}", step.say, False
    if lesson.mode == "exercise":
        yield "right", lesson.right, False
    for wrong in lesson.wrong:
        yield f"wrong {wrong.move}", wrong.say, bool(wrong.reason)


def check_words(lesson: Lesson) -> None:
    for what, words, quotes in _texts(lesson):
        for lang in ("fr", "en"):
            text = words.of(lang)
            claim(text.strip() != "", f"{what}: no {lang} text")
            claim(not _RULE_ID.search(text), f"{what} ({lang}) names a rule id")
            fields = set(_FIELD.findall(text))
            allowed = {"click", "Click", *(("why",) if quotes else ())}
            claim(fields <= allowed, f"{what} ({lang}): fields {fields}")
            claim(text.count("`") % 2 == 0, f"{what} ({lang}): unbalanced backticks")


# --------------------------------------------------------------------------- a lesson


def checked_start(lesson: Lesson) -> Game:
    """The lesson's start position as a game, once every claim of the lesson held."""
    try:
        game = Game.from_position(lesson.position, seed=lesson.seed)
        claim(game.to_position() == lesson.position, f"canonical: {game.to_position()}")
        claim(lesson.area in AREAS, f"unknown area {lesson.area!r}")
        check_words(lesson)
        check_facts(game, lesson.facts)
        if lesson.select:
            piece = game.piece_at(lesson.select)
            claim(piece is not None and piece[0] == game.to_move, f"select {lesson.select}")
            claim(lesson.select in game.explain()["moves"], f"{lesson.select} cannot move")
        if lesson.mode == "watch":
            claim(bool(lesson.steps), "a watch lesson has steps")
            claim(not lesson.solution and not lesson.wrong, "a watch lesson has no answers")
            replay = game.copy()
            for number, step in enumerate(lesson.steps, 1):
                why = replay.why_illegal(step.move)
                claim(why is None, f"step {number} {step.move}: {why}")
                played = replay.play(step.move)
                claim(str(played.unresolved) == step.move, f"step {number} plays as {played}")
                try:
                    check_facts(replay, step.facts)
                except _Claim as error:
                    raise _Claim(f"after step {number} {step.move}: {error}") from None
        elif lesson.mode == "try":
            claim(not lesson.steps and not lesson.solution, "a try lesson has no moves")
            claim(not game.is_over, "a try lesson starts before the end")
        else:
            claim(lesson.mode == "exercise", f"unknown mode {lesson.mode!r}")
            claim(lesson.level in LEVELS, f"an exercise belongs to a level: {lesson.level!r}")
            claim(not lesson.steps, "an exercise has no watch steps")
            check_exercise(lesson, game)
        claim(lesson.mode == "exercise" or not lesson.goal, "only exercises have goals")
    except (_Claim, ValueError) as error:
        raise LessonError(f"{lesson.id} ({lesson.position}): {error}") from error
    return game


def check_all(lessons: Iterable[Lesson] = LESSONS) -> None:
    """Every lesson, plus what the set as a whole promises: unique anchors, a live lesson
    for every rule area and exercises for every level."""
    every = tuple(lessons)
    ids = [lesson.id for lesson in every]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise LessonError(f"lesson ids used twice: {duplicates}")
    for lesson in every:
        if not re.fullmatch(r"(lesson|exercise)-[a-z0-9-]+", lesson.id):
            raise LessonError(f"{lesson.id}: an anchor is lesson-… or exercise-…")
        checked_start(lesson)
    taught = {lesson.area for lesson in every if lesson.mode != "exercise"}
    if set(AREAS) - taught:
        raise LessonError(f"no lesson for {sorted(set(AREAS) - taught)}")
    practised = {lesson.level for lesson in every if lesson.mode == "exercise"}
    if set(LEVELS) - practised:
        raise LessonError(f"no exercise for {sorted(set(LEVELS) - practised)}")


__all__ = ["LessonError", "check_all", "check_exercise", "check_facts", "checked_start"]
