"""The puzzle pages' worker (``puzzles.worker``) under CPython: the page's start, a
verdict as a step, the record's text for the page to write, another tab's results kept."""

from __future__ import annotations

import html

import pytest

from derive import Game
from derive.web.learn import worker as lessons
from derive.web.puzzles import store, worker
from derive.web.table import drills
from tests.helpers import MISSED_IN_TWO

from .fixtures import CHAIN, WIN_IN_ONE, WIN_IN_TWO, as_file

FILE = as_file(WIN_IN_ONE, WIN_IN_TWO, CHAIN)


def start(wanted: str = "", stored: str | None = None, lang: str = "en", search: str = "") -> dict:
    return worker.puzzles_start(
        FILE, True, stored or "", stored is not None, lang, wanted, False, True, search
    )


def test_a_linked_puzzle_opens_with_its_words_and_board() -> None:
    answer = start(f"#{WIN_IN_ONE.id}")
    assert answer["error"] == "" and not answer["damaged"] and answer["notices"] == []
    puzzle = answer["puzzle"]
    assert puzzle["id"] == WIN_IN_ONE.id and puzzle["goal"] == "win"
    assert puzzle["steps"][0]["do"] == "show" and "Puzzle" in puzzle["heading"]
    assert answer["record"]["rating"] == str(store.Record().rating)
    assert [tag for tag, _ in answer["themes"]] and answer["key"] == store.KEY


def test_a_solve_is_a_verdict_step_then_a_record_to_write() -> None:
    start(f"#{WIN_IN_ONE.id}")
    lessons.gesture(worker.IDENT, "square", "b8", False)
    steps = lessons.gesture(worker.IDENT, "square", "d10", False)
    assert steps[-1] == {"do": "verdict", "verdict": "solved"}
    result = worker.puzzles_result("", False)
    saved = store.read(result["save"]).record
    assert result["verdict"] == "solved" and saved.rating > store.Record().rating
    assert WIN_IN_ONE.id in saved.solved and result["line_class"].endswith("success")
    # One puzzle, one result: nothing more to record.
    lessons.gesture(worker.IDENT, "action", "reset", False)
    assert all(step["do"] != "verdict" for step in lessons.gesture(worker.IDENT, "key", "x", True))


def test_another_tab_s_results_are_the_base_and_a_wrong_move_fails() -> None:
    other = store.dump(store.result(store.Record(), "elsewhere", 1500, True))
    start(f"#{CHAIN.id}", lang="fr")
    steps = lessons.gesture(worker.IDENT, "square", "e9", False)
    steps += lessons.gesture(worker.IDENT, "square", "f8", False)
    assert {"do": "verdict", "verdict": "failed"} in steps
    saved = store.read(worker.puzzles_result(other, True)["save"]).record
    assert "elsewhere" in saved.solved and CHAIN.id in saved.failed


def test_a_damaged_record_and_an_unknown_link_are_said() -> None:
    answer = start("#no-such-puzzle", stored="{not a record")
    assert answer["damaged"] and len(answer["notices"]) == 2
    assert answer["puzzle"]["id"]  # another puzzle instead


def test_unreadable_puzzles_are_one_message() -> None:
    answer = worker.puzzles_start("", False, "", False, "fr", "", False, False, "")
    assert answer["error"] and "puzzle" not in answer


def test_a_theme_that_fits_keeps_the_puzzle_and_another_changes_it() -> None:
    answer = start(f"#{WIN_IN_TWO.id}")
    assert worker.puzzles_another(WIN_IN_TWO.themes[0])["puzzle"] == worker.STAYS
    assert worker.puzzles_another(WIN_IN_TWO.themes[0])["puzzle"]["id"] != answer["puzzle"]["id"]
    assert worker.puzzles_open(f"#{WIN_IN_ONE.id}")["puzzle"]["id"] == WIN_IN_ONE.id
    assert worker.puzzles_open(f"#{WIN_IN_ONE.id}")["puzzle"] == worker.STAYS


