"""Start-up and responsiveness of the game page, against the bare PyScript page.

Measured in one run, on the same vendored runtime, served by ``tools/serve.py`` to
Debian's headless Chromium:

* cold start: a fresh browser profile, navigation → ``html[data-ready=true]``
  (``data-ready-ms``, i.e. ``performance.now()`` when the page became interactive), for
  ``bench/bare.html`` (Python running, nothing else) and ``index.html``; the app's cost
  is reported as a ratio to the bare page;
* warm start: the same, reloading in the same profile (HTTP and compiled-code caches);
* click → board update: a click on the board until the SVG has been replaced (handler +
  render), and until the next animation frame (what a player sees);
* the longest main-thread task (PerformanceObserver ``longtask``) while two computer
  players think in the worker, next to the same page left idle as long (on a shared
  machine, CPU contention alone makes long tasks: that is the reference).

Usage: ``python bench/bench_startup.py [--runs 3]`` (``make bench`` runs it). Results are
printed and written to ``bench/results/startup.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, Playwright, sync_playwright

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server  # noqa: E402

READY_TIMEOUT_MS = 180_000
APP_QUERY = "?position=" + quote("- r ry L2")
AI_QUERY = "?position=" + quote("- r ry L3") + "&ai=r:hard,y:hard"
RESULTS = REPO_ROOT / "bench" / "results" / "startup.json"

# Installed before any page script: collects long tasks for the whole page lifetime.
LONGTASK_OBSERVER = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (_) {}
"""

# Click a square's element and time the board's replacement and the next frame.
CLICK_TIMING = """
async (selector) => {
  const board = document.querySelector('#board');
  const target = document.querySelector(selector);
  let replaced = null;
  const seen = new Promise(done => {
    const watch = new MutationObserver(() => {
      if (replaced === null) replaced = performance.now();
      watch.disconnect();
      done();
    });
    watch.observe(board, {childList: true});
  });
  const start = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  await seen;
  await new Promise(requestAnimationFrame);
  const painted = performance.now();
  return [replaced - start, painted - start];
}
"""


@contextmanager
def fresh_page(pw: Playwright, init_script: str | None = None) -> Iterator[Page]:
    """A page of a browser with a profile of its own, thrown away afterwards (so every
    measurement starts from the same empty caches)."""
    with tempfile.TemporaryDirectory(prefix="derive-bench-") as profile:
        context = pw.chromium.launch_persistent_context(
            user_data_dir=Path(profile),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800},
        )
        try:
            if init_script:
                context.add_init_script(init_script)
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def ready_ms(page: Page) -> float:
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)
    return float(page.get_attribute("html", "data-ready-ms") or "nan")


def python_ms(page: Page) -> float:
    """The app's own share of the start: from its Python starting to interactive."""
    began = page.get_attribute("html", "data-python-ms")
    return ready_ms(page) - float(began) if began else float("nan")


def startup(pw: Playwright, url: str) -> tuple[float, float, float]:
    """(cold, warm, app's own Python) milliseconds to interactive for ``url``, in a
    fresh profile."""
    with fresh_page(pw) as page:
        page.goto(url)
        cold = ready_ms(page)
        page.goto("about:blank")
        page.goto(url)
        warm = ready_ms(page)
        own = python_ms(page)
    return cold, warm, own


def click_latency(pw: Playwright, base: str, repeats: int) -> dict[str, list[float]]:
    """Select a die and play moves by click; undo between plays (keyboard ``u``)."""
    timings: dict[str, list[float]] = {
        "select": [],
        "select_frame": [],
        "play": [],
        "play_frame": [],
    }
    with fresh_page(pw) as page:
        page.goto(base + "index.html?position=" + quote("r3e5,y3f8 r ry L2"))
        ready_ms(page)
        for _ in range(repeats):
            dom, frame = page.evaluate(CLICK_TIMING, '[data-die="e5"]')
            timings["select"].append(dom)
            timings["select_frame"].append(frame)
            dom, frame = page.evaluate(CLICK_TIMING, '[data-square="d6"]')
            timings["play"].append(dom)
            timings["play_frame"].append(frame)
            page.wait_for_timeout(250)  # let the move's animation finish
            page.locator("#board").focus()
            page.keyboard.press("u")
            page.wait_for_function("document.documentElement.dataset.plies === '0'")
    return timings


