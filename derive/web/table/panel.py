"""HTML fragments around the board: players, move list, explanations, dialogs.

Pure functions of the controller's state, so the page's glue only swaps them in.  All
text is escaped here; nothing else builds markup from data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Any, Final

from ...board import COLOURS
from ...game import Game
from ...rulesets import RULE_SETS, RuleSet
from ..board.highlights import chains_matter
from ..board.svg import die_svg
from ..words import i18n, why
from . import ending
from .controller import HUMAN, Controller, Notice, Setup

PAIRINGS: Final = ("ry/bg", "rb/yg", "rg/by")


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


# --------------------------------------------------------------------------- players


def players_html(ctrl: Controller) -> str:
    game = ctrl.shown_game()
    lang = ctrl.lang
    explanation = ctrl.explanation()
    over = explanation["winner"] is not None or explanation["drawn"]
    cards = []
    for colour in game.seating.colours:
        seat = ctrl.seats.get(colour, HUMAN)
        role = (
            i18n.t(lang, "panel.human")
            if seat == HUMAN
            else i18n.t(lang, "panel.ai", level=i18n.level_name(lang, seat))
        )
        turn = not over and explanation["to_move"] == colour
        thinking = turn and ctrl.thinking is not None and ctrl.view_ply is None
        classes = ["player", f"player-{colour}"]
        if turn:
            classes.append("turn")
        if thinking:
            classes.append("thinking")
        team = ""
        if game.seating.teams:
            mates = game.seating.team_of(colour)
            team = f'<span class="team">{escape(i18n.side(lang, mates))}</span>'
        count = explanation["reserves"].get(colour, 0)
        name = i18n.colour(lang, colour)
        spinner = '<span class="spinner" aria-hidden="true"></span>' if thinking else ""
        cards.append(
            f'<li class="{" ".join(classes)}" data-player="{colour}"'
            f"{' aria-current=' + chr(34) + 'true' + chr(34) if turn else ''}>"
            f"{die_svg(colour, 1, size=28)}"
            f'<span class="who"><strong>{escape(name)}</strong>'
            f'<span class="role">{escape(role)}</span>{team}</span>'
            f'<span class="reserve" title="{_attr(i18n.t(lang, "panel.reserve", count=count))}">'
            f"×{count}</span>{spinner}</li>"
        )
    return "".join(cards)


# --------------------------------------------------------------------------- moves


MARK_GLYPHS: Final = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The review's judgements as the move list marks them, as chess players write them."""


def moves_html(ctrl: Controller, marks: Mapping[int, str] | None = None) -> str:
    """The move list, one row per round of turns; each move opens the position after it.

    Each move shows its ply, the number the history banner, the review and its graph
    use (one numbering everywhere); ``marks`` (the review's, by ply) marks mistakes.
    """
    game = ctrl.game
    lang = ctrl.lang
    moves = [str(m) for m in game.moves]
    result = ending.result_html(game, lang)
    if not moves:
        return f'<p class="empty">{escape(i18n.t(lang, "panel.no_moves"))}</p>{result}'
    start = Game.from_position(game.start_position)
    order = start.turn_order()
    shown = game.ply if ctrl.view_ply is None else ctrl.view_ply
    rows = []
    for row_start in range(0, len(moves), len(order)):
        cells = []
        for offset, text in enumerate(moves[row_start : row_start + len(order)]):
            ply = row_start + offset + 1
            colour = order[offset]
            current = ' aria-current="step"' if ply == shown else ""
            label = i18n.t(
                lang, "moves.label", ply=ply, colour=i18n.colour(lang, colour), move=text
            )
            mark = (marks or {}).get(ply)
            classes = f"mv mv-{colour}"
            glyph = ""
            if mark in MARK_GLYPHS:
                label = f"{label}, {i18n.t(lang, f'review.mark.{mark}')}"
                classes += f" review-{mark}"
                glyph = f'<span class="mv-mark" aria-hidden="true">{MARK_GLYPHS[mark]}</span>'
            # The number is drawn from data-ply by the style sheet: the button's text
            # stays the move itself, as it is read, copied and typed.
            cells.append(
                f'<button type="button" class="{classes}" data-ply="{ply}"{current} '
                f'aria-label="{_attr(label)}">{escape(text)}{glyph}</button>'
            )
        rows.append(f"<li>{''.join(cells)}</li>")
    # One column per seat, so a round of moves reads across as one line (where its moves
    # would not fit whole, the style sheet gives a round of four two lines, and lets
    # three players' moves flow two a line).
    return f'<ol class="moves-list" data-seats="{len(order)}">{"".join(rows)}</ol>{result}'


