"""The first paint stays (issue 25): Python takes over the prerendered page in place.

The board, the first visit's form and the side panel painted before Python starts are the
nodes the live game uses, not copies drawn over them; nothing moves meanwhile; and the
browser's largest paint is the prerendered one (a node drawn later would be a new one, and
everything downloaded before it would count as needed by it)."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route

from tests.e2e.appdriver import START_TIMEOUT_MS, position_query

#: Regions painted before Python starts, and the first visit's form (boot.js draws it).
REGIONS = {
    "board": "#board svg.board",
    "dialog": "dialog#setup",
    "form": "#setup-fields fieldset",
    "side": "aside.side",
    "status": "#status",
    "players": "#players",
    "actions": ".actions",
    "moves": "#moves",
    "tools": "header.topbar nav.tools",
}

# Recorded from the page's start: largest paints and layout shifts, and at the first
# paint's frame (before the runtime goes in, assets/boot.js) a mark on every element and a
# reference to each region's node, so that a copy cannot pass for the node itself.
RECORD = """
(() => {
  const fp = (window.__firstPaint = { lcp: [], shifts: [], nodes: {}, marked: false });
  new PerformanceObserver((list) => fp.lcp.push(...list.getEntries()))
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => fp.shifts.push(...list.getEntries()))
    .observe({ type: "layout-shift", buffered: true });
  addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => {
    for (const element of document.querySelectorAll("body *")) element.__deriveMark = 1;
    for (const [name, selector] of Object.entries(REGIONS)) {
      fp.nodes[name] = document.querySelector(selector);
    }
    fp.python = document.documentElement.dataset.python || "";
    fp.words = {
      lang: document.documentElement.lang,
      title: document.title,
      status: document.querySelector("#status").textContent,
      board: document.querySelector("#board svg.board").getAttribute("aria-label"),
      square: document.querySelector("#board [data-square]").getAttribute("aria-label"),
      button: document.querySelector('[data-action="undo"]').textContent.trim(),
    };
    fp.marked = true;
  }));
})();
"""

CHECK = """
async (regions) => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const fp = window.__firstPaint;
  const kept = {};
  for (const [name, selector] of Object.entries(regions)) {
    const then = fp.nodes[name];
    kept[name] = { there: Boolean(then), same: Boolean(then) &&
      then.isConnected && document.querySelector(selector) === then };
  }
  const shifts = fp.shifts.filter((entry) => !entry.hadRecentInput);
  const last = fp.lcp[fp.lcp.length - 1];
  const name = (node) => node ? `${node.nodeName.toLowerCase()}${node.id ? "#" + node.id : ""}`
    + ` in ${node.closest("[id]")?.id ?? "?"}` : "(gone)";
  return {
    kept,
    python: fp.python,
    words: fp.words,
    shift: shifts.reduce((sum, entry) => sum + entry.value, 0),
    shifted: shifts.map((e) => [Math.round(e.startTime), e.value,
                                e.sources.map((s) => name(s.node))]),
    lcp: fp.lcp.map((e) => [Math.round(e.startTime), e.size, name(e.element)]),
    lcpPrerendered: Boolean(last && last.element && last.element.__deriveMark === 1),
    runtimeMs: Number(document.documentElement.dataset.runtimeMs),
    boardLive: document.querySelector("#board svg.board").dataset.position || "",
  };
}
"""


def _open_held(page: Page, url: str) -> dict[str, Any]:
    """Load ``url`` with the runtime (the view, which starts the game's Python) held back
    until the first paint has been recorded, then let it start and wait for the game;
    return what the page recorded."""
    held: list[Route] = []
    page.route("**/assets/view.js", lambda route: held.append(route))
    page.add_init_script(RECORD.replace("REGIONS", repr(REGIONS)))
    page.goto(url)
    page.wait_for_function("window.__firstPaint && window.__firstPaint.marked")
    # boot.js puts the runtime in after the first paint; its script's request reaches the
    # route handler while Playwright waits
    page.wait_for_function("document.documentElement.dataset.runtimeMs !== undefined")
    for _ in range(400):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the runtime was never asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=START_TIMEOUT_MS)
    result: dict[str, Any] = page.evaluate(CHECK, REGIONS)
    print("\nlargest paints (ms, size, element):", result["lcp"])
    print("layout shifts:", result["shifted"], "runtime put in at", result["runtimeMs"], "ms")
    return result


def _assert_accessible(page: Page) -> None:
    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []


def test_a_first_visit_keeps_the_prerendered_page(page: Page, server_url: str) -> None:
    result = _open_held(page, f"{server_url}/index.html")
    assert result["python"] == ""  # recorded before Python started
    assert result["kept"] == {name: {"there": True, "same": True} for name in REGIONS}
    assert result["boardLive"] == "- r ry L1"  # the same board (the form's first game), now live
    assert result["shift"] <= 0.05, result["shifted"]
    assert result["lcp"], "no largest paint recorded"
    assert result["lcpPrerendered"], result["lcp"]
    assert page.locator("dialog#setup[open]").count() == 1
    _assert_accessible(page)


def test_a_linked_game_changes_the_prerendered_board_in_place(page: Page, server_url: str) -> None:
    position = "r3c3,y2d4,y1f6 r ry L2"
    result = _open_held(page, f"{server_url}/index.html{position_query(position)}")
    kept = {name: v for name, v in result["kept"].items() if name not in ("form",)}
    assert kept == {name: {"there": True, "same": True} for name in REGIONS if name != "form"}
    assert result["boardLive"] == position
    # the squares that did not change are the prerendered ones, those that did are drawn
    same = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-square]')]
             .filter((sq) => sq.__deriveMark === 1).length"""
    )
    assert same == 50  # patched in place, those with a die now too
    assert page.locator('#board [data-die="c3"]').count() == 1
    assert result["shift"] <= 0.05, result["shifted"]
    _assert_accessible(page)


