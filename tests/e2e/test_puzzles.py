"""The puzzles page in headless Chromium: a puzzle opened by its link is solved and the
rating rises; a wrong move fails the next, says why with a "why?" link, and the rating
falls; the record survives a reload; a two-move puzzle in French plays the reply and takes
either winning last move, and a damaged record is said so and kept; an axe-core audit;
screenshots at phone portrait and desktop.

The page's puzzle file is replaced (``page.route``) by puzzles checked by hand
(``tests/web/puzzles/fixtures.py``), so that the test does not depend on what the mining
tool ships."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, Route

from derive.web.puzzles import rating
from tests.e2e.test_learn import serious
from tests.web.puzzles.fixtures import CHAIN, WIN_IN_ONE, WIN_IN_TWO, as_file

LIVE_TIMEOUT_MS = 120_000


def serve_fixtures(page: Page) -> None:
    body = as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN)

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=body)

    page.route("**/assets/puzzles.json", fulfil)


def wait_puzzle(page: Page, ident: str) -> None:
    page.wait_for_selector(
        f'html[data-ready=true][data-puzzle="{ident}"]', state="attached", timeout=LIVE_TIMEOUT_MS
    )
    page.wait_for_selector('#puzzle .lesson-board[data-live="true"]', state="attached")


def shown_rating(page: Page) -> int:
    return int(page.get_attribute("html", "data-puzzle-rating") or "0")


def play(page: Page, *squares: str) -> None:
    for square in squares:
        page.click(f'#puzzle .board-wrap [data-square="{square}"]')


def test_solve_one_fail_one_rating_both_ways(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    serve_fixtures(page)
    page.goto(f"{server_url}/puzzles.html#{WIN_IN_ONE.id}")
    wait_puzzle(page, WIN_IN_ONE.id)
    assert shown_rating(page) == rating.START
    solution = page.get_attribute("#puzzle .lesson-board", "data-solution")
    assert solution == "b8-d10"
    assert page.get_attribute("#puzzle .lesson-board", "data-task") == "win"

    play(page, "b8", "d10")
    page.wait_for_selector("html[data-verdict=solved]", state="attached")
    up = shown_rating(page)
    assert up == rating.updated(rating.START, WIN_IN_ONE.difficulty, True, 0) > rating.START
    assert page.inner_text("[data-streak]") == "1"
    assert "Solved" in page.inner_text("#puzzle .lesson-message")
    screenshot("solved-desktop")

    page.click(".puzzle-link a")  # the link names the puzzle
    assert page.evaluate("location.hash") == f"#{WIN_IN_ONE.id}"
    page.evaluate(f"location.hash = '#{CHAIN.id}'")
    wait_puzzle(page, CHAIN.id)
    play(page, "e9", "f8")  # allowed, but it does not complete the chain
    page.wait_for_selector("html[data-verdict=failed]", state="attached")
    down = shown_rating(page)
    assert down == rating.updated(up, CHAIN.difficulty, False, 1) < up
    assert page.inner_text("[data-streak]") == "0"
    message = page.locator("#puzzle .lesson-message")
    assert "does not win" in message.inner_text()
    assert (message.locator("a.why").get_attribute("href") or "").endswith(
        "rules.html#lesson-winning"
    )
    assert serious(page) == []

    page.set_viewport_size({"width": 390, "height": 844})
    screenshot("failed-phone")
    page.set_viewport_size({"width": 1366, "height": 900})
    screenshot("failed-desktop")

    # Kept in local storage: a reload shows the same record.
    page.reload()
    wait_puzzle(page, CHAIN.id)
    assert shown_rating(page) == down
    assert page.inner_text("[data-solved]") == "1"
    # "Another one" gives the puzzle not played yet.
    page.click("[data-another]")
    wait_puzzle(page, WIN_IN_TWO.id)


def test_two_moves_in_french(page: Page, server_url: str) -> None:
    serve_fixtures(page)
    page.goto(f"{server_url}/enigmes.html#{WIN_IN_TWO.id}")
    wait_puzzle(page, WIN_IN_TWO.id)
    assert "deux coups" in page.inner_text("#puzzle .lesson-text")
    play(page, "c7", "e9")
    page.wait_for_selector('#puzzle svg.board[data-position="y2c7,r3e9 r ry L1"]', state="attached")
    play(page, "e9", "f10")  # the written solution says e9-d10: any winning move will do
    page.wait_for_selector("html[data-verdict=solved]", state="attached")
    assert "Résolue" in page.inner_text(".puzzle-result")
    assert serious(page) == []

    # A damaged record is said so and kept aside, untouched, before a new one is written.
    page.evaluate("localStorage.setItem('derive.puzzles', '{damaged')")
    page.reload()
    wait_puzzle(page, WIN_IN_TWO.id)
    assert "n’a pas pu être lue" in page.inner_text(".puzzle-notice")
    assert shown_rating(page) == rating.START
    assert page.evaluate("localStorage.getItem('derive.puzzles.damaged')") == "{damaged"
