"""The review in words: reasons, mistakes list, summary, in both languages."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from typing import Any

import pytest

from derive.web.review.panel import (
    Judged,
    better_sentence,
    better_words,
    cost_words,
    costliest,
    costly_html,
    counts,
    does_words,
    line_parts,
    line_words,
    mistakes_html,
    progress_words,
    reason_words,
    repeats,
    summary_html,
)
from derive.web.words import i18n
from tests.web_helpers import html_text, plain

CAPTURE_E5 = {
    "code": "allows_capture",
    "move": "f6xe5",
    "colour": "r",
    "taken": {"square": "e5", "colour": "y", "value": 4},
    "does": [
        {"fact": "step", "from": "e5", "to": "d4", "rows": 1},
        {"fact": "safe", "square": "d4", "value": 4},
    ],
}
MISSED_WIN = {
    "code": "misses_win",
    "move": "c7-b8",
    "does": [
        {"fact": "step", "from": "c7", "to": "b8", "rows": 1},
        {"fact": "wins", "chain": ["b8", "a9", "b10"], "goal": 3},
    ],
}
JUDGED = [
    Judged(1, "r", "c1-d2", before=0.5, chance=0.48, loss=0.02),
    Judged(2, "y", "j10-i9", "blunder", "e5xd4", CAPTURE_E5, loss=0.35, before=0.6, chance=0.25),
    Judged(3, "r", "d2-e3", "mistake", "c7-b8", MISSED_WIN, loss=0.22, before=1.0, chance=0.78),
    Judged(4, "y", "d10?6", None, None, None, "unlucky", luck_by=-0.4, before=0.5, chance=0.1),
    Judged(
        5,
        "r",
        "e3-f4",
        "inaccuracy",
        "a1-b2",
        {"code": "better", "move": "a1-b2"},
        loss=0.12,
        before=0.4,
    ),
    Judged(
        6,
        "r",
        "b2?3",
        "mistake",
        "a1-b2",
        None,
        "unlucky",
        loss=0.2,
        luck_by=-0.15,
        before=0.6,
        chance=0.25,
    ),
]


@pytest.mark.parametrize(
    ("reason", "en", "fr"),
    [
        (
            CAPTURE_E5,
            "lets Red capture the 4 on e5",
            "permet à Rouge de prendre le 4 en e5",
        ),
        (
            {**CAPTURE_E5, "code": "forced_capture"},
            "lets Red capture the 4 on e5",
            "permet à Rouge de prendre le 4 en e5",
        ),
        (MISSED_WIN, "misses a win in one", "laisse passer une victoire immédiate"),
        (
            {"code": "allows_win", "move": "f4-e3", "colour": "y"},
            "lets Yellow win at once",
            "permet à Jaune de gagner aussitôt",
        ),
        (
            {"code": "allows_forced_win", "move": "e7-", "colour": "r"},
            "lets Red force a win",
            "permet à Rouge de forcer la victoire",
        ),
        (
            {"code": "misses_win", "move": "d6-e7", "in": 2},
            "misses a forced win",
            "laisse passer une victoire forcée",
        ),
        (
            {
                "code": "exposes",
                "squares": ["d6"],
                "dice": [{"square": "d6", "colour": "r", "value": 3}],
            },
            "leaves the 3 on d6 open to capture",
            "laisse le 3 en d6 à portée de prise",
        ),
        (
            {"code": "exposes", "squares": ["d6", "e5", "f4"]},
            "leaves d6, e5 and f4 open to capture",
            "laisse d6, e5 et f4 à portée de prise",
        ),
        (
            {
                "code": "misses_capture",
                "move": "d4xe5",
                "taken": {"square": "e5", "colour": "y", "value": 2},
            },
            "misses capturing the yellow 2 on e5",
            "laisse passer la prise du 2 jaune en e5",
        ),
    ],
)
def test_what_the_move_allowed_or_missed_in_both_languages(
    reason: dict[str, Any], en: str, fr: str
) -> None:
    assert reason_words("en", reason) == en
    assert reason_words("fr", reason) == fr


def test_without_a_named_reason_the_chances_say_what_it_cost() -> None:
    move = Judged(5, "b", "e3-f4", "mistake", "a1-b2", {"code": "better"}, loss=0.23, before=0.6)
    assert reason_words("en", move.reason, move) == (
        "lowers Blue's chance of winning from 60% to 37%"
    )
    assert plain(reason_words("fr", move.reason, move)) == (
        "fait tomber les chances de gain de Bleu de 60 % à 37 %"
    )
    # An analysis kept before the words came: its old reasons are said the same way.
    old = Judged(5, "b", "e3-f4", "mistake", "a1-b2", {"code": "allows_win", "move": "c3-d4"})
    assert reason_words("en", old.reason, move) != ""


@pytest.mark.parametrize(
    "reason",
    [
        None,
        {},
        {"code": "rule.7"},
        {"code": "exposes"},
        {"code": "allows_capture", "colour": "y", "taken": {"square": "e5"}},
        {"code": "allows_win", "colour": "purple"},
        {"code": "misses_capture", "taken": {"square": "e5", "colour": "y", "value": "2"}},
    ],
)
def test_unknown_or_incomplete_reasons_say_nothing(reason: dict[str, object] | None) -> None:
    assert reason_words("en", reason) == ""


def test_what_the_better_move_does_in_players_words() -> None:
    assert does_words("en", CAPTURE_E5["does"]) == (
        "steps from e5 to d4, 1 row nearer the goal rive and puts the die out of reach"
    )
    assert does_words("fr", CAPTURE_E5["does"]) == (
        "avance de e5 en d4, 1 rangée plus près de la rive opposée et met le dé hors de portée"
    )
    assert does_words("en", MISSED_WIN["does"]) == (
        "steps from c7 to b8, 1 row nearer the goal rive and wins at once with the chain b8–a9–b10"
    )
    more = [
        {"fact": "capture", "square": "e5", "colour": "y", "value": 2},
        {"fact": "stops_win", "colours": ["y"]},
        {"fact": "forms", "length": 3},
    ]
    assert does_words("en", more) == (
        "captures the yellow 2 on e5, stops Yellow from winning next turn and makes a "
        "well-formed chain of 3"
    )
    assert does_words("fr", more) == (
        "prend le 2 jaune en e5, empêche Jaune de gagner au tour suivant et constitue une "
        "chaîne bien formée de 3 dés"
    )
    holds = [
        {"fact": "jump", "from": "g5", "to": "e3", "rows": 2},
        {"fact": "holds", "colours": ["r"]},
    ]
    assert does_words("en", holds) == (
        "jumps from g5 to e3, 2 rows nearer the goal rive and keeps Red from forcing a win"
    )
    assert does_words("fr", holds) == (
        "saute de g5 en e3, 2 rangées plus près de la rive opposée et empêche Rouge de forcer "
        "la victoire"
    )
    forces = [{"fact": "step", "from": "d6", "to": "e7", "rows": 1}, {"fact": "forces"}]
    assert (
        does_words("en", forces)
        == "steps from d6 to e7, 1 row nearer the goal rive and forces the win"
    )
    assert does_words("fr", forces) == (
        "avance de d6 en e7, 1 rangée plus près de la rive opposée et force la victoire"
    )
    holds.append({"fact": "hangs"})
    assert does_words("en", holds).endswith(
        "and keeps Red from forcing a win, though the die can then be taken"
    )
    jump = [{"fact": "jump", "from": "b2", "to": "d4", "rows": 2}, {"fact": "hangs"}]
    assert does_words("en", jump) == (
        "jumps from b2 to d4, 2 rows nearer the goal rive, though the die can then be taken"
    )
    assert does_words("fr", jump) == (
        "saute de b2 en d4, 2 rangées plus près de la rive opposée, même si le dé peut alors "
        "être pris"
    )
    # a step goes any way diagonally: one back is not an advance
    back = [{"fact": "step", "from": "i3", "to": "h4", "rows": -1}]
    assert does_words("en", back) == "steps back from i3 to h4"
    assert does_words("fr", back) == "recule de i3 en h4"
    away = [{"fact": "jump", "from": "e5", "to": "c3", "rows": -2}]
    assert does_words("en", away) == "jumps from e5 to c3, 2 rows farther from the goal rive"
    assert does_words("fr", away) == "saute de e5 en c3, 2 rangées plus loin de la rive opposée"
    assert does_words("fr", [{"fact": "enter", "square": "b10"}]) == (
        "fait entrer un nouveau dé en b10"
    )
    assert does_words("en", [{"fact": "adjust", "square": "c3", "value": 5}]) == (
        "turns c3 into a 5"
    )
    assert does_words("en", [{"fact": "step", "from": "c3"}, {"fact": "warp"}]) == ""
    assert does_words("en", None) == ""


def test_a_listed_move_says_why_and_what_the_better_move_does() -> None:
    assert line_words("en", JUDGED[1]) == (
        "Move 2, Yellow: j10-i9, blunder: lets Red capture the 4 on e5. Better: e5xd4."
        " It steps from e5 to d4, 1 row nearer the goal rive and puts the die out of reach."
    )
    assert plain(line_words("fr", JUDGED[2])) == (
        "Coup 3, Rouge : d2-e3, erreur : laisse passer une victoire immédiate. Mieux : c7-b8."
        " Ce coup avance de c7 en b8, 1 rangée plus près de la rive opposée et gagne aussitôt"
        " avec la chaîne b8–a9–b10."
    )
    assert plain(line_words("fr", JUDGED[3])) == "Coup 4, Jaune : d10?6, lancer malchanceux."
    # The better move named first, alone before a full stop, as the board's arrow names it.
    for entry in JUDGED:
        if entry.judgement and entry.best:
            assert f"Better: {entry.best}." in line_words("en", entry)
    # A re-roll both ill chosen and unlucky: both said.
    assert line_words("en", JUDGED[5]).startswith("Move 6, Red: b2?3, mistake, unlucky roll")


def test_a_better_re_roll_ends_its_sentence_with_its_own_question_mark() -> None:
    reroll = [{"fact": "reroll", "square": "d4"}]
    entry = Judged(5, "y", "d2-e3", "inaccuracy", loss=0.13, best="d4?", reason={"does": reroll})
    assert better_words("en", entry) == "Better: d4? It re-rolls d4."
    assert plain(better_words("fr", entry)) == "Mieux : d4? Ce coup relance le dé de d4."
    assert better_sentence("en", "d4?") == "Better: d4?"
    assert plain(better_sentence("fr", "e5-d4")) == "Mieux : e5-d4."
    assert "?." not in line_words("en", entry) + cost_words("fr", entry)


def test_no_line_is_notation_alone_nor_a_rule_id_nor_python() -> None:
    for lang in ("en", "fr"):
        for entry in JUDGED:
            if not (entry.judgement or entry.luck):
                continue
            words = line_words(lang, entry)
            # A quote not inside a word is Python's ('c3'); "Red's" is English.
            python = r"None|\{|\}|\[|\]|(?<![A-Za-z])'|'(?![A-Za-z])"
            assert not re.search(r"\bR\d+\b|" + python, words), words
            if entry.judgement:
                # After the notation, a sentence: what went wrong, or what the move cost.
                assert re.search(r"[:,] \w+ \w+", words.split(". ")[0]), words


def test_plurals_are_the_languages_own() -> None:
    one = [Judged(1, "r", "c1-d2", "blunder", "a1-b2", None, loss=0.4, before=0.5)]
    html = summary_html("en", "ry", one, {"r": 1, "y": None})
    assert "0 inaccuracies, 0 mistakes, 1 blunder." in html
    assert "1 blunders" not in html
    fr = summary_html("fr", "ry", one + [Judged(3, "r", "d2-e3", "blunder", loss=0.3)])
    assert "0 imprécision, 0 erreur, 2 gaffes." in fr
    assert "1 gaffes" not in fr and "0 blunders" in summary_html("en", "y", one)


def test_counts_are_what_the_list_shows_with_luck_apart() -> None:
    assert counts(JUDGED, "r") == {
        "inaccuracy": 1,
        "mistake": 2,
        "blunder": 0,
        "lucky": 0,
        "unlucky": 1,
    }
    assert counts(JUDGED, "y") == {
        "inaccuracy": 0,
        "mistake": 0,
        "blunder": 1,
        "lucky": 0,
        "unlucky": 1,
    }
    listed = mistakes_html("en", JUDGED)
    for colour in "ry":
        found = counts(JUDGED, colour)
        name = {"r": "Red", "y": "Yellow"}[colour]
        for kind in found:
            shown = len(
                re.findall(
                    rf'class="[^"]*review-{kind}\b[^>]*><button[^>]*><span class="review-lead">'
                    rf"Move \d+, {name}:",
                    listed,
                )
            )
            assert shown == found[kind], (colour, kind)
    html = summary_html("en", "ry", JUDGED, {"r": 3, "y": 4})
    red, yellow = (html_text(part) for part in html.split("</li>")[:2])
    assert "1 inaccuracy, 2 mistakes, 0 blunders. Dice luck, counted apart: 1 unlucky roll." in red
    assert "0 inaccuracies, 0 mistakes, 1 blunder. Dice luck, counted apart: 1 unlucky roll." in (
        yellow
    )
    fr = html_text(summary_html("fr", "y", JUDGED))
    assert "Hasard des dés, compté à part : 1 lancer malchanceux." in fr


def test_the_turning_point_says_what_happened_as_the_list_does() -> None:
    html = html_text(summary_html("en", "ry", JUDGED, {"r": 6, "y": 4}))
    assert (
        "Turning point: move 6, a mistake that lowers Red's chance of winning from 60% to" in html
    )
    assert (
        "Turning point: move 4, an unlucky roll: it left Yellow a 10% chance of winning,"
        " against 50% on average." in html
    )
    fr = html_text(summary_html("fr", "ry", JUDGED, {"r": 6, "y": 4}))
    assert "Tournant : coup 6, une erreur qui " in fr
    assert (
        "Tournant : coup 4, un lancer malchanceux : il laisse à Jaune 10 % de chances"
        " de gain, contre 50 % en moyenne." in fr
    )
    # The costliest move that turned the game: named once, with its cost and what it was.
    red = html_text(summary_html("en", "ry", JUDGED, {"r": 3}).split("</li>")[0])
    assert red.count("move 3") == 1 and "Turning point" not in red
    assert (
        "3 costliest moves named below, the worst at move 3: 22% of the winning chances, the"
        " turning point: a mistake that misses a win in one." in red
    )
    rouge = html_text(summary_html("fr", "ry", JUDGED, {"r": 3}).split("</li>")[0])
    assert (
        "le pire au coup 3 : 22 % des chances de gain, le tournant : une erreur qui laisse"
        " passer une victoire immédiate." in plain(rouge)
    )
    assert rouge.count("coup 3") == 1 and "Tournant" not in rouge
    # A ply the list does not show (or another player's) is never named.
    quiet = html_text(summary_html("en", "ry", JUDGED, {"r": 1, "y": 3}))
    assert "Turning point" not in quiet


def test_the_list_marks_each_listed_move_and_only_those() -> None:
    html = mistakes_html("en", JUDGED, current=3)
    assert html.count("<li") == 5  # the good move 1 is not listed
    assert 'data-review-ply="3" aria-pressed="true"' in html
    assert 'data-review-ply="1"' not in html
    assert '<li class="review-mistake review-unlucky">' in html
    assert mistakes_html("en", JUDGED[:1]) == '<p class="review-none">No mistakes found.</p>'


LETS = {"code": "allows_forced_win", "move": "f6-e7", "colour": "r"}
MISSES = {"code": "misses_win", "move": "f6-e7", "in": 2}
PING_PONG = [
    Judged(93, "y", "+d10", "blunder", "g9-f8", LETS),
    Judged(94, "r", "a1-a5", "blunder", "f6-e7", MISSES),
    Judged(95, "y", "b4+", "blunder", "h10-f8", LETS),
    Judged(96, "r", "a5-b6", "blunder", "f6-e7", MISSES),
    Judged(97, "y", "b4-c5", "blunder", "g9-f8", LETS),
    Judged(98, "r", "b6+", "blunder", "f6-e7", MISSES),
    Judged(99, "y", "c5-c4"),  # not marked: Yellow's run ends
    Judged(100, "r", "b6-a7", "blunder", "f6-e7", MISSES),
    Judged(101, "y", "c4-b4", "blunder", "g9-f8", LETS),
]


def _read(html: str) -> str:
    """``html``'s words, its tags dropped (``html_text`` spaces them)."""
    return plain(unescape(re.sub(r"<[^>]+>", "", html)))


