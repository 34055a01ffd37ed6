// Runs before Python: nothing else can speak until the game's Python is up in its worker
// (several seconds on a slow machine). This script only
//  * picks the layout (embed) and the language of the loading message,
//  * shows how far the start has come (`derive:progress`) on the static board skeleton,
//  * turns a failed start into a plain message instead of a silent blank,
//  * registers the service worker for offline visits (sw.js),
//  * puts the runtime in the page once the first paint is on screen.
// Everything else is Python (derive/web/play/page.py).
// Why not PyScript: all of this happens before any Python can run. The game's Python is up
// in its worker 1.3-1.5 s into a desktop's cold visit (bench/journal/startup.md), the
// page's MicroPython after PyScript's core and its own start (a task of 200-340 ms at 4x
// CPU); the first paint, its French words and the new-game form come before either.
(() => {
  "use strict";
  const root = document.documentElement;
  const params = new URLSearchParams(location.search);
  const embed = params.get("embed");
  if (embed === "" || embed === "1" || embed === "true") root.classList.add("embed");
  if (root.classList.contains("embed") && !params.has("game") && !params.has("ai")) {
    // An embedded board is a lesson board (embed.html): drawn at once, its rules loaded only
    // when a reader uses it. The game's own Python must not start meanwhile: its script is
    // turned into plain text before PyScript (a module, run after parsing) looks for it.
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.type === "py") node.type = "text/plain";
      }
    }).observe(root, { childList: true, subtree: true });
    location.replace(`embed.html${location.search}${location.hash}`);
    return;
  }

  let saved = null;
  try {
    saved = localStorage.getItem("derive.lang");
  } catch (_) {
    // storage may be blocked; the default language will do
  }
  // As Python chooses (derive/web/play/page.py): a ?lang= it knows, else the reader's choice
  // kept from an earlier visit, else the browser's.
  const asked = params.get("lang");
  const wanted = asked === "fr" || asked === "en" ? asked : saved || navigator.language || "en";
  const lang = wanted.slice(0, 2).toLowerCase() === "fr" ? "fr" : "en";
  root.lang = lang;

  // The page is written in English. For a reader in another language, the build wrote its
  // words, its board and its side panel in that language as Python will write them
  // (#first-words, tools/pages/build_web.py); they go in place before the first paint, the
  // prerendered nodes kept (assets/board.js's patch, loaded before this script), so that
  // nothing switches language or moves when Python starts.
  function parsed(markup) {
    const holder = document.createElement("template");
    holder.innerHTML = markup;
    return holder.content;
  }
  // The page's words (`words`: each data-i18n* key's text), its title and its links to the
  // rules in a language; a node whose words are already those is left as it is. The first
  // paint's, below, and the game's when the player changes language (assets/view.js).
  const dashed = (camel) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const ATTRIBUTES = { i18nTitle: "title", i18nPlaceholder: "placeholder", i18nAria: "aria-label" };
  function speak(words, title, rules) {
    document.title = title;
    for (const element of document.querySelectorAll("[data-i18n]")) {
      const text = words[element.dataset.i18n];
      if (text !== undefined && element.textContent !== text) element.textContent = text;
    }
    for (const [data, attribute] of Object.entries(ATTRIBUTES)) {
      for (const element of document.querySelectorAll(`[data-${dashed(data)}]`)) {
        const text = words[element.dataset[data]];
        if (text !== undefined) element.setAttribute(attribute, text);
      }
    }
    for (const link of document.querySelectorAll("[data-rules-link]")) {
      link.setAttribute("href", rules);
    }
  }
  // Every key the page's words are under.
  function wordKeys() {
    const keys = new Set();
    for (const data of ["i18n", ...Object.keys(ATTRIBUTES)]) {
      for (const element of document.querySelectorAll(`[data-${dashed(data)}]`)) {
        keys.add(element.dataset[data]);
      }
    }
    return [...keys];
  }
  window.deriveWords = { speak, wordKeys };
  function firstPaintWords() {
    const source = document.getElementById("first-words");
    let first = null;
    try {
      first = source && JSON.parse(source.textContent)[lang];
    } catch (_) {
      return; // the page's own words, which Python then changes
    }
    if (!first) return;
    speak(first.words, first.title, first.rules);
    const { board, ...panels } = first.regions;
    const { patch, patchChildren } = window.deriveBoard;
    const svg = document.querySelector("#board svg.board");
    const drawn = parsed(board).firstElementChild;
    if (svg && drawn) patch(svg, drawn);
    for (const [id, markup] of Object.entries(panels)) {
      const element = document.getElementById(id);
      if (element) patchChildren(element, parsed(markup));
    }
  }
  // As soon as the parser has put #first-words in (an observer's callback runs before the
  // browser may paint again), and index.html holds the first paint until then (its
  // <link rel="expect" blocking="render">); at DOMContentLoaded at the latest, before the
  // listeners below, so that the first visit's form opens on a page in its language.
  let worded = false;
  function wordsOnce() {
    if (worded) return;
    worded = true;
    firstPaintWords();
  }
  if (lang !== "en" && typeof MutationObserver === "function") {
    const watch = new MutationObserver(() => {
      const source = document.getElementById("first-words");
      if (!source || !source.nextSibling) return; // its text may still be coming
      watch.disconnect();
      wordsOnce();
    });
    watch.observe(root, { childList: true, subtree: true });
  }
  addEventListener("DOMContentLoaded", wordsOnce);

  const words = {
    fr: {
      loading: "Chargement du jeu…",
      failed: "Le jeu n’a pas pu démarrer. Rechargez la page ; si cela se reproduit, " +
        "votre navigateur est peut-être trop ancien.",
      slow: "Le démarrage est long… encore un instant.",
    },
    en: {
      loading: "Loading the game…",
      failed: "The game could not start. Reload the page; if this happens again, your " +
        "browser may be too old.",
      slow: "Starting takes a while… one more moment.",
    },
  }[lang];

  const ready = () => root.dataset.ready === "true";

  // The first minute: what a visitor does before Python is up is kept, not lost. A first
  // visit (no saved game, no link) gets the new-game form at once, drawn at build time with
  // the computer's levels; a choice made there (or Cancel, which keeps the game the form
  // showed), and clicks on the board's squares, wait in window.deriveEarly for the game
  // (derive/web/play/page.py) to take them over when it starts.
  const early = { setup: null, cancelled: false, open: false, touched: [], clicks: [] };
  window.deriveEarly = early;
  const starting = {
    fr: "La partie commence dès que le jeu est chargé…",
    en: "The game starts as soon as it has loaded…",
  }[lang];

  function hasSavedGame() {
    try {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i) || "";
        if (key.startsWith("derive.game.") || key === "derive.save") return true;
      }
    } catch (_) {
      return false;
    }
    return false;
  }

  function openEarlySetup() {
    const dialog = document.getElementById("setup");
    const template = document.getElementById(`setup-${lang}`);
    if (!dialog || !template || typeof dialog.showModal !== "function") return;
    document.getElementById("setup-fields").replaceChildren(template.content.cloneNode(true));
    dialog.querySelector("#setup-title").textContent = template.dataset.title;
    dialog.querySelector('button[type="submit"]').textContent = template.dataset.go;
    dialog.querySelector('[data-action="setup-cancel"]').textContent = template.dataset.cancel;
    const form = document.getElementById("setup-form");
    form.addEventListener("change", (event) => {
      if (!ready() && event.target.name) early.touched.push(event.target.name);
    });
    form.addEventListener("submit", (event) => {
      if (ready()) return; // the game handles it
      event.preventDefault();
      early.setup = Object.fromEntries(new FormData(form).entries());
      early.open = false;
      dialog.close();
      show(starting, false);
    });
    const cancel = () => {
      if (ready()) return; // the game handles it
      early.cancelled = true;
      early.open = false;
      dialog.close();
      show(starting, false);
    };
    dialog.querySelector('[data-action="setup-cancel"]').addEventListener("click", cancel);
    dialog.addEventListener("cancel", cancel); // Escape
    dialog.showModal();
    early.open = true;
  }

  addEventListener("DOMContentLoaded", () => {
    const linked = ["position", "game", "ai"].some((name) => params.has(name));
    if (!linked && !root.classList.contains("embed") && !hasSavedGame()) openEarlySetup();
  });
  addEventListener("click", (event) => {
    if (ready() || !event.target.closest) return;
    const square = event.target.closest("#board [data-square]");
    if (square && early.clicks.length < 8) early.clicks.push(square.dataset.square);
  }, true);

  function show(text, failed) {
    const box = document.getElementById("loading");
    // A start already said to have failed stays said: a later "takes a while" would hide why.
    if (!box || ready() || box.classList.contains("failed")) return;
    box.querySelector(".loading-text").textContent = text;
    if (failed) box.classList.add("failed");
  }

  addEventListener("DOMContentLoaded", () => show(words.loading, false));
  // How far the game's start has come, from 0 to 1 (assets/view.js says).
  addEventListener("derive:progress", (event) => {
    const bar = document.querySelector("#loading .bar span");
    const done = Number(event.detail);
    if (bar && done >= 0 && done <= 1) bar.style.width = `${Math.round(100 * done)}%`;
  });
  addEventListener("error", (event) => {
    if (!ready()) show(words.failed, true);
  });
  addEventListener("unhandledrejection", () => {
    if (!ready()) show(words.failed, true);
  });
  setTimeout(() => show(words.slow, false), 20000);
  setTimeout(() => show(words.failed, true), 180000);

  // The runtime (PyScript, Pyodide's start module and its preloads, 12 MB and several long
  // tasks) waits in <template id="runtime"> until the page has painted: on a slow link its
  // downloads would share the link with the page's own files, its scripts would hold up the
  // first paint, and a browser counts all that came before the largest paint as needed by
  // it. Put in by hand, its scripts keep their order (async = false). data-runtime-ms says
  // when (the first-paint test and the benchmarks read it).
  let runtimeStarted = false;
  function startRuntime() {
    if (runtimeStarted) return;
    runtimeStarted = true;
    const template = document.getElementById("runtime");
    if (!template) return;
    root.dataset.runtimeMs = String(Math.round(performance.now()));
    for (const node of template.content.children) {
      if (node.localName !== "script") {
        document.head.append(node.cloneNode(true));
        continue;
      }
      const script = document.createElement("script"); // a cloned one would never run
      if (node.type) script.type = node.type;
      script.src = node.getAttribute("src");
      script.async = false;
      document.head.append(script);
    }
  }
  // A frame's callbacks run before its paint, so the second frame's come after the first
  // (the form's, on a first visit, opened above) is painted; then the browser's own word
  // that something is on screen (the first-contentful-paint entry, reported once shown).
  // A hidden page paints nothing and gets no frames: it starts at once, or when the
  // frames stop (hidden meanwhile).
  const RUNTIME_LATEST_MS = 1000;
  function whenShown(run) {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    const observer = typeof PerformanceObserver === "function" ? PerformanceObserver : null;
    const types = (observer && observer.supportedEntryTypes) || [];
    if (!types.includes("paint") || painted()) {
      run();
      return;
    }
    const watch = new PerformanceObserver(() => {
      if (!painted()) return;
      watch.disconnect();
      run();
    });
    watch.observe({ type: "paint" });
  }
  addEventListener("DOMContentLoaded", () => {
    if (document.visibilityState === "hidden") {
      startRuntime();
      return;
    }
    requestAnimationFrame(() => requestAnimationFrame(() => whenShown(startRuntime)));
    setTimeout(startRuntime, RUNTIME_LATEST_MS);
  });

  // Offline play: sw.js keeps the game for visits without a network. Registered only once
  // the game is interactive and its computer player has started (or failed to), so that its
  // install (a hundred requests, 15 MB written) never competes with either start.
  // Never from an embedded board: an embed is a picture inside someone else's page, and
  // its reader did not ask for 14 MB of game to be stored (a board embedded by a page of
  // this site is still served by the worker when the player already installed it).
  // data-offline says what became of it (for tests): off, unsupported, registered, failed.
  function registerWorker() {
    if (root.classList.contains("embed")) {
      root.dataset.offline = "off";
      return;
    }
    if (!("serviceWorker" in navigator)) {
      root.dataset.offline = "unsupported"; // e.g. plain http on another host than localhost
      return;
    }
    navigator.serviceWorker.register("sw.js").then(
      () => { root.dataset.offline = "registered"; },
      (error) => {
        root.dataset.offline = "failed";
        console.warn("Offline play is not available:", error);
      },
    );
  }
  const SETTLED_AI = ["ready", "unavailable"];
  const LATEST_AFTER_READY_MS = 15000; // a page without a computer player, or a slow one
  let registered = false;
  let latest = null;
  function registerOnce() {
    if (registered) return;
    registered = true;
    clearTimeout(latest);
    registerWorker();
  }
  function settled() {
    if (!ready()) return false;
    if (root.classList.contains("embed")) return true; // nothing to register: say so now
    if (latest === null) latest = setTimeout(registerOnce, LATEST_AFTER_READY_MS);
    return SETTLED_AI.includes(root.dataset.ai);
  }
  if (settled()) {
    registerOnce();
  } else {
    const watch = new MutationObserver(() => {
      if (!settled()) return;
      watch.disconnect();
      registerOnce();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-ai"] });
  }
})();
