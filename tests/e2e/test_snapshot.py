"""The Python image: restored by the page and its computer player from a first visit on,
set aside when it cannot be used; and the game's bytecode, written beside the sources of
every start, ignored when damaged.

vendor/pyodide/pyodide.mjs (tools/runtime/pyodide_start.mjs) restores vendor/image/python.gz, the
memory of an interpreter booted under Node with the game's modules imported
(tools/runtime/build_image.py), instead of booting Python. Every other browser test starts from it;
these check what it leaves behind and what happens when it is not there to use.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.appdriver import START_TIMEOUT_MS, open_app, position_query, wait_for_ply
from tools.runtime import build_bytecode, build_image

ROOT = Path(__file__).resolve().parents[2]
KEY = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))["key"]
BYTECODE = build_bytecode.BUNDLE
WASM = "vendor/pyodide/pyodide.asm.wasm"


def _bytecode_files() -> int:
    return len(build_bytecode.read_bundle())


def _computer_opens(page: Page, server_url: str, rules: str) -> None:
    """A new game (its own position, so no saved game is resumed) whose first move is the
    computer's: it is played without anyone's help."""
    open_app(page, server_url, position_query(f"- r ry {rules}", ai="r:easy"))
    wait_for_ply(page, 1, timeout=2 * START_TIMEOUT_MS)


def test_a_first_visit_restores_the_image_in_the_page_and_its_computer(
    page: Page, server_url: str
) -> None:
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    not_precaching: list[str] = []  # the service worker's install fetches every file too
    page.context.on(
        "request",
        lambda request: request.service_worker or not_precaching.append(request.url),
    )
    page.add_init_script(
        """(() => {
          globalThis.Worker = class extends globalThis.Worker {
            constructor(url, options) {
              if (String(url).includes("image-worker")) {
                globalThis.imageWorkerStartedBy = document.currentScript?.src ?? "a module";
              }
              super(url, options);
            }
          };
        })()"""
    )
    assert build_image.read_head() == {"pyodide": "314.0.2", "key": KEY}
    _computer_opens(page, server_url, "L2")
    assert page.evaluate("globalThis.pyodideSnapshot") == "restored"
    assert "Pyodide restored from a snapshot (page)" in said
    assert "Pyodide restored from a snapshot (worker)" in said
    assert page.evaluate("globalThis.pyodideBytecode") == _bytecode_files()
    # The page read its image and bytecode, and compiled Pyodide's WebAssembly, in a worker
    # of its own (image-worker.mjs): its own thread never fetched, unzipped, unpacked or
    # compiled them.
    assert page.evaluate("globalThis.pyodideWasm") == "worker"
    for read in (build_image.IMAGE, BYTECODE, WASM):
        url = f"{server_url}/{read}"
        assert url in asked
        assert page.evaluate("(url) => performance.getEntriesByName(url).length", url) == 0
    # That worker was started by assets/quickstart.js, before PyScript's core had run, and
    # its message taken by the interpreter module, which started no second one.
    assert page.evaluate("globalThis.imageWorkerStartedBy").endswith("/assets/quickstart.js")
    assert not_precaching.count(f"{server_url}/vendor/pyodide/image-worker.mjs") == 1
    assert page.evaluate("'pyodideOffThread' in globalThis") is False

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
    assert page.evaluate("globalThis.pyodideSnapshot") == "booted"
    assert not any("restored from a snapshot" in text for text in said), said
    assert any(text.startswith("Python image not used") for text in said), said


def test_where_no_worker_starts_the_page_reads_the_image_and_compiles_pyodide_itself(
    page: Page, server_url: str
) -> None:
    # An old browser without module workers: the page does the image worker's work itself,
    # and Pyodide fetches and compiles its WebAssembly as it comes.
    page.add_init_script(
        """(() => {
          globalThis.Worker = class extends globalThis.Worker {
            constructor(url, options) {
              if (String(url).includes("image-worker")) {
                throw new TypeError("module workers are not supported");
              }
              super(url, options);
            }
          };
        })()"""
    )
    _computer_opens(page, server_url, "L2")
    assert page.evaluate("globalThis.pyodideSnapshot") == "restored"
    assert page.evaluate("globalThis.pyodideWasm") is None
    for read in (build_image.IMAGE, WASM):
        url = f"{server_url}/{read}"
        assert page.evaluate("(url) => performance.getEntriesByName(url).length", url) >= 1


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
    """The game's modules and PyScript's own package (which PyScript writes at every start)
    come from the bytecode bundle: the page's Python compiles no source. A PyScript that
    wrote its package otherwise would have build_bytecode leave it out, and this fail."""
    module = (ROOT / "vendor" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    marker = "const AFTER_RESTORE = `\n"
    assert module.count(marker) == 1
    spied = module.replace(marker, marker + SOURCE_SPY)
    page.route(
        f"{server_url}/vendor/pyodide/pyodide.mjs",
        lambda route: route.fulfill(body=spied, content_type="text/javascript"),
    )
    open_app(page, server_url)
    assert page.evaluate("globalThis.pyodideSnapshot") == "restored"
    assert page.evaluate("globalThis.compiledFromSource.toJs()") == []
    assert page.evaluate("globalThis.pyodideBytecode") == _bytecode_files()
    assert "pyscript/context.py" in build_bytecode.pyscript_package()


def test_a_damaged_bytecode_bundle_costs_only_time(page: Page, server_url: str) -> None:
    # The sources are compiled as they were before there was any bytecode.
    page.route(
        f"**/{BYTECODE}",
        lambda route: route.fulfill(body=gzip.compress(b"not a bundle\n" * 100)),
    )
    _computer_opens(page, server_url, "L2")
    assert page.evaluate("globalThis.pyodideBytecode") is None
    assert page.evaluate("document.documentElement.dataset.ai") == "ready"


def test_on_a_slow_link_the_page_boots_python_rather_than_wait_for_the_image(
    page: Page, browser_context: BrowserContext, server_url: str
) -> None:
    # Chromium calls a link with 400 ms of latency "3g" (navigator.connection).
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    cdp = browser_context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    open_app(page, server_url, position_query("- r ry L2"))
    assert page.evaluate("navigator.connection.effectiveType") == "3g"
    assert page.evaluate("globalThis.pyodideSnapshot") == "booted"
    assert not any(url.endswith(build_image.IMAGE) for url in asked), asked
