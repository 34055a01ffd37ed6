"""The post-game review (issue 26): ``graph`` (the evaluation graph, a pure SVG function),
``panel`` (the summary and the mistakes in words), ``driver`` (the analysis carried to
the computer's worker in slices, and the review's state, no browser).

Imports ``table``, ``board`` and ``words``; only the game page (``play``) imports it.
"""
