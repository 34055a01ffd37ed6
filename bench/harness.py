"""What the browser benchmarks share: the repository on the import path (they run as
scripts, so ``derive``, ``tests`` and ``tools`` are not importable by themselves), the
results file written the same way by each, the page's long tasks recorded alike, and the
browser launched as the browser tests launch it (``tests/e2e/conftest.py``'s
``open_browser``: Debian's Chromium, the same flags, a fresh profile)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))


LONG_TASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (_) {}
"""
"""An init script: the page's long tasks, ``[start, duration]`` in ms, for its whole life,
in ``window.__longtasks``."""


def write_results(path: Path, result: Any, indent: int = 1) -> None:
    """The figures as JSON, creating ``bench/results`` on a fresh checkout."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=indent) + "\n", encoding="utf-8")
