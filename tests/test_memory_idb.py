"""tools/runtime/memory-idb.mjs under Node: the database PyScript opens at every start, kept in
memory where the browser refuses one (a frame on another site), and the browser's own
where it answers. The browser tests (tests/e2e/test_embed.py) run it for real in frames
of another site; here each way a browser can refuse is played by a stand-in."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "tools" / "runtime" / "memory-idb.mjs").as_uri()
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

# What PyScript's IDBMap does with a database (vendor/pyscript/core-*.js): open it, make its
# one store on upgrade, then put, get, count, list, delete and clear entries through
# transactions, each request answered by an event whose target holds the result.
USE = """
const ask = (request) => new Promise((resolve, reject) =>
  Object.assign(request, { onsuccess: (e) => resolve(e.target.result), onerror: reject }));
function open(name) {
  return new Promise((resolve, reject) => {
    Object.assign(indexedDB.open(name), {
      onupgradeneeded({ target: { result, transaction } }) {
        if (!result.objectStoreNames.length) result.createObjectStore("entries");
        transaction.oncomplete = () => resolve(result);
      },
      onsuccess: (e) => resolve(e.target.result),
      onerror: (e) => reject(new Error("open failed: " + e.type)),
    });
  });
}
async function use(name) {
  const db = await open(name);
  const store = (mode) => db.transaction("entries", mode, { durability: "default" })
    .objectStore("entries");
  await ask(store("readwrite").put({ n: 1 }, "a"));
  await ask(store("readwrite").put([2], "b"));
  const got = await ask(store("readonly").get("a"));
  const has = await ask(store("readonly").getKey("b"));
  const count = await ask(store("readonly").count());
  await ask(store("readwrite").delete("a"));
  const keys = await ask(store("readonly").getAllKeys());
  const again = await open(name);  // a second open finds the same entries
  const kept = await ask(again.transaction("entries", "readonly").objectStore("entries").count());
  await ask(store("readwrite").clear());
  const left = await ask(store("readonly").count());
  return { got, has, count, keys, kept, left };
}
"""


def _run(setup: str) -> dict[str, object]:
    assert NODE is not None
    script = (
        setup
        + f'\nawait import("{MODULE}");\n'
        + USE
        + "\nconsole.log(JSON.stringify({ used: await use('IDBMap/x'), "
        + "real: globalThis.realOpened ?? 0 }));"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout))


EXPECTED = {"got": {"n": 1}, "has": "b", "count": 2, "keys": ["b"], "kept": 1, "left": 0}


@needs_node
def test_no_indexeddb_at_all_gets_one_in_memory() -> None:
    assert _run("")["used"] == EXPECTED


@needs_node
def test_a_refused_open_by_error_event_falls_back_to_memory_and_goes_no_further() -> None:
    # Chromium, for a frame of another site whose reader blocks third-party storage: the
    # request fires "error" ("The user denied permission to access the database").
    refusing = """
globalThis.realOpened = 0;
globalThis.indexedDB = { open() {
  globalThis.realOpened += 1;
  const request = { error: new Error("denied") };
  setTimeout(() => {
    let stopped = false;
    const event = { type: "error", target: request, preventDefault() {},
                    stopPropagation() { stopped = true; } };
    request.onerror(event);
    if (!stopped) throw new Error("the refusal reached the page");
  }, 0);
  return request;
} };
"""
    out = _run(refusing)
    assert out["used"] == EXPECTED
    assert out["real"] == 2  # each open asked the browser first


@needs_node
def test_an_open_that_throws_or_a_property_that_throws_falls_back_to_memory() -> None:
    throwing = (
        'globalThis.indexedDB = { open() { throw new DOMException("no", "SecurityError"); } };'
    )
    assert _run(throwing)["used"] == EXPECTED
    getter = (
        'Object.defineProperty(globalThis, "indexedDB", { configurable: true, '
        'get() { throw new DOMException("no", "SecurityError"); } });'
    )
    assert _run(getter)["used"] == EXPECTED


@needs_node
def test_a_browser_that_answers_keeps_its_own_database() -> None:
    # A stand-in "real" database answering from a Map of its own: every request goes to it.
    answering = """
globalThis.realOpened = 0;
const real = new Map();
const answer = (compute) => { const r = {}; setTimeout(() => { r.result = compute();
  r.onsuccess({ type: "success", target: r }); }, 0); return r; };
const store = { put: (v, k) => answer(() => (real.set(k, v), k)),
  get: (k) => answer(() => real.get(k)),
  getKey: (k) => answer(() => (real.has(k) ? k : undefined)), count: () => answer(() => real.size),
  delete: (k) => answer(() => void real.delete(k)), clear: () => answer(() => real.clear()),
  getAllKeys: () => answer(() => [...real.keys()]) };
const db = { objectStoreNames: { length: 1 }, transaction: () => ({ objectStore: () => store }) };
globalThis.indexedDB = { open() { globalThis.realOpened += 1;
  return answer(() => db); } };
"""
    out = _run(answering)
    assert out["used"] == EXPECTED
    assert out["real"] == 2
