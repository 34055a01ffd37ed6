"""Game facts that do not change during a game: rule sets (the table of the
rules file) and seatings (R5, R6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .board import COLOUR_NAMES, COLOURS


@dataclass(frozen=True)
class RuleSet:
    id: str
    name: str
    dice: int
    """Dice each colour owns."""
    goal: int
    """Length of the well-formed chain that wins (1: any die on the goal rive)."""
    protection: bool
    """R15: dice of well-formed chains cannot be captured."""
    obligation: bool
    """R16: obliged dice must capture."""
    chance: bool
    """Entering dice show 1 and the re-roll exists; without chance the player picks."""


RULE_SETS: Final = {
    rs.id: rs
    for rs in (
        RuleSet("L1", "Initiation", 5, 1, False, False, True),
        RuleSet("L2", "Blitz", 7, 3, True, False, True),
        RuleSet("L3", "Classique", 10, 6, True, True, True),
        RuleSet("L4", "Avancée", 10, 6, True, True, False),
        RuleSet("L2C", "Blitz classique", 7, 3, True, True, True),
        RuleSet("L2A", "Blitz avancée", 7, 3, True, True, False),
    )
}


def rule_set(ident: str) -> RuleSet:
    try:
        return RULE_SETS[ident]
    except KeyError:
        raise ValueError(f"unknown rule set {ident!r} (one of {' '.join(RULE_SETS)})") from None


def _canonical(letters: str) -> str:
    return "".join(c for c in COLOURS if c in letters)


@dataclass(frozen=True)
class Seating:
    """The seated colours and, for a team game, the two teams (R5, R6)."""

    colours: str
    """Seated colour letters in turn order (r b y g)."""
    teams: tuple[str, str] | None = None

    @classmethod
    def parse(cls, text: str) -> Seating:
        groups = text.split("/")
        letters = "".join(groups)
        for c in letters:
            if c not in COLOURS:
                raise ValueError(f"seating {text!r}: {c!r} is not a colour (r b y g)")
        if len(set(letters)) != len(letters):
            raise ValueError(f"seating {text!r}: a colour is seated twice")
        if len(letters) < 2:
            raise ValueError(f"seating {text!r}: at least 2 colours must play")
        if len(groups) == 1:
            return cls(_canonical(letters))
        if len(groups) != 2 or len(letters) != 4 or any(len(g) != 2 for g in groups):
            raise ValueError(
                f"seating {text!r}: a team game is two pairs of all four colours, e.g. ry/bg"
            )
        # The team holding red first (then blue): compare first letters, not substrings.
        first, second = sorted((_canonical(g) for g in groups), key=lambda g: COLOURS.index(g[0]))
        return cls("rbyg", (first, second))

    def __str__(self) -> str:
        return "/".join(self.teams) if self.teams else self.colours

    def team_of(self, colour: str) -> str:
        """The side ``colour`` plays for: its team's letters, or itself."""
        if self.teams:
            return self.teams[0] if colour in self.teams[0] else self.teams[1]
        return colour

    def describe(self) -> str:
        if self.teams:
            return " vs ".join(" + ".join(COLOUR_NAMES[c] for c in team) for team in self.teams)
        return ", ".join(COLOUR_NAMES[c] for c in self.colours)
