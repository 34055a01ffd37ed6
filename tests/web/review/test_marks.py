"""What the review hands the rest of the page: the marks of the move list, the better
move the board draws as an arrow (issue 26), and when the section needs drawing again."""

from __future__ import annotations

from typing import Any

from derive.game import Game
from derive.web.review.driver import ReviewState
from tests.helpers import random_game


def _game(plies: int = 4, seed: int = 5) -> Game:
    game = random_game(plies, seed)
    return game


def _state() -> ReviewState:
    """Ply 2 a blunder (the better move, b1's best, was +c1), ply 3 an unlucky roll."""
    game = _game()
    state = ReviewState(game)
    entries: list[dict[str, Any]] = [{"ply": 0, "chances": {"r": 0.5}, "best": "+a1"}]
    labels: dict[int, dict[str, Any]] = {
        1: {"best": "+c1"},
        2: {"label": "blunder", "best": "+e1"},
        3: {"luck_label": "unlucky"},
    }
    for ply, move in enumerate(game.moves, 1):
        entry = {"ply": ply, "mover": "r", "move": str(move), "chances": {"r": 0.5}}
        entry.update(labels.get(ply, {}))
        entries.append(entry)
    state.plies = entries
    return state


def test_the_move_list_marks_only_mistakes() -> None:
    assert _state().marks() == {2: "blunder"}


def test_the_board_draws_the_better_move_only_on_the_mistake() -> None:
    state = _state()
    state.show(2)
    assert state.better_shown() == "+c1"  # the best move of the position before ply 2
    for ply in (0, 1, 3, 4):
        state.show(ply)
        assert state.better_shown() is None