# --------------------------------------------------------------------------- explanations


def facts_html(ctrl: Controller) -> str:
    """What the rules say about the shown position: obligation, chains, protection."""
    lang = ctrl.lang
    explanation = ctrl.explanation()
    items = []
    obligation = ctrl.obligation_text()
    if obligation:
        items.append(
            f'<li class="fact obligation"><strong>{escape(i18n.t(lang, "obligation.title"))}'
            f"</strong> {escape(obligation)} {why_link('R16', lang)}</li>"
        )
    shown = explanation["chains"] if chains_matter(explanation["rule_set"]) else ()
    for chain in shown:
        if not chain["anchored"]:
            continue
        key = "panel.well_formed" if chain["well_formed"] else "panel.anchored"
        squares = i18n.join_squares(chain["squares"])
        items.append(
            f'<li class="fact chain chain-{chain["colour"]}">'
            f"{escape(i18n.t(lang, key, squares=squares))}</li>"
        )
    protected = [d["square"] for d in explanation["dice"] if d["protected"]]
    if protected:
        items.append(
            f'<li class="fact protected">'
            f"{escape(i18n.t(lang, 'panel.protected', squares=', '.join(protected)))} "
            f"{why_link('R15', lang)}</li>"
        )
    return "".join(items)


def why_link(rule: str | None, lang: str, *, href: str | None = None) -> str:
    """A small "why?" link to where ``rule`` is explained (or to ``href``)."""
    target = href or why.link(rule, lang)
    if not target:
        return ""
    return (
        f'<a class="why" href="{escape(target)}" target="_blank" rel="noopener" '
        f'title="{escape(i18n.t(lang, "why.title"))}">{escape(i18n.t(lang, "why"))}</a>'
    )


def notice_html(notice: Notice, lang: str) -> str:
    """A message under the status line, with its "why?" link when a rule is behind it."""
    text = escape(i18n.sentence(notice.text))
    link = why_link(None, lang, href=notice.why) if notice.why else ""
    return f"{text} {link}" if link else text


def history_html(ctrl: Controller) -> str:
    """The banner over a past position: it is read-only, and the way back."""
    if ctrl.view_ply is None:
        return ""
    lang = ctrl.lang
    text = (
        i18n.t(lang, "history.banner", ply=ctrl.view_ply, total=ctrl.game.ply)
        if ctrl.view_ply
        else i18n.t(lang, "history.banner.start")
    )
    return (
        f"<span>{escape(text)}</span>"
        f'<button type="button" data-action="last">{escape(i18n.t(lang, "history.back"))}'
        "</button>"
    )


STEP_ICONS: Final = (
    ("first", "nav.first", "M6 5v14M18 6l-7 6 7 6"),
    ("prev", "nav.prev", "m15 6-7 6 7 6"),
    ("next", "nav.next", "m9 6 7 6-7 6"),
)
"""The step buttons beside the history banner (the side panel's, but under the board, so
a player on a phone steps and watches at once); its "back" button is the last one."""


def history_steps_html(lang: str) -> str:
    """◀ ▶ beside the history banner: drawn once (a redraw would take the focus from a
    keyboard player's button); the page shows them with a past position, enables them and
    renames them with the language (``data-i18n-aria``).  ``data-step``, not
    ``data-action``: the side panel's buttons stay the only ``[data-action="first"]``."""
    return "".join(
        f'<button type="button" data-step="{action}" data-i18n-aria="{key}"'
        f' data-i18n-title="{key}" aria-label="{_attr(i18n.t(lang, key))}"'
        f' title="{_attr(i18n.t(lang, key))}"><svg class="icon" viewBox="0 0 24 24"'
        f' aria-hidden="true"><path d="{path}"/></svg></button>'
        for action, key, path in STEP_ICONS
    )


