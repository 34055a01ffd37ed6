"""The embedded board in headless Chromium, inside iframes of a page served from another
*site* (``localhost``, while the boards come from ``127.0.0.1``), as on a rules site: every
mode, with the third-party storage the reader's browser refuses (headless Chromium's
default) or partitions, a host with a strict Content-Security-Policy, the game itself in a
frame, bad parameters, and a page of eight boards that paints every position without
Python and starts it only in the board used."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Frame, Page, Playwright, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from derive.board import square_name
from derive.web.learn import embed
from derive.web.learn.lesson import LessonBoard
from derive.web.words.i18n import sentence
from tests.e2e.conftest import BROWSER_LOG, PageMonitor, _origin, open_browser
from tools.pages.embed_hosts import EIGHT, Board, host_page
from tools.serve import make_server

START_MS = 120_000
JUMP = "r3c3,y5d4,y4f6 r ry L2"


@dataclass
class TwoOrigins(PageMonitor):
    """The boards' site and the host's: a request to any third origin still fails."""

    host: str = ""

    def is_on_origin(self, url: str) -> bool:
        return super().is_on_origin(url) or _origin(url) == self.host


@pytest.fixture(scope="module")
def host_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("host")


@pytest.fixture(scope="module")
def host_url(host_dir: Path) -> Iterator[str]:
    server = make_server(host_dir, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_port}"  # another site than 127.0.0.1
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def third_party_storage() -> bool:
    """Refused by default, as a reader who blocks third-party cookies has it."""
    return False


@pytest.fixture
def browser_context(
    playwright_instance: Playwright,
    tmp_path_factory: pytest.TempPathFactory,
    page_monitor: PageMonitor,
    third_party_storage: bool,
) -> Iterator[BrowserContext]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    page_monitor.browser_log = profile / BROWSER_LOG
    context = open_browser(
        playwright_instance, profile, other_site=True, third_party_storage=third_party_storage
    )
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page_monitor(server_url: str, host_url: str) -> PageMonitor:
    return TwoOrigins(origin=_origin(server_url), host=host_url)


@pytest.fixture
def open_host(
    page: Page, server_url: str, host_url: str, host_dir: Path
) -> Callable[..., list[Frame]]:
    """Write a host page with these boards, open it, return the boards' frames in order."""

    def go(name: str, boards: tuple[Board, ...], *, columns: int = 3, **host: str) -> list[Frame]:
        (host_dir / name).write_text(host_page(server_url, boards, columns=columns, **host))
        page.goto(f"{host_url}/{name}")
        frames = []
        for number in range(1, len(boards) + 1):
            handle = page.wait_for_selector(f"#board-{number}", state="attached")
            frame = handle.content_frame() if handle is not None else None
            assert frame is not None
            frame.wait_for_selector("html[data-painted=true]", state="attached")
            frames.append(frame)
        return frames

    return go


class Gate:
    """Holds PyScript's own script back until ``release``: the boards stay unchecked."""

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.open = False
        page.route("**/vendor/pyscript/core.js", self.route)

    def route(self, route: Route) -> None:
        if self.open:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.open = True
        for route in self.held:
            route.continue_()


def live(frame: Frame) -> None:
    try:
        frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_MS)
    except PlaywrightTimeout:
        # Where the board stood, if it never came alive (python "idle": no touch reached it).
        state = frame.evaluate(STATE_JS)
        raise AssertionError(f"the board did not come alive: {state}") from None


#: Where a frame's start stands: Python's state, the queue, the board's and the error box.
STATE_JS = """() => ({
  python: document.documentElement.dataset.python,
  queue: (window.deriveQueue || []).length,
  live: [...document.querySelectorAll(".lesson-board")].map((b) => b.dataset.live),
  scripts: [...document.querySelectorAll("script")].map((s) => s.type || "js"),
  message: document.querySelector(".lesson-message")?.textContent,
  error: document.querySelector(".py-error")?.textContent?.slice(0, 2000),
})"""


