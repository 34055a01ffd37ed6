"""A seeded horde of gremlins.js (the npm dev dependency, injected from ``node_modules/``)
on the game page, a Learn page and an embedded board on another site: a few hundred
random clicks, taps, key presses (bare events, without ``key`` or ``altKey``, as the
typer sends them), form fills and scrolls. Afterwards the page raised nothing and logged
no error (the ``page`` fixture checks), it still plays a legal move, and every saved game
still loads."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Frame, Locator, Page, expect

from derive.game import Game
from derive.web.learn.lesson import LessonBoard
from derive.web.learn.lessons import LESSONS
from derive.web.shelf import saved as shelf
from tests.e2e.appdriver import (
    START_TIMEOUT_MS,
    board_position,
    open_app,
    play_clicks,
    position_query,
    settle,
)

# The embed's fixtures: the boards on 127.0.0.1, the host blog on localhost.
from tests.e2e.test_embed import (  # noqa: F401
    JUMP,
    browser_context,
    host_dir,
    host_url,
    live,
    open_host,
    page_monitor,
    third_party_storage,
)
from tests.e2e.test_learn import reach_for_a_board
from tools.serve import REPO_ROOT

GREMLINS = REPO_ROOT / "node_modules" / "gremlins.js" / "dist" / "gremlins.min.js"
SEED = 2323
ACTIONS = 300
START = "r3c3,y2d4,y1f6 r ry L2"
OTHER_START = "r3c3,y2d4,y1f6 r ry L1"
"""Another game than ``START``'s: a link to it opens a new game beside that one."""

#: Runs in the page: the horde, seeded, kept inside the page (a link would take the
#: gremlins away from what they test) and silent (its traces would be clicked in turn,
#: and its logger would fill the console). Resolves with the number of actions done and
#: what the mogwais reported (the gizmo stops the horde after ten errors).
HORDE = """async ({seed, nb}) => {
  const g = window.gremlins;
  const stays = (el) => !el.closest("a[href]");
  const quiet = () => {};
  const said = [];
  const logger = {log: quiet, info: quiet, warn: (...a) => said.push(a.join(" ")),
                  error: (...a) => said.push(a.join(" "))};
  let done = 0;
  const counted = (species) => (ctx) => {
    const attack = species(ctx);
    return () => { done += 1; return attack(); };
  };
  const horde = g.createHorde({
    randomizer: new g.Chance(seed),
    logger,
    species: [
      g.species.clicker({canClick: stays, showAction: quiet}),
      g.species.toucher({canTouch: stays, showAction: quiet}),
      g.species.formFiller({showAction: quiet}),
      g.species.scroller({showAction: quiet}),
      g.species.typer({showAction: quiet}),
    ].map(counted),
    mogwais: [g.mogwais.alert(), g.mogwais.gizmo()],
    strategies: [g.strategies.distribution({nb, delay: 10})],
  });
  await horde.unleash();
  return {done, said};
}"""


def unleash(target: Page | Frame, seed: int = SEED) -> None:
    if not GREMLINS.is_file():
        pytest.fail(f"{GREMLINS.relative_to(REPO_ROOT)} missing: run `npm ci`")
    target.add_script_tag(path=GREMLINS)
    result = target.evaluate(HORDE, {"seed": seed, "nb": ACTIONS})
    assert result == {"done": ACTIONS, "said": []}


def a_step(game: Game) -> tuple[str, str] | None:
    """A die's step or jump, whose result no die roll decides: (from, to)."""
    for move in game.legal_moves():
        text = str(move)
        if "-" in text and not text.endswith("-") and "x" not in text:
            start, end = text.split("-")
            return start, end
    return None


# --------------------------------------------------------------------------- the game page


def stored_entries(page: Page) -> dict[str, str]:
    items: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))"
    )
    return items


def every_saved_game_loads(page: Page) -> list[shelf.Entry]:
    stored = stored_entries(page)
    assert not [k for k in stored if k.startswith(shelf.DAMAGED_PREFIX)]
    entries = [
        shelf.parse_entry(t, k) for k, t in stored.items() if k.startswith(shelf.GAME_PREFIX)
    ]
    for entry in entries:
        assert entry.game().to_position() == entry.position
    listed = {
        row.get_attribute("data-saved-game"): row.get_attribute("data-position")
        for row in page.locator("#saved-games [data-saved-game]").all()
    }
    assert listed == {e.id: e.position for e in entries if e.id in listed}
    return entries