def keys_html(lang: str) -> str:
    """The keyboard help: every key the board answers to."""
    keys = (
        "keys.arrows",
        "keys.enter",
        "keys.adjust",
        "keys.reroll",
        "keys.digits",
        "keys.undo",
        "keys.hint",
        "keys.turn",
        "keys.escape",
        "keys.help",
    )
    rows = "".join(f"<li>{escape(i18n.t(lang, key))}</li>" for key in keys)
    return f'<h2 id="keys-title">{escape(i18n.t(lang, "keys.title"))}</h2><ul>{rows}</ul>'


def rule_summary(lang: str, rules: RuleSet) -> str:
    parts = [i18n.t(lang, "rules.dice", dice=rules.dice)]
    parts.append(
        i18n.t(lang, "rules.goal1")
        if rules.goal == 1
        else i18n.t(lang, "rules.goal", goal=rules.goal)
    )
    if rules.protection:
        parts.append(i18n.t(lang, "rules.protection"))
    if rules.obligation:
        parts.append(i18n.t(lang, "rules.obligation"))
    if not rules.chance:
        parts.append(i18n.t(lang, "rules.no_chance"))
    return " · ".join(parts)


def game_title(ctrl: Controller) -> str:
    rules = ctrl.game.rules
    name = i18n.rule_set_name(ctrl.lang, rules.id)
    return f"{rules.id} · {name}"


# --------------------------------------------------------------------------- rolls, end


def start_roll_html(rolls: Sequence[Mapping[str, int]], starter: str, lang: str) -> str:
    """The start roll (R5): each round's dice, ties rolled again, who starts."""
    rounds = []
    for n, roll in enumerate(rolls, 1):
        best = max(roll.values())
        dice = "".join(
            f'<span class="roll-die{" best" if value == best else ""}" data-colour="{colour}" '
            f'data-value="{value}">'
            f"{die_svg(colour, value, size=44, label=f'{i18n.colour(lang, colour)} {value}')}"
            "</span>"
            for colour, value in roll.items()
        )
        tie = ""
        if list(roll.values()).count(best) > 1:
            tie = f'<p class="tie">{escape(i18n.t(lang, "start_roll.tie"))}</p>'
        rounds.append(
            f'<div class="roll-round"><span class="label">'
            f"{escape(i18n.t(lang, 'start_roll.round', n=n))}</span>{dice}{tie}</div>"
        )
    result = escape(i18n.t(lang, "start_roll.result", colour=i18n.colour(lang, starter)))
    return (
        f"<h2>{escape(i18n.t(lang, 'start_roll.title'))}</h2>{''.join(rounds)}"
        f'<p class="roll-result">{result}</p>'
    )


def end_html(ctrl: Controller) -> str:
    """The end-of-game banner, or nothing while the game goes on."""
    game = ctrl.game
    outcome = game.outcome
    if outcome is None or ctrl.view_ply is not None:
        return ""
    lang = ctrl.lang
    if outcome.winner is None:
        title = i18n.t(lang, "end.draw")
        agreed = outcome.termination == "agreement"
        detail = i18n.t(lang, "status.draw.agreed" if agreed else "status.draw")
        colour = ""
    else:
        key = "end.title.team" if len(outcome.winner) > 1 else "end.title"
        title = i18n.t(lang, key, side=i18n.side(lang, outcome.winner))
        if outcome.termination == "resignation":
            loser = next(side for side in game.sides if side != outcome.winner)
            key = "end.resigned.team" if len(loser) > 1 else "end.resigned"
            detail = i18n.t(lang, key, side=i18n.side(lang, loser))
        else:
            squares = ctrl.explanation()["winning_chain"]
            chain_key = "end.goal1" if game.rules.goal == 1 else "end.chain"
            detail = i18n.t(lang, chain_key, squares=i18n.join_squares(squares))
        colour = outcome.winner[0]
    return (
        f'<div class="end-banner" data-winner="{_attr(outcome.winner or "")}" '
        f'data-colour="{colour}" role="alert"><h2>{escape(title)}</h2>'
        f"<p>{escape(detail)}</p>"
        f'<div class="end-actions"><button type="button" class="primary" data-action="rematch">'
        f"{escape(i18n.t(lang, 'btn.rematch'))}</button>"
        f'<button type="button" data-action="new">{escape(i18n.t(lang, "btn.new"))}</button>'
        f'<button type="button" data-action="review">{escape(i18n.t(lang, "btn.review"))}'
        "</button></div></div>"
    )


