"""A visitor's first minute (issue 17): the computer is offered at once, the board fits
every screen and turns to its player, the words are players' words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.appdriver import (
    AI_TIMEOUT_MS,
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
    wait_for_ply,
)

SIZES = {
    "phone-portrait": {"width": 390, "height": 844},
    "phone-landscape": {"width": 844, "height": 390},
    "tablet": {"width": 768, "height": 1024},
    "desktop": {"width": 1280, "height": 800},
}
PROGRAM_WORDS = re.compile(r"\(R\d|\bR1\d\b|\bNone\b|Traceback|\.py\b")


def page_text(page: Page) -> str:
    return page.evaluate("document.body.innerText")


def assert_players_words(page: Page) -> None:
    text = page_text(page)
    found = PROGRAM_WORDS.search(text)
    assert found is None, f"program words shown to a player: {found.group(0)!r} in {text!r}"


def assert_accessible(page: Page) -> None:
    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []


def test_a_first_visit_offers_the_computer_and_it_plays_at_once(
    page: Page, server_url: str
) -> None:
    page.goto(f"{server_url}/index.html")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    dialog = page.locator("dialog#setup[open]")
    expect(dialog).to_be_visible()
    # at data-ready, before the worker has answered: the levels are there, and the
    # default game is a person against the computer (easy: a first game is level 1)
    yellow = dialog.locator('select[name="seat_y"]')
    values = yellow.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert {"human", "ai:easy", "ai:medium", "ai:hard"} <= set(values)
    assert yellow.input_value() == "ai:easy"
    assert dialog.locator('select[name="seat_r"]').input_value() == "human"
    assert_accessible(page)
    # the computer starts: its first move comes without any help
    dialog.locator('select[name="start"]').select_option("y")
    dialog.locator('button[type="submit"]').click()
    expect(page.locator("#setup")).to_be_hidden()
    wait_for_ply(page, 1, timeout=AI_TIMEOUT_MS + START_TIMEOUT_MS)
    assert page.get_attribute("html", "data-ai") == "ready"
    assert board_position(page).endswith(" r ry L1")
    # the computer's move stays marked until the next move
    expect(page.locator("#board .mark-last")).to_have_count(1)
    assert_players_words(page)


def test_the_computer_arriving_while_the_form_is_open_keeps_its_seat(
    page: Page, server_url: str
) -> None:
    """The worker's levels come while a newcomer still reads the form: the seats they did
    not touch stay as shown (yellow the computer), the ones they did stay theirs."""
    page.goto(f"{server_url}/index.html")
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=START_TIMEOUT_MS)
    dialog = page.locator("dialog#setup[open]")
    assert dialog.locator('select[name="seat_y"]').input_value() == "ai:easy"
    assert dialog.locator('select[name="seat_r"]').input_value() == "human"
    dialog.locator('select[name="start"]').select_option("y")
    dialog.locator('button[type="submit"]').click()
    wait_for_ply(page, 1)
    assert_players_words(page)


def test_every_screen_shows_the_whole_board(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    query = position_query("y2c1,y2b2,r3d2,y3d4,r1f6,r2e7,r3d8 r ry L3", ai="y:easy")
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        open_app(page, server_url, query)
        # the computer's arrival redraws the board: measure the board it leaves
        page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
        page.click('[data-die="d2"]')
        expect(page.locator('[data-square="c1"] .mark-capture')).to_have_count(1)
        box = page.locator("svg.board").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["y"] >= 0, name
        assert box["x"] + box["width"] <= size["width"] + 1, name
        assert box["y"] + box["height"] <= size["height"] + 1, name
        page.wait_for_timeout(300)
        screenshot(name, full_page=False)
        assert_players_words(page)
    assert_accessible(page)


def test_the_board_turns_to_its_player_and_on_request(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- y ry L2", ai="r:easy"))
    board = page.locator("svg.board")
    expect(board).to_have_attribute("data-bottom", "y")  # the person plays yellow
    page.click('[data-action="turn"]')
    expect(board).to_have_attribute("data-bottom", "r")
    assert board_position(page) == "- y ry L2"  # squares keep their names
    page.keyboard.press("f")
    expect(board).to_have_attribute("data-bottom", "y")
    open_app(page, server_url, position_query("r1c1 r ry L2", flip="1"))
    expect(board).to_have_attribute("data-bottom", "y")
    # a click still lands on the named square, whichever way the board is turned
    play_clicks(page, "c1", "d2")
    assert board_position(page) == "r1d2 y ry L2"


def test_history_view_is_read_only_and_refusals_say_why(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("y2c1,y2b2,r3d2,r1h4 r ry L3"))
    page.click('[data-die="h4"]')
    notice = page.locator("#notice")
    expect(notice).to_contain_text("A capture is obligatory")
    expect(notice.locator("a.why")).to_have_attribute("href", re.compile(r"rules\.html#"))
    expect(page.locator(".fact.obligation a.why")).to_have_count(1)
    assert_players_words(page)
    play_clicks(page, "d2", "c1")
    page.click('[data-action="first"]')
    banner = page.locator("#history")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("You are looking at the start of the game")
    page.click('[data-die="d2"]')
    expect(notice).to_contain_text("go back to the game to play")
    banner.locator("button").click()
    expect(banner).to_be_hidden()
    # the keyboard help
    page.locator("#board").focus()
    page.keyboard.press("?")
    expect(page.locator("dialog#keys")).to_be_visible()
    expect(page.locator("dialog#keys")).to_contain_text("re-roll")
    assert_accessible(page)


def test_a_game_chosen_before_python_is_up_starts_when_it_is(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/index.html")
    dialog = page.locator("dialog#setup[open]")
    expect(dialog).to_be_visible(timeout=10_000)
    # drawn at build time: the computer is offered before any interpreter runs
    assert page.get_attribute("html", "data-ready") == "false"
    assert dialog.locator('select[name="seat_y"]').input_value() == "ai:easy"
    dialog.locator('select[name="start"]').select_option("r")
    dialog.locator('button[type="submit"]').click()
    expect(page.locator("#setup")).to_be_hidden()
    # a square clicked while the game loads is played once it is live (red enters on c1)
    page.locator('[data-square="c1"]').click()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    wait_for_ply(page, 2, timeout=AI_TIMEOUT_MS + START_TIMEOUT_MS)
    assert page.locator("#moves .mv").first.inner_text() == "+c1"
    expect(page.locator("#setup")).to_be_hidden()


def test_resigning_and_agreed_draws(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L2", ai="y:easy"))
    page.locator(".menu summary").click()
    expect(page.locator('[data-action="offer-draw"]')).to_be_hidden()  # not against the computer
    page.click('[data-action="resign"]')
    question = page.locator("#question")
    expect(question).to_contain_text("Red, do you really resign?")
    question.locator('[data-action="answer-yes"]').click()
    expect(page.locator("#end .end-banner")).to_contain_text("Red resigned.")
    expect(page.locator('[data-action="undo"]')).to_be_disabled()
    open_app(page, server_url, position_query("r1c1 r ry L2", lang="fr"))
    page.locator(".menu summary").click()
    page.click('[data-action="offer-draw"]')
    expect(question).to_contain_text("Rouge propose la nulle")
    question.locator('[data-action="answer-yes"]').click()
    expect(page.locator("#status")).to_have_text("Nulle d’un commun accord.")
    assert_players_words(page)
