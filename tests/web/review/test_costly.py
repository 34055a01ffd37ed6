"""Each player's costliest moves (issue 40 restated: "the loser's three costliest moves
are named with their cost, even when none reaches a mistake"): which moves, their
sentences in both languages, the summary that counts them, and the drills they give."""

from __future__ import annotations

import random
import re

import pytest

from derive.ai.review import COSTLIEST, Analysis, Review, costliest
from derive.game import Game
from derive.web.review import panel
from derive.web.review.driver import ReviewState
from derive.web.review.panel import (
    Judged,
    cost_words,
    costly_html,
    costly_summary,
    learn_html,
    line_words,
    summary_html,
)
from derive.web.table import drills
from tests.helpers import random_game
from tests.web_helpers import html_text, plain

CAPTURE_D5 = {
    "code": "allows_capture",
    "move": "e6xd5",
    "colour": "y",
    "taken": {"square": "d5", "colour": "r", "value": 4},
    "does": [{"fact": "capture", "square": "d6", "colour": "y", "value": 3}],
}
STEP_C3_D4 = [{"fact": "step", "from": "c3", "to": "d4", "rows": 1}]


def _picked(judged: list[Judged], colour: str) -> list[int]:
    return [entry.ply for entry in panel.costliest(judged, colour)]


def test_the_costliest_are_the_largest_costs_largest_first() -> None:
    judged = [
        Judged(1, "r", "c1-d2", best="a1-b2", loss=0.02),
        Judged(3, "r", "d2-e3", best="a1-b2", loss=0.07),
        Judged(5, "r", "e3-f4", "inaccuracy", "a1-b2", loss=0.12),
        Judged(7, "r", "f4-g5", best="a1-b2", loss=0.05),
        Judged(2, "y", "j10-i9", best="i9-h8", loss=0.30),  # another player's
    ]
    assert _picked(judged, "r") == [5, 3, 7]
    assert _picked(judged, "y") == [2]


def test_luck_is_never_a_cost() -> None:
    judged = [
        # An unlucky roll that cost a lot by its result, nothing by its choice.
        Judged(2, "r", "d1?1", None, "d1?", None, "unlucky", loss=0.0, luck_by=-0.4),
        # A re-roll counts by its choice alone (0.03), not by its bad luck (-0.35).
        Judged(4, "r", "d1?2", None, "c1-d2", None, "unlucky", loss=0.03, luck_by=-0.35),
        Judged(6, "r", "c1-d2", best="a1-b2", loss=0.04),
        # A lucky roll is no gain either: only the choice's cost counts.
        Judged(8, "r", "e1?6", None, "e1-f2", None, "lucky", loss=0.0, luck_by=0.4),
    ]
    assert _picked(judged, "r") == [6, 4]
    words = cost_words("en", panel.costliest(judged, "r")[1])
    assert "3% of their winning chances" in words
    assert "The cost is counted over the six results, not the one rolled" in words


def test_equal_costs_name_the_earlier_move_first() -> None:
    judged = [Judged(k, "r", "c1-d2", best="a1-b2", loss=0.05) for k in (9, 3, 7, 5)]
    assert _picked(judged, "r") == [3, 5, 7]


def test_fewer_than_three_and_none() -> None:
    judged = [
        Judged(1, "r", "c1-d2", best="a1-b2", loss=0.06),
        Judged(3, "r", "d2-e3", best="d2-e3", loss=0.0),  # the best move: no cost
        Judged(5, "r", "e3-f4", best="a1-b2", loss=0.004),  # rounds to 0%: none seen
        Judged(7, "r", "f4-g5", best=None, loss=0.2),  # no better move named: no cost
        Judged(2, "y", "j10-i9", best="j10-i9", loss=0.0),
    ]
    assert _picked(judged, "r") == [1]
    assert _picked(judged, "y") == []
    assert _picked(judged, "g") == []


