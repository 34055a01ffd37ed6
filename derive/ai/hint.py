"""Hints: the move the AI would play and why, in a player's words."""

from __future__ import annotations

from typing import NamedTuple

from ..board import COLOUR_NAMES, NEIGHBOURS, square_name
from ..game import Game
from ..notation import ADJUST, CAPTURE, ENTER, MOVE, PASS, REROLL, Move
from .evaluate import DISTANCE, exposed
from .search import Search

HINT_LEVEL = "hard"


class Hint(NamedTuple):
    move: Move
    reason: str
    """One short sentence, e.g. "captures yellow's 2 on e5"."""
    score: float
    """The search's view of the mover's chances after the move (see ``Progress``)."""


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
    """Why ``move`` is worth playing in ``game`` (which is not modified)."""
    colour = game.to_move
    after = game.copy()
    if move.kind == REROLL:
        # Judge a re-roll on the position it leaves before the die lands.
        piece = game.piece_at(move.from_square)
        move = move._replace(value=piece[1] if piece else 1)
    after.play(move)
    outcome = after.outcome
    if outcome is not None and outcome.winner is not None and colour in outcome.winner:
        if game.rules.goal == 1:
            return f"wins: reaches the goal rive on {square_name(outcome.chain[0])}"
        chain = "-".join(square_name(s) for s in outcome.chain)
        return f"wins: completes the well-formed chain {chain}"
    parts = [_action(game, move)]
    stopped = _winners_next(game) - _winners_next(after)
    if stopped:
        names = " and ".join(COLOUR_NAMES[c] for c in sorted(stopped))
        parts.append(f"stops {names} from winning next turn")
    formed_before = _longest_formed(game, colour)
    formed_after = _longest_formed(after, colour)
    if formed_after > formed_before and formed_after > 1:
        parts.append(f"makes a well-formed chain of {formed_after}")
    moved_to = move.to_square if move.kind in (MOVE, CAPTURE, ENTER) else move.from_square
    if move.from_square in exposed(game, colour) and moved_to not in exposed(after, colour):
        parts.append(f"takes {square_name(move.from_square)} out of reach")
    elif moved_to in exposed(after, colour):
        parts.append("though it can be taken")
    return ", ".join(parts)


def _action(game: Game, move: Move) -> str:
    colour = game.to_move
    kind = move.kind
    if kind == CAPTURE:
        taken = game.piece_at(move.to_square)
        assert taken is not None
        return f"captures {COLOUR_NAMES[taken[0]]}'s {taken[1]} on {square_name(move.to_square)}"
    if kind == ENTER:
        return f"brings a new die in on {square_name(move.to_square)}"
    if kind == MOVE:
        dist = DISTANCE[colour]
        gain = dist[move.from_square] - dist[move.to_square]
        verb = "steps" if move.to_square in NEIGHBOURS[move.from_square] else "jumps"
        text = f"{verb} from {square_name(move.from_square)} to {square_name(move.to_square)}"
        if gain > 0:
            rows = "row" if gain == 1 else "rows"
            text += f", {gain} {rows} nearer the goal rive"
        return text
    if kind == ADJUST:
        piece = game.piece_at(move.from_square)
        assert piece is not None
        return f"turns {square_name(move.from_square)} into a {piece[1] + move.value}"
    if kind == REROLL:
        return f"re-rolls {square_name(move.from_square)} for a new value"
    assert kind == PASS
    return "passes: there is nothing else to do"


def _longest_formed(game: Game, colour: str) -> int:
    return max((len(c) for c in game.chains(colour) if c.well_formed), default=0)


def _winners_next(game: Game) -> set[str]:
    """Adversaries of the player to move who would have a sure winning action if
    it were their turn now (asked of the same position with them to move)."""
    if game.is_over:
        return set()
    pieces, _, seating, rules = game.to_position().split(" ")
    winners = set()
    for colour in game.seating.colours:
        if not game.is_adversary(game.to_move, colour):
            continue
        probe = Game.from_position(f"{pieces} {colour} {seating} {rules}", seed=0)
        for move in probe.legal_moves():
            if move.kind == REROLL:
                continue  # a re-roll wins only by luck
            probe.push(move)
            won = probe.winner is not None and colour in probe.winner
            probe.undo()
            if won:
                winners.add(colour)
                break
    return winners
