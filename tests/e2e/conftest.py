"""End-to-end test fixtures: static server + headless Debian Chromium driven by Playwright.

Fixtures
--------
``server_url``
    Session-scoped: the repo root served on a free 127.0.0.1 port, in a thread, by the same
    handler as ``make serve`` (``tools/serve.py``). E.g. ``f"{server_url}/bench/bare.html"``.
``browser_context``
    A fresh Chromium (``/usr/bin/chromium``, never a Playwright-downloaded browser) with a new
    empty profile (``launch_persistent_context`` on a temp user-data-dir) for each test;
    ``open_browser(playwright_instance, folder)`` opens another one (a second device).
``page``
    A page of that browser, watched by ``page_monitor``. At teardown the test fails if there
    was any console error, uncaught page error, PyScript error box (``.py-error``) or request
    that left the server's origin.
``page_monitor``
    The :class:`PageMonitor` behind ``page``: ``page_monitor.allow_console_error(regex)`` lets
    a test tolerate a specific console error; ``.requests`` lists every URL requested.
``screenshot``
    ``screenshot("name")`` saves a PNG of the page under ``test-results/screenshots/``.

All tests under tests/e2e/ get the ``e2e`` marker (deselect with ``-m "not e2e"``).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Request,
    sync_playwright,
)

from tools.serve import REPO_ROOT, make_server

E2E_DIR = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOT_DIR = REPO_ROOT / "test-results" / "screenshots"
VENDOR_SENTINELS = ("vendor/pyscript/core.js", "vendor/pyodide/pyodide.mjs")

# Root needs --no-sandbox; the rest keeps Chromium from phoning home (this machine has no
# network but the package registries, and every blocked connection would be noise).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Any host name but 127.0.0.1 fails to resolve: nothing can leave the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
#: The same, with ``localhost`` resolving too: the second *site* of the embed tests (a blog
#: holding a board). Another port of 127.0.0.1 would be the same site, where the browser
#: lets a frame do what it refuses a third party.
OTHER_SITE_ARGS = [
    *CHROMIUM_ARGS[:-1],
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


# A renderer crash is Chromium's failure, not the page's: CI once lost a whole run to one
# while Pyodide was starting (every other test passed; local runs have not reproduced it).
# Such a test runs once more (pytest-rerunfailures); any other failure, or a second
# crash, still fails the run.
CRASHED = "the renderer crashed"
CRASH_PATTERNS = [CRASHED, "Page crashed", "Target crashed"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASH_PATTERNS))


# --------------------------------------------------------------------------- server


class PlainHandler(SimpleHTTPRequestHandler):
    """Files as they are, with the types GitHub Pages gives them, and nothing else: no
    compression, no ``Cache-Control``, none of COOP/COEP (``tests/e2e/test_site.py``)."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "application/toml",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        pass


class RunningServer:
    """The repo root (or a copy of it) served on a free 127.0.0.1 port in a thread, until
    :meth:`stop`; ``plain``: any folder, served as GitHub Pages serves (``PlainHandler``)
    rather than as ``make serve`` does."""

    def __init__(self, root: Path = REPO_ROOT, *, plain: bool = False) -> None:
        if plain:
            handler = partial(PlainHandler, directory=str(root))
            self.server: ThreadingHTTPServer = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        else:
            missing = [p for p in VENDOR_SENTINELS if not (root / p).is_file()]
            if missing:
                pytest.fail(f"vendored runtime missing ({', '.join(missing)}): run `make vendor`")
            self.server = make_server(root, "127.0.0.1", 0, quiet=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, name="e2e-http", daemon=True
        )
        self.thread.start()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Shut down and close the socket: from now on the origin refuses connections
        (again: nothing)."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(timeout=10)
        self.server.server_close()


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    with RunningServer() as server:
        yield server.url


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} not found: `make chromium` installs Debian's chromium")
    with sync_playwright() as pw:
        yield pw


BROWSER_LOG = "chromium.log"
"""Chromium's own log, in the profile folder: what it says of a renderer that crashed."""


