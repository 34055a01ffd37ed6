"""The board as SVG: one pure function from a ``BoardView`` to markup.

The board knows no rules (chessground's principle): a ``BoardView`` says what to draw
(dice, highlights, reserves) and ``render_board`` draws it.  ``highlights.board_view`` builds
the view from the engine's ``explain()``.  The same function renders the page's board, the
static skeleton in index.html and SVG files for the rules pages::

    python -m derive.web.svg "r3d10,r2e9,r1g7 r ry L2" --select e9 > board.svg

Geometry: one square is 100 user units; the 10×10 board sits inside a margin that holds
the coordinates, the turn marker and each colour's reserve beside its own rive.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Final

from ..board import FILES, SIZE, SQUARES, rives_of, square_name
from . import i18n, palette

CELL: Final = 100
MARGIN: Final = 88
BOARD: Final = CELL * SIZE
VIEW: Final = BOARD + 2 * MARGIN

LABEL_GAP: Final = 30
"""Distance from the board's edge to the coordinates' centre line."""
TRAY_GAP: Final = 21
"""Distance from the view's edge to the reserve trays' centre line."""

DIE_INSET: Final = 12
DIE_SIZE: Final = CELL - 2 * DIE_INSET
PIP_RADIUS: Final = 8.5

#: Pip centres on a unit die face, by value.
PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.75, 0.25), (0.25, 0.75)),
    3: ((0.75, 0.25), (0.5, 0.5), (0.25, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}

#: Which board edge each colour's rive runs along (R3).
EDGE: Final = {"r": "south", "b": "west", "y": "north", "g": "east"}


@dataclass(frozen=True)
class DieView:
    square: int
    colour: str
    value: int
    protected: bool = False
    obliged: bool = False
    winning: bool = False


@dataclass(frozen=True)
class BoardView:
    """Everything the board shows.  Squares are ints as in ``derive.board``."""

    position: str
    dice: tuple[DieView, ...] = ()
    seated: str = ""
    reserves: Mapping[str, int] = field(default_factory=dict)
    to_move: str | None = None
    """The colour whose turn it is; ``None`` once the game is over."""
    selected: int | None = None
    steps: frozenset[int] = frozenset()
    jumps: frozenset[int] = frozenset()
    paths: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """For each jump destination, the squares the die visits (shown on hover)."""
    captures: frozenset[int] = frozenset()
    enters: frozenset[int] = frozenset()
    obliged_targets: frozenset[int] = frozenset()
    last: tuple[int, ...] = ()
    links: tuple[tuple[int, int, str], ...] = ()
    """Chain links between touching dice: ``(a, b, "anchored" | "formed" | "winning")``."""
    hint: tuple[int, int] | None = None
    """A suggested move ``(from, to)``; ``from`` is -1 for an enter."""
    cursor: int | None = None
    """The keyboard cursor's square."""
    lang: str = "en"


def square_origin(square: int) -> tuple[int, int]:
    """Top-left corner of ``square`` in user units (rank 10 at the top)."""
    file, rank = square % SIZE, square // SIZE
    return MARGIN + file * CELL, MARGIN + (SIZE - 1 - rank) * CELL


def square_centre(square: int) -> tuple[int, int]:
    x, y = square_origin(square)
    return x + CELL // 2, y + CELL // 2


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


# --------------------------------------------------------------------------- dice


def die_face(colour: str, value: int, *, x: float = 0, y: float = 0, size: float = DIE_SIZE) -> str:
    """The body and pips of a die at ``(x, y)``, ``size`` units wide."""
    side = palette.SIDES[colour]
    radius = size * 0.2
    rim = size * 0.065
    parts = [
        f'<rect class="die-body" x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" '
        f'height="{_num(size)}" rx="{_num(radius)}" fill="{palette.DIE_BODY}" '
        f'stroke="{side.pip}" stroke-width="{_num(rim)}"/>'
    ]
    pip = PIP_RADIUS * size / DIE_SIZE
    for px, py in PIPS[value]:
        parts.append(
            f'<circle cx="{_num(x + px * size)}" cy="{_num(y + py * size)}" r="{_num(pip)}" '
            f'fill="{side.pip}" stroke="{side.ink}" stroke-width="{_num(pip * 0.28)}"/>'
        )
    return "".join(parts)


