"""After one online visit the game opens and plays with no network at all (sw.js).

This test runs its own server so that it can stop it: Playwright's ``set_offline`` does not
reach a service worker's own fetches, so only a server that is gone proves the game comes
from the worker's cache.
"""

from __future__ import annotations

import shutil
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, Response, expect

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
from tools.offline import build_sw
from tools.runtime import build_image, vendor
from tools.serve import REPO_ROOT
from tools.site_files import site_files

WORKER_TIMEOUT_MS = 60_000


@pytest.fixture
def site_root(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """What the test's server serves: the repo, or (parametrized ``"copy"``) a copy of the
    site the test may edit as a new deploy would."""
    if getattr(request, "param", None) != "copy":
        return REPO_ROOT
    for name in [*site_files(), *build_sw.KEYED.values()]:
        target = tmp_path / "site" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO_ROOT / name, target)
    return tmp_path / "site"


@pytest.fixture
def own_server(site_root: Path) -> Iterator[RunningServer]:
    with RunningServer(site_root) as server:
        yield server


@pytest.fixture
def page_monitor(own_server: RunningServer) -> PageMonitor:
    # Replaces conftest's: this test's page lives on its own server's origin.
    return PageMonitor(origin=own_server.url)


def site_path(url: str, origin: str) -> str:
    """``http://host/derive/board.py?x`` → ``derive/board.py`` (the folder → index.html)."""
    path = urlsplit(url.removeprefix(origin)).path.lstrip("/")
    return path or "index.html"


def test_game_opens_and_plays_offline_after_one_visit(
    page: Page,
    browser_context: BrowserContext,
    page_monitor: PageMonitor,
    own_server: RunningServer,
    screenshot: Callable[..., Path],
) -> None:
    query = position_query("r3c3,y2d4 r ry L2", ai="y:easy")
    open_app(page, own_server.url, query)
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    page.wait_for_selector("html[data-offline=registered]", state="attached")
    # Installed (precache done), activated, and controlling this very first visit.
    page.wait_for_function(
        "navigator.serviceWorker.controller?.state === 'activated'", timeout=WORKER_TIMEOUT_MS
    )

    # Everything the page and its AI worker asked the server for is in the precache list.
    precached = set(build_sw.runtime_files()) | set(build_sw.app_files())
    fetched = {
        site_path(url, own_server.url)
        for url in page_monitor.requests
        if url.startswith(own_server.url)
    }
    assert fetched - {"sw.js"} <= precached, sorted(fetched - precached)

    # The server goes away: from now on nothing can come from the network.
    own_server.stop()
    browser_context.set_offline(True)
    answered: list[Response] = []  # to the page and its AI worker
    failed: list[Request] = []
    browser_context.on("response", lambda response: answered.append(response))
    browser_context.on("requestfailed", lambda request: failed.append(request))
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    assert page.evaluate("navigator.onLine") is False
    assert board_position(page) == "r3c3,y2d4 r ry L2"

    # Every file the page and its AI worker loaded came from the worker's cache; the only
    # failures are the worker's own network-first attempts, each answered from the cache.
    from_page = [
        r for r in answered if r.request.service_worker is None and r.url.startswith(own_server.url)
    ]
    loaded = {site_path(r.url, own_server.url) for r in from_page}
    print("precached, not loaded:", *sorted(precached - loaded), sep="\n  ")
    # The game and its computer run in PyScript's workers restored from the image: no
    # source to fetch (their modules are in the image).
    assert loaded >= {"index.html", "assets/view.js", "game.toml", "vendor/pyscript/core.js"}
    # (A page's own Python reads the image in a worker of its own: the Learn pages'.)
    workers = {f"vendor/pyodide/{name}" for name in vendor.PYODIDE_FILES}
    assert loaded >= workers - {"vendor/pyodide/image-worker.mjs"}
    assert build_image.IMAGE in loaded
    assert all(r.from_service_worker and r.ok for r in from_page), [
        r.url for r in from_page if not r.from_service_worker
    ]
    assert all(f.service_worker is not None for f in failed), [f.url for f in failed]
    # (sw.js: the worker asking the server which deploy it has, sw.js's openPage.)
    failed_paths = {site_path(f.url, own_server.url) for f in failed}
    assert failed_paths <= {*build_sw.app_files(), "sw.js"}, failed_paths

    # A move by clicks, and the computer (its own Pyodide, from the cache too) answers.
    play_clicks(page, "c3", "b4")
    wait_for_ply(page, 2)
    expect(page.locator("#status")).to_have_text("Red to play")
    screenshot("offline")


