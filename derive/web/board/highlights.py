"""From the engine's ``explain()`` to what the board shows.

The UI knows no rules: destinations, captures, protection, obligation and chains all come
from the explanation; this module only maps them onto squares and picks what to show for
the current selection.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

from ...board import NEIGHBOURS, parse_square
from ...notation import ADJUST, CAPTURE, ENTER, MOVE, REROLL, Move
from ...rulesets import RULE_SETS
from .shapes import Shape
from .svg import BoardView, DieView


def move_squares(notation: str | None) -> tuple[int, ...]:
    """The squares a move touches, start first: what "last move" highlights."""
    if not notation:
        return ()
    move = Move.parse(notation)
    if move.kind == ENTER:
        return (move.to_square,)
    if move.kind in (MOVE, CAPTURE):
        return (move.from_square, move.to_square)
    if move.kind in (ADJUST, REROLL):
        return (move.from_square,)
    return ()


def move_arrow(notation: str) -> tuple[int, int] | None:
    """``(from, to)`` for drawing a suggested move; ``from`` is -1 for an enter."""
    move = Move.parse(notation)
    if move.kind == ENTER:
        return (-1, move.to_square)
    if move.kind in (MOVE, CAPTURE):
        return (move.from_square, move.to_square)
    if move.kind in (ADJUST, REROLL):
        return (move.from_square, move.from_square)
    return None


def _squares(names: Iterable[str]) -> frozenset[int]:
    return frozenset(parse_square(name) for name in names)


def chain_links(
    chains: Iterable[Mapping[str, Any]], winning: frozenset[int]
) -> tuple[tuple[int, int, str], ...]:
    """Links between touching dice of anchored chains, styled by what the chain is."""
    links: list[tuple[int, int, str]] = []
    for chain in chains:
        if not chain["anchored"] or chain["length"] < 2:
            continue
        squares = sorted(_squares(chain["squares"]))
        if winning and set(squares) <= winning:
            kind = "winning"
        elif chain["well_formed"]:
            kind = "formed"
        else:
            kind = "anchored"
        links.extend((a, b, kind) for a, b in combinations(squares, 2) if b in NEIGHBOURS[a])
    return tuple(links)


def chains_matter(rule_set: str) -> bool:
    """Chains are part of the rules only with protection, obligation or a chain goal
    (not in L1, where one die on the opposite rive wins)."""
    rules = RULE_SETS[rule_set]
    return rules.protection or rules.obligation or rules.goal > 1


def board_view(
    explanation: Mapping[str, Any],
    *,
    selected: str | None = None,
    interactive: bool = True,
    show_enters: bool = True,
    hint: str | None = None,
    cursor: str | None = None,
    lang: str = "en",
    bottom: str = "r",
) -> BoardView:
    """The board for ``explanation`` (a ``Game.explain()`` dict).

    ``selected`` is a die of the player to move whose actions light up; ``interactive``
    False (an AI's turn, a past position) shows the position and what the rules say
    about it, but no moves.
    """
    over = explanation["winner"] is not None or explanation["drawn"]
    winning = _squares(explanation["winning_chain"])
    dice = tuple(
        DieView(
            square=parse_square(d["square"]),
            colour=d["colour"],
            value=d["value"],
            protected=d["protected"],
            obliged=d["obliged"] and bool(explanation["obligation"]["in_force"]),
            winning=parse_square(d["square"]) in winning,
        )
        for d in explanation["dice"]
    )
    steps: set[int] = set()
    jumps: set[int] = set()
    paths: dict[int, tuple[int, ...]] = {}
    captures: frozenset[int] = frozenset()
    enters: frozenset[int] = frozenset()
    options = explanation["moves"].get(selected) if interactive and selected else None
    if options is not None and selected is not None:
        start = parse_square(selected)
        for name, path in options["destinations"].items():
            square = parse_square(name)
            if square in NEIGHBOURS[start]:
                steps.add(square)
            else:
                jumps.add(square)
                paths[square] = tuple(parse_square(p) for p in path)
        captures = _squares(options["captures"])
    elif interactive and show_enters and not selected:
        enters = _squares(explanation["enter"])
    obligation = explanation["obligation"]
    targets: frozenset[int] = frozenset()
    if obligation["in_force"] and not over:
        targets = _squares(t for group in obligation["obliged"].values() for t in group)
    links: tuple[tuple[int, int, str], ...] = ()
    if chains_matter(explanation["rule_set"]):
        links = chain_links(explanation["chains"], winning)
    return BoardView(
        position=explanation["position"],
        dice=dice,
        seated=explanation["seating"].replace("/", ""),
        reserves=dict(explanation["reserves"]),
        to_move=None if over else explanation["to_move"],
        selected=parse_square(selected) if selected else None,
        steps=frozenset(steps),
        jumps=frozenset(jumps),
        paths=paths,
        captures=captures,
        enters=enters,
        obliged_targets=targets,
        last=move_squares(explanation["last_move"]),
        links=links,
        hint=move_arrow(hint) if hint else None,
        cursor=parse_square(cursor) if cursor else None,
        lang=lang,
        bottom=bottom,
    )


def move_shape(notation: str, *, title: str = "", brush: str = "better") -> Shape | None:
    """A move drawn over the board (the review's better move), its squares read by the
    engine's notation: an arrow for a step, jump or capture, a marker on the entry square
    for an enter, a ring on the die for an adjust or a re-roll; ``None`` for a pass."""
    move = Move.parse(notation)
    if move.kind == ENTER:
        return Shape(move.to_square, None, brush, title, notation)
    if move.kind in (MOVE, CAPTURE):
        return Shape(move.to_square, move.from_square, brush, title, notation)
    if move.kind in (ADJUST, REROLL):
        return Shape(move.from_square, move.from_square, brush, title, notation)
    return None