def die_svg(colour: str, value: int, *, size: int = 40, label: str | None = None) -> str:
    """A die on its own, as an inline ``<svg>`` for the page's HTML (pickers, rolls)."""
    aria = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="die-icon" xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 108 108" '
        f'width="{size}" height="{size}" {aria}>{die_face(colour, value, size=100)}</svg>'
    )


_SHIELD: Final = "M0 0 L9 -3.5 L18 0 L18 7 C18 14 9 19 9 19 C9 19 0 14 0 7 Z"


def _die(die: DieView, view: BoardView) -> str:
    classes = ["die", f"die-{die.colour}"]
    extra = []
    if die.square == view.selected:
        classes.append("selected")
        extra.append(
            f'<rect class="ring-selected" x="5" y="5" width="90" height="90" rx="22" '
            f'fill="none" stroke="{palette.HIGHLIGHT}" stroke-width="7"/>'
        )
    if die.winning:
        classes.append("winning")
        extra.append(
            f'<rect class="ring-winning" x="3" y="3" width="94" height="94" rx="24" '
            f'fill="{palette.HIGHLIGHT}" fill-opacity="0.55"/>'
        )
    if die.obliged:
        classes.append("obliged")
        extra.append(
            f'<rect class="ring-obliged" x="6" y="6" width="88" height="88" rx="20" '
            f'fill="none" stroke="{palette.DANGER}" stroke-width="5" stroke-dasharray="12 7"/>'
        )
    body = die_face(die.colour, die.value, x=DIE_INSET, y=DIE_INSET)
    badge = ""
    if die.protected:
        classes.append("protected")
        ink = palette.SIDES[die.colour].ink
        badge = (
            f'<path class="shield" transform="translate(73 6)" d="{_SHIELD}" fill="{ink}" '
            f'stroke="#fff" stroke-width="2.5"/>'
        )
    under = "".join(e for e in extra if "ring-winning" in e)
    over = "".join(e for e in extra if "ring-winning" not in e)
    return (
        f'<g class="{" ".join(classes)}" data-die="{square_name(die.square)}" '
        f'data-colour="{die.colour}" data-value="{die.value}">{under}{body}{badge}{over}</g>'
    )


# --------------------------------------------------------------------------- squares


def _square_fill(square: int) -> str:
    rives = rives_of(square)
    if len(rives) == 2:
        return _corner(rives)
    if rives:
        return f'<rect width="100" height="100" fill="{palette.SIDES[rives].rive}"/>'
    return f'<rect width="100" height="100" fill="{palette.DARK_SQUARE}"/>'


def _corner(rives: str) -> str:
    """A shared corner (R3) split along its diagonal, each half in the colour of the
    edge it touches: a1 is blue (west, upper-left half) and red (south, lower-right);
    j10 is yellow (north, upper-left) and green (east, lower-right)."""
    upper, lower = (rives[1], rives[0]) if rives == "rb" else (rives[0], rives[1])
    return (
        f'<path d="M0 0 L100 0 L0 100 Z" fill="{palette.SIDES[upper].rive}"/>'
        f'<path d="M100 0 L100 100 L0 100 Z" fill="{palette.SIDES[lower].rive}"/>'
    )


def _square_label(square: int, view: BoardView, die: DieView | None) -> str:
    lang = view.lang
    name = square_name(square)
    if die is None:
        parts = [i18n.t(lang, "sq.empty", square=name)]
    else:
        parts = [
            i18n.t(
                lang,
                "sq.die",
                square=name,
                colour=i18n.colour_adjective(lang, die.colour),
                value=die.value,
            )
        ]
        if die.protected:
            parts.append(i18n.t(lang, "sq.protected"))
        if die.obliged:
            parts.append(i18n.t(lang, "sq.obliged"))
    for colour in rives_of(square):
        rive = i18n.colour_adjective(lang, colour, feminine=True)
        parts.append(i18n.t(lang, "sq.rive", rive=rive))
    flags = (
        (square == view.selected, "sq.selected"),
        (square in view.steps or square in view.jumps, "sq.dest"),
        (square in view.captures, "sq.capture"),
        (square in view.enters, "sq.enter"),
        (square in view.last, "sq.last"),
    )
    parts.extend(i18n.t(lang, key) for on, key in flags if on)
    return ", ".join(parts)


