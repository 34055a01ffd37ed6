"""The AI's contract: legal moves everywhere, budgets, reproducibility, the API
the web app and the terminal use (derive.ai)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from derive import RULE_SETS, Game, Move
from derive.ai import (
    DEFAULT_LEVEL,
    LEVELS,
    Hint,
    Progress,
    Search,
    choose_move,
    hint,
    parse_seats,
    player,
)

SEATINGS = ("ry", "rb", "rby", "rbyg", "ry/bg", "rb/yg")


def random_game(rules: str, seats: str, seed: int, plies: int) -> Game:
    """A game after up to ``plies`` random moves (still unfinished)."""
    rng = random.Random(seed)
    game = Game.new(seats, rules, seed=seed)
    for _ in range(plies):
        moves = game.legal_moves()
        game.play(rng.choice(moves))
        if game.is_over:
            game.undo()
            break
    return game


def obliged_game(rules: str, seed: int) -> Game:
    """A game in which the player to move must capture (R16)."""
    rng = random.Random(seed)
    for attempt in range(200):
        game = Game.new("ry", rules, seed=seed * 1000 + attempt)
        for _ in range(300):
            if game.is_over:
                break
            if any(game.obliged().values()):
                return game
            # Drift towards contact: prefer moves, sometimes anything.
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no obligation position found")


def test_levels_are_named_weakest_first() -> None:
    assert LEVELS[0] == "random"
    assert {"easy", "medium", "hard"} <= set(LEVELS)
    assert DEFAULT_LEVEL in LEVELS
    assert LEVELS.index("easy") < LEVELS.index("medium") < LEVELS.index("hard")


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@pytest.mark.parametrize("seats", SEATINGS)
def test_every_level_returns_a_legal_move(rules: str, seats: str) -> None:
    for seed, plies in ((1, 0), (2, 25), (3, 60)):
        game = random_game(rules, seats, seed, plies)
        before = game.to_position()
        for level in LEVELS:
            move = choose_move(game, level, seed=seed, max_nodes=150)
            assert isinstance(move, Move)
            assert game.is_legal(move), (level, game.to_position(), move)
        assert game.to_position() == before


@pytest.mark.parametrize("rules", ["L3", "L4", "L2C", "L2A"])
def test_obligation_is_respected(rules: str) -> None:
    game = obliged_game(rules, 7)
    forced = {m for m in game.legal_moves()}
    assert all(m.kind == "capture" for m in forced)
    for level in LEVELS:
        assert choose_move(game, level, seed=3, max_nodes=300) in forced


def test_the_game_passed_in_is_not_modified() -> None:
    game = random_game("L2", "ry", 4, 30)
    position, ply, moves = game.to_position(), game.ply, list(game.moves)
    state = game._rng.getstate()
    for level in LEVELS:
        choose_move(game, level, seed=1, max_nodes=500)
        hint(game, level=level, seed=1, max_nodes=300)
    assert (game.to_position(), game.ply, game.moves) == (position, ply, moves)
    assert game._rng.getstate() == state
    assert game.can_redo() is False


def test_node_budget_is_exact() -> None:
    game = random_game("L3", "ry", 5, 40)
    for budget in (1, 7, 100, 1000):
        search = Search(game, "hard", seed=1, max_nodes=budget)
        progress = search.step()
        while not progress.done:
            progress = search.step(0.01)
        assert progress.nodes == budget


def test_seed_and_node_budget_reproduce_the_choice() -> None:
    for rules, seats in (("L2", "ry"), ("L3", "ry"), ("L2", "rbyg"), ("L2", "ry/bg")):
        game = random_game(rules, seats, 6, 30)
        for level in LEVELS:
            first = choose_move(game, level, seed=42, max_nodes=800)
            again = choose_move(game, level, seed=42, max_nodes=800)
            assert first == again, (level, rules, seats)


def test_slices_do_not_change_the_result() -> None:
    game = random_game("L2", "ry", 8, 30)
    whole = Search(game, "hard", seed=2, max_nodes=1500)
    whole.step()
    sliced = Search(game, "hard", seed=2, max_nodes=1500)
    steps = 0
    while not sliced.step(0.002).done:
        steps += 1
    assert steps > 1
    assert sliced.progress() == whole.progress()


@pytest.mark.parametrize(
    ("seats", "level", "thinks_to_the_end"),
    [("ry", "hard", True), ("rbyg", "hard", True), ("ry", "easy", False)],
)
def test_time_budget_is_honoured_on_a_clock_the_test_drives(
    monkeypatch: pytest.MonkeyPatch, seats: str, level: str, thinks_to_the_end: bool
) -> None:
    # Not wall-clock time: on a shared machine that measures the neighbours.  Each
    # reading of this clock advances it a millisecond, so the search's own checks
    # are what move time on, and the test says whether it stops at its deadline.
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) / 1000)
    game = random_game("L3", seats, 9, 40)
    search = Search(game, level, seed=1, max_time=0.3)
    start = time.perf_counter()
    progress = search.finish()
    elapsed = time.perf_counter() - start
    assert game.is_legal(progress.best_move)
    assert progress.done and progress.nodes > 0
    assert elapsed <= 0.3 * 1.1
    # `hard` has no depth cap, so only its deadline stops it; `easy` stops at depth 1.
    assert (elapsed >= 0.3) == thinks_to_the_end


def test_search_has_a_legal_best_move_before_any_step_and_reports_progress() -> None:
    game = random_game("L3", "rbyg", 10, 20)
    search = Search(game, "hard", seed=1, max_time=5.0)
    assert game.is_legal(search.best_move)
    progress = search.step(0.05)
    assert isinstance(progress, Progress)
    assert game.is_legal(progress.best_move)
    assert progress.nodes > 0
    # Stopping is just not calling step again.
    assert game.is_legal(search.best_move)


def test_search_refuses_a_finished_game() -> None:
    game = Game.from_position("r1b10,r2a9,r3b8,y1e5 y ry L2")
    assert game.is_over
    with pytest.raises(ValueError, match="over"):
        Search(game, "easy")


def test_unknown_level_is_a_clear_error() -> None:
    game = Game.new("ry", "L2", seed=1)
    with pytest.raises(ValueError, match="unknown AI level 'genius'"):
        choose_move(game, "genius")


def test_parse_seats() -> None:
    assert parse_seats("y:hard,b:easy") == {"y": "hard", "b": "easy"}
    assert parse_seats("y") == {"y": DEFAULT_LEVEL}
    assert parse_seats(" r : random , g ") == {"r": "random", "g": DEFAULT_LEVEL}
    for bad, message in (
        ("x:hard", "not a colour"),
        ("y:genius", "unknown level"),
        ("y,y:easy", "twice"),
        ("", "empty"),
        ("r,,y", "empty"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_seats(bad)


def test_player_plays_a_whole_game_reproducibly() -> None:
    def play_out(seed: int) -> list[str]:
        game = Game.new("ry", "L1", seed=3, max_plies=40)
        seats = {
            "r": player("medium", seed=seed, max_nodes=200),
            "y": player("easy", seed=seed + 1, max_nodes=100),
        }
        while not game.is_over:
            game.play(seats[game.to_move](game))
        return [str(m) for m in game.moves]

    assert play_out(5) == play_out(5)


def test_hint_names_the_move_and_a_reason() -> None:
    game = Game.from_position("r1b10,r2a9,r3c7,y1e5 r ry L2")
    advice = hint(game, seed=1, max_nodes=2000)
    assert isinstance(advice, Hint)
    assert str(advice.move) == "c7-b8"
    assert advice.reason == "wins: completes the well-formed chain b8-a9-b10"
    capture = Game.from_position("r3d4,y2e5,y1d10,r1a1 r ry L2")
    assert hint(capture, seed=1, max_nodes=3000).reason.startswith("captures yellow's 2 on e5")


def test_the_ai_imports_no_processes_or_threads() -> None:
    """Pyodide has neither: derive.ai must run in a single browser worker."""
    import subprocess
    import sys

    code = (
        "import sys, derive.ai; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('multiprocessing', 'concurrent', 'asyncio')))"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
    for source in (root / "derive" / "ai").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "import threading" not in text and "import multiprocessing" not in text
