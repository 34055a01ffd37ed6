// Pyodide, started from a memory snapshot when one is at hand.
//
// tools/vendor.py copies this file to vendor/pyodide/pyodide.mjs, the interpreter every
// PyScript config of the site names, and Pyodide's own loader next to it as
// pyodide.loader.mjs: PyScript imports this module, reads `version` and calls
// `loadPyodide` as it would Pyodide's.
//
// Booting Pyodide (compiling the WebAssembly it runs, unpacking the standard library,
// starting CPython and its own modules) takes seconds on a phone, the same work at every
// visit and in every worker. Pyodide can instead restore the memory of an interpreter that
// has already booted (`_makeSnapshot` / `_loadSnapshot`, experimental: loadPyodide's
// documented options list them as private), in a fraction of that time. So:
//
// * A page that opts in (`<meta name="pyodide-snapshot" content="store">`, the game) boots
//   normally on its first visit, takes a snapshot the moment Pyodide is up and the game's
//   modules are imported (before PyScript or the page runs anything, so it holds no trace
//   of either) and has a worker of its own keep it in Cache Storage (snapshot-keeper.mjs,
//   from tools/snapshot-keeper.mjs: packing and storing 30 MB is no work for the page's
//   main thread while it starts). Never from an embedded board or a frame: a picture in
//   someone else's page has no business storing 15 MB.
// * Every interpreter of the origin, in a page or a worker, restores from a stored snapshot
//   when there is one (the game's AI worker on the very first visit too) and boots normally
//   when there is none or restoring fails (the snapshot is then dropped).
// * The snapshot holds the game's modules too (those that run without a browser, listed
//   in assets/snapshot.json by tools/build_snapshot.py): imported before it is taken, so
//   a later start has neither their sources to compile nor their code to run.
// * The snapshot is tied to this Pyodide build and to those sources: it is stored under
//   the version's name and the sources' key (a site updated with other sources makes a
//   new one), and Pyodide itself refuses one of another build.
//
// Every interpreter it starts also gets the game's sources compiled ahead of time
// (vendor/bytecode/derive.pyc.gz, from tools/build_bytecode.py), written beside the
// sources before anything imports them: compiling them was most of the imports' time.
//
// `pyodide:snapshot` (an event on the page's global object, once) says that a snapshot is
// stored, so that workers started from now on restore from it, or that storing it failed;
// `globalThis.pyodideSnapshot` says where things stand: "restored", "storing" (a worker
// started now would boot Python afresh: wait for the event), "stored" or "unstored".

import { loadPyodide as boot, version } from "./pyodide.loader.mjs";
import { unpack } from "./snapshot-pages.mjs";

export { version };

const INDEX_URL = new URL("./", import.meta.url).href;
// The site's root (this file is vendor/pyodide/pyodide.mjs): one snapshot per copy of the
// site, as the service worker keeps one cache per scope.
const SCOPE = new URL("../../", import.meta.url).href;
const CACHE = `pyodide-snapshot:${SCOPE}`;
const MANIFEST = new URL("assets/snapshot.json", SCOPE).href;
const IN_PAGE = typeof document !== "undefined";

function keyOf(plan) {
  return new URL(`snapshot-${version}-${plan.key}.bin`, INDEX_URL).href;
}

// What goes into a snapshot (assets/snapshot.json); null when it cannot be read: then no
// snapshot is made or restored at all, rather than one whose modules nobody can vouch for.
const MODULE = /^derive(?:\.[A-Za-z_]\w*)*$/;
const SOURCE = /^derive\/(?:[A-Za-z_]\w*\/)*[A-Za-z_]\w*\.py$/;
async function readPlan() {
  try {
    const response = await fetch(MANIFEST, { cache: "no-cache" });
    if (!response.ok) return null;
    const plan = await response.json();
    const listed = (items, pattern) =>
      Array.isArray(items) && items.length < 500 && items.every((x) => pattern.test(x));
    if (typeof plan?.key !== "string" || !/^[0-9a-f]{16}$/.test(plan.key)) return null;
    if (!listed(plan.modules, MODULE) || !listed(plan.files, SOURCE)) return null;
    return plan;
  } catch {
    return null;
  }
}

async function openCache() {
  try {
    return "caches" in globalThis ? await caches.open(CACHE) : null;
  } catch {
    return null; // storage blocked (private mode, quota): start the usual way
  }
}