def test_the_search_side_picks_the_same() -> None:
    moves = [(1, 0.02, "a1-b2"), (3, 0.07, "a1-b2"), (5, 0.07, "b1-c2"), (7, 0.5, None)]
    assert costliest(moves) == [3, 5, 1]
    assert costliest(moves, 1) == [3]
    assert costliest([]) == []
    assert COSTLIEST == 3
    plies = [
        {"ply": 0, "best": "c1-d2", "chances": {"r": 0.5, "y": 0.5}},
        {"ply": 1, "move": "b1-c2", "mover": "r", "loss": 0.04, "best": "j10-i9", "chances": {}},
        {"ply": 2, "move": "j10-i9", "mover": "y", "loss": 0.0, "best": "e1?", "chances": {}},
        {"ply": 3, "move": "e1?3", "mover": "r", "loss": 0.09, "better": "d1-e2", "chances": {}},
    ]
    analysis = Analysis(600, plies)
    assert analysis.better(1) == "c1-d2" and analysis.better(3) == "d1-e2"
    assert analysis.better(0) is None and analysis.better(9) is None
    assert analysis.costliest("r") == [3, 1]
    assert analysis.costliest("y") == []


@pytest.mark.parametrize(
    ("lang", "you", "expected"),
    [
        (
            "en",
            True,
            "Move 14: c3-d4 cost you about 7% of your winning chances. It steps from c3 to d4,"
            " 1 row nearer the goal rive, but lets Yellow capture the 4 on d5. Better: e5xd6."
            " It captures the yellow 3 on d6.",
        ),
        (
            "en",
            False,
            "Move 14: c3-d4 cost Red about 7% of their winning chances. It steps from c3 to d4,"
            " 1 row nearer the goal rive, but lets Yellow capture the 4 on d5. Better: e5xd6."
            " It captures the yellow 3 on d6.",
        ),
        (
            "fr",
            True,
            "Coup 14 : c3-d4 vous a coûté environ 7 % de vos chances de gain. Ce coup avance de"
            " c3 en d4, 1 rangée plus près de la rive opposée, mais permet à Jaune de prendre le 4"
            " en d5. Mieux : e5xd6. Ce coup prend le 3 jaune en d6.",
        ),
        (
            "fr",
            False,
            "Coup 14 : c3-d4 a coûté à Rouge environ 7 % de ses chances de gain. Ce coup avance"
            " de c3 en d4, 1 rangée plus près de la rive opposée, mais permet à Jaune de prendre le"
            " 4 en d5. Mieux : e5xd6. Ce coup prend le 3 jaune en d6.",
        ),
    ],
)
def test_a_costly_move_in_words(lang: str, you: bool, expected: str) -> None:
    entry = Judged(14, "r", "c3-d4", None, "e5xd6", CAPTURE_D5, loss=0.07, did=STEP_C3_D4)
    assert plain(cost_words(lang, entry, you=you)) == expected


def test_a_costly_move_says_its_mark_and_what_it_knows() -> None:
    marked = Judged(9, "y", "j10-i9", "mistake", "i9-h8", None, loss=0.22)
    assert cost_words("en", marked) == (
        "Move 9: j10-i9 cost Yellow 22% of their winning chances (a mistake). Better: i9-h8."
    )
    assert plain(cost_words("fr", marked)).startswith(
        "Coup 9 : j10-i9 a coûté à Jaune 22 % de ses chances de gain (une erreur)."
    )
    # What it did alone, or why alone: one sentence either way.
    did = Judged(3, "r", "c3-d4", best="a1-b2", loss=0.05, did=STEP_C3_D4)
    assert "It steps from c3 to d4, 1 row nearer the goal rive. Better: a1-b2." in (
        cost_words("en", did)
    )
    why = Judged(3, "r", "c3-d4", None, "a1-b2", CAPTURE_D5, loss=0.05)
    assert "It lets Yellow capture the 4 on d5. Better: a1-b2. It captures" in cost_words("en", why)
    team = Judged(3, "ry", "c3-d4", best="a1-b2", loss=0.05)
    said = plain(cost_words("fr", team))
    assert "a coûté à Rouge + Jaune environ 5 % de leurs chances de gain." in said


