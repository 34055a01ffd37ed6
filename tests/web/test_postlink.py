"""The game's Python and its view over posted text (derive.web.postlink, play.run): calls
out, answers and the player's messages in, whatever the page posts bounded; the page
started from the view's hello, in the worker's order of things."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest

from derive.web.link import ViewError
from derive.web.play import run
from derive.web.play.page import Page
from derive.web.postlink import MAX_MESSAGE_CHARS, MAX_MESSAGE_DEPTH, PostLink
from tests.web_helpers import plain, run_async


async def turns(count: int = 4) -> None:
    """Let the loop turn: a task's calls are posted once its turn ends."""
    for _ in range(count):
        await asyncio.sleep(0)


def posted_calls(posted: list[str]) -> list[dict[str, object]]:
    """Every call posted, in order, whatever message it went in."""
    return [call for text in posted for call in json.loads(text)]


# Each test runs its link in a loop of its own (run_async: a thread), as the worker's runs
# in Pyodide's: in make test the browser tests leave Playwright's loop running in this one.


def test_a_call_is_posted_as_json_text_with_its_arguments() -> None:
    async def scenario() -> list[str]:
        posted: list[str] = []
        PostLink(posted.append).send("boardDraw", "<svg>é</svg>", {"a": [1, True, None]})
        await turns()
        return posted

    assert [json.loads(text) for text in run_async(scenario())] == [
        [{"call": "boardDraw", "args": ["<svg>é</svg>", {"a": [1, True, None]}]}]
    ]


def test_the_calls_of_one_turn_go_together_once_it_ends() -> None:
    async def scenario() -> list[str]:
        posted: list[str] = []
        link = PostLink(posted.append)
        link.send("dialog", "setup", False)
        link.send("boardDraw", "<svg/>")
        link.send("show", {"status": "Red to play"})
        assert posted == []  # the turn is not over
        await asyncio.sleep(0)
        link.send("ready")
        await asyncio.sleep(0)
        return posted

    posted = run_async(scenario())
    assert [[call["call"] for call in json.loads(text)] for text in posted] == [
        ["dialog", "boardDraw", "show"],
        ["ready"],
    ]


def test_an_ask_waits_for_its_own_answer_and_a_failure_is_a_view_error() -> None:
    async def scenario() -> tuple[object, str]:
        posted: list[str] = []
        link = PostLink(posted.append)
        first = asyncio.ensure_future(link.ask("copyLink"))
        second = asyncio.ensure_future(link.ask("rollStart", [], 80))
        await turns()
        ids = [call["id"] for call in posted_calls(posted)]
        assert len(set(ids)) == 2
        link.take(json.dumps({"answer": 999, "value": "nobody's"}))  # dropped
        link.take(json.dumps({"answer": ids[1], "error": "Error: no"}))
        link.take(json.dumps({"answer": ids[0], "value": True}))
        link.take(json.dumps({"answer": ids[0], "value": False}))  # twice: dropped
        with pytest.raises(ViewError) as failed:
            await second
        return await first, str(failed.value)

    assert run_async(scenario()) == (True, "Error: no")


def test_a_reviews_answer_as_deep_as_an_analysis_is_read_and_one_too_deep_fails_its_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A four-player review's last answer: a ply the check marked keeps what the passes
    # said (its reason, a fact of the better move's, its colours). At 8 levels it was
    # dropped and the review waited for it forever.
    fact = {"fact": "stops_win", "colours": ["r", "b"]}
    ply = {"mover": "g", "hold": {"reason": {"code": "better", "does": [fact]}}}
    value = {"start": 128, "plies": [ply], "done": True}
    too_deep: object = "x"
    for _ in range(MAX_MESSAGE_DEPTH):
        too_deep = [too_deep]

    async def scenario() -> tuple[object, str]:
        posted: list[str] = []
        link = PostLink(posted.append)
        read = asyncio.ensure_future(link.ask("computer", "review_step"))
        dropped = asyncio.ensure_future(link.ask("computer", "review_step"))
        await turns()
        ids = [call["id"] for call in posted_calls(posted)]
        # as the view writes its answers (JSON.stringify, no spaces)
        link.take(json.dumps({"answer": ids[0], "value": value}, separators=(",", ":")))
        link.take(json.dumps({"answer": ids[1], "value": too_deep}, separators=(",", ":")))
        with pytest.raises(ViewError) as failed:
            await dropped
        return await read, str(failed.value)

    got, failure = run_async(scenario())
    assert got == value
    assert failure.startswith("not read: the data is nested too deeply")
    assert capsys.readouterr().out.count("was not read") == 1


