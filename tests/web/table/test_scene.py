"""The page around the board as data (derive.web.table.scene): what the game page applies
after every change, computed without a browser."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from derive.web.table import manners, panel
from derive.web.table.controller import Notice
from derive.web.table.scene import Scene, scene
from tests.web_helpers import table


def _words(shown: Scene) -> str:
    return " ".join(str(value) for value in vars(shown).values())


def test_a_game_not_begun_offers_nothing_to_undo_or_review() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    shown = scene(ctrl)
    assert shown.status == ctrl.status() == "Red to play"
    assert (shown.notice_kind, shown.notice_html, shown.notice_role) == ("", "", "status")
    assert not shown.enabled["undo"] and not shown.enabled["redo"]
    assert not shown.enabled["review"] and not shown.enabled["first"]
    assert not shown.enabled["next"] and not shown.viewing
    assert shown.question_html == "" and shown.end_html == "" and not shown.picking
    assert shown.shown == {
        "resign": manners.resigner(ctrl) is not None,
        "offer-draw": manners.can_offer_draw(ctrl),
        "reroll": ctrl.game.rules.chance,
        "pass": False,
        "resume": False,
    }
    assert shown.shown["reroll"] and shown.shown["resign"]  # L2 has chance; people play
    assert shown.can_type_move and not shown.thinking and shown.plies == 0
    assert shown.players_html == panel.players_html(ctrl)
    assert shown.title == panel.game_title(ctrl)


def test_after_a_move_it_can_be_undone_reviewed_and_is_said() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    assert ctrl.play("c3-b4") is not None
    shown = scene(ctrl)
    assert shown.enabled["undo"] and shown.enabled["review"] and shown.enabled["first"]
    assert shown.plies == 1 and shown.status == "Yellow to play"
    assert shown.announcement == ctrl.announcement != ""
    assert shown.log_html.startswith("<li>") and shown.log_html.count("<li>") == len(ctrl.recent())
    marks = {1: "?!"}
    assert scene(ctrl, marks=marks).moves_html == panel.moves_html(ctrl, marks)


def test_a_past_position_shows_the_history_and_its_steps() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    ctrl.play("c3-b4")
    ctrl.view(0)
    shown = scene(ctrl)
    assert shown.viewing and shown.at_start and shown.history_html
    assert not shown.enabled["first"] and not shown.enabled["prev"]
    assert shown.enabled["next"] and shown.enabled["last"]
    ctrl.view(None)
    assert not scene(ctrl).viewing


def test_a_refusal_interrupts_a_screen_reader_and_nothing_else_does() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    assert ctrl.play("zz") is None
    shown = scene(ctrl)
    assert shown.notice_kind == "error" and shown.notice_role == "alert"
    assert "is not a move" in shown.notice_html
    ctrl.notice = Notice("success", "Link copied.")
    shown = scene(ctrl)
    assert (shown.notice_kind, shown.notice_role) == ("success", "status")


def test_a_question_then_the_end_banner_which_the_player_may_close() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    ctrl.play("c3-b4")
    manners.ask(ctrl, "resign")
    shown = scene(ctrl)
    assert 'data-action="answer-yes"' in shown.question_html
    assert manners.answer(ctrl, True) and ctrl.game.is_over
    shown = scene(ctrl)
    assert shown.question_html == "" and 'data-action="rematch"' in shown.end_html
    assert scene(ctrl, banner_dismissed=True).end_html == ""
    assert not shown.shown["resign"] and not shown.shown["resume"]


def test_nothing_a_player_reads_is_a_python_value() -> None:
    ctrl = table("r3c3,y2d4 r ry L2", lang="fr")
    for step in (lambda: None, lambda: ctrl.play("zz"), lambda: ctrl.play("c3-b4")):
        step()
        assert "None" not in _words(scene(ctrl))


def test_the_view_reads_every_field_by_its_name_and_no_other() -> None:
    """``assets/view.js`` puts the record on the page field by field: a field renamed or
    added here and not there would be silently missing from the page."""
    view = (Path(__file__).parents[3] / "assets" / "view.js").read_text(encoding="utf-8")
    read = set(re.findall(r"(?<![/\w])scene\.([a-z_]+)", view))
    assert read == {field.name for field in dataclasses.fields(Scene)}


def test_the_boards_keyboard_cursor_is_named_for_assistive_technology() -> None:
    """The board's ``aria-activedescendant``: the square under the cursor, by its id."""
    ctrl = table("r3c3,y2d4 r ry L2")
    assert scene(ctrl).cursor == f"sq-{ctrl.cursor}"
    ctrl.cursor = "g7"
    assert scene(ctrl).cursor == "sq-g7"
