"""What a newcomer tripped over on the Learn pages' boards (issue 23): a try board keeps the
learner's colour to play; an exercise's wrong move is answered on the board by the
engine's refutation, then taken back; "Show the solution" plays it; the words of a
selection and of a gesture ("click", "tap") fit the board; the legend is the boards' own
drawing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from derive import Game
from derive.board import parse_square
from derive.web.board import palette
from derive.web.learn.lesson import LessonBoard
from derive.web.learn.lessons import BY_ID, LESSONS, Lesson, pointer_words
from tools.pages import learn_legend

ROOT = Path(__file__).resolve().parents[3]


def board(ident: str, lang: str = "en") -> LessonBoard:
    return LessonBoard(BY_ID[ident], lang)


def after(position: str, *moves: str) -> str:
    game = Game.from_position(position)
    for move in moves:
        game.play(move)
    return game.to_position()


# --------------------------------------------------------------------------- try


def test_a_try_board_keeps_the_learner_s_colour_to_play() -> None:
    lb = board("lesson-enter")
    played = lb.click("a1")
    assert played.result == "played" and lb.game.to_move == "r"
    assert lb.position == "r1a1,r1c1 r ry L2"
    assert played.message is not None and "Red to play again" in played.message.text
    # the lesson's "try c1 too, or a square off the rive" is the learner's try again
    occupied = lb.click("c1")
    assert occupied.result == "selected"  # red's own die, not "there is no yellow die"
    lb.escape()
    off = lb.click("d2")
    assert off.result == "refused" and off.message is not None
    assert "yellow" not in off.message.text.lower()
    # the learner's move still shows as the last one, though the position was reopened
    view = lb.board_view()
    assert view.last == (parse_square("a1"),)
    lb.reset()
    assert lb.position == BY_ID["lesson-enter"].position


def test_the_engine_still_judges_every_try_after_the_others_pass() -> None:
    lb = board("lesson-board", "fr")  # four colours: the other three pass
    played = lb.click("c1")
    assert played.message is not None
    assert "Les autres passent sur ce plateau : à Rouge de rejouer." in played.message.text
    assert lb.game.to_move == "r"
    refused = lb.click("a3")  # blue's rive: still refused by the engine's reason
    assert refused.result == "refused"


def test_an_embed_try_board_lets_the_reader_play_both_sides() -> None:
    lb = LessonBoard.custom("r3c3,y2b4,y4d4 r ry L2", mode="try")
    lb.click("c3")
    lb.click("b4")
    assert lb.game.to_move == "y"


# --------------------------------------------------------------------------- exercises


def test_a_wrong_move_is_refuted_on_the_board_then_taken_back() -> None:
    lesson = BY_ID["exercise-l1-defend"]
    lb = LessonBoard(lesson, "en")
    wrong = lb.play("+c1")
    assert wrong.result == "wrong" and wrong.refutation is not None
    assert wrong.refutation.move == "d2-e1" and wrong.refutation.colour == "y"
    # both moves are on the board: the reply wins, which is why +c1 fails
    assert lb.refuted and lb.position == after(lesson.position, "+c1", "d2-e1")
    assert lb.game.winner == "y"
    assert wrong.message is not None and wrong.message.text.endswith("Yellow would answer d2-e1.")
    assert lb.take_back() and not lb.refuted
    assert lb.position == lesson.position and lb.message == wrong.message
    assert not lb.take_back()
    # the next gesture takes a refutation back by itself before it is applied
    lb.play("+e1")
    assert lb.refuted
    assert lb.click("e3").result == "selected" and lb.position == lesson.position


def test_a_protection_task_is_refuted_by_the_capture_it_allows() -> None:
    lesson = BY_ID["exercise-l2-protect"]
    lb = LessonBoard(lesson, "en")
    wrong = lb.play("c9-")
    assert wrong.refutation is not None and wrong.refutation.move == "b8xc9"
    assert lb.position == after(lesson.position, "c9-", "b8xc9")


def test_a_wrong_move_without_a_telling_reply_is_taken_back_at_once() -> None:
    lesson = BY_ID["exercise-l2-win"]
    lb = LessonBoard(lesson, "en")
    wrong = lb.play("e9-")
    assert wrong.result == "wrong" and wrong.refutation is None
    assert not lb.refuted and lb.position == lesson.position
    luck = LessonBoard(BY_ID["exercise-l2-protect"]).play("c9?")
    assert luck.refutation is None  # a re-roll's fault is luck, not one roll's result


@pytest.mark.parametrize(
    "lesson", [x for x in LESSONS if x.mode == "exercise"], ids=lambda lesson: lesson.id
)
def test_show_the_solution_plays_it_on_the_board(lesson: Lesson) -> None:
    lb = LessonBoard(lesson, "fr")
    lb.click(next(iter(lb.game.explain()["moves"]), "a1"))  # a half-made try is dropped
    shown = lb.solve()
    line = [alternatives[0] for alternatives in lb.lesson.solution_line()]
    assert shown.result == "shown" and lb.solved and lb.shown
    played = [shown.played.move if shown.played else "", *(r.move for r in shown.replies)]
    assert [m.split("?")[0] for m in played] == [m.split("?")[0] for m in line]
    assert lb.position == after(lb.lesson.position, *played)
    assert shown.message is not None and shown.message.text.startswith("La solution : ")
    # Shown, not found: why it is right, but no "Bravo" nor "Oui" as if the reader had it.
    assert shown.message.kind == "info" and "Bravo" not in shown.message.text
    assert "Oui" not in shown.message.text and lb.why_right() in shown.message.text
    assert lb.click("a1").result == "ignored"  # shown: the board waits for "start again"
    lb.reset()
    assert lb.position == lb.lesson.position and not lb.shown


# --------------------------------------------------------------------------- words


def test_selecting_in_an_exercise_does_not_promise_highlighted_squares() -> None:
    task = board("exercise-l2-win")
    selected = task.click("g9")
    assert selected.result == "selected" and selected.message is not None
    assert "highlighted" not in selected.message.text
    assert selected.message.text == (
        "g9 selected: click the square it goes to, or choose an action"
    )
    assert task.board_view().steps == frozenset()  # indeed nothing is highlighted
    trying = board("lesson-capture-higher")
    trying.escape()
    said = trying.click("c3")
    assert said.message is not None
    assert said.message.text == "c3 selected: click a highlighted square"


def test_the_words_say_tap_on_a_touch_screen_and_cliquez_sur_in_french() -> None:
    french = board("exercise-l2-win", "fr")
    said = french.click("g9")
    assert said.message is not None
    assert said.message.text == "g9 choisi : cliquez sur la case où il va, ou choisissez une action"
    french.escape()
    french.touch = True
    said = french.click("g9")
    assert said.message is not None and "touchez la case" in said.message.text
    english = board("lesson-capture-higher")
    english.touch = True
    english.escape()
    said = english.click("c3")
    assert said.message is not None and said.message.text == "c3 selected: tap a highlighted square"
    assert (
        board("lesson-board", "fr")
        .text()
        .endswith(
            "cliquez sur une case de la rive rouge pour y entrer un dé, puis essayez ailleurs."
        )
    )
    touched = board("lesson-step", "fr")
    touched.touch = True
    assert "Touchez l’une d’elles" in touched.text()
    assert pointer_words("{Click} one.", "en", touch=True) == "Tap one."


def test_no_lesson_says_cliquez_without_sur() -> None:
    for page in ("regles.html",):
        text = re.sub(r"<[^>]+>", "", (ROOT / page).read_text(encoding="utf-8"))
        assert not re.search(r"[Cc]liquez (?!sur)", text)
    for lesson in LESSONS:
        for lang in ("fr", "en"):
            for touch in (False, True):
                text = pointer_words(lesson.text.of(lang), lang, touch=touch)
                assert not re.search(r"[Cc]liquez (?!sur)", text), lesson.id


def test_the_pages_show_click_or_tap_by_the_reader_s_pointer() -> None:
    html = (ROOT / "rules.html").read_text(encoding="utf-8")
    assert '<span class="by-mouse">click</span><span class="by-touch">tap</span>' in html
    css = (ROOT / "assets" / "rules.css").read_text(encoding="utf-8")
    assert "@media (pointer: coarse)" in css and 'html[data-pointer="touch"] .by-mouse' in css


# --------------------------------------------------------------------------- legend


def _drawn_marks() -> set[str]:
    """Every mark class ``svg.py`` can draw (its own source), links by kind."""
    source = (ROOT / "derive" / "web" / "board" / "svg.py").read_text(encoding="utf-8")
    found = set(re.findall(r'class="((?:ring|mark)-[a-z]+|shield|turn-strip)"', source))
    found |= {f"link-{kind}" for kind in ("anchored", "formed", "winning")}
    return found


def test_the_legend_pictures_every_mark_the_boards_draw() -> None:
    learn_legend.check()
    legend = {item.mark for item in learn_legend.ITEMS}
    assert _drawn_marks() <= legend | {"ring-winning"}  # the winning chain's item shows it
    for item in learn_legend.ITEMS:
        svg = learn_legend.drawing(item)
        assert learn_legend.marks(svg, item.mark), item.mark
        assert svg.get("aria-hidden") == "true"


def test_a_palette_change_stops_the_build_until_the_words_follow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(palette, "HIGHLIGHT", "#ffd54f")  # the old yellow highlights
    with pytest.raises(learn_legend.LegendError, match="ring-selected"):
        learn_legend.check()


def test_a_shape_change_stops_the_build_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from derive.web.board import svg

    shaded = '<rect class="mark-last" width="100" height="100" fill="#ffffff"/>'
    monkeypatch.setattr(svg, "_LAST_MARK", shaded)  # the old shaded square
    with pytest.raises(learn_legend.LegendError, match="mark-last"):
        learn_legend.check()


def test_the_pages_legend_is_the_drawing_and_its_words() -> None:
    for page, _lang in (("rules.html", "en"), ("regles.html", "fr")):
        html = (ROOT / page).read_text(encoding="utf-8")
        assert html.count('class="legend-pic') == len(learn_legend.ITEMS)
        for old in ("yellow frame", "shaded square", "cadre jaune", "case ombrée"):
            assert old not in html
        assert "White corner brackets" in html or "Des équerres blanches" in html
