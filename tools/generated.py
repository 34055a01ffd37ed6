"""Writing a generated file, or (``--check``) only saying that it is stale."""

from __future__ import annotations

from pathlib import Path


def refresh(path: Path, wanted: str, *, check: bool, tool: str) -> int:
    """Make ``path`` hold ``wanted``; with ``check``, change nothing and return 1 if it
    differs (the unit tests' way of keeping committed generated files current)."""
    current = path.read_text(encoding="utf-8") if path.is_file() else ""
    if wanted == current:
        return 0
    if check:
        print(f"out of date: {path.name} (run python3 {tool})")
        return 1
    path.write_text(wanted, encoding="utf-8")
    print(f"updated: {path.name}")
    return 0
