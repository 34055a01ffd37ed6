"""The published site, tested as GitHub Pages serves it.

``make site`` builds the site (the same target the Pages workflow runs) into a temporary
folder, under a sub-path as a project site is published (``/derive/``), with a
``SITE_URL`` on it. A plain static server serves it: no compression, no ``Cache-Control``,
none of COOP/COEP, as Pages sends none of those. Then a player uses it page by page: the
game and its computer, offline after one visit, both Learn pages, both puzzle pages, an
embedded board and the embed kit's pages. No request may fail and none may leave the
sub-path (a page that reached for ``/vendor/…`` at the host's root would work under
``make serve`` and break on Pages).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from derive.game import Game
from tests.e2e.appdriver import (
    AI_TIMEOUT_MS,
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
    wait_for_ply,
)
from tests.e2e.conftest import PageMonitor, RunningServer
from tools.serve import REPO_ROOT

SUB_PATH = "derive"
LIVE_TIMEOUT_MS = 120_000
WORKER_TIMEOUT_MS = 60_000
#: Red's die on c3 steps to b4: the embed's and the game's first move.
POSITION = "r3c3,y2d4 r ry L2"


@pytest.fixture(scope="module")
def site_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The host's root: the site, built by ``make site``, in its sub-path folder."""
    root = tmp_path_factory.mktemp("pages")
    built = subprocess.run(
        [
            "make",
            "site",
            f"SITE_DIR={root / SUB_PATH}",
            f"SITE_URL=https://example.github.io/{SUB_PATH}/",
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    return root


class PagesServer(RunningServer):
    """The site's host: ``url`` is the site's own address, under its sub-path."""

    def __init__(self, root: Path) -> None:
        super().__init__(root, plain=True)
        self.origin = self.url
        self.url = f"{self.origin}/{SUB_PATH}/"


@pytest.fixture
def pages_server(site_root: Path) -> Iterator[PagesServer]:
    with PagesServer(site_root) as server:
        yield server


@pytest.fixture
def page_monitor(pages_server: PagesServer) -> PageMonitor:
    # Replaces conftest's: these pages live on the plain server's origin.
    return PageMonitor(origin=pages_server.origin)


def outside_the_site(monitor: PageMonitor, server: PagesServer) -> list[str]:
    return [url for url in monitor.requests if not url.startswith((server.url, "data:", "blob:"))]


def assert_clean(monitor: PageMonitor, server: PagesServer) -> None:
    """Every request stayed in the sub-path, and none failed."""
    assert outside_the_site(monitor, server) == []
    assert monitor.failed_requests == []


def test_the_game_plays_against_the_computer_and_then_offline(
    page: Page,
    browser_context: BrowserContext,
    page_monitor: PageMonitor,
    pages_server: PagesServer,
    screenshot: Callable[..., Path],
) -> None:
    open_app(page, pages_server.url.rstrip("/"), position_query(POSITION, ai="y:easy"))
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    play_clicks(page, "c3", "b4")
    wait_for_ply(page, 2)  # the computer answered
    expect(page.locator("#status")).to_have_text("Red to play")
    page.wait_for_function(
        "navigator.serviceWorker.controller?.state === 'activated'", timeout=WORKER_TIMEOUT_MS
    )
    assert_clean(page_monitor, pages_server)
    played = board_position(page)
    screenshot("online")

    # The host is gone: the game comes from the service worker's copy of the site.
    pages_server.stop()
    browser_context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    assert board_position(page) == played
    # A move typed in notation, one the engine says is legal here, and the computer's reply.
    move = next(str(m) for m in Game.from_position(played).legal_moves() if str(m)[0] == "+")
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    wait_for_ply(page, 4)
    screenshot("offline")
    assert outside_the_site(page_monitor, pages_server) == []


@pytest.mark.parametrize("name", ["rules.html", "regles.html"])
def test_a_learn_page_goes_live_when_a_board_is_touched(
    name: str, page: Page, page_monitor: PageMonitor, pages_server: PagesServer
) -> None:
    page.goto(pages_server.url + name)
    board = page.locator("[data-lesson] .board-wrap").first
    board.scroll_into_view_if_needed()
    board.dispatch_event("pointerdown")
    page.wait_for_selector("html[data-live=true]", state="attached", timeout=LIVE_TIMEOUT_MS)
    assert_clean(page_monitor, pages_server)


@pytest.mark.parametrize("name", ["puzzles.html", "enigmes.html"])
def test_a_puzzle_page_goes_live(
    name: str, page: Page, page_monitor: PageMonitor, pages_server: PagesServer
) -> None:
    page.goto(pages_server.url + name)
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=LIVE_TIMEOUT_MS)
    page.wait_for_selector('#puzzle .lesson-board[data-live="true"]', state="attached")
    assert_clean(page_monitor, pages_server)


def test_an_embedded_board_goes_live_when_touched(
    page: Page, page_monitor: PageMonitor, pages_server: PagesServer
) -> None:
    page.goto(f"{pages_server.url}embed.html?position={quote(POSITION)}&interactive=1")
    expect(page.locator("svg.board")).to_have_attribute("data-position", POSITION)
    page.click('[data-die="c3"]')
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=LIVE_TIMEOUT_MS)
    page.click('[data-square="b4"]')
    game = Game.from_position(POSITION)
    game.play(next(m for m in game.legal_moves() if str(m) == "c3-b4"))
    expect(page.locator("svg.board")).to_have_attribute("data-position", game.to_position())
    assert_clean(page_monitor, pages_server)


@pytest.mark.parametrize("name", ["embed-kit.html", "integrer.html"])
def test_the_kit_pages_load_with_their_boards(
    name: str, page: Page, page_monitor: PageMonitor, pages_server: PagesServer
) -> None:
    page.goto(pages_server.url + name, wait_until="load")
    frames = [frame for frame in page.frames if frame != page.main_frame]
    assert len(frames) >= 5
    for frame in frames:
        frame.wait_for_selector("svg.board", state="attached")
    assert_clean(page_monitor, pages_server)
