"""The rules page's diagrams: positions in the notation, drawn by ``derive.web.svg``, each with
a caption whose every claim the engine checks when the page is built.

A diagram's ``check`` gets the game at the diagram's position (before ``play``) and raises
``ClaimError`` if the engine disagrees with the caption; captions that quote the engine
(``{protection:c9}``-style fields filled by ``facts``) cannot disagree with it at all.  So a
change of the rules that would make a picture wrong stops ``tools/build_rules.py`` (and the
unit test that runs it) instead of shipping the picture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from derive import RIVES, SQUARES, Game, parse_square, square_name
from derive.board import rives_of


class ClaimError(AssertionError):
    pass


def claim(holds: bool, what: str) -> None:
    if not holds:
        raise ClaimError(what)


@dataclass(frozen=True)
class Diagram:
    rule: str
    """Shown right after this rule's item of RULES.md (``"R10"``)."""
    slug: str
    title: str
    position: str
    caption: str
    """Markdown (inline); ``{name}`` fields are filled from ``facts(game)``."""
    check: Callable[[Game], None]
    select: str | None = None
    play: tuple[str, ...] = ()
    """Moves played before drawing: the picture shows the result and the last move."""
    show_enters: bool = False
    facts: Callable[[Game], Mapping[str, str]] = field(default=lambda game: {})

    @property
    def anchor(self) -> str:
        return f"fig-{self.slug}"


def _names(squares: Iterable[int]) -> set[str]:
    return {square_name(s) for s in squares}


def _moves_of(game: Game, square: str) -> Mapping[str, Any]:
    moves: Mapping[str, Any] = game.explain()["moves"][square]
    return moves


def _legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def _after(game: Game, *moves: str) -> Game:
    after = game.copy()
    for move in moves:
        after.play(move)
    return after


def _chain_of(game: Game, square: str) -> Mapping[str, Any]:
    for chain in game.explain()["chains"]:
        if square in chain["squares"]:
            found: Mapping[str, Any] = chain
            return found
    raise ClaimError(f"no chain holds {square}")


# --------------------------------------------------------------------------- the claims


