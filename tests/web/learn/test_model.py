"""The lesson state machine (derive.web.learn.lesson) under CPython: steps, clicks, exercise
checking, messages in both languages, and lessons built from an embed's parts."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from derive import Game, Move
from derive.web.learn.lesson import Attempt, LessonBoard, LessonSetupError, plain, words
from derive.web.learn.lessons import BY_ID, LESSONS, Lesson, Words, Wrong
from tests import web_helpers

_RULE_ID = re.compile(r"\bR\d+\b")


def board(ident: str, lang: str = "en") -> LessonBoard:
    return LessonBoard(BY_ID[ident], lang)


def _unresolved(move: str) -> str:
    return str(Move.parse(move).unresolved)


def message(attempt: Attempt) -> str:
    assert attempt.message is not None
    return web_helpers.plain(attempt.message.text)


# --------------------------------------------------------------------------- watch


@pytest.mark.parametrize(
    "lesson", [x for x in LESSONS if x.mode == "watch"], ids=lambda lesson: lesson.id
)
def test_watch_steps_forward_and_back_through_the_engine_s_positions(lesson: Lesson) -> None:
    lb = LessonBoard(lesson, "fr")
    replay = Game.from_position(lesson.position, seed=lesson.seed)
    positions = [replay.to_position()]
    for move in lesson.moves:
        replay.play(move)
        positions.append(replay.to_position())
    assert lb.prev() is None and lb.counter() == "Position de départ"
    for ply, step in enumerate(lesson.steps, 1):
        moved = lb.next()
        assert moved is not None and moved.forward and moved.ply == ply
        assert _unresolved(moved.move) == step.move and lb.position == positions[ply]
        assert (
            moved.text == plain(step.say.of("fr"), "fr")
            and moved.counter == f"Étape {ply} sur {lb.total}"
        )
        assert lb.message is not None and lb.message.text == moved.text
    assert lb.next() is None and not lb.can_next()
    for ply in range(len(lesson.steps), 0, -1):
        back = lb.prev()
        assert back is not None and not back.forward and back.ply == ply - 1
        assert _unresolved(back.move) == lesson.steps[ply - 1].move
        assert lb.position == positions[ply - 1]
    assert lb.position == lesson.position and lb.message is None


def test_watch_reports_what_moved_for_the_animation() -> None:
    lb = board("lesson-jump")
    moved = lb.next()
    assert moved is not None
    assert (moved.colour, moved.kind, moved.path) == ("r", "move", ("c3", "e5", "g7"))
    back = lb.prev()
    assert back is not None and back.path == ("c3", "e5", "g7") and not back.forward
    lb.goto(99)
    assert lb.ply == lb.total == 2
    lb.goto(1)
    assert lb.ply == 1 and lb.position == "y5d4,y4f6,r3g7 y ry L2"
    assert lb.click("g7").result == "ignored"  # watching, not playing


def test_a_re_roll_in_a_watch_lesson_always_shows_the_same_value() -> None:
    lesson = BY_ID["lesson-reroll"]
    assert lesson.moves[0] == "d4?"  # the dice roll it: nobody names the result
    for _ in range(2):
        lb = LessonBoard(lesson)
        moved = lb.next()
        assert moved is not None and moved.move == "d4?6"
        lb.prev()
        again = lb.next()  # stepping back and forth rolls the same again
        assert again is not None and again.move == "d4?6"


# --------------------------------------------------------------------------- try


def test_try_plays_die_then_square_and_says_what_happened() -> None:
    lb = board("lesson-step")
    assert lb.selected == "e5"  # the lesson starts with its die selected
    attempt = lb.click("f6")
    assert attempt.result == "played" and attempt.played is not None
    assert attempt.played.move == "e5-f6"
    assert (
        message(attempt)
        == "Red moves from e5 to f6. Yellow passes on this board: Red to play again."
    )
    lb.reset()
    assert lb.position == BY_ID["lesson-step"].position and lb.selected == "e5"


def test_try_refuses_an_illegal_attempt_with_the_engine_s_reason() -> None:
    lb = board("lesson-rive-limit")
    refused = lb.click("a1")
    assert refused.result == "refused" and refused.message is not None
    assert refused.message.kind == "error"
    assert "second square of blue's rive" in message(refused)
    assert not _RULE_ID.search(message(refused))  # ids stay in the reference section
    assert lb.position == BY_ID["lesson-rive-limit"].position
    french = board("lesson-rive-limit", "fr").click("a1")
    assert message(french).startswith("Rouge ne peut occuper qu’une case de la rive de Bleu")
    assert not _RULE_ID.search(message(french))


def test_try_obligation_refuses_everything_but_the_capture() -> None:
    lb = board("lesson-obligation", "fr")
    assert message(lb.click("e1")) == "la prise est obligatoire : e3xd2"
    assert lb.click("e3").result == "selected"
    played = lb.click("d2")
    assert played.result == "played" and played.played is not None
    assert played.played.move == "e3xd2"


def test_try_value_picker_and_actions_go_through_the_game_s_controls() -> None:
    lb = board("lesson-enter-value")
    picking = lb.click("c1")
    assert picking.result == "picking" and lb.picking == "c1"
    entered = lb.pick(4)
    assert entered.played is not None and entered.played.move == "+c1=4"
    change = board("lesson-capture-higher")
    assert change.act("+").played is not None  # c3 was selected: 3 → 4
    assert change.game.piece_at("c3") == ("r", 4)


def test_try_announces_the_end_of_the_game() -> None:
    lb = LessonBoard(replace(BY_ID["lesson-board"], position="r1e9 r ry L1"), "en")
    lb.click("e9")
    won = lb.click("d10")
    assert won.result == "played" and "Red wins" in message(won)
    over = lb.click("d10")
    assert over.result == "refused" and message(over) == "Red wins! Start again to replay it."


# --------------------------------------------------------------------------- exercise


def test_exercise_accepts_the_right_move() -> None:
    lb = board("exercise-l1-win", "fr")
    lb.click("b8")
    solved = lb.click("d10")
    assert solved.result == "solved" and lb.solved
    assert solved.message is not None and solved.message.kind == "success"
    assert message(solved).startswith("Oui : le dé saute")
    assert lb.click("b8").result == "ignored"
    assert "Déjà résolu" in message(lb.click("b8"))
    lb.reset()
    assert lb.position == BY_ID["exercise-l1-win"].position
    assert lb.play("b8-d10").result == "solved"  # open again after a reset


def test_exercise_accepts_any_of_the_listed_first_moves() -> None:
    for move in ("c9+", "d10-"):
        lb = board("exercise-l2-protect")
        assert lb.play(move).result == "solved"


def test_exercise_takes_back_a_legal_wrong_move_and_says_why() -> None:
    lb = board("exercise-l1-win")
    start = lb.position
    lb.click("b8")
    wrong = lb.click("f8")
    assert wrong.result == "wrong" and wrong.played is not None
    assert wrong.played.path == ("b8", "d10", "f8")  # what moved, before it was taken back
    assert message(wrong).startswith("That jump does pass through d10")
    assert lb.position == start and not lb.solved


def test_exercise_explains_a_typical_illegal_try_with_the_engine_s_reason() -> None:
    lb = board("exercise-l2-win", "fr")
    lb.click("g9")
    refused = lb.click("f10")
    assert refused.result == "refused"
    assert message(refused) == (
        "Ce 3 toucherait bien le 4, mais Rouge ne peut occuper qu’une case de la rive de "
        "Jaune (déjà en d10)."
    )
    # a die the game will not even select still gets the lesson's explanation
    must = board("exercise-l3-must")
    assert message(must.click("i5")) == "That move would win, but a capture is obligatory: e3xd2."
    assert message(must.play("i5-")) == message(must.click("i5"))


def test_exercise_wrong_moves_not_listed_get_the_goal_s_words() -> None:
    assert message(board("exercise-l1-win").play("+c1")) == "+c1 is allowed, but it does not win."
    defend = board("exercise-l1-defend", "fr")
    assert message(defend.play("e3-f4")) == (
        "e3-f4 est permis, mais Jaune peut encore gagner ensuite. Jaune répondrait d2-c1."
    )
    protect = board("exercise-l2-protect")
    assert message(protect.play("c9-a7")) == (
        "c9-a7 is allowed, but afterwards c9, d10 are not all protected. Yellow would answer b8xa7."
    )
    capture = board("exercise-l2-capture")
    assert message(capture.play("e3+")) == "e3+ is allowed, but it is not a capture."
    enter = board("exercise-l1-rive")
    assert message(enter.play("a3+")) == "a3+ is allowed, but it does not enter a die."
    luck = board("exercise-l2-protect")
    assert message(luck.play("c9?")) == words("en", "wrong.reroll")


def test_exercise_board_does_not_give_the_answer_away() -> None:
    lb = board("exercise-l3-obligation")
    view = lb.board_view()
    assert view.obliged_targets == frozenset() and not any(d.obliged for d in view.dice)
    assert view.enters == frozenset() and view.captures == frozenset()
    lb.click("e3")
    view = lb.board_view()
    assert view.selected is not None and view.captures == frozenset() and not view.steps
    free = board("lesson-obligation")  # a try board shows everything the game shows
    assert free.board_view().obliged_targets


def test_a_longer_solution_plays_the_other_side_s_reply() -> None:
    lb = LessonBoard.custom(
        "r1c7,y1f4 r ry L1", mode="exercise", solution="c7-d8 f4-e3 d8-e9", lang="en"
    )
    first = lb.play("c7-d8")
    assert first.result == "right" and [p.move for p in first.replies] == ["f4-e3"]
    assert message(first) == words("en", "go_on")
    assert lb.play("d8-c9").result == "wrong"  # legal, but the solution says d8-e9
    assert lb.play("d8-e9").result == "solved"
    assert message(lb.play("e9-f10")) == words("en", "solved.already")


# --------------------------------------------------------------------------- parts


def test_custom_lessons_name_their_bad_parts() -> None:
    with pytest.raises(LessonSetupError, match="c4"):
        LessonBoard.custom("r3c4 r ry L2", lang="en")
    with pytest.raises(LessonSetupError, match=r"^2\. c3-g7"):
        LessonBoard.custom("r3c3,y5d4 r ry L2", moves=["c3-e5", "c3-g7"], lang="en")
    with pytest.raises(LessonSetupError, match="no solution"):
        LessonBoard.custom("r3c3 r ry L2", mode="exercise", lang="en")
    with pytest.raises(LessonSetupError, match="second square"):
        LessonBoard.custom("r2a3 r ry L2", mode="exercise", solution="+a1|+c1", lang="en")
    with pytest.raises(LessonSetupError, match="Rouge ne peut occuper"):
        LessonBoard.custom("r2a3 r ry L2", mode="exercise", solution="+a1", lang="fr")
    watch = LessonBoard.custom("r3c3,y5d4 r ry L2", moves=["c3-e5"])
    moved = watch.next()
    assert moved is not None and moved.move == "c3-e5" and moved.text == ""
    assert moved.path == ("c3", "e5")


def test_scripted_moves_may_name_a_re_roll_s_result_as_a_record_does() -> None:
    # an embed's moves come from a record; the reader's own re-rolls are rolled by the dice
    script = LessonBoard.custom("r3c3,y5d4 r ry L2", moves=["c3?5", "d4?2"], lang="en")
    script.next()
    moved = script.next()
    assert moved is not None and moved.move == "d4?2"
    assert script.position == "r5c3,y2d4 r ry L2"
    exercise = LessonBoard.custom(
        "r3c3,y5d4 r ry L2", mode="exercise", solution="c3+ d4?1 c3+", lang="en"
    )
    right = exercise.play("c3+")
    assert [p.move for p in right.replies] == ["d4?1"]
    assert exercise.play("c3+").result == "solved"


def test_every_text_comes_in_both_languages_without_rule_ids() -> None:
    for lesson in LESSONS:
        for lang in ("fr", "en"):
            lb = LessonBoard(lesson, lang)
            assert lb.title() and lb.text()
            for wrong in lesson.wrong:
                text = lb.wrong_text(wrong)
                assert text and "{why}" not in text and not _RULE_ID.search(text)
            assert not _RULE_ID.search(lb.describe())


def test_describe_reads_the_position() -> None:
    lb = board("lesson-jump")
    assert lb.describe() == (
        "Red to play. Red (6 in reserve): 3 on c3. Yellow (5 in reserve): 5 on d4, 4 on f6."
    )
    empty = board("lesson-first-turn", "fr")
    assert "Rouge (5 en réserve) : aucun dé sur le plateau." in empty.describe()


def test_wrong_text_fills_the_engine_s_reason() -> None:
    lb = board("exercise-team")
    (wrong,) = BY_ID["exercise-team"].wrong
    assert lb.wrong_text(wrong) == "i5 belongs to your team-mate green: partners never capture."
    bare = replace(wrong, say=Words("{why}", "{why}"))
    assert lb.wrong_text(bare) == "i5 belongs to your team-mate green"
    assert isinstance(wrong, Wrong)


def test_plain_drops_rule_ids_and_keeps_french_spacing() -> None:
    assert plain("a capture is obligatory (R16): e3xd2") == "a capture is obligatory: e3xd2"
    assert plain("(already on a3, R14)") == "(already on a3)"
    assert plain("la prise est obligatoire: e3xd2", "fr") == "la prise est obligatoire : e3xd2"
    assert plain("noté `c3-g7`.", "fr") == "noté c3-g7."