def test_a_player_s_mistakes_are_a_drill_in_order_and_not_rated() -> None:
    found = (
        drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7),
        drills.Drill(CHAIN.position, CHAIN.solution[0], "e9-f8", 12),
    )
    rated = store.dump(store.result(store.Record(), "elsewhere", 1500, True))
    answer = start(search="?mistakes=" + drills.encode(found), stored=rated, lang="fr")
    assert answer["drill"] and answer["notices"] == []
    assert answer["next"] == "Position suivante"  # the button's words: no "another one"
    first = answer["puzzle"]
    assert first["id"] == "mistake-1" and "b8-c9" in first["heading"] and "b8-c9" in first["task"]
    assert "1 sur 2" in first["about"] and "Non classée" in first["about"]
    lessons.gesture(worker.IDENT, "square", "b8", False)
    steps = lessons.gesture(worker.IDENT, "square", "d10", False)
    assert steps[-1] == {"do": "verdict", "verdict": "solved"}
    result = worker.puzzles_result(rated, True)
    assert result["save"] == "" and "b8-d10" in result["line"]  # nothing rated, written
    assert result["record"]["rating"] == str(store.read(rated).record.rating)
    assert worker.puzzles_another("")["puzzle"]["id"] == "mistake-2"
    assert worker.puzzles_another("")["puzzle"]["id"] == "mistake-1"  # round again


def test_a_drill_of_one_position_has_no_next_one() -> None:
    found = (drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7),)
    answer = start(search="?mistakes=" + drills.encode(found))
    assert answer["drill"] and answer["next"] == ""
    assert answer["puzzle"]["id"] == "mistake-1"


def test_a_damaged_mistakes_link_is_said_and_the_puzzles_open() -> None:
    for search in ("?mistakes=", "?mistakes=!!!", "?mistakes=" + "A" * 20_000):
        answer = start(search=search)
        assert not answer["drill"] and answer["puzzle"]["id"]
        assert any("mistakes could not be read" in n for n in answer["notices"]), answer


def _shown(lang: str, search: str = "", wanted: str = "") -> tuple[dict, list[dict]]:
    """The puzzle opened, then its solution asked for: the last ``show`` step and all."""
    start(wanted, lang=lang, search=search)
    steps = lessons.gesture(worker.IDENT, "action", "solution", False)
    return next(s for s in reversed(steps) if s["do"] == "show"), steps


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_solution_shown_is_said_as_shown_never_as_solved(lang: str) -> None:
    show, steps = _shown(lang, wanted=f"#{WIN_IN_ONE.id}")
    assert {"do": "verdict", "verdict": "failed"} in steps and show["solved"] == "shown"
    solution = {"en": "The solution: ", "fr": "La solution : "}[lang]
    assert show["notice"].startswith(solution + '<span class="move">b8-d10</span>.')
    assert show["notice_kind"] == "info"  # not in the colour of success
    for said in ("Solved", "Bravo", "Yes", "Oui", "None"):
        assert said not in show["notice"], show["notice"]
    result = worker.puzzles_result("", False)
    assert result["verdict"] == "failed" and result["line_class"].endswith("error")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_mistake_s_better_move_shown_is_not_said_found(lang: str) -> None:
    found = (drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7),)
    show, steps = _shown(lang, search="?mistakes=" + drills.encode(found))
    assert {"do": "verdict", "verdict": "failed"} in steps
    assert "Solved" not in show["notice"] and "Bravo" not in show["notice"]
    line = worker.puzzles_result("", False)["line"]
    better = '<span class="move">b8-d10</span>'
    expected = {"en": f"The better move was {better}.", "fr": f"Le meilleur coup était {better}."}
    assert line == expected[lang]


def test_a_move_in_a_puzzle_s_lines_stays_on_one_line() -> None:
    found = (drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7),)
    for lang in ("en", "fr"):
        puzzle = start(search="?mistakes=" + drills.encode(found), lang=lang)["puzzle"]
        assert '<span class="move">b8-c9</span>.' in puzzle["task"]
        assert puzzle["heading"].endswith('<span class="move">b8-c9</span>')
    # A wrong move's message and its refutation, each move in its span.
    start(f"#{CHAIN.id}")
    lessons.gesture(worker.IDENT, "square", "e9", False)
    steps = lessons.gesture(worker.IDENT, "square", "f8", False)
    notice = next(s for s in reversed(steps) if s["do"] == "show")["notice"]
    assert notice.startswith('<span class="move">e9-f8</span> is allowed'), notice


def test_the_opening_the_build_draws_is_the_start_s_and_keeps_nothing() -> None:
    """``opening`` (what ``tools/pages/build_puzzles.py`` draws before Python) answers as
    the page's start does, and leaves the worker's own room as it was."""
    start(f"#{WIN_IN_TWO.id}")
    kept = worker._room[0]
    room, answer = worker.opening(FILE, True, "", False, "en", f"#{WIN_IN_ONE.id}", True, "")
    assert room is not None and room is not kept and worker._room == [kept]
    assert answer["puzzle"]["id"] == WIN_IN_ONE.id
    assert answer == start(f"#{WIN_IN_ONE.id}")
    assert worker.opening("", False, "", False, "en", "", False, "") == (
        None,
        worker.puzzles_start("", False, "", False, "en", "", False, False, ""),
    )


