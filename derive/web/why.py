"""Players' words: the engine's messages without rule ids, and where to read "why?".

The engine names the rule behind each refusal ("a capture is obligatory (R16): …"), which
developers and the reference section want; a player reads the sentence alone, with a
"why?" link to the page that explains that rule in their language.
"""

from __future__ import annotations

import re
from typing import Final

_RULE: Final = re.compile(r"\bR(\d{1,2})\b")
# "(R16)" as a whole, or ", R14" closing a longer bracket: "(at most one, R14)".
_ALONE: Final = re.compile(r"\s*\(\s*R\d{1,2}(?:\s*[-–,]\s*R?\d{1,2})*\s*\)")
_TRAILING: Final = re.compile(r"\s*[,;]\s*R\d{1,2}(?:\s*[-–]\s*R?\d{1,2})?\s*(?=\))")
_BARE: Final = re.compile(r"\s*\bR\d{1,2}\b\s*:?\s*")

PAGES: Final = {"en": "rules.html", "fr": "regles.html"}
"""The Learn page of each language."""

#: The Learn page's section for each rule a player meets in the game.
SECTIONS: Final[dict[str, str]] = {
    "R1": "lesson-board",
    "R2": "lesson-board",
    "R3": "lesson-corners",
    "R4": "lesson-board",
    "R5": "lesson-first-turn",
    "R6": "lesson-team",
    "R7": "lesson-first-turn",
    "R8": "lesson-enter",
    "R9": "lesson-step",
    "R10": "lesson-jump",
    "R11": "lesson-change",
    "R12": "lesson-reroll",
    "R13": "lesson-capture",
    "R14": "lesson-rive-limit",
    "R15": "lesson-protection",
    "R16": "lesson-obligation",
    "R17": "lesson-chains",
    "R18": "lesson-chains",
    "R19": "lesson-winning",
    "R20": "lesson-winning",
}


def rule_of(message: str) -> str | None:
    """The first rule id a message names (``"R16"``), or ``None``."""
    found = _RULE.search(message)
    return f"R{int(found.group(1))}" if found else None


def plain(message: str) -> str:
    """``message`` without its rule ids, spaces and punctuation tidied."""
    # Each pattern takes the space before the id with it, so the sentence's own spacing
    # (French puts a space before ":") is left as it was.
    text = _ALONE.sub("", message)
    text = _TRAILING.sub("", text)
    text = _BARE.sub(" ", text) if _RULE.search(text) else text
    return re.sub(r" {2,}", " ", text).strip()


def link(rule: str | None, lang: str) -> str | None:
    """The "why?" address for ``rule`` in ``lang``: its Learn section, else the page."""
    if rule is None:
        return None
    page = PAGES.get(lang, PAGES["en"])
    section = SECTIONS.get(rule)
    return f"{page}#{section}" if section else page