def current_game(page: Page, entries: list[shelf.Entry]) -> Game | None:
    """The game on the board, with its history, if a person is to move in it: its saved
    record, taken back to the move on the board (moves taken back stay saved)."""
    shown = board_position(page)
    for entry in sorted(entries, key=lambda e: e.updated, reverse=True):
        game = entry.game()
        while game.to_position() != shown and game.ply > 0:
            game.undo()
        if game.to_position() == shown and not game.is_over and game.to_move not in entry.ai():
            return game
    return None


def test_a_horde_on_the_game_page(page: Page, server_url: str) -> None:
    open_app(page, server_url, position_query(START))
    first = a_step(Game.from_position(START))
    assert first is not None
    play_clicks(page, *first)
    assert len(every_saved_game_loads(page)) == 1

    unleash(page)
    still_plays(page, server_url)


def still_plays(page: Page, server_url: str) -> None:
    """The game page plays a legal move, which saves: the game it shows, or a new one."""
    for _ in range(3):  # whatever dialog or menu was left open
        page.keyboard.press("Escape")
    settle(page)  # the horde's last events handled by the game's Python
    back = page.locator('#history [data-action="last"]')
    if back.is_visible():  # an earlier position was shown
        back.click()
        settle(page)
    game = current_game(page, every_saved_game_loads(page))
    if game is None:  # over, or the computer's turn: a new game by a link
        open_app(page, server_url, position_query(OTHER_START))
        game = Game.from_position(OTHER_START)
    move = a_step(game)
    assert move is not None
    expected = game.copy()
    expected.play("-".join(move))
    assert play_clicks(page, *move) == expected.to_position()
    page.wait_for_function(  # saved as it is played
        "want => Object.values(localStorage).some(text => text.includes(want))",
        arg=json.dumps(expected.to_position()),
    )
    assert expected.to_position() in {e.position for e in every_saved_game_loads(page)}


# --------------------------------------------------------------------------- a Learn page


def a_try_lesson() -> tuple[str, str, str, str]:
    """A try board where a step plays: (id, from, to, the position after it)."""
    for lesson in LESSONS:
        if lesson.mode != "try":
            continue
        board = LessonBoard(lesson, "en")
        move = a_step(board.game)
        if move is None:
            continue
        board.click(move[0])
        board.click(move[1])
        if board.position != lesson.position:
            return lesson.id, move[0], move[1], board.position
    raise AssertionError("no try lesson plays a step")


def start_again(board: Locator | Frame) -> None:
    """A lesson board or an embed back at its start, no die selected."""
    # What was sent to the board before (bare events, gremlins) is answered first: a
    # gesture's effect is a message to the worker later.
    board.locator(".lesson-board:not([data-busy])").wait_for(state="attached")
    reset = board.locator("[data-action=reset]")
    if reset.is_enabled():  # (disabled: nothing was played on this board)
        reset.click()
    board.locator(".board-wrap").press("Escape")  # a die the gremlins selected


def a_try_board_moves(page: Page) -> None:
    """On a Learn page: a try board, started again, plays the reader's step."""
    ident, start, end, after = a_try_lesson()
    lesson = page.locator(f"#{ident}")
    lesson.scroll_into_view_if_needed()
    start_again(lesson)
    lesson.locator(f'[data-die="{start}"]').click()
    lesson.locator(f'[data-square="{end}"]').click()
    expect(lesson.locator("svg.board")).to_have_attribute("data-position", after)


def test_a_horde_on_a_learn_page(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/rules.html")
    reach_for_a_board(page)
    page.wait_for_selector("html[data-live=true]", state="attached", timeout=START_TIMEOUT_MS)

    unleash(page)
    a_try_board_moves(page)


# --------------------------------------------------------------------------- an embed


def test_a_horde_on_an_embedded_board(
    open_host: Callable[..., list[Frame]],  # noqa: F811
) -> None:
    params: tuple[tuple[str, str], ...] = (("position", JUMP), ("interactive", "1"))
    (frame,) = open_host("chaos.html", (("try", (*params, ("lang", "en"))),), columns=1)
    frame.click('[data-die="c3"]')  # the board starts its rules when used
    live(frame)

    unleash(frame)

    start_again(frame)
    expect(frame.locator("svg.board")).to_have_attribute("data-position", JUMP)
    frame.click('[data-die="c3"]')
    frame.click('[data-square="g7"]')
    board = LessonBoard.custom(JUMP, mode="try", lang="en")
    board.play("c3-g7")
    expect(frame.locator("svg.board")).to_have_attribute("data-position", board.position)
