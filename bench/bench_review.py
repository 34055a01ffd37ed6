"""The post-game review in the browser (issue 26), against the same review in CPython.

One typical L2 game, made by the engine's arena (``derive.arena``: ``medium`` against
``easy``, seeded, as ``python -m derive.arena medium easy --rules L2 --seed 26`` plays its
first game), is opened as a share link (``index.html?game=<code>&review=1``, the code made
by ``derive.web.table.share.encode``) in Debian's headless Chromium with the browser
tests' flags, a fresh profile each run, served by ``tools/serve.py``'s handler from a copy
of the site as committed (``--commit``, default ``HEAD``: others' unfinished edits stay
out; ``--tree``: the working tree as it is), its compiled sources and Python image made
for it.  The page analyses the game in the computer's worker at the default budget
(``derive.ai.review.BUDGET`` nodes per search, ``--budget`` for another), asking for
slices of 50 ms and drawing after each.

Measured in every run:

* **the whole review**: from the review opening (``html[data-review]`` first set, when the
  page became interactive) to ``html[data-review=done]``; and from the computer's worker
  being ready (``html[data-ai=ready]``: the review cannot start before) to done: the
  analysis itself, divided by the positions analysed (the plies plus the start) for a
  time per ply, and by the searches (a re-roll is judged by searching its six results);
* **the longest main-thread task** during the analysis (PerformanceObserver ``longtask``,
  buffered, installed before any page script): the longest, how many (every long task is
  over 50 ms) and their total; goal: none.  Those while the worker starts are counted
  apart (the page's own start);
* **the reference**, in the same run, just before the browser: the same review in CPython
  (``derive.ai.review.Review(game).finish()``, in a child interpreter on the copy's
  ``derive``), so that the ratio is Pyodide's against CPython's under the same load; and
  what the page's Python does with the worker's last answer, timed in CPython;
* once, after the runs: the same page without its review, idle as long as an analysis
  took (long tasks from CPU contention alone).

Medians over ``--runs`` (3).  ``--trace`` records one more review with Chromium's tracing:
every main-thread task over 50 ms, what started it (a worker message, a rendering frame,
a garbage collection) and its time by kind (script, HTML parsing, style, layout, paint),
and the analysis's tasks by what started them: what to look at if the goal is missed.

Usage: ``nice flock /tmp/derive-browser.lock python bench/bench_review.py [--runs 3]
[--trace]`` (``make bench`` runs it; about 5 minutes, 6 with ``--trace``).  Results are
printed and written to ``bench/results/review.json`` (every run's figures too).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from harness import LONG_TASKS, REPO_ROOT, write_results  # first: the repository on the path
from playwright.sync_api import Page, Playwright, sync_playwright

from derive.ai.review import BUDGET  # noqa: E402
from tests.e2e.conftest import open_browser  # noqa: E402
from tools.serve import make_server  # noqa: E402

RESULTS = REPO_ROOT / "bench" / "results" / "review.json"
READY_TIMEOUT_MS = 180_000
REVIEW_TIMEOUT_MS = 420_000
STALL_S = 60.0
"""No worker answer drawn for this long: the review stopped (its error is on the page)."""
LONG_MS = 50.0
BUSY_MS = 2.0
"""--trace's statistics of the analysis's tasks leave out the many shorter ones (the
worker's messages come in several parts; only one carries an answer)."""

GAME_SEED = 26
"""The arena's seed (``--seed``) and the game's index in its run: 73 plies, 6 re-rolls."""
GAME_INDEX = 0
PLAYERS = ("medium", "easy")
PLIES = (50, 90)
"""A typical L2 game's length, in plies: the game chosen must fall in it."""
PAGE_WORK_REPEATS = 15

# Installed before any page script: long tasks for the page's whole life, and when the
# review's and the computer's marks on <html> change (a MutationObserver runs in the very
# task that set the attribute), each also a user-timing mark for --trace.
PAGE_PROBE = (
    LONG_TASKS
    + """
window.__review = {opened: null, ai_ready: null, done: null, renders: 0};
new MutationObserver(records => {
  const now = performance.now();
  const mark = window.__review;
  const data = document.documentElement.dataset;
  const first = (key) => {
    if (mark[key] !== null) return;
    mark[key] = now;
    performance.mark("bench:" + key);
  };
  for (const r of records) {
    if (r.target !== document.documentElement) continue;
    if (r.attributeName === "data-review") {
      if (data.review) first("opened");
      if (data.review === "done") first("done");
    } else if (r.attributeName === "data-ai") {
      if (data.ai === "ready") first("ai_ready");
    } else if (r.attributeName === "data-review-ply") {
      mark.renders += 1;
    }
  }
}).observe(document, {
  subtree: true, attributes: true,
  attributeFilter: ["data-review", "data-review-ply", "data-ai"],
});
"""
)

FIGURES = """
() => ({
  ...window.__review,
  ready: Number(document.documentElement.dataset.readyMs),
  points: document.querySelectorAll("svg[data-review] [data-ply]").length,
  longtasks: window.__longtasks,
})
"""

PROGRESS = """() => [
  document.documentElement.dataset.review === "done",
  window.__review.renders,
  document.querySelector(".review-progress-words")?.textContent ?? "",
]"""
FAILED = re.compile(r"Traceback|\[crash\]|\[pageerror\]|PythonError")


# --------------------------------------------------------------------------- the site


def snapshot_commit(rev: str, into: Path) -> str:
    """The site as committed at ``rev`` (``git archive``: others' unfinished edits stay
    out), with the working tree's ``vendor/`` (git-ignored: the runtime; its compiled
    sources and Python image are made again for the copy, ``refresh_vendor``).  Returns
    the commit."""
    commit = _git("rev-parse", "--verify", rev + "^{commit}").strip()
    archive = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "archive", "--format=tar", commit],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    shutil.copytree(REPO_ROOT / "vendor", into / "vendor", dirs_exist_ok=True)
    return commit


