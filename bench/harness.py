"""What the browser benchmarks share: the repository on the import path (they run as
scripts, so ``derive``, ``tests`` and ``tools`` are not importable by themselves), and
the results file written the same way by each."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))


def write_results(path: Path, result: Any, indent: int = 1) -> None:
    """The figures as JSON, creating ``bench/results`` on a fresh checkout."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=indent) + "\n", encoding="utf-8")
