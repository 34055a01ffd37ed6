"""Start-up and responsiveness of the game page, against the bare PyScript page.

Everything is measured in one run, on the same vendored runtime, served by
``tools/serve.py``'s handler (``Cache-Control: no-cache``, so a warm HTTP cache
revalidates) to Debian's headless Chromium with the browser tests' flags, the pages
interleaved (their order rotating from one run to the next) so that all see the same
load.  The site served is a copy of the working tree taken at start (``--live``: the tree
itself), so that others' edits during a run do not mix in.  The bare page goes through
the site's ``vendor/pyodide/pyodide.mjs`` too (``tools/runtime/pyodide_start.mjs``), which for a
page asking for the plain runtime (``<meta name="pyodide-start" content="plain">``) is
Pyodide's own loader: no Python image, no bytecode.

* **cold visit**: a fresh browser profile, navigation → ``html[data-ready=true]``
  (``data-ready-ms``: ``performance.now()`` when the page became interactive) for
  ``bench/bare.html`` (Python running, nothing else) and ``index.html``, and for the
  game → ``html[data-ai=ready]`` (the computer player can move); then, for the game,
  until its service worker is activated and the network is quiet: the requests and
  bytes the server sent for the whole visit;
* **repeat visit**: the browser is closed and started again on the same profile
  (service worker, Cache Storage, HTTP cache and V8's code cache on disk, nothing in
  memory), the same page opened again;
* **reload** in that same browser (the renderer's in-memory caches warm too);
* where the time of a visit goes: PyScript's ``py:progress`` steps, the runtime's
  download (resource timing), and the game's own marks (``data-python-ms`` when its
  Python began, ``data-imported-ms`` once its modules were imported);
* the computer's first moves: four searches at ``medium`` of the same position in a
  fresh AI worker, timed from the page as the game asks for them (slices of 60 ms), the
  first asked for as soon as the worker is ready, and (another page) 1.5 s later;
* click → board update: a click on the board until the board changed (the page's handler,
  the worker's answer, the drawing), and until the next animation frame (what a player
  sees); and the page's thread busy with it (the handler plus the drawing);
* the longest main-thread task (PerformanceObserver ``longtask``) while two computer
  players think in the worker, next to the same page left idle as long (on a shared
  machine, CPU contention alone makes long tasks: that is the reference).

Comparing versions: ``--also before=DIR`` measures another copy of the site (e.g. the
tree without a change) in the same runs, from its own origin; ``--cold-only`` skips the
repeat visits; ``--network 20,40`` throttles the pages' own requests to 20 Mbit/s and
40 ms (Chromium's emulation; not their workers').

Usage: ``python bench/bench_startup.py [--runs 5] [--start-only]`` (``make bench`` runs
it). Results are printed and written to ``bench/results/startup.json`` (every run's
figures too).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from harness import LONG_TASKS, REPO_ROOT, write_results  # first: the repository on the path
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from tests.e2e.conftest import open_browser  # noqa: E402
from tools.serve import Handler, Server  # noqa: E402
from tools.site_files import site_files  # noqa: E402

READY_TIMEOUT_MS = 180_000
QUIET_S = 1.5
"""The network counts as quiet once the server has had no request for this long."""
APP_QUERY = "?position=" + quote("- r ry L2")
AI_QUERY = "?position=" + quote("- r ry L3") + "&ai=r:hard,y:hard"
MIDGAME_L2 = "r1a1,r1c1,r1e1,r1b2,r1g3,y1g7,y1h8,y1g9,y1b10 r ry L2"
"""Twenty moves into a game (``bench/ai_measure.py``'s ``midgame("L2", 20, 1)``)."""
RESULTS = REPO_ROOT / "bench" / "results" / "startup.json"
BARE_PAGE = ("bench/bare.html", "bench/bare.toml")

# Installed before any page script: PyScript's progress steps, the moment a service
# worker takes control, and long tasks for the whole page lifetime.
PAGE_PROBE = (
    """
window.__bench = {progress: [], controlled: null};
addEventListener("py:progress", e => {  // the bare page's PyScript
  window.__bench.progress.push([performance.now(), String(e.detail)]);
});
if (navigator.serviceWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    window.__bench.controlled = performance.now();
  });
}
"""
    + LONG_TASKS
)

# What a visit's page knows about its own start (all in ms since navigation).
PAGE_FIGURES = """
() => {
  const data = document.documentElement.dataset;
  const number = (v) => (v === undefined ? null : Number(v));
  const steps = {};
  for (const [t, detail] of window.__bench.progress) if (!(detail in steps)) steps[detail] = t;
  const wasm = performance.getEntriesByType("resource")
    .find((e) => e.name.endsWith("/pyodide.asm.wasm"));
  return {
    ready: number(data.readyMs),
    python: number(data.pythonMs),
    imported: number(data.importedMs),
    ai_ready: number(data.aiReadyMs),
    steps,
    wasm_end: wasm ? wasm.responseEnd : null,
    wasm_from_sw: wasm ? wasm.workerStart > 0 : null,
    controlled: window.__bench.controlled,
    longtasks: window.__longtasks.length,
  };
}
"""

# The game asks its AI worker for moves like this (derive/web/play/computer.py): start, then
# slices of 60 ms until done.  Timed in the page, so the figures include the messages.
FIRST_MOVES = """
async ([position, level, searches, pause]) => {
  // The computer's worker, called through the page's view as the game calls it.
  const view = window.deriveView;
  const ai = {
    start: (...args) => view.ai("start", ...args),
    step: (...args) => view.ai("step", ...args),
  };
  await new Promise((done) => setTimeout(done, pause));
  const out = [];
  for (let i = 0; i < searches; i += 1) {
    const began = performance.now();
    const id = await ai.start(position, level, 1, "");
    let result;
    // Plain data now; JSON text from a version before (--also), read either way.
    const read = (answer) => (typeof answer === "string" ? JSON.parse(answer) : answer);
    do result = read(await ai.step(id, 0.06)); while (!result.done);
    out.push({ms: performance.now() - began, depth: result.depth, nodes: result.nodes});
  }
  return out;
}
"""

# Click a square's element and time, on the page's thread, the click's handling (the
# page's MicroPython handler, run as the event is dispatched) and each drawing of the
# board that follows it (board.js's `draw`, wrapped); and, as the player sees it, the
# time until the board changed (in place: any node below #board) and the next frame.
# The game's worker answers in between, off the page's thread.
CLICK_TIMING = """
async (selector) => {
  const board = document.querySelector('#board');
  const target = document.querySelector(selector);
  const drawing = window.deriveBoard;
  if (!drawing.timed) {
    const draw = drawing.draw;
    drawing.spent = [];
    drawing.draw = (...args) => {
      const began = performance.now();
      try { return draw(...args); } finally { drawing.spent.push(performance.now() - began); }
    };
    drawing.timed = true;
  }
  drawing.spent.length = 0;
  let changed = null;
  const seen = new Promise(done => {
    const watch = new MutationObserver(() => {
      if (changed === null) changed = performance.now();
      watch.disconnect();
      done();
    });
    watch.observe(board, {childList: true, subtree: true, attributes: true});
  });
  const start = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  const handled = performance.now() - start;
  await seen;
  await new Promise(requestAnimationFrame);
  const painted = performance.now();
  const drawn = Math.max(0, ...drawing.spent);
  return [changed - start, painted - start, handled, drawn];
}
"""


# --------------------------------------------------------------------------- the server


class Traffic:
    """What the server sent: one ``(time, path, status, bytes)`` per request."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.log: list[tuple[float, str, int, int]] = []

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.log.append((time.monotonic(), path, status, size))

    def mark(self) -> int:
        with self.lock:
            return len(self.log)

    def since(self, mark: int) -> list[tuple[float, str, int, int]]:
        with self.lock:
            return self.log[mark:]

    def quiet_for(self, seconds: float) -> bool:
        with self.lock:
            last = self.log[-1][0] if self.log else 0.0
        return time.monotonic() - last >= seconds


class _CountingWriter:
    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return int(self.raw.write(data))

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def snapshot_site(into: Path) -> Path:
    """Copy what the site serves (the service worker's list, the worker itself and the
    bare page) into ``into``: a run then measures one state of the files even while
    others edit the working tree."""
    names = [*site_files(), *BARE_PAGE]
    for name in names:
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (REPO_ROOT / name).is_file():
            shutil.copy2(REPO_ROOT / name, target)
        else:  # listed by someone's work in progress: the worker's install needs it
            print(f"warning: {name} is listed but missing; served empty", file=sys.stderr)
            target.touch()
    return into


def counting_server(traffic: Traffic, root: Path) -> Server:
    """``tools/serve.py``'s server (same headers as ``make serve`` and the tests), with
    every response's status and size (headers and body) written to ``traffic``."""

    class Counting(Handler):
        log_requests = False
        counter: _CountingWriter
        status = 0

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("directory", os.fspath(root))
            super().__init__(*args, **kwargs)

        def setup(self) -> None:
            super().setup()
            self.counter = _CountingWriter(self.wfile)
            self.wfile = self.counter  # type: ignore[assignment]

        def handle_one_request(self) -> None:
            before = self.counter.count
            self.status = 0
            super().handle_one_request()
            if self.status:
                path = urlsplit(self.path).path.lstrip("/")
                traffic.add(path, self.status, self.counter.count - before)

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = int(code)
            super().send_response(code, message)

    return Server(("127.0.0.1", 0), Counting)


# --------------------------------------------------------------------------- browsers


THROTTLE: dict[str, Any] | None = None
"""CDP ``Network.emulateNetworkConditions`` for the pages (``--network``), or none."""


@contextmanager
def browser(pw: Playwright, profile: Path, probe: bool = True) -> Iterator[Page]:
    """A page of a Chromium on ``profile`` (kept: a later browser may reuse it)."""
    context: BrowserContext = open_browser(pw, profile)
    console: list[str] = []
    try:
        if probe:
            context.add_init_script(PAGE_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        if THROTTLE:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", THROTTLE)
        page.on("console", lambda message: console.append(f"[{message.type}] {message.text}"))
        page.on("crash", lambda _: console.append("[crash] the renderer crashed"))
        yield page
    except Exception:
        print("the page's last console messages:", *console[-15:], sep="\n  ", file=sys.stderr)
        raise
    finally:
        context.close()


@contextmanager
def fresh_page(pw: Playwright) -> Iterator[Page]:
    """A page of a browser with a profile of its own, thrown away afterwards."""
    with (
        tempfile.TemporaryDirectory(prefix="derive-bench-") as profile,
        browser(pw, Path(profile)) as page,
    ):
        yield page


def wait_ready(page: Page, ai: bool) -> None:
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)
    if ai:
        page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=READY_TIMEOUT_MS)


