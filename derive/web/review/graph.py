"""The evaluation graph: each player's win chance after every ply, as SVG.

A pure function of the points reviewed so far, so it is drawn and tested without a
browser.  Every ply reviewed is one ``<g data-ply="N">`` (the start is ply 0) holding a
full-height strip to click or tap, the dot on each line and the mark of a mistake; the
page only listens for clicks on ``[data-ply]``.  Two players share one line (the first
player's chance, the other's is its mirror); three or four get a line each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Final

from ..board.palette import DANGER, HIGHLIGHT, SIDES
from ..words import i18n

WIDTH: Final = 600
HEIGHT: Final = 150
PAD: Final = 8
MARKS: Final = ("inaccuracy", "mistake", "blunder")
"""Judgements drawn on the graph, mildest first; luck is told in words, never marked."""
MARK_KEYS: Final = {
    "inaccuracy": "review.mark.inaccuracy",
    "mistake": "review.mark.mistake",
    "blunder": "review.mark.blunder",
}
MARK_RADIUS: Final = {"inaccuracy": 3.5, "mistake": 4.5, "blunder": 6.0}
MARK_FILL: Final = {"inaccuracy": "#f6d365", "mistake": "#ff9f43", "blunder": DANGER}


@dataclass(frozen=True)
class Point:
    """One position reviewed: ``chances`` maps each side (a colour, or a team's two) to
    its win chance (0..1);
    ``mark`` judges the move that led here (``MARKS``), ``mover`` made it."""

    ply: int
    chances: Mapping[str, float] = field(default_factory=dict)
    mark: str | None = None
    mover: str | None = None


def _x(ply: int, total: int) -> float:
    return PAD + (WIDTH - 2 * PAD) * (ply / max(total, 1))


def _y(chance: float) -> float:
    return PAD + (HEIGHT - 2 * PAD) * (1.0 - min(1.0, max(0.0, chance)))


def lines_for(colours: Sequence[str]) -> tuple[str, ...]:
    """The colours drawn as lines: the first alone in a two-player game."""
    return tuple(colours[:1]) if len(colours) == 2 else tuple(colours)


def _percent(chance: float) -> int:
    return round(100 * min(1.0, max(0.0, chance)))


def point_title(lang: str, point: Point, colours: Sequence[str]) -> str:
    """What a point says when pointed at or read: the ply and each chance."""
    percents = tuple((c, _percent(point.chances[c])) for c in colours if c in point.chances)
    return _title(lang, point.ply, point.mark, percents)


@lru_cache(maxsize=4096)
def _title(lang: str, ply: int, mark: str | None, percents: tuple[tuple[str, int], ...]) -> str:
    """``point_title``'s words, remembered: the graph is drawn again after every answer
    of the worker, and its points' words were most of that drawing's time."""
    chances = ", ".join(
        i18n.t(lang, "review.chance", colour=i18n.side(lang, c), percent=percent)
        for c, percent in percents
    )
    head = i18n.t(lang, "review.ply", ply=ply)
    if mark in MARKS:
        head += " (" + i18n.t(lang, MARK_KEYS[mark]) + ")"
    return i18n.t(lang, "review.point", ply=head, chances=chances) if chances else head


def graph_svg(
    points: Sequence[Point],
    colours: Sequence[str],
    *,
    total: int,
    current: int | None = None,
    lang: str = "en",
) -> str:
    """The graph of ``points`` (in ply order) on an axis of ``total`` plies; ``current``
    (the ply the board shows) gets a cursor."""
    total = max(total, max((p.ply for p in points), default=0), 1)
    step = (WIDTH - 2 * PAD) / total
    drawn = lines_for(colours)
    label = i18n.counted(lang, "review.graph", len(points), total=total + 1)
    state = "done" if len(points) > total else "running"
    parts = [
        f'<svg class="review-graph" data-review="{state}" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' role="group" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        f'<rect class="review-bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="6"/>',
        f'<line class="review-even" x1="{PAD}" y1="{_y(0.5):.1f}" x2="{WIDTH - PAD}"'
        f' y2="{_y(0.5):.1f}"/>',
    ]
    for colour in drawn:
        coords = " ".join(
            f"{_x(p.ply, total):.1f},{_y(p.chances[colour]):.1f}"
            for p in points
            if colour in p.chances
        )
        if coords:
            parts.append(
                f'<polyline class="review-line" data-colour="{colour}" fill="none"'
                f' stroke="{SIDES[colour[0]].pip}" stroke-width="2.5" points="{coords}"/>'
            )
    if current is not None and 0 <= current <= total:
        x = _x(current, total)
        parts.append(
            f'<line class="review-cursor" x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{HEIGHT}"'
            f' stroke="{HIGHLIGHT}" stroke-width="2"/>'
        )
    for point in points:
        x = _x(point.ply, total)
        classes = "review-ply" + (f" review-{point.mark}" if point.mark in MARKS else "")
        if point.ply == current:
            classes += " review-current"
        parts.append(f'<g class="{classes}" data-ply="{point.ply}">')
        parts.append(f"<title>{escape(point_title(lang, point, colours))}</title>")
        parts.append(
            f'<rect class="review-hit" x="{x - step / 2:.1f}" y="0" width="{step:.1f}"'
            f' height="{HEIGHT}" fill="transparent"/>'
        )
        for colour in drawn:
            if colour in point.chances:
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{_y(point.chances[colour]):.1f}" r="1.8"'
                    f' fill="{SIDES[colour[0]].pip}"/>'
                )
        on = point.mover if point.mover in drawn else (drawn[0] if drawn else None)
        if point.mark in MARKS and on is not None and on in point.chances:
            parts.append(
                f'<circle class="review-mark" data-mark="{point.mark}" cx="{x:.1f}"'
                f' cy="{_y(point.chances[on]):.1f}" r="{MARK_RADIUS[point.mark]}"'
                f' fill="{MARK_FILL[point.mark]}" stroke="#151515" stroke-width="1"/>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