def _markers(square: int, view: BoardView) -> tuple[str, str]:
    """Marks drawn under the die (last move) and over it (destinations, targets)."""
    under = []
    over = []
    if square in view.last:
        under.append(
            f'<rect class="mark-last" width="100" height="100" fill="{palette.HIGHLIGHT}" '
            f'fill-opacity="0.42"/>'
        )
    if square in view.enters:
        over.append(
            '<g class="mark-enter"><circle cx="50" cy="50" r="19" fill="#fff" '
            'fill-opacity="0.28"/><path d="M50 39 V61 M39 50 H61" stroke="#fff" '
            'stroke-width="6" stroke-linecap="round"/></g>'
        )
    if square in view.steps:
        over.append(
            f'<circle class="mark-step" cx="50" cy="50" r="15" fill="{palette.HIGHLIGHT}" '
            f'stroke="#3a2e00" stroke-width="2"/>'
        )
    if square in view.jumps:
        over.append(
            f'<g class="mark-jump"><circle cx="50" cy="50" r="22" fill="none" '
            f'stroke="{palette.HIGHLIGHT}" stroke-width="7"/><circle cx="50" cy="50" r="7" '
            f'fill="{palette.HIGHLIGHT}"/></g>'
        )
    if square in view.captures or square in view.obliged_targets:
        tone = palette.DANGER
        over.append(
            f'<g class="mark-capture" fill="{tone}" stroke="#fff" stroke-width="2">'
            '<path d="M0 0 H30 L0 30 Z"/><path d="M100 0 V30 L70 0 Z"/>'
            '<path d="M0 100 V70 L30 100 Z"/><path d="M100 100 H70 L100 70 Z"/></g>'
        )
    if square == view.cursor:
        over.append(
            '<rect class="mark-cursor" x="3" y="3" width="94" height="94" rx="6" fill="none" '
            'stroke="#fff" stroke-width="5" stroke-dasharray="14 8"/>'
        )
    return "".join(under), "".join(over)


def _squares(view: BoardView, static: bool) -> str:
    dice = {d.square: d for d in view.dice}
    out = []
    for square in SQUARES:
        x, y = square_origin(square)
        die = dice.get(square)
        under, over = _markers(square, view)
        # A picture has no buttons, and several pictures on one page must not repeat ids.
        name = square_name(square)
        control = (
            ""
            if static
            else f'id="sq-{name}" role="button" '
            f'aria-label="{escape(_square_label(square, view, die))}" '
        )
        classes = ["sq"]
        if square in view.steps or square in view.jumps:
            classes.append("dest")
        if square in view.captures:
            classes.append("target")
        if square in view.enters:
            classes.append("enter")
        out.append(
            f'<g class="{" ".join(classes)}" data-square="{name}" {control}'
            f'transform="translate({x} {y})">{_square_fill(square)}{under}'
            f"{_die(die, view) if die else ''}{over}</g>"
        )
    return "".join(out)


_PLAYABLE: Final = frozenset(SQUARES)


def _light_squares() -> str:
    """The forbidden light squares (R1): one path, they are never interactive."""
    cells = []
    for square in range(SIZE * SIZE):
        if square not in _PLAYABLE:
            x, y = square_origin(square)
            cells.append(f"M{x} {y}h{CELL}v{CELL}h-{CELL}z")
    return f'<path class="light" d="{"".join(cells)}" fill="{palette.LIGHT_SQUARE}"/>'


# --------------------------------------------------------------------------- margin


def _coordinates() -> str:
    out = []
    style = f'fill="{palette.LABEL}" font-size="24" text-anchor="middle"'
    for file in range(SIZE):
        x = MARGIN + file * CELL + CELL // 2
        for y in (MARGIN + BOARD + LABEL_GAP + 8, MARGIN - LABEL_GAP + 8):
            out.append(f'<text x="{x}" y="{y}" {style}>{FILES[file]}</text>')
    for rank in range(SIZE):
        y = MARGIN + (SIZE - 1 - rank) * CELL + CELL // 2 + 8
        for x in (MARGIN - LABEL_GAP, MARGIN + BOARD + LABEL_GAP):
            out.append(f'<text x="{x}" y="{y}" {style}>{rank + 1}</text>')
    font = 'font-family="system-ui, sans-serif"'
    return f'<g class="coords" aria-hidden="true" {font}>{"".join(out)}</g>'


