"""The game page: ``page`` (its PyScript glue: events, rendering, files, clipboard),
``computer`` (the computer player's worker, seen from the page), ``worker`` (what that
worker exports, plain Python), ``sound``.

The top room: imports every room below it; nothing imports it.
"""
