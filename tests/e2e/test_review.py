"""The post-game review in the browser (issue 26): a 60-ply game opened as a link with
``review=1`` is analysed in the computer's worker to the end, its graph has one point per
ply from ply 0, and a point, the step buttons and the arrow keys show their position."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from derive.ai.review import positions_of
from derive.game import Game
from derive.web.review.graph import FONT, HEIGHT, WIDTH
from derive.web.table import drills, share
from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
)
from tests.e2e.test_first_minute import assert_accessible
from tests.helpers import FOUR_PLAYER_RECORD, PING_PONG_RECORD, random_game

PLIES = 60
BUDGET = 40
"""Nodes per position: small, so the review of 61 positions is quick in Pyodide."""
REVIEW_TIMEOUT_MS = 120_000


def _game(seed: int = 26) -> Game:
    game = random_game(PLIES, seed, "ry", "L2")
    return game


def _positions(game: Game) -> list[str]:
    return [here.to_position() for here in positions_of(game)]


def _review_on_a_phone(page: Page, server_url: str, game: Game) -> None:
    """``game`` opened as a shared link with ``review=1`` at phone size, reviewed to the end."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, server_url, f"?game={share.encode(game)}&review=1&budget={BUDGET}")
    page.wait_for_selector(
        "html[data-review=done]", state="attached", timeout=START_TIMEOUT_MS + REVIEW_TIMEOUT_MS
    )


