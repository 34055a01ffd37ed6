"""The playing levels: which algorithm, how deep, how much noise, what budget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    max_time: float
    """Default thinking time per move in seconds (the browser's budget, ≤ 1.5 s)."""
    arena_nodes: int
    """A node budget standing for ``max_time`` in reproducible arena runs."""
    max_depth: int | None = None
    """Plies searched at most (``None``: as deep as the budget allows)."""
    noise: float = 0.0
    """Softmax temperature over the root moves' scores (0: always the best)."""
    quiescence: int = 3
    """Capture plies looked at beyond the horizon."""
    many: str = "paranoid"
    """Algorithm with three or four sides: ``"paranoid"`` or ``"brs"`` (best-reply)
    alpha-beta, ``"maxn"`` MCTS, or ``"model"`` (the others forecast, ``model.py``)."""
    rivalry: float = 1.0
    """With three or four sides, how much the search weighs the strongest
    opponent's standing against its own (1: fully)."""
    repetition: float = 0.0
    """Held against a root move (evaluation units) for each time the game already
    stood in the position it leads to (``repeats``) beyond the first: 0 lets it
    loop.  A position that comes back once may be chance (``random`` steps back
    too); a loop comes back again and again."""
    reduce: int = 0
    """Alpha-beta's late-move reduction: from the ``reduce``-th move in order on
    (0: never), a move other than a capture is first searched a ply shallower, and
    again at full depth only if that says it may beat the best so far."""
    uniform: bool = False
    """Pick uniformly among the legal moves (the baseline, no thought at all)."""


MANY: Final = ("paranoid", "brs", "maxn", "model")
"""The searches a level may use with three or four sides (``Level.many``)."""

_LEVELS: Final = (
    Level("random", "any legal move, uniformly (a baseline)", 0.0, 0, uniform=True),
    Level(
        "easy",
        "looks one move ahead and often settles for a good-enough move",
        0.2,
        600,
        max_depth=1,
        # 0.6 left `medium` only 73.5-75.0% against it in L3; 0.9 gives 87.0% there
        # and still 89.0% against `random` (AI.md).
        noise=0.9,
        quiescence=1,
    ),
    Level(
        "medium",
        "looks two moves ahead, sees captures through, rarely strays",
        0.5,
        3_000,
        max_depth=2,
        noise=0.1,
        quiescence=2,
    ),
    Level(
        "hard",
        "searches as deep as its time allows",
        1.5,
        10_000,
        # Alone against three `medium`, paranoid, best-reply and max^n searches won
        # about their fair share (26 of 100 for paranoid); forecasting the others'
        # replies and searching whole rounds of the table won 52 of 100 at 20,000
        # nodes, its 1.5 s in the browser (AI.md).
        many="model",
        # Weighing the leading rival at half its standing: the others block
        # whoever leads anyway (AI.md).
        rivalry=0.5,
        # L3 games against `medium` drawn at the ply limit were loops; holding one
        # unit per earlier visit against a move back into a position won them, and
        # sparing the first return stopped the cost against `random` (AI.md).
        repetition=1.0,
        # With 45-55 moves a turn late in L3 the full width stopped at two plies
        # whatever the budget and scored 70.0% against `medium` at 10,000 nodes; the
        # reduction reaches a third and scored 77.5% on the same 100 games (AI.md).
        reduce=3,
    ),
)

LEVELS: Final = tuple(level.name for level in _LEVELS)
"""Level names, weakest first."""

DEFAULT_LEVEL: Final = "medium"


def level_spec(name: str) -> Level:
    """The level called ``name``; ``ValueError`` listing the levels otherwise."""
    for spec in _LEVELS:
        if spec.name == name:
            return spec
    raise ValueError(f"unknown AI level {name!r} (one of {', '.join(LEVELS)})")
