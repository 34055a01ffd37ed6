"""The app's state machine (derive.web.table.controller): every user action, no browser."""

from __future__ import annotations

import json

import pytest

from derive import Game, parse_square
from derive.ai import LEVELS
from derive.web.table import params
from derive.web.table.controller import HUMAN, Controller, Setup
from tests.web_helpers import plain, table

# ----- selecting and playing with clicks ----------------------------------------------


def test_click_own_die_selects_it_and_a_destination_plays_the_step() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    assert ctrl.click("c3") is None
    assert ctrl.selected == "c3"
    assert ctrl.board_view().selected == parse_square("c3")
    played = ctrl.click("b4")
    assert played is not None and played.move == "c3-b4" and played.kind == "move"
    assert played.path == ("c3", "b4")
    assert ctrl.game.piece_at("b4") == ("r", 3)
    assert ctrl.board_view().selected is None
    assert ctrl.announcement == "Red moves from c3 to b4."


def test_jump_reports_its_path_for_the_animation() -> None:
    ctrl = table("r3c3,y2d4,y1f6 r ry L2")
    ctrl.click("c3")
    played = ctrl.click("g7")  # over d4 to e5, over f6 to g7
    assert played is not None and played.path == ("c3", "e5", "g7")
    assert ctrl.announcement == "Red jumps from c3 to g7."


def test_click_capture_target() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    ctrl.click("c3")
    played = ctrl.click("d4")
    assert played is not None and played.move == "c3xd4" and played.value == 1
    assert ctrl.game.reserve("y") == 7
    assert ctrl.announcement == "Red takes Yellow's 2 on d4 from c3."


def test_click_selected_die_again_deselects() -> None:
    ctrl = table("r3c3 r ry L2")
    ctrl.click("c3")
    ctrl.click("c3")
    assert ctrl.selected is None


def test_enter_by_clicking_a_free_rive_square_with_chance() -> None:
    ctrl = table("- r ry L2")
    played = ctrl.click("e1")
    assert played is not None and played.move == "+e1" and played.value == 1
    assert ctrl.game.to_move == "y"


def test_enter_without_chance_asks_for_the_value() -> None:
    ctrl = table("- r ry L4")
    assert ctrl.click("c1") is None
    assert ctrl.picking == "c1"
    assert ctrl.enter_values() == [1, 2, 3, 4, 5, 6]
    assert "c1" in ctrl.status()
    played = ctrl.pick_value(5)
    assert played is not None and played.move == "+c1=5"
    assert ctrl.game.piece_at("c1") == ("r", 5)
    assert ctrl.announcement == "Red enters a 5 on c1."


def test_picker_cancelled_by_clicking_elsewhere() -> None:
    ctrl = table("r2e5 r ry L4")
    ctrl.click("c1")
    assert ctrl.click("e5") is None
    assert ctrl.picking is None and ctrl.selected == "e5"


@pytest.mark.parametrize(("action", "move", "after"), [("+", "c3+", 4), ("-", "c3-", 2)])
def test_adjust_the_selected_die(action: str, move: str, after: int) -> None:
    ctrl = table("r3c3 r ry L2")
    ctrl.click("c3")
    played = ctrl.act(action)  # type: ignore[arg-type]
    assert played is not None and played.move == move and played.value == after
    assert ctrl.game.piece_at("c3") == ("r", after)


def test_reroll_the_selected_die_records_its_result() -> None:
    ctrl = table("r3c3 r ry L2")
    ctrl.click("c3")
    played = ctrl.act("?")
    assert played is not None and played.kind == "reroll"
    value = ctrl.game.piece_at("c3")
    assert value is not None and played.move == f"c3?{value[1]}" == f"c3?{played.value}"
    assert ctrl.announcement == f"Red re-rolls c3: {played.value}."


def test_adjust_out_of_range_explains_why() -> None:
    ctrl = table("r6c3 r ry L2")
    ctrl.click("c3")
    assert ctrl.act("+") is None
    assert ctrl.notice is not None and ctrl.notice.text == "c3 is already at 6"
    assert ctrl.game.piece_at("c3") == ("r", 6)


