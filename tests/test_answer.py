"""A drill's other good moves (``ai.answer``): what "find a better move" accepts beside
the move the review named, on positions where the right and wrong answers are known.

``BLOCK`` is the review's hand-made position (``test_review.py``): Red's e5+ lets Yellow
win at once with b4-c3, and b2-c3, the only block, is the better move.  The other two
come from seeded L2 games between ``easy`` and ``medium`` (seed 4020, the review's
held-out games): in ``HOLDS`` the review named e3-c5 after d4-c5, and both let Yellow win
in two with e5-f4 whatever Red answers, while five moves hold; in ``TWIN`` the review
named i3-h4 after i3-, and i3-j4 is its mirror."""

from __future__ import annotations

import pytest

from derive import Game
from derive.ai.answer import Judge
from derive.notation import Move
from derive.puzzles import forces_win, winning_moves
from tests.helpers import MISSED_IN_TWO

BLOCK = "r1a1,y3c1,r1g1,r2b2,y2d2,y1b4,r3e5,r3h6,r2h8,y3j8,y5b10,y1f10,y1h10 r ry L2"
HOLDS = "r3a1,r4e1,y2i1,y3h2,r3e3,r1d4,y4e5,r2i7,y1b8,y1b10,y2d10,y1h10 r ry L2"
TWIN = "r4a1,r1c1,r1c3,r4i3,r3g5,y2j6,y3i7,y1e9 r ry L2"


def verdicts(judge: Judge, position: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for move in Game.from_position(position).legal_moves():
        found.setdefault(judge.answer(str(move)).verdict, []).append(str(move))
    return found


def test_where_one_move_blocks_a_win_every_other_lets_it_through_and_says_how() -> None:
    judge = Judge(BLOCK, "b2-c3", "e5+")
    found = verdicts(judge, BLOCK)
    assert found["named"] == ["b2-c3"] and found["played"] == ["e5+"]
    assert set(found) == {"named", "played", "lets_win", "luck"}
    assert all(move.endswith("?") for move in found["luck"])  # a re-roll is luck
    answer = judge.answer("+e1")
    assert not answer.right and answer.colour == "y" and answer.reply in ("b4-c3", "b4xc3")
    after = Game.from_position(BLOCK)
    after.play("+e1")
    assert answer.reply in [str(m) for m in winning_moves(after)]


def test_a_move_that_holds_where_the_named_one_lets_a_win_in_two_through_is_right() -> None:
    judge = Judge(HOLDS, "e3-c5", "d4-c5")
    found = verdicts(judge, HOLDS)
    assert found["holds"] == ["e1-f2", "e3-d2", "e3-f2", "e3+", "d4-f2"]
    assert judge.answer("e3-f2").right and judge.answer("e3-f2").colour == "y"
    # As much let through as the named move, while a move holds: wrong, and said.
    forced = judge.answer("a1-b2")
    assert forced.verdict == "lets_forced" and not forced.right
    after = Game.from_position(HOLDS)
    after.play("a1-b2")
    assert forced.reply == "e5-f4" and forces_win(after, Move.parse("e5-f4"), "y")
    assert judge.answer("e3-f4").verdict == "lets_win"
    assert "as_good" not in found and "weaker" not in found


def test_the_mirror_of_the_named_move_is_as_good_and_the_rest_by_the_search() -> None:
    judge = Judge(TWIN, "i3-h4", "i3-")
    found = verdicts(judge, TWIN)
    assert found["as_good"] == ["i3-j4"] and found["played"] == ["i3-"]
    assert len(found["weaker"]) > 10 and not judge.answer("a1-b2").right


def test_the_judge_refuses_a_named_move_that_is_not_a_move_there() -> None:
    with pytest.raises(ValueError):
        Judge(TWIN, "a1-j10", "i3-")
    with pytest.raises(ValueError):
        Judge("not a position", "i3-h4", "i3-")


def test_a_link_that_names_a_re_roll_is_judged_by_its_six_results() -> None:
    judge = Judge(TWIN, "i3?", "i3-")
    assert judge.answer("i3?5").verdict == "named" and judge.answer("i3-").verdict == "played"
    assert judge.answer("i3-h4").verdict in ("as_good", "weaker")


IN_THREE = "y3h4,y2g5,r4d6,r2c9,y1b10,r1d10,y6f10,y1h10,y5j10 y ry L2"
"""Seed 4019, game 9 (held out): Yellow's j10+ let Red win in three with d6-c7, after
which every answer of Yellow's lets a win in two through; the review named b10-d8, one
of the two moves that hold, where its search had chosen g5-i3, which does not."""


def test_where_the_move_played_let_a_win_in_three_through_a_try_that_does_too_is_wrong() -> None:
    judge = Judge(IN_THREE, "b10-d8", "j10+", forcing="d6-c7")
    answer = judge.answer("g5-i3")
    assert answer.verdict == "lets_forced" and (answer.reply, answer.colour) == ("d6-c7", "r")
    assert not answer.right
    assert judge.answer("f10-e9").right  # the other move that holds
    # Without the reply (a drill of another mark, or a link made before), the search's
    # word stands: that is what the reply adds.
    assert Judge(IN_THREE, "b10-d8", "j10+").answer("g5-i3").verdict == "as_good"


def test_a_drill_of_a_forced_win_missed_asks_for_a_move_that_forces_one() -> None:
    # Red's d6-e7 wins in two whatever Yellow answers; the review's search, blind to it,
    # puts it within a point or two of quiet moves, which it would have called as good.
    given = Game.from_position(MISSED_IN_TWO[0])
    given.play(MISSED_IN_TWO[1])
    position = given.to_position()
    judge = Judge(position, "d6-e7", MISSED_IN_TWO[2])
    found = verdicts(judge, position)
    assert found["named"] == ["d6-e7"] and found["played"] == [MISSED_IN_TWO[2]]
    assert set(found) == {"named", "played", "misses_forced", "luck"}
    assert not judge.answer("g1-e3").right
    forcing = [m for m in given.legal_moves() if m.kind != "reroll" and forces_win(given, m, "r")]
    assert [str(m) for m in forcing] == ["d6-e7"]
