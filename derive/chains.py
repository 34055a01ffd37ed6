"""Chains (R17, R18): connected groups of one colour's dice and their qualities."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .board import NEIGHBOURS, RIVE_MASK, square_name


@dataclass(frozen=True)
class Chain:
    colour: str
    squares: tuple[int, ...]
    """Canonical order."""
    anchored: bool
    """R18: a die stands on the colour's goal rive."""
    ordered: bool
    """R18: every two touching dice differ by exactly 1."""
    isolated: bool
    """R18: no value appears twice."""

    @property
    def well_formed(self) -> bool:
        return self.anchored and self.ordered and self.isolated

    def __len__(self) -> int:
        return len(self.squares)

    def describe(self) -> str:
        return "-".join(square_name(s) for s in self.squares)


@dataclass(frozen=True)
class ColourChains:
    """Everything the rules ask about one colour's chains, computed once."""

    chains: tuple[Chain, ...]
    anchored: frozenset[int]
    """Squares of this colour's anchored chains (R16)."""
    well_formed: frozenset[int]
    """Squares of this colour's well-formed chains (R15)."""
    longest_well_formed: int

    def has_chain_of(self, length: int) -> bool:
        return any(c.well_formed and len(c) == length for c in self.chains)


def analyse(
    colour: str, squares: Iterable[int], values: Sequence[int], goal_bit: int
) -> ColourChains:
    """Split ``colour``'s dice on ``squares`` into chains (``values`` by square)."""
    remaining = set(squares)
    chains: list[Chain] = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        remaining.discard(start)
        group = [start]
        ordered = True
        anchored = False
        for s in group:  # grows while iterating: a breadth-first flood fill
            v = values[s]
            if RIVE_MASK[s] & goal_bit:
                anchored = True
            for t in NEIGHBOURS[s]:
                if t in remaining:
                    remaining.discard(t)
                    group.append(t)
                elif t in group and abs(values[t] - v) != 1:
                    ordered = False
        isolated = len({values[s] for s in group}) == len(group)
        chains.append(Chain(colour, tuple(sorted(group)), anchored, ordered, isolated))
    anchored_sq = frozenset(s for c in chains if c.anchored for s in c.squares)
    formed = [c for c in chains if c.well_formed]
    return ColourChains(
        tuple(chains),
        anchored_sq,
        frozenset(s for c in formed for s in c.squares),
        max((len(c) for c in formed), default=0),
    )
