// Three things that make the game start sooner than PyScript alone would, none of which
// changes what starts:
//
// * The worker that reads the Python image, the sources' bytecode and compiles Pyodide's
//   WebAssembly (vendor/pyodide/image-worker.mjs) is started at once: what it reads is
//   what a start waits for longest. Pyodide's start module (vendor/pyodide/pyodide.mjs,
//   from tools/runtime/pyodide_start.mjs) takes its message from `pyodideOffThread`. Left
//   to that module, it began some 350 ms later on a desktop: the module is fetched only
//   once PyScript's core has been run.
// * Pyodide's start module is imported at once, so that it is ready when PyScript asks.
// * The Python sources PyScript copies into Pyodide ([files] of pyscript.toml) are fetched
//   while Pyodide starts instead of after: PyScript asks for them only once the interpreter
//   is up, and a preloaded response answers its request at once (on a network with 40 ms
//   of latency, the 50 of them take half a second one after the other).
(() => {
  "use strict";
  const CONFIG = "pyscript.toml";

  const runtime = new URL("../vendor/pyodide/", document.currentScript.src);

  // The worker's message (see tools/runtime/pyodide_start.mjs, readOffThread), or null.
  function readOffThread() {
    let worker;
    try {
      worker = new Worker(new URL("image-worker.mjs", runtime), { type: "module" });
    } catch {
      return; // the start module tries again, or reads it all on the page's thread
    }
    globalThis.pyodideOffThread = new Promise((resolve) => {
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
  readOffThread();

  // The interpreter module PyScript will import (the same URL, so the same module).
  import(new URL("pyodide.mjs", runtime).href).catch(
    () => undefined, // PyScript imports it anyway, and says so if it cannot
  );

  // ----- the sources, fetched during the boot

  // The [files] table as tools/pages/build_web.py writes it: `"{NAME}" = "./dir/"` defines a
  // placeholder, `"{NAME}file.py" = "./dir/"` is a file (its URL is the key).
  function sourceUrls(config, base) {
    const table = config.split(/^\[files\]\s*$/m)[1] || "";
    const names = new Map();
    const urls = [];
    for (const [, key, value] of table.matchAll(/^"([^"]+)"\s*=\s*"([^"]*)"\s*$/gm)) {
      if (/^\{[^}]+\}$/.test(key)) names.set(key, value);
      else urls.push(key.replace(/\{[^}]+\}/g, (name) => names.get(name) ?? name));
    }
    return urls.map((url) => new URL(url, base).href);
  }

  async function preloadSources() {
    const base = new URL(CONFIG, location.href);
    let config;
    try {
      config = await (await fetch(base)).text();
    } catch {
      return; // PyScript fetches them itself, as always
    }
    // A few links a task: each one costs the page's thread its request, and the 70 of them
    // at once made a task of 220 ms at a phone's speed (Lighthouse's 4x slower CPU).
    const urls = sourceUrls(config, base);
    for (let at = 0; at < urls.length; at += BATCH) {
      if (at > 0) await nextTask();
      for (const href of urls.slice(at, at + BATCH)) {
        const link = document.createElement("link");
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous"; // what PyScript's fetch() asks for, or it is not reused
        link.href = href;
        document.head.append(link);
      }
    }
  }

  const BATCH = 8;

  // As tools/runtime/pyodide_start.mjs gives the thread back (a classic script cannot
  // import it): a message where scheduler.yield is missing, sooner than a clamped timeout.
  function nextTask() {
    if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  }

  // The boot has begun: the page's own critical requests are out of the way.
  let preloading = false;
  addEventListener("py:progress", (event) => {
    if (event.detail !== "Loading interpreter" || preloading) return;
    preloading = true;
    preloadSources();
  });
})();
