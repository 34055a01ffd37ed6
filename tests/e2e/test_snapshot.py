"""The Python snapshot: stored at a first visit, restored at the next, replaced when damaged;
and the game's bytecode, written beside the sources of every start, ignored when damaged.

vendor/pyodide/pyodide.mjs (tools/pyodide_start.mjs) keeps in Cache Storage the memory of
an interpreter that has booted and imported the game's modules (assets/snapshot.json).
Every other browser test starts from a fresh profile, where the page stores one and its AI
worker restores it; this one checks the later visits: the page restored, its engine and
its computer player working, and a snapshot it cannot read thrown away for a new one.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from playwright.sync_api import Page, Route

from tests.e2e.appdriver import START_TIMEOUT_MS, open_app, position_query, wait_for_ply
from tools import build_bytecode

ROOT = Path(__file__).resolve().parents[2]
KEY = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))["key"]
BYTECODE = build_bytecode.BUNDLE


def _bytecode_files() -> int:
    return len(build_bytecode.read_bundle())


STORED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("pyodide-snapshot:")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      out.push([request.url, body.byteLength]);
    }
  }
  return out;
}"""

DAMAGE = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("pyodide-snapshot:")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      await cache.put(request, new Response(new Uint8Array(4096).fill(7)));
    }
  }
}"""


def _computer_opens(page: Page, server_url: str, rules: str) -> None:
    """A new game (its own position, so no saved game is resumed) whose first move is the
    computer's: it is played without anyone's help."""
    open_app(page, server_url, position_query(f"- r ry {rules}", ai="r:easy"))
    wait_for_ply(page, 1, timeout=2 * START_TIMEOUT_MS)


def _snapshot_state(page: Page, wanted: str) -> None:
    page.wait_for_function(
        "wanted => globalThis.pyodideSnapshot === wanted", arg=wanted, timeout=START_TIMEOUT_MS
    )


def test_later_visits_start_from_the_snapshot_and_a_damaged_one_is_replaced(
    page: Page, server_url: str
) -> None:
    _computer_opens(page, server_url, "L2")
    _snapshot_state(page, "stored")
    stored = page.evaluate(STORED)
    assert len(stored) == 1, stored  # one snapshot, under the key of today's sources
    url, size = stored[0]
    assert url.endswith(f"-{KEY}.bin") and size > 1_000_000, stored
    assert page.evaluate("globalThis.pyodideBytecode") == _bytecode_files()

    _computer_opens(page, server_url, "L3")
    _snapshot_state(page, "restored")
    assert page.evaluate("document.documentElement.dataset.ai") == "ready"
    assert page.evaluate("globalThis.pyodideBytecode") == _bytecode_files()

    page.evaluate(DAMAGE)
    _computer_opens(page, server_url, "L1")
    _snapshot_state(page, "stored")  # booted afresh and stored a good one again
    (again,) = page.evaluate(STORED)
    assert again[0] == url and again[1] > 1_000_000


def test_a_damaged_bytecode_bundle_costs_only_time(page: Page, server_url: str) -> None:
    # The sources are compiled as they were before there was any bytecode.
    page.route(
        f"**/{BYTECODE}",
        lambda route: route.fulfill(body=gzip.compress(b"not a bundle\n" * 100)),
    )
    _computer_opens(page, server_url, "L2")
    assert page.evaluate("globalThis.pyodideBytecode") is None
    assert page.evaluate("document.documentElement.dataset.ai") == "ready"


def test_a_first_visits_computer_restores_the_snapshot_even_if_it_is_stored_late(
    page: Page, server_url: str
) -> None:
    # The page is interactive before its snapshot is stored (its keeper held back): the
    # computer player's worker waits for it rather than boot Python afresh.
    held: list[Route] = []
    page.route("**/vendor/pyodide/snapshot-keeper.mjs", lambda route: held.append(route))
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    open_app(page, server_url, position_query("- r ry L2", ai="y:easy"))
    page.wait_for_function("globalThis.pyodideSnapshot === 'storing'", timeout=START_TIMEOUT_MS)
    page.wait_for_timeout(1500)  # time for a worker to start, were one started
    assert page.evaluate("document.documentElement.dataset.ai") != "ready"
    assert "Pyodide restored from a snapshot (worker)" not in said
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=START_TIMEOUT_MS)
    assert page.evaluate("globalThis.pyodideSnapshot") == "stored"
    assert "Pyodide restored from a snapshot (worker)" in said
