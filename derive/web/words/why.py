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


#: The engine's refusals that name no rule, by their words (English, as the engine
#: writes them), and the Learn page's section that explains them.  The first match wins.
SAID: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(words), section)
    for words, section in (
        (r"^choose the die's value", "lesson-enter-value"),
        (r"has no die in reserve|is not on \w+'s rive|an entering die shows 1", "lesson-enter"),
        (r"cannot reach|is occupied$", "lesson-step"),
        (r"is already at [16]$", "lesson-change"),
        (r"no re-roll in|re-roll's result is rolled|^a re-roll shows", "lesson-reroll"),
        (r"is higher than", "lesson-capture-higher"),
        (r"does not touch|no die to capture on|is your own die$", "lesson-capture"),
        (r"belongs to your team-mate", "lesson-team"),
        (r"^the game is over", "lesson-winning"),
        (r"^pass is allowed only", "r22"),
        # Nothing of the player's there, a move the position does not allow, a move
        # mistyped: the actions a turn offers.
        (r"^there is no \w+ die on|is not legal for|is not a move\b|a move is text", "actions"),
        (r"is not a kind of move|is not a playable square|is not a move's value", "actions"),
    )
)


def rule_of(message: str) -> str | None:
    """The first rule id a message names (``"R16"``), or ``None``."""
    found = _RULE.search(message)
    return f"R{int(found.group(1))}" if found else None


def section_of(message: str) -> str | None:
    """The Learn page's section behind an engine message: its rule's, else the one its
    words point to (``SAID``); ``None`` for what no rule is behind ("nothing to undo")."""
    rule = rule_of(message)
    if rule is not None and rule in SECTIONS:
        return SECTIONS[rule]
    return next((section for words, section in SAID if words.search(message)), None)


def link_for(message: str, lang: str) -> str | None:
    """The "why?" address for an engine message in ``lang`` (see ``section_of``)."""
    section = section_of(message)
    if section is None:
        return link(rule_of(message), lang)
    return f"{PAGES.get(lang, PAGES['en'])}#{section}"


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