def drawn_in_view(frame: Frame) -> None:
    """Wait for a frame just scrolled into view to draw twice.

    Chromium does not draw a frame of another site while it is out of view, and until it
    has drawn, the browser may send a click at its place to the host page instead: the
    frame then never hears of it (once in a full run here, the frame still idle two minutes
    after the click, and never in 25 runs of the test alone). Two animation frames in the
    frame itself come only once it is drawn."""
    frame.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def dice(frame: Frame) -> set[str]:
    return set(frame.eval_on_selector_all("[data-die]", "ds => ds.map(d => d.dataset.die)"))


def storage_in_frame(frame: Frame) -> str:
    """What the frame's browser lets it keep: "none", or "partitioned" by the top site."""
    return str(
        frame.evaluate(
            """async () => {
                try { localStorage.getItem("x"); } catch { return "none"; }
                return (await document.hasStorageAccess()) ? "partitioned" : "none";
            }"""
        )
    )


@pytest.mark.parametrize(
    "third_party_storage", [False, True], ids=["storage-refused", "storage-partitioned"]
)
def test_every_mode_from_another_site(
    open_host: Callable[..., list[Frame]], page: Page, third_party_storage: bool
) -> None:
    boards: tuple[Board, ...] = (
        ("view", (("position", JUMP), ("select", "c3"), ("flip", "1"), ("lang", "fr"))),
        ("watch", (("position", JUMP), ("moves", "c3-g7 f6-h8"), ("ply", "1"), ("autoplay", "1"))),
        ("try", (("position", JUMP), ("interactive", "1"), ("lang", "en"))),
        ("task", (("position", JUMP), ("task", "c3-g7"), ("lang", "en"))),
    )
    gate = Gate(page)
    view, watch, play, task = open_host("modes.html", boards)
    assert storage_in_frame(view) == ("partitioned" if third_party_storage else "none")
    assert view.evaluate("typeof SharedArrayBuffer") == "undefined"
    for frame in (view, watch, play, task):  # the position from the link, before Python
        assert frame.get_attribute("svg.board", "data-position") == JUMP
        assert dice(frame) == {"c3", "d4", "f6"} and frame.locator("[data-square]").count() == 50
        assert frame.get_attribute(".lesson-board", "data-live") == "false"
    assert view.get_attribute("svg.board", "data-bottom") == "y"
    assert task.get_attribute(".lesson-board", "data-task") == "c3-g7"
    assert task.get_attribute(".lesson-board", "data-solution") == "c3-g7"
    assert task.get_attribute(".lesson-board", "data-solved") == "false"
    # A move clicked before the rules are there is played once they are.
    play.click('[data-die="c3"]')
    play.click('[data-square="g7"]')
    task.click('[data-die="c3"]')
    task.click('[data-square="e5"]')  # legal, not the answer
    # Python was asked for by the four boards: by the view and the watch board at once (their
    # first picture needs the rules), by the others when clicked.
    page.wait_for_timeout(300)
    assert len(gate.held) == 4
    gate.release()

    live(play)
    expect(play.locator("svg.board")).to_have_attribute("data-position", "y5d4,y4f6,r3g7 y ry L2")
    expect(play.locator(".lesson-board")).to_have_attribute("data-live", "true")
    play.click('[data-die="d4"]')
    play.click('[data-square="a3"]')
    refused = LessonBoard.custom(JUMP, mode="try", moves=(), lang="en")
    refused.play("c3-g7")
    refused.click("d4")
    said = refused.click("a3").message
    assert said is not None
    # (the refusal's sentence, then its "why?" link to the Learn page)
    expect(play.locator(".lesson-message")).to_contain_text(sentence(said.text))

    live(task)
    wrong = embed.board(embed.parse({"position": [JUMP], "task": ["c3-g7"]}, "en"))
    wrong.click("c3")
    assert wrong.click("e5").message is not None and wrong.message is not None
    expect(task.locator(".lesson-message")).to_contain_text(sentence(wrong.message.text))
    task.click('[data-die="c3"]')
    task.click('[data-square="g7"]')
    expect(task.locator(".lesson-board")).to_have_attribute("data-solved", "true")

    live(view)  # started by itself: its first picture needs the rules (select=c3)
    expect(view.locator('[data-square="g7"] .mark-jump')).to_have_count(1)
    expect(view.locator(".lesson-status")).to_have_text("À Rouge de jouer")
    assert view.get_attribute("html", "lang") == "fr"

    live(watch)  # ply=1 first, then the steps play by themselves
    expect(watch.locator(".lesson-counter")).to_have_text("Step 2 of 2", timeout=10_000)
    watch.click("[data-action=prev]")  # the reader takes over: autoplay stops
    expect(watch.locator(".lesson-counter")).to_have_text("Step 1 of 2")
    watch.wait_for_timeout(2500)
    expect(watch.locator(".lesson-counter")).to_have_text("Step 1 of 2")
    assert watch.get_attribute("svg.board", "data-position") == "y5d4,y4f6,r3g7 y ry L2"


