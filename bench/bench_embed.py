"""Many embedded boards on one page: a host page with eight against one with one.

A rules site's page (``tools/pages/embed_hosts.py``: text with a board every few paragraphs,
served from a second origin) holds Dérive's ``embed.html`` in iframes, eight of every mode
or the first of them alone; an empty page of the same host is the reference for memory.
Each visit is a fresh browser (new profile: nothing cached), the three pages interleaved,
their order turning from one run to the next, Debian's headless Chromium with the browser
tests' flags, at 1280×800 (two boards of the eight are in view at first):

* **all positions visible**: navigation → the last frame has drawn its position
  (``html[data-painted-at]``, set by ``assets/embed.js`` with no Python);
* **memory, idle**: 3 s after that, the private memory (USS: private clean and dirty
  pages and swap, ``/proc/PID/smaps_rollup``) of every process of the browser, summed,
  whole and above the empty page, and of its renderer processes alone; beside it the main
  renderer's JS heap (CDP ``Performance.getMetrics`` ``JSHeapUsedSize``: the frames share
  the page's renderer here, both origins being 127.0.0.1). Private memory, not PSS: other
  Chromiums on the machine (other people's tests) share its libraries and would move PSS;
* **CPU**: user + system time of the browser's processes from navigation to that moment;
* **first interactive board**: the reader clicks a die of the first board as soon as every
  board is drawn; the time until that board is live (its Python up, the click applied),
  from the click and from navigation; then the memory with that one interpreter;
* **eight iframes of a small file** (the site's icon), the reference for what eight frames
  cost by themselves;
* **idle, the page's Python up** (a visit of the eight boards of its own, untouched): the
  memory once every frame's MicroPython has started by itself (``assets/live-boards.js``
  starts it after 5.5 s of quiet, before any touch; the worker waits for the reader): what
  the pages' MicroPython costs before any board is live;
* **all eight live** (the eight-board page only): a die of every board clicked, memory
  once the eight interpreters are up: what starting every board would cost;
* **eight touched, then left alone** (the eight-board page only): the same boards once
  each has given its worker back (``front/lessons.py``'s ``Rest``, after ``REST_S`` with no
  gesture; ``--rest-ms`` shortens it, the memory after is the same), and the time a touch
  on the first of them takes to be answered then (a worker started again, the board
  restored): what a reader who comes back waits.

Usage: ``python bench/bench_embed.py [--runs 3]`` (``make bench`` runs it). Results are
printed and written to ``bench/results/embed.json``.
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
from pathlib import Path
from typing import Any

from harness import REPO_ROOT, write_results  # first: it puts the repository on the path
from playwright.sync_api import BrowserContext, Frame, Page, Playwright, sync_playwright

from tests.e2e.conftest import open_browser  # noqa: E402
from tools.pages.embed_hosts import EIGHT, ONE, host_page  # noqa: E402
from tools.serve import make_server  # noqa: E402

RESULTS = REPO_ROOT / "bench" / "results" / "embed.json"
TIMEOUT_MS = 180_000
SETTLE_S = 3.0
QUIET_SETTLE_S = 6.0
"""After the last frame put its MicroPython in, time for every one to be up."""
TICK = os.sysconf("SC_CLK_TCK")
PAGES = {"empty": (), "one": ONE, "eight": EIGHT, "eight-icons": (), "eight-quiet": EIGHT}
"""``eight-quiet``: the eight boards untouched, until every frame's MicroPython is up."""
ICONS = "assets/icon.svg"
"""The reference for what eight iframes cost by themselves: the site's icon in each."""


# --------------------------------------------------------------------------- processes


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        tree.setdefault(parent, []).append(int(entry))
    return tree


def browser_processes() -> list[int]:
    """Every Chromium process this benchmark started (descendants of this process)."""
    tree = _children()
    found, todo = [], list(tree.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo.extend(tree.get(pid, []))
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if "chrom" in name:
            found.append(pid)
    return found


def is_renderer(pid: int) -> bool:
    try:
        return b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def private_mb(pids: list[int]) -> float:
    """Memory only these processes hold (USS: private clean + dirty pages, swap too):
    unlike PSS, it does not move with other browsers sharing the same libraries."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith(("Private_Clean:", "Private_Dirty:", "Swap:")):
                    total += int(line.split()[1])
        except OSError:
            continue  # the process ended meanwhile
    return total / 1024


def cpu_s(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICK


# --------------------------------------------------------------------------- one visit


def frames_of(page: Page, count: int) -> list[Frame]:
    frames = []
    for number in range(1, count + 1):
        handle = page.wait_for_selector(f"#board-{number}", state="attached")
        frame = handle.content_frame() if handle is not None else None
        assert frame is not None
        frames.append(frame)
    return frames


def epoch(frame: Frame, attribute: str) -> float:
    """A frame's mark in ms since the epoch (``data-ready-ms`` is relative to the frame)."""
    value = frame.evaluate(
        """name => {
          const d = document.documentElement.dataset;
          return name === 'paintedAt' ? Number(d.paintedAt)
            : performance.timeOrigin + Number(d[name]);
        }""",
        attribute,
    )
    return float(value)


def wait_live(frame: Frame) -> None:
    frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)