def idle_longtasks(pw: Playwright, base: str, seconds: float) -> dict[str, Any]:
    """The reference: long tasks on the same page, AI worker up but idle, for as long as
    the computers played (on a shared machine, contention alone makes some)."""
    with fresh_page(pw, LONGTASK_OBSERVER) as page:
        page.goto(base + "index.html" + APP_QUERY)
        ready_ms(page)
        page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=READY_TIMEOUT_MS)
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
    with fresh_page(pw, LONGTASK_OBSERVER) as page:
        page.goto(base + "index.html" + AI_QUERY)
        ready_ms(page)
        page.wait_for_selector("html[data-ai=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        ai_ready = float(page.get_attribute("html", "data-ai-ready-ms") or "nan")
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
        "ai_ready_ms": ai_ready,
        "startup_longtasks": len(everything) - len(tasks),
        "plies": plies,
        "seconds": round(elapsed, 2),
        "longtasks": len(tasks),
        "longest_ms": round(max(tasks, default=0.0), 1),
    }


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold/warm starts per page")
    parser.add_argument("--clicks", type=int, default=12, help="timed clicks of each kind")
    parser.add_argument("--plies", type=int, default=6, help="computer moves watched")
    args = parser.parse_args(argv)

    server = make_server(REPO_ROOT, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    starts: dict[str, dict[str, list[float]]] = {
        "bare": {"cold": [], "warm": [], "own": []},
        "app": {"cold": [], "warm": [], "own": []},
    }
    try:
        with sync_playwright() as pw:
            for _ in range(args.runs):  # interleaved, so both see the same machine load
                for name, url in (
                    ("bare", base + "bench/bare.html"),
                    ("app", base + "index.html" + APP_QUERY),
                ):
                    cold, warm, own = startup(pw, url)
                    starts[name]["cold"].append(cold)
                    starts[name]["warm"].append(warm)
                    starts[name]["own"].append(own)
            clicks = click_latency(pw, base, args.clicks)
            thinking = thinking_longtasks(pw, base, args.plies)
            idle = idle_longtasks(pw, base, thinking["seconds"])
    finally:
        server.shutdown()
        server.server_close()

    result: dict[str, Any] = {"runs": args.runs, "startup_ms": {}, "ratio": {}}
    for kind in ("cold", "warm"):
        bare, app = median(starts["bare"][kind]), median(starts["app"][kind])
        result["startup_ms"][kind] = {
            "bare": bare,
            "app": app,
            "app_all": starts["app"][kind],
            "bare_all": starts["bare"][kind],
        }
        result["ratio"][kind] = round(app / bare, 2)
    result["app_python_ms"] = median(starts["app"]["own"])
    result["click_ms"] = {k: median(v) for k, v in clicks.items()}
    result["click_ms"]["play_frame_max"] = round(max(clicks["play_frame"]), 1)
    result["thinking"] = thinking
    result["idle"] = idle

    load = os.getloadavg()[0]
    result["load_average"] = round(load, 2)
    print(f"start-up to interactive (median of {args.runs}, ms; load average {load:.1f}):")
    for kind in ("cold", "warm"):
        row = result["startup_ms"][kind]
        print(
            f"  {kind:5}  bare {row['bare']:7.0f}   app {row['app']:7.0f}   "
            f"ratio {result['ratio'][kind]:.2f}"
        )
    print(
        f"  the app's own Python (import, first render) in the warm start: "
        f"{result['app_python_ms']:.0f} ms"
    )
    c = result["click_ms"]
    print(
        f"click → board replaced / next frame (median, ms): select {c['select']} / "
        f"{c['select_frame']}, play {c['play']} / {c['play_frame']} "
        f"(slowest play frame {c['play_frame_max']})"
    )
    print(
        f"AI worker ready {thinking['ai_ready_ms']:.0f} ms after navigation; "
        f"{thinking['startup_longtasks']} long tasks before it (the observer works)"
    )
    print(
        f"while two hard AIs played {thinking['plies']} moves ({thinking['seconds']} s): "
        f"{thinking['longtasks']} long tasks, longest {thinking['longest_ms']} ms"
    )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
