"""The review kept with its saved game, in the browser (issue 26): a game reviewed from a
link keeps its analysis in its entry; after a reload its review opens from "Your games"
and from the menu already complete, with no search (``data-review=done`` as the click's
own handler returns: a search would have to wait for the worker); the file exported
carries the analysis, and imported into an empty browser it offers the review, complete
at once."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from derive.game import Game
from derive.web.shelf.saved import GAME_PREFIX
from derive.web.table import share
from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    open_app,
    position_query,
    settle,
)
from tests.e2e.test_first_minute import assert_accessible
from tests.helpers import random_game

PLIES = 30
BUDGET = 40
"""Nodes per position: small, so the first review is quick in Pyodide."""
REVIEW_TIMEOUT_MS = 120_000


def _game(seed: int = 11) -> Game:
    game = random_game(PLIES, seed, "ry", "L2")
    return game


def _kept(page: Page) -> list[dict[str, object] | None]:
    """The analysis of every saved game, as the storage holds it."""
    texts = page.evaluate(
        """prefix => Object.keys(localStorage).filter(k => k.startsWith(prefix))
                     .map(k => localStorage.getItem(k))""",
        GAME_PREFIX,
    )
    return [json.loads(text).get("analysis") for text in texts]


def _review_state(page: Page) -> str | None:
    """The review's state once the game's Python has handled what the page sent it."""
    settle(page)
    return page.evaluate("document.documentElement.dataset.review ?? null")


def _menu(page: Page) -> None:
    page.locator(".menu summary").click()


def test_a_reviewed_game_is_reviewed_again_from_the_shelf_and_the_menu_without_a_search(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    game = _game()
    plies = len(game.moves)
    open_app(page, server_url, f"?game={share.encode(game)}&review=1&budget={BUDGET}")
    page.wait_for_selector(
        "html[data-review=done]", state="attached", timeout=START_TIMEOUT_MS + REVIEW_TIMEOUT_MS
    )
    page.wait_for_function(
        f"""() => Object.keys(localStorage).some(k => k.startsWith("{GAME_PREFIX}")
                  && (JSON.parse(localStorage.getItem(k)).analysis?.plies?.length
                      === {plies + 1}))"""
    )
    [analysis] = [a for a in _kept(page) if a is not None]
    assert analysis["budget"] == BUDGET and analysis["format"] == "derive-analysis"  # type: ignore[index]

    # A reload without the link: the game is resumed, no review open.
    open_app(page, server_url)
    assert _review_state(page) is None
    _menu(page)
    page.click('[data-shelf="open"]')
    dialog = page.locator("#games")
    expect(dialog).to_be_visible()
    review = dialog.locator('[data-saved-game] [data-shelf="review"]')
    expect(review).to_have_count(1)
    review.click()
    assert _review_state(page) == "done"  # set by the click's handler: nothing searched
    expect(dialog).to_be_hidden()
    expect(page.locator("svg[data-review] [data-ply]")).to_have_count(plies + 1)
    expect(page.locator(".review-progress-words")).to_have_text("Review complete")
    assert_accessible(page)

    # Again after a reload, from the menu's item.
    open_app(page, server_url)
    _menu(page)
    item = page.locator('.menu-items [data-action="review"]')
    expect(item).to_have_text("Review this game")
    item.click()
    assert _review_state(page) == "done"
    expect(page.locator("svg[data-review] [data-ply]")).to_have_count(plies + 1)

    # Exported with its analysis...
    _menu(page)
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert exported["analysis"]["plies"] == analysis["plies"]  # type: ignore[index]

    # ... and imported into a browser that has nothing: its review opens complete.
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    open_app(page, server_url, position_query("- r ry L2"))  # two people: nobody moves
    page.set_input_files("#import-file", str(saved))
    offer = page.locator('#shelf-messages [data-topic="review"]')
    expect(offer).to_contain_text("This game comes with its review.")
    assert_accessible(page)
    offer.locator('[data-shelf="review"]').click()
    assert _review_state(page) == "done"
    expect(page.locator("svg[data-review] [data-ply]")).to_have_count(plies + 1)
    expect(offer).to_have_count(0)
    assert board_position(page) == game.to_position()


def test_a_stopped_review_is_kept_and_goes_on_from_where_it_stopped(
    page: Page, server_url: str
) -> None:
    game = _game(seed=12)
    plies = len(game.moves)
    slow = 400  # nodes per position: slow enough to stop part way
    open_app(page, server_url, f"?game={share.encode(game)}&review=1&budget={slow}")
    page.wait_for_function(
        "document.querySelectorAll('svg[data-review] [data-ply]').length >= 3",
        timeout=START_TIMEOUT_MS + REVIEW_TIMEOUT_MS,
    )
    page.locator("[data-review-stop]").click()
    expect(page.locator("[data-review-stop]")).to_have_text("Resume the review")
    assert _review_state(page) == "running"
    [partial] = [a for a in _kept(page) if a is not None]
    done = len(partial["plies"])  # type: ignore[index]
    assert 3 <= done < plies + 1 and partial["budget"] == slow  # type: ignore[index]

    open_app(page, server_url)
    _menu(page)
    page.locator('.menu-items [data-action="review"]').click()
    settle(page)
    # Drawn from what was kept, before the worker has said anything.
    shown = page.locator("svg[data-review] [data-ply]").count()
    assert shown >= done
    page.wait_for_selector("html[data-review=done]", state="attached", timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("svg[data-review] [data-ply]")).to_have_count(plies + 1)
    [whole] = [a for a in _kept(page) if a is not None]
    # The first pass's searches went on from where they stopped; the second pass may since
    # have judged some of those moves again (their judgement, not their search).
    searched = ("ply", "best", "score", "chances", "move")

    def first_pass(plies: object) -> list[dict[str, object]]:
        assert isinstance(plies, list)
        return [{k: p.get(k) for k in searched} for p in plies]

    assert first_pass(whole["plies"][:done]) == first_pass(partial["plies"])  # type: ignore[index]
    assert len(whole["plies"]) == plies + 1  # type: ignore[index]
