"""What ``tools/build_bytecode.py`` and ``tools/build_image.py`` share: a file of
``vendor/`` made by a Node script of ``tools/`` running the vendored Pyodide, rebuilt only
when its key (a hash of whatever it is made from) changed.

Each builder names its file, its key file and its script; ``NodeBuilt.main`` does the
rest: ``--check`` changes nothing and exits 1 when the file is missing or stale.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tools import vendor

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class NodeBuilt:
    out: str
    """The file, relative to the repository's root."""
    key_file: Path
    script: Path
    tool: str
    """The builder, as its messages name it."""

    def up_to_date(self, wanted: str) -> bool:
        key = self.key_file
        made = (REPO_ROOT / self.out).is_file() and key.is_file()
        return made and key.read_text().strip() == wanted

    def build(self, wanted: str, args: Sequence[str] = ()) -> None:
        node = shutil.which("node")
        if node is None:
            raise SystemExit(f"{self.tool}: node is needed (it installs the runtime too)")
        if not (vendor.VENDOR / "pyodide" / "pyodide.loader.mjs").is_file():
            raise SystemExit(f"{self.tool}: vendor/ is missing: run tools/vendor.py first")
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
