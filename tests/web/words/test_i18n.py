"""Words: the two languages agree, every key used exists, and every engine message the
page can show has a French translation (derive.web.words.engine_fr)."""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import re
import string
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from derive import SQUARES, Game, Move, square_name
from derive.ai.hint import reason
from derive.web.learn import lessons
from derive.web.table import share
from derive.web.words import engine_fr, i18n
from tests.web_helpers import plain

ROOT = Path(__file__).resolve().parents[3]
SOURCES = [
    *sorted((ROOT / "derive" / "web").rglob("*.py")),
    ROOT / "index.html",
    ROOT / "tools" / "pages" / "build_puzzles.py",  # the puzzles page's words (w(...))
]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys_and_fields() -> None:
    assert set(i18n.EN) == set(i18n.FR)
    for key, english in i18n.EN.items():
        assert fields(english) == fields(i18n.FR[key]), key


def test_every_key_the_page_uses_exists() -> None:
    used: set[str] = set()
    patterns = [
        r"""\bt\(\s*(?:lang|ctrl\.lang|self\.lang|view\.lang|self\.ctrl\.lang),\s*"([\w.]+)\"""",
        r"""\bself\.t\(\s*"([\w.]+)\"""",
        r"""\bctrl\.t\(\s*"([\w.]+)\"""",
        r"""\bt\("([\w.]+)\"""",
        r"""data-i18n(?:-\w+)?="([\w.]+)\"""",
        r"""\bw\(\s*"([\w.-]+)\"""",
    ]
    # i18n.counted(lang, "key", n): the key's two forms, "key.one" and "key.many".
    counted = r"""\bcounted\(\s*\w+,\s*"([\w.]+)\""""
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for pattern in patterns:
            used.update(re.findall(pattern, text))
    for path in SOURCES:
        for stem in re.findall(counted, path.read_text(encoding="utf-8")):
            used.update((f"{stem}.one", f"{stem}.many"))
    assert len(used) > 60
    missing = sorted(k for k in used if k not in i18n.EN)
    assert missing == []


def test_every_string_is_used() -> None:
    code = "".join(p.read_text(encoding="utf-8") for p in SOURCES if p.name != "i18n.py")
    # built from a letter, an id, a level, a puzzle's theme tag
    dynamic = ("colour.", "rules.L", "level.", "die.owned.", "puzzles.theme.")
    # A count's two forms (i18n.counted): the code names the key without ".one"/".many".
    stems = {key: key.rsplit(".", 1)[0] for key in i18n.EN if key.endswith((".one", ".many"))}
    unused = [
        key
        for key in i18n.EN
        if f'"{key}"' not in code
        and f"'{key}'" not in code
        and f'"{stems.get(key)}"' not in code
        and not key.startswith(dynamic)
    ]
    assert unused == []


@pytest.mark.parametrize(
    ("lang", "count", "words"),
    [
        ("en", 0, "0 blunders"),
        ("en", 1, "1 blunder"),
        ("en", 2, "2 blunders"),
        ("fr", 0, "0 gaffe"),
        ("fr", 1, "1 gaffe"),
        ("fr", 2, "2 gaffes"),
        ("fr", 11, "11 gaffes"),
    ],
)
def test_counted_things_take_each_languages_plural(lang: str, count: int, words: str) -> None:
    assert i18n.counted(lang, "review.count.blunder", count) == words
    assert i18n.singular(lang, count) == (count in ((0, 1) if lang == "fr" else (1,)))


def test_every_counted_key_has_both_forms() -> None:
    for key in i18n.EN:
        stem, _, form = key.rpartition(".")
        if form == "one" and stem.startswith("review."):
            assert f"{stem}.many" in i18n.EN, key


