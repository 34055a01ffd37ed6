"""Lighthouse on the game's pages against the bare PyScript page, as the web measures them.

Lighthouse (pinned in package.json's devDependencies, run from node_modules/, never
downloaded at run time) drives Debian's Chromium headless with the browser tests' flags and
a fresh profile per run, against the pages served by ``tools/serve.py`` (compressed as
GitHub Pages serves them). Mobile is Lighthouse's default (simulated slow 4G, 4x slower
CPU); desktop is its ``--preset=desktop``. For each page and form factor it takes the
median of ``--runs`` runs and prints the category scores, LCP, TBT, CLS and the bytes
transferred, with each page's bytes against the bare page's measured in the same run.

A benchmark, not a test: ``python bench/bench_lighthouse.py [--runs 3] [--pages game,learn]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from harness import REPO_ROOT as ROOT  # first: it puts the repository on the path
from harness import write_results

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import make_server  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
RESULTS = ROOT / "bench" / "results" / "lighthouse.json"
EMBED = "embed.html?position=r3c3,y5d4,y4f6%20r%20ry%20L2&moves=c3-g7%20f6-h8"
PAGES = {
    "bare": "bench/bare.html",
    "game": "index.html",
    "learn-en": "rules.html",
    "learn-fr": "regles.html",
    "puzzles-en": "puzzles.html",
    "puzzles-fr": "enigmes.html",
    "embed": EMBED,
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
GOALS = (
    "goals: mobile perf >= 90 (embed 95), desktop >= 95, TBT <= 200 ms, LCP <= 2.5 s, CLS <= 0.05"
)


@dataclass(frozen=True)
class Run:
    scores: dict[str, float]
    lcp_ms: float
    tbt_ms: float
    cls: float
    bytes: int


def _flags(profile: Path) -> str:
    """The browser tests' Chromium flags, quoted for Lighthouse's --chrome-flags."""
    quoted = [
        f'{a.split("=", 1)[0]}="{a.split("=", 1)[1]}"' if " " in a else a for a in CHROMIUM_ARGS
    ]
    return " ".join(["--headless=new", *quoted, f"--user-data-dir={profile}"])


def lighthouse(url: str, desktop: bool) -> Run:
    with tempfile.TemporaryDirectory(prefix="lh-") as folder:
        report = Path(folder) / "report.json"
        command = [
            str(LIGHTHOUSE),
            url,
            f"--chrome-flags={_flags(Path(folder) / 'profile')}",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            "--max-wait-for-load=90000",
            "--quiet",
        ]
        if desktop:
            command.append("--preset=desktop")
        environment = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
        subprocess.run(command, check=True, env=environment, timeout=600, capture_output=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    return Run(
        scores={c: round(100 * (data["categories"][c]["score"] or 0)) for c in CATEGORIES},
        lcp_ms=float(audits["largest-contentful-paint"]["numericValue"]),
        tbt_ms=float(audits["total-blocking-time"]["numericValue"]),
        cls=float(audits["cumulative-layout-shift"]["numericValue"]),
        bytes=int(audits["total-byte-weight"]["numericValue"]),
    )


def median_run(runs: list[Run]) -> Run:
    return Run(
        scores={c: statistics.median(r.scores[c] for r in runs) for c in CATEGORIES},
        lcp_ms=statistics.median(r.lcp_ms for r in runs),
        tbt_ms=statistics.median(r.tbt_ms for r in runs),
        cls=statistics.median(r.cls for r in runs),
        bytes=int(statistics.median(r.bytes for r in runs)),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", default=",".join(PAGES), help="of: " + ", ".join(PAGES))
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.is_file():
        print("lighthouse is not installed: make npm", file=sys.stderr)
        return 2
    pages = ["bare", *[p for p in args.pages.split(",") if p != "bare"]]
    server = make_server(ROOT, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    results: dict[tuple[str, str], list[Run]] = {}
    try:
        for form in ("mobile", "desktop"):
            for _ in range(args.runs):  # pages interleaved: the machine's load drifts
                for page in pages:
                    run = lighthouse(f"{base}/{PAGES[page]}", desktop=form == "desktop")
                    results.setdefault((page, form), []).append(run)
    finally:
        server.shutdown()
        server.server_close()
    load = os.getloadavg()
    write_results(
        RESULTS,
        {
            "runs": args.runs,
            "load_after": [round(x, 2) for x in load],
            "results": {
                f"{page} {form}": [dataclasses.asdict(r) for r in runs]
                for (page, form), runs in results.items()
            },
        },
    )
    print(f"Lighthouse 12, median of {args.runs} run(s) per page and form factor; {GOALS}")
    print(f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    head = f"{'page':10} {'form':8} {'perf':>5} {'a11y':>5} {'bp':>4} {'seo':>4}"
    print(f"{head} {'LCP ms':>8} {'TBT ms':>7} {'CLS':>6} {'MB':>7} {'vs bare':>8}")
    for form in ("mobile", "desktop"):
        bare = median_run(results[("bare", form)])
        for page in pages:
            m = median_run(results[(page, form)])
            s = m.scores
            print(
                f"{page:10} {form:8} {s['performance']:5.0f} {s['accessibility']:5.0f} "
                f"{s['best-practices']:4.0f} {s['seo']:4.0f} {m.lcp_ms:8.0f} {m.tbt_ms:7.0f} "
                f"{m.cls:6.3f} {m.bytes / 1e6:7.2f} {m.bytes / bare.bytes:7.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
