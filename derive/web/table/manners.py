"""Table manners: resigning, and offering a draw among people (R31).

Both ask first, in the panel under the status line: a resignation by a slip of the
finger would end a game for good, and a draw needs the other people at the table to
accept it.  The engine ends the game (``Game.resign``, ``Game.agree_draw``); this module
only decides who is asking and what the panel offers.
"""

from __future__ import annotations

from html import escape

from ..words import i18n
from .controller import Controller
from .state import Kind, Pending


def _open(ctrl: Controller) -> bool:
    return ctrl.view_ply is None and not ctrl.game.is_over


def resigner(ctrl: Controller) -> str | None:
    """Who resigns with the button: the person to move, else the person at the board
    against the computer; ``None`` when nobody may (three or four free players)."""
    game = ctrl.game
    if not _open(ctrl) or len(game.sides) != 2:
        return None
    if not ctrl.is_ai(game.to_move):
        return game.to_move
    return next((c for c in game.seating.colours if not ctrl.is_ai(c)), None)


def can_offer_draw(ctrl: Controller) -> bool:
    """A draw is offered among people only, by the person to move."""
    game = ctrl.game
    return _open(ctrl) and not any(ctrl.is_ai(c) for c in game.seating.colours)


def ask(ctrl: Controller, kind: Kind) -> None:
    colour = resigner(ctrl) if kind == "resign" else ctrl.game.to_move
    if colour is None or (kind == "draw" and not can_offer_draw(ctrl)):
        return
    ctrl.pending = Pending(kind, colour)
    ctrl.notice = None


def answer(ctrl: Controller, yes: bool) -> bool:
    """The question's answer; ``True`` if the game ended."""
    pending = ctrl.pending
    ctrl.pending = None
    if pending is None or not yes or not _open(ctrl):
        return False
    ctrl.cancel_thinking()
    who = ctrl.colour_name(pending.colour)
    if pending.kind == "resign":
        ctrl.game.resign(pending.colour)
        ctrl.announcement = ctrl.t("say.resigned", colour=who)
    else:
        ctrl.game.agree_draw()
        ctrl.announcement = ctrl.t("say.draw_agreed")
    ctrl.selected = None
    ctrl.picking = None
    ctrl.hint = None
    ctrl.changed_outside()
    return True


def question_html(ctrl: Controller) -> str:
    """The question under the status line, with its two answers."""
    pending = ctrl.pending
    if pending is None:
        return ""
    lang = ctrl.lang
    who = i18n.colour(lang, pending.colour)
    if pending.kind == "resign":
        text, yes, no = (
            i18n.t(lang, "resign.confirm", colour=who),
            i18n.t(lang, "resign.yes"),
            i18n.t(lang, "resign.no"),
        )
    else:
        text, yes, no = (
            i18n.t(lang, "draw.offer", colour=who),
            i18n.t(lang, "draw.accept"),
            i18n.t(lang, "draw.decline"),
        )
    return (
        f'<p role="alert">{escape(text)}</p><div class="question-buttons">'
        f'<button type="button" class="primary" data-action="answer-yes">{escape(yes)}</button>'
        f'<button type="button" data-action="answer-no">{escape(no)}</button></div>'
    )
