"""HTML of the shelf: the "Your games" list and the shelf's messages (pure, escaped).

The list's contract (tests and outside checks rely on it): one ``[data-saved-game]``
element per saved game, with its id, and ``data-position`` its current position.  Each
game may show a small picture of its position, drawn by the board's own SVG function.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Final

from ...game import Game
from ..board import orientation
from ..board.highlights import board_view
from ..board.svg import render_board
from ..table.controller import HUMAN, Controller
from ..words import i18n
from .keeper import Keeper, Message
from .saved import MAX_GAMES, Entry, damaged_time

KIND_CLASS = {"error": "error", "warning": "error", "info": "info"}
"""Warnings look like errors: the player must see that the game is not being saved."""


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _button(ctrl: Controller, name: str, label: str, arg: str = "", **fields: object) -> str:
    return (
        f'<button type="button" data-shelf="{_attr(name)}" data-arg="{_attr(arg)}">'
        f"{escape(ctrl.t(label, **fields))}</button>"
    )


def entry_title(ctrl: Controller, entry: Entry) -> str:
    """``L2 · Blitz — Red – Yellow``."""
    setup = entry.record.get("setup", {})
    rule_set = str(setup.get("rule_set", ""))
    seating = str(setup.get("seating", ""))
    sides = seating.split("/") if "/" in seating else list(seating)
    who = i18n.sides(ctrl.lang, [s for s in sides if s and set(s) <= set("rbyg")])
    name = i18n.STRINGS[ctrl.lang].get(f"rules.{rule_set}", rule_set)
    return f"{rule_set} · {name} — {who}" if who else f"{rule_set} · {name}"


def entry_facts(ctrl: Controller, entry: Entry, when: Callable[[int], str]) -> str:
    """``move 12 · Red to play · against the computer · last played …``."""
    facts = [ctrl.t("games.move", ply=entry.ply)]
    if entry.result is None:
        fields = entry.position.split()
        if len(fields) > 1 and fields[1] in ("r", "b", "y", "g"):
            facts.append(ctrl.t("games.to_play", colour=ctrl.colour_name(fields[1])))
    elif entry.result == "":
        facts.append(ctrl.t("games.draw"))
    elif set(entry.result) <= set("rbyg"):
        facts.append(ctrl.t("games.won", side=i18n.side(ctrl.lang, entry.result)))
    if entry.you:
        facts.append(ctrl.t("games.you", colour=ctrl.colour_name(entry.you)))
    if entry.ai():
        facts.append(ctrl.t("games.vs_ai"))
    facts.append(ctrl.t("games.last", when=when(entry.updated)))
    return " · ".join(facts)


_PICTURES: dict[tuple[str, str, str, bool], str] = {}
"""Pictures already drawn, by what they show: the list is drawn again after every move,
and only the game on the board has moved."""
_BOARD_HOOKS: Final = re.compile(r' data-(?:square|die|position)="[^"]*"')


def entry_picture(entry: Entry, lang: str) -> str:
    """A small static picture of the entry's position, seen from the side this device
    plays; decoration (``aria-hidden``): the entry's text says what it shows.  Empty if
    its position cannot be read."""
    key = (entry.position, entry.you or "", lang, entry.over)
    if key not in _PICTURES:
        if len(_PICTURES) >= 2 * MAX_GAMES:
            _PICTURES.clear()
        _PICTURES[key] = _draw(entry, lang)
    return _PICTURES[key]


def _draw(entry: Entry, lang: str) -> str:
    try:
        game = Game.from_position(entry.position)
    except ValueError:
        return ""
    colours = game.seating.colours
    humans = [c for c, v in entry.seats.items() if v == HUMAN]
    bottom = entry.you or orientation.default_bottom(colours, humans)
    view = board_view(game.explain(), interactive=False, lang=lang, bottom=bottom)
    if entry.over:
        view = replace(view, to_move=None)  # a draw leaves no winning chain to say so
    # Another class and none of the board's hooks: the page's board stays the only element
    # that answers its selectors ("svg.board", "[data-square]", "[data-die]").
    svg = _BOARD_HOOKS.sub("", render_board(view, static=True))
    svg = svg.replace('<svg class="board"', '<svg class="saved-board"', 1)
    return f'<span class="saved-picture" aria-hidden="true">{svg}</span>'


def games_html(keeper: Keeper, when: Callable[[int], str], *, pictures: bool = False) -> str:
    """The "Your games" list: each saved game (resume, review, export, delete) and the texts
    kept aside because they could not be read (export, repair, delete).  ``pictures``:
    with a small picture of each game (while the list is open: a page with many games
    need not hold them all the rest of the time)."""
    ctrl = keeper.ctrl
    shelf = keeper.shelf
    if shelf is None:
        return ""
    current = keeper.bound.id if keeper.bound is not None else None
    rows = []
    for entry in shelf.recent():
        here = entry.id == current
        buttons = [] if here else [_button(ctrl, "resume", "games.resume", entry.id)]
        if entry.moves:  # opens the game (if it is another) and its review
            buttons.append(_button(ctrl, "review", "games.review", entry.id))
        buttons.append(_button(ctrl, "export", "games.export", entry.id))
        if not here:  # the game on the board stays: it would be saved again at once
            buttons.append(_button(ctrl, "delete", "games.delete", entry.id))
        mark = f' <span class="saved-here">{escape(ctrl.t("games.current"))}</span>' if here else ""
        current_attr = ' aria-current="true"' if here else ""
        picture = entry_picture(entry, ctrl.lang) if pictures else ""
        rows.append(
            f'<li class="saved-game{" pictured" if picture else ""}" '
            f'data-saved-game="{_attr(entry.id)}" '
            f'data-position="{_attr(entry.position)}"{current_attr}>{picture}'
            f'<span class="saved-title">{escape(entry_title(ctrl, entry))}{mark}</span>'
            f'<span class="saved-facts">{escape(entry_facts(ctrl, entry, when))}</span>'
            f'<span class="saved-buttons">{"".join(buttons)}</span></li>'
        )
    parts = [
        f'<ul class="saved-games">{"".join(rows)}</ul>'
        if rows
        else f'<p class="saved-empty">{escape(ctrl.t("games.empty"))}</p>'
    ]
    damaged = []
    for key in shelf.damaged():
        size = shelf.size_of(key)
        stamp = damaged_time(key)
        line = (
            ctrl.t("games.damaged.item", when=when(stamp), size=size)
            if stamp is not None
            else ctrl.t("games.damaged.held", size=size)
        )
        buttons = [
            _button(ctrl, "repair", "games.repair", key),
            _button(ctrl, "export-damaged", "shelf.export_text", key),
            _button(ctrl, "drop-damaged", "games.delete", key),
        ]
        damaged.append(
            f'<li class="set-aside" data-set-aside="{_attr(key)}">'
            f'<span class="saved-facts">{escape(line)}</span>'
            f'<span class="saved-buttons">{"".join(buttons)}</span></li>'
        )
    if damaged:
        parts.append(
            f'<h3 class="set-aside-title">{escape(ctrl.t("games.damaged"))}</h3>'
            f'<ul class="set-aside-list">{"".join(damaged)}</ul>'
        )
    return "".join(parts)


def message_html(ctrl: Controller, message: Message) -> str:
    role = "status" if message.kind == "info" else "alert"
    buttons = [
        _button(ctrl, action.name, action.label, action.arg, **dict(action.fields))
        for action in message.actions
    ]
    if message.dismissible:
        buttons.append(
            f'<button type="button" class="shelf-dismiss" data-shelf="dismiss" '
            f'data-arg="{_attr(message.topic)}" aria-label="{_attr(ctrl.t("shelf.dismiss"))}" '
            f'title="{_attr(ctrl.t("shelf.dismiss"))}">×</button>'
        )
    return (
        f'<div class="notice {KIND_CLASS[message.kind]} shelf-message" role="{role}" '
        f'data-topic="{_attr(message.topic)}">'
        f'<span class="shelf-text">{escape(message.text(ctrl))}</span>'
        f'<span class="shelf-buttons">{"".join(buttons)}</span></div>'
    )


def messages_html(keeper: Keeper) -> str:
    return "".join(message_html(keeper.ctrl, m) for m in keeper.shown())