def _tray_anchor(colour: str) -> tuple[int, int]:
    """Centre of a colour's reserve tray: in the margin beside its rive, outside the
    coordinates."""
    outer = TRAY_GAP
    mid = MARGIN + BOARD // 2
    edge = EDGE[colour]
    if edge == "south":
        return mid + 2 * CELL, VIEW - outer
    if edge == "north":
        return mid - 2 * CELL, outer
    if edge == "west":
        return outer, mid + 2 * CELL
    return VIEW - outer, mid - 2 * CELL


def _trays(view: BoardView) -> str:
    out = []
    for colour in view.seated:
        count = view.reserves.get(colour, 0)
        cx, cy = _tray_anchor(colour)
        side = palette.SIDES[colour]
        turn = colour == view.to_move
        vertical = EDGE[colour] in ("west", "east")
        width, height = (40, 124) if vertical else (136, 38)
        classes = "tray turn" if turn else "tray"
        label = escape(
            i18n.t(view.lang, "reserve.label", colour=i18n.colour(view.lang, colour), count=count)
        )
        stroke = (
            f'stroke="{palette.HIGHLIGHT}" stroke-width="5"'
            if turn
            else f'stroke="{side.pip}" stroke-width="2"'
        )
        body = (
            f'<rect x="{cx - width // 2}" y="{cy - height // 2}" width="{width}" '
            f'height="{height}" rx="12" fill="{side.soft}" {stroke}/>'
        )
        if vertical:
            die_x, die_y = cx - 15, cy - 54
            text_x, text_y, font = cx, cy + 38, 24
        else:
            die_x, die_y = cx - 60, cy - 15
            text_x, text_y, font = cx + 22, cy + 11, 30
        body += die_face(colour, 1, x=die_x, y=die_y, size=30)
        body += (
            f'<text x="{text_x}" y="{text_y}" font-size="{font}" font-weight="700" '
            f'text-anchor="middle" fill="{side.ink}">×{count}</text>'
        )
        out.append(
            f'<g class="{classes}" data-reserve="{colour}" data-count="{count}" role="img" '
            f'aria-label="{label}">{body}</g>'
        )
    return f'<g class="trays" font-family="system-ui, sans-serif">{"".join(out)}</g>'


def _turn_strip(view: BoardView) -> str:
    """A bar along the edge of the side to move: whose turn it is, at a glance."""
    if view.to_move is None:
        return ""
    colour = view.to_move
    edge = EDGE[colour]
    thick = 8
    if edge == "south":
        x, y, w, h = MARGIN, MARGIN + BOARD + 2, BOARD, thick
    elif edge == "north":
        x, y, w, h = MARGIN, MARGIN - 2 - thick, BOARD, thick
    elif edge == "west":
        x, y, w, h = MARGIN - 2 - thick, MARGIN, thick, BOARD
    else:
        x, y, w, h = MARGIN + BOARD + 2, MARGIN, thick, BOARD
    return (
        f'<rect class="turn-strip" data-turn="{colour}" x="{x}" y="{y}" width="{w}" '
        f'height="{h}" rx="4" fill="{palette.SIDES[colour].pip}"/>'
    )


# --------------------------------------------------------------------------- overlays


def _links(view: BoardView) -> str:
    """Chain links across the shared corner of two touching dice, over the board so
    a chain reads as one piece; they never take clicks."""
    styles = {
        "anchored": ("#ffffff", 7, "0.85"),
        "formed": (palette.HIGHLIGHT, 11, "1"),
        "winning": (palette.HIGHLIGHT, 15, "1"),
    }
    out = []
    for a, b, kind in view.links:
        colour, width, opacity = styles[kind]
        (ax, ay), (bx, by) = square_centre(a), square_centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (bx - ax) * 0.17, (by - ay) * 0.17
        out.append(
            f'<line class="link link-{kind}" x1="{_num(mx - dx)}" y1="{_num(my - dy)}" '
            f'x2="{_num(mx + dx)}" y2="{_num(my + dy)}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round" stroke-opacity="{opacity}"/>'
        )
    return "".join(out)


