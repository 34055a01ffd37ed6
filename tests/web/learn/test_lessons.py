"""The lessons as data: every claim holds by the engine, and a wrong claim stops the build."""

from __future__ import annotations

import importlib
from dataclasses import replace
from types import ModuleType

import pytest

from derive.web.learn.lessons import (
    AREAS,
    BY_ID,
    LESSONS,
    LEVELS,
    Facts,
    Lesson,
    Step,
    Words,
    Wrong,
)
from tools.pages import learn_checks
from tools.pages.learn_checks import LessonError, check_all, checked_start


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_s_claims_hold(lesson: Lesson) -> None:
    game = checked_start(lesson)
    assert game.to_position() == lesson.position


def test_the_set_covers_every_rule_area_and_level() -> None:
    check_all()
    live = {lesson.area for lesson in LESSONS if lesson.mode != "exercise"}
    assert live == set(AREAS)
    assert {lesson.level for lesson in LESSONS if lesson.mode == "exercise"} == set(LEVELS)
    assert {"L1", "L2", "L3"} <= set(LEVELS)
    modes = {lesson.mode for lesson in LESSONS}
    assert modes == {"watch", "try", "exercise"}


def test_the_anchors_the_game_links_to_exist() -> None:
    for ident in ("lesson-obligation", "lesson-protection", "lesson-enter", "lesson-rive-limit"):
        assert ident in BY_ID
    why = _why()
    if why is not None:  # the game's "why?" links land on lessons
        for rule, section in why.SECTIONS.items():
            assert section in BY_ID, (rule, section)


def _why() -> ModuleType | None:
    """The game's "why?" links, if that module is there yet."""
    try:
        return importlib.import_module("derive.web.words.why")
    except ImportError:
        return None


def _error(lesson: Lesson) -> str:
    with pytest.raises(LessonError) as caught:
        checked_start(lesson)
    return str(caught.value)


def test_a_wrong_position_or_step_stops_the_build() -> None:
    jump = BY_ID["lesson-jump"]
    assert "canonical" in _error(replace(jump, position="y5d4,r3c3,y4f6 r ry L2"))
    assert "PositionError" in type(_cause(replace(jump, position="r3c4 r ry L2"))).__name__
    # the step is illegal once d4 is gone: no die to jump over
    gone = replace(jump, position="r3c3,y4f6 r ry L2")
    assert "c3 reaches" in _error(gone)
    assert "step 1 c3-g7" in _error(replace(gone, facts=Facts()))
    bad_fact = replace(jump.steps[0], facts=Facts(dice={"g7": "r4"}))
    assert "after step 1" in _error(replace(jump, steps=(bad_fact, *jump.steps[1:])))
    # a yellow 2 on d4 could be taken, which the lesson's facts do not say
    lower = replace(jump, position="r3c3,y2d4,y4f6 r ry L2")
    assert "c3 reaches" in _error(replace(lower, facts=Facts(destinations={"c3": ("b2",)})))


def _cause(lesson: Lesson) -> BaseException | None:
    with pytest.raises(LessonError) as caught:
        checked_start(lesson)
    return caught.value.__cause__


def test_every_kind_of_fact_is_checked() -> None:
    protection = BY_ID["lesson-protection"]
    wrong_facts = (
        Facts(reserves={"y": 1}),
        Facts(legal=("b8xc9",)),
        Facts(illegal={"b8-a7": "anything"}),
        Facts(illegal={"b8xc9": "higher"}),
        Facts(only=("b8-a7",)),
        Facts(protected=("b8",)),
        Facts(unprotected=("c9",)),
        Facts(unprotected=("e5",)),
        Facts(obliged={"b8": ("c9",)}),
        Facts(chains={"c9": "!anchored"}),
        Facts(chains={"c9": "length=3"}),
        Facts(chains={"c9": "pretty"}),
        Facts(winner="r"),
    )
    for facts in wrong_facts:
        with pytest.raises(LessonError):
            checked_start(replace(protection, facts=facts))


def test_a_wrong_exercise_stops_the_build() -> None:
    rive = BY_ID["exercise-l1-rive"]
    assert "right answers are" in _error(replace(rive, solution="+c1|+e1|+g1"))
    assert "solution +a1" in _error(replace(rive, solution="+a1|+c1"))  # a second blue square
    win = BY_ID["exercise-l1-win"]
    assert "does not reach the goal" in _error(replace(win, solution="b8-f8"))
    listed_legal = replace(win, wrong=(Wrong("b8-a7", Words("x", "x"), reason="higher"),))
    assert "is legal" in _error(listed_legal)
    listed_illegal = replace(win, wrong=(Wrong("b8xc9", Words("x", "x")),))
    assert "is illegal" in _error(listed_illegal)
    wrong_reason = replace(win, wrong=(Wrong("b8xc9", Words("x", "x"), reason="team-mate"),))
    assert "refused with" in _error(wrong_reason)
    right_listed_wrong = replace(win, wrong=(Wrong("b8-d10", Words("x", "x")),))
    assert "right and wrong" in _error(right_listed_wrong)
    reroll = replace(win, solution="b8?")
    assert "luck" in _error(reroll)
    obligation = BY_ID["exercise-l3-obligation"]
    free = replace(obligation, position="y2c1,y4d2,r3g3,y2h4 r ry L3")
    assert "no obligation" in _error(replace(free, solution="g3xh4", wrong=()))
    protect = BY_ID["exercise-l2-protect"]
    formed = replace(protect, position="y6b8,r4c9,r5d10 r ry L2", solution="+c1", wrong=())
    assert "already protected" in _error(formed)
    assert "right answers are" in _error(replace(protect, solution="c9+"))


def test_a_wrong_text_stops_the_build() -> None:
    goal = BY_ID["lesson-goal"]
    assert "rule id" in _error(replace(goal, title=Words("Règle R19", "Rule R19")))
    assert "no fr text" in _error(replace(goal, text=Words("", "text")))
    assert "fields" in _error(replace(goal, text=Words("{why}", "{why}")))
    assert "backticks" in _error(replace(goal, text=Words("`c7-d8", "`c7-d8`")))
    step = Step("c7-d8", Words("", "Red steps."))
    assert "no fr text" in _error(replace(goal, steps=(step,)))


def test_modes_keep_to_their_parts() -> None:
    goal = BY_ID["lesson-goal"]
    assert "has steps" in _error(replace(goal, steps=()))
    assert "no answers" in _error(replace(goal, solution="c7-d8"))
    board = BY_ID["lesson-board"]
    assert "no moves" in _error(replace(board, steps=goal.steps))
    assert "only exercises" in _error(replace(board, goal="win"))
    assert "unknown area" in _error(replace(board, area="nowhere"))
    assert "select" in _error(replace(board, select="c1"))
    exercise = BY_ID["exercise-team"]
    assert "level" in _error(replace(exercise, level="L9"))


def test_the_whole_set_is_checked_for_duplicates_and_coverage() -> None:
    first = LESSONS[0]
    with pytest.raises(LessonError, match="twice"):
        check_all((*LESSONS, first))
    with pytest.raises(LessonError, match="no lesson for"):
        check_all(tuple(lesson for lesson in LESSONS if lesson.area != "team"))
    with pytest.raises(LessonError, match="anchor"):
        check_all((replace(first, id="goal"),))


def test_claims_are_made_through_the_engine_only() -> None:
    source = learn_checks.__file__
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    # the checks ask the game; they never reach into its internals or the board tables
    assert "._" not in text.replace("._Claim", "")
    assert "NEIGHBOURS" not in text and "RIVES" not in text
