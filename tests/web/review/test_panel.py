"""The review in words: reasons, mistakes list, summary, in both languages."""

from __future__ import annotations

import pytest

from derive.web.review.panel import (
    Judged,
    counts,
    line_words,
    mistakes_html,
    progress_words,
    reason_words,
    summary_html,
)

JUDGED = [
    Judged(1, "r", "c1-d2"),
    Judged(2, "y", "j10-i9", "blunder", "b10-c9", {"code": "exposes", "squares": ["e5"]}),
    Judged(3, "r", "d2-e3", "mistake", "b8-c9", {"code": "misses_win", "move": "b8-c9"}),
    Judged(4, "y", "?6", "unlucky"),
    Judged(5, "r", "e3-f4", "inaccuracy", "e3xd2", {"code": "forced_capture", "move": "e3xd2"}),
]


@pytest.mark.parametrize(
    ("reason", "en", "fr"),
    [
        (
            {"code": "exposes", "squares": ["e5", "f6"]},
            "leaves e5, f6 capturable",
            "laisse e5, f6 prenable",
        ),
        ({"code": "misses_win", "move": "b8-c9"}, "misses the win b8-c9", "manque le gain b8-c9"),
        (
            {"code": "forced_capture", "move": "e3xd2"},
            "the obligation forces e3xd2 next",
            "l’obligation force e3xd2 ensuite",
        ),
        (
            {"code": "allows_forced_win", "move": "e7-"},
            "lets the other side force the win with e7-",
            "laisse l’adversaire forcer le gain par e7-",
        ),
        (
            {"code": "better", "move": "a1-b2"},
            "a1-b2 keeps more chances",
            "a1-b2 garde plus de chances",
        ),
    ],
)
def test_reasons_in_both_languages(reason: dict[str, object], en: str, fr: str) -> None:
    assert reason_words("en", reason) == en
    assert reason_words("fr", reason) == fr


@pytest.mark.parametrize(
    "reason", [None, {}, {"code": "rule.7"}, {"code": "exposes"}, {"code": "better", "move": None}]
)
def test_unknown_or_incomplete_reasons_say_nothing(reason: dict[str, object] | None) -> None:
    assert reason_words("en", reason) == ""


def test_counts_and_summary_per_player() -> None:
    assert counts(JUDGED, "r") == {"inaccuracy": 1, "mistake": 1, "blunder": 0}
    assert counts(JUDGED, "y") == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    html = summary_html("en", "ry", JUDGED, {"r": 3, "y": None})
    assert (
        "<strong>Red</strong> 1 inaccuracies, 1 mistakes, 0 blunders. Turning point: move 3."
        in html
    )
    assert "<strong>Yellow</strong> 0 inaccuracies, 0 mistakes, 1 blunders.</li>" in html
    assert "None" not in html


def test_mistakes_list_names_the_better_move_and_why_but_not_for_luck() -> None:
    assert line_words("en", JUDGED[1]) == (
        "Move 2, Yellow: j10-i9, blunder. Better: b10-c9. (leaves e5 capturable)"
    )
    assert line_words("fr", JUDGED[3]) == "Coup 4, Jaune : ?6, lancer malchanceux."
    plain = Judged(6, "y", "c9-d8", "mistake", "b8-c9", {"code": "better", "move": "b8-c9"})
    assert line_words("en", plain) == "Move 6, Yellow: c9-d8, mistake. Better: b8-c9."
    html = mistakes_html("en", JUDGED, current=3)
    assert html.count("<li") == 4  # the good move 1 is not listed
    assert 'data-review-ply="3" aria-pressed="true"' in html
    assert 'data-review-ply="1"' not in html
    assert mistakes_html("en", JUDGED[:1]) == '<p class="review-none">No mistakes found.</p>'


def test_progress() -> None:
    assert progress_words("en", 3, 61) == "Reviewing: 3 of 61 positions"
    assert progress_words("fr", 61, 61) == "Analyse terminée"
