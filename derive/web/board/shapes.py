"""Shapes drawn over the board: arrows and markers, as chessground's ``shapes``.

The board knows no rules: a ``Shape`` is two squares (or one), a brush and its words,
built by whoever knows what the move means (``highlights.move_shape`` asks the engine's
notation).  This module only draws them; ``svg.render_board`` places them over the
squares, never taking clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from . import palette

BRUSHES: Final = {"better": palette.BETTER, "hint": palette.HINT}
"""Each brush's colour: the review's better move, the computer's hint."""


@dataclass(frozen=True)
class Shape:
    """An arrow from ``orig`` to ``dest``; a marker on ``dest`` alone when ``orig`` is
    ``None`` (a die entered from the reserve); a ring on a die when both are one square
    (a die whose value changes).  ``title`` says it in words, ``name`` is its
    ``data-arrow`` (the move it shows)."""

    dest: int
    orig: int | None = None
    brush: str = "better"
    title: str = ""
    name: str = ""


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _arrow(start: tuple[int, int], end: tuple[int, int], colour: str) -> str:
    (sx, sy), (ex, ey) = start, end
    length = max(1.0, ((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    tip_x, tip_y = ex - ux * 18, ey - uy * 18
    base_x, base_y = tip_x - ux * 34, tip_y - uy * 34
    px, py = -uy * 22, ux * 22
    head = (
        f"M{_num(tip_x)} {_num(tip_y)} L{_num(base_x + px)} {_num(base_y + py)} "
        f"L{_num(base_x - px)} {_num(base_y - py)} Z"
    )
    edge = palette.HIGHLIGHT_EDGE
    # A dark edge under the colour, so the arrow reads on every rive and on ivory dice.
    return (
        f'<line x1="{sx}" y1="{sy}" x2="{_num(base_x)}" y2="{_num(base_y)}" stroke="{edge}"'
        ' stroke-width="20" stroke-linecap="round"/>'
        f'<path d="{head}" fill="{edge}" stroke="{edge}" stroke-width="8"'
        ' stroke-linejoin="round"/>'
        f'<line x1="{sx}" y1="{sy}" x2="{_num(base_x)}" y2="{_num(base_y)}" stroke="{colour}"'
        ' stroke-width="12" stroke-linecap="round"/>'
        f'<path d="{head}" fill="{colour}"/>'
    )


def _ring(centre: tuple[int, int], colour: str) -> str:
    x, y = centre
    edge = palette.HIGHLIGHT_EDGE
    return (
        f'<circle cx="{x}" cy="{y}" r="46" fill="none" stroke="{edge}" stroke-width="14"/>'
        f'<circle cx="{x}" cy="{y}" r="46" fill="none" stroke="{colour}" stroke-width="8"/>'
    )


def _entry(centre: tuple[int, int], colour: str) -> str:
    """A ring with a plus: a die comes onto this square from the reserve."""
    x, y = centre
    edge = palette.HIGHLIGHT_EDGE
    plus = f"M{x} {y - 20} V{y + 20} M{x - 20} {y} H{x + 20}"
    return (
        _ring(centre, colour)
        + f'<path d="{plus}" stroke="{edge}" stroke-width="14" stroke-linecap="round"/>'
        + f'<path d="{plus}" stroke="{colour}" stroke-width="8" stroke-linecap="round"/>'
    )


def shapes_svg(shapes: Sequence[Shape], centre: Callable[[int], tuple[int, int]]) -> str:
    """Each shape as one labelled ``<g data-arrow>``; ``centre`` maps a square to its
    centre on screen (the board turns, the shapes follow)."""
    out = []
    for shape in shapes:
        colour = BRUSHES.get(shape.brush, palette.BETTER)
        end = centre(shape.dest)
        if shape.orig is None:
            kind, body = "entry", _entry(end, colour)
        elif shape.orig == shape.dest:
            kind, body = "ring", _ring(end, colour)
        else:
            kind, body = "arrow", _arrow(centre(shape.orig), end, colour)
        title = escape(shape.title)
        words = f' role="img" aria-label="{title}"><title>{title}</title>' if title else ">"
        out.append(
            f'<g class="shape shape-{escape(shape.brush)}" data-shape="{kind}"'
            f' data-arrow="{escape(shape.name)}" opacity="0.9"{words}{body}</g>'
        )
    return "".join(out)