def test_action_without_selection_asks_for_one() -> None:
    ctrl = table("r3c3 r ry L2")
    assert ctrl.act("+") is None
    assert ctrl.notice is not None and ctrl.notice.kind == "error"


def test_illegal_click_gives_the_engines_reason_in_french() -> None:
    # R14: red is on d10 (yellow's rive) already, so e9-f10 would be a second square.
    ctrl = table("r3d10,r2e9 r ry L2", lang="fr")
    ctrl.click("e9")
    assert ctrl.click("f10") is None
    assert ctrl.notice is not None
    assert ctrl.notice.text == (
        "Rouge ne peut occuper qu’une case de la rive de Jaune (déjà en d10)"
    )
    assert ctrl.game.ply == 0


def test_obligation_blocks_other_dice_and_is_announced() -> None:
    ctrl = table("y2c1,y2b2,r3d2,r1h4 r ry L3")
    assert ctrl.obligation_text() == "Red must capture: d2xc1"
    ctrl.click("h4")
    assert ctrl.selected is None
    assert ctrl.notice is not None and "a capture is obligatory:" in ctrl.notice.text


def test_typed_moves_play_or_say_why_not() -> None:
    ctrl = table("r3c3 r ry L2")
    assert ctrl.play("  c3-d4 ") is not None
    assert ctrl.play("zz") is None
    assert ctrl.notice is not None and "'zz' is not a move" in ctrl.notice.text
    assert ctrl.play("c3-d4") is None  # now yellow's turn: no red die on c3... and no yellow
    assert ctrl.game.ply == 1


# ----- the computer's turn ---------------------------------------------------------------


def test_think_request_only_for_a_computer_seat_once_ready() -> None:
    ctrl = Controller("en")
    ctrl.open_game(Game.from_position("r3c3 y ry L2"), {"y": "hard"})
    assert ctrl.think_request() is None  # the AI has not said hello yet
    assert ctrl.status() == "Starting the computer player…"
    ctrl.set_ai_levels(LEVELS)
    request = ctrl.think_request()
    assert request is not None and request.level == "hard"
    assert request.position == "r3c3 y ry L2"
    assert Game.from_record(json.loads(request.record)).to_position() == request.position
    assert ctrl.think_request() is None  # one at a time
    assert ctrl.status() == "Yellow is thinking…"
    ctrl.think_progress(request.token, 3)
    assert ctrl.status() == "Yellow is thinking…"  # the search's depth is no player's word
    assert not ctrl.board_view().enters  # nothing to click while it thinks


def test_ai_answer_is_played_and_stale_answers_dropped() -> None:
    ctrl = table("r3c3 y ry L2", {"y": "easy"})
    request = ctrl.think_request()
    assert request is not None
    assert ctrl.think_done(request.token + 99, "+b10") is None
    played = ctrl.think_done(request.token, "+b10")
    assert played is not None and played.by_ai and ctrl.game.to_move == "r"


def test_undo_while_the_computer_thinks_cancels_and_returns_to_the_person() -> None:
    ctrl = table("r3c3 r ry L2", {"y": "easy"})
    ctrl.play("c3-d4")
    request = ctrl.think_request()
    assert request is not None
    assert ctrl.undo()
    assert ctrl.game.ply == 0 and ctrl.game.to_move == "r"
    assert ctrl.think_done(request.token, "+b10") is None  # the old search is ignored


def test_undo_and_redo_skip_over_computer_moves() -> None:
    ctrl = table("r3c3 r ry L2", {"y": "easy"})
    ctrl.play("c3-d4")
    request = ctrl.think_request()
    assert request is not None and ctrl.think_done(request.token, "+b10") is not None
    assert ctrl.undo() and ctrl.game.ply == 0
    assert ctrl.redo() and ctrl.game.ply == 2
    assert not ctrl.redo()
    assert ctrl.notice is not None and ctrl.notice.text == "there is nothing to redo"


