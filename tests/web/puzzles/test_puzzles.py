"""The puzzles room under CPython: rating, record, chooser, catalogue and a puzzle played
on the exercise board."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from derive import puzzles as engine_puzzles
from derive.web.puzzles import catalogue, chooser, rating, session, store
from derive.web.puzzles.catalogue import Puzzle
from derive.web.words import i18n
from tests.web_helpers import plain

from .fixtures import CHAIN, WIN_IN_ONE, WIN_IN_TWO, as_file

SHIPPED = Path(__file__).resolve().parents[3] / "assets" / "puzzles.json"


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


def test_one_bad_puzzle_costs_only_itself_and_is_counted() -> None:
    data = json.loads(as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN))
    data["puzzles"].insert(1, {"id": "bad", "position": 3})  # the engine cannot read it
    data["puzzles"].append("not a puzzle")
    data["puzzles"][2]["theme"] = ["luck"]  # WIN_IN_TWO: a tag the engine does not know
    read = catalogue.parse(json.dumps(data))
    assert [p.id for p in read.puzzles] == ["t-one", "t-chain"]
    assert read.skipped == 3
    assert catalogue.skipped("en", read.skipped) == (
        "3 puzzles in the file could not be read; they are left out."
    )
    assert plain(catalogue.skipped("fr", 1)) == (
        "Une énigme du fichier n’a pas pu être lue ; elle est laissée de côté."
    )
    assert catalogue.skipped("en", 0) == ""


@pytest.mark.parametrize(
    ("text", "kind", "says"),
    [
        ("", "malformed", "not readable text"),
        ("{oops", "malformed", "not readable text"),
        ("{}", "format", "not a puzzle file"),
        ('{"format": "derive-puzzles", "version": 1, "puzzles": {}}', "format", "not a puzzle"),
        ('{"format": "derive-puzzles", "version": 9, "puzzles": []}', "version", "version"),
        ("[[[[[[[[]]]]]]]]", "too-deep", "nested too deeply"),
        (" " * (engine_puzzles.MAX_FILE_CHARS + 1), "too-big", "too large"),
        ('{"format": "derive-puzzles", "version": 1, "puzzles": [1, 2]}', "empty", "no puzzle"),
    ],
)
def test_a_file_that_cannot_be_used_gets_one_clear_message(text: str, kind: str, says: str) -> None:
    with pytest.raises(catalogue.CatalogueError) as caught:
        catalogue.parse(text)
    assert caught.value.kind == kind
    english = catalogue.unreadable("en", kind)
    assert english.startswith("The puzzles cannot be shown: ") and says in english
    french = plain(catalogue.unreadable("fr", kind))
    assert french.startswith("Les énigmes ne peuvent pas s’afficher : ")
    assert "{" not in english + french and "-" not in french.split(":")[-1]


def test_every_reason_and_theme_has_words_in_both_languages() -> None:
    for kind in catalogue.UNREADABLE:
        assert catalogue.unreadable("en", kind) != catalogue.unreadable("fr", kind)
    for tag in engine_puzzles.THEMES:
        assert f"puzzles.theme.{tag}" in i18n.EN and f"puzzles.theme.{tag}" in i18n.FR


def test_the_number_a_player_reads() -> None:
    assert catalogue.number("l1-0022", 5) == 22
    assert catalogue.number("t-one", 5) == 5
    data = json.loads(as_file(WIN_IN_ONE))
    data["puzzles"][0]["id"] = "l2c-0104"
    assert catalogue.parse(json.dumps(data)).puzzles[0].number == 104


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


def test_the_title_says_the_puzzle_in_players_words() -> None:
    one = session.Session.start(dataclasses.replace(WIN_IN_ONE, number=22), "en")
    assert one.heading("en") == "Puzzle 22 · Win in one · Initiation rules"
    assert one.heading("fr") == "Énigme 22 · Gagner en un coup · règles Initiation"
    assert one.task("en") == "Red to play and win in one move."
    two = session.Session.start(WIN_IN_TWO, "fr")
    assert two.heading("fr") == "Énigme 2 · Gagner en deux coups · règles Initiation"
    assert session.Session.start(CHAIN, "en").heading("en") == (
        "Puzzle 3 · Win in one · Blitz rules"
    )
    for game in (one, two):
        assert game.puzzle.id not in game.heading("en") + game.heading("fr")
        assert game.puzzle.id not in game.board.title()


def test_only_the_actions_the_engine_allows_are_offered() -> None:
    game = session.Session.start(WIN_IN_ONE, "en")
    board = game.board
    assert not any(board.can_act(a) for a in "+-?")  # nothing selected
    board.click("b8")  # red's 1
    assert board.can_act("+") and board.can_act("?")  # L1 has chance: a re-roll is legal
    assert not board.can_act("-")  # already at 1
    assert board.game.why_illegal("b8-") is not None
    no_chance = session.Session.start(
        Puzzle("t-adv", "r6c3,y1f10 r ry L2A", ("c3-d4",), ("win-in-one",), 1000), "en"
    ).board
    no_chance.click("c3")
    assert not no_chance.can_act("?") and not no_chance.can_act("+") and no_chance.can_act("-")
    board.play("b8-d10")
    assert board.solved and not board.can_act("+")  # a solved puzzle takes no more moves


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
    assert "web/puzzles/worker.py" in build_live.closure()


def test_the_board_is_turned_to_the_side_to_find_the_move() -> None:
    """A third of the shipped puzzles, and the mistakes of whoever played Yellow, are
    Yellow's to solve: their board has Yellow's rive at the bottom, as a player's own side
    is at a table; a reply, a reset or the solution shown does not turn it back."""
    shipped = catalogue.parse(SHIPPED.read_text(encoding="utf-8")).puzzles
    yellow = next(p for p in shipped if p.position.split()[1] == "y" and len(p.solution) == 3)
    assert session.Session.start(WIN_IN_TWO, "en").board.board_view().bottom == "r"
    board = session.Session.start(yellow, "fr").board
    assert board.board_view().bottom == "y"
    board.play(yellow.solution[0])  # Red's reply is played on the board
    assert len(board.game.moves) == 2 and board.board_view().bottom == "y"
    board.reset()
    assert board.board_view().bottom == "y"
    board.solve()
    assert board.board_view().bottom == "y"
