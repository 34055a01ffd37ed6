"""The evaluation graph: each player's win chance after every ply, as SVG.

A pure function of the points reviewed so far, so it is drawn and tested without a
browser.  Every ply reviewed is one ``<g data-ply="N">`` (the start is ply 0) holding a
full-height strip to click or tap, the dot on each line and the mark of a mistake; the
page only listens for clicks on ``[data-ply]``.  Each ``<g>`` carries its figures in words
(``data-words``, the same as its ``<title>``), for a page to show on a tap, which a phone
never turns into a tooltip.

Two players share one line: the chance of the player viewing it (``viewer``), on a
scale of 0 to 100% for that player, the area under it in that player's colour and over
it in the other's; three or four get a line each, in their colours, through the points
after each of that side's own moves (``own_points``).  A caption names the scale, a
legend the colours and the marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Final

from ..board.palette import DANGER, HIGHLIGHT, LABEL, SIDES
from ..words import i18n

WIDTH: Final = 400
HEIGHT: Final = 130
"""About 3:1, so that a phone's full width (the page caps the graph's height at 7.5rem)
draws it at close to one pixel a unit: its words stay readable there."""
LEFT: Final = 36
"""Room for the scale's figures."""
RIGHT: Final = 8
TOP: Final = 20
"""Room for the caption."""
BOTTOM: Final = 24
"""Room for the legend."""
FONT: Final = 11
MARKS: Final = ("inaccuracy", "mistake", "blunder")
"""Judgements drawn on the graph, mildest first; luck is told in words, never marked."""
MARK_KEYS: Final = {
    "inaccuracy": "review.mark.inaccuracy",
    "mistake": "review.mark.mistake",
    "blunder": "review.mark.blunder",
}
MARK_RADIUS: Final = {"inaccuracy": 3.5, "mistake": 4.5, "blunder": 6.0}
MARK_FILL: Final = {"inaccuracy": "#f6d365", "mistake": "#ff9f43", "blunder": DANGER}
TICKS: Final = (0.0, 0.5, 1.0)
AREA_OPACITY: Final = 0.35


@dataclass(frozen=True)
class Point:
    """One position reviewed: ``chances`` maps each side (a colour, or a team's two) to
    its win chance (0..1); ``mark`` judges the move that led here (``MARKS``),
    ``mover`` made it and ``move`` is that move (as notation)."""

    ply: int
    chances: Mapping[str, float] = field(default_factory=dict)
    mark: str | None = None
    mover: str | None = None
    move: str | None = None


def _x(ply: int, total: int) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * (ply / max(total, 1))


def _y(chance: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - min(1.0, max(0.0, chance)))


def lines_for(colours: Sequence[str], viewer: str | None = None) -> tuple[str, ...]:
    """The sides drawn as lines: in a two-player game the viewer's alone (the first
    side's by default)."""
    if len(colours) == 2:
        return (viewer,) if viewer is not None and viewer in colours else tuple(colours[:1])
    return tuple(colours)


def own_points(points: Sequence[Point], side: str, total: int) -> list[Point]:
    """The points ``side``'s line goes through among three or four: the start, each
    position after one of its own moves and the game's end.  A side's chance is higher
    when it is about to move, so a line through every ply zig-zags with the turn: on
    three seeded games of three and four (L2, ``medium`` and ``easy``) a line through
    every ply moved 0.023-0.055 a ply, through its own moves 0.007-0.016, which is
    what the game did rather than whose turn it was."""
    return [p for p in points if side in p.chances and (p.mover in (None, side) or p.ply >= total)]


def _colour(side: str) -> str:
    return SIDES[side[0]].pip


def point_title(lang: str, point: Point, colours: Sequence[str]) -> str:
    """What a point says when pointed at, read or tapped: the move, who made it and its
    judgement, then each side's chance."""
    percents = tuple((c, i18n.percent(point.chances[c])) for c in colours if c in point.chances)
    played = (point.mover, point.move) if point.mover and point.move else None
    return _title(lang, point.ply, point.mark, played, percents)


