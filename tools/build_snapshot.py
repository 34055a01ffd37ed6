"""Regenerate ``assets/snapshot.json``: the modules a stored Python snapshot holds.

``vendor/pyodide/pyodide.mjs`` (``tools/pyodide_start.mjs``) keeps a memory snapshot of
Python on a first visit and restores it on later starts, in the page and in every worker.
Taken right after Pyodide's own boot, a restored interpreter still had all of the game's
modules to compile and run, and that was most of a later visit's start.  So the
snapshot is taken once the modules listed here are imported too: every module of
``derive`` that the game page or its AI worker may import (imports inside functions
included) and that runs without a browser, i.e. imports neither ``js``, ``pyscript`` nor
``pyodide``, at its top level or through another module.  Those that touch the page are
imported after each start, as before.

``key`` names this set of sources: a snapshot is only restored under the key it was
made with, so a site updated with other sources makes a fresh one rather than running
yesterday's modules.

Usage: ``python3 tools/build_snapshot.py [--check]`` (``--check``: change nothing, exit 1
if ``assets/snapshot.json`` is stale; the unit tests run it).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.build_live import closure, module_file  # noqa: E402
from tools.generated import refresh  # noqa: E402

MANIFEST = REPO_ROOT / "assets" / "snapshot.json"
ENTRIES = ("derive.web.app", "derive.web.worker")
BROWSER_ONLY = frozenset({"js", "pyscript", "pyodide"})
"""Top-level packages that exist only in the browser (and must not be in a snapshot)."""


def module_name(relative: str) -> str:
    """``web/app.py`` → ``derive.web.app``; ``ai/__init__.py`` → ``derive.ai``."""
    parts = ["derive", *Path(relative).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported (``if TYPE_CHECKING:`` skipped)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            test = node.test
            if not (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"):
                found += _top_level(node.body) + _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            found += _top_level(node.body) + _top_level(node.orelse) + _top_level(node.finalbody)
            for handler in node.handlers:
                found += _top_level(handler.body)
    return found


def imports_on_load(name: str) -> set[str]:
    """Every module name ``name`` imports when loaded (``derive`` ones resolved)."""
    path = module_file(name)
    assert path is not None, name
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        if not node.level:
            found.add(node.module or "")
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
            continue
        base = package
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = f"{base}.{node.module}" if node.module else base
        found.add(target)
        found.update(f"{target}.{alias.name}" for alias in node.names)
    # a submodule's import runs its packages' first
    parts = name.split(".")
    found.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return {m for m in found if module_file(m) is not None or m.split(".")[0] in BROWSER_ONLY}


def runs_without_browser(name: str, memo: dict[str, bool]) -> bool:
    if name not in memo:
        memo[name] = True  # an import cycle does not make a module impure
        memo[name] = all(
            dep.split(".")[0] not in BROWSER_ONLY and runs_without_browser(dep, memo)
            for dep in imports_on_load(name)
        )
    return memo[name]


def manifest() -> dict[str, object]:
    memo: dict[str, bool] = {}
    modules = sorted(
        name for name in map(module_name, closure(ENTRIES)) if runs_without_browser(name, memo)
    )
    files = sorted(
        {
            module_file(m).relative_to(REPO_ROOT).as_posix()  # type: ignore[union-attr]
            for name in modules
            for m in (name, *imports_on_load(name))
            if module_file(m) is not None
        }
    )
    digest = hashlib.sha256(json.dumps(modules).encode())
    for file in files:
        digest.update(file.encode() + b"\0" + (REPO_ROOT / file).read_bytes() + b"\0")
    return {
        "about": "Generated by tools/build_snapshot.py: the modules a stored Python "
        "snapshot holds (tools/pyodide_start.mjs). Do not edit.",
        "key": digest.hexdigest()[:16],
        "files": files,
        "modules": modules,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    text = json.dumps(manifest(), indent=1) + "\n"
    return refresh(MANIFEST, text, check=args.check, tool="tools/build_snapshot.py")


if __name__ == "__main__":
    sys.exit(main())
