// Pyodide, restored from a memory snapshot of Python when one is at hand.
//
// tools/runtime/vendor.py copies this file to vendor/pyodide/pyodide.mjs, the interpreter every
// PyScript config of the site names, and Pyodide's own loader next to it as
// pyodide.loader.mjs: PyScript imports this module, reads `version` and calls
// `loadPyodide` as it would Pyodide's.
//
// Booting Pyodide (running CPython's start and Pyodide's own modules, in WebAssembly) is
// almost all of a start: seconds on a phone, the same work at every visit and in every
// worker. Pyodide can instead restore the memory of an interpreter that has already booted
// (`_makeSnapshot` / `_loadSnapshot`, experimental: loadPyodide's documented options list
// them as private), in a fraction of that time. So:
//
// * The site serves one such memory, vendor/image/python.gz: the vendored Pyodide booted
//   under Node with the game's modules imported (tools/runtime/build_image.py, tools/runtime/image.mjs).
//   Those are the modules that run without a browser, listed in assets/snapshot.json by
//   tools/runtime/build_snapshot.py: a start has neither their sources to compile nor their code
//   to run.
// * Every interpreter of the site, in a page or a worker, restores it, from the very first
//   visit (the service worker keeps it for later ones), and boots Python as usual when it
//   is missing, damaged, made for other sources or another Pyodide, or not restored.
// * A page that wants the plain runtime says so (`<meta name="pyodide-start"
//   content="plain">`: the benchmark's bare page), and boots as Pyodide alone would.
//
// A page also has Pyodide's WebAssembly compiled off its thread (see compileWasm).
//
// Every interpreter it starts also gets the game's sources compiled ahead of time
// (vendor/bytecode/derive.pyc.gz, from tools/runtime/build_bytecode.py), written beside the
// sources before anything imports them: compiling them was most of the imports' time.
//
// `globalThis.pyodideSnapshot` says how the interpreter started: "restored" or "booted".

import { loadPyodide as boot, version } from "./pyodide.loader.mjs";
import { unpack } from "./snapshot-pages.mjs";
// PyScript opens a database once this module is imported: where the browser refuses one
// (a frame on another site), it gets one in memory.
import "./memory-idb.mjs";

export { version };

const INDEX_URL = new URL("./", import.meta.url).href;
// The site's root (this file is vendor/pyodide/pyodide.mjs).
const SCOPE = new URL("../../", import.meta.url).href;
const MANIFEST = new URL("assets/snapshot.json", SCOPE).href;
const IMAGE = new URL("vendor/image/python.gz", SCOPE).href;
// Where earlier versions of the site kept a snapshot of their own: 17 MB of a device's
// storage to give back.
const OLD_CACHE = `pyodide-snapshot:${SCOPE}`;
const IN_PAGE = typeof document !== "undefined";

function plainRuntime() {
  return IN_PAGE && document.querySelector('meta[name="pyodide-start"][content="plain"]') !== null;
}

// What the image holds (assets/snapshot.json); null when it cannot be read: then no image
// is restored at all, rather than one whose modules nobody can vouch for.
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

// ----- the image (tools/runtime/image.mjs): a line of JSON, then the packed memory, gzipped

const IMAGE_LIMIT = 1 << 28; // bytes, unpacked: some fifteen times what it now holds

// On a slow link the image's 7 MB take longer to come than Python takes to boot (at
// 2 Mbit/s, half a minute), and a reader who asked to save data did not ask for them: the
// image is then used only when it is already in a cache (a later visit), and Python boots.
// (The browser's estimate of the link's speed, `downlink`, is no guide: Chromium reports
// 1.6 Mbit/s for a page of its own machine, before it has measured anything.)
function slowLink(link) {
  if (!link) return false;
  return link.saveData === true || /^(?:slow-2g|2g|3g)$/.test(String(link.effectiveType ?? ""));
}

async function cached(url) {
  try {
    return "caches" in globalThis ? ((await caches.match(url)) ?? null) : null;
  } catch {
    return null;
  }
}

