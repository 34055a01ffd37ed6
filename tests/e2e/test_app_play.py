"""Playing the game in the browser: every action kind by mouse, keys and the move field,
the computer's reply, undo/redo and the end of a game."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from derive.web.table import share
from tests.e2e.appdriver import (
    AI_TIMEOUT_MS,
    board_position,
    click_square,
    moves_listed,
    notice,
    open_app,
    play_clicks,
    position_query,
    wait_for_change,
    wait_for_ply,
)
from tests.e2e.test_first_minute import assert_accessible
from tests.helpers import random_game


def test_every_action_kind_by_mouse_and_keys(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("r3c3,y2d4,y1f6 r ry L2"))
    assert board_position(page) == "r3c3,y2d4,y1f6 r ry L2"
    expect(page.locator("[data-square]")).to_have_count(50)
    expect(page.locator("[data-die]")).to_have_count(3)

    # enter: click a free square of the rive (its "+" mark)
    expect(page.locator('[data-square="e1"] .mark-enter')).to_have_count(1)
    assert play_clicks(page, "e1").startswith("r1e1,")

    # jump: the selected die's destinations light up; b2 is a jump over c3
    click_square(page, "d4")
    expect(page.locator('[data-square="b2"] .mark-jump')).to_have_count(1)
    page.hover('[data-square="b2"]')
    route = page.locator('.jump-path[data-for="b2"]')
    # its opacity once no fade is under way (a fade out starts at 0.95, and would pass)
    settled = "e => e.getAnimations().length === 0 && getComputedStyle(e).opacity"
    expect(route).to_have_css("opacity", "0.95")
    # the board drawn again under the resting pointer (the keyboard's cursor moved): the
    # route stays, and so it does when every node of the board is new
    page.keyboard.press("ArrowUp")
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "sq-e5")
    page.wait_for_function(f"() => ({settled})(document.querySelector('.jump-path[data-for=b2]'))")
    assert route.evaluate(settled) == "0.95"
    page.evaluate("() => { const b = document.getElementById('board'); b.innerHTML = b.innerHTML }")
    page.wait_for_function(f"() => ({settled})(document.querySelector('.jump-path[data-for=b2]'))")
    assert route.evaluate(settled) == "0.95"
    page.mouse.move(0, 0)
    expect(route).to_have_css("opacity", "0")
    expect(page.locator('[data-square="c5"] .mark-step')).to_have_count(1)
    assert play_clicks(page, "b2") == "r1e1,y2b2,r3c3,y1f6 r ry L2"

    # adjust +1 with the keyboard
    click_square(page, "c3")
    before = board_position(page)
    page.keyboard.press("+")
    wait_for_change(page, before)
    assert board_position(page) == "r1e1,y2b2,r4c3,y1f6 y ry L2"

    # adjust -1 with the button
    click_square(page, "b2")
    before = board_position(page)
    page.click('[data-action="down"]')
    wait_for_change(page, before)
    assert board_position(page) == "r1e1,y1b2,r4c3,y1f6 r ry L2"

    # re-roll with the button: the move list shows the result
    click_square(page, "c3")
    before = board_position(page)
    page.click('[data-action="reroll"]')
    wait_for_change(page, before)
    assert re.fullmatch(r"c3\?[1-6]", moves_listed(page)[-1])

    # step
    assert play_clicks(page, "f6", "e5").endswith("y1e5 r ry L2")

    # capture: the target is marked, the attacker drops to its value minus the taken one
    click_square(page, "c3")
    expect(page.locator('[data-square="b2"] .mark-capture')).to_have_count(1)
    after = play_clicks(page, "b2")
    assert after.startswith("r1e1,r") and "b2" in after and "y1b2" not in after
    assert moves_listed(page) == [
        "+e1",
        "d4-b2",
        "c3+",
        "b2-",
        moves_listed(page)[4],
        "f6-e5",
        "c3xb2",
    ]
    expect(page.locator("#live")).to_have_text("Red takes Yellow's 1 on b2 from c3.")
    expect(page.locator('[data-reserve="y"]')).to_have_attribute("data-count", "6")


def test_no_chance_enter_uses_the_value_picker(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L4"))
    expect(page.locator('[data-action="reroll"]')).to_be_hidden()  # no re-roll without chance
    click_square(page, "c1")
    picker = page.locator("#picker")
    expect(picker).to_be_visible()
    expect(picker.locator(".pick")).to_have_count(6)
    before = board_position(page)
    picker.locator('.pick[data-value="4"]').click()
    wait_for_change(page, before)
    assert board_position(page) == "r4c1 y ry L4"
    expect(picker).to_be_hidden()
    # keyboard: digits pick the value
    click_square(page, "d10")
    before = board_position(page)
    page.keyboard.press("6")
    wait_for_change(page, before)
    assert board_position(page) == "r4c1,y6d10 r ry L4"


def test_typed_moves_and_illegal_attempts_explained(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("y2c3,r2e9,r3d10 r ry L2"))
    field = page.locator('input[name="move"]')
    field.fill("e9-f10")
    field.press("Enter")
    expect(page.locator("#notice")).to_contain_text("may not occupy a second square")
    assert board_position(page) == "y2c3,r2e9,r3d10 r ry L2"
    expect(field).to_have_value("e9-f10")  # kept, to be corrected

    field.fill("nonsense")
    field.press("Enter")
    expect(page.locator("#notice")).to_contain_text("'nonsense' is not a move")

    # an illegal click says why, in the engine's words, with a link to the rule's lesson
    click_square(page, "e9")
    click_square(page, "f10")
    expect(page.locator("#notice")).to_contain_text("(already on d10)")
    expect(page.locator("#notice a.why")).to_have_attribute("href", "rules.html#lesson-rive-limit")
    assert "R14" not in notice(page)

    field.fill("e9-f8")
    field.press("Enter")
    wait_for_change(page, "y2c3,r2e9,r3d10 r ry L2")
    assert board_position(page) == "y2c3,r2f8,r3d10 y ry L2"
    expect(field).to_have_value("")
    assert notice(page) == ""


def test_keyboard_only_play(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    board = page.locator("#board")
    board.focus()
    # the cursor starts on e5; down 4 ranks reaches rank 1, then Enter enters a die there
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    expect(page.locator(".mark-cursor")).to_have_count(1)
    # The game's Python takes each press in its worker, a message later: wait for the last.
    page.wait_for_function(
        "document.querySelector('.mark-cursor')?.parentElement.dataset.square.endsWith('1')"
    )
    cursor = page.locator(".mark-cursor").locator("xpath=..").get_attribute("data-square")
    assert cursor is not None and cursor.endswith("1")
    before = board_position(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    assert board_position(page).startswith(f"r1{cursor} ")
    # undo / redo by key
    before = board_position(page)
    page.keyboard.press("u")
    wait_for_change(page, before)
    assert board_position(page) == "- r ry L2"
    page.keyboard.press("r")
    wait_for_change(page, "- r ry L2")
    assert board_position(page).startswith(f"r1{cursor} ")


def test_computer_reply_undo_redo_and_hint(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("r3c3,y2d4 r ry L2", ai="y:easy"))
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    expect(page.locator('[data-player="y"]')).to_contain_text("computer")

    play_clicks(page, "c3", "b4")
    wait_for_ply(page, 2)
    assert len(moves_listed(page)) == 2
    expect(page.locator("#status")).to_have_text("Red to play")

    # a takeback against the computer goes back to the person's turn
    page.click('[data-action="undo"]')
    wait_for_ply(page, 0)
    assert board_position(page) == "r3c3,y2d4 r ry L2"
    page.click('[data-action="redo"]')
    wait_for_ply(page, 2)
    expect(page.locator('[data-action="redo"]')).to_be_disabled()

    # undo while the computer is still thinking: its search is dropped, the move taken back
    before = board_position(page)
    play_clicks(page, "b4", "a5")
    page.wait_for_selector("html[data-thinking=true]", state="attached")
    page.click('[data-action="undo"]')
    wait_for_ply(page, 2)
    page.wait_for_selector("html[data-thinking=false]", state="attached")
    assert board_position(page) == before
    expect(page.locator("#status")).to_have_text("Red to play")

    # the hint shows the computer's suggestion on the board and in words
    page.click('[data-action="hint"]')
    expect(page.locator("#notice")).to_contain_text("Hint:", timeout=AI_TIMEOUT_MS)
    expect(page.locator("svg.board .hint")).to_have_count(1)


def test_three_hard_computers_answer_in_a_four_player_game(page: Page, server_url: str) -> None:
    # With four free players `hard` runs the opponent-model search in the worker.
    open_app(
        page, server_url, position_query("r3c3,b2j6,y2d8,g1a5 r rbyg L2", ai="b:hard,y:hard,g:hard")
    )
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    play_clicks(page, "c3", "b4")
    wait_for_ply(page, 4)
    assert len(moves_listed(page)) == 4
    expect(page.locator("#status")).to_have_text("Red to play")
    assert board_position(page).endswith(" r rbyg L2")


def test_page_stays_responsive_while_the_computer_thinks(page: Page, server_url: str) -> None:
    # Two hard computer players; the page must still answer (how fast is measured by
    # bench/bench_startup.py, not asserted here).
    open_app(page, server_url, position_query("- r ry L3", ai="r:hard,y:hard"))
    page.wait_for_selector("html[data-thinking=true]", state="attached", timeout=AI_TIMEOUT_MS)
    expect(page.locator(".player.thinking .spinner")).to_have_count(1)
    # the page keeps drawing while the worker searches: the depth reached is noted (for
    # developers, on the root element), never shown to players
    page.wait_for_selector("html[data-depth]", state="attached", timeout=AI_TIMEOUT_MS)
    expect(page.locator("#status")).not_to_contain_text("depth")
    # a person can take over: new game while it thinks
    page.click('[data-action="new"]')
    expect(page.locator("#setup")).to_be_visible()
    page.locator('#setup select[name="seat_r"]').select_option("human")
    page.locator('#setup select[name="seat_y"]').select_option("human")
    page.locator('#setup select[name="start"]').select_option("r")
    page.click('#setup button[type="submit"]')
    expect(page.locator("#setup")).to_be_hidden()
    page.wait_for_selector("html[data-thinking=false]", state="attached")
    assert board_position(page).endswith(" r ry L3")
    expect(page.locator("#status")).to_have_text("Red to play")


def test_end_of_game_banner_with_the_winning_die(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("r1c9,y1f2 r ry L1"))
    play_clicks(page, "c9", "d10")
    banner = page.locator("#end .end-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Red wins")
    expect(banner).to_contain_text("d10")
    expect(page.locator('[data-die="d10"] .ring-winning')).to_have_count(1)
    expect(page.locator('input[name="move"]')).to_be_disabled()
    banner.locator('[data-action="review"]').click()
    expect(banner).to_be_hidden()
    # Review opens the post-game review (test_review.py checks its graph and steps)
    expect(page.locator("svg[data-review]")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-review", re.compile("running|done"))


def test_history_on_a_phone_steps_under_the_board_and_by_the_arrow_keys(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    """Issue 26: the banner does not cover the goal rive, ◀ ▶ sit right under the board,
    ← → step, and the move list numbers each move by its ply, as the banner does."""
    page.set_viewport_size({"width": 390, "height": 844})
    start = "r3c3,y2d4,y1f6 r ry L2"
    open_app(page, server_url, position_query(start))
    play_clicks(page, "e1")
    play_clicks(page, "d4", "b2")
    play_clicks(page, "c3", "d4")
    live = board_position(page)
    first = page.locator("#moves .mv").first
    number = first.evaluate("b => getComputedStyle(b, '::after').content")
    assert number == '"1"' and first.inner_text() == "+e1"
    page.locator('#moves .mv[data-ply="2"]').click()
    banner = page.locator("#history")
    expect(banner).to_contain_text("move 2 of 3")
    box = page.locator(".board-box").bounding_box()
    shown = banner.bounding_box()
    steps = page.locator("#history-steps")
    prev = steps.locator('[data-step="prev"]')
    assert box is not None and shown is not None
    assert shown["y"] >= box["y"] + box["height"] - 1  # under the board, not over rank 10
    under = prev.bounding_box()
    assert (
        under is not None
        and box["y"] + box["height"] <= under["y"] < box["y"] + box["height"] + 120
    )
    screenshot("phone", full_page=False)
    assert_accessible(page)
    for name, width, height in (
        ("landscape", 844, 390),
        ("tablet", 820, 1180),
        ("desktop", 1366, 900),
    ):
        page.set_viewport_size({"width": width, "height": height})
        board = page.locator(".board-box").bounding_box()
        bar = page.locator(".history-bar").bounding_box()
        assert board is not None and bar is not None
        # never over the board: under it, or beside it on a phone held sideways
        assert (
            bar["y"] >= board["y"] + board["height"] - 1
            or bar["x"] >= board["x"] + board["width"] - 1
        )
        screenshot(name, full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    prev.click()
    expect(banner).to_contain_text("move 1 of 3")
    page.keyboard.press("ArrowRight")
    expect(banner).to_contain_text("move 2 of 3")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(banner).to_contain_text("start of the game")
    assert board_position(page) == start
    banner.locator('[data-action="last"]').click()
    expect(banner).to_be_hidden()
    assert board_position(page) == live
    # in play, ← steps back unless the board has the focus (there it moves the cursor)
    page.locator("#moves .mv").first.focus()
    page.keyboard.press("ArrowLeft")
    expect(banner).to_contain_text("move 2 of 3")
    page.keyboard.press("ArrowRight")
    expect(banner).to_be_hidden()
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".mark-cursor")).to_have_count(1)
    expect(banner).to_be_hidden()


# Every move in the list whose notation the button cuts off (its text wider than its box).
_CUT_MOVES = """() => [...document.querySelectorAll("#moves .mv")]
    .filter((b) => b.scrollWidth > b.clientWidth + 0.5).map((b) => b.textContent)"""
# The longest a move can be written: a capture along the tenth rank, at a three-figure ply,
# marked a blunder by the review.
_LONGEST = """() => { for (const b of document.querySelectorAll("#moves .mv")) {
    b.dataset.ply = "120"; b.textContent = "b10xd10";
    const mark = document.createElement("span");
    mark.className = "mv-mark"; mark.textContent = "??"; b.append(mark); } }"""


# The list's moves by the line they are drawn on, top to bottom: each line's moves, by
# their place in the list (1 the first move).
_LINES = """() => { const lines = new Map();
    [...document.querySelectorAll("#moves .mv")].forEach((b, i) => {
        const top = Math.round(b.getBoundingClientRect().top);
        if (!lines.has(top)) lines.set(top, []);
        lines.get(top).push(i + 1); });
    return [...lines.keys()].sort((a, b) => a - b).map((top) => lines.get(top)); }"""


@pytest.mark.parametrize("seats", ["ry", "ryb", "rybg"])
def test_no_move_is_cut_off_in_the_list(page: Page, server_url: str, seats: str) -> None:
    """With three or four players, a round that does not fit on one line of the list takes
    two: at a phone's width, or in the desktop's side column, no move is cut off."""
    game = random_game(40, 7, seats, "L2")
    sizes = ((320, 640), (390, 844), (844, 390), (560, 900), (820, 1180), (1366, 900))
    page.set_viewport_size({"width": 320, "height": 640})
    open_app(page, server_url, f"?game={share.encode(game)}")
    for longest in (False, True):
        if longest:
            page.evaluate(_LONGEST)
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate(_CUT_MOVES) == [], (seats, width, height, longest)
    if seats == "ryb":
        # On a phone a round of three flows on, two moves a line in the order played: no
        # line of one move beside a gap but the last.
        page.set_viewport_size({"width": 390, "height": 844})
        lines = page.evaluate(_LINES)
        assert lines[:-1] and all(len(line) == 2 for line in lines[:-1]), lines
        assert [ply for line in lines for ply in line] == list(range(1, 41)), lines
        violations = Axe().run(page).response["violations"]
        assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