def test_a_fault_repeated_turn_after_turn_is_listed_once_each_repeat_a_tap_away() -> None:
    """On an arena game Red let Yellow the same forced win through sixteen times and
    Yellow missed it seventeen: the list said so in 33 lines, near copies of each other."""
    runs = repeats(PING_PONG)
    assert {first: [e.ply for e in run] for first, run in runs.items()} == {
        93: [95, 97],
        94: [96, 98, 100],
    }
    html = mistakes_html("en", PING_PONG, current=98)
    assert html.count("<li") == 3  # 93 and its repeats, 94 and its repeats, 101
    for ply in (93, 94, 95, 96, 97, 98, 100, 101):
        assert html.count(f'data-review-ply="{ply}"') == 1, ply
    assert 'data-review-ply="98" aria-pressed="true"' in html
    # a repeat's button is named for a screen reader going from button to button
    assert (
        'aria-label="Move 96 (a5-b6): the same blunder again">96 (<span class="move">a5-b6'
        "</span>)<" in html
    )
    french_names = plain(unescape(mistakes_html("fr", PING_PONG)))
    assert (
        'aria-label="Coup 96 (a5-b6) : la même gaffe">96 (<span class="move">a5-b6</span>)<'
        in french_names
    )
    words = _read(html)
    assert "Move 93, Yellow: +d10, blunder: lets Red force a win." in words
    assert "The same blunder again at moves 95 (b4+) and 97 (b4-c5)." in words
    assert "The same blunder again at moves 96 (a5-b6), 98 (b6+) and 100 (b6-a7)." in words
    assert "Move 101, Yellow: c4-b4" in words and "Move 95," not in words
    french = _read(mistakes_html("fr", PING_PONG))
    assert "La même gaffe aux coups 96 (a5-b6), 98 (b6+) et 100 (b6-a7)." in french
    one = _read(mistakes_html("fr", PING_PONG[:3]))
    assert "La même gaffe au coup 95 (b4+)." in one
    assert "The same blunder again at move 95 (b4+)." in _read(mistakes_html("en", PING_PONG[:3]))


