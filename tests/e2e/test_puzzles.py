"""The puzzles page in headless Chromium: a puzzle opened by its link is solved and the
rating rises; a wrong move fails the next, says why with a "why?" link, and the rating
falls; the record survives a reload; a two-move puzzle in French plays the reply and takes
either winning last move, and a damaged record is said so and kept; a file with a bad
puzzle keeps the others and says how many were left out, and a file that is no puzzle file
gets one sentence; the title is in players' words; the board is wholly on screen at first
view on a phone (both ways), a tablet and a desktop; only the actions the engine allows on
the selected die are offered; an axe-core audit; screenshots.

The page's puzzle file is replaced (``page.route``) by puzzles checked by hand
(``tests/web/puzzles/fixtures.py``), so that the test does not depend on what the mining
tool ships."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from derive.web.puzzles import rating, store
from derive.web.table import drills
from tests.e2e.test_learn import serious
from tests.web.puzzles.fixtures import CHAIN, WIN_IN_ONE, WIN_IN_TWO, as_file
from tests.web_helpers import plain

LIVE_TIMEOUT_MS = 120_000


def serve_fixtures(page: Page, body: str | None = None) -> None:
    body = as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN) if body is None else body

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
    # Players' words in the title; the id only in the link and the data attributes.
    assert page.inner_text("#puzzle-title") == "Puzzle 1 · Win in one · Initiation rules"
    assert page.get_attribute("#puzzle", "data-puzzle-id") == WIN_IN_ONE.id
    assert page.get_attribute(".puzzle-link a", "href") == f"#{WIN_IN_ONE.id}"
    # Only what the engine allows on the selected die: b8 is a 1 (no −1); L1 has chance.
    assert page.is_disabled('#puzzle [data-action="reroll"]')  # nothing selected
    play(page, "b8")
    # The worker's answer a message later: the buttons as it says, once it has.
    expect(page.locator('#puzzle [data-action="up"]')).to_be_enabled()
    expect(page.locator('#puzzle [data-action="reroll"]')).to_be_enabled()
    assert page.is_disabled('#puzzle [data-action="down"]')

    play(page, "d10")
    page.wait_for_selector("html[data-verdict=solved]", state="attached")
    up = shown_rating(page)
    assert up == rating.updated(rating.START, WIN_IN_ONE.difficulty, True, 0) > rating.START
    assert page.inner_text(".puzzle-score [data-streak]") == "1"
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
    assert page.inner_text(".puzzle-score [data-streak]") == "0"
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
    assert page.inner_text(".puzzle-score [data-solved]") == "1"
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


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390), (820, 1180), (1366, 900)])
def test_the_board_is_wholly_on_screen_at_first_view(
    page: Page, server_url: str, screenshot: Callable[..., Path], width: int, height: int
) -> None:
    serve_fixtures(page)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server_url}/puzzles.html#{WIN_IN_TWO.id}")
    wait_puzzle(page, WIN_IN_TWO.id)
    assert page.evaluate("scrollY") == 0
    box = page.locator("#puzzle svg.board").bounding_box()
    assert box is not None and box["width"] >= 300  # not shrunk out of use
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert page.inner_text("#puzzle-title") == "Puzzle 2 · Win in two · Initiation rules"
    screenshot(f"first-view-{width}x{height}", full_page=False)
    if width == 390:
        assert serious(page) == []
        page.click(".puzzle-help summary")  # the introduction, folded under the puzzle
        assert "Each puzzle comes from a game" in page.inner_text(".puzzle-help")
        screenshot("phone-full")


def test_a_bad_puzzle_costs_only_itself_and_a_foreign_file_is_said_so(
    page: Page, server_url: str
) -> None:
    data = json.loads(as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN))
    data["puzzles"].insert(0, {"id": "broken", "position": 7})
    data["puzzles"][1]["theme"] = ["luck"]  # WIN_IN_ONE: a tag the engine does not know
    serve_fixtures(page, json.dumps(data))
    page.goto(f"{server_url}/enigmes.html#{WIN_IN_TWO.id}")
    wait_puzzle(page, WIN_IN_TWO.id)
    notice = page.locator(".puzzle-notice")
    assert notice.is_visible()
    assert plain(notice.inner_text()) == (
        "2 énigmes du fichier n’ont pas pu être lues ; elles sont laissées de côté."
    )
    assert page.inner_text("#puzzle-title") == (
        "Énigme 1 · Gagner en deux coups · règles Initiation"  # first of those kept
    )
    assert serious(page) == []

    page.unroute("**/assets/puzzles.json")
    serve_fixtures(page, json.dumps({"format": "something-else", "puzzles": []}))
    page.goto(f"{server_url}/puzzles.html")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=LIVE_TIMEOUT_MS)
    assert page.inner_text(".puzzle-notice") == (
        "The puzzles cannot be shown: this is not a puzzle file."
    )


HOLDS = "r3a1,r4e1,y2i1,y3h2,r3e3,r1d4,y4e5,r2i7,y1b8,y1b10,y2d10,y1h10 r ry L2"
"""A held-out game's position where the review named e3-c5, and e3-f2 holds where it
would not (``tests/test_answer.py``)."""


def test_learn_from_your_mistakes_plays_a_position_at_phone_size(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    """The review's "Learn from your mistakes" link: the player's positions in order, on
    the puzzle board, not rated (the link as ``review.page`` makes it)."""
    serve_fixtures(page)
    found = [
        drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7),
        drills.Drill(CHAIN.position, CHAIN.solution[0], "e9-f8", 12),
        drills.Drill(HOLDS, "e3-c5", "d4-c5", 113),
    ]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server_url}/{drills.link(found, 'en')}")
    wait_puzzle(page, "mistake-1")
    assert page.get_attribute("html", "data-drill") == "mistakes"
    expect(page.locator("#puzzle-title")).to_contain_text("Find better than b8-c9")
    expect(page.locator("#puzzle-theme")).to_be_hidden()
    # Not rated, so the rating line is not shown; the button goes on in the game's order.
    expect(page.locator(".puzzle-score")).to_be_hidden()
    expect(page.locator("[data-another]")).to_have_text("Next position")
    before = shown_rating(page)
    play(page, "b8", "d10")
    page.wait_for_selector("html[data-verdict=solved]", state="attached")
    expect(page.locator(".puzzle-result")).to_contain_text("b8-d10 is the better move")
    # A move's notation never breaks across lines at a phone's width ("b8-" / "c9").
    expect(page.locator(".lesson-text .move")).to_have_text("b8-c9")
    expect(page.locator(".puzzle-result .move")).to_have_text("b8-d10")
    spans = page.eval_on_selector_all(
        ".move", "els => els.map(e => [getComputedStyle(e).whiteSpace, e.getClientRects().length])"
    )
    assert spans and all(span == ["nowrap", 1] for span in spans), spans
    assert shown_rating(page) == before  # a drill is not rated
    assert page.evaluate("localStorage.getItem('derive.puzzles')") is None
    screenshot("mistakes-phone")
    assert serious(page) == []
    page.click("[data-another]")
    wait_puzzle(page, "mistake-2")
    expect(page.locator("#puzzle-title")).to_contain_text("e9-f8")
    # Another good move than the one named: the engine, in the worker, judges it.
    page.click("[data-another]")
    wait_puzzle(page, "mistake-3")
    play(page, "e3", "f2")
    page.wait_for_selector("html[data-verdict=solved]", state="attached")
    expect(page.locator(".puzzle-result")).to_contain_text("e3-f2 holds, where e3-c5")


def test_a_first_visit_reads_the_puzzle_at_once_and_a_tap_before_python_is_played(
    page: Page, server_url: str
) -> None:
    """A new player on the plain link reads the puzzle drawn before Python (the one the
    worker gives a player with no record), Python starts only when they reach for it, and
    the move tapped meanwhile is played. A returning player's page greys the drawn puzzle
    and starts Python at load, which puts the player's own puzzle in its place."""
    from tools.pages.build_puzzles import first_puzzle

    first, _, _ = first_puzzle("en")
    move = str(first["solution"]).split()[0]  # "b8-c9": the first move of the solution
    start, end = move.split("-")
    page.goto(f"{server_url}/puzzles.html")
    assert page.inner_text("#puzzle-title") == first["heading"]
    assert page.inner_text("#puzzle .lesson-text") == first["task"]
    page.wait_for_timeout(1500)  # loaded and read: Python is not started by reading
    assert page.get_attribute("html", "data-python") == "idle"
    assert "stale" not in (page.get_attribute("#puzzle", "class") or "")
    play(page, start, end)  # before Python: kept, then played
    wait_puzzle(page, str(first["id"]))
    position = page.locator("#puzzle svg.board").get_attribute("data-position") or ""
    assert f"{end}," in position.replace(" ", ",") and f"{start}," not in position, position

    # A player who solved it: their next puzzle is another one, shown by Python.
    solved = store.result(store.read(None).record, str(first["id"]), 1500, True)
    page.evaluate("(text) => localStorage.setItem('derive.puzzles', text)", store.dump(solved))
    page.goto(f"{server_url}/enigmes.html")
    assert "stale" in (page.get_attribute("#puzzle", "class") or "")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=LIVE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-puzzle") != first["id"]  # without a touch
    assert "stale" not in (page.get_attribute("#puzzle", "class") or "")