async function storedSnapshot(cache, plan) {
  try {
    const hit = cache && plan && (await cache.match(keyOf(plan)));
    return hit ? unpack(new Uint8Array(await hit.arrayBuffer())) : null;
  } catch {
    return null;
  }
}

function mayStore() {
  if (!IN_PAGE || window.top !== window) return false;
  const root = document.documentElement;
  if (root.classList.contains("embed")) return false;
  return document.querySelector('meta[name="pyodide-snapshot"][content="store"]') !== null;
}

function announce(how) {
  globalThis.pyodideSnapshot = how;
  if (IN_PAGE) dispatchEvent(new Event("pyodide:snapshot"));
}

// A restored interpreter is the booted one, down to its random generator's state: without
// fresh seeds every visit would deal the same dice and the same computer "choices".
// The modules it holds were read from files that are not there yet: PyScript writes them
// again, and the import system must look at the folders afresh.
const AFTER_RESTORE = `
import importlib, random, sys, time
importlib.invalidate_caches()
random.seed()
getattr(time, "tzset", lambda: None)()
if "tempfile" in sys.modules:
    sys.modules["tempfile"]._name_sequence = None
`;

// With `_makeSnapshot`, Python's `js` module is the global object seen through a
// recording Proxy (that is how the snapshot names the JavaScript objects it holds). Once
// the snapshot is taken, the live interpreter gets the plain object back: a Proxy handed
// to a DOM method as an argument is refused ("parameter 1 is not of type 'Node'").
function plainGlobals(pyodide) {
  if (pyodide._api?.config) pyodide._api.config.jsglobals = globalThis;
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython('import sys\nsys.modules.pop("js", None)');
}

// The game's sources, fetched while Pyodide boots, written where PyScript writes them
// (the same files, again, later) and imported, so that the snapshot holds them.
async function fetchSources(plan) {
  return Promise.all(
    plan.files.map(async (file) => {
      const response = await fetch(new URL(file, SCOPE));
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      return [file, new Uint8Array(await response.arrayBuffer())];
    }),
  );
}

