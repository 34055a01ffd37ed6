"""What the game page shows around the board, as data: each region's markup or words, the
buttons that apply, and the flags the page's root carries.

A pure function of the controller's state and of the two things only the page knows (the
review's marks, and whether the player closed the end banner), so that what puts it on the
page decides nothing: the page's view in JavaScript (``assets/view.js``, ``show``) gets
its fields, by these names, from ``play.page``'s ``render``, posted from the game's worker
(WEB.md, "The game's Python in a worker").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from html import escape

from . import manners, panel
from .controller import Controller


@dataclasses.dataclass(frozen=True)
class Scene:
    status: str
    """The one-line status (whose turn, who won), also the embed's caption."""
    notice_kind: str
    """``""`` when there is no notice; else ``error``, ``success``, ``hint``…"""
    notice_html: str
    notice_role: str
    """``alert`` for a refusal (a screen reader says it at once), else ``status``."""
    log_html: str
    question_html: str
    """An offer of a draw or a resignation to answer; ``""`` when none is pending."""
    history_html: str
    viewing: bool
    """A past position is shown: the history banner and its steps are up."""
    at_start: bool
    """The position shown is the first: the steps back are disabled."""
    facts_html: str
    players_html: str
    moves_html: str
    title: str
    end_html: str
    """The end banner; ``""`` while the game goes on or once the player closed it."""
    picker_html: str
    picking: bool
    enabled: Mapping[str, bool]
    """``data-action`` → whether its buttons apply now."""
    shown: Mapping[str, bool]
    """``data-action`` → whether its button is there at all (for this game, now)."""
    can_type_move: bool
    thinking: bool
    ai_state: str
    plies: int
    announcement: str
    """What the live region says last (unchanged: not said again)."""
    cursor: str
    """The id of the board's square under the keyboard's cursor (the board's
    ``aria-activedescendant``)."""


def scene(
    ctrl: Controller, *, marks: Mapping[int, str] | None = None, banner_dismissed: bool = False
) -> Scene:
    """The page around the board for ``ctrl``; ``marks``: the review's, beside the moves."""
    notice = ctrl.notice
    options = ctrl.selected_options()
    human = ctrl.human_to_move() and ctrl.thinking is None
    game = ctrl.game
    return Scene(
        status=ctrl.status(),
        notice_kind="" if notice is None else notice.kind,
        notice_html="" if notice is None else panel.notice_html(notice, ctrl.lang),
        notice_role="alert" if notice is not None and notice.kind == "error" else "status",
        log_html="".join(f"<li>{escape(line)}</li>" for line in ctrl.recent()),
        question_html=manners.question_html(ctrl),
        history_html=panel.history_html(ctrl),
        viewing=ctrl.view_ply is not None,
        at_start=ctrl.view_ply == 0,
        facts_html=panel.facts_html(ctrl),
        players_html=panel.players_html(ctrl),
        moves_html=panel.moves_html(ctrl, marks),
        title=panel.game_title(ctrl),
        end_html="" if banner_dismissed else panel.end_html(ctrl),
        picker_html=panel.picker_html(ctrl),
        picking=ctrl.picking is not None,
        enabled={
            "up": bool(options and "+" in options["adjust"]),
            "down": bool(options and "-" in options["adjust"]),
            "reroll": bool(options and options["reroll"]),
            "undo": ctrl.can_undo(),
            "redo": ctrl.can_redo(),
            "hint": human and ctrl.ai_state == "ready" and ctrl.hint_pending is None,
            "first": game.ply > 0 and ctrl.view_ply != 0,
            "prev": game.ply > 0 and ctrl.view_ply != 0,
            "next": ctrl.view_ply is not None,
            "last": ctrl.view_ply is not None,
            "review": bool(game.moves),  # the menu's, and the end banner's
        },
        shown={
            "resign": manners.resigner(ctrl) is not None,
            "offer-draw": manners.can_offer_draw(ctrl),
            "reroll": game.rules.chance,
            "pass": ctrl.must_pass(),
            "resume": ctrl.paused and not game.is_over,
        },
        can_type_move=human,
        thinking=bool(ctrl.thinking),
        ai_state=ctrl.ai_state,
        plies=game.ply,
        announcement=ctrl.announcement,
        cursor=f"sq-{ctrl.cursor}",
    )
