"""What the rules say about a position, in data (for the UI and the AI) and in
words (why a move is illegal).  Everything here asks the game; no rule is
decided twice."""

from __future__ import annotations

from typing import Any

from .board import COLOUR_NAMES, FACES, NEIGHBOURS, RIVES, rives_of, square_name
from .chains import Chain
from .notation import ADJUST, CAPTURE, ENTER, MOVE, PASS, REROLL, Move, malformed
from .view import GameView


def _names(squares: Any) -> list[str]:
    return [square_name(s) for s in squares]


def _chain_data(chain: Chain) -> dict[str, Any]:
    return {
        "colour": chain.colour,
        "squares": _names(chain.squares),
        "length": len(chain),
        "anchored": chain.anchored,
        "ordered": chain.ordered,
        "isolated": chain.isolated,
        "well_formed": chain.well_formed,
    }


def protection_reason(chain: Chain) -> str:
    if len(chain) == 1:
        return "alone on its goal rive: invulnerable (R15)"
    return f"part of the well-formed chain {chain.describe()}: invulnerable (R15)"


def explain(game: GameView) -> dict[str, Any]:
    """A JSON-ready description of the position: dice, chains, protection,
    obligation, reserves, and every legal action grouped by die."""
    legal = game.legal_moves()
    by_die: dict[str, dict[str, Any]] = {}
    enter: dict[str, list[int]] = {}
    for m in legal:
        if m.kind == ENTER:
            enter.setdefault(square_name(m.to_square), []).append(m.value or 1)
            continue
        if m.kind == PASS:
            continue
        entry = by_die.setdefault(
            square_name(m.from_square),
            {"destinations": {}, "captures": [], "adjust": [], "reroll": False},
        )
        if m.kind == MOVE:
            path = game.jump_path(m.from_square, m.to_square)
            entry["destinations"][square_name(m.to_square)] = _names(path)
        elif m.kind == CAPTURE:
            entry["captures"].append(square_name(m.to_square))
        elif m.kind == ADJUST:
            entry["adjust"].append("+" if m.value > 0 else "-")
        elif m.kind == REROLL:
            entry["reroll"] = True
    chains = [c for colour in game.seating.colours for c in game.chains(colour)]
    chain_index = {s: i for i, c in enumerate(chains) for s in c.squares}
    obliged = game.obliged()
    dice = []
    for square, (colour, value) in sorted(game.pieces().items()):
        guard = game.protected(square)
        dice.append(
            {
                "square": square_name(square),
                "colour": colour,
                "value": value,
                "chain": chain_index[square],
                "protected": guard is not None,
                "protection": protection_reason(guard) if guard else None,
                "obliged": square in obliged,
            }
        )
    outcome = game.outcome
    return {
        "position": game.to_position(),
        "to_move": game.to_move,
        "rule_set": game.rules.id,
        "seating": str(game.seating),
        "teams": list(game.seating.teams) if game.seating.teams else None,
        "ply": game.ply,
        "reserves": {c: game.reserve(c) for c in game.seating.colours},
        "dice": dice,
        "chains": [_chain_data(c) for c in chains],
        "obligation": {
            "in_force": any(obliged.values()),
            "obliged": {square_name(s): _names(t) for s, t in obliged.items()},
        },
        "enter": enter,
        "moves": by_die,
        "legal": [str(m) for m in legal],
        "last_move": str(game.moves[-1]) if game.moves else None,
        "winner": outcome.winner if outcome else None,
        "drawn": bool(outcome and outcome.draw),
        "winning_chain": _names(outcome.chain) if outcome else [],
    }


