"""The Learn pages in headless Chromium: every board static first, then live with one
interpreter for the page; a watch board steps, a try board refuses with the engine's reason,
an exercise checks the reader's move; clicks made before the boards were live are applied;
keyboard play; no developer words; French; an axe-core audit.  One page load per language
(Pyodide's start is the cost)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route, expect

from derive.web.learn.lesson import LessonBoard
from derive.web.learn.lessons import BY_ID, LESSONS
from derive.web.words.i18n import sentence
from tools.pages.learn_legend import ITEMS

LIVE_TIMEOUT_MS = 120_000
POSITIONS = """() => Object.fromEntries([...document.querySelectorAll('[data-lesson]')].map(
  s => [s.dataset.lesson, [s.querySelector('svg.board').dataset.position,
                           s.querySelector('.lesson-board').dataset.live]]))"""


def expected(ident: str, lang: str, *gestures: tuple[str, Any]) -> LessonBoard:
    """The lesson as CPython plays it after ``gestures``: what the page must show."""
    board = LessonBoard(BY_ID[ident], lang)
    for name, value in gestures:
        getattr(board, name)(*value) if isinstance(value, tuple) else getattr(board, name)()
    return board


def position(page: Page, ident: str) -> str:
    return page.get_attribute(f"#{ident} svg.board", "data-position") or ""


def serious(page: Page) -> list[str]:
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def open_learn(page: Page, url: str) -> None:
    page.goto(url)
    static = page.evaluate(POSITIONS)
    assert static == {lesson.id: [lesson.position, "false"] for lesson in LESSONS}


def wait_live(page: Page) -> None:
    page.wait_for_selector("html[data-live=true]", state="attached", timeout=LIVE_TIMEOUT_MS)


def reach_for_a_board(page: Page) -> None:
    """A finger lands on the first board (no tap yet): what starts a Learn page's Python."""
    page.dispatch_event("[data-lesson] .board-wrap >> nth=0", "pointerdown")
    assert page.get_attribute("html", "data-python") == "starting"


def test_python_waits_until_the_reader_reaches_for_a_board(page: Page, server_url: str) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_learn(page, f"{server_url}/rules.html")
    # Reading and scrolling start nothing: no runtime is fetched, the page's thread stays
    # the reader's (longer than the idle start this replaced waited).
    page.wait_for_timeout(2500)
    for _ in range(4):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(150)
    page.wait_for_timeout(1000)
    assert page.get_attribute("html", "data-python") == "idle"
    assert not [url for url in fetched if "/vendor/" in url], fetched
    # Once the page has been quiet a while, its own small Python (MicroPython) starts, so
    # that a touch later is answered without a long task; never the engine (Pyodide).
    page.wait_for_function("document.querySelector('script[type=mpy]') !== null", timeout=8000)
    page.wait_for_timeout(1500)
    assert page.get_attribute("html", "data-python") == "idle"
    assert any("/vendor/micropython/" in url for url in fetched), fetched
    engine = ("/vendor/pyodide/pyodide.asm", "/vendor/image/", "learn.toml")
    assert not [url for url in fetched if any(part in url for part in engine)], fetched
    # A mouse that rests on a board starts it, so that its first click rarely waits.
    board = page.locator("#lesson-step .board-wrap")
    board.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = board.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("html[data-python=starting]", state="attached", timeout=5000)
    wait_live(page)
    assert any("/vendor/pyscript/core.js" in url for url in fetched)


