"""Issue 23 on the game page: the computer's captures announced, the last actions in
words, a "why?" on the commonest refusal, a hint told from a refusal, "tap" after a
finger."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.appdriver import (
    AI_TIMEOUT_MS,
    board_position,
    click_square,
    open_app,
    position_query,
    wait_for_ply,
)

#: Yellow's one legal action is to take red's 2 on d10 (an obligatory capture, L2C).
FORCED = "r2d10,r2c9,y3e9 y ry L2C"


def _serious(page: Page) -> list[object]:
    results = Axe().run(page)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_the_computers_capture_is_announced_and_logged(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    open_app(page, server_url, position_query(FORCED, ai="y:easy"))
    wait_for_ply(page, 1)
    assert board_position(page).startswith("r2c9,y1d10 ")
    status = page.locator("#status")
    expect(status).to_have_text("Yellow took your 2 on d10. Red to play")
    expect(page.locator("#live")).to_have_text("Yellow takes your 2 on d10 from e9.")
    log = page.locator("#log li")
    expect(log).to_have_count(1)
    expect(log.first).to_have_text("Yellow takes your 2 on d10 from e9.")
    assert _serious(page) == []
    screenshot("capture-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#status").scroll_into_view_if_needed()
    screenshot("capture-phone", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})

    # The person's own action goes on top; the capture's words leave the status.
    field = page.locator('input[name="move"]')
    field.fill("c9+")
    field.press("Enter")
    wait_for_ply(page, 2)
    expect(log.first).to_have_text("Red raises c9 to 3.")
    expect(log.nth(1)).to_have_text("Yellow takes your 2 on d10 from e9.")
    expect(status).not_to_contain_text("took", timeout=AI_TIMEOUT_MS)


def test_refusals_have_their_why_and_a_lost_click_is_a_calm_hint(
    page: Page, server_url: str
) -> None:
    open_app(page, server_url, position_query("r3d2,y2f8 r ry L2"))
    notice = page.locator("#notice")

    click_square(page, "f6")  # nothing selected, nothing of red's there
    expect(notice).to_contain_text("There is no red die on f6")
    expect(notice).to_have_class("notice info")
    expect(notice).to_have_attribute("role", "status")
    warning = page.evaluate(
        "getComputedStyle(document.querySelector('#notice'), '::before').content"
    )
    assert warning in ("none", "normal")  # no ⚠

    click_square(page, "d2")
    click_square(page, "d4")  # the commonest refusal: out of reach
    expect(notice).to_contain_text("d2 cannot reach d4")
    expect(notice).to_have_class("notice error")
    expect(notice).to_have_attribute("role", "alert")
    expect(notice.locator("a.why")).to_have_attribute("href", "rules.html#lesson-step")


def test_the_words_say_tap_after_a_finger(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("r3d2,y2f8 r ry L2"))
    die = page.locator('[data-die="d2"]')
    # A finger: its pointerdown says "touch"; the click follows without a mouse's press.
    die.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    die.dispatch_event("click", {"bubbles": True})
    expect(page.locator("#status")).to_have_text("d2 selected: tap a highlighted square")
    click_square(page, "d2")  # a mouse again: unselect, then select
    click_square(page, "d2")
    expect(page.locator("#status")).to_have_text("d2 selected: click a highlighted square")