def wait_quiet(traffic: Traffic, limit_s: float = 120.0) -> None:
    deadline = time.monotonic() + limit_s
    while not traffic.quiet_for(QUIET_S) and time.monotonic() < deadline:
        time.sleep(0.2)


def visit(page: Page, url: str, traffic: Traffic, *, app: bool, reload: bool = False) -> Any:
    """Open ``url`` (or reload it) and wait until it is interactive, and for the game its
    computer player too and its service worker in control; then until the network is
    quiet. Returns the page's own figures plus the server's count of the visit."""
    mark = traffic.mark()
    if reload:
        page.reload()
    else:
        page.goto(url)
    wait_ready(page, ai=app)
    if app:
        page.wait_for_function(
            "navigator.serviceWorker.controller?.state === 'activated'",
            timeout=READY_TIMEOUT_MS,
        )
    wait_quiet(traffic)
    figures = page.evaluate(PAGE_FIGURES)
    sent = traffic.since(mark)
    figures["requests"] = len(sent)
    figures["requests_200"] = sum(1 for _, _, status, _ in sent if status == 200)
    figures["bytes"] = sum(size for *_, size in sent)
    return figures


def page_visits(
    pw: Playwright, url: str, traffic: Traffic, *, app: bool, cold_only: bool = False
) -> dict[str, Any]:
    """A cold visit in a new profile, then a repeat visit in a new browser on that
    profile, then a reload in that browser."""
    with tempfile.TemporaryDirectory(prefix="derive-bench-") as profile:
        with browser(pw, Path(profile)) as page:
            visits = {"cold": visit(page, url, traffic, app=app)}
        if cold_only:
            return visits | {"repeat": visits["cold"], "reload": visits["cold"]}
        with browser(pw, Path(profile)) as page:
            visits["repeat"] = visit(page, url, traffic, app=app)
            visits["reload"] = visit(page, url, traffic, app=app, reload=True)
    return visits