def snapshot_tree(into: Path) -> str:
    """A copy of the working tree as it is (``--tree``), ``vendor/`` and all."""
    ignore = shutil.ignore_patterns(".git", ".venv", "node_modules", "test-results", "_site")
    shutil.copytree(REPO_ROOT, into, ignore=ignore, dirs_exist_ok=True)
    return _git("rev-parse", "HEAD").strip() + " + the working tree's changes"


def refresh_vendor(root: Path) -> None:
    """Rebuild the copy's compiled sources and Python image for its own sources (each
    builder does nothing if its key still matches): stale ones would not break the page,
    but its worker would boot Python instead of restoring the image, and the review
    would wait seconds longer than a player's does."""
    for builder in ("build_bytecode.py", "build_image.py"):
        subprocess.run(
            [sys.executable, f"tools/runtime/{builder}"],
            cwd=root,
            check=True,
            stdout=subprocess.DEVNULL,
        )


def _git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(REPO_ROOT), *args], check=True, capture_output=True, text=True
    )
    return done.stdout


# --------------------------------------------------------------------------- CPython

# Run by ``in_cpython`` in a child interpreter whose ``derive`` is the served copy's, so
# that the reference runs the very code the page does.  A job on stdin, JSON on stdout.
CHILD = """
import json, random, statistics, sys, time
from derive.game import Game
from derive.notation import REROLL

job = json.loads(sys.stdin.read())
if job["what"] == "game":
    # derive.arena.play's seeds and moves, the game kept (the arena keeps its result).
    from derive.arena import Player, first_seats
    from derive.web.table import share
    players = [Player.parse(name) for name in job["players"]]
    seed = job["seed"] * 1_000_003 + job["index"]
    game = Game.new("ry", "L2", seed=seed, max_plies=200)
    mine = first_seats(game.seating, job["index"])
    rng = random.Random(seed)
    while not game.is_over:
        who = 0 if game.to_move in mine else 1
        game.play(players[who].move(game, rng.getrandbits(32))[0])
    rerolls = sum(1 for m in game.moves if m.kind == REROLL)
    out = {"code": share.encode(game), "record": game.record(), "plies": len(game.moves),
           "rerolls": rerolls, "searches": len(game.moves) + 1 + 5 * rerolls,
           "winner": game.winner}
else:
    from derive.ai.review import Review
    game = Game.from_record(job["record"])
    review = Review(game, job["budget"])
    began = time.perf_counter()
    review.finish()
    out = {"seconds": time.perf_counter() - began}
    if job.get("page_work"):
        # What the page does with the worker's last answer (the whole analysis), timed
        # here: the same Python, without the DOM.
        searched, searches = review.progress()
        answer = {"analysis": review.analysis().to_data(), "searched": searched,
                  "searches": searches, "done": True}
        text = json.dumps(answer, separators=(",", ":"))
        from derive.web.review.driver import ReviewState
        from derive.web.review.graph import graph_svg
        from derive.web.review.panel import mistakes_html, summary_html
        state = ReviewState(Game.from_record(job["record"]))
        state.take(json.loads(text))
        state.show(state.total)
        fresh = ReviewState(Game.from_record(job["record"]))
        parsed = json.loads(text)
        steps = {
            "json.loads": lambda: json.loads(text),
            "ReviewState.take": lambda: fresh.take(parsed),
            "graph_svg": lambda: graph_svg(state.points(), state.sides, total=state.total,
                                           current=state.shown, lang="en"),
            "summary_html": lambda: summary_html("en", state.sides, state.judged(),
                                                 state.turning()),
            "mistakes_html": lambda: mistakes_html("en", state.judged(), state.shown),
        }
        work = {}
        for name, step in steps.items():
            times = []
            try:
                for _ in range(job["repeats"]):
                    t = time.perf_counter()
                    step()
                    times.append((time.perf_counter() - t) * 1000)
                work[name] = round(statistics.median(times), 2)
            except Exception as error:  # the page's glue changed: say so, go on
                work[name] = f"n/a ({type(error).__name__})"
        out["answer_bytes"] = len(text)
        out["page_work_ms"] = work
print(json.dumps(out))
"""


