"""The Learn pages' legend, "Reading the boards": each mark a board draws, pictured by the
board's own drawing and described in words that are checked against that drawing.

Every item is a tiny position drawn by ``derive.web.board.svg.render_board`` (the function that
draws every board of the game and of the Learn pages), cropped to the squares it is about.
Its words describe a *look* — the shapes and paints of the mark it shows, in the drawing's
own terms (``"rect stroke=#ffffff"``) — which the build compares with what ``render_board``
draws now (``check``): if a palette or a shape changes, the build stops and says which
item's words describe the old drawing, so the legend cannot drift from the boards again.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Final

from derive.board import parse_square
from derive.web.board.svg import CELL, MARGIN, VIEW, BoardView, DieView, render_board
from derive.web.learn.lessons import Words

SVG_NS: Final = "http://www.w3.org/2000/svg"
_Q: Final = f"{{{SVG_NS}}}"
ET.register_namespace("", SVG_NS)

PAD: Final = 8
"""User units of board shown around the cropped squares."""


class LegendError(ValueError):
    pass


def _squares(names: str) -> frozenset[int]:
    return frozenset(parse_square(name) for name in names.split())


def _die(square: str, colour: str, value: int, **flags: bool) -> DieView:
    return DieView(parse_square(square), colour, value, **flags)


@dataclass(frozen=True)
class Item:
    mark: str
    """The class of the drawn mark the item is about."""
    view: BoardView
    crop: str
    """The squares shown, by name; ``"tray"``: the bottom edge with red's reserve."""
    look: frozenset[str]
    """What the words describe: the mark's shapes and paints (see ``look_of``)."""
    words: Words
    extra: tuple[str, ...] = field(default=())
    """Marks that must be drawn too, for the words to hold (a jump ring's selected die)."""


_WHITE_ON_DARK = frozenset({"{} stroke=#151515", "{} stroke=#ffffff"})


def _edged(tag: str) -> frozenset[str]:
    """The accent stroked over a wider dark edge (``svg._edged``)."""
    return frozenset(entry.format(tag) for entry in _WHITE_ON_DARK)


def _link(width: int) -> frozenset[str]:
    """A chain's link ``width`` wide, white over a dark edge."""
    return frozenset(
        {
            "g",
            f"line stroke=#151515 stroke-width={width + 5}",
            f"line stroke=#ffffff stroke-width={width}",
        }
    )


def _chain(kind: str, values: tuple[int, int], width: int, words: Words) -> Item:
    """Two red dice touching on d10 and e9, linked as a chain of ``kind``."""
    winning = kind == "winning"
    dice = tuple(
        _die(square, "r", value, winning=winning)
        for square, value in zip(("d10", "e9"), values, strict=True)
    )
    link = (parse_square("d10"), parse_square("e9"), kind)
    extra = ("ring-winning",) if winning else ()
    return Item(
        f"link-{kind}",
        BoardView("", dice=dice, links=(link,)),
        "d10 e9",
        _link(width),
        words,
        extra,
    )


