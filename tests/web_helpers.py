"""Shared by the web app's unit tests."""

from __future__ import annotations

from derive import Game
from derive.ai import LEVELS
from derive.web.table.controller import Controller


def table(position: str, ai: dict[str, str] | None = None, lang: str = "en") -> Controller:
    """A controller playing ``position`` (dice seeded), the AI ready with its real levels."""
    ctrl = Controller(lang)
    ctrl.set_ai_levels(LEVELS, "medium")
    ctrl.open_game(Game.from_position(position, seed=7), ai)
    return ctrl