def test_a_costly_move_says_a_capture_once() -> None:
    """A move that leaves its die to be taken, with a reason: the reason says what went
    wrong, and the concession "though the die can then be taken" is not said before it
    (it read "…, though the die can then be taken, but leaves the 5 on h2 open to
    capture"). Without a reason, the concession is what there is to say."""
    hangs = [{"fact": "step", "from": "i1", "to": "h2", "rows": 1}, {"fact": "hangs"}]
    exposes = {"code": "exposes", "dice": [{"square": "h2", "colour": "r", "value": 5}]}
    entry = Judged(205, "r", "i1-h2", None, "e3-d4", exposes, loss=0.13, did=hangs)
    assert "It steps from i1 to h2, 1 row nearer the goal rive, but leaves the 5 on h2 open " in (
        cost_words("en", entry)
    )
    assert "Ce coup avance de i1 en h2, 1 rangée plus près de la rive opposée, mais laisse " in (
        plain(cost_words("fr", entry))
    )
    alone = Judged(205, "r", "i1-h2", best="e3-d4", loss=0.05, did=hangs)
    assert "It steps from i1 to h2, 1 row nearer the goal rive, though the die can then be " in (
        cost_words("en", alone)
    )


def test_no_costly_line_is_notation_alone_nor_a_rule_id_nor_python() -> None:
    entries = [
        Judged(14, "r", "c3-d4", None, "e5xd6", CAPTURE_D5, loss=0.07, did=STEP_C3_D4),
        Judged(4, "r", "d1?2", None, "c1-d2", None, "unlucky", loss=0.03, luck_by=-0.35),
        Judged(6, "r", "c1-d2", "blunder", "a1-b2", {"code": "better"}, loss=0.4, did=[{}]),
        Judged(8, "r", "c1-d2", best="a1-b2", loss=0.01, did="damaged", reason={"code": 3}),
    ]
    for lang in ("en", "fr"):
        for entry in entries:
            words = plain(cost_words(lang, entry))
            assert not re.search(r"\bR\d+\b|None|\{|\}|\[|\]|'|_", words), words
            assert re.search(r"\d+ ?%", words), words


def test_the_list_names_each_players_costliest_each_a_tap_away() -> None:
    judged = [
        Judged(1, "r", "c1-d2", best="a1-b2", loss=0.02),
        Judged(2, "y", "j10-i9", best="j10-i9", loss=0.0),
        Judged(3, "r", "d2-e3", "mistake", "a1-b2", loss=0.25),
        Judged(5, "r", "e3-f4", best="a1-b2", loss=0.08),
        Judged(7, "r", "f4-g5", best="a1-b2", loss=0.01),
    ]
    html = costly_html("en", "ry", judged, current=5, viewer="r")
    assert html.count("<button") == 3
    assert [int(p) for p in re.findall(r'data-review-ply="(\d+)"', html)] == [3, 5, 1]
    assert 'data-review-ply="5" aria-pressed="true"' in html
    assert 'data-review-ply="3" aria-pressed="false"' in html
    text = html_text(html)
    assert "Costliest moves" in text and "Move 3: d2-e3 cost you 25%" in text
    # Yellow played the best move found each time: said plainly.
    yellow = html_text(html.split('data-colour="y"')[1])
    assert "No costly move: each was the best found, to within 1%." in yellow
    fr = html_text(costly_html("fr", "ry", judged))
    assert "Coups les plus coûteux" in fr and "a coûté à Rouge 25 %" in fr
    assert "Aucun coup coûteux : chacun était le meilleur trouvé, à 1 % près." in fr
    assert costly_html("en", "ry", []) == ""  # nothing judged yet: nothing said