def test_all_computer_game_pauses_on_undo() -> None:
    ctrl = table("r3c3 r ry L2", {"r": "easy", "y": "easy"})
    request = ctrl.think_request()
    assert request is not None and ctrl.think_done(request.token, "c3-d4")
    ctrl.undo()
    assert ctrl.paused and ctrl.think_request() is None
    assert ctrl.status() == "The computer players are paused."
    ctrl.resume()
    assert ctrl.think_request() is not None


def test_an_illegal_ai_move_makes_the_ai_unavailable() -> None:
    ctrl = table("r3c3 y ry L2", {"y": "easy"})
    request = ctrl.think_request()
    assert request is not None
    assert ctrl.think_done(request.token, "c3-d4") is None
    assert ctrl.ai_state == "unavailable" and ctrl.game.ply == 0
    # In the players' words: the engine's reason (a developer's matter) is not shown.
    assert ctrl.notice is not None and ctrl.notice.text == (
        "The computer player is not available: reload the page to try again."
    )
    assert "c3" not in ctrl.status()


def test_hint_shown_for_the_current_position_only() -> None:
    ctrl = table("r3c3,y2d4 r ry L2", {"y": "easy"})
    asked = ctrl.hint_request()
    assert asked is not None
    token, position = asked
    assert position == ctrl.game.to_position()
    ctrl.hint_done(token, "c3xd4", "captures yellow's 2 on d4")
    assert ctrl.current_hint() == "c3xd4"
    assert ctrl.board_view().hint == (parse_square("c3"), parse_square("d4"))
    assert ctrl.notice is not None and "captures yellow's 2" in ctrl.notice.text
    ctrl.play("c3-b4")
    assert ctrl.current_hint() is None


# ----- history ----------------------------------------------------------------------


def test_move_list_navigation_shows_past_positions_read_only() -> None:
    ctrl = table("- r ry L2")
    for move in ("+c1", "+d10", "c1-d2"):
        ctrl.play(move)
    ctrl.view(1)
    assert ctrl.shown_game().to_position() == "r1c1 y ry L2"
    assert ctrl.status() == "Move 1 of 3"
    assert not ctrl.human_to_move()
    assert ctrl.click("e1") is None and ctrl.game.ply == 3
    ctrl.step_view(-1)
    assert ctrl.view_ply == 0
    ctrl.step_view(+5)
    assert ctrl.shown_game() is ctrl.game  # past the end is the live game
    assert ctrl.human_to_move()


# ----- files and links (saving: tests/web/shelf/) --------------------------------------


def test_share_link_reproduces_game_and_seats() -> None:
    ctrl = table("- r ry L2", {"y": "easy"})
    ctrl.play("+c1")
    query = ctrl.share_query()
    launch = params.parse(query, parse_ai=lambda text: dict(p.split(":") for p in text.split(",")))
    assert launch.game is not None
    assert launch.game.to_position() == ctrl.game.to_position()
    assert launch.game.moves == ctrl.game.moves
    assert launch.ai == {"y": "easy"}


# ----- new games ----------------------------------------------------------------------


def test_new_game_rolls_for_the_start_and_seats_levels() -> None:
    ctrl = Controller("en")
    ctrl.set_ai_levels(LEVELS, "medium")
    ctrl.new_game(Setup("L3", {"r": HUMAN, "b": "ai", "y": "hard"}), seed=11)
    assert ctrl.game.rules.id == "L3" and str(ctrl.game.seating) == "rby"
    assert ctrl.seats == {"r": HUMAN, "b": "medium", "y": "hard"}
    assert ctrl.game.start_roll and ctrl.fresh_start_roll
    last = ctrl.game.start_roll[-1]
    assert ctrl.game.to_move == max(last, key=lambda c: last[c])


