"""Regenerate the service worker's precache list (the generated block of ``sw.js``).

The list is what the game loads, derived from the files that decide it, never typed by hand
(the app's part by ``tools/site_files.py``, which ``tools/runtime/build_bytecode.py`` reads too):

* the app (network-first in the worker, so updates arrive whenever there is a network):
  the pages (``index.html``, the Learn pages ``rules.html`` and ``regles.html``),
  ``manifest.webmanifest``, ``pyscript.toml``, the lesson boards' ``learn.toml``, the
  embedded board and the embed kit's pages, every file in ``assets/``, and the Python
  sources that the two configs' ``[files]`` tables make PyScript fetch (for the page, the AI
  worker and the lesson boards alike);
* the runtime (cache-first: its file names do not change with its version, so the cache's
  name does): what ``tools/runtime/vendor.py`` copies into ``vendor/`` — the PyScript bundle's
  chunk closure, read from ``node_modules/``, and Pyodide's start files.

``VERSION`` names the cache.  In the committed ``sw.js`` it is a hash of the list and of the
runtime versions pinned in ``package.json``: it changes when a file is added or removed or
the runtime is re-pinned, not at every source edit (the app is network-first anyway).
``--site DIR`` (run by ``make site``) stamps ``DIR/sw.js`` with a hash of the *contents* of
every listed file as deployed, so each deploy that changes anything installs a new worker,
which precaches the new files together and deletes the old cache.

The runtime chunk names are fixed by the pinned ``@pyscript/core`` (package-lock.json), so
the committed list is right on a fresh clone once ``make vendor`` (or ``make serve``) ran.

Usage: ``python3 tools/offline/build_sw.py [--check | --site DIR]`` (``--check``: change nothing,
exit 1 if ``sw.js`` is stale; the unit tests run it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.generated import refresh  # noqa: E402
from tools.runtime import build_image, vendor  # noqa: E402
from tools.site_files import PAGES, app_files, config_sources, runtime_files  # noqa: E402

SW = REPO_ROOT / "sw.js"
#: The pinned runtime packages whose versions name the cache.
PINNED = ("@pyscript/core", "pyodide")

_BLOCK = re.compile(r"(// precache:start[^\n]*\n)(.*?)(// precache:end)", re.DOTALL)


def pinned_versions() -> dict[str, str]:
    package = json.loads((REPO_ROOT / "package.json").read_text(encoding="utf-8"))
    return {name: package["dependencies"][name] for name in PINNED}


def list_version(runtime: Sequence[str], app: Sequence[str]) -> str:
    data = json.dumps([pinned_versions(), list(runtime), list(app)], sort_keys=True)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


# Files whose bytes differ from one build to the next though what they are made from does
# not (the Python image: a booted interpreter's memory, its hash seed and its allocations
# the build's own): they count by their key, or every deploy, a README's included, would
# have every player fetch the whole precache again.
KEYED = {build_image.IMAGE: build_image.KEY_FILE.relative_to(REPO_ROOT).as_posix()}


def content_version(root: Path, files: Sequence[str]) -> str:
    """A hash of every listed file's name and bytes under ``root`` (a built site); of its
    key's bytes for a file built anew with other bytes from the same sources (``KEYED``)."""
    digest = hashlib.sha256()
    for name in files:
        path = root / KEYED.get(name, name)
        if not path.is_file():
            raise SystemExit(f"{root}: the precache list names {name}, which is missing")
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_LISTED = re.compile(r'^  ("[^"\n]+"),$', re.MULTILINE)
_VERSION = re.compile(r'^const VERSION = "[0-9a-f]+";$', re.MULTILINE)
_served: dict[Path, tuple[tuple[tuple[str, int, int], ...], str]] = {}
"""Each tree's files as last stamped (name, size, change time) and their version."""


def served_text(root: Path, text: str) -> str:
    """``text`` (``root``'s ``sw.js``) with the cache's version made of the contents of the
    files it lists, as ``--site`` stamps a deploy, for ``tools/serve.py``: a page compares
    it with its worker's to know whether its cache holds what the server has, so an edited
    source must change it under ``make serve`` too. Unchanged when a listed file is missing
    (a tree whose runtime is not vendored yet)."""
    block = _BLOCK.search(text)
    if block is None:
        return text
    files = [json.loads(item) for item in _LISTED.findall(block.group(2))]
    try:
        stats = tuple(
            (name, (st := (root / KEYED.get(name, name)).stat()).st_size, st.st_mtime_ns)
            for name in files
        )
    except OSError:
        return text
    known = _served.get(root)
    if known is None or known[0] != stats:
        known = _served[root] = (stats, content_version(root, files))
    return _VERSION.sub(f'const VERSION = "{known[1]}";', text, count=1)


def _js_list(name: str, items: Sequence[str]) -> str:
    body = "".join(f"  {json.dumps(item)},\n" for item in items)
    return f"const {name} = [\n{body}];\n"


def block(version: str, runtime: Sequence[str], app: Sequence[str]) -> str:
    return (
        f'const VERSION = "{version}";\n'
        "// Cache-first: the vendored runtime.\n"
        + _js_list("RUNTIME", runtime)
        + "// The pages and the app's sources: from the cache while it holds the server's deploy.\n"
        + _js_list("APP", app)
    )


def sw_text(current: str, version: str, runtime: Sequence[str], app: Sequence[str]) -> str:
    if not _BLOCK.search(current):
        raise SystemExit("sw.js: precache markers not found")
    text = block(version, runtime, app)
    return _BLOCK.sub(lambda m: m.group(1) + text + m.group(3), current, count=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="report, change nothing")
    mode.add_argument("--site", type=Path, help="stamp DIR/sw.js with the deployed contents")
    args = parser.parse_args(argv)
    try:
        runtime = runtime_files()
    except vendor.VendorError as error:
        print(f"tools/offline/build_sw.py: {error}", file=sys.stderr)
        return 2
    app = app_files()
    if args.site is not None:
        target = args.site / "sw.js"
        version = content_version(args.site, [*runtime, *app])
        target.write_text(
            sw_text(target.read_text(encoding="utf-8"), version, runtime, app), encoding="utf-8"
        )
        print(f"{target}: {len(runtime) + len(app)} files, cache version {version}")
        return 0
    wanted = sw_text(SW.read_text(encoding="utf-8"), list_version(runtime, app), runtime, app)
    return refresh(SW, wanted, check=args.check, tool="tools/offline/build_sw.py")


__all__ = [
    "KEYED",
    "PAGES",
    "SW",
    "app_files",
    "config_sources",
    "content_version",
    "list_version",
    "main",
    "runtime_files",
    "served_text",
]

if __name__ == "__main__":
    sys.exit(main())
