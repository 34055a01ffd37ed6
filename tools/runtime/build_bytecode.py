"""Build ``vendor/bytecode/derive.pyc.gz``: the game's Python sources, compiled ahead of time.

Every page starts by importing the ``derive`` modules it needs, and in Pyodide most of
that time (about 190 of 300 ms for the game page, measured under Node) is CPython
compiling the sources, not running them: the same work at every start of every page and
worker that does not restore a memory snapshot (a first visit, the Learn pages, embedded
boards), and for the modules a snapshot cannot hold (those that touch the page) at every
start. So the sources the site serves are compiled here, once per change, by the vendored
Pyodide itself under Node (``tools/runtime/bytecode.mjs``), into "checked-hash" ``.pyc`` files
(PEP 552): CPython uses one only if it holds the hash of the source it sits beside, so a
stale bundle costs time, never correctness. ``tools/runtime/pyodide_start.mjs`` writes them beside
the sources of every interpreter it starts.

Built by ``make vendor`` (hence by ``make serve``, ``make test`` and ``make site``) after
``tools/runtime/vendor.py``, and only when its key changed: the Pyodide version, the compiler
script and every source's name and bytes.  Git-ignored, like the rest of ``vendor/``.

PyScript's own Python package (``pyscript/*.py``, which PyScript writes from string literals
of its bundle at every start, then imports: 0.5 s of a phone's first visit, a sixth of it
compiling) is compiled too, from the same literals (``pyscript_package``).

Usage: ``python3 tools/runtime/build_bytecode.py [--check]`` (``--check``: change nothing, exit 1
if the bundle is missing or stale).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.runtime import vendor  # noqa: E402
from tools.runtime.node_built import NodeBuilt, read_lined  # noqa: E402
from tools.site_files import python_sources  # noqa: E402

BUNDLE = vendor.BYTECODE
KEY_FILE = REPO_ROOT / "vendor" / "bytecode" / "derive.key"
COMPILER = REPO_ROOT / "tools" / "runtime" / "bytecode.mjs"


def sources() -> list[str]:
    """The Python sources any page of the site loads (the service worker's list of them)."""
    return python_sources()


PYSCRIPT_BUNDLE = REPO_ROOT / "vendor" / "pyscript"
# PyScript writes its package with `_path.write_text(JSON.stringify(text), encoding="utf-8")`
# from this object of its bundle: {pyscript:{"__init__.py":"...",...}}.
_PACKAGE = re.compile(r'\{pyscript:\{((?:"\w+\.py":"(?:[^"\\]|\\.)*",?)+)\}\}')
_MODULE = re.compile(r'"(\w+\.py)":("(?:[^"\\]|\\.)*")')
_WRITER = '_path.write_text(${e},encoding="utf-8")'


def pyscript_package(bundle: Path = PYSCRIPT_BUNDLE) -> dict[str, bytes]:
    """PyScript's Python package, ``{"pyscript/name.py": source}``, the bytes PyScript writes
    beside the page's sources (its string literals are JSON's). Empty if the vendored bundle
    holds no such object or writes it another way (a PyScript of another shape): the
    package is then compiled in the browser as before."""
    for chunk in sorted(bundle.glob("*.js")):
        text = chunk.read_text(encoding="utf-8")
        found = _PACKAGE.search(text)
        if found and _WRITER in text:
            return {
                f"pyscript/{name}": json.loads(literal).encode("utf-8")
                for name, literal in _MODULE.findall(found.group(1))
            }
    return {}


def read_bundle(path: Path | None = None) -> list[tuple[str, bytes]]:
    """The bundle's files (tools/runtime/bytecode.mjs writes it: a line of JSON, ``[[path, size],
    ...]``, then the files' bytes one after the other, all gzipped)."""
    listed, body = read_lined(path or REPO_ROOT / BUNDLE)
    files, at = [], 0
    for name, size in listed:
        files.append((name, body[at : at + size]))
        at += size
    if at != len(body):
        raise ValueError(f"{BUNDLE}: {len(body) - at} bytes past its files")
    return files


ARTIFACT = NodeBuilt(BUNDLE, KEY_FILE, COMPILER, "tools/runtime/build_bytecode.py")


def main(argv: list[str] | None = None) -> int:
    names = sources()
    extra = pyscript_package()
    with tempfile.TemporaryDirectory() as folder:
        listed = Path(folder) / "pyscript.json"
        listed.write_text(json.dumps({k: v.decode() for k, v in extra.items()}), "utf-8")
        wanted = ARTIFACT.key(names, extra)
        args = ["--extra", str(listed), *names]
        return ARTIFACT.main(argv, __doc__.split("\n\n")[0], wanted, args)


if __name__ == "__main__":
    sys.exit(main())