# --------------------------------------------------------------------------- after start


PERSON_S = 1.5
"""How long a person takes over the first move, in ``first_moves``' second case."""


def first_moves(pw: Playwright, base: str, searches: int) -> dict[str, list[dict[str, float]]]:
    """The computer's first searches in a fresh worker: the same position and seed at
    ``medium``, one after the other, asked for as soon as the worker says it is ready (the
    computer moves first) and ``PERSON_S`` later (a person did)."""
    out = {}
    for case, pause in (("at once", 0.0), ("after a person's move", PERSON_S)):
        with fresh_page(pw) as page:
            page.goto(base + "index.html" + APP_QUERY)
            wait_ready(page, ai=True)
            found = page.evaluate(FIRST_MOVES, [MIDGAME_L2, "medium", searches, pause * 1000])
        out[case] = [{k: round(float(v), 1) for k, v in r.items()} for r in found]
    return out


def click_latency(pw: Playwright, base: str, repeats: int) -> dict[str, list[float]]:
    """Select a die and play moves by click; undo between plays (keyboard ``u``).

    ``select``/``play``: the click until the board changed; ``_frame``: until the next
    frame after it; ``_thread``: the page's thread busy with it, the handler's time plus
    the longest drawing (the goal: within one frame, 16 ms)."""
    timings: dict[str, list[float]] = {
        f"{kind}{part}": [] for kind in ("select", "play") for part in ("", "_frame", "_thread")
    }
    with fresh_page(pw) as page:
        page.goto(base + "index.html?position=" + quote("r3e5,y3f8 r ry L2"))
        wait_ready(page, ai=False)
        for _ in range(repeats):
            for kind, selector in (("select", '[data-die="e5"]'), ("play", '[data-square="d6"]')):
                dom, frame, handled, drawn = page.evaluate(CLICK_TIMING, selector)
                timings[kind].append(dom)
                timings[f"{kind}_frame"].append(frame)
                timings[f"{kind}_thread"].append(handled + drawn)
            page.wait_for_timeout(250)  # let the move's animation finish
            page.locator("#board").focus()
            page.keyboard.press("u")
            page.wait_for_function("document.documentElement.dataset.plies === '0'")
    return timings