def test_a_french_reader_s_first_paint_is_in_french_and_stays(page: Page, server_url: str) -> None:
    """The page is written in English: a French reader's words, board and panel are put in
    place before the first paint (assets/boot.js), and Python, in French too, keeps them."""
    result = _open_held(page, f"{server_url}/index.html?lang=fr")
    assert result["python"] == ""
    words = result["words"]
    assert words["lang"] == "fr"
    assert words["title"].startswith("Dérive · ")
    assert words["title"] == page.title()  # Python's own title, the same
    assert words["status"] == page.locator("#status").text_content()
    assert words["board"].startswith("Plateau de Dérive")
    assert words["square"] == page.locator("#board [data-square]").first.get_attribute("aria-label")
    assert words["button"] == "Annuler"
    assert result["kept"] == {name: {"there": True, "same": True} for name in REGIONS}
    assert result["shift"] <= 0.05, result["shifted"]
    assert page.locator("dialog#setup[open] #setup-title").text_content() == "Nouvelle partie"
    _assert_accessible(page)


def _drawings() -> list[str]:
    """A seeded game's boards, one after the other as a page draws them: a die selected
    and let go, moves, two to four players, the game's end (the turn's strip gone), and
    the static picture of the first one (the prerendered board a page starts from)."""
    import random

    from derive import Game
    from derive.web.board.highlights import board_view
    from derive.web.board.svg import render_board

    out: list[str] = []
    for seats, seed in (("ry", 11), ("rby", 12), ("rbyg", 13)):
        game = Game.new(seats, "L2", seed=seed)
        out.append(render_board(board_view(game.explain()), static=True))
        pick = random.Random(seed)
        for _ in range(15):
            facts = game.explain()
            out.append(render_board(board_view(facts)))
            if facts["moves"]:
                die = pick.choice(sorted(facts["moves"]))
                out.append(render_board(board_view(facts, selected=die)))
            if game.outcome is not None:
                break
            game.play(pick.choice(list(game.legal_moves())))
        out.append(render_board(board_view(game.explain(), interactive=False)))
    won = Game.from_position("r1d10,y1e5 y ry L1")  # red has won: no one's turn
    out.append(render_board(board_view(won.explain())))
    out.append(render_board(board_view(Game.new("ry", "L1", seed=3).explain())))
    return out


def test_the_board_is_drawn_in_place_exactly(page: Page, server_url: str) -> None:
    """``assets/board.js`` changes the board in place: after each drawing the board is the
    markup drawn, to the node, and a square that stayed is the same node, even where the
    board's parts came or went (a turn's strip, a selection's marks)."""
    page.goto(f"{server_url}/rules.html")
    page.add_script_tag(url=f"{server_url}/assets/board.js")
    report = page.evaluate(
        """(drawings) => {
          const wrap = document.createElement('div');
          document.body.append(wrap);
          const model = document.createElement('template');
          const out = {different: [], kept: 0, squares: 0};
          let before = null;
          drawings.forEach((markup, i) => {
            window.deriveBoard.draw(wrap, markup);
            model.innerHTML = markup;
            if (!wrap.firstElementChild.isEqualNode(model.content.firstElementChild)) {
              out.different.push(i);
            }
            const now = [...wrap.querySelectorAll('[data-square]')];
            if (before !== null && before.length === now.length) {
              out.squares += now.length;
              out.kept += now.filter((sq, k) => sq === before[k]).length;
            }
            before = now;
          });
          return out;
        }""",
        _drawings(),
    )
    assert report["different"] == []
    assert report["kept"] == report["squares"] > 0