def test_bad_parameters_are_named_inside_the_frame(
    open_host: Callable[..., list[Frame]], page: Page, server_url: str
) -> None:
    boards: tuple[Board, ...] = (
        ("unreadable", (("position", "r3c3 r"), ("lang", "en"))),
        ("refused", (("position", JUMP), ("moves", "c3-g7 c3-e5"), ("lang", "fr"))),
    )
    unreadable, refused = open_host("bad.html", boards)
    # This one the script cannot draw: the rules start at once and name the parameter.
    alert = unreadable.locator("[role=alert]")
    expect(alert).to_be_visible(timeout=START_MS)
    expect(alert).to_contain_text("parameter “position”")
    assert unreadable.locator("[data-die]").count() == 0
    # This one is drawn, saying it is unchecked, until the reader uses it.
    expect(refused.locator(".embed-note")).to_contain_text("les règles le vérifient")
    assert dice(refused) == {"c3", "d4", "f6"}
    refused.click("[data-action=next]")
    alert = refused.locator("[role=alert]")
    expect(alert).to_be_visible(timeout=START_MS)
    expect(alert).to_contain_text("paramètre « moves » : 2. c3-e5 :")
    expect(refused.locator("svg.board")).to_have_count(0)  # no board that looks right
    # The game page's embed links lead to the same board, with the same errors.
    page.goto(f"{server_url}/index.html?embed=1&position={JUMP}&select=z9")
    expect(page.locator("[role=alert]")).to_contain_text("parameter “select”", timeout=START_MS)


def test_a_page_of_eight_boards_paints_them_all_and_starts_python_in_the_used_one(
    open_host: Callable[..., list[Frame]], page: Page, page_monitor: PageMonitor, server_url: str
) -> None:
    frames = open_host("eight.html", EIGHT, columns=1)
    for frame, (_, params) in zip(frames, EIGHT, strict=True):
        board = embed.board(embed.parse({k: [v] for k, v in params}, "en"))
        assert frame.get_attribute("svg.board", "data-position") == dict(params)["position"]
        assert dice(frame) == {square_name(s) for s in board.game.pieces()}
        assert frame.get_attribute("html", "data-python") == "idle"
        if board.mode == "exercise":
            assert frame.get_attribute(".lesson-board", "data-solution") == dict(params)["task"]
    assert not [u for u in page_monitor.requests if u.endswith("pyodide.asm.wasm")]
    used = frames[3]  # the capture board, far down the page
    page.locator("#board-4").scroll_into_view_if_needed()  # its frame paints only in view
    drawn_in_view(used)
    used.click('[data-die="c3"]')
    live(used)
    expect(used.locator(".lesson-status")).to_contain_text("c3 selected")
    others = [f.get_attribute("html", "data-python") for f in frames if f is not used]
    assert others == ["idle"] * 7
    wasm = [u for u in page_monitor.requests if u.endswith("pyodide.asm.wasm")]
    assert wasm == [f"{server_url}/vendor/pyodide/pyodide.asm.wasm"]


#: A blog's strict policy: nothing of its own but inline styles, frames from the game's site
#: alone (what WEB.md tells a host to allow), and the frames sandboxed but for scripts and
#: their own origin.
def strict_policy(site: str) -> dict[str, str]:
    return {
        "policy": f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src {site}",
        "frame_attributes": 'sandbox="allow-scripts allow-same-origin" '
        'referrerpolicy="no-referrer" loading="lazy"',
    }


