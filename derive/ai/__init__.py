"""Computer opponents: levels from ``random`` to ``hard``, hints, arena players.

>>> from derive import Game
>>> from derive.ai import choose_move
>>> game = Game.new("ry", "L2", seed=1, start="r")
>>> game.is_legal(choose_move(game, "easy", seed=1, max_nodes=200))
True
"""

from .evaluate import Evaluator, Weights, evaluate
from .hint import Hint, hint
from .levels import DEFAULT_LEVEL, LEVELS, Level, level_spec
from .players import parse_seats, player
from .search import Progress, Search, choose_move

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Evaluator",
    "Hint",
    "Level",
    "Progress",
    "Search",
    "Weights",
    "choose_move",
    "evaluate",
    "hint",
    "level_spec",
    "parse_seats",
    "player",
]
