"""The imports of ``derive/`` and ``tools/`` form no circle, and the engine never imports
the browser app (issue 24).

The graph is read with ``ast``, nothing imported: every import statement counts, those
inside functions and under ``if TYPE_CHECKING:`` too, since a circle hidden there is still
a circle.  ``from p import x`` is an edge to ``p.x`` when that is a module, else to ``p``
(a package's ``__init__``).  The parent packages an import loads on the way are not
edges: every module would reach its package's ``__init__`` and each one a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("derive", "tools")

KNOWN: tuple[frozenset[str], ...] = ()
"""Circles tolerated exactly as they are, while one is being taken apart (none now).  One
that changes fails; so does one that is gone, until it is deleted from here."""

ROOMS = ("front", "words", "board", "table", "shelf", "learn", "play")
"""The browser app's rooms, lowest first (``derive/web/__init__.py``)."""
PAGES = ("table", "shelf", "learn", "play")
"""The rooms over the board: the game at the table and the pages' own."""

LOWER_THAN: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("the engine", "derive", ("derive.web",)),
    ("the words", "derive.web.words", tuple(f"derive.web.{r}" for r in ("board", *PAGES))),
    ("the board", "derive.web.board", tuple(f"derive.web.{r}" for r in PAGES)),
    ("the table", "derive.web.table", ("derive.web.shelf", "derive.web.learn", "derive.web.play")),
    ("the shelf", "derive.web.shelf", ("derive.web.learn", "derive.web.play")),
    ("learning", "derive.web.learn", ("derive.web.shelf", "derive.web.play", "derive.web.puzzles")),
    ("the puzzles", "derive.web.puzzles", ("derive.web.shelf", "derive.web.play")),
    (
        "the review",
        "derive.web.review",
        ("derive.web.shelf", "derive.web.learn", "derive.web.puzzles", "derive.web.play"),
    ),
)
"""(who, modules under this prefix, may not import modules under these prefixes);
a module under one of the forbidden prefixes is not itself bound by the row."""

Graph = dict[str, set[str]]


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path, tops: Iterable[str] = TOPS) -> dict[str, Path]:
    """Every module under the ``tops`` folders of ``root``, by dotted name."""
    found = {}
    for top in tops:
        for path in sorted((root / top).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(root, path)] = path
    return found


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` statement of module ``name`` names."""
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` (file ``path``) imports, anywhere."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(name, path, node)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {target for target in found if target in known}


