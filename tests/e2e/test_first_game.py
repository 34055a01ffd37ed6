"""A newcomer's first game and the end of a game (issue 23): level 1 against the easy
computer with the way to the Learn page, Cancel keeping the game the form showed, a
toolbar that says what each button does on a phone, the result line and the rematch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
)
from tests.e2e.test_first_minute import assert_accessible, assert_players_words

PHONE_UPRIGHT = {"width": 390, "height": 844}
PHONE_ON_ITS_SIDE = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}
#: The toolbar's words on a phone, in order, and the full names screen readers get.
SHORT_LABELS = {
    "en": ["New", "Undo", "Redo", "Hint", "Turn", "Game"],
    "fr": ["Nouvelle", "Annuler", "Rétablir", "Conseil", "Tourner", "Partie"],
}
FULL_NAMES = {"new": "New game", "turn": "Turn the board"}


def expect_first_game_offered(dialog: Locator, learn_page: str) -> None:
    expect(dialog.locator('input[name="rule_set"][value="L1"]')).to_be_checked()
    expect(dialog.locator('select[name="seat_r"]')).to_have_value("human")
    expect(dialog.locator('select[name="seat_y"]')).to_have_value("ai:easy")
    expect(dialog.locator('select[name="seat_b"]')).to_have_value("off")
    link = dialog.locator(".setup-learn a")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", learn_page)


def expect_against_the_easy_computer(page: Page, human: str, computer: str) -> None:
    expect(page.locator("#setup")).to_be_hidden()
    assert board_position(page).endswith(" ry L1")
    expect(page.locator(f'[data-player="{computer}"]')).to_contain_text("computer · easy")
    expect(page.locator(f'[data-player="{human}"]')).to_contain_text("human")


def test_a_first_visit_offers_level_1_against_the_easy_computer(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    page.set_viewport_size(PHONE_UPRIGHT)
    page.goto(f"{server_url}/index.html")
    dialog = page.locator("dialog#setup[open]")
    # drawn at build time, before any Python runs…
    expect(dialog).to_be_visible(timeout=10_000)
    expect_first_game_offered(dialog, "rules.html")
    # …and the same once the game has taken the form over
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    expect_first_game_offered(dialog, "rules.html")
    screenshot("setup-phone", full_page=False)
    assert_accessible(page)
    # in French, the link leads to the French page
    page.goto(f"{server_url}/index.html?lang=fr")
    expect_first_game_offered(page.locator("dialog#setup[open]"), "regles.html")
    expect(page.locator(".setup-learn a")).to_contain_text("Apprenez les règles")


def test_cancel_on_a_first_visit_starts_the_game_it_showed(page: Page, server_url: str) -> None:
    open_app(page, server_url)
    dialog = page.locator("dialog#setup")
    expect_first_game_offered(dialog, "rules.html")
    dialog.locator('[data-action="setup-cancel"]').click()
    expect_against_the_easy_computer(page, "r", "y")
    # "New game" then Cancel goes back to that game, as it was
    page.click('[data-action="new"]')
    expect(dialog).to_be_visible()
    position = board_position(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert board_position(page) == position
    expect_against_the_easy_computer(page, "r", "y")


def test_cancel_before_python_is_up_is_kept(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/index.html")
    dialog = page.locator("dialog#setup[open]")
    expect(dialog).to_be_visible(timeout=10_000)
    assert page.get_attribute("html", "data-ready") == "false"
    dialog.locator('[data-action="setup-cancel"]').click()
    expect(page.locator("#setup")).to_be_hidden()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    expect_against_the_easy_computer(page, "r", "y")
    assert_players_words(page)


def test_the_end_says_how_it_ended_and_a_rematch_swaps_the_colours(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    # one move from a win (checked with the engine in tests/web/table/test_ending.py): c9-d10
    open_app(page, server_url, position_query("r1c9,y1f2 r ry L1", ai="y:easy"))
    board = page.locator("svg.board")
    expect(board).to_have_attribute("data-bottom", "r")
    play_clicks(page, "c9", "d10")
    banner = page.locator("#end .end-banner")
    expect(banner).to_be_visible()
    result = page.locator("#moves .result")
    expect(result).to_have_text("Red wins — a die reached the opposite rive")
    expect(page.locator("#moves > :last-child")).to_have_class("result")
    rematch = banner.locator('[data-action="rematch"]')
    expect(rematch).to_have_text("Rematch")
    expect(banner.locator('[data-action="new"]')).to_be_visible()
    page.wait_for_timeout(600)  # the banner's fade-in
    screenshot("end")
    assert_accessible(page)
    rematch.click()
    expect(banner).to_have_count(0)
    expect(result).to_have_count(0)
    # same rules, the person now yellow (drawn at the bottom), the computer red
    expect_against_the_easy_computer(page, "y", "r")
    expect(board).to_have_attribute("data-bottom", "y")
    assert board_position(page).split()[0] == "-"  # a new game, not the link's position
    assert_players_words(page)
    # in French, on a phone (another position: the same link would resume the game saved
    # under it)
    page.set_viewport_size(PHONE_UPRIGHT)
    open_app(page, server_url, position_query("r1c9,y1h2 r ry L1", lang="fr"))
    play_clicks(page, "c9", "d10")
    expect(result).to_have_text("Rouge gagne — un dé a atteint la rive opposée")
    expect(banner.locator('[data-action="rematch"]')).to_have_text("Revanche")
    page.wait_for_timeout(600)
    screenshot("end-phone-fr", full_page=False)


def short_labels(page: Page) -> list[str]:
    """The toolbar's words a player sees, left to right (wider than a sliver)."""
    words = []
    for label in page.locator(".tools button > span, .tools summary > span").all():
        box = label.bounding_box()
        if box is not None and box["width"] > 4 and box["height"] > 4:
            words.append(label.inner_text())
    return words