def test_the_english_page_teaches_on_live_boards(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    # PyScript is held back until the reader has clicked: the boards are not live yet.
    held: list[Route] = []
    page.route("**/vendor/pyscript/core.js", lambda route: held.append(route))
    open_learn(page, f"{server_url}/rules.html")
    page.click("#lesson-goal [data-action=next]")
    page.click('#lesson-step [data-square="h8"]')
    waiting = page.get_attribute("body", "data-waiting")
    expect(page.locator("#lesson-step .lesson-message")).to_have_text(waiting or "?")
    assert page.get_attribute("html", "data-python") == "starting" and len(held) == 1
    held[0].continue_()
    wait_live(page)
    goal = expected("lesson-goal", "en", ("next", ()))
    refused = expected("lesson-step", "en", ("click", ("h8",)))
    expect(page.locator("#lesson-goal .lesson-counter")).to_have_text("Step 1 of 5")
    assert position(page, "lesson-goal") == goal.position
    expect(page.locator("#lesson-step .lesson-message")).to_contain_text(
        refused.message.text if refused.message else "?"
    )
    live = page.evaluate(POSITIONS)
    assert {k: v for k, v in live.items() if k != "lesson-goal"} == {
        lesson.id: [lesson.position, "true"] for lesson in LESSONS if lesson.id != "lesson-goal"
    }

    # watch: forward and back, each step explained
    jump = page.locator("#lesson-jump")
    jump.scroll_into_view_if_needed()
    jump.locator("[data-action=next]").click()
    one = expected("lesson-jump", "en", ("next", ()))
    expect(jump.locator(".lesson-counter")).to_have_text("Step 1 of 2")
    expect(jump.locator(".lesson-message")).to_have_text(sentence(one.step_text()))
    expect(jump.locator("svg.board")).to_have_attribute("data-position", one.position)
    expect(jump.locator('[data-die="g7"]')).to_be_visible()
    expect(jump.locator('.lesson-steps [data-ply="1"]')).to_have_attribute("aria-current", "step")
    jump.locator("[data-action=prev]").click()
    expect(jump.locator(".lesson-counter")).to_have_text("Start position")
    start = BY_ID["lesson-jump"].position
    expect(jump.locator("svg.board")).to_have_attribute("data-position", start)
    jump.locator(".board-wrap").focus()
    page.keyboard.press("ArrowRight")
    expect(jump.locator(".lesson-counter")).to_have_text("Step 1 of 2")

    # try: the engine's reason for an illegal capture (a higher die)
    higher = page.locator("#lesson-capture-higher")
    higher.scroll_into_view_if_needed()
    # the selected die's jump routes are shown while the pointer is on their end, one at a time
    higher.locator('[data-square="a5"]').hover()
    expect(higher.locator('.jump-path[data-for="a5"]')).to_have_css("opacity", "0.95")
    expect(higher.locator('.jump-path[data-for="e5"]')).to_have_css("opacity", "0")
    higher.locator('[data-die="d4"]').click()
    said = expected("lesson-capture-higher", "en", ("click", ("d4",)))
    assert said.message is not None and "4" in said.message.text
    # the refusal, then its "why?" link when the engine's reason has one
    expect(higher.locator(".lesson-message")).to_contain_text(sentence(said.message.text))
    text = higher.locator(".lesson-message").inner_text()
    assert text.startswith(sentence(said.message.text))

    # try, by keyboard only: the cursor walks a diagonal, Enter plays the selected die there
    step = page.locator("#lesson-step")
    step.locator("[data-action=reset]").click()
    step.locator(".board-wrap").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    keyed = expected("lesson-step", "en", ("click", ("h8",)), ("reset", ()))
    keyed.move_cursor("up-right")  # from the last square clicked
    keyed.click(keyed.cursor, keyboard=True)
    page.wait_for_function(
        "want => document.querySelector('#lesson-step svg.board').dataset.position === want",
        arg=keyed.position,
    )

    # exercise: a wrong answer explained, then the right one
    task = page.locator("#exercise-l2-win")
    task.scroll_into_view_if_needed()
    task.locator('[data-die="e9"]').click()
    task.locator("[data-action=down]").click()
    wrong = expected("exercise-l2-win", "en", ("click", ("e9",)), ("act", ("-",)))
    assert wrong.message is not None
    expect(task.locator(".lesson-message")).to_have_text(sentence(wrong.message.text))
    expect(task.locator(".lesson-board")).to_have_attribute("data-solved", "false")
    assert position(page, "exercise-l2-win") == BY_ID["exercise-l2-win"].position  # taken back
    task.locator('[data-die="g9"]').click()
    task.locator('[data-square="f8"]').click()
    expect(task.locator(".lesson-board")).to_have_attribute("data-solved", "true")
    expect(task.locator(".lesson-message")).to_have_text(sentence(wrong.right_text()))
    screenshot("desktop-exercise", full_page=False)

    text = page.inner_text("body")
    for word in ("test_", ".py", "tools/", "derive.", "RULES.md", "Traceback"):
        assert word not in text, word
    assert serious(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    task.scroll_into_view_if_needed()
    screenshot("phone-exercise", full_page=False)


def test_the_french_page_is_french_and_live(page: Page, server_url: str) -> None:
    open_learn(page, f"{server_url}/regles.html")
    reach_for_a_board(page)
    wait_live(page)
    assert page.get_attribute("html", "lang") == "fr"
    expect(page.locator("#lesson-goal .lesson-counter")).to_have_text("Position de départ")
    # a refusal in French, with its "why?" link to this page's own lesson
    obligation = page.locator("#lesson-obligation")
    obligation.scroll_into_view_if_needed()
    obligation.locator('[data-die="g1"]').click()
    said = expected("lesson-obligation", "fr", ("click", ("g1",)))
    assert said.message is not None
    expect(obligation.locator(".lesson-message")).to_contain_text(sentence(said.message.text))
    expect(obligation.locator(".lesson-message a.why")).to_have_attribute(
        "href", "#lesson-obligation"
    )
    expect(obligation.locator(".lesson-message a.why")).to_have_text("Pourquoi ?")
    # an exercise's wrong answer, explained in French
    task = page.locator("#exercise-l1-win")
    task.scroll_into_view_if_needed()
    task.locator('[data-die="b8"]').click()
    task.locator('[data-square="a9"]').click()
    wrong = expected("exercise-l1-win", "fr", ("click", ("b8",)), ("click", ("a9",)))
    assert wrong.message is not None
    expect(task.locator(".lesson-message")).to_have_text(sentence(wrong.message.text))
    text = page.inner_text("main")
    french = sum(text.count(w) for w in (" le ", " la ", " les ", " des ", " est ", " une "))
    english = sum(text.count(w) for w in (" the ", " and ", " is ", " of "))
    assert french > 20 * max(english, 1), (french, english)
    assert serious(page) == []


BARE_EVENTS = """ids => {
  for (const id of ids) {
    const root = document.getElementById(id);
    for (const target of [root.querySelector('.board-wrap'), root, document]) {
      for (const type of ['keydown', 'click', 'pointerdown', 'keyup']) {
        target.dispatchEvent(new Event(type, {bubbles: true}));
      }
    }
  }
}"""


def test_bare_events_refutations_and_solutions_on_the_learn_page(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server_url}/rules.html")
    reach_for_a_board(page)
    wait_live(page)

    # events without their fields, as a script or an assistive tool may send
    page.evaluate(BARE_EVENTS, ["lesson-step", "exercise-l1-defend", "lesson-goal"])
    assert errors == []
    step = page.locator("#lesson-step")
    step.scroll_into_view_if_needed()
    step.locator('[data-square="f6"]').click()  # the board still plays
    expect(step.locator("svg.board")).to_have_attribute(
        "data-position", expected("lesson-step", "en", ("click", ("f6",))).position
    )

    # a wrong try: the engine's refutation is played on the board, then taken back
    task = page.locator("#exercise-l1-defend")
    task.scroll_into_view_if_needed()
    start = BY_ID["exercise-l1-defend"].position
    refuted = expected("exercise-l1-defend", "en", ("click", ("c1",)))
    assert refuted.refuted and refuted.message is not None
    task.locator('[data-square="c1"]').click()
    board = task.locator("svg.board")
    expect(board).to_have_attribute("data-position", refuted.position)
    expect(task.locator(".lesson-message")).to_have_text(sentence(refuted.message.text))
    screenshot("desktop-refutation", full_page=False)
    expect(board).to_have_attribute("data-position", start)
    expect(task.locator(".lesson-message")).to_have_text(sentence(refuted.message.text))

    # "Show the solution" plays the answer on the board
    shown = expected("exercise-l1-defend", "en", ("solve", ()))
    assert shown.message is not None
    task.locator("[data-action=solution]").click()
    expect(board).to_have_attribute("data-position", shown.position)
    expect(task.locator(".lesson-board")).to_have_attribute("data-solved", "shown")
    expect(task.locator(".lesson-message")).to_have_text(sentence(shown.message.text))
    expect(task.locator("[data-action=solution]")).to_be_disabled()
    task.locator("[data-action=reset]").click()
    expect(board).to_have_attribute("data-position", start)

    # the try board keeps the learner's colour: a second entry is red's again
    enter = page.locator("#lesson-enter")
    enter.scroll_into_view_if_needed()
    enter.locator('[data-square="a1"]').click()
    enter.locator('[data-square="e1"]').click()
    twice = expected("lesson-enter", "en", ("click", ("a1",)), ("click", ("e1",)))
    expect(enter.locator("svg.board")).to_have_attribute("data-position", twice.position)
    assert twice.position.split(" ")[1] == "r"
    assert errors == []
    assert serious(page) == []


def test_the_french_refutation_and_legend(
    page: Page, server_url: str, screenshot: Callable[..., Path]
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server_url}/regles.html")
    reach_for_a_board(page)
    wait_live(page)
    legend = page.locator("ul.legend")
    legend.scroll_into_view_if_needed()
    expect(legend.locator("li")).to_have_count(len(ITEMS))
    screenshot("phone-legend-fr", full_page=False)
    task = page.locator("#exercise-l2-protect")
    task.scroll_into_view_if_needed()
    refuted = expected("exercise-l2-protect", "fr", ("click", ("c9",)), ("act", ("-",)))
    assert refuted.message is not None and "Jaune répondrait b8xc9" in refuted.message.text
    task.locator('[data-die="c9"]').click()
    selected = expected("exercise-l2-protect", "fr", ("click", ("c9",)))
    assert selected.message is not None
    expect(task.locator(".lesson-message")).to_have_text(sentence(selected.message.text))
    task.locator("[data-action=down]").click()
    expect(task.locator("svg.board")).to_have_attribute("data-position", refuted.position)
    screenshot("phone-refutation-fr", full_page=False)
    expect(task.locator("svg.board")).to_have_attribute(
        "data-position", BY_ID["exercise-l2-protect"].position
    )
