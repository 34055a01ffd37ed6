"""The saved games: ``saved`` (entries in local storage, ids, bounds, eviction, repairs),
``keeper`` (what opening a link, a file or a save, every move and another tab's write do to
the page's game), ``storage`` (localStorage, sessionStorage and downloads in the browser),
``panel`` (the "Your games" list).

Imports ``table``, ``board`` and ``words``; only the game page (``play``) imports it.
"""
