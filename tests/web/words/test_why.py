"""Players' words: rule ids out of the sentences, "why?" links into the Learn pages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from derive import Game, Move
from derive.web.words import why
from tests.web.words.test_i18n import _candidates, _positions

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("message", "plain", "rule"),
    [
        (
            "a capture is obligatory (R16): e3xd2 or e3xf4",
            "a capture is obligatory: e3xd2 or e3xf4",
            "R16",
        ),
        (
            "Red can occupy only one square of Yellow's rive (already on d10, R14)",
            "Red can occupy only one square of Yellow's rive (already on d10)",
            "R14",
        ),
        (
            "alone on its goal rive: invulnerable (R15)",
            "alone on its goal rive: invulnerable",
            "R15",
        ),
        (
            "ending where it started is not a move (R10)",
            "ending where it started is not a move",
            "R10",
        ),
        ("there is nothing to undo", "there is nothing to undo", None),
        ("une prise est obligatoire (R16) : e3xd2", "une prise est obligatoire : e3xd2", "R16"),
        ("c3 is not a red die", "c3 is not a red die", None),
    ],
)
def test_rule_ids_leave_the_sentence(message: str, plain: str, rule: str | None) -> None:
    assert why.plain(message) == plain
    assert why.rule_of(message) == rule


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_why_link_lands_on_a_section_of_its_learn_page(lang: str) -> None:
    page = ROOT / why.PAGES[lang]
    ids = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
    for rule, section in why.SECTIONS.items():
        assert section in ids, f"{rule}: #{section} missing from {page.name}"
        assert why.link(rule, lang) == f"{why.PAGES[lang]}#{section}"
    assert why.link(None, lang) is None


# ----- every refusal has its "why?" ------------------------------------------------------

EXPLAIN = ROOT / "derive" / "explain.py"
NOTATION = ROOT / "derive" / "notation.py"


def _templates(path: Path, functions: set[str]) -> list[re.Pattern[str]]:
    """Each sentence ``functions`` in ``path`` return or raise, as a pattern: its fixed
    words, anything for its fields."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.FunctionDef) and node.name in functions):
            continue
        for part in ast.walk(node):
            value = part.value if isinstance(part, ast.Return) else None
            if isinstance(part, ast.Raise) and isinstance(part.exc, ast.Call) and part.exc.args:
                value = part.exc.args[0]
            if isinstance(value, ast.JoinedStr) or (
                isinstance(value, ast.Constant) and isinstance(value.value, str)
            ):
                found.append(_pattern(value))
    return found


def _pattern(node: ast.expr) -> re.Pattern[str]:
    if isinstance(node, ast.Constant):
        return re.compile(re.escape(str(node.value)))
    assert isinstance(node, ast.JoinedStr)
    pieces = [re.escape(str(v.value)) if isinstance(v, ast.Constant) else ".+" for v in node.values]
    return re.compile("".join(pieces))


def _refusals() -> set[str]:
    """What the engine says of every kind of move tried in many positions, and of the
    moves only a program could build (the page never does, but a record might)."""
    messages: set[str] = set()
    games = _positions()
    for text in ("y2c1,y3d2,r3e3 r ry L2", "y2c1,r3d2 r ry L2", "r2c3,y1d4 r ry/bg L2"):
        games.append(Game.from_position(text))
    agreed = Game.from_position("r3c3,y2f8 r ry L2")
    agreed.agree_draw()
    limited = Game.from_position("r3c3,y2f8 r ry L2", max_plies=1)
    limited.play("c3+")
    for game in [*games, agreed, limited]:
        for text in [*_candidates(game), "c3-c3", "c3?7", "nonsense", 3]:
            reason = game.why_illegal(text)  # type: ignore[arg-type]
            if reason:
                messages.add(reason)
    game = Game.from_position("r3c3,y2d4 r ry L2")
    up = Move.parse("c3+")
    for move in (
        Move("jump"),
        Move("move", 3, 5),
        up._replace(value=1.5),
        up._replace(value=2),  # +2 passes every test of a value, and is no move
        Move.parse("c3?")._replace(value=9),
    ):
        messages.add(game.why_illegal(move) or "")  # type: ignore[arg-type]
    messages.discard("")
    return messages


def test_the_refusals_cover_every_sentence_the_engine_has() -> None:
    refusals = _refusals()
    functions = {"why_illegal", "_basic_reason", "_rive_reason", "protection_reason"}
    templates = _templates(EXPLAIN, functions) + _templates(NOTATION, {"parse", "malformed"})
    assert len(templates) > 30
    missed = [t.pattern for t in templates if not any(t.search(m) for m in refusals)]
    assert missed == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_links_to_a_section_of_the_learn_page(lang: str) -> None:
    ids = set(re.findall(r'\bid="([^"]+)"', (ROOT / why.PAGES[lang]).read_text(encoding="utf-8")))
    for message in _refusals():
        href = why.link_for(message, lang)
        assert href is not None, message
        page, _, section = href.partition("#")
        assert page == why.PAGES[lang] and section in ids, (message, href)


def test_the_commonest_refusal_has_its_why() -> None:
    game = Game.from_position("r3d2 r ry L2")
    reason = game.why_illegal("d2-d4") or ""
    assert reason.startswith("d2 cannot reach d4")
    assert why.link_for(reason, "en") == "rules.html#lesson-step"
    assert why.link_for("there is nothing to undo", "en") is None  # no rule behind it
