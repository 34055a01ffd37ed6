"""Puzzles mined from arena self-play: ``python -m tools.puzzles.mine``."""
