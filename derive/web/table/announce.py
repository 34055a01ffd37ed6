"""What the screen reader's live region says after each move, in the page's language."""

from __future__ import annotations

from ...board import NEIGHBOURS, square_name
from ...notation import ADJUST, CAPTURE, ENTER, MOVE, PASS, REROLL, Move
from ..words import i18n
from .state import Played


def sentence(played: Played, lang: str, yours: str | None = None) -> str:
    """One sentence for a move just played: who did what, where, with which value.
    ``yours``: the colour of the one person at the board, whose dice are "your" dice."""
    move = Move.parse(played.move)
    who = i18n.colour(lang, played.colour)
    kind = played.kind

    def t(key: str, **fields: object) -> str:
        return i18n.t(lang, key, colour=who, **fields)

    if kind == ENTER:
        square = square_name(move.to_square)
        if move.value:
            return t("say.enter.value", square=square, value=move.value)
        return t("say.enter", square=square)
    if kind in (MOVE, CAPTURE):
        start, end = square_name(move.from_square), square_name(move.to_square)
        if kind == CAPTURE and played.taken is not None:
            return t("say.capture", die=whose(played.taken, lang, yours), from_=start, to=end)
        if kind == CAPTURE:
            return t("say.capture.plain", from_=start, to=end)
        step = move.to_square in NEIGHBOURS[move.from_square]
        return t("say.step" if step else "say.jump", from_=start, to=end)
    if kind == ADJUST:
        key = "say.up" if move.value > 0 else "say.down"
        return t(key, square=square_name(move.from_square), value=played.value)
    if kind == REROLL:
        return t("say.reroll", square=square_name(move.from_square), value=played.value)
    assert kind == PASS
    return t("say.pass")


def whose(die: tuple[str, int], lang: str, yours: str | None) -> str:
    """A die named by its owner and value: "your 3", "Red's 3" ("le 3 rouge")."""
    colour, value = die
    if colour == yours:
        return i18n.t(lang, "die.yours", value=value)
    return i18n.t(lang, f"die.owned.{colour}", value=value)
