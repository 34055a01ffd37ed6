"""Learning: ``lessons`` (the lessons as data), ``lesson`` (a lesson board's state machine),
``view`` (a lesson board in a page), ``page`` (the Learn pages' glue), ``embed`` and
``embed_page`` (the embedded board, for other sites' iframes).

Imports ``table``, ``board``, ``words`` and ``dom``; nothing imports it but its pages.
"""
