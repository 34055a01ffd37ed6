// The game page's view: the game's Python (in PyScript's workers) started and called, and
// what it draws put on the page: the board, the scene around it, the review's and the
// shelf's parts, the saved games read and written. The page's events, and the game's calls
// that carry little (dialogs, the setup form's state, sounds…), are its MicroPython's
// (derive/web/front/game.py), which hands the events here (`heard`) to be posted to the
// worker in order. What stays here is what MicroPython would make slow, measured
// (bench/bench_micropython.mjs, bench/journal/micropython.md): each board drawing copied
// into MicroPython and out again (4 ms for 93 KB), its json 100 times slower than the
// browser's (37 ms a drawing, 3 s for a megabyte of saved games).
(() => {
  "use strict";
  const HERE = document.currentScript.src;
  const $ = (selector) => document.querySelector(selector);

  // The presses the game takes now (`keysTaken`, sent by Python as its state changes).
  let taken = new Set();
  const keysTaken = (signatures) => { taken = new Set(signatures); };
  // Whether the game takes a press now (asked by the page's handler, which keeps it from
  // the browser at once: derive/web/front/keys.py's `signature` names it).
  const takes = (signature) => taken.has(String(signature));

  // The scene around the board (derive/web/table/scene.py's `Scene`, its fields as they
  // are named there) put on the page. Words and markup that are already there are left
  // alone: the prerendered first paint (tools/pages/build_web.py) stays the nodes a reader
  // sees, and an unchanged list keeps its scroll and its focus.
  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }
  function setMarkup(element, markup) {
    const parsed = document.createElement("template");
    parsed.innerHTML = markup;
    if (parsed.innerHTML !== element.innerHTML) element.innerHTML = markup;
  }
  // A region drawn again, and shown or hidden.
  function region(selector, markup, shown) {
    const element = $(selector);
    element.innerHTML = markup;
    element.hidden = !shown;
  }
  let lastAnnouncement = "";
  let scrolledTo = null;

  // The shown move kept in sight inside the list, never scrolling the page (on a phone the
  // list is below the board); only when the shown move changed: reading the list's layout
  // forces one, some 20 ms in a long game, and a review redraws far more often than the
  // player steps.
  function scrollMoves(plies) {
    const box = $("#moves");
    const current = $("#moves [aria-current]");
    if (!current) return;
    const shown = `${current.dataset.ply}/${plies}/${document.documentElement.lang}`;
    if (shown === scrolledTo) return;
    scrolledTo = shown;
    const top = current.offsetTop;
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - Math.floor(box.clientHeight / 2));
    }
  }

  function show(scene) {
    const root = document.documentElement;
    setText($("#status"), scene.status);
    $("#embed-status").textContent = scene.status;
    const notice = $("#notice");
    if (scene.notice_kind) {
      notice.innerHTML = scene.notice_html;
      notice.className = `notice ${scene.notice_kind}`;
    } else {
      notice.textContent = "";
      notice.className = "notice";
    }
    notice.setAttribute("role", scene.notice_role);
    $("#board").setAttribute("aria-activedescendant", scene.cursor);
    $("#log").innerHTML = scene.log_html;
    region("#question", scene.question_html, Boolean(scene.question_html));
    region("#history", scene.history_html, scene.viewing);
    const steps = $("#history-steps");
    steps.hidden = !scene.viewing;
    for (const button of steps.querySelectorAll("[data-step]")) {
      button.disabled = button.dataset.step !== "next" && scene.at_start;
    }
    $("#facts").innerHTML = scene.facts_html;
    setMarkup($("#players"), scene.players_html);
    setMarkup($("#moves"), scene.moves_html);
    scrollMoves(scene.plies);
    setText($("#game-title"), scene.title);
    region("#end", scene.end_html, Boolean(scene.end_html));
    region("#picker", scene.picker_html, scene.picking);
    for (const [action, enabled] of Object.entries(scene.enabled)) {
      for (const button of document.querySelectorAll(`[data-action="${action}"]`)) {
        button.disabled = !enabled;
      }
    }
    for (const [action, there] of Object.entries(scene.shown)) {
      $(`[data-action="${action}"]`).hidden = !there;
    }
    $("#move-input").disabled = !scene.can_type_move;
    $("#move-form button").disabled = !scene.can_type_move;
    root.dataset.thinking = scene.thinking ? "true" : "false";
    root.dataset.ai = scene.ai_state;
    root.dataset.plies = String(scene.plies);
    if (scene.announcement && scene.announcement !== lastAnnouncement) {
      lastAnnouncement = scene.announcement;
      $("#live").textContent = scene.announcement;
    }
  }

  // The page in another language: Python gives the words of the keys the page has
  // (assets/boot.js's deriveWords, which put the first paint's in place).
  function speak(lang, words, title, rules) {
    document.documentElement.lang = lang;
    window.deriveWords.speak(words, title, rules);
  }

  // What the player does, read by the page's MicroPython (derive/web/front/game.py) and
  // handed here (`heard`), posted to the game's worker in order once the game listens
  // (`listen`) and the page's handlers are up (`frontUp`); before that, squares clicked
  // wait in window.deriveEarly (assets/boot.js). `maxFileBytes`: a file chosen to import
  // that is larger is not even read (a huge file would hold the page).
  let told = null;
  let listening = false;
  let fileBytes = 0;
  // The setup form's fields said to the game as a change of no field (the page's handler
  // reads them): after a drawing, and when the game starts with the form open.
  let tellFields = () => undefined;
  let frontIsUp = null;
  const front = new Promise((resolve) => { frontIsUp = resolve; });
  function frontUp(fields, shown) {
    tellFields = () => fields();
    Object.assign(window.deriveView, shown);
    frontIsUp();
  }
  function listen(maxFileBytes) {
    fileBytes = maxFileBytes;
    // A game's Python started again (`restart`) listens through what the first one set up:
    // each event is posted to whichever worker is the game's now.
    if (listening) return;
    listening = true;
    front.then(() => {
      told = tell;
      // Squares clicked after the hello was read and before this: played as the others.
      const clicks = (window.deriveEarly && window.deriveEarly.clicks) || [];
      for (const square of clicks.slice(clicksSaid)) tell("click", { square });
      if ($("#setup").open) setTimeout(tellFields);
    });
  }
  // What the page's handlers (derive/web/front/game.py) reach here: not the game's.
  window.deriveEvents = {
    heard: (kind, data) => { if (told) told(kind, data); },
    takes,
    fileLimit: () => fileBytes,
    frontUp,
  };

  // A setting kept for the next visit; storage may be refused (a privacy setting, a
  // sandboxed frame): the setting then lasts as long as the page.
  function remember(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (_) {
      // kept for this visit only
    }
  }

  // The saved games (derive/web/shelf/storage.py): the game's Python keeps a copy of them
  // and has each change made here. A write the browser refuses is said back, with what the
  // key still holds and why ("quota": no room left; "blocked": no storage for this page).
  const PREFIX = "derive.";
  const TAB_KEY = "derive.tab";
  const QUOTA = ["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"];
  // Why the browser refused a write: no room left, or no storage for this page at all.
  const refusalOf = (error) => (QUOTA.includes(error && error.name) ? "quota" : "blocked");
  function storageSet(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      let text = null;
      try {
        text = localStorage.getItem(key);
      } catch (_) {
        // nothing to read either
      }
      tell("storage-refused", { key, text, kind: refusalOf(error) });
    }
  }
  // A text set aside under a key of its own (derive/web/shelf/saved.py, set_aside): copied
  // first, removed only once the copy is written. A copy the storage refuses leaves the
  // text where it was (the shelf then holds it there), never deleted.
  function storageMove(key, newKey) {
    let text = null;
    try {
      text = localStorage.getItem(key);
      if (text === null) return;
      localStorage.setItem(newKey, text);
    } catch (error) {
      tell("storage-refused", { key: newKey, text: null, kind: refusalOf(error) });
      return;
    }
    storageRemove(key);
  }
  function storageRemove(key) {
    try {
      localStorage.removeItem(key);
    } catch (_) {
      // a storage that refuses was never written
    }
  }
  function tabRemember(entry) {
    try {
      sessionStorage.setItem(TAB_KEY, entry);
    } catch (_) {
      // this tab resumes the last game played instead
    }
  }
  // Whether the page may write its storage: "ok", "full" or "blocked".
  function storageState() {
    try {
      localStorage.setItem("derive.probe", "1");
      localStorage.removeItem("derive.probe");
      return "ok";
    } catch (error) {
      return refusalOf(error) === "quota" ? "full" : "blocked";
    }
  }
  // The page's saved texts for the hello, bounded so that the hello always fits its message
  // (derive/web/postlink.py: 16 M characters; a text of control characters is six times
  // longer as JSON): at most MAX_KEPT texts of at most MAX_ENTRY characters, MAX_SENT in
  // all, the newest games first. Measured: a damaged entry of 3 M characters (U+0001), or
  // more than 2,000 keys, kept the game from starting, or its shelf from seeing any game.
  // What is not sent is named with its length (`unread`): the shelf keeps it, untouched.
  const MAX_KEPT = 2000; // derive/web/play/hello.py
  const MAX_ENTRY = 512 * 1024; // derive/limits.py MAX_RECORD_CHARS: no entry is longer
  const MAX_SENT = 2500000;
  const GAME = `${PREFIX}game.`;
  function newness(key, text) {
    if (SETTINGS.includes(key)) return Infinity; // small, and first
    if (!key.startsWith(GAME) || text.length > MAX_ENTRY) return -1; // set aside, and such
    try {
      const updated = JSON.parse(text).updated;
      return typeof updated === "number" ? updated : 0;
    } catch (_) {
      return 0;
    }
  }
  function storedGames() {
    const found = [];
    let total = 0;
    try {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        const text = key && key.startsWith(PREFIX) ? localStorage.getItem(key) : null;
        if (text === null) continue;
        found.push([key, text]);
        total += text.length;
      }
    } catch (_) {
      // no storage: no saved game
    }
    if (found.length > MAX_KEPT || total > MAX_SENT) {
      const order = new Map(found.map(([key, text]) => [key, newness(key, text)]));
      found.sort((a, b) => order.get(b[0]) - order.get(a[0]));
    }
    const shelf = {};
    const unread = {};
    let sent = 0;
    let kept = 0;
    let unreadCount = 0;
    for (const [key, text] of found) {
      if (text.length <= MAX_ENTRY && kept < MAX_KEPT && sent + text.length <= MAX_SENT) {
        shelf[key] = text;
        sent += text.length;
        kept += 1;
      } else {
        unreadCount += 1;
        if (unreadCount <= MAX_KEPT) unread[key] = text.length;
      }
    }
    return { shelf, unread, unread_count: unreadCount };
  }
  function tabEntry() {
    try {
      return sessionStorage.getItem(TAB_KEY);
    } catch (_) {
      return null;
    }
  }

  // The setup form's fields drawn; `keep`: a form that reads the same is left as it is,
  // and what the player set in it stays. The game's Python draws it from the fields as it
  // last heard them, a message ago: a choice made meanwhile (a quick second change while
  // the computer's levels came) is the player's latest word, and is put back.
  // The game hears the fields as drawn, a moment later (never within its own call).
  function setupFields(markup, keep) {
    const box = $("#setup-fields");
    if (keep) {
      const chosen = [...box.querySelectorAll("select, input")].map((field) => [
        field.name, field.type, field.value, field.checked,
      ]);
      setMarkup(box, markup);
      for (const [name, type, value, checked] of chosen) {
        for (const field of box.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
          if (type === "radio" || type === "checkbox") {
            if (field.value === value) field.checked = checked;
          } else if ([...(field.options || [])].some((option) => option.value === value)) {
            field.value = value;
          }
        }
      }
    } else {
      box.innerHTML = markup;
    }
    if (told) setTimeout(tellFields);
  }

  // What only the page has, read once when the game starts (derive/web/play/hello.py
  // decodes it): the link's parameters as the browser splits them, the browser's
  // language, the settings kept, the pointer, the layout, the motion asked for, the keys
  // of the page's words, and the first minute (window.deriveEarly, assets/boot.js).
  const SETTINGS = ["derive.lang", "derive.speed", "derive.sound"];
  function hello() {
    const stored = {};
    try {
      for (const key of SETTINGS) {
        const value = localStorage.getItem(key);
        if (value !== null) stored[key] = value;
      }
    } catch (_) {
      // storage refused: no setting was kept
    }
    // What the visitor did before Python was up is the first start's, not a restart's.
    const early = helloed ? {} : window.deriveEarly || {};
    helloed = true;
    clicksSaid = Math.max(clicksSaid, (early.clicks || []).length);
    const state = storageState();
    return {
      query: [...new URLSearchParams(location.search)],
      language: navigator.language || "",
      stored,
      coarse: matchMedia("(pointer: coarse)").matches,
      embed: document.documentElement.classList.contains("embed"),
      reduced_motion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      words: window.deriveWords.wordKeys(),
      ...(state === "blocked" ? { shelf: {}, unread: {}, unread_count: 0 } : storedGames()),
      tab: tabEntry(),
      storage: state,
      early,
      restarted, // the game's Python says so (derive/web/play/hello.py)
    };
  }
  let clicksSaid = 0;
  let helloed = false;

  // The game is up: the loading message goes, and the page says when (tests and the
  // benchmarks read data-ready-ms).
  // Once the page's handlers are up too (they start beside the game's worker, and are up
  // well before it on every machine measured); if they never come, the page says so.
  const FRONT_MS = 30000;
  function ready() {
    const late = setTimeout(() => failed(""), FRONT_MS);
    front.then(() => {
      clearTimeout(late);
      const loading = $("#loading");
      if (loading) loading.remove();
      const root = document.documentElement;
      root.dataset.readyMs = String(Math.round(performance.now()));
      root.dataset.ready = "true";
    });
  }

  // The review's section under the board (derive/web/review/page.py): opened with its
  // parts (`markup`, once), drawn again part by part (`reviewShow`), and closed when its
  // game is no longer the page's. <html data-review> says how far it is (running, done).
  function reviewOpen(markup) {
    const root = document.documentElement;
    root.classList.add("reviewing");
    root.dataset.review = "running";
    if (document.getElementById("review")) return;
    const section = document.createElement("section");
    section.id = "review";
    section.className = "review";
    section.setAttribute("aria-labelledby", "review-title");
    section.innerHTML = markup;
    $(".board-box").after(section);
  }

  function reviewClose() {
    const section = document.getElementById("review");
    if (section) section.remove();
    const root = document.documentElement;
    root.classList.remove("reviewing");
    root.removeAttribute("data-review");
  }

  // `parts`: the summary, the graph and the mistakes' markup when they changed; the
  // analysis's progress, its words, the stop button's, and the ply shown.
  function reviewShow(parts) {
    const section = document.getElementById("review");
    if (!section) return;
    const part = (selector) => section.querySelector(selector);
    if (typeof parts.summary === "string") part(".review-summary-box").innerHTML = parts.summary;
    if (typeof parts.graph === "string") part(".review-graph-box").innerHTML = parts.graph;
    if (typeof parts.mistakes === "string") {
      part(".review-mistakes-box").innerHTML = parts.mistakes;
    }
    const bar = part("progress");
    bar.max = parts.searches;
    bar.value = parts.searched;
    part(".review-progress-words").textContent = parts.words;
    const stop = part(".review-stop");
    stop.hidden = parts.done;
    stop.textContent = parts.stop;
    part(".review-at").textContent = parts.at;
    // The shown ply's figures in words (a tap on the graph shows them: a phone has no hover).
    const point = part(".review-point");
    if (point) point.innerHTML = typeof parts.point === "string" ? parts.point : "";
    const root = document.documentElement;
    root.dataset.review = parts.review;
    root.dataset.reviewPly = String(parts.ply);
  }

  // The shelf ("Your games"): its messages and its list, each when it changed (null: as
  // it is; a message with role="alert" is said again each time it is put in).
  function shelfShow(messages, games) {
    const box = $("#shelf-messages");
    if (box && typeof messages === "string") box.innerHTML = messages;
    const listing = $("#saved-games");
    if (!listing || typeof games !== "string") return;
    listing.innerHTML = games;
    // When each game was played, in the reader's own time zone and the page's language.
    const lang = document.documentElement.lang || undefined;
    for (const time of listing.querySelectorAll("time[data-ms]")) {
      try {
        time.textContent = new Date(Number(time.dataset.ms)).toLocaleString(lang, {
          dateStyle: "medium", timeStyle: "short",
        });
      } catch (_) {
        // an unknown language: the time as Python wrote it (UTC) stays
      }
    }
  }

  // A saved text too long for the game's Python to have read (`unread`), saved as a file
  // straight from the page's storage.
  function downloadStored(name, mime, key) {
    let text = null;
    try {
      text = localStorage.getItem(key);
    } catch (_) {
      // storage refused since: nothing to save
    }
    if (text !== null) download(name, mime, text);
  }
  // A file saved to the player's device (an exported game).
  function download(name, mime, text) {
    const url = URL.createObjectURL(new Blob([text], { type: mime }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Something went wrong in the game's Python: said in words, in the notice.
  function crash(text) {
    const notice = $("#notice");
    notice.textContent = text;
    notice.className = "notice error";
  }

  // The game could not start: said where the loading message was.
  const FAILED = {
    fr: "Le jeu n’a pas pu démarrer. Rechargez la page pour réessayer.",
    en: "The game could not start. Reload the page to try again.",
  };
  // The game's worker stopped once it had started (its Python lost): every move made was
  // already written to the saved games.
  const LOST = {
    fr: "Le jeu s’est arrêté. Votre partie est enregistrée : rechargez la page pour continuer.",
    en: "The game stopped. Your game is saved: reload the page to go on.",
  };
  function failed(text) {
    const box = $("#loading .loading-text");
    const said = text || FAILED[document.documentElement.lang] || FAILED.en;
    if (box) box.textContent = said;
    else crash(said); // a restart's: the loading box went with the first start
    $("#loading")?.classList.add("failed");
    document.documentElement.dataset.ready = "false";
  }


  // How far the game's start has come, from 0 to 1, for the loading bar (assets/boot.js).
  const progress = (done) => dispatchEvent(new CustomEvent("derive:progress", { detail: done }));

  // The game's Python in PyScript's workers, Pyodide with the site's image restored
  // (game.toml): "game" runs derive/web/play/run.py's exports, "ai" (the computer player)
  // derive/web/play/worker.py's. `up` resolves to the worker once its Python is ready, or
  // fails (vendor/pyodide/pyodide.mjs bounds the downloads Python cannot start without);
  // what it started from ("restored" from the image, or "booted") is the page's
  // data-<name>-python. `onLost(reason)`: the worker failed after its start.
  const IDB = new URL("../vendor/pyodide/memory-idb.mjs", HERE).href;
  const CORE = new URL("../vendor/pyscript/core.js", HERE).href;
  let core = null;
  // PyScript's core, once; where the browser refuses databases (a frame on another site),
  // PyScript's are given one in memory first. PyScript's plugins (its error box, editor,
  // terminal…) are off on the page as in the workers' config: PyScript reads that from a
  // config of the page's own, and without one it fetched six of them before starting the
  // game's worker.
  const PLUGINS_OFF = JSON.stringify({
    plugins: ["!error", "!codemirror", "!deprecations-manager", "!donkey", "!py-editor",
      "!py-game", "!py-terminal"],
  });
  // The page's own MicroPython (derive/web/front/game.py, on game-front.toml, read here as
  // game.toml is, below) starts with PyScript's core, beside the game's worker.
  const PAGE = "import asyncio\nfrom front.game import main\nasyncio.create_task(main())\n";
  function pyscript() {
    if (!core) {
      const config = document.createElement("py-config");
      config.hidden = true;
      config.textContent = PLUGINS_OFF;
      document.head.append(config);
      const page = document.createElement("script");
      page.type = "mpy";
      page.textContent = PAGE;
      core = Promise.all([configText("game-front.toml"), import(IDB)]).then(([text]) => {
        page.setAttribute("config", text); // it has PyScript's plugins off too
        document.body.append(page);
        return import(CORE);
      });
    }
    return core;
  }
  // A worker's error that no Python handler saw goes to the page (pythonWorker, below);
  // PyScript's worker also hands it to the script's `xworker.onerror`, which must exist.
  const exportsOf = (name, module) => [
    "import js",
    "from polyscript import xworker",
    "xworker.onerror = lambda event: None",
    `from ${module} import EXPORTED`,
    "globals().update(EXPORTED)",
    "def runtime():",
    "    return str(js.pyodideSnapshot)",
    `js.deriveRole = "${name}"`,
    "__export__ = [*EXPORTED, 'runtime']",
  ].join("\n");
  // PyScript's workers are module workers: where the browser has none, PyScript would
  // run the script on the page instead, with its default interpreter from a CDN.
  // The probe closes itself once loaded: one terminated at once fails its own request.
  let modular = null;
  function moduleWorkers() {
    if (modular !== null) return modular;
    const probe = URL.createObjectURL(new Blob(["self.close();"], { type: "text/javascript" }));
    try {
      new Worker(probe, { type: "module" });
      modular = true;
    } catch (_) {
      modular = false;
    }
    setTimeout(() => URL.revokeObjectURL(probe), 10000);
    return modular;
  }
  // The workers' config (game.toml), read here once and handed to PyScript as text: where
  // PyScript cannot fetch a worker's config itself it falls back to Pyodide from its CDN
  // (seen on the embedded board), so a config that cannot be had must fail here, in words.
  const configs = new Map();
  function configText(name) {
    if (!configs.has(name)) {
      const text = fetch(new URL(`../${name}`, HERE)).then((response) => {
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        return response.text();
      });
      text.catch(() => configs.delete(name)); // tried again by the next start
      configs.set(name, text);
    }
    return configs.get(name);
  }
  const workerConfig = () => configText("game.toml");
  function pythonWorker(name, module, onLost = () => undefined) {
    if (!moduleWorkers()) throw new TypeError("module workers are not supported");
    const script = document.createElement("script");
    script.type = "py";
    // No `name`: PyScript keeps each named worker's start in a registry that only its
    // `workers[name]` awaits, and a start that fails there is a rejection nobody hears.
    // The page holds the worker itself (`xworker`), and needs no registry.
    script.setAttribute("worker", "");
    script.textContent = exportsOf(name, module);
    let started = false;
    let stopped = false;
    const up = Promise.all([workerConfig(), pyscript()]).then(async ([config]) => {
      if (stopped) throw new Error("the worker was stopped");
      if (name === "game") progress(0.3);
      script.setAttribute("config", config);
      document.body.append(script);
      // PyScript takes the script up as soon as it is on the page (a task later at most).
      while (!script.xworker) await new Promise((resolve) => setTimeout(resolve, 10));
      const worker = script.xworker;
      // PyScript logs a failed start as a bare event: `ready` fails with it, said below.
      worker.onerror = () => undefined;
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        console.error(`The ${name} worker stopped:`, event.message);
        if (started) onLost(event.message);
      });
      await worker.ready;
      started = true;
      const runtime = await worker.sync.runtime();
      document.documentElement.dataset[`${name}Python`] = String(runtime);
      if (name === "game") progress(0.9);
      handle.worker = worker;
      return worker;
    });
    const stop = () => {
      stopped = true;
      if (script.xworker) script.xworker.terminate();
      script.remove();
    };
    // `worker`: set once it is up (what the page calls, and how it knows the worker is up).
    const handle = { up, stop, worker: null };
    return handle;
  }

  // The computer's worker (derive/web/play/computer.py): started and called here, so that
  // the game's Python reaches it through its view like the rest of the page. `aiStart`
  // answers the worker's hello or fails.
  let thinker = null;
  const asked = new Set();
  function lose(thinking) {
    for (const fail of asked) fail(new Error("the worker stopped"));
    asked.clear();
    if (thinker === thinking) thinker = null;
  }
  async function aiStart(module, timeoutS) {
    if (thinker) { // the game's Python started again: the computer's worker too
      thinker.stop();
      lose(thinker);
    }
    // A worker lost mid-game answers nothing more: what was asked fails now, and so does
    // every later call (the game then says the computer is not available).
    const started = pythonWorker("ai", module, () => lose(started));
    let timer = 0;
    const late = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error("the worker did not start")), timeoutS * 1000);
    });
    try {
      await Promise.race([started.up, late]);
    } finally {
      clearTimeout(timer); // no rejection left to fire, unheard, once the worker is up
    }
    thinker = started;
    return await ai("hello");
  }
  function ai(name, ...args) {
    const thinking = thinker;
    if (!thinking) return Promise.reject(new Error("the worker did not start"));
    return new Promise((resolve, reject) => {
      asked.add(reject);
      thinking.worker.sync[name](...args).then(resolve, reject).finally(() => asked.delete(reject));
    });
  }
  const warn = (text) => console.warn(text);
  // Once the game's Python has handled every message sent before: a promise (for tests
  // and tools that act as a player and then read the page). At once before it is up.
  const settlers = new Map();
  let settles = 0;
  function settle() {
    if (!told) return Promise.resolve();
    settles += 1;
    const number = settles;
    return new Promise((resolve) => {
      settlers.set(number, resolve);
      tell("settle", number);
    });
  }
  function settled(number) {
    const resolve = settlers.get(number);
    settlers.delete(number);
    if (resolve) resolve();
  }

  // A moment of the start, for the benchmarks (data-python-ms, data-imported-ms).
  const stamp = (name) => {
    document.documentElement.dataset[name] = String(Math.round(performance.now()));
  };

  // The game's board (#board) and its value picker (#picker): each step of the board's
  // surface (derive/web/board/surface.py), carried out by assets/board.js as on every page.
  const boardStep = (step) => window.deriveBoard.step($("#board"), step, $("#picker"));

  // The game's calls the view carries out itself: the board, the scene, the saved games,
  // the review's and the shelf's parts, the start and its failures. The others (dialogs,
  // the setup form's state, the share dialog, the start roll, sounds, settings…) are the
  // page's MicroPython's (derive/web/front/game.py, `Shown`), added once it is up.
  window.deriveView = {
    ai, aiStart, boardStep, crash, download, downloadStored, failed,
    hello, keysTaken, listen, ready, remember, reviewClose, reviewOpen,
    reviewShow, settle, settled, setupFields, shelfShow, show, speak, stamp, storageMove,
    storageRemove, storageSet, tabRemember, warn,
  };

  // The game's Python (derive/web/play/run.py), started as soon as this view is: each text
  // of its `calls` is the calls of one of its turns, `[{call, args}, …]`, applied here in
  // one task, each answered when it has an `id` (derive/web/postlink.py); what the player
  // does goes to its `take` as `{kind, data}`.
  const view = window.deriveView;
  let game = null;
  // In order, and once the worker is up (a restarted game's messages wait for it).
  const post = (message) => {
    const current = game;
    const text = JSON.stringify(message);
    current.up.then((worker) => worker.sync.take(text)).catch((error) => {
      if (game === current && current.worker) lost(String((error && error.message) || error));
    });
  };
  function tell(kind, data) {
    post({ kind, data });
    if (kind !== "settle") watch();
  }

  // A game worker that was terminated or closed itself says nothing at all: measured, the
  // page then ignored every click without a word. So after the player does something the
  // game's Python must answer a settle (it answers within milliseconds, even while the
  // computer thinks: that is another worker) within ANSWER_MS, or it is taken for lost.
  // A lost game's Python is replaced by a new one, which takes the game up from the saved
  // games as a reload does; after RESTARTS_MAX in a row the page says to reload instead.
  const ANSWER_MS = 10000;
  const RESTARTS_MAX = 3;
  let restarts = 0;
  let restarted = false;
  let watching = false;
  function watch() {
    if (watching || !game || !game.worker || !told) return;
    watching = true;
    const current = game;
    settles += 1;
    const number = settles;
    const timer = setTimeout(() => {
      settlers.delete(number);
      watching = false;
      if (game === current) lost("no answer");
    }, ANSWER_MS);
    settlers.set(number, () => {
      clearTimeout(timer);
      watching = false;
      restarts = 0;
    });
    post({ kind: "settle", data: number });
  }
  function lost(reason) {
    console.error("The game worker stopped:", reason);
    game.stop();
    for (const resolve of settlers.values()) resolve();
    settlers.clear();
    watching = false;
    if (restarts >= RESTARTS_MAX) {
      crash(LOST[document.documentElement.lang] || LOST.en);
      return;
    }
    restarts += 1;
    restarted = true;
    startGame();
  }
  async function answer(id, run) {
    try {
      post({ answer: id, value: (await run()) ?? null });
    } catch (error) {
      post({ answer: id, error: String((error && error.message) || error) });
    }
  }
  function called(texts) {
    for (const text of texts) {
      let calls;
      try {
        calls = JSON.parse(text);
      } catch (_) {
        continue;
      }
      if (Array.isArray(calls)) calls.forEach(apply);
    }
  }
  function apply(message) {
    const { call, args, id } = message || {};
    const run = () => {
      if (!Object.hasOwn(view, call)) throw new Error(`the view has no ${call}`);
      return view[call](...(Array.isArray(args) ? args : []));
    };
    if (id !== undefined) {
      answer(id, run);
      return;
    }
    try {
      run();
    } catch (error) {
      console.error(error);
    }
  }
  const notStarted = (error) => {
    console.error("The game's Python did not start:", error);
    failed("");
  };
  function startGame() {
    const started = pythonWorker("game", "derive.web.play.run", (why) => {
      if (game === started) lost(why);
    });
    game = started;
    started.up.then(async (worker) => {
      stamp("pythonMs");
      await worker.sync.start();
      // The game's standing question: what it does by itself reaches the page this way.
      // Applied once the page's handlers are up: some of the calls are theirs.
      while (game === started) {
        const texts = await worker.sync.calls();
        await front;
        called(texts);
      }
    }).catch((error) => {
      if (game !== started) return;
      if (started.worker) lost(String((error && error.message) || error));
      else notStarted(error);
    });
  }
  try {
    progress(0.1);
    startGame();
  } catch (error) {
    notStarted(error); // no module workers in this browser: said in words
  }
})();