def test_language_choice() -> None:
    assert i18n.language("fr-CA") == "fr"
    assert i18n.language("en-GB") == "en"
    assert i18n.language(None) == i18n.DEFAULT_LANGUAGE
    assert i18n.colour_adjective("fr", "b", feminine=True) == "bleue"
    assert i18n.side("en", "ry") == "Red + Yellow"
    # Who plays whom, written the same on the shelf and in the new-game form.
    assert i18n.sides("fr", ["ry", "bg"]) == "Rouge + Jaune – Bleu + Vert"
    assert i18n.sides("en", "rb") == "Red – Blue"


# ----- engine messages -----------------------------------------------------------------


def _candidates(game: Game) -> list[str]:
    moves = ["pass", "zz", "c3x", "+k1"]
    for s in SQUARES:
        name = square_name(s)
        moves += [f"+{name}", f"+{name}=3", f"{name}+", f"{name}-", f"{name}?"]
    pieces = game.pieces()
    for s in pieces:
        for t in (s + 11, s - 11, s + 9, s - 9, s + 22, s + 40, s - 44):
            if 0 <= t < 100 and t in SQUARES:
                moves += [
                    f"{square_name(s)}-{square_name(t)}",
                    f"{square_name(s)}x{square_name(t)}",
                ]
    return moves


