"""The four side colours and the board's tones, shared by the SVG and the page's CSS.

Chosen for contrast: pips are drawn on ivory dice with a darker ink outline, so even the
yellow side (a light hue) reads at a glance, and the rive fills stay distinct from the
dark playable squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Side:
    pip: str
    """Pip fill and the die's rim: the side's colour itself."""
    ink: str
    """A darker shade: pip outlines and text in the side's colour on light backgrounds."""
    rive: str
    """Fill of the side's rive squares."""
    soft: str
    """A pale tint: highlights and panel backgrounds."""


SIDES: Final = {
    "r": Side(pip="#d32f2f", ink="#8e1b1b", rive="#b8473f", soft="#fbe3e1"),
    "b": Side(pip="#1e63d6", ink="#123f8c", rive="#3f6fbf", soft="#e0eafb"),
    "y": Side(pip="#eaa800", ink="#7a5200", rive="#d1a12a", soft="#fdf1cf"),
    "g": Side(pip="#1a8f4c", ink="#0d5a2e", rive="#36915c", soft="#dcf2e4"),
}

DIE_BODY: Final = "#fbf7ee"
LIGHT_SQUARE: Final = "#ece3d0"
DARK_SQUARE: Final = "#5d4e40"
MARGIN: Final = "#2b2622"
LABEL: Final = "#f3ead8"
"""Coordinates drawn on dark squares."""
HIGHLIGHT: Final = "#ffffff"
"""Selection, destinations, last move, chains, the turn: white, no player's colour, drawn
over a dark ``HIGHLIGHT_EDGE`` so that it stands out by lightness (not by hue, which
colour-blind players may not tell apart) on every rive, on both square tones and on
ivory dice."""
HIGHLIGHT_EDGE: Final = "#151515"
HINT: Final = "#e040fb"
"""The suggested move: magenta, no player's colour either, unlike the accent in hue."""
BETTER: Final = "#4cd964"
"""The review's better move: green, as on lichess, over the dark edge like the rest."""
DANGER: Final = "#ff7043"
"""Capture targets and obligation."""
