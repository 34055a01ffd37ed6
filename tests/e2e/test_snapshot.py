"""The Python image: restored by the game's worker and its computer player's from a first
visit on, set aside when it cannot be used; and, where Python must boot, the sources and
their bytecode written before anything imports them.

vendor/pyodide/pyodide.mjs (tools/runtime/pyodide_start.mjs) restores vendor/image/python.gz, the
memory of an interpreter booted under Node with the game's modules imported
(tools/runtime/build_image.py), instead of booting Python. The game page runs its Python in
two PyScript named workers, "game" and "ai" (game.toml); the Learn pages' Python, on
the page, is tested in test_learn.py. Every other browser test starts from the image too;
these check what it leaves behind and what happens when it is not there to use.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Worker, expect

from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    open_app,
    play_clicks,
    position_query,
    wait_for_ply,
)
from tests.e2e.conftest import PageMonitor
from tools.runtime import build_bytecode, build_image

ROOT = Path(__file__).resolve().parents[2]
KEY = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))["key"]
BYTECODE = build_bytecode.BUNDLE
WASM = "vendor/pyodide/pyodide.asm.wasm"


def _worker(page: Page, name: str) -> Worker:
    """The page's Python worker of that name ("game" or "ai")."""
    named = [w for w in page.workers if w.evaluate("self.deriveRole ?? ''") == name]
    assert len(named) == 1, [w.url for w in page.workers]
    return named[0]


def _started(page: Page) -> dict[str, str | None]:
    """How each of the page's Python workers started ("restored" or "booted")."""
    return page.evaluate(
        "({game: document.documentElement.dataset.gamePython ?? null,"
        " ai: document.documentElement.dataset.aiPython ?? null})"
    )


def _bytecode_files() -> int:
    return len(build_bytecode.read_bundle())


def _computer_opens(page: Page, server_url: str, rules: str) -> None:
    """A new game (its own position, so no saved game is resumed) whose first move is the
    computer's: it is played without anyone's help."""
    open_app(page, server_url, position_query(f"- r ry {rules}", ai="r:easy"))
    wait_for_ply(page, 1, timeout=2 * START_TIMEOUT_MS)


def test_a_first_visit_restores_the_image_in_the_game_and_its_computer(
    page: Page, server_url: str
) -> None:
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    asked: list[str] = []  # not the service worker's install, which fetches every file
    page.context.on("request", lambda request: request.service_worker or asked.append(request.url))
    assert build_image.read_head() == {"pyodide": "314.0.2", "key": KEY}
    _computer_opens(page, server_url, "L2")
    assert _started(page) == {"game": "restored", "ai": "restored"}
    assert said.count("Pyodide restored from a snapshot (worker)") == 2
    for name in ("game", "ai"):
        assert _worker(page, name).evaluate("globalThis.pyodideSnapshot") == "restored"
    # PyScript's core on the page starts the workers, and nothing of the runtime is on the
    # page's own thread: the workers fetched, unzipped, unpacked and compiled it all.
    assert page.evaluate("typeof globalThis.pyodideSnapshot") == "undefined"
    assert f"{server_url}/vendor/pyscript/core.js" in asked
    assert not [url for url in asked if "image-worker" in url]
    for read in (build_image.IMAGE, WASM):
        url = f"{server_url}/{read}"
        assert url in asked
        assert page.evaluate("(url) => performance.getEntriesByName(url).length", url) == 0
    # Restored, they had no source to fetch: the image holds every module of the game's;
    # the bytecode holds PyScript's own, which PyScript imports in every worker. The only
    # sources are the page's own MicroPython's (front.toml: derive/web/front/).
    front = f"{server_url}/derive/web/front/"
    assert not [url for url in asked if url.endswith(".py") and not url.startswith(front)]
    assert f"{front}game.py" in asked

    # The snapshot an earlier version of the site kept in Cache Storage is given back.
    page.evaluate(
        """async () => {
          const cache = await caches.open(`pyodide-snapshot:${new URL("./", location).href}`);
          await cache.put("x.bin", new Response(new Uint8Array(8)));
        }"""
    )
    _computer_opens(page, server_url, "L3")
    page.wait_for_function(
        """async () => !(await caches.keys()).some((n) => n.startsWith("pyodide-snapshot:"))""",
        timeout=START_TIMEOUT_MS,
    )


@pytest.mark.parametrize(
    "served",
    [
        pytest.param(gzip.compress(b"not an image\n" * 100), id="damaged"),
        pytest.param(
            gzip.compress(json.dumps({"pyodide": "314.0.2", "key": "0" * 16}).encode() + b"\n"),
            id="other-sources",
        ),
    ],
)
def test_an_image_it_cannot_use_costs_only_time(
    page: Page, browser_context: BrowserContext, server_url: str, served: bytes
) -> None:
    # The page and its computer's worker both boot Python as before there was any image.
    browser_context.route(
        f"**/{build_image.IMAGE}", lambda route: route.fulfill(status=200, body=served)
    )
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    _computer_opens(page, server_url, "L2")
    assert _started(page) == {"game": "booted", "ai": "booted"}
    assert not any("restored from a snapshot" in text for text in said), said
    assert any(text.startswith("Python image not used") for text in said), said
    # Booted, the game's worker wrote the sources and their bytecode before importing them.
    game = _worker(page, "game")
    assert game.evaluate("globalThis.pyodideBytecode") == _bytecode_files()