// The memory to restore, or null: none served, unreadable, or made for another Pyodide or
// for other sources (a site updated without rebuilding it), or a slow link (see above).
async function fetchImage(plan) {
  try {
    if (!plan || typeof DecompressionStream === "undefined") return null;
    const response = slowLink(globalThis.navigator?.connection)
      ? await cached(IMAGE)
      : await fetch(IMAGE);
    if (!response?.ok || !response.body) return null;
    const [head, packed] = lined(await unzipped(response, IMAGE_LIMIT), 1024);
    if (head?.pyodide !== version || head?.key !== plan.key) {
      console.warn("Python image not used: made for other sources or another Pyodide");
      return null;
    }
    const memory = unpack(packed);
    if (!memory) console.warn("Python image not used: damaged");
    return memory;
  } catch (error) {
    console.warn("Python image not used:", error);
    return null;
  }
}

// A restored interpreter is the booted one, down to its random generator's state: without
// fresh seeds every visit would deal the same dice and the same computer "choices".
// The modules it holds were read from files that are not there yet: PyScript writes them
// again, and the import system must look at the folders afresh. That is what the path
// finders' own invalidate_caches do; importlib.invalidate_caches() does it too, but also
// imports importlib.metadata (email, zipfile, csv…) to clear a cache nobody here uses:
// 290 ms of the page's thread on this machine, more than the rest of the restore.
const AFTER_RESTORE = `
import os, random, sys, time
for _name, _finder in list(sys.path_importer_cache.items()):
    if _finder is None or not os.path.isabs(_name):
        del sys.path_importer_cache[_name]
    elif hasattr(_finder, "invalidate_caches"):
        _finder.invalidate_caches()
del _name, _finder
random.seed()
getattr(time, "tzset", lambda: None)()
if "tempfile" in sys.modules:
    sys.modules["tempfile"]._name_sequence = None
`;

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

// ----- the sources' bytecode

const BYTECODE = new URL("vendor/bytecode/derive.pyc.gz", SCOPE).href;
const PYC = /^(?:derive|pyscript)\/(?:[A-Za-z_]\w*\/)*__pycache__\/[A-Za-z_]\w*\.cpython-\d+\.pyc$/;
const BYTECODE_LIMIT = 16 << 20; // bytes, unpacked: some twenty times what the game has
const HEAD_LIMIT = 1 << 20;
// How long past the boot a start waits for it: never long on a slow network, and less
// after a restore, when only the modules that touch the page are left to compile.
const BYTECODE_WAIT_MS = { booted: 1000, restored: 250 };

// The format tools/runtime/node_pyodide.mjs writes, unzipped: its line of JSON (within `limit`
// bytes), decoded, and the bytes after it.
function lined(whole, limit) {
  const end = whole.subarray(0, limit).indexOf(10);
  if (end < 0) throw new Error("no header");
  return [JSON.parse(new TextDecoder().decode(whole.subarray(0, end))), whole.subarray(end + 1)];
}

