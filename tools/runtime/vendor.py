"""Copy the browser runtime from node_modules/ into vendor/ (git-ignored, served with the page).

* ``vendor/pyscript/``: ``@pyscript/core``'s ``dist/core.js`` and ``dist/core.css`` plus every
  chunk they load, found by following the relative references (``import("./x.js")``,
  ``from"./x.js"``, ``"./xterm.css"``) transitively. PyScript loads all its plugin chunks
  (error, donkey, py-editor, py-terminal, codemirror, ...) at start, so the closure is most
  of ``dist/``; optional entry points (``service-worker.js``, ``storage.js``) and source maps
  are left out, and so are the chunks of features the site never uses (``UNUSED``: the
  terminal, the package graph, archives, the editor's language data): a first visit's
  page and worker never load them, only the service worker's precache did (560 KB).
* ``vendor/pyodide/``: what Pyodide's loader loads at start: ``pyodide.asm.mjs``,
  ``pyodide.asm.wasm``, ``python_stdlib.zip`` and ``pyodide-lock.json``; the loader itself
  as ``pyodide.loader.mjs``; and as ``pyodide.mjs``, the interpreter every PyScript config
  of the site names, ``tools/runtime/pyodide_start.mjs``: Pyodide's ``loadPyodide``, restoring a
  stored memory snapshot of a booted interpreter when there is one (see that file).
  ``pyodide.asm.mjs`` gets V8's compile hint as its first line (``PREFIXES``).
  No package wheels are shipped: the game must not use ``packages =``.
* ``vendor/micropython/``: ``@micropython/micropython-webassembly-pyscript``'s
  ``micropython.mjs`` and ``micropython.wasm``, the interpreter of the pages' own Python
  (``<script type="mpy">``: the event handlers on the page's thread), the build PyScript
  0.7.31 loads by default (its CDN fallback names the same version).

Checks on the way that the installed npm packages are the versions pinned in package.json and
that the Pyodide version matches the one the PyScript bundle was built for.

Idempotent: a file is copied only when its size or mtime differ; stale files (e.g. chunks of an
older PyScript) are removed. Prints one line when everything is already up to date.

Usage: ``python3 tools/runtime/vendor.py [--check]`` (``--check``: report, change nothing, exit 1
if stale).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = REPO_ROOT / "node_modules"
VENDOR = REPO_ROOT / "vendor"

PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYSCRIPT_ENTRY_POINTS = ("core.js", "core.css")
PYODIDE_DIR = NODE_MODULES / "pyodide"
#: What Pyodide's loader (its ``pyodide.mjs``) fetches at start.
PYODIDE_START_FILES = (
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: ``vendor/pyodide/``'s files and where each comes from.
PYODIDE_SOURCES = {
    "pyodide.mjs": REPO_ROOT / "tools" / "runtime" / "pyodide_start.mjs",
    "snapshot-pages.mjs": REPO_ROOT / "tools" / "runtime" / "snapshot-pages.mjs",
    "image-worker.mjs": REPO_ROOT / "tools" / "runtime" / "image-worker.mjs",
    "memory-idb.mjs": REPO_ROOT / "tools" / "runtime" / "memory-idb.mjs",
    "pyodide.loader.mjs": PYODIDE_DIR / "pyodide.mjs",
    **{name: PYODIDE_DIR / name for name in PYODIDE_START_FILES},
}
PYODIDE_FILES = tuple(PYODIDE_SOURCES)
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
MICROPYTHON_SOURCES = {
    name: MICROPYTHON_DIR / name for name in ("micropython.mjs", "micropython.wasm")
}
MICROPYTHON_FILES = tuple(MICROPYTHON_SOURCES)
#: Built beside the copies, from the site's sources: the bytecode of every source
#: (``build_bytecode.py``) and the Python image (``build_snapshot.py``, ``build_image.py``).
#: Named here, with the copies, so that the site's list (``tools/site_files.py``) reads the
#: whole runtime from one module that imports none of the site's.
BYTECODE = "vendor/bytecode/derive.pyc.gz"
IMAGE = "vendor/image/python.gz"
#: Lines put before a vendored file's own text. Chromium compiles a script whose first line
#: is this comment (V8's explicit compile hints) whole, off the page's thread, as it arrives;
#: without it, each of Emscripten's functions in ``pyodide.asm.mjs`` was compiled on the
#: page's thread when first called: 430 ms of a phone's first visit (4x CPU), halved.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
PREFIXES = {"pyodide.asm.mjs": COMPILE_HINT}

#: Chunks (name, then an 8-character hash) loaded only by features the site's configs never
#: use: the terminal (py-terminal's py/mpy chunks, xterm), the package graph (``packages =``
#: is not allowed), ``[files]`` archives (zip), and codemirror's lazily imported ``index``.
#: Should a config ever use one, PyScript's request for it fails at once, online too.
UNUSED = re.compile(r"^(?:py|mpy|xterm[\w-]*|pyodide_graph|zip|index)-[\w-]{8}\.js$|^xterm\.css$")
# "./chunk-AbC123.js" / './xterm.css' anywhere in a bundled file: static and dynamic imports,
# and new URL("./x", import.meta.url)-style asset references.
_RELATIVE_REF = re.compile(r"""["'`]\./([A-Za-z0-9_.@-]+\.(?:m?js|css|wasm|json))["'`]""")
# In the PyScript bundle: {type:"pyodide",module:(e="314.0.2")=>`https://cdn.../pyodide.mjs`
_BUNDLED_PYODIDE = re.compile(r"""type:"pyodide",module:\(\w+="([^"]+)"\)""")
_BUNDLED_MICROPYTHON = re.compile(r""""micropython",module:\(\w+="([^"]+)"\)""")


class VendorError(Exception):
    pass


def _read_json(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise VendorError(f"{path}: expected a JSON object")
    return data


def check_pins() -> dict[str, str]:
    """Installed npm package versions must equal the pins in package.json."""
    manifest = _read_json(REPO_ROOT / "package.json")
    deps = manifest.get("dependencies")
    if not isinstance(deps, dict):
        raise VendorError("package.json has no dependencies")
    versions: dict[str, str] = {}
    for name in ("@pyscript/core", "pyodide", MICROPYTHON):
        pinned = deps.get(name)
        pkg_json = NODE_MODULES / name / "package.json"
        if not pkg_json.is_file():
            raise VendorError(f"{name} is not installed in node_modules/: run `npm ci`")
        installed = _read_json(pkg_json).get("version")
        if installed != pinned:
            raise VendorError(
                f"{name}: node_modules has {installed}, package.json pins {pinned}: run `npm ci`"
            )
        versions[name] = str(installed)
    return versions


def pyscript_files() -> list[str]:
    """core.js, core.css and the transitive closure of the chunks they reference."""
    wanted: list[str] = []
    todo = list(PYSCRIPT_ENTRY_POINTS)
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        path = PYSCRIPT_DIST / name
        if not path.is_file():
            raise VendorError(f"@pyscript/core dist/ lacks {name}, referenced by the bundle")
        wanted.append(name)
        if path.suffix in (".js", ".mjs"):
            found = _RELATIVE_REF.findall(path.read_text(encoding="utf-8"))
            todo.extend(ref for ref in found if not UNUSED.match(ref))
    return sorted(wanted)


def runtime_files() -> list[str]:
    """Every file of ``vendor/`` that a page or a worker of the site loads."""
    pyscript = [f"vendor/pyscript/{name}" for name in pyscript_files()]
    pyodide = [f"vendor/pyodide/{name}" for name in PYODIDE_FILES]
    micropython = [f"vendor/micropython/{name}" for name in MICROPYTHON_FILES]
    return sorted([*pyscript, *pyodide, *micropython, BYTECODE, IMAGE])


def bundled_pyodide_version(pattern: re.Pattern[str] = _BUNDLED_PYODIDE) -> str:
    """The Pyodide version the PyScript bundle defaults to (its CDN fallback); with
    ``_BUNDLED_MICROPYTHON``, its MicroPython's."""
    found: set[str] = set()
    for path in PYSCRIPT_DIST.glob("*.js"):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    if len(found) != 1:
        raise VendorError(f"cannot tell which interpreter the PyScript bundle expects: {found}")
    return found.pop()


def check_pyodide_start_files() -> None:
    """Every file Pyodide's loader names (besides itself) must be vendored."""
    text = (PYODIDE_DIR / "pyodide.mjs").read_text(encoding="utf-8")
    named = set(re.findall(r"(pyodide[\w.-]*\.(?:mjs|wasm|json|zip)|python_stdlib\.zip)", text))
    missing = named - {"pyodide.mjs", *PYODIDE_START_FILES}
    if missing:
        raise VendorError(f"pyodide.mjs refers to files not vendored: {sorted(missing)}")


def _up_to_date(src: Path, dst: Path, prefix: bytes = b"") -> bool:
    if not dst.is_file():
        return False
    s, d = src.stat(), dst.stat()
    return s.st_size + len(prefix) == d.st_size and s.st_mtime_ns == d.st_mtime_ns


def _copy(src: Path, dst: Path, prefix: bytes = b"") -> None:
    tmp = dst.with_name(dst.name + ".tmp")
    if prefix:
        tmp.write_bytes(prefix + src.read_bytes())
        shutil.copystat(src, tmp)  # the mtime is what _up_to_date compares
    else:
        shutil.copy2(src, tmp)
    tmp.replace(dst)


def sync(
    sources: dict[str, Path], dst_dir: Path, check: bool, prefixes: dict[str, bytes] | None = None
) -> int:
    """Make dst_dir hold exactly ``sources``' names, each a copy of its source (after its
    prefix, if ``prefixes`` names one). Returns the number of changes."""
    changes = 0
    names = list(sources)
    if not check:
        dst_dir.mkdir(parents=True, exist_ok=True)
    for name, src in sources.items():
        dst = dst_dir / name
        prefix = (prefixes or {}).get(name, b"")
        if not _up_to_date(src, dst, prefix):
            changes += 1
            print(f"{'stale' if check else 'copy'}: {dst.relative_to(REPO_ROOT)}")
            if not check:
                _copy(src, dst, prefix)
    if dst_dir.is_dir():
        for extra in sorted(set(p.name for p in dst_dir.iterdir()) - set(names)):
            changes += 1
            path = dst_dir / extra
            print(f"{'extra' if check else 'remove'}: {path.relative_to(REPO_ROOT)}")
            if not check:
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink()
    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report only; exit 1 if stale")
    args = parser.parse_args(argv)
    try:
        versions = check_pins()
        expected = bundled_pyodide_version()
        if versions["pyodide"] != expected:
            raise VendorError(
                f"@pyscript/core {versions['@pyscript/core']} is built for Pyodide {expected}, "
                f"but package.json pins pyodide {versions['pyodide']}"
            )
        micropython = bundled_pyodide_version(_BUNDLED_MICROPYTHON)
        if versions[MICROPYTHON] != micropython:
            raise VendorError(
                f"@pyscript/core {versions['@pyscript/core']} is built for MicroPython "
                f"{micropython}, but package.json pins {versions[MICROPYTHON]}"
            )
        check_pyodide_start_files()
        pyscript = {name: PYSCRIPT_DIST / name for name in pyscript_files()}
        changes = sync(pyscript, VENDOR / "pyscript", args.check)
        changes += sync(PYODIDE_SOURCES, VENDOR / "pyodide", args.check, PREFIXES)
        changes += sync(MICROPYTHON_SOURCES, VENDOR / "micropython", args.check)
        stamp = VENDOR / "versions.json"
        stamp_text = json.dumps(versions, indent=2, sort_keys=True) + "\n"
        if not stamp.is_file() or stamp.read_text(encoding="utf-8") != stamp_text:
            changes += 1
            if not args.check:
                stamp.write_text(stamp_text, encoding="utf-8")
    except VendorError as exc:
        print(f"tools/runtime/vendor.py: error: {exc}", file=sys.stderr)
        return 2
    summary = ", ".join(f"{k} {v}" for k, v in sorted(versions.items()))
    if changes == 0:
        print(f"vendor/ up to date ({summary})")
    elif args.check:
        print(f"vendor/ is stale: {changes} change(s) needed")
        return 1
    else:
        print(f"vendor/ updated: {changes} change(s) ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
