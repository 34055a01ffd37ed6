"""Build ``vendor/image/python.gz``: the memory of a booted Python, the game's modules
imported, for every page and worker of the site to restore instead of booting Python.

Booting Pyodide (running CPython's start and Pyodide's own modules, in WebAssembly) is
almost all of a page's start: some 2.7 s on this 2-core machine, at every first visit,
on every Learn page and embedded board, and in the computer player's worker. Pyodide can
instead restore the memory of an interpreter that has already booted (``_makeSnapshot`` /
``_loadSnapshot``, experimental: its loader's documented options list them as private),
in well under a second. So the vendored Pyodide boots here, under Node
(``tools/image.mjs``), imports the modules ``assets/snapshot.json`` lists (those that run
without a browser, ``tools/build_snapshot.py``) and writes its memory out; the site serves
it (7 MB, gzipped, precached by the service worker) and ``tools/pyodide_start.mjs``
restores it under the same Pyodide version and manifest key only, booting Python as usual
otherwise.

Built by ``make vendor`` (hence by ``make serve``, ``make test`` and ``make site``) after
``tools/vendor.py``, and only when its key changed: the Pyodide version, the two scripts
that make it, the manifest and the sources it lists.  Git-ignored, like the rest of
``vendor/``.

Usage: ``python3 tools/build_image.py [--check]`` (``--check``: change nothing, exit 1 if
the image is missing or stale).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools import vendor  # noqa: E402

IMAGE = "vendor/image/python.gz"
KEY_FILE = REPO_ROOT / "vendor" / "image" / "python.key"
MAKER = REPO_ROOT / "tools" / "image.mjs"
PAGES = REPO_ROOT / "tools" / "snapshot-pages.mjs"
MANIFEST = REPO_ROOT / "assets" / "snapshot.json"


def key() -> str:
    pins = json.loads((REPO_ROOT / "package.json").read_text(encoding="utf-8"))
    digest = hashlib.sha256(pins["dependencies"]["pyodide"].encode() + b"\0")
    for path in (MAKER, PAGES, MANIFEST):
        digest.update(path.read_bytes() + b"\0")
    for name in json.loads(MANIFEST.read_text(encoding="utf-8"))["files"]:
        digest.update(name.encode() + b"\0" + (REPO_ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def read_head(path: Path | None = None) -> dict[str, Any]:
    """The image's first line: the Pyodide version and the manifest key it was made for."""
    with gzip.open(path or REPO_ROOT / IMAGE) as image:
        head: dict[str, Any] = json.loads(image.readline(1024))
    return head


def up_to_date(wanted: str) -> bool:
    image = REPO_ROOT / IMAGE
    return image.is_file() and KEY_FILE.is_file() and KEY_FILE.read_text().strip() == wanted


def build(wanted: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("tools/build_image.py: node is needed (it installs the runtime too)")
    if not (vendor.VENDOR / "pyodide" / "pyodide.loader.mjs").is_file():
        raise SystemExit("tools/build_image.py: vendor/ is missing: run tools/vendor.py first")
    image = REPO_ROOT / IMAGE
    image.parent.mkdir(parents=True, exist_ok=True)
    partial = image.with_name(image.name + f".{os.getpid()}.tmp")
    try:
        subprocess.run([node, os.fspath(MAKER), os.fspath(partial)], cwd=REPO_ROOT, check=True)
        partial.replace(image)
    finally:
        partial.unlink(missing_ok=True)
    KEY_FILE.write_text(wanted + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report only; exit 1 if stale")
    args = parser.parse_args(argv)
    wanted = key()
    if up_to_date(wanted):
        print(f"{IMAGE} up to date")
        return 0
    if args.check:
        print(f"{IMAGE} is stale: run tools/build_image.py")
        return 1
    build(wanted)
    size = (REPO_ROOT / IMAGE).stat().st_size
    print(f"{IMAGE}: Python booted and the game's modules imported ({size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