def open_browser(
    playwright: Playwright,
    profile: Path,
    *,
    other_site: bool = False,
    third_party_storage: bool = False,
) -> BrowserContext:
    """Headless Debian Chromium with the profile ``profile`` (a new folder: a new device).

    ``other_site``: ``localhost`` resolves too (:data:`OTHER_SITE_ARGS`).
    ``third_party_storage``: frames of another site get storage, partitioned by the top
    site, as a browser that allows third-party storage gives it. Without it they get none
    (headless Chromium blocks third-party cookies, and with them all storage, by default:
    as a reader who blocks them does)."""
    if third_party_storage:
        (profile / "Default").mkdir(parents=True, exist_ok=True)
        preferences = {"profile": {"cookie_controls_mode": 0, "block_third_party_cookies": False}}
        (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    args = OTHER_SITE_ARGS if other_site else CHROMIUM_ARGS
    return playwright.chromium.launch_persistent_context(
        user_data_dir=profile,
        executable_path=CHROMIUM,
        headless=True,
        args=[*args, "--enable-logging", f"--log-file={profile / BROWSER_LOG}"],
        viewport={"width": 1280, "height": 800},
    )


@pytest.fixture
def browser_context(
    playwright_instance: Playwright,
    tmp_path_factory: pytest.TempPathFactory,
    page_monitor: PageMonitor,
) -> Iterator[BrowserContext]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    page_monitor.browser_log = profile / BROWSER_LOG
    context = open_browser(playwright_instance, profile)
    try:
        yield context
    finally:
        context.close()


# --------------------------------------------------------------------------- page


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageMonitor:
    """Collects what a page did that an offline, error-free page must not do."""

    origin: str
    requests: list[str] = field(default_factory=list)
    off_origin_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_messages: list[str] = field(default_factory=list)
    crashed: bool = False
    allowed_console_errors: list[re.Pattern[str]] = field(default_factory=list)
    browser_log: Path | None = None

    def allow_console_error(self, pattern: str) -> None:
        """Tolerate console errors whose text matches ``pattern`` (``re.search``)."""
        self.allowed_console_errors.append(re.compile(pattern))

    def is_on_origin(self, url: str) -> bool:
        if url.startswith(("data:", "about:")):
            return True  # never touch the network
        if url.startswith("blob:"):
            url = url[len("blob:") :]
        return _origin(url) == self.origin

    # Playwright event handlers ------------------------------------------------------
    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if not self.is_on_origin(request.url):
            self.off_origin_requests.append(request.url)

    def on_request_failed(self, request: Request) -> None:
        self.failed_requests.append(f"{request.url}: {request.failure}")

    def on_console(self, message: ConsoleMessage) -> None:
        text = f"[{message.type}] {message.text}"
        self.console_messages.append(text)
        if message.type == "error":
            location = message.location
            where = f" ({location.get('url')}:{location.get('lineNumber')})" if location else ""
            self.console_errors.append(message.text + where)

    def on_page_error(self, error: Error) -> None:
        self.page_errors.append(f"{error.name}: {error.message}")

    def on_crash(self, _page: Page) -> None:
        self.crashed = True

    # ---------------------------------------------------------------------------------
    def unexpected_console_errors(self) -> list[str]:
        return [
            text
            for text in self.console_errors
            if not any(p.search(text) for p in self.allowed_console_errors)
        ]

    def problems(self) -> list[str]:
        out = [f"console error: {t}" for t in self.unexpected_console_errors()]
        out += [f"page error: {t}" for t in self.page_errors]
        out += [f"off-origin request: {u}" for u in self.off_origin_requests]
        if self.crashed:
            last = "\n    ".join(self.console_messages[-10:]) or "(none)"
            said = "\n    ".join(self.browser_said()) or "(nothing)"
            out.append(
                f"{CRASHED}; the last console messages:\n    {last}\n"
                f"  what Chromium logged of it:\n    {said}"
            )
        return out

    def browser_said(self, lines: int = 12) -> list[str]:
        """Chromium's last warnings and errors (the renderer's exit status among them)."""
        if self.browser_log is None or not self.browser_log.is_file():
            return []
        text = self.browser_log.read_text(encoding="utf-8", errors="replace").splitlines()
        return [
            line[:300]
            for line in text
            if (":ERROR:" in line or ":FATAL:" in line) and ":ERROR:dbus/" not in line
        ][-lines:]  # (a machine without D-Bus makes every start log errors of it)


@pytest.fixture
def page_monitor(server_url: str) -> PageMonitor:
    return PageMonitor(origin=_origin(server_url))


@pytest.fixture
def page(browser_context: BrowserContext, page_monitor: PageMonitor) -> Iterator[Page]:
    # Context-level request events also cover workers and any popup the page opens.
    browser_context.on("request", page_monitor.on_request)
    browser_context.on("requestfailed", page_monitor.on_request_failed)
    page = browser_context.pages[0] if browser_context.pages else browser_context.new_page()
    page.on("console", page_monitor.on_console)
    page.on("pageerror", page_monitor.on_page_error)
    page.on("crash", page_monitor.on_crash)
    yield page

    problems = page_monitor.problems()
    if not page.is_closed() and not page_monitor.crashed:
        try:
            boxes = page.locator(".py-error").all_inner_texts()
        except Error as exc:  # page crashed or navigated away mid-teardown
            boxes = [f"<could not read the page: {exc}>"]
        problems += [f"PyScript error box: {text}" for text in boxes]
        problems += _program_words(page)
    if problems:
        pytest.fail(
            "the page misbehaved:\n  "
            + "\n  ".join(problems)
            + "\nrequests:\n  "
            + "\n  ".join(page_monitor.requests),
            pytrace=False,
        )


#: What a player must never read on a page of the game: rule ids, Python values, file names.
PROGRAM_WORDS = re.compile(r"\(R\d|\bR\d{1,2}\b|\bNone\b|Traceback|\b\w+\.py\b|tests/")
#: Pages whose whole text is for players (the Learn pages list rule ids in their reference).
PLAYERS_PAGES = ("/index.html",)


def _program_words(page: Page) -> list[str]:
    """Every test that plays on the game page also checks it spoke in players' words."""
    if not any(urlsplit(page.url).path.endswith(name) for name in PLAYERS_PAGES):
        return []
    try:
        text = str(page.evaluate("document.body ? document.body.innerText : ''"))
    except Error:
        return []
    found = PROGRAM_WORDS.search(text)
    return [f"program words shown to a player: {found.group(0)!r}"] if found else []


# --------------------------------------------------------------------------- screenshots


@pytest.fixture
def screenshot(page: Page, request: pytest.FixtureRequest) -> Callable[..., Path]:
    """``screenshot(name, full_page=True, target=None)``: save a PNG, return its path."""
    test_name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)

    def take(name: str, *, full_page: bool = True, target: Page | None = None) -> Path:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOT_DIR / f"{test_name}--{name}.png"
        (target or page).screenshot(path=path, full_page=full_page)
        return path

    return take
