"""The end of a game: its result as one line, and who sits where in a rematch.

Pure functions of the engine's ``Outcome`` and seating: the page only shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ...board import COLOURS
from ...game import Game
from ...rulesets import Seating
from ..words import i18n


def result_line(game: Game, lang: str) -> str | None:
    """How the game ended, in a line ("Red wins — chain anchored"); ``None`` while it
    goes on."""
    outcome = game.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        key = "result.agreed" if outcome.termination == "agreement" else "result.move_limit"
        return i18n.t(lang, key)
    # A team's two colours take the verb in the plural ("Red + Yellow win").
    team = len(outcome.winner) > 1
    winner = i18n.side(lang, outcome.winner)
    if outcome.termination == "resignation":
        loser = next(side for side in game.sides if side != outcome.winner)
        key = "result.resigned.team" if team else "result.resigned"
        return i18n.t(lang, key, side=winner, loser=i18n.side(lang, loser))
    if game.rules.goal == 1:
        key = "result.rive.team" if team else "result.rive"
    else:
        key = "result.chain.team" if team else "result.chain"
    return i18n.t(lang, key, side=winner)


def result_html(game: Game, lang: str) -> str:
    """The result line closing the move list, or nothing while the game goes on."""
    line = result_line(game, lang)
    if line is None:
        return ""
    outcome = game.outcome
    assert outcome is not None
    return (
        f'<p class="result" data-termination="{outcome.termination}" '
        f'data-winner="{outcome.winner or ""}">{escape(line)}</p>'
    )


def rematch_seats(seating: Seating, seats: Mapping[str, str]) -> dict[str, str]:
    """Who plays each colour in a rematch: the players of ``seats`` moved round.

    Without teams everyone takes the next colour in turn order: two players exchange
    colours, and over as many games as there are players each has played every colour
    and every place in the turn order.  With teams the two teams exchange colours,
    partners staying partners: each colour of one team goes to the other team's colour
    at the same place in turn order.
    """
    colours = seating.colours
    if seating.teams:
        first, second = seating.teams  # each in turn order (r b y g)
        moved = dict(zip(first, second, strict=True)) | dict(zip(second, first, strict=True))
    else:
        moved = {c: colours[(i + 1) % len(colours)] for i, c in enumerate(colours)}
    seated = {moved[c]: seats[c] for c in colours if c in seats}
    return {c: seated[c] for c in COLOURS if c in seated}
