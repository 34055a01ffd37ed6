"""The vendored PyScript + Pyodide runtime starts in the browser with no network."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page

if TYPE_CHECKING:
    from tests.e2e.conftest import PageMonitor

# Pyodide's start-up on 2 cores takes a while (wasm compile + stdlib unpack).
START_TIMEOUT_MS = 120_000

# What pyodide.mjs itself must load from vendor/ (proof that the local interpreter was used).
PYODIDE_START_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def test_bare_page_runs_python_offline(
    page: Page,
    page_monitor: PageMonitor,
    server_url: str,
    screenshot: Callable[..., Path],
) -> None:
    page.goto(f"{server_url}/bench/bare.html")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)

    # Pyodide 314.0.2 ships CPython 3.14.x (3.14.2 at the time of writing).
    python = page.locator("html").get_attribute("data-python") or ""
    assert python.startswith("3.14."), python
    assert page.locator("#status").inner_text() == f"Python {python} ready"
    ready_ms = int(page.locator("html").get_attribute("data-ready-ms") or "0")
    print(f"\nbare.html: Python {python} ready after {ready_ms} ms; requests:")
    print(*page_monitor.requests, sep="\n")
    shot = screenshot("ready")
    assert shot.stat().st_size > 0

    assert page_monitor.off_origin_requests == []
    assert page_monitor.unexpected_console_errors() == []
    assert page_monitor.page_errors == []
    for name in PYODIDE_START_FILES:
        assert f"{server_url}/vendor/pyodide/{name}" in page_monitor.requests, name
    # Pyodide as it comes (the benchmark's reference): neither the game's Python image nor
    # its bytecode, and Python booted.
    assert not any("vendor/bytecode/" in url for url in page_monitor.requests)
    assert not any("vendor/image/" in url for url in page_monitor.requests)
    assert page.evaluate("globalThis.pyodideSnapshot") == "booted"