def idle_longtasks(pw: Playwright, base: str, seconds: float) -> dict[str, Any]:
    """The reference: long tasks on the same page, AI worker up but idle, for as long as
    the computers played (on a shared machine, contention alone makes some)."""
    with fresh_page(pw) as page:
        page.goto(base + "index.html" + APP_QUERY)
        wait_ready(page, ai=True)
        start = page.evaluate("performance.now()")
        page.wait_for_timeout(seconds * 1000)
        tasks = [d for s, d in page.evaluate("window.__longtasks") if s >= start]
    return {
        "seconds": seconds,
        "longtasks": len(tasks),
        "longest_ms": round(max(tasks, default=0.0), 1),
    }


def thinking_longtasks(pw: Playwright, base: str, plies: int) -> dict[str, Any]:
    """Longest main-thread tasks while two hard computer players play ``plies`` moves."""
    with fresh_page(pw) as page:
        page.goto(base + "index.html" + AI_QUERY)
        wait_ready(page, ai=True)
        start = page.evaluate("performance.now()")
        began = time.perf_counter()
        page.wait_for_function(
            f"Number(document.documentElement.dataset.plies) >= {plies}",
            timeout=READY_TIMEOUT_MS,
        )
        elapsed = time.perf_counter() - began
        everything = page.evaluate("window.__longtasks")
        tasks = [d for s, d in everything if s >= start]
    return {
        "startup_longtasks": len(everything) - len(tasks),
        "plies": plies,
        "seconds": round(elapsed, 2),
        "longtasks": len(tasks),
        "longest_ms": round(max(tasks, default=0.0), 1),
    }