def test_boards_live_under_a_hosts_strict_content_security_policy(
    open_host: Callable[..., list[Frame]], page: Page, server_url: str
) -> None:
    boards: tuple[Board, ...] = (
        ("try", (("position", JUMP), ("interactive", "1"), ("lang", "en"))),
        ("task", (("position", JUMP), ("task", "c3-g7"), ("lang", "fr"))),
    )
    play, task = open_host("strict.html", boards, **strict_policy(server_url))
    play.click('[data-die="c3"]')
    play.click('[data-square="g7"]')
    live(play)
    expect(play.locator("svg.board")).to_have_attribute("data-position", "y5d4,y4f6,r3g7 y ry L2")
    task.click('[data-die="c3"]')
    task.click('[data-square="g7"]')
    live(task)
    expect(task.locator(".lesson-board")).to_have_attribute("data-solved", "true")


def test_the_game_against_the_computer_in_a_frame_of_another_site(
    page: Page,
    server_url: str,
    host_dir: Path,
    host_url: str,
) -> None:
    """The game page itself framed (``index.html?embed=1&ai=…``): no storage to save in, no
    service worker; it plays, its computer answers from its worker, and it does not nag the
    reader about saving, which they did not ask for."""
    position = "r1e5,y1f6,y1h8 r ry L1"
    game = f"{server_url}/index.html?embed=1&ai=y:easy&position={position.replace(' ', '%20')}"
    (host_dir / "game.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"><title>A club</title></head><body>'
        f'<iframe id="game" src="{game}" width="600" height="700" title="Dérive"></iframe>'
        "</body></html>"
    )
    page.goto(f"{host_url}/game.html")
    handle = page.wait_for_selector("#game", state="attached")
    frame = handle.content_frame() if handle is not None else None
    assert frame is not None
    frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_MS)
    assert storage_in_frame(frame) == "none"
    frame.wait_for_selector("html[data-ai=ready]", state="attached", timeout=START_MS)
    frame.click('[data-die="e5"]')
    frame.click('[data-square="d6"]')
    # The computer (yellow) answers: red's die is on d6 and it is red's turn again.
    expect(frame.locator("svg.board")).to_have_attribute(
        "data-position", re.compile(r"\br1d6\b.* r ry L1$"), timeout=30_000
    )
    assert not frame.locator("[role=alert]:visible").count()


def test_no_line_of_words_is_cut_off_in_a_400_by_500_frame(page: Page, server_url: str) -> None:
    """The README's snippets make 400×500 frames: the board gives way to the words below it,
    even the longest, a refusal's reason with its "why?" link."""
    page.set_viewport_size({"width": 400, "height": 500})
    page.goto(f"{server_url}/embed.html?position={JUMP}&interactive=1&lang=fr")
    page.click('[data-die="d4"]')  # not red's: the rules refuse, at length
    live(page.main_frame)
    page.click('[data-die="c3"]')
    page.click('[data-square="c5"]')  # not a step nor a jump: refused, with why
    expect(page.locator(".lesson-message")).not_to_be_empty()
    bottoms = page.eval_on_selector_all(
        ".embed-bar :is(p, button, a):not(:empty)",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().bottom)",
    )
    assert bottoms and max(bottoms) <= 500, bottoms
    board = page.locator("svg.board").bounding_box()
    assert board is not None and board["width"] >= 250 and board["y"] + board["height"] <= 500


FITS_JS = """() => {
  const page = document.scrollingElement, board = document.querySelector('svg.board');
  const box = board.getBoundingClientRect();
  const words = [...document.querySelectorAll('.embed-bar :is(p, button, a):not(:empty)')]
    .filter(e => e.offsetParent).map(e => e.getBoundingClientRect());
  return {
    scroll: [page.scrollWidth, page.scrollHeight],
    board: [box.left, box.top, box.right, box.bottom],
    words: [Math.min(0, ...words.map(r => r.left)), Math.max(0, ...words.map(r => r.right)),
            Math.max(0, ...words.map(r => r.bottom))],
  };
}"""