def _positions() -> list[Game]:
    games = []
    rng = random.Random(5)
    for seating, rules in (
        ("ry", "L1"),
        ("ry", "L2"),
        ("rbyg", "L3"),
        ("ry/bg", "L4"),
        ("rby", "L2C"),
        ("rg", "L2A"),
    ):
        game = Game.new(seating, rules, seed=rng.randrange(1000))
        for _ in range(rng.randrange(20, 60)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
            games.append(game.copy())
    # positions the random games rarely reach
    for text in (
        "y2c1,y2b2,r3d2,r1h4 r ry L3",
        "r3d10,r2e9 r ry L2",
        "r1c9 r ry L1",
        "r2c3,b3d4 r ry/bg L2",
        "r6c3,r1e5 r ry L2",
    ):
        games.append(Game.from_position(text))
    over = Game.from_position("r1c9 r ry L1")
    over.play("c9-d10")
    games.append(over)
    return games


def test_every_reason_a_move_is_illegal_is_translated() -> None:
    messages: set[str] = set()
    for game in _positions():
        for text in _candidates(game):
            why = game.why_illegal(text)
            if why:
                messages.add(why)
    assert len(messages) > 40
    untranslated = sorted(m for m in messages if engine_fr.find(m) is None)
    assert untranslated == []
    for message in messages:
        assert engine_fr.translate(message) != message, message


BAD_POSITIONS = [
    "zz",
    "- r ry L9",
    "- r rx L2",
    "- r rr L2",
    "- r r L2",
    "- r ry/b L2",
    "- b ry L2",
    "r9c3 r ry L2",
    "q1c3 r ry L2",
    "b1c3 r ry L2",
    "r1c2 r ry L2",
    "r1c3,r2c3 r ry L2",
    "x r ry L2",
    "r1a3,r1a5 r ry L2",
    "r1b10,y1a1 r ry L1",
    "r1k3 r ry L2",
    ",".join(f"r1{square_name(s)}" for s in SQUARES[:8]) + " r ry L2",
]


def assert_translated(error: pytest.ExceptionInfo[ValueError]) -> None:
    message = str(error.value)
    assert engine_fr.find(message) is not None, message
    assert engine_fr.translate(message) != message
    assert engine_fr.untranslated(message) == [], message  # and every reason it wraps


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_position_errors_are_translated(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        Game.from_position(text)
    assert_translated(caught)


def _record(**changes: object) -> dict[str, object]:
    game = Game.new("ry", "L2", seed=4)
    game.play("+" + square_name(game.legal_moves()[0].to_square))
    record = game.record()
    for key, value in changes.items():
        if key.startswith("setup_"):
            record["setup"][key[6:]] = value
        elif value is None:
            del record[key]
        else:
            record[key] = value
    return record


BAD_RECORDS: list[object] = [
    [1],
    {"format": "other"},
    _record(version="1"),
    _record(version=9),
    _record(setup=None),
    _record(moves=None),
    _record(setup_seed="x"),
    _record(setup_max_plies=0),
    _record(setup_start_roll="r5"),
    _record(setup_start_roll=[{"r": 1, "y": 6}]),
    _record(setup_rule_set="L9"),
    _record(moves=["zz"]),
    _record(moves=[3]),
    _record(moves=["+c2"]),
    _record(result=4),
    _record(result={"winner": "r", "termination": "goal"}),
    # issue 16: mistyped, huge, contradicting and tampered records
    _record(version=0),
    _record(version=10**30),
    _record(version=None),
    _record(setup_seed=1.5),
    _record(setup_seed=-3),
    _record(setup_max_plies=True),
    _record(setup_max_plies=10**9),
    _record(setup_transcribed=[]),
    _record(setup_position="r1c1 " * 300),
    _record(setup_rule_set="L3"),
    _record(setup_rule_set=7),
    _record(setup_seating="x" * 50),
    _record(setup_start_roll=[{"r": 9}]),
    _record(moves=[None]),
    _record(moves=["c3?"] * 6000),
    _record(moves=["c" * 5000]),
    _record(result={"winner": 3, "termination": "goal"}),
    _record(result={"winner": "r", "termination": "resigned"}),
    _record(format=None),
    _record(format=["derive-record"]),
    _record(extra=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
    {"format": "derive-record", "version": 1, "setup": {1: 2}, "moves": []},
    {
        "format": "derive-record",
        "version": 1,
        "setup": {"position": "r3c3,y2f10 r ry L3", "seed": 8},
        "moves": [
            "c3?" + str(7 - Game.from_position("r3c3,y2f10 r ry L3", seed=8).play("c3?").value)
        ],
    },
    {
        "format": "derive-record",
        "version": 1,
        "setup": {"position": "- y ry L2", "start_roll": [{"r": 6, "y": 1}]},
        "moves": [],
    },
]


@pytest.mark.parametrize("data", BAD_RECORDS)
def test_record_errors_are_translated(data: object) -> None:
    with pytest.raises(ValueError) as caught:
        Game.from_record(data)
    assert_translated(caught)


@pytest.mark.parametrize(
    "text",
    [
        "hello",
        '[Format "derive-record x"]',
        '[Format "derive-record 1"]\n[Seed "q"]',
        '[Format "derive-record 1"]\n[StartRoll "r9"]',
        '[Format "derive-record 1"]\n[Transcribed "-1"]',
        '[Format "derive-record 1"]\n[Seed "' + "9" * 5000 + '"]',
        '[Format "derive-record 1"]\n' + "c1+ " * 6000,
        '[Format "derive-record 1"]\n' + "x" * 600_000,
    ],
)
def test_text_form_errors_are_translated(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        Game.from_text(text)
    assert_translated(caught)


def _code(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def _contradicting_code() -> str:
    """A share code whose rule set contradicts its position (issue 16)."""
    record = Game.from_position("r3c3,y2f10 r ry L3", seed=8).record()
    record["setup"]["rule_set"] = "L2"
    return _code(json.dumps(record))


@pytest.mark.parametrize(
    "code",
    [
        "",
        "a" * 70_000,
        "@@",
        "bm90IHpsaWI",
        _code("[" * 100_000 + "]" * 100_000),
        _code('{"a":' * 50_000 + "1" + "}" * 50_000),
        _code(" " * 5_000_000),
        _code("{oops"),
        _contradicting_code(),
    ],
)
def test_share_code_errors_are_translated(code: str) -> None:
    with pytest.raises(ValueError) as caught:
        share.decode(code)
    assert_translated(caught)


def test_the_contradicting_rule_set_reads_in_french() -> None:
    with pytest.raises(ValueError) as caught:
        share.decode(_contradicting_code())
    assert plain(engine_fr.translate(str(caught.value))) == (
        "setup : « rule_set » vaut « L2 » mais la position dit « L3 »"
    )


@pytest.mark.parametrize(
    "text",
    [
        "{oops",
        '{"a": NaN}',
        "{" + '"a":[' * 40 + "]" * 40 + "}",
        '{"format": "derive-record", "version": ' + "1" * 200 + "}",
        '{"a": "\\x"}',
        '{"a": 1} 2',
        '{"a": "\u0001"}',
    ],
)
def test_file_errors_are_translated(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        share.load_file(text)
    assert_translated(caught)


def test_a_chosen_roll_in_live_play_is_translated() -> None:
    game = Game.from_position("r3c3,y2f10 r ry L3")
    with pytest.raises(ValueError) as caught:
        game.play("c3?6", live=True)
    assert_translated(caught)
    assert plain(engine_fr.translate(str(caught.value))) == (
        "le résultat d’une relance est tiré au dé, pas choisi : jouez c3?"
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game.new(5),  # type: ignore[arg-type]
        lambda: Game.new("ry", None),  # type: ignore[arg-type]
        lambda: Game.new("ry", "L2", start=3),  # type: ignore[arg-type]
        lambda: Game.new("ry", "L2", seed="x"),  # type: ignore[arg-type]
        lambda: Game.new("ry", "L2", max_plies="3"),  # type: ignore[arg-type]
        lambda: Game.from_position(7),  # type: ignore[arg-type]
        lambda: Game.from_position("r1c" + "1" * 9 + " r ry L2"),
        lambda: Move.parse(None),  # type: ignore[arg-type]
    ],
)
def test_argument_errors_are_translated(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError) as caught:
        call()
    assert_translated(caught)


def test_nested_messages_translate_both_levels() -> None:
    message = "move 3 (c1-d2): c1 does not touch d2"
    assert plain(engine_fr.translate(message)) == "coup 3 (c1-d2) : c1 ne touche pas d2"


def test_unknown_messages_pass_through() -> None:
    assert engine_fr.translate("something new") == "something new"


# ----- the AI's hint reasons --------------------------------------------------------------


def test_every_hint_reason_clause_is_translated() -> None:
    clauses: set[str] = set()
    for game in _positions()[::4]:
        if game.is_over:
            continue
        for move in game.legal_moves()[:40]:
            clauses.update(reason(game, move).split(", "))
    assert len(clauses) > 20
    untranslated = sorted(
        c for c in clauses if not any(p.fullmatch(c) for p, _ in engine_fr.HINT_RULES)
    )
    assert untranslated == []
    assert engine_fr.translate_hint("captures yellow's 2 on e5, though it can be taken") == (
        "prend le 2 jaune en e5, mais il peut être pris"
    )


def test_a_hint_says_which_way_a_die_goes() -> None:
    """A die steps or jumps any way diagonally: a move away from the goal is not told as an
    advance ("avance"), in English or in French."""
    game = Game.from_position("r3e5,y2d4,y4f6 r ry L2")  # Red heads for row 10
    said = {m: reason(game, Move.parse(m)) for m in ("e5-d6", "e5-c3", "e5-g7")}
    assert said == {
        "e5-d6": "steps from e5 to d6, 1 row nearer the goal rive, puts the die out of reach",
        "e5-c3": (
            "jumps from e5 to c3, 2 rows farther from the goal rive, puts the die out of reach"
        ),
        "e5-g7": "jumps from e5 to g7, 2 rows nearer the goal rive, though it can be taken",
    }
    assert engine_fr.translate_hint(said["e5-c3"]) == (
        "saute de e5 en c3, 2 rangées plus loin de la rive opposée, met le dé hors de portée"
    )
    lone = Game.from_position("r3e5,y2f8 r ry L2")
    assert reason(lone, Move.parse("e5-d4")) == "steps back from e5 to d4"
    assert engine_fr.translate_hint("steps back from e5 to d4") == "recule de e5 en d4"
    assert engine_fr.translate_hint("steps from e5 to f6, 1 row nearer the goal rive") == (
        "avance de e5 en f6, 1 rangée plus près de la rive opposée"
    )


@pytest.mark.parametrize(
    "query",
    [
        "?lang=xx",
        "?lang=fr&lang=en",
        "?embed=maybe",
        "?flip=yes",
        "?position=-%20r%20ry%20L2&game=abc",
        "?ai=z:hard",
        "?ai=y:genius",
        "?ai=y:hard,y:easy",
        "?ai=,",
        "?position=-%20r%20ry%20L2&ai=b:hard",
        "?select=z9",
        "?position=r9z9%20r%20ry%20L2",
        "?game=%21%21%21",
    ],
)
def test_every_bad_parameter_reads_in_french(query: str) -> None:
    from derive.ai import parse_seats
    from derive.web.table import params
    from derive.web.words import engine_fr

    with pytest.raises(params.ParamError) as caught:
        params.parse(query, parse_ai=parse_seats)
    french = engine_fr.translate(caught.value.reason)
    assert engine_fr.untranslated(caught.value.reason) == [], french


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a capture is obligatory: e3xd2", "A capture is obligatory: e3xd2"),
        ("la partie est finie : nulle", "La partie est finie : nulle"),
        ("été comme hiver", "Été comme hiver"),
        ("Your game was restored.", "Your game was restored."),
        ("c3 is already at 6", "c3 is already at 6"),  # a square's letter is notation
        ("e3xd2 must be played", "e3xd2 must be played"),
        ("j10 is empty", "j10 is empty"),
        ("'zz' is not a move", "'zz' is not a move"),
        ("", ""),
    ],
)
def test_a_message_is_shown_as_a_sentence_but_notation_keeps_its_case(
    text: str, shown: str
) -> None:
    assert i18n.sentence(text) == shown


def test_french_signs_never_start_a_line_away_from_their_word_or_number() -> None:
    # A phone showed "Bleu 0" at the end of a line and "%" alone at the start of the next.
    for key, text in i18n.STRINGS["fr"].items():
        assert not re.search(r" [:;!?%»]|« ", text), key
    assert i18n.t("fr", "review.chance", colour="Bleu", percent=0) == "Bleu 0\u00a0%"
    assert i18n.t("fr", "why") == "Pourquoi\u00a0?"
    assert i18n.t("en", "review.chance", colour="Blue", percent=0) == "Blue 0%"


def _lesson_words(item: object) -> list[lessons.Words]:
    """Every text of the Learn page's lessons, found through their fields."""
    if isinstance(item, lessons.Words):
        return [item]
    if isinstance(item, dict):
        return [w for value in item.values() for w in _lesson_words(value)]
    if isinstance(item, (list, tuple)):
        return [w for value in item for w in _lesson_words(value)]
    if dataclasses.is_dataclass(item):
        return [w for f in dataclasses.fields(item) for w in _lesson_words(getattr(item, f.name))]
    return []


def test_each_language_writes_its_apostrophe_one_way() -> None:
    # A review panel read "the search's" beside "a player’s": English keeps the straight
    # apostrophe the engine's messages use, French its typographic one.
    words = [w for lesson in lessons.LESSONS for w in _lesson_words(lesson)]
    assert len(words) > 100
    english = [*i18n.STRINGS["en"].values(), *(w.en for w in words)]
    french = [*i18n.STRINGS["fr"].values(), *(w.fr for w in words)]
    assert [text for text in english if "’" in text] == []
    assert [text for text in french if "'" in text] == []


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (0.0, 0),
        (0.004, 0),
        (0.005, 1),
        (0.515, 52),
        (0.525, 53),
        (0.999, 100),
        (1.0, 100),
        (-0.2, 0),
        (1.3, 100),
    ],
)
def test_a_chance_is_read_in_whole_percent_a_half_rounded_up(chance: float, shown: int) -> None:
    assert i18n.percent(chance) == shown
