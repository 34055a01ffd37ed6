"""Driving the game page (index.html) the way a player does: clicks, keys, the move field."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import Page

#: Pyodide's start on 2 shared cores takes several seconds; allow for a loaded machine.
START_TIMEOUT_MS = 120_000
AI_TIMEOUT_MS = 60_000


def open_app(page: Page, server_url: str, query: str = "") -> None:
    """Load the page and wait until it is interactive (``html[data-ready=true]``)."""
    page.goto(f"{server_url}/index.html{query}")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)


def position_query(position: str, **extra: str) -> str:
    query = f"?position={quote(position)}"
    for key, value in extra.items():
        query += f"&{key}={quote(value)}"
    return query


def board_position(page: Page) -> str:
    return page.get_attribute("[data-position]", "data-position") or ""


def settle(page: Page) -> None:
    """Wait until the game's Python (in its worker) has handled all the page sent it: a
    click's or a key's effect is then on the page, as a player sees it a moment later."""
    page.evaluate("window.deriveView ? window.deriveView.settle() : null")


def click_square(page: Page, name: str) -> None:
    """Click a square: its die when there is one (a die is inside its square)."""
    die = page.locator(f'[data-die="{name}"]')
    if die.count():
        die.click()
    else:
        page.click(f'[data-square="{name}"]')
    settle(page)


def play_clicks(page: Page, *squares: str) -> str:
    """Click squares in turn; return the position once the board has changed."""
    before = board_position(page)
    for name in squares:
        click_square(page, name)
    wait_for_change(page, before)
    return board_position(page)


def wait_for_change(page: Page, before: str, timeout: int = 10_000) -> None:
    page.wait_for_function(
        "before => document.querySelector('[data-position]').dataset.position !== before",
        arg=before,
        timeout=timeout,
    )


def wait_for_ply(page: Page, ply: int, timeout: int = AI_TIMEOUT_MS) -> None:
    page.wait_for_function(f"document.documentElement.dataset.plies === '{ply}'", timeout=timeout)


def moves_listed(page: Page) -> list[str]:
    return page.locator("#moves .mv").all_inner_texts()


def notice(page: Page) -> str:
    return page.inner_text("#notice")