def memory(context: BrowserContext, page: Page) -> dict[str, float]:
    session = context.new_cdp_session(page)
    session.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    session.detach()
    pids = browser_processes()
    return {
        "private_mb": private_mb(pids),
        "renderer_mb": private_mb([pid for pid in pids if is_renderer(pid)]),
        "js_heap_mb": metrics.get("JSHeapUsedSize", 0) / 2**20,
    }


def wait_attribute(frame: Frame, name: str, value: str) -> None:
    frame.wait_for_selector(f"html[{name}={value}]", state="attached", timeout=TIMEOUT_MS)


def settled(frame: Frame) -> None:
    """The board's gestures answered (``data-busy`` gone), its Python live."""
    wait_attribute(frame, "data-python", "live")
    frame.wait_for_selector(".lesson-board:not([data-busy])", state="attached", timeout=TIMEOUT_MS)


def visit(
    pw: Playwright,
    url: str,
    count: int,
    *,
    all_live: bool,
    quiet: bool = False,
    rest_ms: int | None = None,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-embed-") as profile:
        context = open_browser(pw, Path(profile))
        try:
            page = context.pages[0] if context.pages else context.new_page()
            if rest_ms is not None:
                page.add_init_script(f"window.deriveRestMs = {int(rest_ms)};")
            page.goto("about:blank")
            time.sleep(0.5)
            cpu_before = cpu_s(browser_processes())
            page.goto(url)
            origin = float(page.evaluate("performance.timeOrigin"))
            out: dict[str, Any] = {}
            frames = frames_of(page, count)
            for frame in frames:
                frame.wait_for_selector("html[data-painted=true]", state="attached")
            if frames:
                out["painted_ms"] = max(epoch(f, "paintedAt") for f in frames) - origin
            time.sleep(SETTLE_S)
            out["cpu_s"] = cpu_s(browser_processes()) - cpu_before
            out["idle"] = memory(context, page)
            out["started"] = sum(f.get_attribute("html", "data-python") != "idle" for f in frames)
            if not frames:
                return out
            if quiet:
                # The page's MicroPython starts by itself after QUIET_MS (live-boards.js).
                for frame in frames:
                    frame.wait_for_selector("script[type=mpy]", state="attached")
                time.sleep(QUIET_SETTLE_S)
                out["idle_page_python"] = memory(context, page)
                return out
            first = frames[0]
            clicked = float(page.evaluate("performance.timeOrigin + performance.now()"))
            first.click("[data-die]")
            wait_live(first)
            ready = epoch(first, "readyMs")
            out["click_to_live_ms"] = ready - clicked
            out["first_live_ms"] = ready - origin
            time.sleep(SETTLE_S)
            out["one_live"] = memory(context, page)
            if all_live:
                for number, frame in enumerate(frames[1:], 2):
                    page.locator(f"#board-{number}").scroll_into_view_if_needed()
                    frame.click("[data-die]")
                for frame in frames:
                    wait_live(frame)
                for frame in frames:
                    settled(frame)
                time.sleep(SETTLE_S)
                out["all_live"] = memory(context, page)
                for frame in frames:
                    wait_attribute(frame, "data-python", "resting")
                time.sleep(SETTLE_S)
                out["rested"] = memory(context, page)
                clicked = time.perf_counter()
                page.locator("#board-1").scroll_into_view_if_needed()
                first.click("[data-die]")
                settled(first)
                out["back_ms"] = (time.perf_counter() - clicked) * 1000
            return out
        finally:
            context.close()


# --------------------------------------------------------------------------- report


def median(runs: list[dict[str, Any]], *path: str) -> float | None:
    values = []
    for run in runs:
        value: Any = run
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, int | float):
            values.append(float(value))
    return statistics.median(values) if values else None


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    empty = median(results["empty"], "idle", "private_mb") or 0.0
    renderer = median(results["empty"], "idle", "renderer_mb") or 0.0
    rows = [
        ("all positions visible (ms)", ("painted_ms",), 0.0),
        ("CPU above the empty page, load + 3 s (s)", ("cpu_s",), None),
        ("browser memory idle (MB private)", ("idle", "private_mb"), 0.0),
        ("  of which above the empty page", ("idle", "private_mb"), empty),
        ("  renderers, above the empty page", ("idle", "renderer_mb"), renderer),
        ("main renderer JS heap idle (MB)", ("idle", "js_heap_mb"), 0.0),
        ("interpreters started before any click", ("started",), 0.0),
        ("first board live, from the click (ms)", ("click_to_live_ms",), 0.0),
        ("first board live, from navigation (ms)", ("first_live_ms",), 0.0),
        ("browser memory, one board live (MB)", ("one_live", "private_mb"), 0.0),
        ("browser memory, all eight live (MB)", ("all_live", "private_mb"), 0.0),
        ("  of which above the empty page", ("all_live", "private_mb"), empty),
        ("eight touched, then left alone (MB)", ("rested", "private_mb"), 0.0),
        ("  of which above the empty page", ("rested", "private_mb"), empty),
        ("a touch after the rest answered in (ms)", ("back_ms",), 0.0),
    ]
    cpu_empty = median(results["empty"], "cpu_s") or 0.0
    lines = [f"{'':50} {'one embed':>10} {'eight':>10} {'ratio':>7}"]
    for label, path, base in rows:
        cells = []
        figures = []
        for name in ("one", "eight"):
            value = median(results[name], *path)
            if value is not None:
                value -= cpu_empty if base is None else base
            figures.append(value)
            cells.append(f"{value:10.1f}" if value is not None else f"{'–':>10}")
        one, eight = figures
        ratio = f"{eight / one:7.2f}" if one and eight is not None else f"{'':7}"
        lines.append(f"{label:50} {cells[0]} {cells[1]} {ratio}")
    quiet = median(results["eight-quiet"], "idle_page_python", "private_mb")
    if quiet is not None:
        lines.append(
            f"(eight boards untouched once every frame's MicroPython has started by itself: "
            f"{quiet - empty:.0f} MB above the empty page)"
        )
    icons = results["eight-icons"]
    lines.append(
        f"(the empty host page: {empty:.0f} MB private memory for the whole browser, "
        f"{renderer:.0f} MB of it in renderers, {cpu_empty:.2f} s CPU; the same page with "
        f"eight iframes of a small SVG file: "
        f"{(median(icons, 'idle', 'private_mb') or 0) - empty:+.0f} MB, "
        f"{(median(icons, 'idle', 'renderer_mb') or 0) - renderer:+.0f} MB in renderers, "
        f"{(median(icons, 'cpu_s') or 0) - cpu_empty:+.2f} s CPU)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--rest-ms",
        type=int,
        default=None,
        help="how long a board is left alone before it gives its worker back (default: "
        "the page's own, a minute); the memory after does not depend on it",
    )
    args = parser.parse_args(argv)
    site = make_server(REPO_ROOT, "127.0.0.1", 0, quiet=True)
    with tempfile.TemporaryDirectory(prefix="bench-host-") as folder:
        host = make_server(folder, "127.0.0.1", 0, quiet=True)
        for server in (site, host):
            server.handle_error = lambda *_: None  # type: ignore[method-assign]
            threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{site.server_port}"
        for name, boards in PAGES.items():
            Path(folder, f"{name}.html").write_text(host_page(base, boards), encoding="utf-8")
        icons = host_page(base, EIGHT).replace(f"{base}/embed.html?", f"{base}/{ICONS}?")
        Path(folder, "eight-icons.html").write_text(icons, encoding="utf-8")
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
        with sync_playwright() as pw:
            for run in range(args.runs):
                order = list(PAGES)
                order = order[run % len(order) :] + order[: run % len(order)]
                for name in order:
                    url = f"http://127.0.0.1:{host.server_port}/{name}.html"
                    figures = visit(
                        pw,
                        url,
                        len(PAGES[name]),
                        all_live=name == "eight",
                        quiet=name == "eight-quiet",
                        rest_ms=args.rest_ms,
                    )
                    results[name].append(figures)
                    print(f"run {run + 1} {name}: {json.dumps(figures)}", flush=True)
        for server in (site, host):
            server.shutdown()
    write_results(RESULTS, results, indent=2)
    print()
    print(f"embedded boards: one vs eight on a host page (median of {args.runs} runs)")
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