def child(root: Path, job: dict[str, Any]) -> dict[str, Any]:
    """``CHILD`` run on ``job`` by this interpreter, with ``root``'s ``derive``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=root,
        env=env,
        input=json.dumps(job),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(f"the CPython part failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def arena_game(root: Path, seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of ``python -m derive.arena medium easy --rules L2 --seed SEED``, its
    share code and record."""
    return child(root, {"what": "game", "players": PLAYERS, "seed": seed, "index": index})


def in_cpython(root: Path, record: Any, budget: int, page_work: bool) -> dict[str, Any]:
    job = {"what": "review", "record": record, "budget": budget}
    job |= {"page_work": page_work, "repeats": PAGE_WORK_REPEATS}
    return child(root, job)


# --------------------------------------------------------------------------- the browser


def review_url(base: str, code: str, budget: int) -> str:
    query = f"?game={code}&review=1"
    if budget != BUDGET:
        query += f"&budget={budget}"
    return base + "index.html" + query


def open_review(pw: Playwright, profile: str, url: str) -> tuple[Any, Page, list[str]]:
    context = open_browser(pw, Path(profile))
    context.add_init_script(PAGE_PROBE)
    page = context.pages[0] if context.pages else context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"[{message.type}] {message.text}"))
    page.on("crash", lambda _: console.append("[crash] the renderer crashed"))
    page.on("pageerror", lambda error: console.append(f"[pageerror] {error}"))
    if url:
        page.goto(url)
    return context, page, console


def wait_done(page: Page, console: list[str]) -> None:
    """Until ``html[data-review=done]``.  A Python error on the page, a crash, or no
    worker answer drawn for ``STALL_S`` (the review stopped on its own error) ends the
    wait at once, saying what the page said."""
    deadline = time.monotonic() + (READY_TIMEOUT_MS + REVIEW_TIMEOUT_MS) / 1000
    renders, since = -1, time.monotonic()
    while True:
        done, now_renders, words = page.evaluate(PROGRESS)
        if done:
            return
        if now_renders != renders:
            renders, since = now_renders, time.monotonic()
        failed = [line for line in console if FAILED.search(line)]
        stalled = renders > 0 and time.monotonic() - since > STALL_S
        if failed or stalled or time.monotonic() > deadline:
            print("the page's console:", *console[-25:], sep="\n  ", file=sys.stderr)
            why = failed[0][:400] if failed else "stalled" if stalled else "timed out"
            raise RuntimeError(f"the review did not finish ({why}); the page says: {words}")
        page.wait_for_timeout(250)


