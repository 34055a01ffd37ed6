"""Puzzles: ``catalogue`` (the shipped puzzles, read and bounded), ``rating`` (the player's
puzzle rating, Elo), ``store`` (rating, streak and solved puzzles in local storage),
``chooser`` (a puzzle near the rating), ``session`` (a puzzle on the board and its
verdict) and ``worker`` (the exports of the worker ``lessons`` on the puzzle pages, which
their MicroPython, ``derive.web.front.puzzles``, awaits).

The board is the Learn pages' exercise board (``learn.lesson`` and ``learn.desk``): one
exercise mechanism.  Imports ``learn``, ``table``, ``board`` and ``words``; nothing
imports it but its page.
"""

from typing import Final

PAGES: Final = {"en": "puzzles.html", "fr": "enigmes.html"}
"""The puzzles page in each language (its words are ``words.i18n``'s ``puzzles.*``)."""
