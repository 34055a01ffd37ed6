"""Dérive, the dice strategy game: the complete rules as a pure-Python engine.

>>> game = Game.new("ry", "L2", seed=1, start="r")
>>> game.play("+c1")
Move('+c1')
"""

from .board import COLOUR_NAMES, COLOURS, OPPOSITE, RIVES, SQUARES, parse_square, square_name
from .chains import Chain
from .game import ChosenRoll, Game, IllegalMove
from .limits import MAX_PLIES
from .notation import Move
from .outcome import Outcome
from .position import PositionError
from .record import RecordError
from .rulesets import RULE_SETS, RuleSet, Seating
from .safejson import JSONError

__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "MAX_PLIES",
    "OPPOSITE",
    "RIVES",
    "RULE_SETS",
    "SQUARES",
    "Chain",
    "ChosenRoll",
    "Game",
    "IllegalMove",
    "JSONError",
    "Move",
    "Outcome",
    "PositionError",
    "RecordError",
    "RuleSet",
    "Seating",
    "parse_square",
    "square_name",
]
