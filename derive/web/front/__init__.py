"""The pages' own Python, on the page's thread, in MicroPython (``<script type="mpy">``).

What a reader does reaches Python here first: PyScript's event handlers (``@when``) read a
click, a key or a form, await the named worker that holds the engine, and carry out what
it answers on the page. Nothing here decides a rule: the worker does.

Written for MicroPython, which PyScript loads on the page (about 0.23 MB, started in about
0.15 s): no ``dataclasses``, ``typing``, ``enum`` or ``__future__``; annotations are
ignored by MicroPython and read by mypy only (``MYPY``: false when run, true for mypy).
The modules import each other relatively, as ``front`` in MicroPython's file system and as
``derive.web.front`` under CPython; ``tests/test_front.py`` runs them under the pinned
MicroPython (Node), so that what MicroPython lacks fails a test, not a reader.

A room of its own at the bottom: it imports nothing of the app, and the rooms above may
import its tables (``keys``), which is how the page and the worker share one key table.
"""
