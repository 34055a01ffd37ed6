"""The browser app, in rooms by use, each importing only the rooms below it:

* ``words``: the app's words in French and English, the engine's messages in French, the
  "why?" links to the Learn pages. Imports nothing of the app.
* ``board``: Dérive's chessground: the pure SVG board, the highlights read off the engine's
  explanation, the palette, orientation, and the board widget that draws and animates in a
  page. It knows no rule and no page. Imports the engine's geometry and types, and ``words``.
* ``table``: one game at the table, with no browser: the controller every board is driven
  by, what it announces and logs, manners, the end of a game, the panels around the board,
  URL parameters and share codes. Imports ``board`` and ``words``.
* ``shelf``: the saved games: entries and eviction, the keeper of links, files and saves,
  local storage, the "Your games" list. Imports ``table`` and below.
* ``learn``: the lessons, the lesson boards and their glue, for the Learn pages and the
  embedded board. Imports ``table`` and below.
* ``play``: the game page: its PyScript glue, the computer's worker and its glue, sounds.
  Imports everything below it, never imported itself.

``dom`` (PyScript's document, small DOM helpers) serves every room that touches a page.
"""