// [[path, bytes], ...], the paths relative to the interpreter's working folder, where
// PyScript writes [files].
function writeFiles(pyodide, files) {
  const home = pyodide.FS.cwd();
  for (const [file, body] of files) {
    const path = `${home}/${file}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, body);
  }
}

function importPlanned(pyodide, sources, plan) {
  writeFiles(pyodide, sources);
  pyodide.runPython(
    `import importlib\nfor name in ${JSON.stringify(plan.modules)}:\n    importlib.import_module(name)\n`,
  );
}

// ----- the sources' bytecode

const BYTECODE = new URL("vendor/bytecode/derive.pyc.gz", SCOPE).href;
const PYC = /^derive\/(?:[A-Za-z_]\w*\/)*__pycache__\/[A-Za-z_]\w*\.cpython-\d+\.pyc$/;
const BYTECODE_LIMIT = 16 << 20; // bytes, unpacked: some twenty times what the game has
const HEAD_LIMIT = 1 << 20;
// How long past the boot a start waits for it: never long on a slow network, and less
// after a restore, when only the modules that touch the page are left to compile.
const BYTECODE_WAIT_MS = { booted: 1000, restored: 250 };

async function unzipped(response) {
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > BYTECODE_LIMIT) {
      reader.cancel().catch(() => undefined);
      throw new Error("bytecode bundle too large");
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

// The bundle (tools/bytecode.mjs): a line of JSON, [[path, size], ...], then the files.
function entries(bundle) {
  const end = bundle.subarray(0, HEAD_LIMIT).indexOf(10);
  if (end < 0) throw new Error("bytecode bundle without a header");
  const listed = JSON.parse(new TextDecoder().decode(bundle.subarray(0, end)));
  if (!Array.isArray(listed) || listed.length > 1000) throw new Error("bad bytecode header");
  const files = [];
  let at = end + 1;
  for (const item of listed) {
    const [path, size] = Array.isArray(item) ? item : [];
    if (typeof path !== "string" || !PYC.test(path) || !Number.isInteger(size) || size < 0) {
      throw new Error("bad bytecode entry");
    }
    files.push([path, bundle.subarray(at, at + size)]);
    at += size;
  }
  if (at !== bundle.length) throw new Error("bytecode bundle of the wrong length");
  return files;
}

// null when there is none (a site built without it) or it cannot be read: the sources
// are then compiled as they always were.
async function fetchBytecode() {
  try {
    if (typeof DecompressionStream === "undefined") return null;
    if (IN_PAGE && document.querySelector('meta[name="pyodide-bytecode"][content="none"]')) {
      return null; // a page that runs none of the game's Python (the benchmark's bare page)
    }
    const response = await fetch(BYTECODE);
    return response.ok && response.body ? entries(await unzipped(response)) : null;
  } catch (error) {
    console.warn("Python bytecode not used:", error);
    return null;
  }
}

async function installBytecode(pyodide, pending, wait = BYTECODE_WAIT_MS.booted) {
  const timer = new Promise((resolve) => setTimeout(resolve, wait, null));
  const files = await Promise.race([pending, timer]);
  if (!files) return;
  try {
    writeFiles(pyodide, files);
    globalThis.pyodideBytecode = files.length;
  } catch (error) {
    console.warn("Python bytecode not written:", error);
  }
}

// ----- keeping the snapshot

// Packing 30 MB and handing it to Cache Storage is some 50 ms of work: done by a worker of
// its own (tools/snapshot-keeper.mjs), on the other core, while the page goes on starting.
// The snapshot is moved to it, not copied.
function keep(snapshot, key) {
  try {
    const keeper = new Worker(new URL("./snapshot-keeper.mjs", import.meta.url), {
      type: "module",
      name: "pyodide-snapshot-keeper",
    });
    const done = (stored, why) => {
      keeper.terminate();
      if (!stored) console.warn("Pyodide snapshot not stored:", why);
      announce(stored ? "stored" : "unstored");
    };
    keeper.onmessage = ({ data }) => done(data?.stored === true, data?.error);
    keeper.onerror = (event) => done(false, event.message || "the keeper did not start");
    keeper.postMessage({ snapshot, cache: CACHE, key }, [snapshot.buffer]);
    globalThis.pyodideSnapshot = "storing"; // a worker started now would not find it yet
  } catch (error) {
    console.warn("Pyodide snapshot not stored:", error);
  }
}

async function lookUp() {
  const [cache, plan] = await Promise.all([openCache(), readPlan()]);
  return { cache, plan, snapshot: await storedSnapshot(cache, plan) };
}

// Begun as soon as this module is imported: a page that imports it early (the game's
// assets/quickstart.js) reads the snapshot while PyScript is still loading. A second
// interpreter in the same page looks again.
let early = lookUp();
// The bytecode too: a page that restores a snapshot is up in half a second, and on a later
// visit the service worker, started with the browser, may take a while to answer.
let earlyBytecode = IN_PAGE ? fetchBytecode() : null;

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  // A page's was asked for when this module was imported (see earlyBytecode); a worker's
  // only if it boots afresh: a worker runs only modules that need no browser, and a
  // snapshot holds them all, compiled and run.
  let bytecode = earlyBytecode;
  earlyBytecode = null;
  const { cache, plan, snapshot } = await (early ?? lookUp());
  early = null;
  if (snapshot) {
    try {
      const pyodide = await boot({ ...settings, _loadSnapshot: snapshot });
      pyodide.runPython(AFTER_RESTORE);
      if (bytecode) await installBytecode(pyodide, bytecode, BYTECODE_WAIT_MS.restored);
      announce("restored");
      console.debug(`Pyodide restored from a snapshot (${IN_PAGE ? "page" : "worker"})`);
      return pyodide;
    } catch (error) {
      console.warn("Pyodide snapshot not usable, booting afresh:", error);
      cache?.delete(keyOf(plan)).catch(() => undefined);
    }
  }
  bytecode ??= fetchBytecode();
  if (!cache || !plan || !mayStore()) {
    const pyodide = await boot(settings);
    await installBytecode(pyodide, bytecode);
    return pyodide;
  }
  const sources = fetchSources(plan);
  sources.catch(() => undefined); // awaited below, but only once the boot is over
  const pyodide = await boot({ ...settings, _makeSnapshot: true });
  let made = null;
  try {
    await installBytecode(pyodide, bytecode);
    importPlanned(pyodide, await sources, plan);
    made = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("Pyodide snapshot not made:", error);
  }
  plainGlobals(pyodide);
  if (made) keep(made, keyOf(plan)); // in the background: the page goes on starting
  return pyodide;
}
