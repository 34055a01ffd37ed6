"""``python -m derive``: a short scripted game through stdin."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from derive import Game
from derive.__main__ import main
from tests.helpers import game_at

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], lines: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv, stdin=io.StringIO(lines))
    out, err = capsys.readouterr()
    return code, out, err


def test_scripted_game_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    script = "moves\ne7-e8\nzz\ne7-d8\n"
    code, out, _ = run(
        ["--position", "r1b10,r2c9,r3e7,y1h2 r ry L2", "--seed", "1"], script, capsys
    )
    assert code == 0
    assert "e7-d8" in out.split("red> ")[1].splitlines()[0]  # the `moves` listing
    assert "! e8 is a light square" in out
    assert "! 'zz' is not a move" in out
    assert "played e7-d8" in out
    assert out.rstrip().endswith("red won")


def test_scripted_game_with_undo_redo_and_quit(capsys: pytest.CaptureFixture[str]) -> None:
    script = "+c1\n+d10\nundo\nredo\nredo\nundo\nundo\nundo\nquit\n"
    code, out, _ = run(
        ["--rules", "L3", "--seats", "ry", "--start", "r", "--seed", "5"], script, capsys
    )
    assert code == 0
    assert "played +c1" in out and "played +d10" in out
    assert "undo: +d10" in out and "redo: +d10" in out
    assert "! there is nothing to redo" in out
    assert "! there is nothing to undo" in out
    assert "L3 Classique · seats ry · reserves: red 10, yellow 10" in out
    assert "yellow to move" in out


def test_start_roll_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--seats", "rbyg", "--seed", "3"], "", capsys)
    assert code == 0  # end of input leaves quietly
    roll = Game.new("rbyg", "L2", seed=3).start_roll
    assert (
        "start roll: "
        + ", ".join(
            f"{name} {roll[0][c]}"
            for c, name in zip("rbyg", ("red", "blue", "yellow", "green"), strict=True)
        )
        in out
    )


def test_save_and_load(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(["--start", "r", "--seed", "2"], f"+c1\n+d10\nc1?\nsave {path}\n", capsys)
    assert code == 0 and "saved" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert len(record["moves"]) == 3
    code, out, _ = run(["--load", str(path)], "d10+\nquit\n", capsys)
    assert code == 0 and "played d10+" in out


def test_bad_arguments_report_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["--position", "r9c1 r ry L2"], "", capsys)
    assert code == 2 and "error: piece 'r9c1'" in err
    code, _, err = run(["--start", "b", "--seats", "ry"], "", capsys)
    assert code == 2 and "error:" in err
    code, _, err = run(["--load", "/nonexistent/derive.json"], "", capsys)
    assert code == 2 and "error:" in err


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "derive", "--seed", "1", "--start", "r"],
        input="+c1\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "played +c1" in done.stdout


def test_board_text_puts_dice_on_their_squares() -> None:
    lines = str(game_at("r1b10,y6i1,b2a5 r rby L2")).splitlines()
    column = {f: 4 + 3 * i for i, f in enumerate("abcdefghij")}
    assert lines[1].startswith(" 10") and lines[1][column["b"] : column["b"] + 2] == "r1"
    assert lines[10].startswith("  1") and lines[10][column["i"] : column["i"] + 2] == "y6"
    assert lines[6].startswith("  5") and lines[6][column["a"] : column["a"] + 2] == "b2"
    assert lines[10][column["b"] : column["b"] + 2] == "  "  # b1: a light square
    assert lines[10][column["c"] : column["c"] + 2] == " ."  # c1: free and playable
    assert lines[-1] == "red to move"
    won = game_at("b3b4,y1c1,y2d2,y3e3,y3c3 b rb/yg L2")
    won.play("b4xc3")
    assert str(won).splitlines()[-1] == "yellow + green won"
