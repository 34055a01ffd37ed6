"""Issue 23 on the game page, without a browser: captures announced, the last actions in
words, hints told from refusals, "tap" on a touch screen, no search depth, bad links
quoted short and in the page's language."""

from __future__ import annotations

import pytest

from derive import Game
from derive.ai import parse_seats
from derive.web.learn import embed
from derive.web.table import params
from derive.web.table.actionlog import ActionLog
from derive.web.table.controller import Controller
from tests.web_helpers import plain, table

#: Yellow's one legal action is to take red's 2 on d10 (an obligatory capture).
FORCED = "r2d10,r2c9,y3e9 y ry L2C"


def _computer_captures(lang: str = "en") -> Controller:
    ctrl = table(FORCED, {"y": "easy"}, lang)
    request = ctrl.think_request()
    assert request is not None
    played = ctrl.think_done(request.token, "e9xd10")
    assert played is not None and played.taken == ("r", 2)
    return ctrl


def test_the_computers_capture_is_announced_in_the_status_and_the_live_region() -> None:
    ctrl = _computer_captures()
    assert ctrl.status() == "Yellow took your 2 on d10. Red to play"
    assert ctrl.announcement == "Yellow takes your 2 on d10 from e9."
    ctrl.play("c9+")
    assert ctrl.status() == "Yellow is thinking…"


def test_the_capture_in_french() -> None:
    ctrl = _computer_captures("fr")
    assert ctrl.status() == "Jaune a pris votre 2 en d10. À Rouge de jouer"
    assert ctrl.recent() == ["Jaune prend votre 2 en d10 depuis e9."]


def test_between_people_a_capture_names_the_owner() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    ctrl.play("c3xd4")
    assert ctrl.announcement == "Red takes Yellow's 2 on d4 from c3."
    assert ctrl.status() == "Red took Yellow's 2 on d4. Yellow to play"
    ctrl.lang = "fr"
    assert ctrl.recent() == ["Rouge prend le 2 jaune en d4 depuis c3."]


def test_the_log_shows_the_last_five_actions_latest_first_and_follows_undo() -> None:
    ctrl = table("r3c3,y2f8 r ry L2")
    for move in ("c3+", "f8-", "c3-b4", "f8-e7", "+c1", "+d10"):
        assert ctrl.play(move) is not None
    assert ctrl.recent() == [
        "Yellow enters a die on d10.",
        "Red enters a die on c1.",
        "Yellow moves from f8 to e7.",
        "Red moves from c3 to b4.",
        "Yellow lowers f8 to 1.",
    ]
    assert ctrl.undo()
    assert ctrl.recent()[0] == "Red enters a die on c1."
    assert ctrl.redo()
    assert ctrl.recent()[0] == "Yellow enters a die on d10."
    ctrl.open_game(Game.from_position("r3c3 r ry L2"))
    assert ctrl.recent() == []  # another game, another log


def test_the_log_reads_a_restored_game_from_its_record() -> None:
    game = Game.from_position("r3c3,y2d4 r ry L2", seed=3)
    for move in ("c3?", "d4xc3" if game.piece_at("c3") else "d4+"):
        if game.is_legal(move):
            game.play(move)
    log = ActionLog()
    played = log.recent(Game.from_record(game.record()), 5)
    assert [p.move for p in played] == [str(m) for m in game.moves]
    assert played[0].kind == "reroll" and 1 <= played[0].value <= 6


def test_a_click_on_an_empty_square_is_a_hint_a_refusal_an_error() -> None:
    ctrl = table("r3c3,y2d4 r ry L2")
    ctrl.click("f6")
    assert ctrl.notice is not None and ctrl.notice.kind == "info"
    assert ctrl.notice.text == "there is no red die on f6"
    assert ctrl.notice.why == "rules.html#actions"
    ctrl.click("d4")  # the opponent's die, nothing selected: a hint too
    assert ctrl.notice is not None and ctrl.notice.kind == "info"
    ctrl.click("c3")
    ctrl.click("c7")  # a selected die asked where it cannot go: a refusal
    assert ctrl.notice is not None and ctrl.notice.kind == "error"
    assert ctrl.notice.text.startswith("c3 cannot reach c7")
    assert ctrl.notice.why == "rules.html#lesson-step"


def test_tap_on_a_touch_screen_and_sur_in_french() -> None:
    ctrl = table("r3c3 r ry L2")
    ctrl.click("c3")
    assert ctrl.status() == "c3 selected: click a highlighted square"
    ctrl.touch = True
    assert ctrl.status() == "c3 selected: tap a highlighted square"
    ctrl.lang = "fr"
    assert plain(ctrl.status()) == "c3 choisi : touchez une case en surbrillance"
    ctrl.touch = False
    assert plain(ctrl.status()) == "c3 choisi : cliquez sur une case en surbrillance"


def test_the_search_depth_is_not_shown() -> None:
    ctrl = table("r3c3 y ry L2", {"y": "hard"})
    request = ctrl.think_request()
    assert request is not None
    ctrl.think_progress(request.token, 4)
    assert ctrl.status() == "Yellow is thinking…"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ai", "y" * 60_000),
        ("select", "z" * 60_000),
        ("lang", "<script>" * 7_000),
        ("embed", "q" * 60_000),
        ("position", "r3c3," * 12_000),
        ("game", "A" * 60_000),
    ],
)
def test_a_huge_bad_parameter_is_quoted_short(name: str, value: str) -> None:
    with pytest.raises(params.ParamError) as caught:
        params.parse({name: [value]}, parse_ai=parse_seats)
    assert caught.value.name == name
    assert len(caught.value.reason) <= params.MAX_REASON
    # the link's bulk is quoted a few dozen characters at a time at most
    assert max(len(word) for word in caught.value.reason.split()) <= 42


def test_bounded_keeps_a_sentence_and_cuts_a_blob() -> None:
    assert params.bounded("'de' is not one of fr, en") == "'de' is not one of fr, en"
    cut = params.bounded("moves: 1. " + "x" * 60_000 + " is not a move")
    assert cut == "moves: 1. " + "x" * 40 + "… is not a move"
    assert len(params.bounded("ab " * 1000)) == params.MAX_REASON


def test_a_huge_moves_parameter_of_an_embedded_board_is_quoted_short() -> None:
    setup = embed.parse({"position": ["r3c3 r ry L2"], "moves": ["x" * 60_000]})
    with pytest.raises(params.ParamError) as caught:
        embed.board(setup)
    assert caught.value.name == "moves"
    text = embed.error_text(caught.value, "en")
    assert len(text) < 2 * params.MAX_REASON and "x" * 41 not in text