def fits(page: Page, width: int, height: int) -> None:
    """Nothing scrolls (a scrollbar would cover the board's right-hand coordinates) and
    nothing is cut off: the board and every line of words inside the frame."""
    got = page.evaluate(FITS_JS)
    assert got["scroll"][0] <= width and got["scroll"][1] <= height, got
    left, top, right, bottom = got["board"]
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, got
    assert got["words"][0] >= 0 and got["words"][1] <= width and got["words"][2] <= height, got
    assert right - left >= min(width, height) / 2, got  # the board gave way, not too far


@pytest.mark.parametrize(
    ("width", "height"), [(400, 520), (400, 500), (320, 480), (800, 450)], ids=str
)
def test_the_board_fits_its_frame_with_no_scrollbar(
    page: Page, server_url: str, width: int, height: int
) -> None:
    """The kit's frame (400×500), a taller and a smaller one, a wide and low one: drawn
    before Python, then live with a refusal's long reason and its "why?" link."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server_url}/embed.html?position={JUMP}&interactive=1&lang=fr")
    page.wait_for_selector("html[data-painted]", state="attached")
    fits(page, width, height)
    page.click('[data-die="c3"]')
    live(page.main_frame)
    page.click('[data-square="c5"]')  # not a step nor a jump: refused, with why
    expect(page.locator(".lesson-message .why")).to_be_visible()
    fits(page, width, height)


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 400, 520), ("fr", 400, 520), ("fr", 320, 420)], ids=str
)
def test_the_board_keeps_its_size_under_the_readers_first_tap(
    page: Page, server_url: str, lang: str, width: int, height: int
) -> None:
    """The words said while the rules load take the link's note's place: the board, which
    gives way to the words below it, shrank under the reader's finger (400 px to 349)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server_url}/embed.html?position={JUMP}&interactive=1&lang={lang}")
    page.wait_for_selector("html[data-painted]", state="attached")
    before = page.locator("svg.board").bounding_box()
    page.click('[data-square="c3"]')
    expect(page.locator(".lesson-message")).not_to_be_empty()
    assert page.locator(".lesson-board").get_attribute("data-live") != "true"  # still waiting
    assert page.locator("svg.board").bounding_box() == before
    fits(page, width, height)
    live(page.main_frame)


