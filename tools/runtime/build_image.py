"""Build ``vendor/image/python.gz``: the memory of a booted Python, the game's modules
imported, for every page and worker of the site to restore instead of booting Python.

Booting Pyodide (running CPython's start and Pyodide's own modules, in WebAssembly) is
almost all of a page's start: some 2.7 s on this 2-core machine, at every first visit,
on every Learn page and embedded board, and in the computer player's worker. Pyodide can
instead restore the memory of an interpreter that has already booted (``_makeSnapshot`` /
``_loadSnapshot``, experimental: its loader's documented options list them as private),
in well under a second. So the vendored Pyodide boots here, under Node
(``tools/runtime/image.mjs``), imports the modules ``assets/snapshot.json`` lists (those that run
without a browser, ``tools/runtime/build_snapshot.py``) and writes its memory out; the site serves
it (7 MB, gzipped, precached by the service worker) and ``tools/runtime/pyodide_start.mjs``
restores it under the same Pyodide version and manifest key only, booting Python as usual
otherwise.

Built by ``make vendor`` (hence by ``make serve``, ``make test`` and ``make site``) after
``tools/runtime/vendor.py``, and only when its key changed: the Pyodide version, the two scripts
that make it, the manifest and the sources it lists.  Git-ignored, like the rest of
``vendor/``.

Usage: ``python3 tools/runtime/build_image.py [--check]`` (``--check``: change nothing, exit 1 if
the image is missing or stale).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.runtime import vendor  # noqa: E402
from tools.runtime.node_built import NodeBuilt, read_lined  # noqa: E402

IMAGE = vendor.IMAGE
KEY_FILE = REPO_ROOT / "vendor" / "image" / "python.key"
MAKER = REPO_ROOT / "tools" / "runtime" / "image.mjs"
PAGES = REPO_ROOT / "tools" / "runtime" / "snapshot-pages.mjs"
MANIFEST = REPO_ROOT / "assets" / "snapshot.json"


def key() -> str:
    return ARTIFACT.key(json.loads(MANIFEST.read_text(encoding="utf-8"))["files"])


def read_head(path: Path | None = None) -> dict[str, Any]:
    """The image's first line: the Pyodide version and the manifest key it was made for."""
    head: dict[str, Any] = read_lined(path or REPO_ROOT / IMAGE)[0]
    return head


ARTIFACT = NodeBuilt(IMAGE, KEY_FILE, MAKER, "tools/runtime/build_image.py", (PAGES, MANIFEST))


def main(argv: list[str] | None = None) -> int:
    return ARTIFACT.main(argv, __doc__.split("\n\n")[0], key())


if __name__ == "__main__":
    sys.exit(main())
