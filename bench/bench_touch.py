"""A reader's first touch on a lesson board, at 4x CPU (issue 39's goal).

For each page, a fresh Chromium profile (a first visit), the CPU slowed 4x (Chromium's
``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile run does), the page served as
GitHub Pages serves it (``tests.e2e.conftest.PlainHandler``); once the page has loaded
and been read for ``--read-s`` seconds (8: the page's own MicroPython starts after 5.5 s
of quiet, the engine's worker only at the reader's reach), one tap on a board, then until
that board is live
(``figure.lesson-board[data-live=true]``):

* ``live_ms``: from the tap to the board live (the moment the page made it so, seen by a
  ``MutationObserver``: the test's own poll lags behind a page that goes on waking its
  other boards);
* the page's thread's long tasks (``longtask`` entries over 50 ms) in that time: how
  many, the longest, their sum.

Pages: ``rules.html`` (its first lesson's "next" button), ``embed.html`` (an interactive
board, a square tapped), and ``puzzles.html`` (its board; Python starts there once the
page has loaded, so the tap comes once its board is live). The goal: no task over 50 ms
and the board live within 2.5 s of the tap.

The reference, measured in the same run, page for page, visit for visit: the same pages
of another checkout (``--reference DIR``), for example the commit before the lesson boards
moved to a worker, when Pyodide ran on their page's thread::

    git worktree add /tmp/ref e19af13 && ln -s "$PWD/node_modules" /tmp/ref/
    (cd /tmp/ref && python3 tools/runtime/vendor.py && python3 tools/runtime/build_bytecode.py \
        && python3 tools/runtime/build_image.py)

Medians of ``--repeats`` (3). Usage: ``.venv/bin/python bench/bench_touch.py [--reference
/tmp/ref]``; writes ``bench/results/touch.json``; the figures go to
``bench/journal/touch.md`` and the README.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
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
  // When the watched board (window.__board, a selector) went live, as it happened: a
  // poll from the test lags behind a page busy waking its other boards.
  window.__live = null;
  const isLive = () => {
    const board = window.__board && document.querySelector(window.__board);
    return board && board.dataset.live === "true" && !board.closest(".waiting");
  };
  new MutationObserver(() => {
    if (window.__live === null && isLive()) window.__live = performance.now();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-live", "class"]});
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


def one(pw: Any, base: str, name: str, read_s: float) -> dict[str, float]:
    path, tap, board = PAGES[name]
    with tempfile.TemporaryDirectory() as profile:
        context = open_browser(pw, Path(profile))
        try:
            context.add_init_script(RECORDER)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
            page.goto(f"{base}/{path}", wait_until="load")
            page.wait_for_timeout(read_s * 1000)
            if name == "puzzles":  # Python started at load: the tap waits for nothing
                page.wait_for_selector(f"{board}[data-live=true]", timeout=120_000)
            touched = page.evaluate("b => { window.__board = b; return performance.now(); }", board)
            page.locator(tap).first.dispatch_event("pointerdown")
            page.locator(tap).first.click()
            page.wait_for_selector(f"{board}[data-live=true]", timeout=120_000, state="attached")
            page.wait_for_function(
                "b => !document.querySelector(b).closest('.waiting')", arg=board, timeout=60_000
            )
            live = page.evaluate("window.__live ?? performance.now()")
            every = page.evaluate("window.__tasks")
            timed = [(s, d) for s, d in every if s + d > touched and s < live]
        finally:
            context.close()
    tasks = [d for _, d in timed]
    return {
        "live_ms": round(live - touched),
        "long_tasks": len(tasks),
        "longest_ms": round(max(tasks, default=0)),
        "blocked_ms": round(sum(tasks)),
        # Each long task's start after the tap and its length: the first, within about
        # 100 ms, is the tap itself (Playwright's click is the pointer's move, press and
        # release handled in one task), the later ones the board's start.
        "tasks": [[round(s - touched), round(d)] for s, d in timed],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--reference", type=Path, help="another checkout, measured alike")
    parser.add_argument("--read-s", type=float, default=8.0, help="seconds before the tap")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "cpu_slowdown": RATE,
        "read_s": args.read_s,
    }
    roots = {"this": REPO_ROOT}
    if args.reference is not None:
        roots["reference"] = args.reference.resolve()
    with ExitStack() as stack, sync_playwright() as pw:
        servers = {
            who: stack.enter_context(RunningServer(root, plain=True)) for who, root in roots.items()
        }
        for name in args.pages.split(","):
            runs: dict[str, list[dict[str, float]]] = {who: [] for who in roots}
            for _ in range(args.repeats):
                for who, server in servers.items():  # interleaved: the same machine load
                    runs[who].append(one(pw, server.url, name, args.read_s))
            result[name] = {}
            for who, measured in runs.items():
                figures = [k for k in measured[0] if k != "tasks"]
                median = {k: statistics.median(r[k] for r in measured) for k in figures}
                result[name][who] = {"median": median, "runs": measured}
                print(name, who, median, file=sys.stderr)
    write_results(REPO_ROOT / "bench" / "results" / "touch.json", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