def test_the_kits_builder_says_what_the_rules_make_of_its_link(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/embed-kit.html")
    form = page.locator("#kit-form")
    form.locator("[name=position]").fill(JUMP)
    form.locator("input[name=mode][value=watch]").check()
    form.locator("[name=moves]").fill("b4-d6")  # no die on b4: the rules refuse it
    form.locator("button[type=submit]").click()
    verdict = page.locator("#kit-verdict")
    expect(verdict).to_have_attribute("data-verdict", "checking")
    expect(verdict).to_have_attribute("data-verdict", "refused", timeout=START_MS)
    expect(verdict).to_contain_text("b4-d6")
    expect(page.locator("#kit-snippet")).to_contain_text("moves=b4-d6")
    # The built frame is styled as the page's examples are, and carries nothing of the preview.
    built = page.locator("#kit-snippet").text_content() or ""
    assert 'style="border: 0; max-width: 100%"' in built and "data-" not in built, built
    form.locator("[name=moves]").fill("c3-g7 f6-h8")
    form.locator("button[type=submit]").click()
    expect(verdict).to_have_attribute("data-verdict", "accepted", timeout=START_MS)
    expect(verdict).to_contain_text("accept")


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("name", ["embed-kit.html", "integrer.html"])
def test_the_kits_parameters_read_on_a_phone(
    page: Page, server_url: str, name: str, width: int
) -> None:
    """The parameters' table fits a phone down to 320 px, its sentences wrapped: on one
    line each, it was 1,300 px wide, read sideways (and at 320 px, 33 px too wide)."""
    page.set_viewport_size({"width": width, "height": 740})
    page.goto(f"{server_url}/{name}")
    box = page.locator(".table:has(table.params)")
    expect(box).to_have_count(1)
    wide, room = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert wide <= room, (wide, room)


#: The release after 2 s instead of a minute (``front/embed.py``'s ``deriveRestMs``, set
#: before the frame's scripts run): when it comes is not asserted, only what it does. Not
#: shorter: a board that answered must still be live when the test reads it (at 0.4 s a
#: loaded machine had it resting again first).
REST_HOOK = "window.deriveRestMs = 2000;"
#: What the reader sees of a board: the test's "no change" is these, equal.
SEEN_JS = """() => ({
  board: document.querySelector(".board-wrap").innerHTML,
  status: document.querySelector(".lesson-status").textContent,
  message: document.querySelector(".lesson-message").innerHTML,
})"""
#: The frame's workers by the names PyScript knows them by.
WORKERS_JS = """() => [...document.querySelectorAll('script[type="py"][worker]')]
  .map((s) => s.getAttribute("name"))"""


def test_a_board_left_alone_gives_its_worker_back_and_comes_back_as_it_was(
    open_host: Callable[..., list[Frame]], page: Page
) -> None:
    page.add_init_script(REST_HOOK)
    (board,) = open_host("rest.html", (("try", (("position", JUMP), ("interactive", "1"))),))
    board.click('[data-die="c3"]')
    board.click('[data-square="g7"]')
    live(board)
    expect(board.locator("svg.board")).to_have_attribute("data-position", "y5d4,y4f6,r3g7 y ry L2")
    board.click('[data-die="d4"]')
    expect(board.locator(".lesson-status")).to_contain_text("d4 selected")
    expect(board.locator(".lesson-board")).not_to_have_attribute("data-busy", "true")
    seen = board.evaluate(SEEN_JS)
    # Left alone: the worker goes, the board stays as the reader left it.
    expect(board.locator("html")).to_have_attribute("data-python", "resting", timeout=START_MS)
    assert board.evaluate(WORKERS_JS) == []
    assert board.evaluate(SEEN_JS) == seen
    # The next gesture starts a worker again, which finds the board where it was: d4 is
    # still selected, so a click on c5 moves it.
    board.click('[data-square="c5"]')
    expect(board.locator("svg.board")).to_have_attribute(
        "data-position", "y5c5,y4f6,r3g7 r ry L2", timeout=START_MS
    )
    expect(board.locator(".lesson-message")).to_contain_text("Yellow moves from d4 to c5.")
    assert board.get_attribute("html", "data-python") == "live"
    assert board.evaluate(WORKERS_JS) == ["lessons-2"]
    # And it goes on working.
    board.click('[data-die="g7"]')
    expect(board.locator(".lesson-status")).to_contain_text("g7 selected")


def test_a_worker_that_cannot_start_again_says_so_and_keeps_the_board(
    open_host: Callable[..., list[Frame]], page: Page, page_monitor: PageMonitor
) -> None:
    page_monitor.allow_console_error(r"Failed to load resource: net::ERR_FAILED")
    page_monitor.allow_console_error(r"The boards' worker did not start again")
    page.add_init_script(REST_HOOK)
    params = (("position", JUMP), ("interactive", "1"), ("lang", "fr"))
    (board,) = open_host("lost.html", (("try", params),))
    board.click('[data-die="c3"]')
    board.click('[data-square="g7"]')
    live(board)
    expect(board.locator("svg.board")).to_have_attribute("data-position", "y5d4,y4f6,r3g7 y ry L2")
    expect(board.locator(".lesson-board")).not_to_have_attribute("data-busy", "true")
    expect(board.locator("html")).to_have_attribute("data-python", "resting", timeout=START_MS)
    seen = board.evaluate(SEEN_JS)
    # The network is gone: the worker's config cannot be had.
    page.route("**/learn.toml", lambda route: route.abort())
    board.click('[data-die="d4"]')
    expect(board.locator("html")).to_have_attribute("data-python", "lost", timeout=START_MS)
    expect(board.locator(".lesson-message")).to_contain_text("n’ont pas pu repartir")
    assert board.evaluate(SEEN_JS)["board"] == seen["board"]  # the board as it was
    # Back: the next gesture brings the worker and the board back, and is applied.
    page.unroute("**/learn.toml")
    board.click('[data-die="d4"]')
    expect(board.locator(".lesson-status")).to_contain_text("d4 choisi", timeout=START_MS)
    expect(board.locator("svg.board")).to_have_attribute("data-position", "y5d4,y4f6,r3g7 y ry L2")
    assert board.get_attribute("html", "data-python") == "live"