E5, F6, G7 = "e5", "f6", "g7"
ITEMS: Final[tuple[Item, ...]] = (
    Item(
        "ring-selected",
        BoardView("", dice=(_die(E5, "r", 3),), selected=parse_square(E5)),
        E5,
        _edged("rect"),
        Words(
            "Un cadre blanc cerné de sombre autour d’un dé : le dé choisi.",
            "A white frame edged in dark around a die: the selected die.",
        ),
    ),
    Item(
        "mark-step",
        BoardView("", dice=(_die(E5, "r", 3),), selected=parse_square(E5), steps=_squares(F6)),
        f"{E5} {F6}",
        frozenset({"circle fill=#ffffff stroke=#151515"}),
        Words(
            "Un point blanc cerné de sombre : une case où le dé choisi peut aller.",
            "A white dot edged in dark: a square the selected die can step to.",
        ),
        ("ring-selected",),
    ),
    Item(
        "mark-jump",
        BoardView(
            "",
            dice=(_die(E5, "r", 3), _die(F6, "y", 5)),
            selected=parse_square(E5),
            jumps=_squares(G7),
        ),
        f"{E5} {F6} {G7}",
        _edged("circle") | {"g", "circle fill=#ffffff stroke=#151515"},
        Words(
            "Un anneau blanc cerné de sombre, un point en son centre : une case où il peut sauter.",
            "A white ring edged in dark, with a dot at its centre: a square it can jump to.",
        ),
        ("ring-selected",),
    ),
    Item(
        "mark-capture",
        BoardView(
            "",
            dice=(_die(E5, "r", 3), _die(F6, "y", 2)),
            selected=parse_square(E5),
            captures=_squares(F6),
        ),
        f"{E5} {F6}",
        frozenset({"g fill=#ff7043 stroke=#fff", "path"}),
        Words(
            "Quatre coins orange sur un dé adverse : le dé choisi peut le prendre.",
            "Four orange corners on an adversary die: the selected die can capture it.",
        ),
        ("ring-selected",),
    ),
    Item(
        "mark-enter",
        BoardView("", enters=_squares("c1")),
        "c1",
        frozenset({"g", "circle fill=#fff", "path stroke=#fff"}),
        Words(
            "Une croix blanche dans un disque clair sur une case de votre rive : vous "
            "pouvez y entrer un dé.",
            "A white plus in a pale disc on a square of your rive: you can enter a die there.",
        ),
    ),
    Item(
        "mark-last",
        BoardView("", dice=(_die(F6, "r", 3),), last=(parse_square(E5), parse_square(F6))),
        f"{E5} {F6}",
        frozenset({"g", "path stroke=#151515", "path stroke=#ffffff"}),
        Words(
            "Des équerres blanches aux quatre coins des cases : le dernier coup, d’où le "
            "dé est parti et où il est arrivé.",
            "White corner brackets on squares: the last move, where the die left and where "
            "it arrived.",
        ),
    ),
    Item(
        "shield",
        BoardView("", dice=(_die(E5, "r", 4, protected=True),)),
        E5,
        frozenset({"path fill=#8e1b1b stroke=#fff"}),
        Words(
            "Un bouclier dans le coin d’un dé : un dé protégé, qui ne peut pas être pris.",
            "A shield in a die's corner: a protected die, which cannot be captured.",
        ),
    ),
    Item(
        "ring-obliged",
        BoardView("", dice=(_die(E5, "r", 5, obliged=True),)),
        E5,
        frozenset({"rect stroke=#ff7043 dash"}),
        Words(
            "Un cadre orange en pointillés autour d’un dé : il est obligé de prendre.",
            "A dashed orange frame around a die: it must capture.",
        ),
    ),
    _chain(
        "anchored",
        (4, 2),
        5,
        Words(
            "Un trait fin, blanc cerné de sombre, entre deux dés qui se touchent : une chaîne "
            "ancrée.",
            "A thin white link edged in dark between touching dice: an anchored chain.",
        ),
    ),
    _chain(
        "formed",
        (5, 4),
        10,
        Words("Un trait épais : une chaîne bien formée.", "A thick link: a well-formed chain."),
    ),
    _chain(
        "winning",
        (5, 4),
        14,
        Words(
            "Un trait plus épais encore, et des dés sur fond blanc : la chaîne gagnante.",
            "A thicker link still, and dice on a white ground: the winning chain.",
        ),
    ),
    Item(
        "mark-cursor",
        BoardView("", dice=(_die(E5, "r", 3),), cursor=parse_square(E5)),
        E5,
        frozenset({"rect stroke=#fff dash"}),
        Words(
            "Un cadre blanc en tirets : la case sous le curseur du clavier (flèches, puis Entrée).",
            "A dashed white frame: the square under the keyboard cursor (arrow keys, then Enter).",
        ),
    ),
    Item(
        "turn-strip",
        BoardView("", seated="ry", reserves={"r": 5, "y": 5}, to_move="r"),
        "tray",
        frozenset({"rect fill=#d32f2f"}),
        Words(
            "Une barre de couleur le long d’un bord : à qui de jouer. À côté de chaque "
            "rive, la réserve de sa couleur, cerclée de blanc à son tour.",
            "A coloured bar along an edge: whose turn it is. Beside each rive, that colour's "
            "reserve, ringed in white on its turn.",
        ),
        ("tray",),
    ),
)


