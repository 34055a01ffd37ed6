"""The board as SVG: one pure function from a ``BoardView`` to markup.

The board knows no rules (chessground's principle): a ``BoardView`` says what to draw
(dice, highlights, reserves) and ``render_board`` draws it.  ``highlights.board_view`` builds
the view from the engine's ``explain()``.  The same function renders the page's board, the
static skeleton in index.html and SVG files for the rules pages::

    python -m derive.web.board.svg "r3d10,r2e9,r1g7 r ry L2" --select e9 > board.svg

Geometry: one square is 100 user units; the 10×10 board sits inside a margin that holds
the coordinates, the turn marker and each colour's reserve beside its own rive.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Final

from ...board import FILES, SIZE, SQUARES, rives_of, square_name
from ..words import i18n
from . import palette
from .shapes import Shape, shapes_svg

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

#: The screen edges in clockwise order, from the bottom.
_SCREEN: Final = ("bottom", "left", "top", "right")
_COMPASS: Final = ("south", "west", "north", "east")


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
    shapes: tuple[Shape, ...] = ()
    """Arrows and markers over the position (the review's better move)."""
    lang: str = "en"
    bottom: str = "r"
    """The colour whose rive is drawn at the bottom: the board turns, the squares keep
    their names (a player on blue sees the board from the west edge)."""


def screen_edge(colour: str, bottom: str = "r") -> str:
    """Where ``colour``'s rive is drawn when ``bottom``'s rive is at the bottom."""
    turns = _COMPASS.index(EDGE[bottom])
    return _SCREEN[(_COMPASS.index(EDGE[colour]) - turns) % 4]


def _cell(file: int, rank: int, bottom: str) -> tuple[int, int]:
    """Screen column and row (0 at the top) of a square seen from ``bottom``'s rive."""
    edge = EDGE[bottom]
    last = SIZE - 1
    if edge == "south":
        return file, last - rank
    if edge == "north":
        return last - file, rank
    if edge == "west":  # seen from the west: south on the right
        return last - rank, last - file
    return rank, file  # from the east: south on the left


def screen_cell(square: int, bottom: str = "r") -> tuple[int, int]:
    """Column and row (0 at the top) where ``square`` is drawn."""
    return _cell(square % SIZE, square // SIZE, bottom)


def square_origin(square: int, bottom: str = "r") -> tuple[int, int]:
    """Top-left corner of ``square`` in user units (rank 10 at the top when red's rive
    is at the bottom)."""
    col, row = screen_cell(square, bottom)
    return MARGIN + col * CELL, MARGIN + row * CELL


def square_centre(square: int, bottom: str = "r") -> tuple[int, int]:
    x, y = square_origin(square, bottom)
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
            _edged(
                '<rect class="ring-selected" x="5" y="5" width="90" height="90" rx="22" '
                'fill="none" {paint}/>',
                7,
            )
        )
    if die.winning:
        classes.append("winning")
        extra.append(
            f'<rect class="ring-winning" x="3" y="3" width="94" height="94" rx="24" '
            f'fill="{palette.HIGHLIGHT}" fill-opacity="0.6" stroke="{palette.HIGHLIGHT_EDGE}" '
            'stroke-width="3"/>'
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


def _square_fill(square: int, bottom: str) -> str:
    rives = rives_of(square)
    if len(rives) == 2:
        return _corner(rives, bottom)
    if rives:
        return f'<rect width="100" height="100" fill="{palette.SIDES[rives].rive}"/>'
    return f'<rect width="100" height="100" fill="{palette.DARK_SQUARE}"/>'


_HALVES: Final = {
    # Each half of a square cut by one diagonal, named by the two edges it touches.
    frozenset(("top", "left")): "M0 0 L100 0 L0 100 Z",
    frozenset(("bottom", "right")): "M100 0 L100 100 L0 100 Z",
    frozenset(("top", "right")): "M0 0 L100 0 L100 100 Z",
    frozenset(("bottom", "left")): "M0 0 L100 100 L0 100 Z",
}
_FACING: Final = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def _corner(rives: str, bottom: str) -> str:
    """A shared corner (R3) split along its diagonal, each half in the colour of the
    board edge it touches (from red's side, a1 is blue on the upper-left half and red on
    the lower-right); the cut turns with the board."""
    edges = {c: screen_edge(c, bottom) for c in rives}
    out = []
    for colour, edge in edges.items():
        # The half touching this rive's edge and the opposite of the other rive's edge.
        other = next(e for c, e in edges.items() if c != colour)
        half = _HALVES[frozenset((edge, _FACING[other]))]
        out.append(f'<path d="{half}" fill="{palette.SIDES[colour].rive}"/>')
    return "".join(out)


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


def _edged(shape: str, width: float) -> str:
    """``shape`` stroked in the accent over a wider dark edge: readable on any colour."""
    edge = f'stroke="{palette.HIGHLIGHT_EDGE}" stroke-width="{_num(width + 5)}"'
    light = f'stroke="{palette.HIGHLIGHT}" stroke-width="{_num(width)}"'
    return shape.format(paint=edge) + shape.format(paint=light)


_BRACKETS: Final = "M5 31 V5 H31 M69 5 H95 V31 M95 69 V95 H69 M31 95 H5 V69"
#: The last move's squares: four corner brackets, clear of the die and of capture marks'
#: colour, so the mark reads on every rive (a wash of colour all but vanished on some).
_LAST_MARK: Final = (
    '<g class="mark-last" fill="none" stroke-linecap="square">'
    + _edged(f'<path d="{_BRACKETS}" {{paint}}/>', 6).replace("{{", "{")
    + "</g>"
)


def _markers(square: int, view: BoardView) -> tuple[str, str]:
    """Marks drawn under the die (last move) and over it (destinations, targets)."""
    under = []
    over = []
    if square in view.last:
        under.append(_LAST_MARK)
    if square in view.enters:
        over.append(
            '<g class="mark-enter"><circle cx="50" cy="50" r="19" fill="#fff" '
            'fill-opacity="0.28"/><path d="M50 39 V61 M39 50 H61" stroke="#fff" '
            'stroke-width="6" stroke-linecap="round"/></g>'
        )
    if square in view.steps:
        over.append(
            f'<circle class="mark-step" cx="50" cy="50" r="15" fill="{palette.HIGHLIGHT}" '
            f'stroke="{palette.HIGHLIGHT_EDGE}" stroke-width="4"/>'
        )
    if square in view.jumps:
        over.append(
            '<g class="mark-jump">'
            + _edged('<circle cx="50" cy="50" r="22" fill="none" {paint}/>', 7)
            + f'<circle cx="50" cy="50" r="8" fill="{palette.HIGHLIGHT}" '
            f'stroke="{palette.HIGHLIGHT_EDGE}" stroke-width="3"/></g>'
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


def _squares(view: BoardView, static: bool, ids: str) -> str:
    dice = {d.square: d for d in view.dice}
    out = []
    for square in SQUARES:
        x, y = square_origin(square, view.bottom)
        die = dice.get(square)
        under, over = _markers(square, view)
        # A picture has no buttons, and several pictures on one page must not repeat ids.
        name = square_name(square)
        control = (
            ""
            if static
            else f'id="{ids}{name}" role="button" '
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
            f'transform="translate({x} {y})">{_square_fill(square, view.bottom)}{under}'
            f"{_die(die, view) if die else ''}{over}</g>"
        )
    return "".join(out)


_PLAYABLE: Final = frozenset(SQUARES)


def _light_squares(bottom: str) -> str:
    """The forbidden light squares (R1): one path, they are never interactive."""
    cells = []
    for square in range(SIZE * SIZE):
        if square not in _PLAYABLE:
            x, y = square_origin(square, bottom)
            cells.append(f"M{x} {y}h{CELL}v{CELL}h-{CELL}z")
    return f'<path class="light" d="{"".join(cells)}" fill="{palette.LIGHT_SQUARE}"/>'


# --------------------------------------------------------------------------- margin


def _coordinates(bottom: str) -> str:
    out = []
    style = f'fill="{palette.LABEL}" font-size="24" text-anchor="middle"'
    across = EDGE[bottom] in ("south", "north")
    # Files run across the board seen from red or yellow, up it seen from blue or green.
    labels = [(FILES[i], _cell(i, 0, bottom)[0 if across else 1]) for i in range(SIZE)]
    ranks = [(str(i + 1), _cell(0, i, bottom)[1 if across else 0]) for i in range(SIZE)]
    columns, rows = (labels, ranks) if across else (ranks, labels)
    for text, col in columns:
        x = MARGIN + col * CELL + CELL // 2
        for y in (MARGIN + BOARD + LABEL_GAP + 8, MARGIN - LABEL_GAP + 8):
            out.append(f'<text x="{x}" y="{y}" {style}>{text}</text>')
    for text, row in rows:
        y = MARGIN + row * CELL + CELL // 2 + 8
        for x in (MARGIN - LABEL_GAP, MARGIN + BOARD + LABEL_GAP):
            out.append(f'<text x="{x}" y="{y}" {style}>{text}</text>')
    font = 'font-family="system-ui, sans-serif"'
    return f'<g class="coords" aria-hidden="true" {font}>{"".join(out)}</g>'


def _tray_anchor(colour: str, bottom: str) -> tuple[int, int]:
    """Centre of a colour's reserve tray: in the margin beside its rive, outside the
    coordinates."""
    outer = TRAY_GAP
    mid = MARGIN + BOARD // 2
    edge = screen_edge(colour, bottom)
    if edge == "bottom":
        return mid + 2 * CELL, VIEW - outer
    if edge == "top":
        return mid - 2 * CELL, outer
    if edge == "left":
        return outer, mid + 2 * CELL
    return VIEW - outer, mid - 2 * CELL


def _trays(view: BoardView) -> str:
    out = []
    for colour in view.seated:
        count = view.reserves.get(colour, 0)
        cx, cy = _tray_anchor(colour, view.bottom)
        side = palette.SIDES[colour]
        turn = colour == view.to_move
        vertical = screen_edge(colour, view.bottom) in ("left", "right")
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
    edge = screen_edge(colour, view.bottom)
    thick = 8
    if edge == "bottom":
        x, y, w, h = MARGIN, MARGIN + BOARD + 2, BOARD, thick
    elif edge == "top":
        x, y, w, h = MARGIN, MARGIN - 2 - thick, BOARD, thick
    elif edge == "left":
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
    # An anchored chain is drawn thin, a well-formed one thick, the winning one thicker.
    widths = {"anchored": 5, "formed": 10, "winning": 14}
    out = []
    for a, b, kind in view.links:
        (ax, ay), (bx, by) = square_centre(a, view.bottom), square_centre(b, view.bottom)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (bx - ax) * 0.17, (by - ay) * 0.17
        line = (
            f'<line x1="{_num(mx - dx)}" y1="{_num(my - dy)}" x2="{_num(mx + dx)}" '
            f'y2="{_num(my + dy)}" stroke-linecap="round" {{paint}}/>'
        )
        out.append(f'<g class="link link-{kind}">{_edged(line, widths[kind])}</g>')
    return "".join(out)


def _jump_paths(view: BoardView) -> str:
    """Each jump's route, hidden until its destination is hovered (or under the keyboard
    cursor): a multi-jump is easier to trust when you see the hops.

    The hover is the drawing's own style rule, one per route, not a page's handler: the
    browser works ``:hover`` out again after every redraw, whereas a handler that marked the
    route on ``pointerover`` lost it when the board was redrawn under a resting pointer (the
    game page's did, once, in its browser test), and the Learn, puzzle and embedded boards
    had none. The rule names its board through ``:has``, so two boards on a page keep
    their routes apart (a browser without ``:has``, none since 2023, shows a route under
    the keyboard cursor only)."""
    out = []
    rules = []
    for end, path in sorted(view.paths.items()):
        name = square_name(end)
        points = " ".join(f"{x},{y}" for x, y in (square_centre(s, view.bottom) for s in path))
        shown = " shown" if end == view.cursor else ""
        out.append(
            f'<polyline class="jump-path{shown}" data-for="{name}" '
            f'points="{points}" fill="none" stroke="{palette.HINT}" stroke-width="8" '
            'stroke-dasharray="4 14" stroke-linecap="round" stroke-linejoin="round"/>'
        )
        rules.append(f'.board:has([data-square="{name}"]:hover) .jump-path[data-for="{name}"]')
    if rules:
        out.append(f"<style>{','.join(rules)}{{opacity:0.95}}</style>")
    return "".join(out)


def _hint(view: BoardView) -> str:
    if view.hint is None:
        return ""
    start, end = view.hint
    ex, ey = square_centre(end, view.bottom)
    colour = palette.HINT
    if start < 0 or start == end:
        return (
            f'<circle class="hint" cx="{ex}" cy="{ey}" r="44" fill="none" stroke="{colour}" '
            f'stroke-width="9" stroke-opacity="0.9"/>'
        )
    sx, sy = square_centre(start, view.bottom)
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
    view: BoardView,
    *,
    standalone: bool = False,
    size: int = 560,
    static: bool = False,
    ids: str = "sq-",
) -> str:
    """The whole board as one ``<svg>`` element.

    ``standalone`` adds an XML declaration and a pixel size, for files; the page sizes
    the board with CSS instead.  ``static`` draws a picture for documents (the rules page,
    SVG files): one labelled image, without the squares' ids and button roles.  ``ids``
    prefixes the squares' ids (``sq-c1``), so that several live boards on one page (the
    Learn page's lessons) keep them unique.
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
        f'{sized}{position} data-bottom="{view.bottom}" role="{"img" if static else "group"}" '
        f'aria-label="{escape(label)}">'
        f'<rect class="frame" width="{VIEW}" height="{VIEW}" rx="24" fill="{palette.MARGIN}"/>'
        f"{_coordinates(view.bottom)}{_trays(view)}{_turn_strip(view)}"
        f"{_light_squares(view.bottom)}"
        f'<g class="squares">{_squares(view, static, ids)}</g>'
        f'<g class="links" pointer-events="none">{_links(view)}</g>'
        f'<g class="overlay" pointer-events="none">{_jump_paths(view)}{_hint(view)}'
        f"{shapes_svg(view.shapes, lambda square: square_centre(square, view.bottom))}</g>"
        '<g class="fx" pointer-events="none"></g></svg>'
    )
    if standalone:
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n"
    return svg
