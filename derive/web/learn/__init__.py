"""Learning: ``lessons`` (the lessons as data), ``lesson`` (a lesson board's state machine),
``desk`` (a lesson board's gestures as steps for the page) and ``worker`` (the exports of
the worker ``lessons``, which the Learn pages and the embedded board await from their
MicroPython, ``derive.web.front``), ``embed`` (the embedded board's link), ``view`` (a
lesson board on the page's thread: the puzzle pages').

Imports ``table``, ``board``, ``words``, ``front``'s key table and ``dom``; nothing
imports it but its pages.
"""