async function unzipped(response, limit) {
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      reader.cancel().catch(() => undefined);
      throw new Error("too large");
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

// The bundle (tools/runtime/bytecode.mjs): a line of JSON, [[path, size], ...], then the files.
function entries(bundle) {
  const [listed, body] = lined(bundle, HEAD_LIMIT);
  if (!Array.isArray(listed) || listed.length > 1000) throw new Error("bad bytecode header");
  const files = [];
  let at = 0;
  for (const item of listed) {
    const [path, size] = Array.isArray(item) ? item : [];
    if (typeof path !== "string" || !PYC.test(path) || !Number.isInteger(size) || size < 0) {
      throw new Error("bad bytecode entry");
    }
    files.push([path, body.subarray(at, at + size)]);
    at += size;
  }
  if (at !== body.length) throw new Error("bytecode bundle of the wrong length");
  return files;
}

// null when there is none (a site built without it) or it cannot be read: the sources
// are then compiled as they always were. The bundle unzipped (readBytecodeBundle, in the
// page's image worker), then its files (bytecodeFiles, in the page).
export async function readBytecodeBundle() {
  try {
    if (typeof DecompressionStream === "undefined") return null;
    const response = await fetch(BYTECODE);
    return response.ok && response.body ? await unzipped(response, BYTECODE_LIMIT) : null;
  } catch (error) {
    console.warn("Python bytecode not used:", error);
    return null;
  }
}

function bytecodeFiles(bundle) {
  try {
    return bundle ? entries(bundle) : null;
  } catch (error) {
    console.warn("Python bytecode not used:", error);
    return null;
  }
}

async function fetchBytecode() {
  return bytecodeFiles(await readBytecodeBundle());
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

// ----- task boundaries

// Between the start's steps a page's thread is given back to the browser, which can then
// paint and answer a tap: on a phone the whole start (seconds at Lighthouse's 4x slower CPU)
// would otherwise be a handful of long tasks that freeze the page. `scheduler.yield` comes
// back before the tasks queued meanwhile; a message, where it is missing, nearly as soon.
// A worker has no page to keep alive.
function nextTask() {
  if (!IN_PAGE) return Promise.resolve();
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// Pyodide's own module factory, with a task boundary between making the runtime (the
// WebAssembly instantiated, Emscripten's start, the standard library mounted) and what
// Pyodide does next in the same task (restoring the image, its own Python start).
async function createPyodideModule(settings) {
  const { default: create } = await import(new URL("pyodide.asm.mjs", INDEX_URL).href);
  const module = await create(settings);
  await nextTask();
  return module;
}

// ----- Pyodide's WebAssembly, compiled off the page's thread

const WASM = new URL("pyodide.asm.wasm", INDEX_URL).href;

// Compiling Pyodide's 8 MB of WebAssembly as it streams in is work of the thread that asks
// for it: decoding it as it comes and finishing it held a page's thread for some 400 ms at
// a phone's speed (Lighthouse's 4x slower CPU), in tasks of up to 300 ms. The page's image
// worker compiles it instead and hands the page the compiled module, which browsers share
// between a page and its workers, compiled code and all. null when it cannot: the page then
// lets Pyodide fetch and compile it as usual.
export async function compileWasm() {
  try {
    const response = await fetch(WASM);
    if (!response.ok) return null;
    if (typeof WebAssembly.compileStreaming === "function") {
      const type = response.headers.get("content-type") ?? "";
      if (type.split(";")[0].trim() === "application/wasm") {
        return await WebAssembly.compileStreaming(response);
      }
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    console.warn("Pyodide's WebAssembly not compiled ahead:", error);
    return null;
  }
}

// Pyodide's loader, handed `module` for its WebAssembly instead of fetching and compiling
// it. The loader asks for the file with `fetch` and compiles it with
// `WebAssembly.instantiateStreaming` (pyodide.loader.mjs, getInstantiateWasmFunc): while it
// boots, that one request is answered with a placeholder and that one compilation is
// `module`'s instance; every other call goes through untouched. Should the module be
// refused, the loader gets the file itself after all.
async function bootCompiled(settings, module) {
  if (!(module instanceof WebAssembly.Module)) return boot(settings);
  const { fetch: fetchAny } = globalThis;
  const streaming = WebAssembly.instantiateStreaming;
  const placeholder = Promise.resolve(new Response(new Uint8Array(0)));
  const same = (input) => String(input instanceof Request ? input.url : input) === WASM;
  const fetchOnce = (input, init) => {
    if (!same(input)) return fetchAny(input, init);
    globalThis.fetch = fetchAny;
    return placeholder;
  };
  const instantiateOnce = async (source, imports) => {
    if (source !== placeholder) return streaming.call(WebAssembly, source, imports);
    WebAssembly.instantiateStreaming = streaming;
    try {
      await nextTask(); // instantiating is a long step of its own (120 ms at 4x)
      const instance = await WebAssembly.instantiate(module, imports);
      await nextTask();
      globalThis.pyodideWasm = "worker";
      return { instance, module };
    } catch (error) {
      console.warn("Pyodide's compiled WebAssembly refused, fetching it:", error);
      return streaming.call(WebAssembly, fetchAny(WASM), imports);
    }
  };
  globalThis.fetch = fetchOnce;
  WebAssembly.instantiateStreaming = instantiateOnce;
  try {
    return await boot(settings);
  } finally {
    if (globalThis.fetch === fetchOnce) globalThis.fetch = fetchAny;
    if (WebAssembly.instantiateStreaming === instantiateOnce) {
      WebAssembly.instantiateStreaming = streaming;
    }
  }
}

// ----- starting

function forgetOldSnapshot() {
  if (IN_PAGE && "caches" in globalThis) caches.delete(OLD_CACHE).catch(() => undefined);
}

function readImage() {
  return readPlan().then(fetchImage);
}

// A page reads the image and the bytecode in a worker of its own
// (vendor/pyodide/image-worker.mjs, which imports this module): their fetch, unzipping and
// unpacking held the page's thread for some 200 ms on this machine, four times that on a
// phone, while the page should answer its reader. They come back transferred, not copied.
// Where no module worker starts, the page reads them itself.
function readOffThread() {
  const here = () => ({ image: readImage(), bytecode: readBytecodeBundle(), wasm: null });
  const bytes = (value) => (value instanceof Uint8Array ? value : null);
  return startImageWorker().then((data) => {
    if (!data) return here();
    const wasm = data.wasm instanceof WebAssembly.Module ? data.wasm : null;
    return { image: bytes(data.image), bytecode: bytes(data.bytecode), wasm };
  });
}

// The worker's message, or null when no worker started or it failed.
function startImageWorker() {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL("./image-worker.mjs", import.meta.url), { type: "module" });
    } catch {
      resolve(null);
      return;
    }
    worker.onmessage = ({ data }) => {
      worker.terminate();
      resolve(data ?? null);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(null);
    };
  });
}