def test_a_shared_game_is_reviewed_and_its_points_show_their_positions(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    game = _game()
    plies = len(game.moves)
    assert plies >= 40
    positions = _positions(game)
    _review_on_a_phone(page, server_url, game)
    graph = page.locator("svg[data-review]")
    expect(graph).to_have_count(1)
    points = graph.locator("[data-ply]")
    expect(points).to_have_count(plies + 1)
    assert [points.nth(k).get_attribute("data-ply") for k in (0, plies)] == ["0", str(plies)]
    # it opens at the end of the game
    assert board_position(page) == positions[plies]

    # a graph a phone can read: a 0-100% scale, a legend of the players' colours and the
    # marks, and a tap on a point says that move's figures in words (a phone never hovers)
    scale = graph.locator("text").all_text_contents()
    assert "0%" in scale and "50%" in scale and "100%" in scale, scale
    legend = graph.locator(".review-legend [data-legend]")
    assert {legend.nth(k).get_attribute("data-legend") for k in range(legend.count())} >= {
        "r",
        "y",
    }
    for ply in (17, 0, plies // 2):
        points.nth(ply).dispatch_event("click")
        expect(page.locator("svg.board")).to_have_attribute("data-position", positions[ply])
        said = points.nth(ply).get_attribute("data-words") or "?"
        expect(page.locator(".review-point")).to_have_text(said)
    assert re.search(r"Red \d+%, Yellow \d+%", said), said
    page.keyboard.press("ArrowRight")
    expect(page.locator("svg.board")).to_have_attribute("data-position", positions[plies // 2 + 1])
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("svg.board")).to_have_attribute("data-position", positions[plies // 2 - 1])
    page.locator('[data-review-step="1"]').click()
    expect(page.locator("svg.board")).to_have_attribute("data-position", positions[plies // 2])
    expect(page.locator(".review-at")).to_have_text(f"Move {plies // 2}")

    # each move's notation in the review's words stays on one line at a phone's width
    # ("f2-" / "g3" was seen)
    spans = page.eval_on_selector_all(
        ".review .move",
        "els => els.map(e => [getComputedStyle(e).whiteSpace, e.getClientRects().length])",
    )
    assert spans and all(span == ["nowrap", 1] for span in spans), spans
    expect(page.locator(".review-point .move")).to_have_count(1)  # the shown point's move

    # the step buttons right under the board on a phone
    board_box = page.locator(".board-box").bounding_box()
    steps = page.locator(".review-steps").bounding_box()
    assert board_box is not None and steps is not None
    bottom = board_box["y"] + board_box["height"]
    assert bottom <= steps["y"] < bottom + 60

    # a marked mistake shows the better move as an arrow on the board, and is marked
    # in the move list, numbered as the review numbers it
    marked = page.locator(
        ".review-mistakes li[class$='inaccuracy'], .review-mistakes"
        " li[class$='mistake'], .review-mistakes li[class$='blunder']"
    )
    line = marked.filter(has_text="Better: ").first
    words = line.inner_text()
    better = re.search(r"Better: ([^ .]+)\.", words)
    ply = re.match(r"Move (\d+),", words)
    assert better is not None and ply is not None, words
    line.locator("button").first.click()
    arrow = page.locator(f'svg.board [data-arrow="{better.group(1)}"]')
    expect(arrow).to_have_count(1)
    expect(arrow).to_have_attribute("aria-label", f"Better: {better.group(1)}.")
    judgement = (line.get_attribute("class") or "").removeprefix("review-")
    listed = page.locator(f'#moves .mv[data-ply="{ply.group(1)}"]')
    expect(listed).to_have_class(re.compile(f"review-{judgement}"))
    expect(listed).to_have_attribute("aria-label", re.compile(f", {judgement}$"))
    screenshot("phone-arrow", full_page=False)
    points.nth(0).dispatch_event("click")  # the start: no move, no arrow
    expect(page.locator("svg.board [data-arrow]")).to_have_count(0)
    line.locator("button").first.click()

    # each player's costliest moves, with their cost in words, each a tap away
    costly = page.locator(".review-costly button")
    assert 1 <= costly.count() <= 6
    words = costly.first.inner_text()
    cost = re.match(r"Move (\d+): \S+ cost (?:you|Red|Yellow) \d+% of", words)
    assert cost is not None, words
    # how the costs are counted: closed under the moves, open on a tap
    about = page.locator("details.review-costly-about")
    expect(about.locator("p")).to_be_hidden()
    about.locator("summary").click()
    expect(about.locator("p")).to_contain_text("A cost under 5%, too small for a mark")
    costly.first.click()
    expect(page.locator("svg.board")).to_have_attribute(
        "data-position", positions[int(cost.group(1))]
    )
    expect(costly.first).to_have_attribute("aria-pressed", "true")
    # the board it moved is in view, far down the review as the line is: the board
    # stays at the top while the review scrolls under it
    shown, tapped = page.locator(".board-box").bounding_box(), costly.first.bounding_box()
    assert shown is not None and tapped is not None
    assert page.evaluate("scrollY") > shown["height"], "the review was not scrolled"
    assert shown["y"] >= -1 and shown["y"] + shown["height"] <= 844 + 1, shown
    assert tapped["y"] + tapped["height"] / 2 > shown["y"] + shown["height"], (shown, tapped)
    # and so are the step buttons, under the board, the tapped line under them: the
    # player steps to the reply from there
    steps = page.locator(".review-steps").bounding_box()
    assert steps is not None
    assert shown["y"] + shown["height"] - 1 <= steps["y"], (shown, steps)
    assert steps["y"] + steps["height"] <= tapped["y"] + 1, (steps, tapped)
    page.locator('[data-review-step="1"]').click()
    expect(page.locator("svg.board")).to_have_attribute(
        "data-position", positions[min(int(cost.group(1)) + 1, plies)]
    )
    # the summary's move numbers (the worst, the turning point) are taps too
    named = page.locator(".review-summary .review-ref").first
    ply = int(named.get_attribute("data-review-ply") or "-1")
    expect(named).to_have_attribute("aria-label", f"Move {ply}")
    named.click()
    expect(page.locator("svg.board")).to_have_attribute("data-position", positions[ply])
    line.locator("button").first.click()

    screenshot("phone")
    assert_accessible(page)
    # a phone on its side: the review beside the board, not below it off the screen
    page.set_viewport_size({"width": 844, "height": 390})
    board_box = page.locator(".board-box").bounding_box()
    beside = page.locator(".review-steps").bounding_box()
    assert board_box is not None and beside is not None
    assert beside["x"] >= board_box["x"] + board_box["width"] - 1 and beside["y"] < 390
    screenshot("phone-landscape", full_page=False)
    assert_accessible(page)
    page.set_viewport_size({"width": 820, "height": 1180})
    # A tablet has the room to draw the graph's words at a readable size (the drawing
    # is scaled to fit its box, its shape kept).
    drawn = graph.bounding_box()
    assert drawn is not None
    assert min(drawn["width"] / WIDTH, drawn["height"] / HEIGHT) * FONT >= 12, drawn
    screenshot("tablet", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 900})
    screenshot("desktop", full_page=False)
    assert_accessible(page)
    # On a desktop the side panel beside the board's column is in sight: the background
    # behind the board that sticks, and its step buttons, covers their column only. (Its
    # picture is the same with them hidden, and the layout kept.)
    side = page.locator(".side")
    page.evaluate("scrollTo(0, 0)")
    seen = side.screenshot()
    hiding = page.add_style_tag(content=".board-box, .review-steps { visibility: hidden; }")
    assert side.screenshot() == seen, "the board's background covers the side panel"
    hiding.evaluate("tag => tag.remove()")

    # Learn from your mistakes, on a phone: the players' marked positions on the puzzle
    # board, the first one played there (its solution shown: the better move, said).
    page.set_viewport_size({"width": 390, "height": 844})
    learn = page.locator("[data-review-learn]")
    expect(learn).to_have_attribute("href", re.compile(r"^puzzles\.html\?mistakes="))
    first = drills.decode((learn.get_attribute("href") or "").partition("=")[2])[0]
    learn.click()
    page.wait_for_selector(
        'html[data-ready=true][data-drill=mistakes][data-puzzle="mistake-1"]',
        state="attached",
        timeout=START_TIMEOUT_MS,
    )
    assert board_position(page) == first.position
    expect(page.locator("#puzzle-title")).to_contain_text(f"Find better than {first.played}")
    page.locator('#puzzle [data-action="solution"]').click()
    page.wait_for_selector("html[data-verdict=failed]", state="attached")
    expect(page.locator(".puzzle-result")).to_have_text(f"The better move was {first.better}.")
    screenshot("phone-mistakes", full_page=False)


def test_a_fault_repeated_turn_after_turn_is_listed_once_and_each_repeat_shows_its_move(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    """From move 93 Yellow lets Red force a win and Red misses it, turn after turn: each
    fault is one line, its repeats after it, each a tap that shows its position."""
    game = Game.from_record(PING_PONG_RECORD)
    positions = _positions(game)
    _review_on_a_phone(page, server_url, game)
    again = page.locator(".review-mistakes .review-again button")
    assert again.count() >= 4
    marked = page.locator("#moves .mv[class*='review-']").count()
    lines = page.locator(".review-mistakes > li").count()
    assert lines + again.count() == marked  # every marked move named once, no more
    repeat = again.nth(1)
    ply = int(repeat.get_attribute("data-review-ply") or "0")
    expect(repeat).to_have_attribute("aria-label", re.compile(rf"^Move {ply} \(.+\): the same "))
    repeat.click()
    expect(page.locator("svg.board")).to_have_attribute("data-position", positions[ply])
    expect(repeat).to_have_attribute("aria-pressed", "true")
    expect(page.locator("svg.board [data-arrow]")).to_have_count(1)
    shown = page.locator(".board-box").bounding_box()
    assert shown is not None and shown["y"] >= -1 and shown["y"] + shown["height"] <= 845
    screenshot("phone-repeats", full_page=False)
    assert_accessible(page)
    # the keyboard's focus, forwards and back through the list, never under the board
    # and the step buttons that stick over it
    page.locator(".review-mistakes button").first.focus()
    for key in ["Tab"] * 12 + ["Shift+Tab"] * 12:
        page.keyboard.press(key)
        focused, steps = page.evaluate(
            """() => [document.activeElement.getBoundingClientRect().top,
              document.querySelector('.review-steps').getBoundingClientRect().bottom]"""
        )
        assert focused >= steps, (key, focused, steps)


def test_a_four_player_game_is_reviewed_to_the_end_with_a_line_and_a_summary_a_player(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    game = Game.from_record(FOUR_PLAYER_RECORD)
    _review_on_a_phone(page, server_url, game)
    colours = {"r", "b", "y", "g"}
    legend = page.locator("svg[data-review] .review-legend [data-legend]")
    assert {legend.nth(k).get_attribute("data-legend") for k in range(legend.count())} >= colours
    summary = page.locator(".review-summary > li")
    assert {summary.nth(k).get_attribute("data-colour") for k in range(summary.count())} == colours
    last = page.locator(f'svg[data-review] [data-ply="{len(game.moves)}"]')
    last.dispatch_event("click")
    expect(page.locator(".review-point")).to_have_text(
        re.compile(r"^Move 129, Green played \S+: Red 0%, Blue 0%, Yellow 0%, Green 100%$")
    )
    screenshot("phone-four", full_page=False)
    assert_accessible(page)


def test_the_end_banners_review_opens_the_review_of_the_game_just_played(
    page: Page, server_url: str
) -> None:
    start = "r1c9,y1f2 r ry L1"  # one move from a win: c9-d10 (tests/web/table/test_ending.py)
    open_app(page, server_url, position_query(start))
    play_clicks(page, "c9", "d10")
    page.locator('#end [data-action="review"]').click()
    page.wait_for_selector("html[data-review=done]", state="attached", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("#end")).to_be_hidden()
    points = page.locator("svg[data-review] [data-ply]")
    expect(points).to_have_count(2)
    points.first.dispatch_event("click")
    shown = Game.from_position(start).to_position()
    expect(page.locator("svg.board")).to_have_attribute("data-position", shown)
    page.keyboard.press("ArrowRight")
    expect(page.locator(".review-at")).to_have_text("Move 1")
    assert board_position(page) != shown
    # Closed: back to the end of the game, its banner there again (Rematch, New game), and
    # the history's keys are the game's again.
    points.first.dispatch_event("click")
    page.locator("[data-review-close]").click()
    expect(page.locator("#review")).to_have_count(0)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator('#end [data-action="rematch"]')).to_be_visible()
    end = board_position(page)
    assert end != shown
    page.keyboard.press("ArrowLeft")
    expect(page.locator("svg.board")).to_have_attribute("data-position", shown)
    # Opened again from the banner: the review as it was, at once.
    page.keyboard.press("ArrowRight")
    page.locator('#end [data-action="review"]').click()
    expect(page.locator("svg[data-review] [data-ply]")).to_have_count(2)
