"""The puzzles room under CPython: rating, record, chooser, catalogue and a puzzle played
on the exercise board."""

from __future__ import annotations

import json

import pytest

from derive.web.puzzles import catalogue, chooser, rating, session, store
from derive.web.puzzles.catalogue import Puzzle

from .fixtures import CHAIN, WIN_IN_ONE, WIN_IN_TWO, as_file


def test_elo_moves_both_ways_and_by_the_formula() -> None:
    assert rating.expected(1500, 1500) == pytest.approx(0.5)
    assert rating.updated(1500, 1500, True, played=0) == 1520  # K 40 * 0.5
    assert rating.updated(1500, 1500, False, played=0) == 1480
    assert rating.updated(1500, 1500, True, played=50) == 1510  # settled: K 20
    # A very easy puzzle still moves the rating by a point.
    assert rating.updated(2500, 100, True, played=50) == 2501
    assert rating.updated(rating.FLOOR, 3000, False, played=50) == rating.FLOOR


def test_record_round_trip_and_results() -> None:
    record = store.read(None).record
    assert record == store.Record()
    record = store.result(record, "a", 1500, True)
    record = store.result(record, "b", 1500, True)
    assert (record.streak, record.best, record.solved) == (2, 2, ("a", "b"))
    record = store.result(record, "c", 1500, False)
    assert (record.streak, record.best, record.failed, record.played) == (0, 2, ("c",), 3)
    record = store.result(record, "c", 1500, True)
    assert record.failed == () and record.solved == ("a", "b", "c")
    again = store.read(store.dump(record))
    assert not again.damaged and again.record == record


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"format": "derive-puzzle-record", "version": 2}',
        json.dumps({"format": "derive-puzzle-record", "version": 1, "rating": "high"}),
        "[" * 50 + "]" * 50,
        '"' + "x" * (store.MAX_CHARS + 1) + '"',
    ],
)
def test_a_damaged_record_is_said_damaged(text: str) -> None:
    read = store.read(text)
    assert read.damaged and read.record == store.Record()


def test_a_record_with_a_foreign_id_is_damaged() -> None:
    good = json.loads(store.dump(store.Record()))
    good["solved"] = ["<script>"]
    assert store.read(json.dumps(good)).damaged


def test_catalogue_reads_the_contract() -> None:
    read = catalogue.parse(as_file(WIN_IN_ONE, WIN_IN_TWO))
    assert [p.id for p in read.puzzles] == ["t-one", "t-two"]
    assert read.skipped == 0
    assert read.by_id("t-two") == WIN_IN_TWO
    assert read.themes() == ["corner", "jump", "win-in-one", "win-in-two"]


def test_a_puzzle_the_page_cannot_show_is_left_out() -> None:
    data = json.loads(as_file(WIN_IN_ONE, WIN_IN_TWO))
    data["puzzles"][1]["id"] = "<b>"  # the engine's loader takes any text as an id
    read = catalogue.parse(json.dumps(data))
    assert [p.id for p in read.puzzles] == ["t-one"] and read.skipped == 1


def test_one_bad_puzzle_refuses_the_file_as_the_engine_does() -> None:
    data = json.loads(as_file(WIN_IN_ONE))
    data["puzzles"].append({"id": "bad", "position": 3})
    with pytest.raises(catalogue.CatalogueError, match="bad|2"):
        catalogue.parse(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    ["", "{}", '{"format": "derive-puzzles", "version": 9, "puzzles": []}', "[[[[[[[[]]]]]]]]"],
)
def test_catalogue_refuses_what_is_not_a_puzzle_file(text: str) -> None:
    with pytest.raises(catalogue.CatalogueError):
        catalogue.parse(text)


def test_chooser_takes_unplayed_puzzles_near_the_rating() -> None:
    puzzles = [
        Puzzle(f"p{d}", "r1a1 r ry L1", ("a1-b2",), ("jump",) if d < 1500 else ("chain",), d)
        for d in range(1000, 2100, 100)
    ]
    assert chooser.choose(puzzles, 1500).id == "p1500"
    assert chooser.choose(puzzles, 1500, turn=1).id in {"p1400", "p1600"}
    assert chooser.choose(puzzles, 1500, played={"p1500"}).id != "p1500"
    assert chooser.choose(puzzles, 1500, theme="jump").id == "p1400"
    assert chooser.choose(puzzles, 1500, current="p1500").id != "p1500"
    everything = {p.id for p in puzzles}
    assert chooser.choose(puzzles, 2000, played=everything, current="p2000").id == "p1900"
    assert chooser.choose(puzzles[:1], 1500, current="p1000") is None


def test_why_links_to_the_lesson_of_the_first_theme_that_has_one() -> None:
    assert session.why_link(("win-in-two", "jump"), "en") == "rules.html#lesson-jump"
    assert session.why_link(("win-in-one",), "fr") == "regles.html#lesson-winning"


def test_win_in_one_solved_then_not_rated_again() -> None:
    game = session.Session.start(WIN_IN_ONE, "en")
    assert game.board.lesson.goal == "win"
    game.board.click("b8")
    assert game.judge() is None
    game.board.click("d10")
    assert game.board.solved and game.judge() == "solved"
    game.board.reset()
    game.board.click("b8")
    game.board.click("f8")
    assert game.judge() is None  # one puzzle, one result


def test_wrong_move_fails_and_is_explained() -> None:
    game = session.Session.start(CHAIN, "fr")
    attempt = game.board.play("e9-f8")
    assert attempt.result == "wrong"
    assert game.wrong and game.judge() == "failed"
    assert game.board.message is not None and "ne gagne pas" in game.board.message.text
    assert game.board.message.why == "regles.html#lesson-winning"  # the "why?" link


def test_a_refused_click_costs_nothing() -> None:
    game = session.Session.start(WIN_IN_ONE, "en")
    game.board.click("b8")
    attempt = game.board.click("c9")  # b8 cannot capture the higher c9
    assert attempt.result == "refused"
    assert game.judge() is None and not game.wrong


@pytest.mark.parametrize("last", ["e9-d10", "e9-f10"])
def test_win_in_two_plays_the_reply_and_takes_any_winning_last_move(last: str) -> None:
    game = session.Session.start(WIN_IN_TWO, "en")
    first = game.board.play("c7-e9")
    assert first.result == "right"
    assert [r.move for r in first.replies] == ["d8-c7"]
    assert game.judge() is None
    assert game.board.play(last).result == "solved"
    assert game.judge() == "solved"


def test_asking_for_the_solution_fails_the_puzzle() -> None:
    game = session.Session.start(WIN_IN_TWO, "en")
    assert game.board.solve().result == "shown"
    assert game.judge() == "failed"


def test_the_pages_are_current_and_in_the_site() -> None:
    from tools import site_files
    from tools.pages import build_live, build_puzzles

    assert build_puzzles.main(["--check"]) == 0, "run python3 tools/pages/build_puzzles.py"
    assert {"puzzles.html", "enigmes.html"} <= set(site_files.PAGES)
    assert "web/puzzles/page.py" in build_live.closure()