def graph(root: Path = ROOT, tops: Iterable[str] = TOPS) -> Graph:
    known = modules(root, tops)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(edges: Graph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def a_cycle(edges: Graph, component: frozenset[str]) -> list[str]:
    """One closed path through ``component``, from its first module back to it."""
    first = min(component)
    paths = {first: [first]}
    todo = [first]
    while todo:
        node = todo.pop(0)
        for child in sorted(edges[node] & component):
            if child == first:
                return [*paths[node], first]
            if child not in paths:
                paths[child] = [*paths[node], child]
                todo.append(child)
    raise AssertionError(f"{sorted(component)} is not a strongly connected component")


def shown(edges: Graph, component: frozenset[str]) -> str:
    return " -> ".join(a_cycle(edges, component))


def crossings(edges: Graph) -> list[str]:
    """Imports against ``LOWER_THAN``, one line each."""
    found = []
    for who, lower, upper in LOWER_THAN:
        for name in sorted(edges):
            if not _under(name, (lower,)) or _under(name, upper):
                continue
            for target in sorted(edges[name]):
                if _under(target, upper):
                    found.append(f"{who}: {name} imports {target}")
    return found


def _under(name: str, prefixes: Iterable[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


# ----- the repository -------------------------------------------------------


@pytest.fixture(scope="module")
def edges() -> Graph:
    return graph()


def test_no_new_or_grown_circle(edges: Graph) -> None:
    unknown = [c for c in circles(edges) if c not in KNOWN]
    assert not unknown, "import circles:\n" + "\n".join(shown(edges, c) for c in unknown)


def test_a_known_circle_that_is_gone_leaves_known(edges: Graph) -> None:
    gone = [sorted(c) for c in KNOWN if c not in circles(edges)]
    assert not gone, f"these circles are gone or changed: delete them from KNOWN: {gone}"


def test_the_engine_never_imports_the_browser_app(edges: Graph) -> None:
    assert crossings(edges) == []


def test_the_engine_formats_and_explanations_are_over_the_game(edges: Graph) -> None:
    # The convenience methods of Game call these modules: they must not call back.
    assert {"derive.explain", "derive.record", "derive.replay", "derive.text"} <= edges[
        "derive.game"
    ]
    for name in ("derive.explain", "derive.record", "derive.replay", "derive.text"):
        assert "derive.game" not in edges[name], name


def test_the_walk_sees_both_trees(edges: Graph) -> None:
    assert {"derive", "derive.ai", "derive.web.play.page", "tools.offline.build_sw"} <= set(edges)
    assert (
        "tools.site_files"
        in edges["tools.offline.build_sw"] & edges["tools.runtime.build_bytecode"]
    )
    assert (
        "derive.web.words.i18n" in edges["tools.pages.build_web"]
    )  # `from derive.web.words import i18n`


# ----- the walk itself, on a made-up package --------------------------------


def _package(root: Path, files: Mapping[str, str]) -> Graph:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return graph(root, ("derive",))


def test_hidden_imports_still_close_a_circle(tmp_path: Path) -> None:
    edges = _package(
        tmp_path,
        {
            "derive/__init__.py": "from .game import Game\n",
            "derive/game.py": "def f():\n    from .explain import explain\n",
            "derive/explain.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
            ),
            "derive/board.py": "",
        },
    )
    assert edges["derive"] == {"derive.game"}
    assert circles(edges) == [frozenset({"derive.game", "derive.explain"})]
    assert shown(edges, circles(edges)[0]) == "derive.explain -> derive.game -> derive.explain"


def test_names_resolve_to_modules_or_their_package(tmp_path: Path) -> None:
    edges = _package(
        tmp_path,
        {
            "derive/__init__.py": "BOARD = 1\n",
            "derive/board.py": "from . import BOARD\nimport derive.ai.keys\n",
            "derive/ai/__init__.py": "from ..board import BOARD\nfrom . import keys, WEIGHT\n",
            "derive/ai/keys.py": "import json\nfrom derive import board\n",
            "derive/web/__init__.py": "",
            "derive/web/app.py": "from .. import board\n",
        },
    )
    assert edges["derive.board"] == {"derive", "derive.ai.keys"}
    assert edges["derive.ai"] == {"derive.board", "derive.ai.keys", "derive.ai"}
    assert edges["derive.ai.keys"] == {"derive.board"}
    assert edges["derive.web.app"] == {"derive.board"}
    assert circles(edges) == [frozenset({"derive.board", "derive.ai.keys"})]


def test_the_engine_importing_the_app_is_caught(tmp_path: Path) -> None:
    edges = _package(
        tmp_path,
        {
            "derive/__init__.py": "",
            "derive/game.py": "",
            "derive/ai/__init__.py": "from ..web.i18n import words\n",
            "derive/web/__init__.py": "",
            "derive/web/i18n.py": "from ..game import Game\n",
        },
    )
    assert crossings(edges) == ["the engine: derive.ai imports derive.web.i18n"]


def test_the_page_side_imports_nothing_of_the_app() -> None:
    """``derive.web.front`` runs in MicroPython: it imports its own modules, MicroPython's
    and PyScript's, never the engine or a room (they use dataclasses, typing, __future__),
    and ``typing`` only where mypy alone reads it (``if MYPY:``)."""
    allowed = {"asyncio", "pyscript", "json"}
    front = Path(__file__).resolve().parent.parent / "derive" / "web" / "front"
    for path in sorted(front.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        guarded = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "MYPY"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in guarded:
                continue
            if isinstance(node, ast.Import):
                names = [alias.name.partition(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [(node.module or "").partition(".")[0]]
            else:
                continue
            assert set(names) <= allowed, f"{path.name}:{node.lineno} imports {names}"
