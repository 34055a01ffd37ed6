"""The review in words: each player's summary and the list of mistakes, as HTML.

The judgements and reasons are the analysis's (``derive.ai.review``); this module only
says them in the player's language.  A reason is structured (``{"code", "squares" or
"move"}``) so that no English sentence of the engine reaches a French reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from ..words import i18n

JUDGEMENTS: Final = ("inaccuracy", "mistake", "blunder")
LUCK: Final = ("lucky", "unlucky")
MARK_KEYS: Final = {
    "inaccuracy": "review.mark.inaccuracy",
    "mistake": "review.mark.mistake",
    "blunder": "review.mark.blunder",
    "lucky": "review.mark.lucky",
    "unlucky": "review.mark.unlucky",
}
REASON_KEYS: Final = {
    "exposes": "review.reason.exposes",
    "misses_win": "review.reason.misses_win",
    "allows_win": "review.reason.allows_win",
    "allows_forced_win": "review.reason.allows_forced_win",
    "forced_capture": "review.reason.forced_capture",
    "better": "review.reason.better",
}


@dataclass(frozen=True)
class Judged:
    """The move that led to ``ply``: who made it, what it was, and what the analysis
    thinks of it (``judgement`` one of ``JUDGEMENTS`` or ``LUCK``, or ``None``)."""

    ply: int
    mover: str
    move: str
    judgement: str | None = None
    best: str | None = None
    reason: Mapping[str, Any] | None = None


def reason_words(lang: str, reason: Mapping[str, Any] | None) -> str:
    """A reason as a short phrase, or "" when there is none the player can read."""
    if not reason or reason.get("code") not in REASON_KEYS:
        return ""
    code = str(reason["code"])
    if code == "exposes":
        squares = [str(s) for s in reason.get("squares") or () if isinstance(s, str)]
        if not squares:
            return ""
        return i18n.t(lang, REASON_KEYS[code], squares=", ".join(squares))
    move = reason.get("move")
    if not isinstance(move, str) or not move:
        return ""
    return i18n.t(lang, REASON_KEYS[code], move=move)


def counts(judged: Sequence[Judged], colour: str) -> dict[str, int]:
    found = dict.fromkeys(JUDGEMENTS, 0)
    for entry in judged:
        if entry.mover == colour and entry.judgement in found:
            found[entry.judgement] += 1
    return found


def summary_html(
    lang: str,
    colours: Sequence[str],
    judged: Sequence[Judged],
    turning: Mapping[str, int | None] | None = None,
) -> str:
    """One line per player: inaccuracies, mistakes, blunders, and the turning point."""
    rows = []
    for colour in colours:
        found = counts(judged, colour)
        words = i18n.t(
            lang,
            "review.summary",
            inaccuracies=found["inaccuracy"],
            mistakes=found["mistake"],
            blunders=found["blunder"],
        )
        ply = (turning or {}).get(colour)
        if isinstance(ply, int):
            words += " " + i18n.t(lang, "review.turning", ply=ply)
        rows.append(
            f'<li data-colour="{colour}"><strong>{escape(i18n.side(lang, colour))}</strong>'
            f" {escape(words)}</li>"
        )
    return f'<ul class="review-summary">{"".join(rows)}</ul>'


def line_words(lang: str, entry: Judged) -> str:
    """A judged move in a sentence: "Move 12, Red: e5-d6, blunder. Better: b8-c9 (...)"."""
    head = i18n.t(
        lang,
        "review.line",
        ply=entry.ply,
        colour=i18n.side(lang, entry.mover),
        move=entry.move,
        judgement=i18n.t(lang, MARK_KEYS[entry.judgement]) if entry.judgement else "",
    )
    if entry.judgement in JUDGEMENTS and entry.best:
        head += " " + i18n.t(lang, "review.better", move=entry.best)
        # "better" names the better move only: said already.
        plain = entry.reason is not None and entry.reason.get("code") == "better"
        why = "" if plain else reason_words(lang, entry.reason)
        if why:
            head += f" ({why})"
    return head


def mistakes_html(lang: str, judged: Sequence[Judged], current: int | None = None) -> str:
    """Every judged move (mistakes and luck), each a button that shows its position."""
    items = []
    for entry in judged:
        if entry.judgement not in JUDGEMENTS and entry.judgement not in LUCK:
            continue
        pressed = "true" if entry.ply == current else "false"
        items.append(
            f'<li class="review-{entry.judgement}"><button type="button"'
            f' data-review-ply="{entry.ply}" aria-pressed="{pressed}">'
            f"{escape(line_words(lang, entry))}</button></li>"
        )
    if not items:
        return f'<p class="review-none">{escape(i18n.t(lang, "review.none"))}</p>'
    return f'<ol class="review-mistakes">{"".join(items)}</ol>'


def progress_words(lang: str, done: int, total: int) -> str:
    if done >= total:
        return i18n.t(lang, "review.done")
    return i18n.t(lang, "review.progress", done=done, total=total)