// Begun as soon as this module is imported, so that a page that imports it early reads the
// image, the bytecode and the compiled WebAssembly while PyScript is still loading. Each is handed out once: a second interpreter in the same page
// fetches them again (from the HTTP cache). A worker reads the image and the bytecode: the
// image holds the game's modules, compiled and run, and the bytecode PyScript's own, which
// PyScript imports in every worker it starts.
const PLAIN = plainRuntime();
const offThread = IN_PAGE && !PLAIN ? readOffThread() : null;
const pending = PLAIN
  ? {}
  : offThread
    ? {
        image: offThread.then((read) => read.image),
        bytecode: offThread.then((read) => read.bytecode).then(bytecodeFiles),
        wasm: offThread.then((read) => read.wasm),
      }
    : { image: readImage(), bytecode: fetchBytecode() };

function take(name) {
  const value = pending[name] ?? null;
  delete pending[name];
  return value;
}

// The image as this module read it, once (image-worker.mjs).
export function takeImage() {
  return take("image") ?? readImage();
}

// ----- downloads Python cannot start without

// Pyodide 314.0.2's loader catches a failed download of its WebAssembly and only warns
// ("wasm instantiation failed!"): its promise never settles. Measured on the game page with
// pyodide.asm.wasm aborted, and with it never answered: "Starting takes a while…" until the
// page's last bound, 180 s, and never why. So while Python starts, the downloads it cannot
// start without (Pyodide's WebAssembly, its standard library, its lock file) are watched:
// one that cannot be fetched, or that gets no answer and no byte for STALL_MS, fails the
// start at once, and PyScript hands that failure to the page (a worker's `ready` rejects).
// The image and the bytecode are not watched: without them Python boots, only slower.
const STALL_MS = 30000;
const ESSENTIAL = /\/vendor\/pyodide\/(?:pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json)$/;