def _board(game: Game) -> None:
    claim(len(SQUARES) == 50, "50 playable squares")
    claim(all((s % 10 + s // 10) % 2 == 0 for s in SQUARES), "dark squares: file + rank even")
    expected = {
        "r": {"a1", "c1", "e1", "g1", "i1"},
        "b": {"a1", "a3", "a5", "a7", "a9"},
        "y": {"b10", "d10", "f10", "h10", "j10"},
        "g": {"j2", "j4", "j6", "j8", "j10"},
    }
    for colour, squares in expected.items():
        claim(_names(RIVES[colour]) == squares, f"{colour}'s rive is {sorted(squares)}")
    claim(rives_of(parse_square("a1")) == "rb", "a1 is red's and blue's")
    claim(rives_of(parse_square("j10")) == "yg", "j10 is yellow's and green's")
    claim(all(game.reserve(c) == 7 for c in "rbyg"), "7 dice each in reserve (L2)")


def _step_and_jumps(game: Game) -> None:
    moves = _moves_of(game, "c3")
    destinations = moves["destinations"]
    claim(set(destinations) == {"b2", "b4", "d2", "e5", "g7"}, "c3 reaches exactly these")
    claim(destinations["g7"] == ["c3", "e5", "g7"], "g7 by two jumps, through e5")
    claim(moves["captures"] == [], "no capture: both yellow dice are higher")
    claim(game.is_legal("c3-g7"), "one move, c3-g7")


def _capture_lower(game: Game) -> None:
    claim(_moves_of(game, "c3")["captures"] == ["d4"], "the 5 on c3 can take d4")
    after = _after(game, "c3xd4")
    claim(after.piece_at("d4") == ("r", 2) and after.piece_at("c3") is None, "5 takes 3 → 2")
    claim(after.reserve("y") == game.reserve("y") + 1, "the taken die goes back to its reserve")


def _capture_equal(game: Game) -> None:
    after = _after(game, "c3xd4")
    claim(after.piece_at("d4") == ("r", 1), "4 takes 4 → 1")
    claim(after.reserve("y") == game.reserve("y") + 1, "the taken die goes back to its reserve")


def _corner(game: Game) -> None:
    claim(rives_of(parse_square("a3")) == "b", "a3 is a square of blue's rive")
    claim(set(game.explain()["enter"]) == {"c1", "e1", "g1", "i1"}, "red enters anywhere but a1")
    claim(game.why_illegal("+a1") is not None, "+a1 is illegal")


def _protection(game: Game) -> None:
    chain = _chain_of(game, "c9")
    claim(chain["well_formed"] and set(chain["squares"]) == {"c9", "d10"}, "c9-d10 well-formed")
    for square in ("c9", "d10", "j6"):
        claim(game.protected(square) is not None, f"{square} is protected")
    claim(_chain_of(game, "j6")["length"] == 1, "blue's j6 stands alone")
    claim(parse_square("j6") in RIVES["g"], "j6 is on blue's goal rive (green's rive)")
    claim(game.piece_at("b8") == ("y", 6), "yellow's 6 on b8 touches c9")
    claim(_moves_of(game, "b8")["captures"] == [], "b8 takes nothing")
    claim(_moves_of(game, "i5")["captures"] == [], "i5 takes nothing")


def _obligation(game: Game) -> None:
    chain = _chain_of(game, "c1")
    claim(chain["anchored"] and not chain["ordered"], "yellow's c1-d2 anchored, not ordered")
    claim(game.protected("d2") is None, "d2 is not protected")
    explained = game.explain()["obligation"]
    claim(explained["in_force"] and explained["obliged"] == {"e3": ["d2"]}, "e3 obliged to d2")
    claim(_legal(game) == {"e3xd2"}, "the only legal action is e3xd2")
    without = Game.from_position(game.to_position().replace(" L2C", " L2"))
    claim(len(_legal(without)) > 10, "without the obligation (L2) red has many actions")


def _branched(game: Game) -> None:
    chain = _chain_of(game, "e9")
    claim(set(chain["squares"]) == {"d8", "d10", "e9", "f8"}, "one chain of four")
    claim(chain["anchored"] and chain["ordered"], "anchored and ordered")
    claim(not chain["isolated"] and not chain["well_formed"], "a 2 twice: not well-formed")
    claim(game.protected("d10") is None and game.protected("d8") is None, "unprotected")
    claim(set(_moves_of(game, "c9")["captures"]) == {"d8", "d10"}, "yellow's 3 takes either 2")
    branch = Game.from_position("r2d10,r3e9,r4f8 y ry L2")
    claim(branch.winner == "r", "d10-e9-f8 alone would be a winning 2-3-4")


def _win(game: Game) -> None:
    claim(game.winner is None, "not yet won")
    claim(not _chain_of(game, "e9")["ordered"], "4 beside 4: not ordered")
    after = _after(game, "f8-")
    claim(after.winner == "r", "f8- wins")
    claim(set(after.explain()["winning_chain"]) == {"d10", "e9", "f8"}, "the winning chain")


def _quote(game: Game, square: str) -> str:
    """The engine's own words on why the die on ``square`` is protected."""
    for die in game.explain()["dice"]:
        if die["square"] == square:
            return str(die["protection"])
    raise ClaimError(f"no die on {square}")


# --------------------------------------------------------------------------- the diagrams

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        rule="R3",
        slug="board",
        title="The board and the four rives",
        position="- r rbyg L2",
        caption=(
            "Only the 50 dark squares are played on. Each edge's dark squares are one colour's "
            "rive: red south, blue west, yellow north, green east; the corners `a1` and `j10` "
            "are split between two rives. Beside each rive, its colour's reserve (7 dice in "
            "the Blitz rule set); the bar along red's edge says red is to play."
        ),
        check=_board,
    ),
    Diagram(
        rule="R10",
        slug="jump",
        title="A step and a multi-jump",
        position="r3c3,y5d4,y4f6 r ry L2",
        select="c3",
        caption=(
            "Red's 3 on `c3` is selected. Dots: it can step to `b2`, `b4` or `d2`. Rings: it "
            "can jump over `d4` to `e5`, and go on over `f6` to `g7` (the dotted route) — one "
            "move, written `c3-g7`. Jumped dice are not affected, and both yellow dice are "
            "higher, so there is nothing to capture."
        ),
        check=_step_and_jumps,
    ),
    Diagram(
        rule="R13",
        slug="capture-lower",
        title="5 takes 3 → 2",
        position="r5c3,y3d4 r ry L2",
        select="c3",
        caption=(
            "The corner marks on `d4`: red's 5 can take yellow's 3 (equal or lower). After "
            "`c3xd4` red's die stands on `d4` showing 5 − 3 = 2, and the 3 goes back to "
            "yellow's reserve."
        ),
        check=_capture_lower,
    ),
    Diagram(
        rule="R13",
        slug="capture-equal",
        title="4 takes 4 → 1",
        position="r4c3,y4d4 r ry L2",
        play=("c3xd4",),
        caption=(
            "After `c3xd4` from red 4 on `c3` and yellow 4 on `d4` (the last move is "
            "shaded): an equal take leaves the attacker showing 1, and yellow's reserve has "
            "one die more."
        ),
        check=_capture_equal,
    ),
    Diagram(
        rule="R14",
        slug="corner",
        title="A corner counts for both rives",
        position="r2a3 r ry L2",
        show_enters=True,
        caption=(
            "Red already stands on `a3`, a square of blue's rive. It may enter on `c1`, `e1`, "
            "`g1` or `i1` (the + marks) but not on `a1`, which is blue's rive too. The engine "
            "says: “{why_a1}”."
        ),
        check=_corner,
        facts=lambda game: {"why_a1": str(game.why_illegal("+a1"))},
    ),
    Diagram(
        rule="R15",
        slug="protection",
        title="Protected dice",
        position="y5i5,b2j6,y6b8,r4c9,r5d10 y rby L2",
        caption=(
            "Red's 4-5 on `c9`-`d10` is anchored on red's goal rive, ordered and isolated: "
            "a well-formed chain, so yellow's 6 on `b8` cannot take it (the engine: “{c9}”). "
            "Blue's 2 on `j6` stands alone on its goal rive: yellow's 5 on `i5` cannot take "
            "it either (“{j6}”). Shields mark protected dice."
        ),
        check=_protection,
        facts=lambda game: {"c9": _quote(game, "c9"), "j6": _quote(game, "j6")},
    ),
    Diagram(
        rule="R16",
        slug="obligation",
        title="An obligation in force",
        position="y2c1,r1g1,y4d2,r5e3 r ry L2C",
        caption=(
            "Yellow's 2-4 on `c1`-`d2` is anchored (on red's rive, yellow's goal) but not "
            "ordered, so not protected. Red's 5 on `e3` touches it: it is obliged (dashed "
            "ring) and can take `d2`, so red's only legal action is `e3xd2` — no enter, no "
            "move of `g1`, no adjusting. Without the obligation (Blitz, L2) red would have "
            "many choices."
        ),
        check=_obligation,
    ),
    Diagram(
        rule="R18",
        slug="branched",
        title="A branched chain is never well-formed",
        position="r2d8,r4f8,y3c9,r3e9,r2d10 y ry L2",
        select="c9",
        caption=(
            "Red's four dice touch one another as one chain: anchored on `d10`, ordered "
            "(touching dice differ by 1) but the value 2 appears twice, so not isolated and "
            "not well-formed. Unprotected: yellow's 3 on `c9` may take either 2. (`d10`-`e9`-"
            "`f8` alone would read 2-3-4 and win; a chain is the whole connected group.)"
        ),
        check=_branched,
    ),
    Diagram(
        rule="R19",
        slug="win",
        title="A winning chain",
        position="r4f8,r4e9,r5d10 r ry L2",
        play=("f8-",),
        caption=(
            "Red had 5-4-4 on `d10`-`e9`-`f8` and plays `f8-`: the chain now reads 5-4-3, "
            "anchored, ordered and isolated, exactly 3 dice long — the goal in the Blitz rule "
            "sets. Red wins at once."
        ),
        check=_win,
    ),
)
