"""Hints: the move the AI would play and why, in a player's words."""

from __future__ import annotations

from typing import NamedTuple

from ..board import COLOUR_NAMES
from ..game import Game
from ..notation import Move
from .facts import Fact, facts, motion
from .search import Search

HINT_LEVEL = "hard"


class Hint(NamedTuple):
    move: Move
    reason: str
    """One short sentence, e.g. "captures yellow's 2 on e5"."""
    score: float
    """The search's view of the mover's chances after the move (see ``Progress``); 0.0
    when the move is the only legal one, which the search plays without a look (the
    review judges such a position by where its move leads: ``review.after_forced``)."""


def hint(
    game: Game,
    *,
    level: str = HINT_LEVEL,
    seed: int | None = None,
    max_time: float | None = None,
    max_nodes: int | None = None,
) -> Hint:
    """The best move found for the player to move, with the reason to play it."""
    search = Search(game, level, seed=seed, max_time=max_time, max_nodes=max_nodes)
    progress = search.finish()
    return Hint(progress.best_move, reason(game, progress.best_move), progress.score)


def reason(game: Game, move: Move) -> str:
    """Why ``move`` is worth playing in ``game`` (which is not modified), in English: the
    engine's own words, which the pages translate (``words.engine_fr``); the judgement
    is ``facts``', which the review words in the reader's language."""
    found = facts(game, move)
    first = found[0]
    if len(found) > 1 and found[1]["fact"] == "wins":
        win = found[1]
        if win["goal"] == 1:
            return f"wins: reaches the goal rive on {win['chain'][0]}"
        return f"wins: completes the well-formed chain {'-'.join(win['chain'])}"
    return ", ".join([_action(first), *(_effect(fact) for fact in found[1:])])


def _action(fact: Fact) -> str:
    kind = fact["fact"]
    if kind == "capture":
        return f"captures {COLOUR_NAMES[fact['colour']]}'s {fact['value']} on {fact['square']}"
    if kind == "enter":
        return f"brings a new die in on {fact['square']}"
    if kind in ("step", "jump"):
        told, rows = motion(fact)
        verb = "steps back" if told == "step back" else f"{kind}s"
        text = f"{verb} from {fact['from']} to {fact['to']}"
        if rows:
            many = "row" if abs(rows) == 1 else "rows"
            where = "nearer" if rows > 0 else "farther from"
            text += f", {abs(rows)} {many} {where} the goal rive"
        return text
    if kind == "adjust":
        return f"turns {fact['square']} into a {fact['value']}"
    if kind == "reroll":
        return f"re-rolls {fact['square']} for a new value"
    return "passes: there is nothing else to do"


def _effect(fact: Fact) -> str:
    kind = fact["fact"]
    if kind == "stops_win":
        names = " and ".join(COLOUR_NAMES[c] for c in fact["colours"])
        return f"stops {names} from winning next turn"
    if kind == "forms":
        return f"makes a well-formed chain of {fact['length']}"
    if kind == "safe":
        return "puts the die out of reach"  # the die has left fact["from"]: not named by it
    return "though it can be taken"  # hangs