# --------------------------------------------------------------------------- drawing


def _classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def look_of(element: ET.Element) -> frozenset[str]:
    """A mark's shapes and paints: each element as its tag with its fill, stroke and
    whether it is dashed (``"rect stroke=#ffffff"``, ``"rect stroke=#ff7043 dash"``); a
    line (a chain's link, told apart by thickness) with its width too."""
    found = set()
    for part in element.iter():
        tag = part.tag.removeprefix(_Q)
        names = ("fill", "stroke", "stroke-width") if tag == "line" else ("fill", "stroke")
        paints = [f"{n}={part.get(n)}" for n in names if part.get(n) not in (None, "none")]
        dash = ["dash"] if part.get("stroke-dasharray") else []
        found.add(" ".join([tag, *paints, *dash]))
    return frozenset(found)


def _box(item: Item) -> tuple[int, int, int, int]:
    """The crop in user units: x, y, width, height."""
    if item.crop == "tray":
        # Red's tray, beside the bottom row's right half, and the turn bar above it.
        top = MARGIN + 9 * CELL + CELL // 2
        return MARGIN + 5 * CELL - PAD, top, 3 * CELL + 2 * PAD, VIEW - top
    from derive.web.board.svg import square_origin

    corners = [square_origin(parse_square(name)) for name in item.crop.split()]
    left = min(x for x, _ in corners) - PAD
    top = min(y for _, y in corners) - PAD
    right = max(x for x, _ in corners) + CELL + PAD
    bottom = max(y for _, y in corners) + CELL + PAD
    return left, top, right - left, bottom - top


def drawing(item: Item) -> ET.Element:
    """The board ``render_board`` draws for the item, cut down to its crop: only the
    squares shown (and, for the reserve, the margin), one decorative picture."""
    svg = ET.fromstring(render_board(item.view, static=True))
    shown = set(item.crop.split()) if item.crop != "tray" else set()
    for parent in list(svg.iter()):
        for child in list(parent):
            classes = _classes(child)
            square = child.get("data-square")
            drop = (
                "coords" in classes
                or ("trays" in classes and item.crop != "tray")
                or (square is not None and item.crop != "tray" and square not in shown)
            )
            if drop:
                parent.remove(child)
    x, y, width, height = _box(item)
    for name in ("role", "aria-label", "data-bottom"):
        svg.attrib.pop(name, None)
    svg.set("class", f"legend-pic legend-{item.mark}")
    svg.set("viewBox", f"{x} {y} {width} {height}")
    svg.set("aria-hidden", "true")
    svg.set("focusable", "false")
    return svg


def marks(svg: ET.Element, mark: str) -> list[ET.Element]:
    return [element for element in svg.iter() if mark in _classes(element)]


def check(items: Iterable[Item] = ITEMS) -> None:
    """``LegendError`` if an item's words no longer describe what the board draws."""
    for item in items:
        svg = drawing(item)
        for wanted in (item.mark, *item.extra):
            if not marks(svg, wanted):
                raise LegendError(f"legend {item.mark}: the drawing has no {wanted}")
        drawn = frozenset().union(*(look_of(m) for m in marks(svg, item.mark)))
        if drawn != item.look:
            raise LegendError(
                f"legend {item.mark}: its words describe {sorted(item.look)}, the board now "
                f"draws {sorted(drawn)}: update the words and the look in "
                "tools/pages/learn_legend.py"
            )


_XML_DECL = re.compile(r"^<\?xml[^>]*>\s*")


def legend_html(lang: str, label: str) -> str:
    """The legend as a list: each item's picture beside its words."""
    rows = []
    for item in ITEMS:
        picture = _XML_DECL.sub("", ET.tostring(drawing(item), encoding="unicode"))
        rows.append(
            f'<li data-mark="{item.mark}">{picture}<span>{escape(item.words.of(lang))}</span></li>'
        )
    return f'<ul class="legend" aria-label="{escape(label)}">{"".join(rows)}</ul>'


__all__ = ["ITEMS", "Item", "LegendError", "check", "drawing", "legend_html", "look_of", "marks"]
