"""A reader's first touch on a lesson board, at 4x CPU (issue 39's goal).

For each page, a fresh Chromium profile (a first visit), the CPU slowed 4x (Chromium's
``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile run does), the page served as
GitHub Pages serves it (``tests.e2e.conftest.PlainHandler``); once the page has loaded
and been idle a second, one tap on a board, then until that board is live
(``figure.lesson-board[data-live=true]``):

* ``live_ms``: from the tap to the board live;
* the page's thread's long tasks (``longtask`` entries over 50 ms) in that time: how
  many, the longest, their sum.

Pages: ``rules.html`` (its first lesson's "next" button), ``embed.html`` (an interactive
board, a square tapped), and ``puzzles.html`` (its board; Python starts there once the
page has loaded, so the tap comes after it started). The reference measured in the same
run is whichever of them still runs Pyodide on the page's thread (the puzzle pages, today):
the goal is no task over 50 ms and the board live within 2.5 s of the tap.

Medians of ``--repeats`` (3). Usage: ``.venv/bin/python bench/bench_touch.py``; writes
``bench/results/touch.json``; the figures go to ``bench/journal/touch.md`` and the README.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import REPO_ROOT, write_results
from playwright.sync_api import sync_playwright

from tests.e2e.conftest import RunningServer, open_browser

RATE = 4
RECORDER = """
(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const t of list.getEntries()) window.__tasks.push([t.startTime, t.duration]);
  }).observe({ type: "longtask", buffered: true });
})();
"""
PAGES: dict[str, tuple[str, str, str]] = {
    # name: (path, what is tapped, the board that must go live)
    "rules": ("rules.html", "#lesson-goal [data-action=next]", "#lesson-goal .lesson-board"),
    "embed": (
        "embed.html?position=r3c3,y5d4,y4f6%20r%20ry%20L2&interactive=1",
        '[data-square="c3"]',
        ".lesson-board",
    ),
    "puzzles": ("puzzles.html", "[data-lesson] [data-square]", "[data-lesson] .lesson-board"),
}


def one(pw: Any, base: str, name: str) -> dict[str, float]:
    path, tap, board = PAGES[name]
    with tempfile.TemporaryDirectory() as profile:
        context = open_browser(pw, Path(profile))
        try:
            context.add_init_script(RECORDER)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
            page.goto(f"{base}/{path}", wait_until="load")
            page.wait_for_timeout(1000)
            if name == "puzzles":  # Python started at load: the tap waits for nothing
                page.wait_for_selector(f"{board}[data-live=true]", timeout=120_000)
            touched = page.evaluate("performance.now()")
            page.locator(tap).first.dispatch_event("pointerdown")
            page.locator(tap).first.click()
            page.wait_for_selector(f"{board}[data-live=true]", timeout=120_000, state="attached")
            page.wait_for_function(
                "b => !document.querySelector(b).closest('.waiting')", arg=board, timeout=60_000
            )
            live = page.evaluate("performance.now()")
            tasks = [d for s, d in page.evaluate("window.__tasks") if s + d > touched and s < live]
        finally:
            context.close()
    return {
        "live_ms": round(live - touched),
        "long_tasks": len(tasks),
        "longest_ms": round(max(tasks, default=0)),
        "blocked_ms": round(sum(tasks)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pages", default=",".join(PAGES))
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"date": time.strftime("%Y-%m-%d"), "cpu_slowdown": RATE}
    with RunningServer(REPO_ROOT, plain=True) as server, sync_playwright() as pw:
        for name in args.pages.split(","):
            runs = [one(pw, server.url, name) for _ in range(args.repeats)]
            median = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            result[name] = {"median": median, "runs": runs}
            print(name, median, file=sys.stderr)
    write_results(REPO_ROOT / "bench" / "results" / "touch.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
