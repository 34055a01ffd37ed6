"""Puzzles: ``catalogue`` (the shipped puzzles, read and bounded), ``rating`` (the player's
puzzle rating, Elo), ``store`` (rating, streak and solved puzzles in local storage),
``chooser`` (a puzzle near the rating) and ``page`` (``puzzles.html``'s glue).

The board is the Learn pages' exercise board (``learn.lesson`` and ``learn.view``): one
exercise mechanism.  Imports ``learn``, ``table``, ``board``, ``words`` and ``dom``;
nothing imports it but its page.
"""

from typing import Final

PAGES: Final = {"en": "puzzles.html", "fr": "enigmes.html"}
"""The puzzles page in each language (its words are ``words.i18n``'s ``puzzles.*``)."""