def test_new_team_game_with_chosen_start() -> None:
    ctrl = Controller("en")
    seats = dict.fromkeys("rbyg", HUMAN)
    ctrl.new_game(Setup("L2", seats, teams="rb/yg", start="g"))
    assert str(ctrl.game.seating) == "rb/yg" and ctrl.game.to_move == "g"
    assert not ctrl.game.start_roll


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (Setup("L2", {"r": HUMAN}), "At least two colours must play."),
        (Setup("L2", {"r": HUMAN, "y": HUMAN}, teams="ry/bg"), "A team game needs all four"),
    ],
)
def test_impossible_setups_are_refused(setup: Setup, message: str) -> None:
    ctrl = table("r3c3 r ry L2")
    with pytest.raises(ValueError, match=message):
        ctrl.new_game(setup)
    assert ctrl.game.to_position() == "r3c3 r ry L2"


@pytest.mark.parametrize(
    ("ai", "seats", "start"),
    [
        ({"y": "hard"}, {"r": HUMAN, "y": "hard"}, "r"),
        ({"b": "easy"}, {"b": "easy", "g": HUMAN}, None),
        ({"r": "easy", "y": "hard"}, {"r": "easy", "y": "hard"}, "r"),
        ({"y": "hard", "g": HUMAN}, {"y": "hard", "g": HUMAN}, None),
        ({"g": "hard", "b": "easy"}, {"b": "easy", "g": "hard"}, None),
    ],
)
def test_an_ai_link_seats_the_computer_and_a_person_opposite(
    ai: dict[str, str], seats: dict[str, str], start: str | None
) -> None:
    before = Setup("L3", {"r": HUMAN, "b": HUMAN, "y": HUMAN, "g": HUMAN}, "rb/yg", "r")
    setup = before.seated(ai)
    assert setup == Setup("L3", seats, None, start)
    assert list(setup.seats) == [c for c in "rbyg" if c in seats]
    assert setup.problem() is None
    ctrl = table("r3c3 r ry L2")
    ctrl.new_game(setup, seed=3)
    assert ctrl.seats == seats


def test_setup_survives_the_save_and_odd_data_falls_back() -> None:
    setup = Setup("L4", {"r": HUMAN, "g": "easy"}, None, "g")
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    assert Setup.from_json({"seats": {"x": 1}, "start": "q"}) == Setup()
    assert Setup.from_json("nonsense") == Setup()


# ----- status, keyboard ------------------------------------------------------------------


def test_status_for_a_win_and_a_team_win() -> None:
    ctrl = table("r1c9 r ry L1")
    ctrl.play("c9-d10")
    assert ctrl.status() == "Red wins!"
    assert ctrl.t("status.won.team", side="Red + Yellow") == "Red + Yellow win!"
    fr = table("r1c9 r ry L1", lang="fr")
    fr.play("c9-d10")
    assert plain(fr.status()) == "Rouge gagne !"


def test_keyboard_cursor_walks_the_diagonals_of_play() -> None:
    ctrl = table("- r ry L2")
    ctrl.cursor = "a1"
    seen = {ctrl.cursor}
    for direction in ["up-right"] * 12 + ["down-right"] * 3 + ["up-left"] * 3 + ["down-left"] * 12:
        ctrl.move_cursor(direction)  # type: ignore[arg-type]
        seen.add(ctrl.cursor)
        parse_square(ctrl.cursor)  # raises on a light square
    assert {"b2", "e5", "j10"} <= seen  # along the long diagonal, stopping at the corner
    ctrl.cursor = "e5"
    ctrl.move_cursor("up-left")
    assert ctrl.cursor == "d6"
    ctrl.bottom = "y"  # turned: up on the screen is towards red's rive
    ctrl.move_cursor("up-left")
    assert ctrl.cursor == "e5"
    assert ctrl.board_view().cursor == parse_square(ctrl.cursor)
    ctrl.click("c1")
    assert ctrl.board_view().cursor is None  # a mouse click hides the keyboard cursor


