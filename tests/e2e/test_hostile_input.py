"""Issue 16 in the browser: a huge link is refused at once, a person never chooses a roll."""

from __future__ import annotations

import base64
import json
import zlib

from playwright.sync_api import Page, expect

from tests.e2e.appdriver import board_position, open_app, position_query


def _code(data: object) -> str:
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_huge_link_is_refused_at_once_and_a_chosen_roll_is_refused(
    page: Page, server_url: str
) -> None:
    record = {
        "format": "derive-record",
        "version": 1,
        "setup": {
            "rule_set": "L2",
            "seating": "ry",
            "seed": 1,
            "start_roll": [],
            "position": "- r ry L2",
        },
        "moves": ["pass"] * 40_000,
    }
    open_app(page, server_url, f"?game={_code(record)}")
    alert = page.locator('[role="alert"]', has_text="40000 moves")
    expect(alert.first).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.ready") == "true"

    open_app(page, server_url, position_query("r3c3 r ry L2"))
    field = page.locator('input[name="move"]')
    field.fill("c3?6")
    field.press("Enter")
    expect(page.locator("#notice")).not_to_be_empty()
    assert board_position(page) == "r3c3 r ry L2"  # refused: nobody picks a roll
    field.fill("c3?")
    field.press("Enter")
    page.wait_for_function("document.documentElement.dataset.plies === '1'")
