"""One game at the table, with no browser: ``controller`` (the state and every action of a
board's game), ``announce`` and ``actionlog`` (what is said after a move), ``manners``
(resigning, draws), ``ending`` (the result, the rematch), ``panel`` (HTML around the board),
``params`` and ``share`` (URL parameters, share codes and record files), ``state`` (what
they hand each other).

Imports the engine, ``board`` and ``words``; the pages' rooms import it.
"""