def test_where_no_module_worker_starts_the_page_says_so_in_words(
    page: Page, page_monitor: PageMonitor, server_url: str
) -> None:
    # A browser too old for module workers (the game's Python runs in one): the page keeps
    # its first paint and says, in its own language, that the game could not start.
    page.add_init_script(
        """(() => {
          globalThis.Worker = class extends globalThis.Worker {
            constructor(url, options) {
              if (options?.type === "module") {
                throw new TypeError("module workers are not supported");
              }
              super(url, options);
            }
          };
        })()"""
    )
    page_monitor.allow_console_error("module workers are not supported")
    page.goto(f"{server_url}/index.html?lang=fr")
    text = page.locator("#loading .loading-text")
    page.wait_for_function(
        "document.querySelector('#loading .loading-text').textContent.includes('Rechargez')"
    )
    assert "n’a pas pu démarrer" in text.inner_text()
    assert page.evaluate("document.documentElement.dataset.ready") == "false"
    assert page.locator("#board svg.board [data-square]").count() > 0  # the first paint stays


# Put first in the Python a restore runs (pyodide.mjs's AFTER_RESTORE): every source the
# interpreter compiles from then on is listed in globalThis.compiledFromSource.
SOURCE_SPY = """
import importlib.machinery as _machinery, js as _js
_compiled = []
_to_code = _machinery.SourceFileLoader.source_to_code
def _spy(self, data, path, **kwargs):
    _compiled.append(str(path))
    return _to_code(self, data, path, **kwargs)
_machinery.SourceFileLoader.source_to_code = _spy
_js.globalThis.compiledFromSource = _compiled
"""


def test_a_first_visit_compiles_none_of_its_python_sources(page: Page, server_url: str) -> None:
    """Every module the game's worker imports is in the image: its Python compiles no
    source (a module left out of assets/snapshot.json would be compiled, and this fail)."""
    module = (ROOT / "vendor" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    marker = "const AFTER_RESTORE = `\n"
    assert module.count(marker) == 1
    spied = module.replace(marker, marker + SOURCE_SPY)
    page.route(
        f"{server_url}/vendor/pyodide/pyodide.mjs",
        lambda route: route.fulfill(body=spied, content_type="text/javascript"),
    )
    open_app(page, server_url)
    page.evaluate("window.deriveView.settle()")
    game = _worker(page, "game")
    assert game.evaluate("globalThis.pyodideSnapshot") == "restored"
    assert game.evaluate("globalThis.compiledFromSource.toJs()") == []


def test_a_damaged_bytecode_bundle_costs_only_time(
    page: Page, browser_context: BrowserContext, server_url: str
) -> None:
    # With no image to restore either, the game's worker compiles the sources it writes.
    browser_context.route(
        f"**/{BYTECODE}",
        lambda route: route.fulfill(body=gzip.compress(b"not a bundle\n" * 100)),
    )
    browser_context.route(f"**/{build_image.IMAGE}", lambda route: route.fulfill(status=404))
    _computer_opens(page, server_url, "L2")
    assert _started(page) == {"game": "booted", "ai": "booted"}
    assert _worker(page, "game").evaluate("globalThis.pyodideBytecode") is None
    assert page.evaluate("document.documentElement.dataset.ai") == "ready"


def test_on_a_slow_link_the_page_boots_python_rather_than_wait_for_the_image(
    page: Page, browser_context: BrowserContext, server_url: str
) -> None:
    # Chromium calls a link with 400 ms of latency "3g" (navigator.connection).
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    cdp = browser_context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    open_app(page, server_url, position_query("- r ry L2"))
    assert page.evaluate("navigator.connection.effectiveType") == "3g"
    assert _started(page)["game"] == "booted"
    assert not any(url.endswith(build_image.IMAGE) for url in asked), asked


def test_a_game_worker_that_stops_is_said_in_words(
    page: Page, page_monitor: PageMonitor, server_url: str
) -> None:
    # The game's Python lost (Pyodide's fatal error, the worker's memory): an error no Python
    # handler sees, thrown in the worker itself.
    page_monitor.allow_console_error("The game worker stopped")
    open_app(page, server_url, position_query("- r ry L2", lang="fr"))
    _worker(page, "game").evaluate("setTimeout(() => { throw new Error('lost'); })")
    notice = page.locator("#notice")
    # Started again from the saved game (tests/e2e/test_nothing_lost.py plays on after it).
    expect(notice).to_have_text(
        "Le jeu s’est arrêté et a redémarré : votre partie reprend où elle en était.",
        timeout=START_TIMEOUT_MS,
    )


def test_a_computer_worker_that_stops_is_said_in_words(
    page: Page, page_monitor: PageMonitor, server_url: str
) -> None:
    # Lost mid-game: the move it is asked for fails, and the game says so instead of
    # thinking for ever.
    page_monitor.allow_console_error("The ai worker stopped")
    open_app(page, server_url, position_query("r3c3,y2d4 r ry L2", ai="y:easy"))
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=START_TIMEOUT_MS)
    _worker(page, "ai").evaluate("setTimeout(() => { throw new Error('lost'); })")
    page.wait_for_timeout(200)
    play_clicks(page, "c3", "b4")
    page.wait_for_selector("html[data-ai=unavailable]", state="attached", timeout=10_000)
    status = page.inner_text("#status")
    assert status == "The computer player is not available: reload the page to try again."
