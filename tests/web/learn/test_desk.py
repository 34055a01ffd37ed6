"""The lesson boards' worker (``learn.desk``, ``learn.worker``) under CPython: each
gesture's steps, as the page's MicroPython carries them out."""

from __future__ import annotations

import json
from typing import Any

from derive.web.learn import worker
from derive.web.learn.desk import REFUTATION_PAUSE_MS, LessonPlay
from derive.web.learn.lesson import LessonBoard
from derive.web.learn.lessons import BY_ID


def play(ident: str, lang: str = "en") -> LessonPlay:
    return LessonPlay(LessonBoard(BY_ID[ident], lang), ids=f"{ident}-")


def no_none(value: Any) -> bool:
    """``None`` would reach the page as JavaScript's ``undefined``: never sent."""
    if isinstance(value, dict):
        return all(no_none(v) for v in value.values())
    if isinstance(value, list):
        return all(no_none(v) for v in value)
    return value is not None


def test_a_watch_board_steps_forward_with_its_flight_and_back() -> None:
    lesson = play("lesson-jump")
    steps = lesson.gesture("action", "next")
    assert [s["do"] for s in steps] == ["show", "fly"]
    board = LessonBoard(BY_ID["lesson-jump"], "en")
    board.next()
    assert steps[0]["counter"] == board.counter() == "Step 1 of 2"
    assert f'data-position="{board.position}"' in steps[0]["markup"]
    assert steps[0]["controls"]["prev"] and steps[0]["mode"] == "watch"
    assert steps[1]["square"] == "g7" and steps[1]["ms"] > 0
    back = lesson.gesture("action", "prev")
    assert [s["do"] for s in back] == ["show", "fly"] and back[0]["counter"] == "Start position"
    assert all(no_none(s) for s in steps + back)


def test_gestures_waiting_behind_are_not_animated() -> None:
    steps = play("lesson-jump").gesture("action", "next", animate=False)
    assert [s["do"] for s in steps] == ["show"]


def test_a_refused_move_is_said_with_its_why_link_in_the_page() -> None:
    lesson = LessonPlay(
        LessonBoard(BY_ID["lesson-capture-higher"], "fr"),
        ids="x-",
        why_page="regles.html",
    )
    steps = lesson.gesture("square", "d4")
    said = LessonBoard(BY_ID["lesson-capture-higher"], "fr")
    said.click("d4")
    assert said.message is not None
    assert steps[-1]["notice_kind"] == said.message.kind
    if said.message.why:
        assert 'class="why" href="#' in steps[-1]["notice"]  # an anchor of this page


def test_a_wrong_exercise_move_is_shown_refuted_then_taken_back() -> None:
    lesson = play("exercise-l1-defend")
    start = lesson.board.position
    steps = lesson.gesture("square", "c1")
    kinds = [s["do"] for s in steps]
    assert kinds[0] == "show" and kinds[-1] == "show"
    assert {"do": "pause", "ms": REFUTATION_PAUSE_MS} in steps
    assert kinds.index("pause") > kinds.index("fly") if "fly" in kinds else True
    assert f'data-position="{start}"' in steps[-1]["markup"]  # taken back
    assert steps[-1]["solved"] == "false" and steps[-1]["notice"]


def test_keys_walk_the_cursor_and_choose_the_square_under_it() -> None:
    lesson = play("lesson-step")
    before = lesson.board.cursor
    steps = lesson.gesture("key", "cursor:up-right")
    assert lesson.board.cursor != before
    assert steps[-1]["active"] == f"lesson-step-{lesson.board.cursor}"
    lesson.gesture("key", "cursor:nowhere")  # not a diagonal: nothing moves
    assert steps[-1]["do"] == "show"


def test_an_unknown_gesture_shows_the_board_as_it_is() -> None:
    lesson = play("lesson-step")
    for kind, value in (("action", "fly-away"), ("value", "x"), ("key", "F13"), ("?", "")):
        steps = lesson.gesture(kind, value)
        assert [s["do"] for s in steps] == ["show"]


def test_the_worker_opens_lessons_and_answers_for_unknown_ones() -> None:
    assert worker.open("no-such-lesson", "en", False, False) == []
    assert worker.gesture("no-such-lesson", "square", "a1", True) == []
    first = worker.open("lesson-step", "fr", True, True)
    assert [s["do"] for s in first] == ["show"] and no_none(first)
    assert worker.touch(False) is False
    moved = worker.gesture("lesson-step", "square", "e5", True)
    assert moved and moved[-1]["do"] == "show"


def test_an_embed_link_is_checked_in_the_worker() -> None:
    good = worker.embed_board("?position=r3c3,y5d4%20r%20ry%20L2&select=c3", "fr-FR", False, True)
    assert good["error"] == "" and good["lang"] == "fr" and good["mode"] == "watch"
    assert no_none(good) and good["steps"][0]["do"] == "show"
    bad = worker.embed_board("?position=zz&lang=en", "fr", False, False)
    assert bad["lang"] == "en" and "position" in bad["error"]
    huge = worker.embed_board("?position=" + "a" * (worker.MAX_SEARCH + 1), "fr", False, False)
    assert "lien" in huge["error"] and "dépasse" in huge["error"]


CHANCE = "?position=r3c3,y5d4,y4f6%20r%20ry%20L3&interactive=1"
"""A board to try whose rules have chance: a re-roll's die is the seeded game's."""


def test_a_board_given_back_is_brought_back_by_its_gestures() -> None:
    """An embed left alone gives its worker back (``front/lessons.py``'s ``Rest``); a
    fresh worker replays the gestures its page kept and shows the very same board."""
    worker.embed_board(CHANCE, "en", False, False)
    done = [("square", "c3"), ("action", "reroll"), ("square", "d4"), ("key", "cursor:up-left")]
    done += [("square", "c3"), ("action", "up"), ("key", "Escape"), ("square", "d4")]
    for kind, value in done:
        lived = worker.gesture(worker.EMBED, kind, value, True)
    before = worker._plays[worker.EMBED].board
    worker.embed_board(CHANCE, "en", False, False)  # a fresh worker's board
    text = json.dumps([list(gesture) for gesture in done])
    (shown,) = worker.replay(worker.EMBED, text)
    assert shown == next(s for s in reversed(lived) if s["do"] == "show")
    after = worker._plays[worker.EMBED].board
    assert after.position == before.position and after.selected == before.selected
    assert after.game.record() == before.game.record() and after.cursor == before.cursor


def test_a_replay_the_worker_cannot_read_is_refused_whole() -> None:
    worker.embed_board(CHANCE, "en", False, False)
    assert worker.replay("no-such-board", "[]") == []
    for text in ("not json", '{"a": 1}', '[["square"]]', '[["square", 3]]', "[" * 10):
        assert worker.replay(worker.EMBED, text) == []
    assert worker.replay(worker.EMBED, " " * (worker.MAX_REPLAY + 1)) == []
    assert [s["do"] for s in worker.replay(worker.EMBED, "[]")] == ["show"]
