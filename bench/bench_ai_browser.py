"""The AI's search speed in the browser (Pyodide) against CPython, same run.

The same positions, level and time budget are searched by ``bench/ai_measure.py``
under CPython in this process and under Pyodide in Debian's headless Chromium
(a page generated in ``bench/results/`` on the vendored runtime).  Reported:
nodes per second and the depth reached in 1 s, and Pyodide's speed as a share of
CPython's.

Usage: ``python bench/bench_ai_browser.py [--seconds 1.0]`` (``make bench`` runs it).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "bench"))

from ai_measure import best_rate, midgame  # noqa: E402

from tests.e2e.conftest import open_browser  # noqa: E402
from tools.pages.build_web import browser_modules  # noqa: E402
from tools.serve import make_server  # noqa: E402

RESULTS = REPO_ROOT / "bench" / "results"
CASES = (("L2", 30, "ry"), ("L3", 50, "ry"), ("L2", 60, "rbyg"))
LEVEL = "hard"

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="../../vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./ai.toml">
import json
from pyscript import document, window
from ai_measure import best_rate
job = json.loads(window.decodeURIComponent(window.location.hash[1:]))
out = [best_rate(p, job["level"], job["seconds"]) for p in job["positions"]]
document.documentElement.dataset.result = json.dumps(out)
</script></body></html>
"""


def write_page() -> str:
    files = [f'"../../derive/{m}" = "./derive/{m}"' for m in browser_modules()]
    files.append('"../ai_measure.py" = "./ai_measure.py"')
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "ai.toml").write_text(
        'interpreter = "../../vendor/pyodide/pyodide.mjs"\n\n[files]\n' + "\n".join(files) + "\n",
        encoding="utf-8",
    )
    (RESULTS / "ai.html").write_text(PAGE, encoding="utf-8")
    return "bench/results/ai.html"


def in_browser(positions: list[str], seconds: float) -> list[dict[str, float]]:
    server = make_server(REPO_ROOT, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page_path = write_page()
    job = quote(json.dumps({"positions": positions, "level": LEVEL, "seconds": seconds}))
    url = f"http://127.0.0.1:{server.server_address[1]}/{page_path}#{job}"
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = open_browser(pw, Path(profile))
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-result]", state="attached", timeout=300_000)
            result = json.loads(page.evaluate("document.documentElement.dataset.result"))
            context.close()
            return list(result)
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    positions = [midgame(rule_set, plies, 3, seats) for rule_set, plies, seats in CASES]
    native = [best_rate(p, LEVEL, args.seconds) for p in positions]
    browser = in_browser(positions, args.seconds)
    print(f"AI '{LEVEL}' searching {args.seconds:g} s, CPython in this process vs Pyodide")
    print(
        f"{'position':<8} {'CPython nodes/s':>16} {'depth':>6} {'Pyodide nodes/s':>16} "
        f"{'depth':>6} {'Pyodide/CPython':>16}"
    )
    for (rule_set, _, seats), c, b in zip(CASES, native, browser, strict=True):
        print(
            f"{rule_set + ' ' + seats:<8} {c['nodes_per_s']:>16,.0f} {c['depth']:>6} "
            f"{b['nodes_per_s']:>16,.0f} {b['depth']:>6} "
            f"{b['nodes_per_s'] / c['nodes_per_s']:>15.2f}x"
        )
    for position in positions:
        print("  ", position)


if __name__ == "__main__":
    main()
