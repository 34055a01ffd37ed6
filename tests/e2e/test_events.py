"""Bare events on every page: ``new Event("keydown")`` and the like, without ``key``,
``altKey``, ``clientX`` or ``pointerType``, as a script, an extension or a screen reader
may send them, on the document, the window, boards, squares, buttons, inputs and dialogs,
before Python is live and after. No handler may fail on them (the ``page`` fixture fails
the test on any page or console error), no "Something went wrong" is shown, and the page
still plays."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from derive.web.learn.lesson import LessonBoard
from derive.web.words import i18n
from tests.e2e.appdriver import START_TIMEOUT_MS, position_query
from tests.e2e.test_chaos import START, a_try_board_moves, start_again, still_plays
from tests.e2e.test_embed import JUMP, Gate
from tests.e2e.test_learn import reach_for_a_board

#: Dispatches every bare event on the targets, a few of each kind spread over the page;
#: returns how many were sent.
BARE = """() => {
  const types = ["keydown", "keyup", "click", "pointerdown", "pointerup", "input", "change"];
  const kinds = [["[data-square]", 60], ["[data-die]", 20], ["svg.board", 30],
                 [".board-wrap", 30], ["button", 200], ["input", 60], ["select", 20],
                 ["textarea", 10], ["dialog", 10], ["summary", 10], ["iframe", 10]];
  const spread = (list, limit) => list.length <= limit ? list
    : Array.from({length: limit}, (_, i) => list[Math.floor(i * list.length / limit)]);
  const targets = [document, window, document.body];
  for (const [selector, limit] of kinds) {
    targets.push(...spread([...document.querySelectorAll(selector)], limit));
  }
  let sent = 0;
  for (const target of targets) {
    for (const type of types) {
      target.dispatchEvent(new Event(type, {bubbles: true, cancelable: true}));
      sent += 1;
    }
  }
  return sent;
}"""

WENT_WRONG = [i18n.t(lang, "error.generic") for lang in ("en", "fr")]


def bare_events(page: Page) -> None:
    assert page.evaluate(BARE) > 100
    text = page.evaluate("document.body.innerText")
    assert not [words for words in WENT_WRONG if words in text]


def test_the_game_page(page: Page, server_url: str) -> None:
    gate = Gate(page)
    # (Held, PyScript's module holds the load event back too.)
    page.goto(f"{server_url}/index.html{position_query(START)}", wait_until="commit")
    page.wait_for_selector("svg.board [data-square]", state="attached")
    bare_events(page)
    gate.release()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    bare_events(page)
    still_plays(page, server_url)


def learn_page(page: Page, url: str) -> None:
    gate = Gate(page)
    page.goto(url)
    bare_events(page)
    reach_for_a_board(page)
    gate.release()
    page.wait_for_selector("html[data-live=true]", state="attached", timeout=START_TIMEOUT_MS)
    bare_events(page)
    a_try_board_moves(page)


def test_the_english_learn_page(page: Page, server_url: str) -> None:
    learn_page(page, f"{server_url}/rules.html")


def test_the_french_learn_page(page: Page, server_url: str) -> None:
    learn_page(page, f"{server_url}/regles.html")


def embed(page: Page, url: str) -> None:
    """The embedded board, before its rules start (it starts them when used) and after."""
    gate = Gate(page)
    page.goto(url)
    page.wait_for_selector("html[data-painted=true]", state="attached")
    bare_events(page)
    gate.release()
    page.click('[data-die="c3"]')
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    bare_events(page)
    start_again(page.main_frame)
    expect(page.locator("svg.board")).to_have_attribute("data-position", JUMP)
    page.click('[data-die="c3"]')
    page.click('[data-square="g7"]')


def test_an_embedded_board_to_try(page: Page, server_url: str) -> None:
    embed(page, f"{server_url}/embed.html{position_query(JUMP, interactive='1', lang='en')}")
    board = LessonBoard.custom(JUMP, mode="try", lang="en")
    board.play("c3-g7")
    expect(page.locator("svg.board")).to_have_attribute("data-position", board.position)


def test_an_embedded_exercise(page: Page, server_url: str) -> None:
    embed(page, f"{server_url}/embed.html{position_query(JUMP, task='c3-g7', lang='fr')}")
    expect(page.locator(".lesson-board")).to_have_attribute("data-solved", "true")


def test_the_embed_kit(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/embed-kit.html")
    page.wait_for_selector("#kit-form", state="attached")
    bare_events(page)
    form = page.locator("#kit-form")
    form.locator("[name=position]").fill(JUMP)
    form.locator("input[name=mode][value=watch]").check()
    form.locator("[name=moves]").fill("c3-g7 f6-h8")
    form.locator("button[type=submit]").click()
    verdict = page.locator("#kit-verdict")
    expect(verdict).to_have_attribute("data-verdict", "accepted", timeout=START_TIMEOUT_MS)
    bare_events(page)  # the preview's rules are live now
    handle = page.wait_for_selector("#kit-preview", state="attached")
    preview = handle.content_frame() if handle is not None else None
    assert preview is not None
    preview.wait_for_selector("html[data-ready=true]", state="attached")
    assert preview.evaluate(BARE) > 100
    form.locator("[name=moves]").fill("b4-d6")  # no die on b4: the rules refuse it
    form.locator("button[type=submit]").click()
    expect(verdict).to_have_attribute("data-verdict", "refused", timeout=START_TIMEOUT_MS)
    expect(verdict).to_contain_text("b4-d6")
