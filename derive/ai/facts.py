"""What a move does, as data a page can put into words in any language.

The hint says why to play its move in English (``hint.reason``); the review says it in
the reader's language, so it needs the same judgement as facts, not as a sentence.  Each
fact is a small JSON-ready dict with a ``"fact"`` code (see ``facts``); squares are
named as the notation names them, colours by their letter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..board import NEIGHBOURS, square_name
from ..game import Game
from ..notation import ADJUST, CAPTURE, ENTER, MOVE, REROLL, Move
from .evaluate import DISTANCE, exposed

Fact = dict[str, Any]


def action(game: Game, move: Move) -> Fact:
    """The move itself: ``capture`` (``square``, ``colour``, ``value`` of the die
    taken), ``step`` or ``jump`` (``from``, ``to``, ``rows`` nearer the goal rive: below
    0 for a move away from it, as a step back),
    ``enter`` (``square``), ``adjust`` (``square``, the new ``value``), ``reroll``
    (``square``) or ``pass``."""
    kind = move.kind
    if kind == CAPTURE:
        taken = game.piece_at(move.to_square)
        assert taken is not None
        return {
            "fact": "capture",
            "square": square_name(move.to_square),
            "colour": taken[0],
            "value": taken[1],
        }
    if kind == ENTER:
        return {"fact": "enter", "square": square_name(move.to_square)}
    if kind == MOVE:
        dist = DISTANCE[game.to_move]
        return {
            "fact": "step" if move.to_square in NEIGHBOURS[move.from_square] else "jump",
            "from": square_name(move.from_square),
            "to": square_name(move.to_square),
            "rows": dist[move.from_square] - dist[move.to_square],
        }
    if kind == ADJUST:
        piece = game.piece_at(move.from_square)
        assert piece is not None
        return {
            "fact": "adjust",
            "square": square_name(move.from_square),
            "value": piece[1] + move.value,
        }
    if kind == REROLL:
        return {"fact": "reroll", "square": square_name(move.from_square)}
    return {"fact": "pass"}


def motion(fact: Mapping[str, Any]) -> tuple[str, int]:
    """How a ``step`` or ``jump`` fact is told, in any language: its kind (``"step"``,
    ``"step back"`` or ``"jump"``) and the rows to say, nearer the goal rive (> 0) or
    farther from it (< 0).  A die goes any way diagonally, so a step is not always an
    advance; a step back says its one row by its verb (0 rows to say)."""
    rows = fact.get("rows")
    rows = rows if type(rows) is int else 0  # an analysis kept by another version
    if fact.get("fact") == "step" and rows < 0:
        return "step back", 0
    return str(fact.get("fact")), rows


def facts(game: Game, move: Move) -> list[Fact]:
    """``move``'s action, then what it changes for its player: ``wins`` (``chain``,
    the winning squares, and ``goal`` 1 when one die on the goal rive wins),
    ``stops_win`` (``colours`` who could have won next turn), ``forms`` (``length`` of
    the longest well-formed chain, when it grows past 1), ``safe`` (``square``, ``from``,
    ``value``: a die taken out of reach) or ``hangs`` (``square``, ``value``: the die
    moved can be taken).  ``game`` is not modified."""
    colour = game.to_move
    after = game.copy()
    played = move
    if move.kind == REROLL:
        # Judged on the position it leaves before the die lands, as the hint does.
        piece = game.piece_at(move.from_square)
        played = move._replace(value=piece[1] if piece else 1)
    after.play(played)
    outcome = after.outcome
    if outcome is not None and outcome.winner is not None and colour in outcome.winner:
        chain = [square_name(s) for s in outcome.chain]
        return [action(game, move), {"fact": "wins", "chain": chain, "goal": game.rules.goal}]
    found = [action(game, move)]
    stopped = _winners_next(game, colour) - _winners_next(after, colour)
    if stopped:
        found.append({"fact": "stops_win", "colours": sorted(stopped)})
    formed = _longest_formed(after, colour)
    if formed > _longest_formed(game, colour) and formed > 1:
        found.append({"fact": "forms", "length": formed})
    moved_to = move.to_square if move.kind in (MOVE, CAPTURE, ENTER) else move.from_square
    piece = after.piece_at(moved_to)
    value = piece[1] if piece else 0
    if move.from_square in exposed(game, colour) and moved_to not in exposed(after, colour):
        found.append(
            {
                "fact": "safe",
                "square": square_name(moved_to),
                "value": value,
                "from": square_name(move.from_square),
            }
        )
    elif moved_to in exposed(after, colour):
        found.append({"fact": "hangs", "square": square_name(moved_to), "value": value})
    return found


def die(game: Game, square: int) -> Fact:
    """The die on ``square``: its ``square``, ``colour`` and ``value``."""
    piece = game.piece_at(square)
    assert piece is not None
    return {"square": square_name(square), "colour": piece[0], "value": piece[1]}


def _longest_formed(game: Game, colour: str) -> int:
    return max((len(c) for c in game.chains(colour) if c.well_formed), default=0)


def _winners_next(game: Game, player: str) -> set[str]:
    """Adversaries of ``player`` who would have a sure winning action if it were their
    turn now (asked of the same position with them to move).  Of ``player``'s, not of
    the side to move: after ``player``'s move the side to move is an adversary, and
    asking of its adversaries there said "stops Yellow from winning" of any move made
    while Yellow threatened to win, even one that left the threat standing."""
    if game.is_over:
        return set()
    pieces, _, seating, rules = game.to_position().split(" ")
    winners = set()
    for colour in game.seating.colours:
        if not game.is_adversary(player, colour):
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
