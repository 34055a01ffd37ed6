"""Issue 16 in the browser: a huge link is refused at once, a person never chooses a roll."""

from __future__ import annotations

import base64
import json
import zlib

from playwright.sync_api import Page, expect

from tests.e2e.appdriver import board_position, open_app, play_clicks, position_query


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


BARE_EVENTS = """() => {
  const everywhere = [
    document, document.body, document.querySelector('#board'),
    document.querySelector('#board svg'),
    ...document.querySelectorAll('input, select, textarea, dialog, details, summary, #moves'),
  ];
  for (const target of everywhere)
    for (const type of ['keydown', 'click', 'pointerdown', 'pointerover', 'keyup'])
      target.dispatchEvent(new Event(type, { bubbles: true }));
  // Buttons act on a click, bare or not: they get the events that carry fields.
  for (const button of document.querySelectorAll('button'))
    for (const type of ['keydown', 'pointerdown'])
      button.dispatchEvent(new Event(type, { bubbles: true }));
  return everywhere.length;
}"""


def test_bare_events_without_their_fields_are_ignored(page: Page, server_url: str) -> None:
    # What a script, an extension or a screen reader may send: no key, no pointer type.
    open_app(page, server_url, position_query("r3c3,y2d4 r ry L2"))
    assert page.evaluate(BARE_EVENTS) > 10
    assert "Something went wrong" not in page.inner_text("body")
    assert not page.locator("#notice.error").count()
    # the game still plays
    assert play_clicks(page, "c3", "b4") == "r3b4,y2d4 y ry L2"
    assert page.evaluate(BARE_EVENTS) > 10
    assert "Something went wrong" not in page.inner_text("body")


def test_a_huge_parameter_is_quoted_short(page: Page, server_url: str) -> None:
    for query in (f"?ai={'y' * 60_000}", f"?select={'z' * 60_000}&position=r3c3+r+ry+L2"):
        open_app(page, server_url, query)
        alert = page.locator("#notice[role=alert]")
        expect(alert).to_contain_text("This link cannot be opened")
        text = alert.inner_text()
        assert len(text) < 400 and max(len(word) for word in text.split()) <= 42
        expect(page.locator("#setup")).to_be_visible()  # and the setup screen opens


def test_an_invalid_lang_is_reported_in_the_browsers_language(page: Page, server_url: str) -> None:
    assert str(page.evaluate("navigator.language")).startswith("en")
    open_app(page, server_url, "?lang=%3Cscript%3Ealert(1)%3C/script%3E")
    assert page.get_attribute("html", "lang") == "en"
    alert = page.locator("#notice[role=alert]")
    expect(alert).to_contain_text("This link cannot be opened: parameter “lang”: '<script>")
    expect(alert).to_contain_text("is not one of fr, en")