function watchDownloads(fail) {
  const plain = globalThis.fetch;
  const moving = new Map(); // each download in flight: [url, when it last moved]
  let count = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [url, last] of moving.values()) {
      if (now - last > STALL_MS) fail(new Error(`${url}: no answer for ${STALL_MS / 1000} s`));
    }
  }, 1000);
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!ESSENTIAL.test(new URL(url, SCOPE).pathname)) return plain(input, init);
    count += 1;
    const id = count;
    moving.set(id, [url, Date.now()]);
    let response;
    try {
      response = await plain(input, init);
    } catch (error) {
      moving.delete(id);
      fail(error);
      throw error;
    }
    if (!response.body) {
      moving.delete(id);
      return response;
    }
    // The bytes are taken as they come, whether or not the reader asks yet (an unbounded
    // queue: the reader takes them all anyway), so that a body read later (the standard
    // library after the WebAssembly) is never taken for a stalled download.
    const counted = new TransformStream(
      {
        transform(chunk, control) {
          moving.set(id, [url, Date.now()]);
          control.enqueue(chunk);
        },
        flush() {
          moving.delete(id);
        },
      },
      undefined,
      { highWaterMark: Infinity },
    );
    const { status, statusText, headers } = response;
    return new Response(response.body.pipeThrough(counted), { status, statusText, headers });
  };
  return () => {
    clearInterval(timer);
    if (globalThis.fetch !== plain) globalThis.fetch = plain;
  };
}

// A worker that had to boot Python gets the sources the image would have held, written
// before anything imports them (assets/snapshot.json lists them). A worker whose config
// lists no [files] (the game page's, game.toml) has no other way to them; one that lists
// them (the lesson boards') has them written again by PyScript, which changes nothing.
async function writeSources(pyodide) {
  const plan = await readPlan();
  if (!plan) throw new Error("the list of the game's sources cannot be read");
  const files = await Promise.all(
    plan.files.map(async (name) => {
      const source = await fetch(new URL(name, SCOPE));
      if (!source.ok) throw new Error(`${name}: ${source.status}`);
      return [name, new Uint8Array(await source.arrayBuffer())];
    }),
  );
  writeFiles(pyodide, files);
}

export async function loadPyodide(options = {}) {
  let unwatch = () => undefined;
  const stopped = new Promise((_, fail) => {
    unwatch = watchDownloads(fail);
  });
  stopped.catch(() => undefined); // heard by the race below
  try {
    return await Promise.race([start(options), stopped]);
  } finally {
    unwatch();
  }
}

async function start(options) {
  const settings = { ...options, indexURL: INDEX_URL, createPyodideModule };
  if (PLAIN) {
    const pyodide = await boot({ ...options, indexURL: INDEX_URL });
    globalThis.pyodideSnapshot = "booted";
    return pyodide;
  }
  // The bytecode was asked for when this module was imported (see pending).
  let bytecode = take("bytecode");
  const wasm = await take("wasm");
  const image = await takeImage();
  forgetOldSnapshot();
  if (image) {
    try {
      const pyodide = await bootCompiled({ ...settings, _loadSnapshot: image }, wasm);
      await nextTask();
      pyodide.runPython(AFTER_RESTORE);
      if (bytecode) await installBytecode(pyodide, bytecode, BYTECODE_WAIT_MS.restored);
      await nextTask();
      globalThis.pyodideSnapshot = "restored";
      console.debug(`Pyodide restored from a snapshot (${IN_PAGE ? "page" : "worker"})`);
      return pyodide;
    } catch (error) {
      console.warn("Python image not restored, booting afresh:", error);
    }
  }
  bytecode ??= fetchBytecode();
  const pyodide = await bootCompiled(settings, wasm);
  if (!IN_PAGE) await writeSources(pyodide);
  await installBytecode(pyodide, bytecode);
  globalThis.pyodideSnapshot = "booted";
  return pyodide;
}