def test_how_the_costs_are_counted_is_told_when_asked_after_the_moves() -> None:
    judged = [Judged(3, "r", "d2-e3", "mistake", "a1-b2", loss=0.25)]
    for lang, asked, told in (
        ("en", "How these costs are counted", "A cost under 5%, too small for a mark, is"),
        ("fr", "Comment ces coûts sont comptés", "Un coût de moins de 5 %, trop petit"),
    ):
        html = costly_html(lang, "ry", judged)
        # A closed disclosure, after the last move named: the list is read first.
        about = html.index('<details class="review-costly-about">')
        assert html.rindex("data-review-ply") < about and " open" not in html[about:]
        summary = re.search(r"<summary>(.*?)</summary>", html)
        assert summary is not None and summary.group(1) == asked
        assert told in plain(html_text(html[about:]))


def test_the_summary_counts_what_the_list_names() -> None:
    judged = [
        Judged(1, "r", "c1-d2", best="a1-b2", loss=0.02),
        Judged(3, "r", "d2-e3", best="a1-b2", loss=0.07),
        Judged(5, "r", "e3-f4", best="a1-b2", loss=0.05),
        Judged(7, "r", "f4-g5", best="a1-b2", loss=0.03),
        Judged(2, "y", "j10-i9", best="a1-b2", loss=0.04),
        Judged(4, "b", "j1-i2", best="j1-i2", loss=0.0),
    ]
    assert costly_summary("en", panel.costliest(judged, "r")) == (
        "3 costliest moves named below, the worst at move 3: 7% of the winning chances."
    )
    assert costly_summary("en", panel.costliest(judged, "y")) == (
        "1 costly move, named below: move 2, 4% of the winning chances."
    )
    assert costly_summary("en", panel.costliest(judged, "b")) == "No costly move."
    assert plain(costly_summary("fr", panel.costliest(judged, "r"))) == (
        "3 coups les plus coûteux nommés plus bas, le pire au coup 3 : 7 % des chances de gain."
    )
    assert plain(costly_summary("fr", panel.costliest(judged, "y"))) == (
        "1 coup coûteux, nommé plus bas : le coup 2, 4 % des chances de gain."
    )
    assert costly_summary("fr", panel.costliest(judged, "b")) == "Aucun coup coûteux."
    html = summary_html("en", "ryb", judged)
    # three sides: the player is told that these figures are rough (AI.md, "Win chance")
    assert "With three or four players, these figures are rough" in html_text(html)
    assert "approximatifs" in html_text(summary_html("fr", "ryb", judged))
    assert "rough" not in html_text(summary_html("en", "ry", judged))
    listed = costly_html("en", "ryb", judged)
    for colour, count in (("r", 3), ("y", 1), ("b", 0)):
        row = html.split(f'data-colour="{colour}"')[1].split("</li>")[0]
        assert (str(count) if count else "No costly move") in html_text(row)
        part = listed.split(f'data-colour="{colour}"')[1].split("</ol>")[0]
        assert part.count("<button") == count


