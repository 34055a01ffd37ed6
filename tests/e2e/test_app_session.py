"""Around the game in the browser: setup, autosave, share links, files, bad input,
embedding, languages, and how it all looks on a phone and a desktop."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from derive.web.shelf.saved import MAX_FILE_BYTES
from tests.e2e.appdriver import (
    board_position,
    click_square,
    moves_listed,
    open_app,
    play_clicks,
    position_query,
    settle,
)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def test_first_visit_sets_up_a_game_with_a_start_roll(page: Page, server_url: str) -> None:
    open_app(page, server_url)
    dialog = page.locator("#setup")
    expect(dialog).to_be_visible()
    expect(dialog.locator('input[name="rule_set"]')).to_have_count(6)
    dialog.locator('input[name="rule_set"][value="L3"]').check()
    dialog.locator('select[name="seat_r"]').select_option("human")
    dialog.locator('select[name="seat_b"]').select_option("human")
    dialog.locator('select[name="seat_y"]').select_option("off")
    dialog.locator('select[name="seat_g"]').select_option("off")
    dialog.locator('select[name="start"]').select_option("roll")
    dialog.locator('button[type="submit"]').click()
    expect(dialog).to_be_hidden()
    settle(page)  # the new game drawn: the dialog closes a message before it
    assert board_position(page).endswith(" rb L3")
    roll = page.locator("#start-roll")
    expect(roll).to_be_visible()
    expect(roll.locator(".roll-result")).to_contain_text("starts")
    expect(roll.locator(".roll-die").first).not_to_have_class("roll-die rolling", timeout=5000)
    starter = board_position(page).split()[1]
    last_round = roll.locator(".roll-round").last
    values = {
        d.get_attribute("data-colour"): int(d.get_attribute("data-value") or 0)
        for d in last_round.locator(".roll-die").all()
    }
    assert values[starter] == max(values.values())
    expect(page.locator(f'[data-reserve="{starter}"]')).to_have_class("tray turn")


def test_an_ai_link_on_a_first_visit_offers_that_opponent(page: Page, server_url: str) -> None:
    open_app(page, server_url, "?ai=y:hard")
    dialog = page.locator("#setup")
    expect(dialog).to_be_visible()
    # The computer's levels appear once its worker is up; the link's choice must survive.
    expect(dialog.locator('select[name="seat_y"]')).to_have_value("ai:hard", timeout=60_000)
    expect(dialog.locator('select[name="seat_r"]')).to_have_value("human")
    expect(dialog.locator('select[name="seat_b"]')).to_have_value("off")
    expect(dialog.locator('select[name="seat_g"]')).to_have_value("off")
    dialog.locator('select[name="start"]').select_option("r")
    dialog.locator('button[type="submit"]').click()
    expect(dialog).to_be_hidden()
    settle(page)  # the new game drawn: the dialog closes a message before it
    assert board_position(page) == "- r ry L1"  # a first visit: level 1
    expect(page.locator('[data-player="y"]')).to_contain_text("computer")
    expect(page.locator('[data-player="y"]')).to_contain_text("hard")


def test_setup_choices_made_while_the_computer_starts_survive_its_arrival(
    page: Page, server_url: str
) -> None:
    open_app(page, server_url)
    dialog = page.locator("#setup")
    # Chosen at once, usually before the AI worker is up (its levels not yet offered).
    dialog.locator('input[name="rule_set"][value="L3"]').check()
    dialog.locator('select[name="seat_b"]').select_option("human")
    # Once it is up the computer's levels appear, yellow's computer seat comes back,
    # the "starting" note goes, and the choices above are kept.
    expect(dialog.locator('select[name="seat_y"]')).to_have_value("ai:easy", timeout=60_000)
    expect(dialog.locator('select[name="seat_y"] option[value="ai:hard"]')).to_have_count(1)
    expect(dialog).not_to_contain_text("Starting the computer player")
    expect(dialog.locator('input[name="rule_set"][value="L3"]')).to_be_checked()
    expect(dialog.locator('select[name="seat_b"]')).to_have_value("human")
    dialog.locator('button[type="submit"]').click()
    expect(dialog).to_be_hidden()
    settle(page)  # the new game drawn: the dialog closes a message before it
    assert board_position(page).endswith(" rby L3")


def test_setup_refuses_a_single_player(page: Page, server_url: str) -> None:
    open_app(page, server_url)
    dialog = page.locator("#setup")
    for colour in "rbyg":
        dialog.locator(f'select[name="seat_{colour}"]').select_option("off")
    dialog.locator('select[name="seat_r"]').select_option("human")
    expect(dialog.locator(".setup-error")).to_have_text("At least two colours must play.")
    dialog.locator('button[type="submit"]').click()
    expect(dialog).to_be_visible()


def test_reload_and_share_link_restore_the_game(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    play_clicks(page, "c1")
    play_clicks(page, "d10")
    click_square(page, "c1")
    page.click('[data-action="reroll"]')
    page.wait_for_function("document.documentElement.dataset.plies === '3'")
    position, moves = board_position(page), moves_listed(page)

    page.goto(f"{server_url}/index.html")  # no parameters: the autosave comes back
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
    assert board_position(page) == position and moves_listed(page) == moves
    expect(page.locator("#setup")).to_be_hidden()

    page.locator(".menu summary").click()
    page.click('[data-action="share"]')
    settle(page)
    link = page.locator("#share-url").input_value()
    assert link.startswith(f"{server_url}/index.html?game=")
    page.click('[data-action="close-share"]')
    page.evaluate("localStorage.clear()")
    page.goto(link)
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
    assert board_position(page) == position and moves_listed(page) == moves


def test_export_then_bad_and_good_imports(page: Page, server_url: str, tmp_path: Path) -> None:
    open_app(page, server_url, position_query("- r ry L2"))
    play_clicks(page, "c1")
    page.locator(".menu summary").click()
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["moves"] == ["+c1"]
    play_clicks(page, "d10")
    position = board_position(page)

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "derive-record", "version": 1, "setup": {}, "moves": []}')
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#notice")).to_contain_text("cannot be imported")
    expect(page.locator("#notice")).to_contain_text("Your game is unchanged")
    assert board_position(page) == position

    foreign = tmp_path / "notes.txt"
    foreign.write_text("1. e4 e5 2. Nf3")
    page.set_input_files("#import-file", str(foreign))
    expect(page.locator("#notice")).to_contain_text("neither a game record")
    assert board_position(page) == position

    # Larger than any game record: refused without being read, the game kept.
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    page.set_input_files("#import-file", str(huge))
    expect(page.locator("#notice")).to_contain_text("too large for a game record")
    assert board_position(page) == position

    page.set_input_files("#import-file", str(saved))
    expect(page.locator("#notice")).to_have_text("Game imported.")
    assert board_position(page) == "r1c1 y ry L2"


def test_bad_parameters_fall_back_to_setup(page: Page, server_url: str) -> None:
    open_app(page, server_url, "?position=r9z9+r+ry+L2")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("This link cannot be opened")
    expect(page.locator("#notice")).to_contain_text("“position”")


def test_embed_shows_only_the_board(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    page.set_viewport_size({"width": 420, "height": 460})
    open_app(page, server_url, position_query("r3c3,y2d4 r ry L2", embed="1", select="c3"))
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator(".side")).to_be_hidden()
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator('[data-square="e5"] .mark-jump')).to_have_count(1)
    assert page.evaluate("localStorage.getItem('derive.save')") is None
    screenshot("embed")


def test_french_interface(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query("y2c3,r2e9,r3d10 r ry L2", lang="fr"))
    assert page.get_attribute("html", "lang") == "fr"
    expect(page.locator("#status")).to_have_text("À Rouge de jouer")
    expect(page.locator('[data-action="undo"]')).to_contain_text("Annuler")
    click_square(page, "e9")
    click_square(page, "f10")
    expect(page.locator("#notice")).to_have_text(
        "Rouge ne peut occuper qu’une case de la rive de Jaune (déjà en d10) Pourquoi ?"
    )
    label = page.get_attribute('[data-square="c3"]', "aria-label") or ""
    assert label.startswith("c3, dé jaune de valeur 2")


def test_screenshots_phone_and_desktop(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    query = position_query("y2c1,y2b2,r3d2,y3d4,r1f6,r2e7,r3d8,r4c9,r5d10,g2j4 r ryg L3")
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        open_app(page, server_url, query)
        expect(page.locator(".fact.obligation")).to_contain_text("Red must capture: d2xc1")
        click_square(page, "d2")
        expect(page.locator('[data-square="c1"] .mark-capture')).to_have_count(1)
        page.wait_for_timeout(400)  # let the marks fade in
        screenshot(f"{name}-obligation")
        box = page.locator("#board").bounding_box()
        assert box is not None and box["width"] <= size["width"]
        page.click('[data-action="new"]')
        expect(page.locator("#setup")).to_be_visible()
        page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=60_000)
        screenshot(f"{name}-setup")
        page.click('[data-action="setup-cancel"]')
    open_app(page, server_url, position_query("r1c9,y1f2 r ry L1"))
    play_clicks(page, "c9", "d10")
    expect(page.locator("#end .end-banner")).to_be_visible()
    page.wait_for_timeout(600)  # the die's step and the banner's fade-in
    screenshot("phone-end")