def why_illegal(game: GameView, move: Move | str) -> str | None:
    """The reason ``move`` cannot be played, or ``None`` if it is legal."""
    try:
        m = move if isinstance(move, Move) else Move.parse(move)
    except ValueError as error:
        return str(error)
    problem = malformed(m)
    if problem:
        return problem
    colour = game.to_move
    name = COLOUR_NAMES[colour]
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None and outcome.termination == "agreement":
            return "the game is over: it was drawn by agreement"
        if outcome.winner is None:
            return "the game is over: it was drawn at the ply limit"
        winner = " + ".join(COLOUR_NAMES[c] for c in outcome.winner)
        return f"the game is over: {winner} won"
    legal = game.legal_moves()
    if m.unresolved in legal:
        return None
    if m.kind == PASS:
        return "pass is allowed only when no action is possible"
    reason = _basic_reason(game, m, colour)
    if reason:
        return reason
    if legal and all(x.kind == CAPTURE for x in legal) and game.obliged():
        options = " or ".join(str(x) for x in legal)
        return f"a capture is obligatory (R16): {options}"
    return f"{m} is not legal for {name} here"


def _basic_reason(game: GameView, m: Move, colour: str) -> str | None:
    name = COLOUR_NAMES[colour]
    rules = game.rules
    if m.kind == ENTER:
        t = m.to_square
        if game.reserve(colour) == 0:
            return f"{name} has no die in reserve"
        if t not in RIVES[colour]:
            return f"{square_name(t)} is not on {name}'s rive"
        if game.piece_at(t):
            return f"{square_name(t)} is occupied"
        if rules.chance and m.value:
            return f"in {rules.id} an entering die shows 1: play +{square_name(t)}"
        if not rules.chance and not m.value:
            return f"choose the die's value: +{square_name(t)}=1 … +{square_name(t)}=6"
        return _rive_reason(game, colour, -1, t)
    s = m.from_square
    piece = game.piece_at(s)
    if piece is None or piece[0] != colour:
        return f"there is no {name} die on {square_name(s)}"
    value = piece[1]
    if m.kind == ADJUST:
        if value + m.value > FACES:
            return f"{square_name(s)} is already at 6"
        if value + m.value < 1:
            return f"{square_name(s)} is already at 1"
        return None
    if m.kind == REROLL:
        if not rules.chance:
            return f"there is no re-roll in {rules.id} (no chance)"
        return None
    t = m.to_square
    target = game.piece_at(t)
    if m.kind == MOVE:
        if t == s:
            return "ending where it started is not a move (R10)"
        if target:
            return f"{square_name(t)} is occupied"
        if t not in NEIGHBOURS[s] and not game.jump_path(s, t):
            return (
                f"{square_name(s)} cannot reach {square_name(t)}: a die steps to a free "
                "touching square or jumps over one die onto the free square beyond"
            )
        return _rive_reason(game, colour, s, t)
    # capture
    if t not in NEIGHBOURS[s]:
        return f"{square_name(t)} does not touch {square_name(s)}"
    if target is None:
        return f"there is no die to capture on {square_name(t)}"
    if target[0] == colour:
        return f"{square_name(t)} is your own die"
    if not game.is_adversary(colour, target[0]):
        return f"{square_name(t)} belongs to your team-mate {COLOUR_NAMES[target[0]]}"
    if target[1] > value:
        return (
            f"{square_name(t)} ({target[1]}) is higher than {square_name(s)} ({value}): "
            "a die takes only an equal or lower one"
        )
    guard = game.protected(t)
    if guard:
        return f"{square_name(t)} is {protection_reason(guard)}"
    return _rive_reason(game, colour, s, t)


def _rive_reason(game: GameView, colour: str, start: int, end: int) -> str | None:
    """R14, in words: the one-square-per-foreign-rive limit."""
    for rive in rives_of(end):
        if rive == colour:
            continue
        others = [
            s
            for s in RIVES[rive]
            if s != start and s != end and (game.piece_at(s) or ("", 0))[0] == colour
        ]
        if others:
            return (
                f"{COLOUR_NAMES[colour]} may not occupy a second square of "
                f"{COLOUR_NAMES[rive]}'s rive (already on {square_name(others[0])}, R14)"
            )
    return None


__all__ = ["explain", "protection_reason", "why_illegal"]