def test_a_loser_with_no_costly_move_is_told_how_the_game_was_lost() -> None:
    # Yellow lost playing as the review's search would have: no costly move, no roll's
    # bad luck.  "No costly move." alone reads as if nothing had gone wrong.
    judged = [Judged(2 * k + 2, "y", "j10-i9", best="j10-i9", loss=0.002) for k in range(20)]
    judged += [Judged(2 * k + 1, "r", "c1-d2", best="a1-b2", loss=0.0) for k in range(20)]
    slipped = "No costly move found: the game slipped away a little at a time"
    rows = summary_html("en", "ry", judged, {"r": None, "y": None}, lost=("y",)).split("</li>")
    red, yellow = html_text(rows[0]), html_text(rows[1])
    assert slipped in yellow and "The graph shows where the chances fell." in yellow
    assert "No costly move." in red and "slipped" not in red  # the winner's line is as it was
    fr = html_text(summary_html("fr", "ry", judged, {"r": None, "y": None}, lost=("y",)))
    assert "Aucun coup coûteux trouvé : la partie a glissé peu à peu" in plain(fr)
    # Its costliest move unmarked, within the review's margin of error: named as such,
    # not as what lost the game (played out, such moves did as well as the better ones).
    costly = [*judged, Judged(9, "y", "d2-e3", best="a1-b2", loss=0.04)]
    text = html_text(summary_html("en", "ry", costly, {"y": None}, lost=("y",)))
    assert (
        "No move clearly cost the game: the costliest, move 9, gave away 4% of the winning"
        " chances by the review's estimate, within its margin of error. The game slipped"
        " away a little at a time;"
    ) in text
    assert "costly move, named below" not in text
    fr = plain(html_text(summary_html("fr", "ry", costly, {"y": None}, lost=("y",))))
    assert "Aucun coup n’a nettement coûté la partie : le plus coûteux, le coup 9" in fr
    # A marked move is what the list has to say, and the summary says that instead.
    marked = [*judged, Judged(9, "y", "d2-e3", "inaccuracy", "a1-b2", loss=0.12)]
    text = html_text(summary_html("en", "ry", marked, {"y": None}, lost=("y",)))
    assert "1 costly move, named below: move 9" in text and "slipped" not in text
    # The winner's costly moves are named as before.
    won = [*judged, Judged(7, "r", "c1-d2", best="a1-b2", loss=0.04)]
    text = html_text(summary_html("en", "ry", won, {"r": None, "y": None}, lost=("y",)))
    assert "1 costly move, named below: move 7" in text
    unlucky = [*judged, Judged(11, "y", "d1?1", None, "d1?", None, "unlucky", luck_by=-0.4)]
    text = html_text(summary_html("en", "ry", unlucky, {"y": 11}, lost=("y",)))
    assert "No costly move." in text and "unlucky roll" in text and "slipped" not in text
    # A game Red's lucky roll turned did not slip away.
    lucky = [*judged, Judged(13, "r", "c1?6", None, "c1?", None, "lucky", luck_by=0.3)]
    text = html_text(summary_html("en", "ry", lucky, {"y": None}, lost=("y",)))
    assert "No costly move." in text and "slipped" not in text
    # Nobody lost a drawn game, nor one still going: nobody is told it.
    assert "slipped" not in html_text(summary_html("en", "ry", judged, {"r": None, "y": None}))


def test_the_beaten_are_the_sides_lost_on_the_board_from_a_fair_start() -> None:
    game = Game.from_position("r1b10,r2c9,r3e7,y1h2 y ry L2", seed=9)
    game.play("h2?")
    game.play("e7-d8")  # Red's chain reaches the far edge
    assert game.winner == "r"
    state = ReviewState(game, plies=[{"chances": {"r": 0.55, "y": 0.45}}])
    assert state.beaten() == ("y",)
    # Set up lost (as this position was: Red wins at once whatever Yellow rolls), a
    # side did not lose a little at a time.
    assert ReviewState(game, plies=[{"chances": {"r": 0.9, "y": 0.1}}]).beaten() == ()
    assert ReviewState(game).beaten() == ()  # nothing analysed yet
    going = Game.new("ry", "L2", seed=1)
    assert ReviewState(going, plies=[{"chances": {"r": 0.5, "y": 0.5}}]).beaten() == ()
    going.play(going.legal_moves()[0])
    going.resign("y")  # Yellow gave up a game it had not lost on the board
    assert going.winner == "r"
    assert ReviewState(going, plies=[{"chances": {"r": 0.5, "y": 0.5}}]).beaten() == ()