def test_the_toolbar_says_what_each_button_does_on_a_phone(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    query = position_query("r2c3,y3f8 r ry L2", ai="y:easy")
    for name, size in (("upright", PHONE_UPRIGHT), ("on-its-side", PHONE_ON_ITS_SIDE)):
        page.set_viewport_size(size)
        for lang in ("en", "fr"):
            open_app(page, server_url, f"{query}&lang={lang}")
            assert short_labels(page) == SHORT_LABELS[lang], (name, lang)
            buttons = page.locator(".tools > button, .tools summary").all()
            boxes = [b.bounding_box() for b in buttons]
            for box in boxes:
                assert box is not None
                assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, name
            # side by side, none over another
            lefts = [box["x"] for box in boxes if box]
            assert lefts == sorted(lefts)
            for before, after in zip(boxes, boxes[1:], strict=False):
                assert before and after and before["x"] + before["width"] <= after["x"] + 1
        # the full words stay each button's name
        for action, words in FULL_NAMES.items():
            expect(page.locator(f'.tools [data-action="{action}"]')).to_have_accessible_name(
                {"new": "Nouvelle partie", "turn": "Tourner le plateau"}[action]
                if page.get_attribute("html", "lang") == "fr"
                else words
            )
        # the whole board still in view
        box = page.locator("svg.board").bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"] + 1, name
        screenshot(name, full_page=False)
        assert_accessible(page)
    page.set_viewport_size(DESKTOP)
    open_app(page, server_url, f"{query}&lang=en")
    assert short_labels(page) == ["New game", "Undo", "Redo", "Hint", "Turn the board", "Game"]
    screenshot("desktop", full_page=False)


# For each select of the setup's players: whether it stays inside the players' box, and
# whether its chosen words fit in it (their width, drawn in its font, against its own
# width less its padding and the arrow's room).
_SEATS_READ_WHOLE = """() => {
  const box = document.querySelector("#setup fieldset.seats").getBoundingClientRect();
  const pen = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("#setup fieldset.seats select")].map((s) => {
    const style = getComputedStyle(s);
    pen.font = style.font;
    const words = pen.measureText(s.options[s.selectedIndex].text).width;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [s.name, s.getBoundingClientRect().right <= box.right + 0.5,
            s.name === "pairing" || words + 24 <= room];
  });
}"""


def test_the_players_choices_read_whole_on_a_small_phone(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    """At 360 px, in French (the longest words), every seat's level reads whole and the
    teams' choice stays inside its box: beside the colour, "Ordinateur (difficile)" was
    cut to "Ordinateur (di", and the teams' select ran past the dialog's edge."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_app(page, server_url, "?lang=fr")
    dialog = page.locator("dialog#setup[open]")
    expect(dialog).to_be_visible()
    for seat, level in (("b", "ai:hard"), ("y", "ai:medium"), ("g", "ai:hard")):
        dialog.locator(f'select[name="seat_{seat}"]').select_option(level)
    teams = dialog.locator('input[name="teams"]')
    expect(teams).to_be_enabled()
    teams.check()
    expect(dialog.locator('select[name="pairing"]')).to_be_enabled()
    read = page.evaluate(_SEATS_READ_WHOLE)
    assert len(read) == 5
    assert [name for name, inside, whole in read if not (inside and whole)] == []
    screenshot("setup-four-phone", full_page=False)
    assert_accessible(page)