def test_the_costliest_moves_name_a_repeated_fault_once() -> None:
    """Red's three costliest were a win missed at move 64, then the one it missed again
    and again, at moves 96 and 100."""
    costs = {94: 0.10, 96: 0.20, 98: 0.05, 100: 0.16}
    judged = [
        Judged(64, "r", "f8-e7", "blunder", "f8xe9", {**MISSES, "move": "f8xe9"}, loss=0.22),
        *(replace(entry, loss=costs.get(entry.ply, 0.0)) for entry in PING_PONG),
    ]
    assert [entry.ply for entry in costliest(judged, "r")] == [64, 96]
    words = html_text(costly_html("en", "r", judged))
    assert "Move 96: a5-b6 cost Red 20%" in words and "Move 100" not in words


@pytest.mark.parametrize(
    "second",
    [
        Judged(95, "y", "b4+", "mistake", "h10-f8", LETS),  # another grade
        Judged(95, "y", "b4+", "blunder", "h10-f8", {**LETS, "move": "f6-e5"}),  # another win
        Judged(95, "y", "b4?", "blunder", "h10-f8", LETS, luck="lucky"),  # a roll's luck
        Judged(95, "y", "b4+", "blunder", "h10-f8", None),
    ],
)
def test_only_the_same_fault_on_the_next_turn_is_a_repeat(second: Judged) -> None:
    assert repeats([PING_PONG[0], second]) == {}
    assert html_text(mistakes_html("en", [PING_PONG[0], second])).count("Move ") == 2