HOLDS = "r3a1,r4e1,y2i1,y3h2,r3e3,r1d4,y4e5,r2i7,y1b8,y1b10,y2d10,y1h10 r ry L2"
"""Seed 4020's game: the review named e3-c5 after d4-c5; both let Yellow win in two with
e5-f4, and e3-f2 holds (``tests/test_answer.py``)."""


def _try(lang: str, start_square: str, end_square: str) -> tuple[str, list[dict]]:
    found = (drills.Drill(HOLDS, "e3-c5", "d4-c5", 113),)
    start(search="?mistakes=" + drills.encode(found), lang=lang)
    lessons.gesture(worker.IDENT, "square", start_square, False)
    steps = lessons.gesture(worker.IDENT, "square", end_square, False)
    return next(s for s in reversed(steps) if s["do"] == "show")["notice"], steps


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_takes_a_move_that_holds_where_the_named_one_would_not(lang: str) -> None:
    notice, steps = _try(lang, "e3", "f2")
    assert steps[-1] == {"do": "verdict", "verdict": "solved"}
    line = worker.puzzles_result("", False)["line"]
    said = {
        "en": 'Found: <span class="move">e3-f2</span> holds, where '
        '<span class="move">e3-c5</span>, the move the review named, still lets Yellow win.',
        "fr": 'Trouvé : <span class="move">e3-f2</span> tient, alors que '
        '<span class="move">e3-c5</span>, le coup que l’analyse proposait, laisse encore '
        "Jaune gagner.",
    }
    assert line.replace("\xa0", " ") == said[lang]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_says_what_a_wrong_move_lets_through_and_that_the_game_s_move_is_no_answer(
    lang: str,
) -> None:
    notice, steps = _try(lang, "a1", "b2")
    assert {"do": "verdict", "verdict": "failed"} in steps
    forced = {"en": "then Yellow forces a win with", "fr": "Jaune force alors la victoire par"}
    assert forced[lang] in notice and '<span class="move">e5-f4</span>' in notice, notice
    notice, steps = _try(lang, "d4", "c5")
    played = {"en": "is the move played in the game", "fr": "est le coup joué dans la partie"}
    assert played[lang] in notice and {"do": "verdict", "verdict": "failed"} in steps
    for word in ("None", "lets_", "verdict", "{"):
        assert word not in notice


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_of_a_forced_win_missed_refuses_a_quiet_move_in_words(lang: str) -> None:
    given = Game.from_position(MISSED_IN_TWO[0])
    given.play(MISSED_IN_TWO[1])
    found = (drills.Drill(given.to_position(), "d6-e7", MISSED_IN_TWO[2], 90),)
    start(search="?mistakes=" + drills.encode(found), lang=lang)
    lessons.gesture(worker.IDENT, "square", "g1", False)
    steps = lessons.gesture(worker.IDENT, "square", "e3", False)
    notice = next(s for s in reversed(steps) if s["do"] == "show")["notice"]
    assert {"do": "verdict", "verdict": "failed"} in steps
    said = {"en": "wins whatever the other side answers", "fr": "quoi que l’adversaire réponde"}
    assert said[lang] in notice.replace("\xa0", " "), notice
    assert "d6-e7" not in notice  # the answer is the player's to find


@pytest.mark.parametrize(
    ("lang", "mine", "red", "yellow"),
    [
        ("en", "Your move 7", "Red's move 7", "Yellow's move 13"),
        ("fr", "Votre coup 7", "Coup 7 de Rouge", "Coup 13 de Jaune"),
    ],
)
def test_a_drill_of_two_sides_names_whose_move_each_is(
    lang: str, mine: str, red: str, yellow: str
) -> None:
    """Two people at one table drill both their mistakes: "your move" would be anybody's."""
    game = Game.from_position(CHAIN.position)
    game.play("e9-f8")
    red_one = drills.Drill(WIN_IN_ONE.position, "b8-d10", "b8-c9", 7)
    yellow_one = drills.Drill(game.to_position(), "b8-c7", "b8-a7", 13)
    alone = start(search="?mistakes=" + drills.encode((red_one,)), lang=lang)
    assert mine in alone["puzzle"]["heading"]
    both = start(search="?mistakes=" + drills.encode((red_one, yellow_one)), lang=lang)
    heading = html.unescape(both["puzzle"]["heading"])  # it comes as HTML
    assert red in heading and "b8-c9" in heading
    second = worker.puzzles_another("")["puzzle"]
    assert second["id"] == "mistake-2" and yellow in html.unescape(second["heading"])
