"""Players' words: rule ids out of the sentences, "why?" links into the Learn pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from derive.web import why

ROOT = Path(__file__).resolve().parent.parent


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