def test_real_reviews_name_each_costliest_move_in_full() -> None:
    """On reviewed games: each costly move is told, what it did and, for one no mark
    gave a reason, why, worked out from the game; the summary's count is the list's."""
    told = 0
    for seed in (3, 11):
        game = random_game(40, seed)
        state = ReviewState(game)
        analysis = Review(game, 60).finish()
        data = analysis.to_data()
        for entry in data["plies"][1::2]:  # half the moves as if none reached a mark
            entry["label"] = entry["reason"] = None
        state.take({"analysis": data, "done": True})
        judged = state.judged()
        for side in state.sides:
            found = panel.costliest(judged, side)
            assert [e.ply for e in found] == analysis.costliest(side)
            for entry in found:
                assert entry.did, entry  # what the move played did, as facts
                if "?" not in entry.move:
                    assert entry.reason is not None
                kept = state.plies[entry.ply].get("reason")
                told += kept is None and entry.reason is not None
                assert kept is None or entry.reason == kept  # a mark's own reason first
                words = cost_words("fr", entry)
                assert not re.search(r"None|\{|\[|_", words), words
        html = summary_html("en", state.sides, judged, state.turning())
        listed = costly_html("en", state.sides, judged)
        for side in state.sides:
            count = len(panel.costliest(judged, side))
            part = listed.split(f'data-colour="{side}"')[1].split("</ol>")[0]
            assert part.count("<button") == count
            row = html_text(html.split(f'data-colour="{side}"')[1].split("</li>")[0])
            assert f"{count} costl" in row if count else "No costly move." in row
    assert told  # some costly move had no mark's reason, and has one now


def test_without_a_mistake_the_drills_are_the_costliest_inaccuracies() -> None:
    game = Game.new(seed=5)
    chooser = random.Random(5)
    while len(game.moves) < 8:
        game.push(chooser.choice([m for m in game.legal_moves() if "?" not in str(m)]))
    state = ReviewState(game)
    state.take({"analysis": Review(game, 30).finish().to_data(), "done": True})
    red = [k for k in range(1, 9) if state.plies[k]["mover"] == "r"]
    for entry in state.plies[1:]:  # no mistake at all; one of Red's moves an inaccuracy
        entry.update(label=None, loss=0.0, reason=None)
    better = {k: str(state.plies[k - 1]["best"]) for k in red}
    state.plies[red[1]].update(label="inaccuracy", loss=0.12, better=better[red[1]])
    state.plies[red[0]].update(loss=0.04, better=better[red[0]])  # costly, but no puzzle
    played = str(game.moves[red[1] - 1])
    (drill,) = state.drills(["r"])
    assert (drill.ply, drill.better, drill.played) == (red[1], better[red[1]], played)
    assert state.drills_are_costly([drill])
    assert state.drills(["y"]) == []
    html = learn_html("en", drills.link([drill], "en"), costly=True)
    assert "Your costliest moves that were inaccuracies" in html
    assert "Vos coups les plus coûteux" in learn_html("fr", "enigmes.html", costly=True)
    # A mistake of the player's: the drill is their mistakes, as before.
    state.plies[red[0]].update(label="mistake", loss=0.25)
    assert [d.ply for d in state.drills(["r"])] == [red[0]]
    assert not state.drills_are_costly(state.drills(["r"]))
    # A win let through, graded an inaccuracy (the player was far behind already): a
    # drill all the same, with a sure answer, as a mistake is (the costliest
    # inaccuracies are then left out).
    state.plies[red[0]].update(label=None, loss=0.04, reason=None)
    state.plies[red[2]].update(
        label="inaccuracy",
        loss=0.01,
        better=str(state.plies[red[2] - 1]["best"]),
        reason={"code": "allows_forced_win", "move": "a1-b2", "colour": "y"},
    )
    assert [d.ply for d in state.drills(["r"])] == [red[2]]
    assert not state.drills_are_costly(state.drills(["r"]))


def test_line_words_are_unchanged_by_the_costliest() -> None:
    entry = Judged(5, "r", "e3-f4", "inaccuracy", "a1-b2", {"code": "better"}, loss=0.12)
    assert line_words("en", entry) == "Move 5, Red: e3-f4, inaccuracy. Better: a1-b2."