def figures(found: dict[str, Any]) -> dict[str, Any]:
    """One review's times, and its long tasks: while the computer's worker started
    (review opened → worker ready) and during the analysis (worker ready → done)."""
    opened, done = float(found["opened"]), float(found["done"])
    ai_ready = max(opened, float(found["ai_ready"] if found["ai_ready"] is not None else opened))
    starting = [d for s, d in found["longtasks"] if s + d > opened and s < ai_ready]
    tasks = [d for s, d in found["longtasks"] if s + d > ai_ready and s < done]
    return {
        "ready_ms": found["ready"],
        "opened_ms": opened,
        "ai_ready_ms": ai_ready,
        "done_ms": done,
        "whole_s": (done - opened) / 1000,
        "analysis_s": (done - ai_ready) / 1000,
        "renders": found["renders"],
        "points": found["points"],
        "longtasks": len(tasks),
        "longest_ms": max(tasks, default=0.0),
        "longtask_total_ms": sum(tasks),
        "worker_start_longtasks": len(starting),
        "worker_start_longest_ms": max(starting, default=0.0),
        "longtasks_before": sum(1 for s, d in found["longtasks"] if s + d <= opened),
    }


def in_browser(pw: Playwright, url: str) -> dict[str, Any]:
    """One review in a fresh browser (a new profile: no analysis kept from before)."""
    with tempfile.TemporaryDirectory(prefix="derive-bench-") as profile:
        context, page, console = open_review(pw, profile, url)
        try:
            wait_done(page, console)
            found = page.evaluate(FIGURES)
        finally:
            context.close()
    return figures(found)