@pytest.mark.parametrize("site_root", ["copy"], indirect=True)
def test_a_repeat_visit_asks_the_network_only_whether_the_site_changed(
    page: Page, browser_context: BrowserContext, own_server: RunningServer, site_root: Path
) -> None:
    query = position_query("r3c3,y2d4 r ry L2")
    open_app(page, own_server.url, query)
    page.wait_for_function(
        "navigator.serviceWorker.controller?.state === 'activated'", timeout=WORKER_TIMEOUT_MS
    )
    asked: list[str] = []  # what the worker asked the server for

    def worker_asked(request: Request) -> None:
        if request.service_worker is not None and request.url.startswith(own_server.url):
            asked.append(site_path(request.url, own_server.url))

    browser_context.on("request", worker_asked)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=AI_TIMEOUT_MS)
    assert set(asked) == {"sw.js"}, asked
    assert play_clicks(page, "c3", "b4") == "r3b4,y2d4 y ry L2"

    # A new deploy: the next visit gets its files from the server, not yesterday's cache
    # (the game's view: its Python comes in the image, whose sources it fetches none of).
    source = site_root / "assets" / "view.js"
    source.write_text(source.read_text(encoding="utf-8") + "// a new deploy\n", encoding="utf-8")
    asked.clear()
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    assert {"sw.js", "index.html", "assets/view.js"} <= set(asked), asked
    assert page.evaluate("fetch('assets/view.js').then((r) => r.text())").endswith(
        "// a new deploy\n"
    )
    assert board_position(page) == "r3b4,y2d4 y ry L2"  # the game going on, kept


def test_a_network_that_hangs_does_not_hold_the_game_back(
    page: Page, own_server: RunningServer
) -> None:
    query = position_query("r3c3,y2d4 r ry L2")
    open_app(page, own_server.url, query)
    page.wait_for_function(
        "navigator.serviceWorker.controller?.state === 'activated'", timeout=WORKER_TIMEOUT_MS
    )
    own_server.stop()
    # The origin still takes connections but never answers (the kernel completes the
    # handshake for a listening socket that never accepts): without a time limit on the
    # worker's network-first requests the page would wait forever.
    port = int(own_server.url.rsplit(":", 1)[1])
    with socket.socket() as black_hole:
        black_hole.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        black_hole.bind(("127.0.0.1", port))
        black_hole.listen(64)
        page.reload(wait_until="commit", timeout=START_TIMEOUT_MS)
        page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
        assert board_position(page) == "r3c3,y2d4 r ry L2"
        assert play_clicks(page, "c3", "b4") == "r3b4,y2d4 y ry L2"


def test_an_embedded_board_stores_nothing(page: Page, own_server: RunningServer) -> None:
    # The game page hands an embedded board over to embed.html, which never registers the
    # offline worker: nothing of the game is stored in the host page's reader's browser.
    page.goto(f"{own_server.url}/index.html{position_query('r3c3,y2d4 r ry L2', embed='1')}")
    page.wait_for_url("**/embed.html?*")
    page.wait_for_selector("svg.board[data-position]", state="attached")
    page.wait_for_load_state("load")
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert page.evaluate("caches.keys().then(k => k.length)") == 0