# --------------------------------------------------------------------------- report


def median(values: list[float | None], digits: int = 1) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.median(known), digits) if known else None


def phases(figures: dict[str, Any]) -> dict[str, float | None]:
    """Where one visit's time went, in ms (``None`` where a page has no such step)."""
    steps = figures["steps"]

    def span(start: float | None, end: float | None) -> float | None:
        return None if start is None or end is None else end - start

    python = figures["python"] if figures["python"] is not None else figures["ready"]
    return {
        "to PyScript (page, core.js, config)": steps.get("Loading Pyodide"),
        "runtime download (wasm received)": figures["wasm_end"],
        "Pyodide boot (wasm compile, Python start)": span(
            steps.get("Loading interpreter"), steps.get("Loaded interpreter")
        ),
        "[files] fetched": span(steps.get("Loading files"), steps.get("Loaded files")),
        "PyScript's own Python set-up": span(steps.get("Loaded Pyodide"), python),
        "the app's imports": span(figures["python"], figures["imported"]),
        "the app's first render": span(figures["imported"], figures["ready"]),
        "interactive": figures["ready"],
        "computer ready, after interactive": span(figures["ready"], figures["ai_ready"]),
    }


def summarise(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over the runs of every figure of one page's visits of one kind."""
    rows = [phases(v) for v in visits]
    return {
        "ready": median([v["ready"] for v in visits]),
        "ai_ready": median([v["ai_ready"] for v in visits]),
        "requests": median([v["requests"] for v in visits]),
        "requests_200": median([v["requests_200"] for v in visits]),
        "bytes": median([v["bytes"] for v in visits]),
        "phases": {key: median([r[key] for r in rows]) for key in rows[0]},
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or not b else round(a / b, 2)


def paired(runs: list[dict[str, dict[str, Any]]], games: list[str]) -> dict[str, Any]:
    """Each run's own figures against each other (the bare page and the games are visited
    back to back in a run), then the median over the runs: on a shared machine whose load
    drifts from one run to the next, steadier than the ratio of two medians."""

    out: dict[str, Any] = {}
    for g in games:
        out[g] = {
            f"{kind} {key}": median(
                [ratio(run[g][kind][key], run["bare"][kind]["ready"]) for run in runs], 2
            )
            for kind, key in (("cold", "ready"), ("cold", "ai_ready"))
        }
        out[g]["repeat/cold ready"] = median(
            [ratio(run[g]["repeat"]["ready"], run[g]["cold"]["ready"]) for run in runs], 2
        )
        for other in games[1:] if g == games[0] else ():
            out[g][f"minus {other}"] = {
                f"{kind} {key}": median(
                    [_difference(run[g][kind][key], run[other][kind][key]) for run in runs], 0
                )
                for kind, key in (("cold", "ready"), ("cold", "ai_ready"), ("repeat", "ready"))
            }
    return out


def _difference(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def _cell(value: float | None, width: int = 8, digits: int = 0) -> str:
    return " " * (width - 1) + "-" if value is None else f"{value:{width}.{digits}f}"


def print_report(result: dict[str, Any]) -> None:
    s = result["median"]
    games = [name for name in s if name != "bare"]
    bare = s["bare"]
    print(
        f"start-up (median of {result['runs']} runs, ms since navigation; load average "
        f"{result['load_average'][0]:.1f} before, {result['load_average'][1]:.1f} after):"
    )
    print(f"  {'':40} {'bare':>8}" + "".join(f" {g:>8} {'ratio':>6}" for g in games) + "  goal")
    rows = [
        ("cold → interactive (data-ready)", "cold", "ready", "≤ 1.10"),
        ("cold → computer ready (data-ai=ready)", "cold", "ai_ready", "≤ 1.50"),
        ("repeat visit → interactive", "repeat", "ready", ""),
        ("repeat visit → computer ready", "repeat", "ai_ready", ""),
        ("reload → interactive", "reload", "ready", ""),
        ("reload → computer ready", "reload", "ai_ready", ""),
    ]
    for label, kind, key, goal in rows:
        b = bare[kind]["ready"]
        line = f"  {label:40} {_cell(b)}"
        for g in games:
            a = s[g][kind][key]
            line += f" {_cell(a)} {_cell(ratio(a, b), 6, 2)}"
        print(line + "  " + goal)
    for g in games:
        app = s[g]
        print(
            f"  {g}: repeat visit / cold visit: interactive "
            f"{ratio(app['repeat']['ready'], app['cold']['ready'])}, computer ready "
            f"{ratio(app['repeat']['ai_ready'], app['cold']['ai_ready'])} (goal ≤ 0.50); "
            f"the bare page's {ratio(bare['repeat']['ready'], bare['cold']['ready'])}"
        )
    for g, figures in result["paired"].items():
        print(
            f"  {g}, each run against itself (median of the runs' ratios): cold → interactive "
            f"{figures['cold ready']}, cold → computer ready {figures['cold ai_ready']}, "
            f"repeat / cold visit {figures['repeat/cold ready']}"
        )
        for key, gaps in figures.items():
            if key.startswith("minus "):
                print(
                    f"  {g} {key.replace('minus', '−')}, median of the runs' differences (ms): "
                    + ", ".join(
                        f"{label} {gap:+.0f}" for label, gap in gaps.items() if gap is not None
                    )
                )
    for kind in ("cold", "repeat"):
        line = (
            f"  {kind} visit, sent by the server: bare {bare[kind]['requests']:.0f} requests "
            f"({bare[kind]['requests_200']:.0f} with a body), {bare[kind]['bytes'] / 1e6:.2f} MB"
        )
        for g in games:
            line += (
                f"; {g} {s[g][kind]['requests']:.0f} ({s[g][kind]['requests_200']:.0f}), "
                f"{s[g][kind]['bytes'] / 1e6:.2f} MB"
            )
        print(line + " (the game's: page, AI worker and service worker)")
    print("where the time goes (median, ms; rep: the repeat visit):")
    names = ["bare", *games]
    print(
        f"  {'':44}"
        + "".join(f" {n[:8]:>8}" for n in names)
        + "".join(f" {n[:4] + ' rep':>8}" for n in names)
    )
    for key in bare["cold"]["phases"]:
        cells = [s[n]["cold"]["phases"][key] for n in names]
        cells += [s[n]["repeat"]["phases"][key] for n in names]
        print(f"  {key:44}" + "".join(f" {_cell(c)}" for c in cells))
    for g in games if result["after_start"] else ():
        for case, moves in result["after_start"][g]["first_moves"].items():
            print(
                f"{g}: the computer's searches at medium in a fresh worker, asked {case} "
                "(ms, depth): " + ", ".join(f"{m['ms']:.0f} ({m['depth']:.0f})" for m in moves)
            )
    after = result["after_start"].get("app")
    if after and "click_ms" in after:
        c = after["click_ms"]
        print(
            f"click → board changed / next frame (median, ms): select {c['select']} / "
            f"{c['select_frame']}, play {c['play']} / {c['play_frame']} "
            f"(slowest play frame {c['play_frame_max']}); the page's thread busy: select "
            f"{c['select_thread']}, play {c['play_thread']} (slowest "
            f"{c['thread_max']})"
        )
        thinking, idle = after["thinking"], after["idle"]
        print(
            f"while two hard AIs played {thinking['plies']} moves ({thinking['seconds']} s): "
            f"{thinking['longtasks']} long tasks, longest {thinking['longest_ms']} ms; the same "
            f"page idle as long: {idle['longtasks']}, longest {idle['longest_ms']} ms "
            f"({thinking['startup_longtasks']} during its start: the observer works)"
        )


def serve(root: Path, traffic: Traffic) -> tuple[Server, str]:
    server = counting_server(traffic, root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="visits of each page (≥ 5)")
    parser.add_argument("--clicks", type=int, default=12, help="timed clicks of each kind")
    parser.add_argument("--plies", type=int, default=6, help="computer moves watched")
    parser.add_argument("--searches", type=int, default=4, help="first searches timed")
    parser.add_argument("--start-only", action="store_true", help="only the start-up visits")
    parser.add_argument(
        "--cold-only", action="store_true", help="only cold visits (to compare variants)"
    )
    parser.add_argument(
        "--clicks-only", action="store_true", help="only the clicks' timing, no visits"
    )
    parser.add_argument(
        "--live", action="store_true", help="serve the working tree, not a copy taken at start"
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="another copy of the site (e.g. before a change), measured in the same runs "
        "from its own origin (repeatable)",
    )
    parser.add_argument(
        "--network",
        metavar="MBPS,MS",
        help="throttle the pages' own requests (not their workers') to this bandwidth and "
        "latency, e.g. 20,40 for a good mobile network",
    )
    args = parser.parse_args(argv)
    if args.network:
        global THROTTLE
        mbps, latency = (float(x) for x in args.network.split(","))
        THROTTLE = {
            "offline": False,
            "latency": latency,
            "downloadThroughput": mbps * 1e6 / 8,
            "uploadThroughput": mbps * 1e6 / 8,
        }

    copy = tempfile.TemporaryDirectory(prefix="derive-bench-site-")
    root = REPO_ROOT if args.live else snapshot_site(Path(copy.name))
    traffic = Traffic()
    servers = [serve(root, traffic)]
    base = servers[0][1]
    pages = {"bare": base + "bench/bare.html", "app": base + "index.html" + APP_QUERY}
    bases = {"app": base}
    for other in args.also:
        name, _, folder = other.partition("=")
        servers.append(serve(Path(folder).resolve(), traffic))
        bases[name] = servers[-1][1]
        pages[name] = bases[name] + "index.html" + APP_QUERY
    load_before = os.getloadavg()[0]
    runs: list[dict[str, dict[str, Any]]] = []
    result: dict[str, Any] = {"runs": args.runs, "after_start": {}}
    began = time.monotonic()
    try:
        with sync_playwright() as pw:
            for number in range(0 if args.clicks_only else args.runs):
                # Rotate the order so that no page always comes first after a pause.
                names = list(pages)
                shift = number % len(names)
                order = names[shift:] + names[:shift]
                run = {
                    name: page_visits(
                        pw, pages[name], traffic, app=name != "bare", cold_only=args.cold_only
                    )
                    for name in order
                }
                runs.append(run)
                print(
                    f"run {number + 1} (load {os.getloadavg()[0]:.1f}): "
                    + "; ".join(
                        f"{name} cold {run[name]['cold']['ready']:.0f}"
                        + (
                            f"/{run[name]['cold']['ai_ready']:.0f}, repeat "
                            f"{run[name]['repeat']['ready']:.0f}/"
                            f"{run[name]['repeat']['ai_ready']:.0f}"
                            if name != "bare"
                            else f", repeat {run[name]['repeat']['ready']:.0f}"
                        )
                        for name in pages
                    ),
                    flush=True,
                )
            for name, url in bases.items() if not args.cold_only else ():
                after: dict[str, Any] = {}
                if not args.clicks_only:
                    after["first_moves"] = first_moves(pw, url, args.searches)
                if name == "app" and not args.start_only:
                    clicks = click_latency(pw, url, args.clicks)
                    after["click_ms"] = {k: median(list(v)) for k, v in clicks.items()}
                    after["click_ms"]["play_frame_max"] = round(max(clicks["play_frame"]), 1)
                    after["click_ms"]["thread_max"] = round(
                        max(clicks["select_thread"] + clicks["play_thread"]), 1
                    )
                    if not args.clicks_only:
                        after["thinking"] = thinking_longtasks(pw, url, args.plies)
                        after["idle"] = idle_longtasks(pw, url, after["thinking"]["seconds"])
                result["after_start"][name] = after
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
        copy.cleanup()

    result["seconds"] = round(time.monotonic() - began)
    result["load_average"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    if args.clicks_only:
        print(f"clicks (load {result['load_average']}): {result['after_start']['app']}")
        return 0
    result["median"] = {
        name: {kind: summarise([run[name][kind] for run in runs]) for kind in runs[0][name]}
        for name in pages
    }
    result["all_runs"] = runs
    result["paired"] = paired(runs, [name for name in pages if name != "bare"])
    print_report(result)
    write_results(RESULTS, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