def picker_html(ctrl: Controller) -> str:
    """The value picker of a no-chance enter (R8): one die per allowed value."""
    if ctrl.picking is None:
        return ""
    colour = ctrl.game.to_move
    buttons = "".join(
        f'<button type="button" class="pick" data-value="{v}" '
        f'aria-label="{_attr(v)}">{die_svg(colour, v, size=40)}</button>'
        for v in ctrl.enter_values()
    )
    title = escape(i18n.t(ctrl.lang, "status.pick_value", square=ctrl.picking))
    return f'<p class="picker-title">{title}</p><div class="picker-values">{buttons}</div>'


# --------------------------------------------------------------------------- setup


def seat_choices(lang: str, levels: Sequence[str], ai_ready: bool) -> list[tuple[str, str]]:
    choices = [("off", i18n.t(lang, "setup.seat.off")), (HUMAN, i18n.t(lang, "setup.seat.human"))]
    for level in levels if ai_ready else ():
        label = i18n.t(lang, "setup.seat.ai", level=i18n.level_name(lang, level))
        choices.append((f"ai:{level}", label))
    return choices


def setup_html(setup: Setup, lang: str, levels: Sequence[str], ai_state: str) -> str:
    """The new-game form's fields (the dialog and its buttons are in index.html)."""

    def t(key: str, **fields: object) -> str:
        return escape(i18n.t(lang, key, **fields))

    rules = []
    for ident, rule_set in RULE_SETS.items():
        checked = " checked" if ident == setup.rule_set else ""
        title = t("rules.option", id=ident, name=i18n.rule_set_name(lang, ident))
        rules.append(
            f'<label class="rule-option"><input type="radio" name="rule_set" value="{ident}"'
            f"{checked}><span><strong>{title}"
            f"</strong><small>{escape(rule_summary(lang, rule_set))}</small></span></label>"
        )
    seats = []
    # The levels are known before the computer's worker has started: a seat can be given
    # to the computer at once, and it plays as soon as it is up.
    ai_ready = ai_state != "unavailable"
    choices = seat_choices(lang, levels, ai_ready)
    for colour in COLOURS:
        # The dialog opens on the first seat, not on the Learn link above it.
        focus = " autofocus" if colour == COLOURS[0] else ""
        current = setup.seats.get(colour, "off")
        if current not in (HUMAN, "off"):
            current = f"ai:{current}" if f"ai:{current}" in dict(choices) else HUMAN
            if current == HUMAN and levels and ai_ready:
                current = f"ai:{levels[len(levels) // 2]}"
        options = "".join(
            f'<option value="{value}"{" selected" if value == current else ""}>'
            f"{escape(label)}</option>"
            for value, label in choices
        )
        seats.append(
            f'<label class="seat seat-{colour}">{die_svg(colour, 1, size=24)}'
            f"<span>{t(f'colour.{colour}')}</span>"
            f'<select name="seat_{colour}"{focus}>{options}</select></label>'
        )
    pairings = "".join(
        f'<option value="{p}"{" selected" if p == (setup.teams or "ry/bg") else ""}>'
        f"{escape(i18n.sides(lang, p.split('/')))}</option>"
        for p in PAIRINGS
    )
    starts = [("roll", i18n.t(lang, "setup.start.roll"))] + [
        (c, i18n.t(lang, "setup.start.colour", colour=i18n.colour(lang, c))) for c in COLOURS
    ]
    start_options = "".join(
        f'<option value="{v}"{" selected" if v == (setup.start or "roll") else ""}>'
        f"{escape(label)}</option>"
        for v, label in starts
    )
    languages = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{name}</option>'
        for code, name in (("fr", "Français"), ("en", "English"))
    )
    ai_note = f'<p class="note">{t("setup.ai_unavailable")}</p>' if not ai_ready else ""
    four = len(setup.seats) == 4
    learn = (
        f'<p class="setup-learn"><a href="{why.PAGES[lang]}" target="_blank" rel="noopener">'
        f"{t('setup.learn')}</a></p>"
    )
    # Seats first: on a phone the computer's seat must not hide below six rule sets.
    return (
        f"{learn}"
        f'<fieldset class="seats"><legend>{t("setup.seats")}</legend>{"".join(seats)}{ai_note}'
        f'<div class="teams-box"{"" if four else " hidden"}>'
        f'<label class="check"><input type="checkbox" name="teams"'
        f"{' checked' if setup.teams else ''}{'' if four else ' disabled'}> "
        f"{t('setup.teams')}</label>"
        # disabled as the page's glue keeps them (play/page.py), so that a form drawn again
        # the same is the same markup, and the page keeps the one it shows
        f'<label class="pairing">{t("setup.pairing")} <select name="pairing"'
        f"{'' if four and setup.teams else ' disabled'}>{pairings}"
        f"</select></label><small>{t('setup.teams.help')}</small></div></fieldset>"
        f'<fieldset class="rules"><legend>{t("setup.rules")}</legend>{"".join(rules)}</fieldset>'
        f'<fieldset class="more"><label>{t("setup.start")} <select name="start">'
        f"{start_options}</select></label>"
        f'<label>{t("setup.language")} <select name="lang">{languages}</select></label>'
        f'<p class="setup-error" role="alert"></p></fieldset>'
    )


