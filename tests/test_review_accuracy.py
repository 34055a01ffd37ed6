"""Accuracy per player (derive/ai/review.py ``accuracy``), on hand-made analyses: the
lichess curve of the win chance each move gave away, and what the summary says of it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from derive.ai.review import Analysis, accuracy, move_accuracy
from derive.web.review.panel import Judged, accuracy_of, summary_html
from tests.web_helpers import html_text


def _analysis(moves: list[tuple[str, float]]) -> Analysis:
    """An analysis of moves by ``(mover, loss)``, red and yellow; chances are not read."""
    plies: list[dict[str, Any]] = [{"ply": 0, "chances": {"r": 0.5, "y": 0.5}}]
    for k, (mover, loss) in enumerate(moves, 1):
        plies.append(
            {"ply": k, "chances": {"r": 0.5, "y": 0.5}, "mover": mover, "move": "pass"}
            | {"loss": loss, "label": None}
        )
    return Analysis(600, plies)


def test_a_move_that_gives_nothing_away_scores_100_and_the_curve_falls() -> None:
    assert move_accuracy(0.0) == 100.0
    figures = [move_accuracy(loss) for loss in (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)]
    assert figures == sorted(figures, reverse=True)
    assert 80 < move_accuracy(0.05) < 85  # lichess: a 5-point drop is about 82
    assert move_accuracy(1.0) == 0.0 and move_accuracy(2.0) == 0.0
    assert accuracy([]) is None


def test_a_flawless_player_is_near_100() -> None:
    moves = [("r", 0.0), ("y", 0.0)] * 15 + [("r", 0.01), ("y", 0.0)]
    figures = _analysis(moves).accuracy()
    assert figures["y"] == 100.0
    assert figures["r"] > 99


def test_a_player_who_throws_away_a_won_game_is_low() -> None:
    # Yellow plays the best move 19 times, then gives a won game away in one move.
    thrown = [("r", 0.02), ("y", 0.0)] * 19 + [("r", 0.03), ("y", 0.85)]
    figures = _analysis(thrown).accuracy()
    assert figures["y"] < 60  # the plain mean would be 95: the harmonic mean tells
    assert figures["r"] > 85
    # Losing it slowly, a little every move, is low too.
    slow = [("r", 0.0), ("y", 0.06)] * 20
    assert _analysis(slow).accuracy()["y"] < 85
    assert _analysis(slow).accuracy()["r"] == 100.0


@pytest.mark.parametrize(
    ("lang", "red", "about"),
    [
        (
            "en",
            "Accuracy: 56 out of 100.",
            "Accuracy says how close a player's moves came to the best move found",
        ),
        (
            "fr",
            "Précision : 56 sur 100.",
            "La précision dit à quel point les coups d’un joueur approchent du meilleur",
        ),
    ],
)
def test_the_summary_gives_each_players_accuracy_and_says_what_it_is(
    lang: str, red: str, about: str
) -> None:
    judged = [Judged(2 * k + 1, "r", "c1-d2", loss=0.0) for k in range(19)]
    judged += [Judged(2 * k + 2, "y", "j10-i9", loss=0.01) for k in range(19)]
    judged.append(Judged(39, "r", "d2-e3", "blunder", loss=0.8, before=0.9, chance=0.1))
    html = summary_html(lang, "ry", judged)
    text = html_text(html)
    rows = [html_text(row) for row in html.split("</li>")[:2]]
    assert red in rows[0]
    assert accuracy_of(judged, "y", 2) == 97 and ("97" in rows[1])
    # The same moves among three count for more: a fair chance is a third, not a half.
    among_three = accuracy_of(judged, "y", 3)
    assert among_three is not None and among_three < 97
    assert f"{among_three} " in html_text(summary_html(lang, "ryb", judged))
    assert about in text and text.count(about) == 1  # said once, under the lines
    assert not re.search(r"\b(loss|None|0\.\d)", text)  # players' words, no values


def test_a_player_who_gave_anything_away_is_never_told_100() -> None:
    # One inaccuracy in a long game: the mean rounds to 100, which the explanation
    # promises only to a player who gave nothing away.
    judged = [Judged(2 * k + 2, "y", "j10-i9", loss=0.0) for k in range(116)]
    judged.append(Judged(234, "y", "d2-e3", "inaccuracy", loss=0.11, before=0.6, chance=0.49))
    assert accuracy_of(judged, "y", 2) == 99
    assert accuracy_of(judged[:-1], "y", 2) == 100  # nothing given away
    assert accuracy_of([*judged[:-1], Judged(1, "y", "a1-b2", loss=0.004)], "y", 2) == 100
    text = html_text(summary_html("fr", "ry", judged))
    assert "Précision : 99 sur 100." in text


def test_no_figure_and_no_explanation_before_any_move_is_judged() -> None:
    html = summary_html("en", "ry", [])
    assert "Accuracy" not in html and "review-accuracy" not in html


def test_judge_levels_rotates_the_seats_and_names_each_moves_level() -> None:
    from tools.judge_levels import judged, seated

    levels = ["medium", "random", "easy"]
    assert seated(levels, "rby", 0) == {"r": "medium", "b": "random", "y": "easy"}
    assert seated(levels, "rby", 1) == {"r": "random", "b": "easy", "y": "medium"}
    moves = judged((0, "rby", ["random", "random", "easy"], "L2", 1, 12))
    assert len(moves) == 12
    assert {level for level, _, _ in moves} == {"random", "easy"}
    assert all(0.0 <= loss <= 1.0 for _, loss, _ in moves)
