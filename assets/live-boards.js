// The live lesson boards' only script before Python (the Learn pages, the puzzles and the
// embedded board). Nothing here knows a rule: it
//  * keeps what the reader does to a board that is not live yet (clicks on its squares and
//    buttons, keys on it) in window.deriveQueue, which the boards' Python
//    (derive/web/front/lessons.py) applies, in order, the moment each board is live:
//    Python starts in the second after the reader reaches for a board, and a tap made
//    meanwhile must not be lost (PyScript has no queue of its own for events that come
//    before its handlers);
//  * makes the boards reachable by keyboard, so that keys can be kept too;
//  * starts Python, once: window.deriveStart() (a Learn page when the reader reaches for a
//    board, the puzzles page once it has loaded, the embedded board when the reader uses
//    it, assets/embed.js). The Learn pages and the embedded board start PyScript's named
//    worker "lessons" (the engine, derive/web/learn/worker.py) and the page's MicroPython
//    (derive/web/front/, config front.toml), which awaits it;
//  * says so in the board's message if Python cannot start.
// <html data-python> tells tests and the benchmark where Python is: idle, starting, failed.
(() => {
  "use strict";
  const root = document.documentElement;
  root.classList.add("js");
  root.dataset.python = "idle";
  const queue = [];
  window.deriveQueue = queue;
  // Each page's MicroPython (derive/web/front/<entry>.py) and the room of its worker's
  // exports (EXPORTS of derive/web/<room>/worker.py), as PyScript finds them.
  const page = (entry) => `import asyncio\nfrom front.${entry} import main\n` +
    "asyncio.create_task(main())\n";
  const exports = (room) => `from derive.web.${room}.worker import EXPORTED\n` +
    "globals().update(EXPORTED)\n__export__ = list(EXPORTED)\n";
  const ROOMS = { learn: "learn", embed: "learn", puzzles: "puzzles" };
  // Keys a board may answer to (derive/web/front/keys.py decides, once live).
  const KEYS = new Set([
    "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown",
    "Enter", " ", "Escape", "+", "=", "-", "_", "d", "D", "1", "2", "3", "4", "5", "6",
  ]);
  const START_LIMIT_MS = 120000;

  const isLive = (lesson) => {
    const board = lesson.querySelector(".lesson-board");
    return !!board && board.dataset.live === "true";
  };

  function say(lesson, text) {
    const box = lesson.querySelector(".lesson-message");
    if (box && text) {
      box.textContent = text;
      box.className = "lesson-message info";
    }
  }

  function keep(lesson, kind, value) {
    start();
    if (lesson.classList.contains("stale")) return; // not the puzzle Python will show
    queue.push({ lesson: lesson.dataset.lesson, kind, value });
    lesson.classList.add("waiting");
    say(lesson, document.body.dataset.waiting);
  }

  addEventListener("click", (event) => {
    const target = event.target;
    if (!target.closest) return;
    const lesson = target.closest("[data-lesson]");
    if (!lesson || isLive(lesson)) return;
    const button = target.closest("button[data-action]");
    if (button) {
      if (!button.disabled) keep(lesson, "action", button.dataset.action);
      return;
    }
    const square = target.closest("[data-square]");
    if (square) keep(lesson, "square", square.dataset.square);
  }, true);

  addEventListener("keydown", (event) => {
    const target = event.target;
    if (!target.closest || event.altKey || event.ctrlKey || event.metaKey) return;
    const wrap = target.closest(".board-wrap");
    const lesson = wrap && wrap.closest("[data-lesson]");
    if (!lesson || isLive(lesson) || !KEYS.has(event.key)) return;
    event.preventDefault();
    keep(lesson, "press", event.key);
  }, true);

  // A board the keyboard can reach: one stop per board, its squares named by the live
  // board (aria-activedescendant).
  function reachable() {
    for (const wrap of document.querySelectorAll("[data-lesson] .board-wrap")) {
      const lesson = wrap.closest("[data-lesson]");
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "application");
      const title = lesson.getAttribute("aria-labelledby");
      if (title) wrap.setAttribute("aria-labelledby", title);
    }
    // Buttons that can only wait for Python are usable at once: their clicks are kept.
    const waking = '[data-action="next"], [data-action="up"], [data-action="down"], ' +
      '[data-action="reroll"]';
    for (const button of document.querySelectorAll(`[data-lesson] :is(${waking})`)) {
      if (!button.closest(".lesson-steps")) button.disabled = false;
    }
  }

  // The page's own Python (MicroPython, with PyScript's core): started once the page has
  // been quiet a while, or at once when the reader reaches for a board. Its start is one
  // task of about 280 ms at 4x CPU (MicroPython's WebAssembly and PyScript's Python):
  // done before the reader's first touch, the touch is answered without a long task
  // (bench/bench_touch.py); done after QUIET_MS of quiet, it falls outside the load a
  // reader waits for (and Lighthouse's Total Blocking Time, which ends 5 s after the
  // last long task). The engine, in its worker, starts only at the reader's reach.
  const QUIET_MS = 5500;
  // A config of the site's, read here and handed to PyScript as text: where PyScript
  // cannot fetch a config itself it falls back to its interpreter from a CDN and hangs
  // there (seen on the embedded board), so a config that cannot be had fails here, at
  // once, and the boards say so.
  function configText(name) {
    return fetch(new URL(name, document.baseURI)).then((response) => {
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      return response.text();
    });
  }
  // PyScript's plugins (its error box, editor, terminal…) are off for the page's Pyodide
  // side as front.toml has them off for its MicroPython: without a config of its own,
  // PyScript's core fetched six plugin modules more.
  const PLUGINS_OFF = JSON.stringify({
    plugins: ["!error", "!codemirror", "!deprecations-manager", "!donkey", "!py-editor",
      "!py-game", "!py-terminal"],
  });

  let paged = false;
  function startPage() {
    if (paged) return;
    paged = true;
    const script = document.createElement("script");
    script.type = "mpy";
    script.textContent = page(document.body.dataset.entry);
    const plugins = document.createElement("py-config");
    plugins.hidden = true;
    plugins.textContent = PLUGINS_OFF;
    document.head.append(plugins);
    // PyScript opens databases as it loads: where the browser refuses them (a frame on
    // another site), vendor/pyodide/memory-idb.mjs gives it some in memory, first.
    const vendored = (path) => import(new URL(`vendor/${path}`, document.baseURI).href);
    // The boards' own script (assets/board.js: Python's drawings put on the page) comes
    // beside the runtime, long before Python is up to draw.
    const board = document.createElement("script");
    board.src = "assets/board.js";
    const boardLoaded = new Promise((resolve, reject) => {
      board.onload = resolve;
      board.onerror = reject;
    });
    document.head.append(board);
    const config = configText("front.toml").then((text) => {
      script.setAttribute("config", text);
      document.body.append(script); // before PyScript's core, which reads its config
    });
    Promise.all([boardLoaded, vendored("pyodide/memory-idb.mjs"), config])
      .then(() => vendored("pyscript/core.js"))
      .catch(failed);
  }

  // The boards' worker, named: "lessons" at the start, a new name each time an embedded
  // board that gave its worker back starts one again (derive/web/front/lessons.py, Rest):
  // PyScript's registry of named workers keeps a name's first worker for good.
  function startWorker(name, config) {
    const worker = document.createElement("script");
    worker.type = "py";
    worker.setAttribute("worker", "");
    worker.setAttribute("name", name);
    worker.setAttribute("config", config);
    worker.textContent = exports(ROOMS[document.body.dataset.entry]);
    document.body.append(worker);
  }

  // The worker on learn.toml, read here (configText, above): at the start, and again each
  // time an embedded board that gave its worker back is used.
  async function workerFrom(name) {
    startWorker(name, await configText("learn.toml"));
  }

  // A worker given back: PyScript's element keeps the Worker (its xworker), whose
  // terminate() frees its Pyodide at once; the element goes too, so that nothing on the
  // page still names it.
  function releaseWorker(name) {
    for (const script of document.querySelectorAll('script[type="py"][worker]')) {
      if (script.getAttribute("name") !== name) continue;
      if (script.xworker) script.xworker.terminate();
      script.remove();
    }
  }

  let started = false;
  function start() {
    if (started) return;
    started = true;
    root.dataset.python = "starting";
    workerFrom("lessons").catch(failed);
    startPage();
    setTimeout(() => {
      if (!document.querySelector('[data-lesson] .lesson-board[data-live="true"]') &&
          root.dataset.ready !== "true") failed();
    }, START_LIMIT_MS);
  }

  function failed() {
    if (root.dataset.python === "failed") return;
    root.dataset.python = "failed";
    for (const lesson of document.querySelectorAll("[data-lesson]")) {
      if (!isLive(lesson)) say(lesson, document.body.dataset.failed);
    }
  }
  addEventListener("unhandledrejection", () => {
    if (started && root.dataset.ready !== "true") failed();
  });

  // A Learn page is read before it is played, and the engine's start costs a phone
  // seconds of download and work: it starts when the reader reaches for a board (a finger
  // or a button on it, the keyboard's focus, or a mouse that rests on it), never while
  // the reader only reads or scrolls. What the reader did meanwhile is kept (above).
  const REST_MS = 250;
  function startOnIntent() {
    const onBoard = (event) => event.target.closest && event.target.closest("[data-lesson]");
    let resting = 0;
    addEventListener("pointerdown", (event) => onBoard(event) && start(), true);
    addEventListener("focusin", (event) => onBoard(event) && start(), true);
    addEventListener("pointerover", (event) => {
      if (event.pointerType !== "mouse" || !onBoard(event) || started) return;
      clearTimeout(resting);
      resting = setTimeout(start, REST_MS);
    }, true);
    addEventListener("pointerout", (event) => {
      if (onBoard(event) && !(event.relatedTarget && event.relatedTarget.closest &&
          event.relatedTarget.closest("[data-lesson]"))) clearTimeout(resting);
    }, true);
    addEventListener("scroll", () => clearTimeout(resting), { capture: true, passive: true });
  }

  // The puzzle drawn before Python (tools/pages/build_puzzles.py, data-first) is the one
  // a player with no record is given on the plain link: then the page is read and played
  // as a Learn page's board is, Python started when the player reaches for it. Anyone
  // else (a record, a link to a puzzle or to their mistakes) is shown another by Python,
  // started at load: the one drawn is greyed and keeps no tap meanwhile.
  function drawnFirst() {
    const first = document.querySelector("[data-first]");
    if (!first || location.search) return false;
    if (location.hash && location.hash !== `#${first.dataset.first}`) return false;
    try {
      return localStorage.getItem("derive.puzzles") === null;
    } catch (_) {
      return true; // no storage: no record either
    }
  }
  // Whether Python starts at load: a puzzle page whose drawn puzzle is not the player's.
  let atLoad = false;

  window.deriveStart = start;
  window.deriveWorker = workerFrom;
  window.deriveRelease = releaseWorker;
  window.deriveFailed = failed;
  addEventListener("DOMContentLoaded", () => {
    const entry = document.body.dataset.entry;
    atLoad = entry === "puzzles" && !drawnFirst();
    if (atLoad) {
      const drawn = document.querySelector("[data-first]");
      if (drawn) drawn.classList.add("stale");
    }
    reachable();
    if (!atLoad && entry !== "embed") startOnIntent();
  });
  addEventListener("load", () => {
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 200));
    if (atLoad) {
      // Python's puzzle is the page: after what is drawn is readable and its pictures
      // are in, so that Python's start never delays them.
      idle(start, { timeout: 2000 });
    } else {
      // A puzzle drawn is played as soon as Python is up: its worker starts too.
      const puzzle = document.body.dataset.entry === "puzzles";
      setTimeout(() => idle(puzzle ? start : startPage, { timeout: 2000 }), QUIET_MS);
    }
  });
})();