def test_the_players_messages_go_to_receive_and_junk_goes_nowhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    link = PostLink(lambda text: None)
    got: list[tuple[str, object]] = []
    link.receive = lambda kind, data: got.append((kind, data))
    link.take(json.dumps({"kind": "click", "data": {"square": "c1"}}))
    for junk in (
        None,
        b'{"kind": "click"}',
        "not json",
        "[1, 2]",
        '{"kind": 3}',
        "[" * 100 + "]" * 100,
        '{"kind": "file", "data": "' + "x" * MAX_MESSAGE_CHARS + '"}',
        '{"answer": "1", "value": 2}',
    ):
        link.take(junk)
    assert got == [("click", {"square": "c1"})]
    assert capsys.readouterr().out.count("was not read") == 6


def started(posted: list[str]) -> Callable[[str], bool]:
    """A worker's game started, its calls to the view put in ``posted``: its ``take``."""
    worker = run.GameWorker()
    worker.link.post = posted.append
    assert worker.start() and not worker.start()
    return worker.take


def test_the_views_standing_question_is_answered_with_the_games_next_calls() -> None:
    """``calls`` waits while the game has nothing to say, and then hands over everything
    posted since, in order (the hello asked for first)."""

    async def scenario() -> list[dict[str, object]]:
        worker = run.GameWorker()
        waiting = asyncio.ensure_future(worker.calls())
        await turns()
        assert not waiting.done()
        worker.start()
        first = await waiting
        await turns()
        return [call for text in [*first, *await worker.calls()] for call in json.loads(text)]

    calls = run_async(scenario())
    assert calls[0] == {"call": "stamp", "args": ["importedMs"]}
    assert calls[1]["call"] == "hello" and "id" in calls[1]


def hello() -> dict[str, object]:
    return {
        "query": [["position", "- r ry L2"], ["lang", "fr"]],
        "language": "en-GB",
        "storage": "ok",
        "shelf": {},
        "words": ["status"],
    }


def test_the_worker_asks_for_the_hello_and_starts_the_page_from_it() -> None:
    async def scenario() -> list[dict[str, object]]:
        posted: list[str] = []
        take = started(posted)
        await turns()
        asked = posted_calls(posted)
        assert asked[0] == {"call": "stamp", "args": ["importedMs"]}
        assert asked[1]["call"] == "hello" and "id" in asked[1]
        posted.clear()
        take(json.dumps({"answer": asked[1]["id"], "value": hello()}))
        await turns()
        return posted_calls(posted)

    calls = run_async(scenario())
    names = [call["call"] for call in calls]
    assert "listen" in names and "ready" in names and "failed" not in names
    assert names.index("listen") < names.index("ready")
    shown = [call["args"][0] for call in calls if call["call"] == "show"]
    assert shown and "Rouge" in json.dumps(shown[-1], ensure_ascii=False)  # ?lang=fr


def test_a_page_started_again_after_its_worker_was_lost_says_so() -> None:
    """The view starts a new worker when the game's is lost (assets/view.js, ``restart``):
    the game comes back from the saved games, and the player is told in their words."""

    async def scenario(restarted: object) -> str:
        posted: list[str] = []
        take = started(posted)
        await turns()
        asked = posted_calls(posted)
        take(json.dumps({"answer": asked[1]["id"], "value": {**hello(), "restarted": restarted}}))
        await turns()
        shown = [call["args"][0] for call in posted_calls(posted) if call["call"] == "show"]
        return json.dumps(shown[-1], ensure_ascii=False)

    said = "Le jeu s’est arrêté et a redémarré : votre partie reprend où elle en était."
    assert said in plain(run_async(scenario(True)))
    for not_said in (False, "yes", 1):
        assert "redémarré" not in run_async(scenario(not_said))


def test_a_review_parameter_not_used_is_said_and_the_game_opens() -> None:
    async def scenario() -> str:
        posted: list[str] = []
        take = started(posted)
        await turns()
        asked = posted_calls(posted)
        query = [["position", "- r ry L2"], ["lang", "fr"], ["review", "-1"]]
        take(json.dumps({"answer": asked[1]["id"], "value": {**hello(), "query": query}}))
        await turns()
        shown = [call["args"][0] for call in posted_calls(posted) if call["call"] == "show"]
        return json.dumps(shown[-1], ensure_ascii=False)

    said = plain(run_async(scenario()))
    assert "Une partie de ce lien n’a pas servi : paramètre « review » : seul review=1" in said
    assert "ne peut pas être ouvert" not in said


def test_a_page_that_cannot_start_says_so_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    posted: list[str] = []
    link = PostLink(posted.append)

    def broken(self: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(run.Page, "start", broken)

    async def scenario() -> Page | None:
        started = run.begin(link, hello())
        await turns()
        return started

    assert run_async(scenario()) is None
    (failed,) = [call for call in posted_calls(posted) if call["call"] == "failed"]
    assert failed["args"][0].startswith("Un problème est survenu.")  # the link's ?lang=fr
