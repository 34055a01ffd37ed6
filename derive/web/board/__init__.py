"""The board library (Dérive's chessground): ``svg`` draws a ``BoardView`` as SVG, a pure
function; ``highlights`` builds that view from the engine's ``explain()``; ``palette`` and
``orientation`` are its colours and the side it is seen from; ``widget`` draws it in a
page and animates it; ``picture`` is its command line.

It knows no rule and no page: it takes the positions and destinations it is given. It
imports the engine's geometry and types and ``words``, never ``table``, ``shelf``,
``learn`` or ``play``.
"""