@pytest.mark.parametrize(
    "reason",
    [
        {"code": "better", "move": "g9-f8"},  # its own figures: "from 52% to 32%"
        {"code": "exposes", "squares": ["e5"], "dice": []},
    ],
)
def test_a_reason_of_its_own_is_never_the_same_again(reason: dict[str, object]) -> None:
    first = Judged(93, "y", "+d10", "inaccuracy", "g9-f8", reason)
    again = Judged(95, "y", "b4+", "inaccuracy", "g9-f8", reason)
    assert repeats([first, Judged(94, "r", "a1-a5"), again]) == {}


def test_progress() -> None:
    assert progress_words("en", 3, 61) == "Reviewing: position 3 of 61"
    assert plain(progress_words("fr", 1, 61)) == "Analyse : position 1 sur 61"
    assert progress_words("fr", 61, 61) == "Analyse terminée"
    assert progress_words("en", 61, 61, finished=False) == (
        "Looking deeper at the moves that mattered"
    )


def test_a_listed_move_underlines_its_first_sentence_only() -> None:
    """A whole paragraph underlined was hard to read on a phone: the button's first
    sentence (the move and what was wrong) reads as its link, the better move after it as
    text, and the whole is still one button."""
    entry = JUDGED[1]
    assert entry.best
    head, rest = line_parts("en", entry)
    assert rest.startswith(f"Better: {entry.best}.")
    item = re.search(r"<button[^>]*>(.*?)</button>", mistakes_html("en", [entry]))
    assert item is not None
    # Each move's notation kept on one line (a phone broke "f2-g3" after its hyphen).
    lead, after = i18n.moves_html(head), i18n.moves_html(rest)
    assert item.group(1) == f'<span class="review-lead">{lead}</span> {after}'
    assert f'<span class="move">{entry.best}</span>' in after
    costly = costly_html("en", "y", [entry])
    assert '<span class="review-lead">Move 2: ' in costly, costly
    assert html_text(costly).count("Better: ") == 1
