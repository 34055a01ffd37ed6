"""Nothing is ever lost, in the browser: two tabs keep two games, a link opens beside a
saved game, damaged and hostile saves, files and codes are reported and kept (never a dead
page), full storage is said, and two players play by correspondence between two browsers.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from derive.game import Game
from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
    settle,
    wait_for_ply,
)
from tests.e2e.conftest import PageMonitor, open_browser
from tests.e2e.test_first_minute import assert_accessible

NESTED = "[" * 100_000 + "]" * 100_000
"""The probe's payload: a deeply nested JSON array, which kills Pyodide if parsed."""


def nested_code() -> str:
    """A 294-character share code that unpacks to ``NESTED``."""
    packed = zlib.compress(NESTED.encode("ascii"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def watch(page: Page, monitor: PageMonitor) -> Page:
    page.on("console", monitor.on_console)
    page.on("pageerror", monitor.on_page_error)
    page.on("crash", monitor.on_crash)
    return page


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)


def goto(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)


def saved_games(page: Page) -> dict[str, str]:
    """The "Your games" list: id → position (in the DOM even while the dialog is closed)."""
    rows = page.locator("#saved-games [data-saved-game]")
    return {
        row.get_attribute("data-saved-game") or "": row.get_attribute("data-position") or ""
        for row in rows.all()
    }


def stored_texts(page: Page) -> list[str]:
    return list(page.evaluate("Object.values(localStorage)"))


def share_link(page: Page) -> str:
    page.locator(".menu summary").click()
    page.click('[data-action="share"]')
    settle(page)  # the game's Python, a message later, has the dialog show the link
    link = page.locator("#share-url").input_value()
    page.click('[data-action="close-share"]')
    return link


def alerts(page: Page) -> Iterator[str]:
    yield from page.locator('[role="alert"]').all_inner_texts()


def new_two_player_game(page: Page) -> None:
    page.click('[data-action="new"]')
    dialog = page.locator("#setup")
    expect(dialog).to_be_visible()
    dialog.locator('select[name="seat_y"]').select_option("human")
    dialog.locator('select[name="start"]').select_option("r")
    dialog.locator('button[type="submit"]').click()
    expect(dialog).to_be_hidden()
    settle(page)  # the new game drawn: the dialog closes a message before it


def test_two_tabs_keep_two_games(
    page: Page, server_url: str, browser_context: BrowserContext, page_monitor: PageMonitor
) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    play_clicks(page, "c1")
    tab_b = watch(browser_context.new_page(), page_monitor)
    open_app(tab_b, server_url)  # a new tab: the last game played, the same as tab A's
    assert board_position(tab_b) == board_position(page) == "r1c1 y ry L2"

    # A moves on: B hears of it and offers the newer state.
    play_clicks(page, "d10")
    newer = tab_b.locator('#shelf-messages [data-topic="newer"]')
    expect(newer).to_contain_text("played on in another tab")
    newer.locator('[data-shelf="load-newer"]').click()
    expect(tab_b.locator("[data-position]").first).to_have_attribute(
        "data-position", "r1c1,y1d10 r ry L2"
    )

    # B starts another game; each tab keeps its own, whichever moved last.
    new_two_player_game(tab_b)
    play_clicks(tab_b, "e1")
    b_position = board_position(tab_b)
    play_clicks(page, "g1")
    a_position = board_position(page)
    assert len(saved_games(page)) == len(saved_games(tab_b)) == 2
    reload(tab_b)
    assert board_position(tab_b) == b_position
    reload(page)
    assert board_position(page) == a_position
    assert set(saved_games(page).values()) == {a_position, b_position}
    tab_b.close()


def test_a_link_opened_beside_a_saved_game_keeps_both(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L3"))
    first = play_clicks(page, "c1")
    goto(page, f"{server_url}/index.html{position_query('r3c3,y2d4 r ry L2')}")
    second = play_clicks(page, "c3", "e5")
    goto(page, f"{server_url}/index.html")
    assert board_position(page) == second
    assert sorted(saved_games(page).values()) == sorted([first, second])

    # The list resumes the other game.
    page.locator(".menu summary").click()
    page.click('[data-shelf="open"]')
    dialog = page.locator("#games")
    expect(dialog).to_be_visible()
    row = dialog.locator(f'[data-position="{first}"]')
    # When it was played, as the reader's browser says a time (the game's Python, in its
    # worker, knows neither the reader's time zone nor how the browser writes dates).
    when = row.locator("time[data-ms]")
    expected = when.evaluate(
        "t => new Date(Number(t.dataset.ms)).toLocaleString('en',"
        " {dateStyle: 'medium', timeStyle: 'short'})"
    )
    assert when.inner_text() == expected and "UTC" not in expected
    row.locator('[data-shelf="resume"]').click()
    expect(dialog).to_be_hidden()
    assert board_position(page) == first

    # The same link again resumes its game instead of adding one.
    goto(page, f"{server_url}/index.html{position_query('r3c3,y2d4 r ry L2')}")
    assert board_position(page) == second
    assert len(saved_games(page)) == 2


def old_save(moves: int, *, bad: int | None = None) -> tuple[str, Game]:
    """An autosave of the earlier single slot (``bad``: that move made illegal)."""
    game = Game.new("ry", "L2", seed=1, start="r")
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    record = game.record()
    if bad is not None:
        record["moves"][bad - 1] = "a1-j10"
    seats = {"r": "human", "y": "human"}
    text = json.dumps({"format": "derive-web-save", "version": 1, "record": record, "seats": seats})
    return text, game


def damaged_save() -> str:
    return old_save(12, bad=11)[0]


def test_the_old_single_autosave_moves_onto_the_shelf(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    text, game = old_save(6)
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('derive.save', text) }", text
    )
    goto(page, f"{server_url}/index.html")
    assert board_position(page) == game.to_position()
    expect(page.locator("#notice")).to_have_text("Your game was restored.")
    assert list(saved_games(page).values()) == [game.to_position()]
    assert page.evaluate("localStorage.getItem('derive.save')") is None


def test_a_damaged_save_is_reported_and_kept(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    text = damaged_save()
    page.evaluate(
        "text => { localStorage.clear(); localStorage.setItem('derive.save', text) }", text
    )
    goto(page, f"{server_url}/index.html")
    alert = page.locator('#shelf-messages [role="alert"]')
    expect(alert).to_contain_text("could not be read")
    expect(alert).to_contain_text("Moves 1–10 can be restored; move 11 (a1-j10) is not legal.")
    expect(page.locator("#setup")).to_be_hidden()  # nothing modal over its buttons
    play_clicks(page, "c1")  # a move on the board saves a new game ...
    assert text in stored_texts(page)  # ... and the damaged text is still kept
    assert page.evaluate("localStorage.getItem('derive.save')") is None

    with page.expect_download() as download:
        alert.locator('[data-shelf="export-damaged"]').click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == text
    alert.locator('[data-shelf="repair"]').click()
    wait_for_ply(page, 10)
    expect(page.locator("#notice")).to_have_text("Moves 1–10 restored.")
    assert len(saved_games(page)) == 2 and text in stored_texts(page)
    reload(page)
    assert page.evaluate("document.documentElement.dataset.plies") == "10"


@pytest.mark.parametrize("where", ["derive.save", "derive.game.x"])
def test_a_nested_save_gives_an_alert_and_a_live_page(
    page: Page, server_url: str, where: str
) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text) }",
        [where, NESTED],
    )
    goto(page, f"{server_url}/index.html")
    expect(page.locator('#shelf-messages [role="alert"]')).to_contain_text("nested too deeply")
    play_clicks(page, "c1")  # alive
    assert NESTED in stored_texts(page)


