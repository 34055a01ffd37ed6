"""What ``tools/runtime/build_bytecode.py`` and ``tools/runtime/build_image.py`` share: a file of
``vendor/`` made by a Node script of ``tools/`` running the vendored Pyodide
(``tools/runtime/node_pyodide.mjs``), rebuilt only when its key (the Pyodide version, the scripts
and every file it is made from) changed; and the reading of the format both write, a line
of JSON, then bytes, gzipped.

Each builder names its file, its key file and its script; ``NodeBuilt.main`` does the
rest: ``--check`` changes nothing and exits 1 when the file is missing or stale.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.runtime import vendor

REPO_ROOT = Path(__file__).resolve().parents[2]
STARTER = REPO_ROOT / "tools" / "runtime" / "node_pyodide.mjs"


def read_lined(path: Path) -> tuple[Any, bytes]:
    """A file of the format ``tools/runtime/node_pyodide.mjs`` writes: its line of JSON, decoded,
    and the bytes after it."""
    whole = gzip.decompress(path.read_bytes())
    end = whole.index(b"\n")
    return json.loads(whole[:end]), whole[end + 1 :]


@dataclass(frozen=True)
class NodeBuilt:
    out: str
    """The file, relative to the repository's root."""
    key_file: Path
    script: Path
    tool: str
    """The builder, as its messages name it."""
    inputs: tuple[Path, ...] = ()
    """What the file is made from besides the scripts and the sources named to ``key``."""

    def key(self, names: Sequence[str], extra: Mapping[str, bytes] | None = None) -> str:
        """What the file is made from; ``extra``: sources that are no file of the tree."""
        pins = json.loads((REPO_ROOT / "package.json").read_text(encoding="utf-8"))
        digest = hashlib.sha256(pins["dependencies"]["pyodide"].encode() + b"\0")
        for path in (STARTER, self.script, *self.inputs):
            digest.update(path.read_bytes() + b"\0")
        for name in names:
            digest.update(name.encode() + b"\0" + (REPO_ROOT / name).read_bytes() + b"\0")
        for name, body in sorted((extra or {}).items()):
            digest.update(name.encode() + b"\0" + body + b"\0")
        return digest.hexdigest()[:16]

    def up_to_date(self, wanted: str) -> bool:
        key = self.key_file
        made = (REPO_ROOT / self.out).is_file() and key.is_file()
        return made and key.read_text().strip() == wanted

    def build(self, wanted: str, args: Sequence[str] = ()) -> None:
        node = shutil.which("node")
        if node is None:
            raise SystemExit(f"{self.tool}: node is needed (it installs the runtime too)")
        if not (vendor.VENDOR / "pyodide" / "pyodide.loader.mjs").is_file():
            raise SystemExit(f"{self.tool}: vendor/ is missing: run tools/runtime/vendor.py first")
        out = REPO_ROOT / self.out
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_name(out.name + f".{os.getpid()}.tmp")
        try:
            command = [node, os.fspath(self.script), os.fspath(partial), *args]
            subprocess.run(command, cwd=REPO_ROOT, check=True)
            partial.replace(out)
        finally:
            partial.unlink(missing_ok=True)
        self.key_file.write_text(wanted + "\n", encoding="utf-8")

    def main(
        self, argv: list[str] | None, description: str, wanted: str, args: Sequence[str] = ()
    ) -> int:
        parser = argparse.ArgumentParser(description=description)
        parser.add_argument("--check", action="store_true", help="report only; exit 1 if stale")
        check = parser.parse_args(argv).check
        if self.up_to_date(wanted):
            print(f"{self.out} up to date")
            return 0
        if check:
            print(f"{self.out} is stale: run {self.tool}")
            return 1
        self.build(wanted, args)
        print(f"{self.out}: built ({(REPO_ROOT / self.out).stat().st_size // 1024} KB)")
        return 0