def _jump_paths(view: BoardView) -> str:
    """Each jump's route, hidden until its destination is hovered (or under the keyboard
    cursor): a multi-jump is easier to trust when you see the hops."""
    out = []
    for end, path in sorted(view.paths.items()):
        points = " ".join(f"{x},{y}" for x, y in (square_centre(s) for s in path))
        shown = " shown" if end == view.cursor else ""
        out.append(
            f'<polyline class="jump-path{shown}" data-for="{square_name(end)}" '
            f'points="{points}" fill="none" stroke="{palette.HIGHLIGHT}" stroke-width="8" '
            'stroke-dasharray="4 14" stroke-linecap="round" stroke-linejoin="round"/>'
        )
    return "".join(out)


def _hint(view: BoardView) -> str:
    if view.hint is None:
        return ""
    start, end = view.hint
    ex, ey = square_centre(end)
    colour = "#34c3ff"
    if start < 0 or start == end:
        return (
            f'<circle class="hint" cx="{ex}" cy="{ey}" r="44" fill="none" stroke="{colour}" '
            f'stroke-width="9" stroke-opacity="0.9"/>'
        )
    sx, sy = square_centre(start)
    length = ((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5
    ux, uy = (ex - sx) / length, (ey - sy) / length
    tip_x, tip_y = ex - ux * 22, ey - uy * 22
    base_x, base_y = tip_x - ux * 30, tip_y - uy * 30
    px, py = -uy * 18, ux * 18
    return (
        f'<g class="hint" fill="{colour}" stroke="{colour}" opacity="0.9">'
        f'<line x1="{sx}" y1="{sy}" x2="{_num(base_x)}" y2="{_num(base_y)}" stroke-width="12" '
        f'stroke-linecap="round"/><path d="M{_num(tip_x)} {_num(tip_y)} '
        f'L{_num(base_x + px)} {_num(base_y + py)} L{_num(base_x - px)} {_num(base_y - py)} Z" '
        f'stroke="none"/></g>'
    )


# --------------------------------------------------------------------------- board


def render_board(
    view: BoardView, *, standalone: bool = False, size: int = 560, static: bool = False
) -> str:
    """The whole board as one ``<svg>`` element.

    ``standalone`` adds an XML declaration and a pixel size, for files; the page sizes
    the board with CSS instead.  ``static`` draws a picture for documents (the rules page,
    SVG files): one labelled image, without the squares' ids and button roles.
    """
    lang = view.lang
    if view.to_move is None:
        label = i18n.t(lang, "board.label.over")
    else:
        turn = i18n.t(lang, "status.to_move", colour=i18n.colour(lang, view.to_move))
        label = i18n.t(lang, "board.label", to_move=turn)
    sized = f' width="{size}" height="{size}"' if standalone else ""
    # The skeleton drawn before Python starts has no position: the page's data-position
    # contract ("this is the current position") holds only once the game is live.
    position = f' data-position="{escape(view.position)}"' if view.position else ""
    svg = (
        f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}"'
        f'{sized}{position} role="{"img" if static else "group"}" '
        f'aria-label="{escape(label)}">'
        f'<rect class="frame" width="{VIEW}" height="{VIEW}" rx="24" fill="{palette.MARGIN}"/>'
        f"{_coordinates()}{_trays(view)}{_turn_strip(view)}{_light_squares()}"
        f'<g class="squares">{_squares(view, static)}</g>'
        f'<g class="links" pointer-events="none">{_links(view)}</g>'
        f'<g class="overlay" pointer-events="none">{_jump_paths(view)}{_hint(view)}</g>'
        '<g class="fx" pointer-events="none"></g></svg>'
    )
    if standalone:
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n"
    return svg


def main(argv: list[str] | None = None) -> int:
    # Command-line only: argparse alone costs the page ~0.1 s of start-up in Pyodide.
    import argparse

    from ..game import Game
    from .highlights import board_view

    parser = argparse.ArgumentParser(
        prog="python -m derive.web.svg", description="Render a position as an SVG file."
    )
    parser.add_argument("position", help="a position in notation, e.g. 'r1c1 y ry L2'")
    parser.add_argument("--select", help="show this die's moves, e.g. c1")
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    parser.add_argument("--size", type=int, default=560, help="width and height in pixels")
    args = parser.parse_args(argv)
    try:
        game = Game.from_position(args.position)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    view = board_view(game.explain(), selected=args.select, lang=args.lang)
    sys.stdout.write(render_board(view, standalone=True, size=args.size, static=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