def idle_reference(pw: Playwright, url: str, seconds: float) -> dict[str, Any]:
    """The reference for long tasks: the same game on the same page, without its review
    (the worker up but idle), for as long as a review's analysis took.  On a shared
    machine, CPU contention alone stretches some tasks past 50 ms.  Also its long tasks
    from interactive to the worker ready: the page's start, review or not."""
    with tempfile.TemporaryDirectory(prefix="derive-bench-") as profile:
        context, page, console = open_review(pw, profile, url)
        try:
            page.wait_for_selector(
                "html[data-ai=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            start = page.evaluate("performance.now()")
            page.wait_for_timeout(seconds * 1000)
            found = page.evaluate(FIGURES)
        finally:
            context.close()
    ready, ai_ready = float(found["ready"]), float(found["ai_ready"])
    tasks = [d for s, d in found["longtasks"] if s + d > start]
    starting = [d for s, d in found["longtasks"] if s + d > ready and s < ai_ready]
    return {
        "seconds": round(seconds, 1),
        "longtasks": len(tasks),
        "longest_ms": max(tasks, default=0.0),
        "longtask_total_ms": sum(tasks),
        "worker_start_ms": ai_ready - ready,
        "worker_start_longtasks": len(starting),
        "worker_start_longest_ms": max(starting, default=0.0),
    }


# --------------------------------------------------------------------------- --trace

TRACE_CATEGORIES = ",".join(
    [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8",
        "v8.execute",
        "blink",
        "blink.user_timing",
        "toplevel",
    ]
)
KINDS = (
    ("garbage collection", ("GC", "Sweep", "Scavenge")),
    ("HTML parsing (innerHTML)", ("ParseHTML", "HTMLDocumentParser", "ParseFragment")),
    ("style", ("Style", "UpdateLayoutTree", "StyleRecalc")),
    ("layout", ("Layout", "layout")),
    ("paint, composite", ("Paint", "Layerize", "Composit", "Commit", "Raster")),
    ("script (Python in wasm, JS)", ("v8", "V8", "Function", "Microtask", "Script", "Async")),
)


WRAPPERS = frozenset(
    {"RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask", "SequenceManager RunTask"}
)


def kind_of(name: str) -> str:
    return next((kind for kind, marks in KINDS if any(m in name for m in marks)), "other")


def traced(pw: Playwright, url: str) -> dict[str, Any]:
    """One more review under Chromium's tracing: every main-thread task over 50 ms from
    the review opening to done, what started it and where its time went."""
    with tempfile.TemporaryDirectory(prefix="derive-bench-") as profile:
        context, page, console = open_review(pw, profile, "")
        events: list[dict[str, Any]] = []
        finished = threading.Event()
        try:
            session = context.new_cdp_session(page)
            session.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
            session.on("Tracing.tracingComplete", lambda _: finished.set())
            session.send(
                "Tracing.start", {"categories": TRACE_CATEGORIES, "transferMode": "ReportEvents"}
            )
            page.goto(url)
            wait_done(page, console)
            found = page.evaluate(FIGURES)
            session.send("Tracing.end")
            deadline = time.monotonic() + 60
            while not finished.is_set() and time.monotonic() < deadline:
                page.wait_for_timeout(100)  # lets Playwright deliver the events
        finally:
            context.close()
    return {"page": figures(found), "tasks": breakdown(events)}


def breakdown(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The long tasks of the page's main thread in a trace, from the review opening to
    done (the probe's ``bench:`` marks), each with the phase it fell in, what started it
    (its largest direct part) and its time by kind (each event's own time, its nested
    events' taken out)."""
    marks = {e["name"][6:]: e["ts"] for e in events if str(e.get("name", "")).startswith("bench:")}
    threads = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e["args"].get("name") == "CrRendererMain"
    }
    spans = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in threads]
    # The page's renderer is the one whose thread carries the probe's marks, else the busiest.
    marked = {(e["pid"], e["tid"]) for e in events if str(e.get("name", "")).startswith("bench:")}
    busiest = Counter((e["pid"], e["tid"]) for e in spans).most_common()
    main = next((t for t, _ in busiest if t in marked), busiest[0][0] if busiest else None)
    spans = sorted(
        (e for e in spans if (e["pid"], e["tid"]) == main and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    tops: list[dict[str, Any]] = []
    own: dict[int, float] = {}
    top_of: dict[int, int] = {}
    parts: dict[int, list[dict[str, Any]]] = {}
    stack: list[dict[str, Any]] = []
    for e in spans:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        own[id(e)] = float(e["dur"])
        if stack:
            own[id(stack[-1])] -= e["dur"]
            top_of[id(e)] = id(stack[0])
            parts.setdefault(id(stack[-1]), []).append(e)
        else:
            tops.append(e)
            top_of[id(e)] = id(e)
        stack.append(e)
    kinds: dict[int, dict[str, float]] = {}
    for e in spans:
        into = kinds.setdefault(top_of[id(e)], {})
        kind = kind_of(e["name"])
        into[kind] = into.get(kind, 0.0) + max(0.0, own[id(e)])
    opened, ready, done = (marks.get(k) for k in ("opened", "ai_ready", "done"))
    if opened is None or done is None:
        return {"long": [], "analysis_tasks": {}}
    start = opened if ready is None else max(opened, ready)

    def started_by(task: dict[str, Any]) -> str:
        found = task  # down the largest parts, past the scheduler's wrappers
        while found["name"] in WRAPPERS and parts.get(id(found)):
            found = max(parts[id(found)], key=lambda e: e["dur"])
        return str(found["name"])

    long = []
    every: dict[str, list[tuple[float, float]]] = {}
    for task in tops:
        if task["ts"] + task["dur"] < opened or task["ts"] > done:
            continue
        if task["ts"] >= start and task["dur"] >= BUSY_MS * 1000:
            every.setdefault(started_by(task), []).append((task["ts"], task["dur"] / 1000))
        if task["dur"] <= LONG_MS * 1000:
            continue
        by_kind = kinds[id(task)]
        long.append(
            {
                "at_ms": round((task["ts"] - opened) / 1000),
                "ms": round(task["dur"] / 1000, 1),
                "phase": "analysis" if task["ts"] >= start else "worker start",
                "started_by": started_by(task),
                "kinds_ms": {
                    k: round(v / 1000, 1)
                    for k, v in sorted(by_kind.items(), key=lambda kv: -kv[1])
                    if v >= 500
                },
            }
        )
    # The analysis's tasks of some weight, by what started it: do they grow with it?
    quarter = (done - start) / 4
    stats = {}
    for name, found in sorted(every.items(), key=lambda kv: -sum(d for _, d in kv[1])):
        if len(found) < 5:
            continue
        first = [d for t, d in found if t < start + quarter] or [0.0]
        last = [d for t, d in found if t >= done - quarter] or [0.0]
        stats[name] = {
            "count": len(found),
            "median_ms": round(median([d for _, d in found]), 1),
            "max_ms": round(max(d for _, d in found), 1),
            "first_quarter_median_ms": round(median(first), 1),
            "last_quarter_median_ms": round(median(last), 1),
        }
        if len(stats) == 4:
            break
    return {"long": long, "analysis_tasks": stats}


# --------------------------------------------------------------------------- report


def median(values: list[float]) -> float:
    return float(statistics.median(values))


def summarise(runs: list[dict[str, Any]], positions: int, searches: int) -> dict[str, Any]:
    browser = [r["browser"] for r in runs]
    cpython = [r["cpython"]["seconds"] for r in runs]
    analysis = [b["analysis_s"] for b in browser]
    return {
        "whole_s": median([b["whole_s"] for b in browser]),
        "analysis_s": median(analysis),
        "per_ply_ms": median(analysis) * 1000 / positions,
        "per_search_ms": median(analysis) * 1000 / searches,
        "cpython_s": median(cpython),
        "cpython_per_ply_ms": median(cpython) * 1000 / positions,
        "ratio": median([a / c for a, c in zip(analysis, cpython, strict=True)]),
        "longest_ms": max(b["longest_ms"] for b in browser),
        "longest_median_ms": median([b["longest_ms"] for b in browser]),
        "longtasks": median([b["longtasks"] for b in browser]),
        "longtasks_all_runs": sum(b["longtasks"] for b in browser),
        "longtask_total_ms": median([b["longtask_total_ms"] for b in browser]),
        "worker_start_longest_ms": max(b["worker_start_longest_ms"] for b in browser),
        "renders": median([b["renders"] for b in browser]),
    }


def print_report(result: dict[str, Any]) -> None:
    game, s = result["game"], result["median"]
    print(
        f"review of an L2 game ({game['players']}, seed {game['seed']}: {game['plies']} plies, "
        f"{game['rerolls']} re-rolls, {game['searches']} searches) at {result['budget']} nodes "
        f"per search, site {result['site'][:12]}; median of {result['runs']} runs; load "
        f"average {result['load_average'][0]:.1f} before, {result['load_average'][1]:.1f} after"
    )
    rows = [
        ("review opened → done (browser, worker start included)", f"{s['whole_s']:.1f} s"),
        ("worker ready → done: the analysis (Pyodide)", f"{s['analysis_s']:.1f} s"),
        ("  per ply (position analysed)", f"{s['per_ply_ms']:.0f} ms"),
        ("  per search", f"{s['per_search_ms']:.0f} ms"),
        ("the same review in CPython", f"{s['cpython_s']:.1f} s"),
        ("  per ply", f"{s['cpython_per_ply_ms']:.0f} ms"),
        ("Pyodide / CPython (median of the runs' ratios)", f"{s['ratio']:.2f}x"),
        ("review redrawn (data-review-ply set)", f"{s['renders']:.0f}"),
        ("longest main-thread task in the analysis (worst run)", f"{s['longest_ms']:.0f} ms"),
        ("  (median run)", f"{s['longest_median_ms']:.0f} ms"),
        (
            "  long tasks (> 50 ms) a run, their total",
            f"{s['longtasks']:.0f}, {s['longtask_total_ms']:.0f} ms",
        ),
        ("  long tasks in all the runs", f"{s['longtasks_all_runs']}"),
        ("longest while the worker started (worst run)", f"{s['worker_start_longest_ms']:.0f} ms"),
    ]
    for label, value in rows:
        print(f"  {label:56} {value:>12}")
    idle = result["idle"]
    print(
        f"  the same page idle as long ({idle['seconds']} s, worker up, no review): "
        f"{idle['longtasks']} long tasks, longest {idle['longest_ms']:.0f} ms; from "
        f"interactive to the worker ready ({idle['worker_start_ms']:.0f} ms): "
        f"{idle['worker_start_longtasks']}, longest {idle['worker_start_longest_ms']:.0f} ms"
    )
    met = "met" if s["longest_ms"] <= LONG_MS else "NOT met"
    print(f"  goal (no main-thread task over 50 ms during the analysis): {met}")
    for number, run in enumerate(result["all_runs"], 1):
        b = run["browser"]
        print(
            f"  run {number}: browser {b['whole_s']:.1f} s (analysis {b['analysis_s']:.1f} s, "
            f"worker ready {b['ai_ready_ms'] - b['opened_ms']:.0f} ms after the review opened), "
            f"CPython {run['cpython']['seconds']:.1f} s; long tasks {b['longtasks']} "
            f"(longest {b['longest_ms']:.0f} ms), {b['worker_start_longtasks']} while the "
            f"worker started (longest {b['worker_start_longest_ms']:.0f} ms); "
            f"{b['points']} graph points"
        )
    work = result["all_runs"][0]["cpython"].get("page_work_ms")
    if work:
        print(
            "  the page's Python per worker answer, in CPython, on the last answer "
            f"({result['all_runs'][0]['cpython']['answer_bytes']:,} bytes), ms: "
            + ", ".join(f"{k} {v}" for k, v in work.items())
        )
    trace = result.get("trace")
    if trace:
        p = trace["page"]
        print(
            f"  traced review: {p['whole_s']:.1f} s, {p['longtasks']} long tasks in the "
            f"analysis (longest {p['longest_ms']:.0f} ms), {p['worker_start_longtasks']} while "
            "the worker started"
        )
        for name, st in trace["tasks"]["analysis_tasks"].items():
            print(
                f"    analysis tasks of {BUSY_MS:g} ms or more started by {name}: "
                f"{st['count']}, median {st['median_ms']} ms (first quarter "
                f"{st['first_quarter_median_ms']}, last {st['last_quarter_median_ms']}), "
                f"longest {st['max_ms']} ms"
            )
        for task in trace["tasks"]["long"]:
            kinds = ", ".join(f"{k} {v}" for k, v in task["kinds_ms"].items())
            print(
                f"    +{task['at_ms']} ms, {task['phase']}: {task['ms']} ms, "
                f"{task['started_by']}: {kinds}"
            )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="reviews of each (default 3)")
    parser.add_argument(
        "--budget", type=int, default=BUDGET, help=f"nodes per search (default {BUDGET})"
    )
    parser.add_argument("--seed", type=int, default=GAME_SEED, help="the arena's seed")
    parser.add_argument("--index", type=int, default=GAME_INDEX, help="the game in its run")
    parser.add_argument(
        "--trace", action="store_true", help="one more review traced: what the long tasks are"
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--commit", default="HEAD", help="serve this commit (default HEAD)")
    source.add_argument(
        "--tree", action="store_true", help="serve a copy of the working tree instead"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.budget < 1:
        parser.error("--runs and --budget must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.monotonic()
    copy = tempfile.TemporaryDirectory(prefix="derive-bench-site-")
    root = Path(copy.name)
    site = snapshot_tree(root) if args.tree else snapshot_commit(args.commit, root)
    refresh_vendor(root)
    game = arena_game(root, args.seed, args.index)
    if not PLIES[0] <= game["plies"] <= PLIES[1]:
        print(f"note: this game has {game['plies']} plies, not {PLIES[0]}-{PLIES[1]} (typical)")
    server = make_server(root, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = review_url(f"http://127.0.0.1:{server.server_address[1]}/", game["code"], args.budget)
    load_before = os.getloadavg()[0]
    runs: list[dict[str, Any]] = []
    result: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            for number in range(args.runs):
                cpython = in_cpython(root, game["record"], args.budget, page_work=number == 0)
                browser = in_browser(pw, url)
                runs.append({"cpython": cpython, "browser": browser})
                print(
                    f"run {number + 1} (load {os.getloadavg()[0]:.1f}): CPython "
                    f"{cpython['seconds']:.1f} s, browser {browser['whole_s']:.1f} s "
                    f"(analysis {browser['analysis_s']:.1f} s), longest task "
                    f"{browser['longest_ms']:.0f} ms",
                    flush=True,
                )
            seconds = median([run["browser"]["analysis_s"] for run in runs])
            result["idle"] = idle_reference(pw, url.replace("&review=1", ""), seconds)
            if args.trace:
                result["trace"] = traced(pw, url)
    finally:
        server.shutdown()
        server.server_close()
        copy.cleanup()
    positions = game["plies"] + 1
    result |= {
        "site": site,
        "game": {k: game[k] for k in ("plies", "rerolls", "searches", "winner")}
        | {"players": " vs ".join(PLAYERS), "seed": args.seed, "index": args.index},
        "budget": args.budget,
        "runs": args.runs,
        "seconds": round(time.monotonic() - began),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "median": summarise(runs, positions, game["searches"]),
        "all_runs": runs,
    }
    print_report(result)
    write_results(RESULTS, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
