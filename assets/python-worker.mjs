// The game's Python in a worker of its own, so that its start and its work never hold the
// page's thread (WEB.md, "The game's Python in a worker"). The page's view (assets/view.js)
// starts two of these: the game's own and the computer player's. Its first message says
// which:
//
// * {kind: "main", module}: the module's main(post) is called with the function that posts
//   a text to the page, and returns the function every later message is handed to
//   (derive/web/play/run.py: the game page, its link derive/web/postlink.py);
// * {kind: "calls", module}: each later message {id, name, args} calls the module's
//   exported function of that name (its __export__) and is answered {id, value} or
//   {id, error} (derive/web/play/worker.py: the computer player).
//
// The worker says {progress} (from 0 to 1) as Pyodide's files come, {up: true} once its
// Python is ready, or {failed: reason}. Pyodide comes
// from the site's start module (vendor/pyodide/pyodide.mjs), which restores the Python
// image: the game's modules are already imported in it. When Python had to boot instead,
// the sources the image would have held are written first (assets/snapshot.json lists them).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const SCOPE = new URL("../", import.meta.url);
const MODULE = /^derive(?:\.[A-Za-z_]\w*)+$/;
const SOURCE = /^derive\/(?:[A-Za-z_]\w*\/)*[A-Za-z_]\w*\.py$/;
const MAX_SOURCES = 500;

const waiting = [];
let order = null;
let deliver = null;

self.onmessage = ({ data }) => {
  if (order === null) {
    order = data;
    begin(data);
  } else if (deliver) {
    deliver(data);
  } else {
    waiting.push(data);
  }
};

async function writeSources(pyodide) {
  const response = await fetch(new URL("assets/snapshot.json", SCOPE));
  const plan = await response.json();
  const files = Array.isArray(plan?.files) ? plan.files : [];
  if (files.length > MAX_SOURCES || !files.every((name) => SOURCE.test(name))) {
    throw new Error("the list of the game's sources is damaged");
  }
  const home = pyodide.FS.cwd();
  await Promise.all(files.map(async (name) => {
    const source = await fetch(new URL(name, SCOPE));
    if (!source.ok) throw new Error(`${name}: ${source.status}`);
    const path = `${home}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, new Uint8Array(await source.arrayBuffer()));
  }));
}

// Pyodide 314.0.2's loader catches a failed download of its WebAssembly and only warns
// ("wasm instantiation failed!"): its promise never settles. Measured with
// pyodide.asm.wasm aborted, and with it never answered: the game said "Starting takes a
// while…" until the page's last bound, 180 s, and never why. So while Python starts, the
// worker watches the downloads Python cannot start without (Pyodide's WebAssembly, its
// standard library, its lock file): one that cannot be fetched, or that gets no answer and
// no byte for STALL_MS, fails the start at once, in words. The image and the bytecode are
// not watched: without them Python boots, which is only slower (tools/runtime/).
const STALL_MS = 30000;
const ESSENTIAL = /\/vendor\/pyodide\/(?:pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json)$/;

function watchDownloads(fail) {
  const plain = globalThis.fetch;
  const moving = new Map(); // each download in flight: when it last moved
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
    // queue: the reader takes them all anyway): a body read later, the standard library
    // after the WebAssembly, is then never taken for a stalled download.
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
    globalThis.fetch = plain;
  };
}

function serve(module) {
  const exported = new Set(module.__export__.toJs());
  return ({ id, name, args }) => {
    try {
      if (!exported.has(name)) throw new Error(`no function ${name}`);
      const value = module[name](...(Array.isArray(args) ? args : []));
      self.postMessage({ id, value });
    } catch (error) {
      self.postMessage({ id, error: String(error?.message ?? error) });
    }
  };
}

async function begin({ kind, module: name }) {
  try {
    if (!MODULE.test(String(name)) || !["main", "calls"].includes(kind)) {
      throw new Error("not a module of the game's");
    }
    self.postMessage({ progress: 0.3 }); // Pyodide's start module is in: the image is coming
    let unwatch = () => undefined;
    const stopped = new Promise((_, fail) => {
      unwatch = watchDownloads(fail);
    });
    stopped.catch(() => undefined); // heard by the races below; none is left unheard
    let module;
    try {
      const pyodide = await Promise.race([loadPyodide(), stopped]);
      self.postMessage({ progress: 0.8 });
      if (globalThis.pyodideSnapshot !== "restored") {
        await Promise.race([writeSources(pyodide), stopped]);
      }
      module = pyodide.pyimport(name);
    } finally {
      unwatch();
    }
    self.postMessage({ up: true, snapshot: globalThis.pyodideSnapshot });
    deliver = kind === "main" ? module.main((text) => self.postMessage(text)) : serve(module);
  } catch (error) {
    console.error(error);
    self.postMessage({ failed: String(error?.message ?? error) });
    return;
  }
  for (const message of waiting.splice(0)) deliver(message);
}
