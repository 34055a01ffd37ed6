// Two things that make the game start sooner than PyScript alone would, neither of which
// changes what starts:
//
// * The Python sources PyScript copies into Pyodide ([files] of pyscript.toml) are fetched
//   while Pyodide boots instead of after: PyScript asks for them only once the interpreter
//   is up, and a preloaded response answers its request at once (on a network with 40 ms
//   of latency, the 50 of them take half a second one after the other).
// * The computer player's worker starts early when it can restore Python from a memory
//   snapshot (vendor/pyodide/pyodide.mjs, from tools/pyodide_start.mjs) instead of booting
//   it: as soon as the page's own Python begins, rather than once the page is interactive.
//   What is left of the page's start then is importing and drawing, while the worker's
//   start begins with fetching and reading; two boots at once on a phone's two cores
//   would slow both. Without a snapshot (storage blocked, an embed, a failed restore)
//   nothing starts here and derive/web/app.py (start_worker) starts the worker once the
//   page is interactive (it takes over the one started here). An embedded board without
//   computer seats never starts one.
(() => {
  "use strict";
  const root = document.documentElement;
  const CONFIG = "pyscript.toml";

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

  // The same text as WORKER_CODE in derive/web/app.py (tests/test_startup.py checks).
  const CODE =
    "from derive.web.worker import hello, start, step, stop, suggest, warm\n" +
    "__export__ = ['hello', 'start', 'step', 'stop', 'suggest', 'warm']\n";
  let pageStarted = false;

  function startWorker() {
    if (!pageStarted || !globalThis.pyodideSnapshot) return;
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
