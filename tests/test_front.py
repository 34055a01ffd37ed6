"""The page side's Python (``derive/web/front/``) under the MicroPython the pages load, and
its calls to the worker against the worker's list of exports."""

from __future__ import annotations

import ast
import inspect
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from derive.web.learn import worker
from derive.web.play import run as game_worker
from derive.web.play import worker as computer_worker
from derive.web.puzzles import worker as puzzles_worker

ROOT = Path(__file__).resolve().parent.parent
FRONT = ROOT / "derive" / "web" / "front"
RUNNER = ROOT / "tests" / "front" / "run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def run_micropython(script: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None or not MICROPYTHON.is_dir():
        pytest.fail("node and the pinned MicroPython are needed: run `make deps`")
    return subprocess.run(
        [node, str(RUNNER), str(script)], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_lesson_boards_page_side_runs_under_micropython() -> None:
    done = run_micropython(ROOT / "tests" / "front" / "check_lessons.py")
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def test_the_game_pages_handlers_run_under_micropython() -> None:
    """front/game.py: a click and a key read as the worker decodes them, a press the game
    takes kept from the browser, the menus closed as the player expects."""
    done = run_micropython(ROOT / "tests" / "front" / "check_game.py")
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def test_every_call_the_game_makes_of_its_page_has_one_place_that_carries_it_out() -> None:
    """The game's Python calls its page by name (``link.send``, ``link.ask``): each name is
    carried out either by the view (``assets/view.js``: drawings, the scene, saved texts)
    or by the page's MicroPython (``front/game.py``, ``Shown``), never both, never
    neither."""
    from derive.web.front.game import Shown

    called: set[str] = set()
    for path in (ROOT / "derive" / "web").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        called |= set(re.findall(r"\.(?:send|ask)\(\s*\"(\w+)\"", text))
    view = (ROOT / "assets" / "view.js").read_text(encoding="utf-8")
    table = view[view.index("window.deriveView = {") :]
    table = table[: table.index("};")]
    in_view = set(re.findall(r"\b(\w+)\b", table.partition("{")[2]))
    assert not in_view & set(Shown.NAMES)
    assert called - {"ai"} <= in_view | set(Shown.NAMES), called - in_view - set(Shown.NAMES)
    assert set(Shown.NAMES) <= called  # none carried out that the game never asks for
    for name in Shown.NAMES:
        assert callable(getattr(Shown, name)), name


def test_what_micropython_lacks_fails_here(tmp_path: Path) -> None:
    """The runner is a real judge: a module MicroPython has not is an error there."""
    script = tmp_path / "lacks.py"
    script.write_text("import dataclasses\n", encoding="utf-8")
    done = run_micropython(script)
    assert done.returncode == 1 and "dataclasses" in done.stderr


def test_every_page_side_module_imports_under_micropython(tmp_path: Path) -> None:
    names = sorted(p.stem for p in FRONT.glob("*.py") if p.stem != "__init__")
    script = tmp_path / "imports.py"
    script.write_text(
        "".join(f"import front.{name}\n" for name in names) + "print('ok')\n", encoding="utf-8"
    )
    done = run_micropython(script)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def _calls_to_the_worker() -> list[tuple[str, int, str]]:
    """Every ``desk.<export>(...)`` the page side makes: name, arguments, where."""
    found = []
    for path in sorted(FRONT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name | ast.Attribute)
                and (
                    getattr(node.func.value, "id", "") == "desk"
                    or getattr(node.func.value, "attr", "") == "desk"
                )
            ):
                found.append((node.func.attr, len(node.args), f"{path.name}:{node.lineno}"))
    return found


WORKERS = {
    "learn.py": (worker,),
    "embed.py": (worker,),
    "puzzles.py": (puzzles_worker,),
    "lessons.py": (worker, puzzles_worker),  # the board of every page
}
"""Which worker each page-side module calls (``assets/live-boards.js`` starts it)."""


def test_the_page_calls_the_worker_only_as_its_exports_say() -> None:
    calls = _calls_to_the_worker()
    used = {name for name, _, _ in calls}
    assert used == set(worker.EXPORTS) | set(puzzles_worker.EXPORTS)  # each export is used
    for name, count, where in calls:
        for exports in WORKERS[where.partition(":")[0]]:
            arguments, _ = exports.EXPORTS[name]
            assert count == len(arguments), f"{where}: {name} takes {arguments}"


def test_every_worker_exports_what_its_list_says() -> None:
    for exports in (worker, puzzles_worker, game_worker, computer_worker):
        assert set(exports.EXPORTED) == set(exports.EXPORTS), exports.__name__
        for name, function in exports.EXPORTED.items():
            arguments, _ = exports.EXPORTS[name]
            names = list(inspect.signature(function).parameters)
            assert names == [a.partition(":")[0] for a in arguments], (exports.__name__, name)


def test_the_game_page_calls_its_workers_only_as_their_exports_say() -> None:
    """The view's calls to the game's worker, and the game's calls to the computer's
    (through the view: ``computer.py``, ``review/``), against the workers' lists."""
    view = (ROOT / "assets" / "view.js").read_text(encoding="utf-8")
    used = set(re.findall(r"worker\.sync\.(\w+)\(", view)) - {"runtime"}  # the glue's
    assert used == set(game_worker.EXPORTS)
    asked: set[str] = set()
    for path in [ROOT / "derive/web/play/computer.py", *(ROOT / "derive/web/review").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"\bcall\(\s*\"(\w+)\"", text))
    assert asked and asked <= set(computer_worker.EXPORTS), asked - set(computer_worker.EXPORTS)


def test_the_saved_games_prefix_is_one_across_the_page_and_the_game() -> None:
    """Local storage's keys of the game: the page's handler (MicroPython), the view
    (JavaScript) and the shelf (the worker) read the same prefix."""
    from derive.web.front import game as front_game
    from derive.web.shelf import saved

    view = (ROOT / "assets" / "view.js").read_text(encoding="utf-8")
    assert f'const PREFIX = "{front_game.PREFIX}";' in view
    for key in (saved.GAME_PREFIX, saved.DAMAGED_PREFIX):
        assert key.startswith(front_game.PREFIX)


def test_pyscript_s_plugins_are_off_alike_in_every_config_and_script() -> None:
    """The plugins turned off: generated into the tomls (``build_live.PLUGINS``), and
    written in the two scripts that give a page's own PyScript a config of its own
    (``view.js``, ``live-boards.js``), which must say the same."""
    import json

    from tools.pages import build_live

    listed = re.findall(r'"(![\w-]+)"', build_live.PLUGINS)
    assert listed and "!error" in listed
    for name in ("view.js", "live-boards.js"):
        script = (ROOT / "assets" / name).read_text(encoding="utf-8")
        found = re.search(r"plugins: (\[[^\]]*\])", script)
        assert found is not None, name
        assert json.loads(found.group(1)) == listed, name
    for config in ("front.toml", "game-front.toml", "learn.toml", "game.toml", "pyscript.toml"):
        assert build_live.PLUGINS in (ROOT / config).read_text(encoding="utf-8"), config