@lru_cache(maxsize=4096)
def _title(
    lang: str,
    ply: int,
    mark: str | None,
    played: tuple[str, str] | None,
    percents: tuple[tuple[str, int], ...],
) -> str:
    """``point_title``'s words, remembered: the graph is drawn again after every answer
    of the worker, and its points' words were most of that drawing's time."""
    chances = ", ".join(
        i18n.t(lang, "review.chance", colour=i18n.side(lang, c), percent=percent)
        for c, percent in percents
    )
    head = i18n.t(lang, "review.ply", ply=ply)
    if played is not None:
        mover, move = played
        head = i18n.t(lang, "review.point.move", ply=head, colour=i18n.side(lang, mover), move=move)
    if mark in MARKS:
        head += " (" + i18n.t(lang, MARK_KEYS[mark]) + ")"
    return i18n.t(lang, "review.point", ply=head, chances=chances) if chances else head


def _text(x: float, y: float, words: str, *, anchor: str = "start", fill: str = LABEL) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{FONT}" fill="{fill}"'
        f' text-anchor="{anchor}">{escape(words)}</text>'
    )


def _scale(lang: str) -> list[str]:
    """The 0-100% figures and their guide lines."""
    parts = []
    for tick in TICKS:
        y = _y(tick)
        # The even line dashed, as before the scale: the one that matters most.
        even = tick == 0.5
        dash = ' stroke-dasharray="4 4"' if even else ""
        parts.append(
            f'<line class="{"review-even" if even else "review-tick"}" x1="{LEFT}"'
            f' y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#8a8178"'
            f' stroke-width="1"{dash}/>'
        )
        figure = i18n.t(lang, "review.percent", percent=i18n.percent(tick))
        parts.append(_text(LEFT - 4, y + FONT / 3, figure, anchor="end"))
    return parts


PER_CHAR: Final = FONT * 0.55
"""An average glyph's advance: enough to keep the legend's entries apart."""


def _legend(lang: str, colours: Sequence[str], caption: str) -> str:
    """The caption naming the scale, then each side's colour by its name, on the top
    row; the three marks by theirs on the bottom row.  Each entry is placed by the length
    of the words before it."""
    parts = ['<g class="review-legend">', _text(LEFT, TOP - 7, caption)]
    x = LEFT + PER_CHAR * len(caption) + 10
    y = TOP - 7
    for side in colours:
        name = i18n.side(lang, side)
        parts.append(
            f'<rect x="{x:.1f}" y="{y - FONT + 2:.1f}" width="{FONT - 2}" height="{FONT - 2}"'
            f' fill="{_colour(side)}" data-legend="{side}"/>'
        )
        parts.append(_text(x + FONT + 1, y, name))
        x += FONT + 1 + PER_CHAR * len(name) + 8
    x, y = float(LEFT), HEIGHT - 7
    for mark in MARKS:
        name = i18n.t(lang, MARK_KEYS[mark])
        r = MARK_RADIUS[mark]
        parts.append(
            f'<circle cx="{x + r:.1f}" cy="{y - FONT / 3:.1f}" r="{r}" fill="{MARK_FILL[mark]}"'
            f' stroke="#151515" stroke-width="1" data-legend="{mark}"/>'
        )
        parts.append(_text(x + 2 * r + 3, y, name))
        x += 2 * r + 3 + PER_CHAR * len(name) + 8
    parts.append("</g>")
    return "".join(parts)


def _areas(points: Sequence[Point], viewer: str, other: str, total: int) -> list[str]:
    """Under the viewer's line its colour, over it the other player's: who is ahead,
    at a glance, in the players' own colours."""
    known = [p for p in points if viewer in p.chances]
    if len(known) < 2:
        return []
    line = " ".join(f"{_x(p.ply, total):.1f},{_y(p.chances[viewer]):.1f}" for p in known)
    first, last = _x(known[0].ply, total), _x(known[-1].ply, total)
    low, high = _y(0.0), _y(1.0)
    return [
        _area(viewer, f"{first:.1f},{low:.1f} {line} {last:.1f},{low:.1f}"),
        _area(other, f"{first:.1f},{high:.1f} {line} {last:.1f},{high:.1f}"),
    ]