def setup_kept(
    fields: Mapping[str, Any], touched: Collection[str], opened: Setup
) -> tuple[Setup, str | None]:
    """The setup to show again when the computer's levels arrive while the form is open.

    Fields the player changed keep the form's value; a seat they left alone goes back
    to ``opened`` (the setup the form was opened with), since before the levels came a
    computer seat could only be shown as a human one.
    """
    setup, lang = setup_from_form(fields)
    seats = {
        colour: seat
        for colour in COLOURS
        if (seat := (setup if f"seat_{colour}" in touched else opened).seats.get(colour))
    }
    return dataclasses.replace(setup, seats=seats), lang


@dataclasses.dataclass(frozen=True)
class SetupForm:
    """What the open form shows of its own state: the teams box only for four seats (and
    then the pairing only with it ticked), and the reason the setup cannot start."""

    teams: bool
    """The teams box is enabled (unticked and disabled otherwise)."""
    pairing: bool
    """The pairing choice is enabled."""
    problem: str | None
    """The words' key of what stops the game from starting, or ``None``."""


def setup_form(fields: Mapping[str, Any]) -> SetupForm:
    """The form's state for ``fields`` (as ``setup_from_form`` reads them)."""
    setup, _ = setup_from_form(fields)
    four = len(setup.seats) == 4
    return SetupForm(
        teams=four, pairing=four and bool(fields.get("teams")), problem=setup.problem()
    )


def setup_from_form(fields: Mapping[str, Any]) -> tuple[Setup, str | None]:
    """The setup the form describes and the language picked there.

    Values come from the page's form (strings; the checkbox present when ticked).
    """
    rule_set = str(fields.get("rule_set") or "L2")
    if rule_set not in RULE_SETS:
        rule_set = "L2"
    seats: dict[str, str] = {}
    for colour in COLOURS:
        value = str(fields.get(f"seat_{colour}") or "off")
        if value == HUMAN:
            seats[colour] = HUMAN
        elif value.startswith("ai:") and len(value) > 3:
            seats[colour] = value[3:]
    teams = None
    if fields.get("teams") and len(seats) == 4:
        pairing = str(fields.get("pairing") or "ry/bg")
        teams = pairing if pairing in PAIRINGS else "ry/bg"
    start_value = str(fields.get("start") or "roll")
    start = start_value if start_value in tuple(COLOURS) and start_value in seats else None
    lang = fields.get("lang")
    return Setup(rule_set, seats, teams, start), (str(lang) if lang in i18n.LANGUAGES else None)
