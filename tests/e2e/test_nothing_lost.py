"""Nothing a player has seen is lost, with the game's Python in a worker.

A move is drawn on the board and written to storage by the same turn of the game's Python,
applied by the page in one task (``derive/web/postlink.py``): so a move the player has
seen is already saved, and closing the tab at once keeps it. A chaos run that closed the
page within 5 ms of the click lost only moves that were never shown.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    notice,
    open_app,
    position_query,
)

POSITION = "r3c3,y2d4 r ry L2"

#: At the very moment the board shows another position (a MutationObserver's callback runs
#: at the end of the task that changed it), the ply the board shows and the plies that
#: storage holds for the game: each check is [shown ply, saved plies].
WATCH_JS = """() => {
  window.seen = [];
  const board = document.querySelector('[data-position]');
  new MutationObserver(() => {
    const saved = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key.startsWith('derive.game.')) continue;
      try { saved.push(JSON.parse(localStorage.getItem(key)).summary.ply); } catch (_) {}
    }
    window.seen.push([Number(document.documentElement.dataset.plies), saved]);
  }).observe(board, { attributes: true, attributeFilter: ['data-position'] });
}"""


def test_a_move_shown_is_already_saved_and_a_tab_closed_at_once_keeps_it(
    page: Page, browser_context: BrowserContext, server_url: str
) -> None:
    open_app(page, server_url, position_query(POSITION))
    page.evaluate(WATCH_JS)
    for start, end in (("c3", "b4"), ("d4", "c5")):
        before = board_position(page)
        page.click(f'[data-die="{start}"]')
        page.click(f'[data-square="{end}"]')
        page.wait_for_function(
            "b => document.querySelector('[data-position]').dataset.position !== b",
            arg=before,
        )
        checks = page.evaluate("window.seen")
        assert checks and all(ply in saved for ply, saved in checks), checks
        shown = board_position(page)
        page.reload()  # at once: no wait for anything the page might still write
        page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
        assert board_position(page) == shown
        page.evaluate(WATCH_JS)

    # The same, with the tab closed: the game is on the shelf, and its link reopens it.
    before = board_position(page)
    page.click('[data-die="b4"]')
    page.click('[data-square="a5"]')
    page.wait_for_function(
        "b => document.querySelector('[data-position]').dataset.position !== b", arg=before
    )
    shown = board_position(page)
    checks = page.evaluate("window.seen")
    page.close()
    assert checks and all(ply in saved for ply, saved in checks), checks
    again = browser_context.new_page()
    open_app(again, server_url, position_query(POSITION))
    assert board_position(again) == shown, notice(again)