def _area(side: str, outline: str) -> str:
    return (
        f'<polygon class="review-area" data-colour="{side}" fill="{_colour(side)}"'
        f' fill-opacity="{AREA_OPACITY}" points="{outline}"/>'
    )


def graph_svg(
    points: Sequence[Point],
    colours: Sequence[str],
    *,
    total: int,
    current: int | None = None,
    lang: str = "en",
    viewer: str | None = None,
) -> str:
    """The graph of ``points`` (in ply order) on an axis of ``total`` plies; ``current``
    (the ply the board shows) gets a cursor; ``viewer``: the side whose chance a
    two-player graph shows (the first side's when it is none of them)."""
    total = max(total, max((p.ply for p in points), default=0), 1)
    step = (WIDTH - LEFT - RIGHT) / total
    drawn = lines_for(colours, viewer)
    label = i18n.counted(lang, "review.graph", len(points), total=total + 1)
    if len(drawn) == 1:
        caption = i18n.t(lang, "review.scale", colour=i18n.side(lang, drawn[0]))
    else:
        caption = i18n.t(lang, "review.scale.all")
    label += ". " + caption
    state = "done" if len(points) > total else "running"
    parts = [
        f'<svg class="review-graph" data-review="{state}" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' role="group" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        f'<rect class="review-bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="6"/>',
    ]
    if len(colours) == 2 and len(drawn) == 1:
        other = next(c for c in colours if c != drawn[0])
        parts.extend(_areas(points, drawn[0], other, total))
    parts.extend(_scale(lang))
    shared = len(drawn) == 1
    through = {
        colour: [p for p in points if colour in p.chances]
        if shared
        else own_points(points, colour, total)
        for colour in drawn
    }
    on_line = {colour: {p.ply for p in line} for colour, line in through.items()}
    for colour in drawn:
        coords = " ".join(
            f"{_x(p.ply, total):.1f},{_y(p.chances[colour]):.1f}" for p in through[colour]
        )
        if coords:
            parts.append(
                f'<polyline class="review-line" data-colour="{colour}" fill="none"'
                f' stroke="{_colour(colour)}" stroke-width="2.5" points="{coords}"/>'
            )
    if current is not None and 0 <= current <= total:
        x = _x(current, total)
        parts.append(
            f'<line class="review-cursor" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}"'
            f' y2="{HEIGHT - BOTTOM}" stroke="{HIGHLIGHT}" stroke-width="2"/>'
        )
    for point in points:
        x = _x(point.ply, total)
        classes = "review-ply" + (f" review-{point.mark}" if point.mark in MARKS else "")
        if point.ply == current:
            classes += " review-current"
        words = escape(point_title(lang, point, colours))
        parts.append(f'<g class="{classes}" data-ply="{point.ply}" data-words="{words}">')
        parts.append(f"<title>{words}</title>")
        parts.append(
            f'<rect class="review-hit" x="{x - step / 2:.1f}" y="0" width="{step:.1f}"'
            f' height="{HEIGHT - BOTTOM}" fill="transparent"/>'
        )
        for colour in drawn:
            if point.ply in on_line[colour]:
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{_y(point.chances[colour]):.1f}" r="1.8"'
                    f' fill="{_colour(colour)}"/>'
                )
        on = point.mover if point.mover in drawn else (drawn[0] if drawn else None)
        if point.mark in MARKS and on is not None and on in point.chances:
            parts.append(
                f'<circle class="review-mark" data-mark="{point.mark}" cx="{x:.1f}"'
                f' cy="{_y(point.chances[on]):.1f}" r="{MARK_RADIUS[point.mark]}"'
                f' fill="{MARK_FILL[point.mark]}" stroke="#151515" stroke-width="1"/>'
            )
        parts.append("</g>")
    parts.append(_legend(lang, colours, caption))
    parts.append("</svg>")
    return "".join(parts)
