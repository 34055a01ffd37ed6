// Three things that make the game start sooner than PyScript alone would, none of which
// changes what starts:
//
// * Pyodide's start module is imported at once, so that it reads a stored snapshot of
//   Python (see below) while PyScript is still loading.
// * The Python sources PyScript copies into Pyodide ([files] of pyscript.toml) are fetched
//   while Pyodide boots instead of after: PyScript asks for them only once the interpreter
//   is up, and a preloaded response answers its request at once (on a network with 40 ms
//   of latency, the 50 of them take half a second one after the other).
// * On a first visit, the computer player's worker starts before the page is interactive:
//   the page has just stored a memory snapshot of Python (vendor/pyodide/pyodide.mjs, from
//   tools/pyodide_start.mjs), and a worker restoring it, instead of booting Python anew,
//   can start as soon as the page's own Python begins. What is left of the page's start
//   then is importing and drawing, while the worker's start begins with fetching and
//   reading; two boots at once on a phone's two cores would slow both. Otherwise (a later
//   visit, whose page restored the snapshot and has code to compile yet; no snapshot:
//   storage blocked, an embed) derive/web/computer.py (Computer.start) starts the worker
//   once the page is interactive, and takes over the one started here. An embedded board
//   without computer seats never starts one.
(() => {
  "use strict";
  const root = document.documentElement;
  const CONFIG = "pyscript.toml";

  // The interpreter module PyScript will import (the same URL, so the same module): once
  // imported, it reads a stored snapshot of Python while PyScript is still loading.
  import(new URL("../vendor/pyodide/pyodide.mjs", document.currentScript.src).href).catch(
    () => undefined, // PyScript imports it anyway, and says so if it cannot
  );

  // ----- the sources, fetched during the boot

  // The [files] table as tools/build_web.py writes it: `"{NAME}" = "./dir/"` defines a
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
    for (const href of sourceUrls(config, base)) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous"; // what PyScript's fetch() asks for, or it is not reused
      link.href = href;
      document.head.append(link);
    }
  }

  // The boot has begun: the page's own critical requests are out of the way.
  let preloading = false;
  addEventListener("py:progress", (event) => {
    if (event.detail !== "Loading interpreter" || preloading) return;
    preloading = true;
    preloadSources();
  });

  // ----- the computer player's worker

  // The same text as WORKER_CODE in derive/web/computer.py (tests/test_startup.py checks).
  const CODE =
    "from derive.web.worker import hello, start, step, stop, suggest, warm\n" +
    "__export__ = ['hello', 'start', 'step', 'stop', 'suggest', 'warm']\n";
  let pageStarted = false;

  function startWorker() {
    // Only when this page has just stored the snapshot (a first visit): a page that
    // restored one is itself running on code its engine has yet to compile, and gets the
    // cores to itself until it is interactive.
    if (!pageStarted || globalThis.pyodideSnapshot !== "stored") return;
    if (root.classList.contains("embed") && !new URLSearchParams(location.search).has("ai")) {
      return;
    }
    if (document.querySelector('script[type="py"][worker][name="ai"]')) return;
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("worker", "");
    script.setAttribute("name", "ai");
    script.setAttribute("config", "./assets/worker.toml");
    script.textContent = CODE;
    document.body.append(script);
  }

  // index.html's Python marks the moment it begins.
  const watch = new MutationObserver(() => {
    if (root.dataset.pythonMs === undefined) return;
    watch.disconnect();
    pageStarted = true;
    startWorker();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-python-ms"] });
  addEventListener("pyodide:snapshot", startWorker);
})();