def test_a_team_s_mistakes_are_its_people_s_drills() -> None:
    """In a team game a side is two colours ("rb"): a person playing one of them gets
    the side's marked moves as drills."""
    game = Game.new("rb/yg", "L2", seed=5)
    chooser = random.Random(5)
    while len(game.moves) < 8:
        game.push(chooser.choice([m for m in game.legal_moves() if "?" not in str(m)]))
    state = ReviewState(game)
    state.take({"analysis": Review(game, 30).finish().to_data(), "done": True})
    team = [k for k in range(1, 9) if state.plies[k]["mover"] == "rb"]
    for entry in state.plies[1:]:
        entry.update(label=None, loss=0.0, reason=None)
    state.plies[team[0]].update(
        label="mistake", loss=0.25, better=str(state.plies[team[0] - 1]["best"])
    )
    (drill,) = state.drills(["r"])  # red plays for the team "rb"
    assert drill.ply == team[0]
    assert state.drills(["b", "r"]) == [drill]
    assert state.drills(["y"]) == []


def test_a_cost_past_a_marks_threshold_that_its_play_outs_refused_says_why_it_is_unmarked() -> None:
    game = random_game(40, 3)
    state = ReviewState(game)
    data = Review(game, 60).finish().to_data()
    # As the review leaves a move whose rollouts found no gain they trust: costed past an
    # inaccuracy's threshold, not marked.
    entry = next(e for e in data["plies"][1:] if e["mover"] == "r" and "?" not in e["move"])
    entry.update(
        loss=0.25, label=None, reason=None, better="a1-b2" if entry["move"] != "a1-b2" else "c1-d2"
    )
    entry["roll"] = {"n": 16, "gain": 0.2, "low": -0.01, "loss": 0.3, "label": None, "reason": None}
    state.take({"analysis": data, "done": True})
    judged = {e.ply: e for e in state.judged()}
    told = judged[entry["ply"]]
    assert told.unconfirmed and told.judgement is None
    assert cost_words("en", told).endswith(
        "It is not marked: in many short play-outs, the better move did not clearly do better."
    )
    assert "Ce coup n’est pas marqué : sur de nombreuses suites jouées" in plain(
        cost_words("fr", told)
    )
    # Confirmed (a bound above 0), or too cheap for a mark, or marked: nothing to explain.
    for change in ({"low": 0.01}, {}):
        again = ReviewState(game)
        data["plies"][entry["ply"]]["roll"].update(change)
        data["plies"][entry["ply"]]["loss"] = 0.25 if change else 0.05
        again.take({"analysis": data, "done": True})
        plain_entry = {e.ply: e for e in again.judged()}[entry["ply"]]
        assert not plain_entry.unconfirmed
        assert "not marked" not in cost_words("en", plain_entry)
    marked = Judged(5, "r", "e3-f4", "inaccuracy", "a1-b2", loss=0.12, unconfirmed=True)
    assert "not marked" not in cost_words("en", marked)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_marked_move_s_cost_is_the_fall_its_line_says(lang: str) -> None:
    # Found as a user: "drops Red's winning chances from 18% to 5%" beside "cost you 14%",
    # the loss (0.138) rounded alone.
    entry = Judged(95, "r", "i5-j6", "inaccuracy", "a5-c7", None, loss=0.138, before=0.184)
    line = plain(line_words(lang, entry))
    assert ("from 18% to 5%" if lang == "en" else "de 18 % à 5 %") in line
    cost = plain(cost_words(lang, entry, you=True))
    assert ("cost you 13%" if lang == "en" else "vous a coûté 13 %") in cost
    summary = plain(costly_summary(lang, panel.costliest([entry], "r")))
    assert ("13%" if lang == "en" else "13 %") in summary
    # A win let through from under a point is a blunder of 1%, never of 0%.
    tiny = Judged(7, "r", "c3-d4", "blunder", "a1-b2", None, loss=0.006, before=0.009)
    assert "cost you 1%" in cost_words("en", tiny, you=True)
    # An unmarked cost, said as an estimate, is its loss rounded.
    rough = Judged(9, "r", "c3-d4", None, "a1-b2", None, loss=0.066, before=0.504)
    assert "about 7%" in cost_words("en", rough, you=True)