def test_the_board_turns_to_the_person_and_on_request() -> None:
    ctrl = table("- r ry L2")
    assert ctrl.board_view().bottom == "r"
    ctrl.open_game(Game.from_position("- y ry L2"), {"r": "medium"})
    assert ctrl.bottom == "y"  # the person plays yellow: their rive at the bottom
    ctrl.turn_board()
    assert ctrl.board_view().bottom == "r"
    four = Game.from_position("- r rbyg L2")
    ctrl.open_game(four)
    seen = [ctrl.bottom]
    for _ in range(4):
        ctrl.turn_board()
        seen.append(ctrl.bottom)
    assert seen == ["r", "b", "y", "g", "r"]
    ctrl.flip = True
    ctrl.open_game(Game.from_position("- r ry L2"))
    assert ctrl.bottom == "y"


def test_refusals_are_in_players_words_with_a_why_link() -> None:
    ctrl = table("y2c1,y2b2,r3d2,r1h4 r ry L3")
    ctrl.play("h4-g5")
    assert ctrl.notice is not None
    assert "(R" not in ctrl.notice.text and "R16" not in ctrl.notice.text
    assert ctrl.notice.why == "rules.html#lesson-obligation"
    fr = table("y2c1,y2b2,r3d2,r1h4 r ry L3", lang="fr")
    fr.play("h4-g5")
    assert fr.notice is not None and "R16" not in fr.notice.text
    assert fr.notice.why == "regles.html#lesson-obligation"


def test_the_history_view_is_read_only_and_says_so() -> None:
    ctrl = table("- r ry L2")
    ctrl.play("+c1")
    ctrl.play("+b10")
    ctrl.view(1)
    ctrl.click("c1")
    assert ctrl.notice is not None and "move 1" in ctrl.notice.text
    assert ctrl.board_view().selected is None


def test_the_computer_levels_are_known_before_its_worker_starts() -> None:
    from derive.ai import DEFAULT_LEVEL
    from derive.web.table.controller import AI_DEFAULT, AI_LEVELS

    assert (AI_LEVELS, AI_DEFAULT) == (LEVELS, DEFAULT_LEVEL)
    ctrl = Controller("en")
    assert ctrl.ai_state == "unknown" and ctrl.ai_levels == LEVELS
    # a first game is level 1 (where the Learn page starts) against the easy computer
    assert (ctrl.setup.rule_set, ctrl.setup.seats) == ("L1", {"r": HUMAN, "y": "easy"})


def test_a_person_never_chooses_a_roll() -> None:
    ctrl = table("r3c3 r ry L2")
    assert ctrl.play("c3?6") is None
    assert ctrl.notice is not None and ctrl.game.ply == 0
    assert "6" not in ctrl.notice.text  # the refusal says nothing of the coming roll
    assert ctrl.play("c3?") is not None and ctrl.game.ply == 1


def test_resigning_asks_first_and_ends_the_game_for_good() -> None:
    from derive.web.table import manners

    ctrl = Controller("en")
    ctrl.open_game(Game.from_position("- r ry L2"), {"y": "medium"})
    assert manners.resigner(ctrl) == "r" and not manners.can_offer_draw(ctrl)
    ctrl.play("+c1")
    manners.ask(ctrl, "resign")  # the computer's turn: the person resigns all the same
    assert ctrl.pending is not None and ctrl.pending.colour == "r"
    assert "Red, do you really resign?" in manners.question_html(ctrl)
    assert not manners.answer(ctrl, False) and not ctrl.game.is_over
    manners.ask(ctrl, "resign")
    assert manners.answer(ctrl, True)
    assert ctrl.game.outcome is not None and ctrl.game.outcome.winner == "y"
    assert not ctrl.can_undo() and not ctrl.undo() and ctrl.game.is_over


def test_a_draw_is_offered_among_people_and_a_move_declines_it() -> None:
    from derive.web.table import manners

    ctrl = table("- r ry L2", lang="fr")
    manners.ask(ctrl, "draw")
    assert "Rouge propose la nulle" in manners.question_html(ctrl)
    ctrl.play("+c1")
    assert ctrl.pending is None  # playing on is a no
    manners.ask(ctrl, "draw")
    assert manners.answer(ctrl, True)
    assert ctrl.status() == "Nulle d’un commun accord."
    three = table("- r rby L2")
    assert manners.resigner(three) is None and manners.can_offer_draw(three)