def test_a_nested_file_gives_an_alert_and_a_live_page(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    before = play_clicks(page, "c1")
    nested = tmp_path / "nested.json"
    nested.write_text('{"format": "derive-record", "moves": ' + NESTED[49_000:151_000] + "}")
    page.set_input_files("#import-file", str(nested))
    expect(page.locator('#notice[role="alert"]')).to_contain_text("cannot be imported")
    assert board_position(page) == before
    play_clicks(page, "d10")  # alive


def test_a_nested_code_gives_an_alert_and_a_live_page(page: Page, server_url: str) -> None:
    code = nested_code()
    assert len(code) < 400
    open_app(page, server_url, f"?game={code}")
    expect(page.locator('#notice[role="alert"]')).to_contain_text("This link cannot be opened")
    page.click('[data-action="setup-cancel"]')
    play_clicks(page, "c1")  # alive


def test_full_storage_shows_that_the_game_is_not_being_saved(
    page: Page, server_url: str, browser_context: BrowserContext
) -> None:
    browser_context.add_init_script(
        """
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(key).startsWith('derive.game.')) {
            throw new DOMException('full', 'QuotaExceededError');
          }
          return setItem.call(this, key, value);
        };
        """
    )
    open_app(page, server_url, position_query("- r ry L2"))
    warning = page.locator('#shelf-messages [data-topic="storage"]')
    expect(warning).to_have_attribute("role", "alert")
    expect(warning).to_contain_text("this game is not being saved")
    expect(warning).to_be_visible()
    play_clicks(page, "c1")
    expect(warning).to_be_visible()


FILL_TO_THE_BRIM = """
() => {
  // Other keys of the site take every character local storage has left.
  let chunk = "x".repeat(1 << 20);
  let count = 0;
  while (chunk.length > 0) {
    try {
      localStorage.setItem(`other.${count}`, chunk);
      count += 1;
    } catch (_) {
      chunk = chunk.slice(0, Math.floor(chunk.length / 2));
    }
  }
  return count;
}
"""


def test_full_storage_keeps_every_game_and_offers_the_new_ones_export(
    page: Page, server_url: str
) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    first = play_clicks(page, "c1", "d10", "e1", "f10", "g1")
    assert page.evaluate("document.documentElement.dataset.plies") == "5"
    (first_id,) = saved_games(page)
    assert page.evaluate(FILL_TO_THE_BRIM) > 0

    new_two_player_game(page)
    play_clicks(page, "c1")
    warning = page.locator('#shelf-messages [data-topic="storage"]')
    expect(warning).to_have_attribute("role", "alert")
    expect(warning).to_contain_text("The browser's storage is full: this game is not being saved")
    expect(warning).to_be_visible()
    assert saved_games(page) == {first_id: first}  # the unfinished game stays
    expect(page.locator('#shelf-messages [data-topic^="evicted"]')).to_have_count(0)
    with page.expect_download() as download:
        warning.locator('[data-shelf="export-current"]').click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [str(m) for m in Game.from_record(record).moves] == ["+c1"]

    # A link opened with no room at all: the storage is full, not refused.
    link = share_link(page)
    goto(page, link)
    assert page.evaluate("localStorage.getItem('derive.probe')") is None
    expect(warning).to_contain_text("The browser's storage is full")
    assert not any("does not let this page store" in text for text in alerts(page))
    assert saved_games(page) == {first_id: first}


def test_your_games_shows_a_picture_of_each_game(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    open_app(page, server_url, position_query("- r ry L3"))
    play_clicks(page, "c1", "d10")
    goto(page, f"{server_url}/index.html{position_query('r3c3,y2d4 r ry L2')}")
    play_clicks(page, "c3", "e5")
    goto(page, f"{server_url}/index.html{position_query('r5c3,y4e5,b2b6 b rby L2')}")
    games = saved_games(page)
    assert len(games) == 3
    expect(page.locator("#saved-games .saved-picture")).to_have_count(0)  # closed: none

    page.locator(".menu summary").click()
    page.click('[data-shelf="open"]')
    dialog = page.locator("#games")
    expect(dialog).to_be_visible()
    for entry_id, position in games.items():
        row = dialog.locator(f'[data-saved-game="{entry_id}"]')
        picture = row.locator(".saved-picture svg.saved-board")
        expect(picture).to_be_visible()
        dice = len(position.split()[0].split(","))
        expect(picture.locator(".die")).to_have_count(dice)
        box = picture.bounding_box()
        assert box is not None and 60 <= box["width"] <= 100
    expect(page.locator("svg.board")).to_have_count(1)  # the pictures are not boards
    assert_accessible(page)
    for name, width, height in (("phone", 390, 844), ("desktop", 1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(name, full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#saved-games .saved-picture")).to_have_count(0)


@pytest.fixture
def second_browser(
    playwright_instance: Playwright, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """Another device: a browser with a profile of its own."""
    context = open_browser(playwright_instance, tmp_path_factory.mktemp("second-profile"))
    try:
        yield context
    finally:
        context.close()


def test_correspondence_round_trip_between_two_browsers(
    page: Page,
    server_url: str,
    second_browser: BrowserContext,
    page_monitor: PageMonitor,
) -> None:
    alice = page
    bob = watch(second_browser.pages[0], page_monitor)
    open_app(alice, server_url, position_query("- r ry L2"))
    play_clicks(alice, "c1")
    first_link = share_link(alice)

    goto(bob, first_link)
    expect(bob.locator("#notice")).to_have_text("You play Yellow: your move.")
    expect(bob.locator("svg.board")).to_have_attribute("data-bottom", "y")  # Bob's rive below
    play_clicks(bob, "d10")
    send = bob.locator('#shelf-messages [data-topic="send"]')
    expect(send).to_contain_text("Send the link to Red")
    send.locator('[data-shelf="share"]').click()
    expect(bob.locator("#share")).to_be_visible()
    expect(bob.locator("#share")).to_contain_text("Send this link to Red, who plays next:")
    reply = bob.locator("#share-url").input_value()
    bob.click('[data-action="close-share"]')

    goto(alice, reply)
    expect(alice.locator("#notice")).to_contain_text("You play Red: your move.")
    assert board_position(alice) == "r1c1,y1d10 r ry L2"
    assert list(saved_games(alice).values()) == ["r1c1,y1d10 r ry L2"]  # the same game
    play_clicks(alice, "e1")
    third_link = share_link(alice)

    # Bob opens the old link again: his newer game is kept and shown, the choice offered.
    goto(bob, first_link)
    assert board_position(bob) == "r1c1,y1d10 r ry L2"
    expect(bob.locator('#shelf-messages [data-topic="older"]')).to_contain_text("older")
    goto(bob, third_link)
    expect(bob.locator("#notice")).to_contain_text("You play Yellow: your move.")
    assert board_position(bob) == "r1c1,r1e1,y1d10 y ry L2"
    assert len(saved_games(bob)) == 1
