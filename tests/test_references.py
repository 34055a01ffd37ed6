"""No tracked file names a file of this project that no longer exists.

A guide that sends the next engineer to a script or a module removed since (the game page's
old quickstart script, its page link) costs more than no guide. A file name in a tracked
text (Markdown, code, comments, styles) is stale when a file of that path, or of that name
anywhere, was once tracked in this repository's history and is tracked no more. Names of
files that never were the project's (``Node.js``, a test's made-up ``a.py``, the runtime's
own files) are not this test's business; nor are a Python file's string literals, where
tests build trees of made-up modules.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
TOKEN = re.compile(
    r"(?<![\w/.@-])((?:[\w.-]+/)*[\w-]+\.(?:py|js|mjs|toml|md|html|css|json))(?![\w/])"
)


def git(*args: str) -> list[str]:
    done = subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.split()


def stale_references(tracked: list[str], history: set[str], read: dict[str, str]) -> list[str]:
    """``file:line: name`` for each name in ``read``'s texts of a file once tracked and
    tracked no more (by path, or by name when no tracked file bears it now)."""
    gone_paths = history - set(tracked)
    now_names = {PurePosixPath(path).name for path in tracked}
    gone_names = {PurePosixPath(path).name for path in gone_paths} - now_names
    found = []
    for name, text in read.items():
        for number, line in enumerate(text.splitlines(), 1):
            for match in TOKEN.finditer(line):
                if name.endswith(".py") and line[match.start() - 1 : match.start()] in "\"'":
                    continue  # a literal: tests make up trees of modules
                token = match.group(1)
                if token in gone_paths or PurePosixPath(token).name in gone_names:
                    found.append(f"{name}:{number}: {token}")
    return found


def test_no_tracked_file_names_a_file_that_is_gone() -> None:
    tracked = git("ls-files")
    history = set(git("log", "--name-only", "--format="))
    read = {}
    for name in tracked:
        path = ROOT / name
        if name == "tests/test_references.py":
            continue  # its own examples name gone files on purpose
        if path.is_file() and path.stat().st_size < 2_000_000:
            try:
                read[name] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # an icon, a binary
    assert stale_references(tracked, history, read) == []


def test_a_name_of_a_file_gone_is_found_and_one_never_tracked_is_not() -> None:
    tracked = ["assets/view.js", "derive/web/postlink.py"]
    history = {*tracked, "assets/quickstart.js", "derive/web/pagelink.py"}
    read = {
        "WEB.md": "the view (`assets/view.js`) and `assets/quickstart.js`\nsee pagelink.py",
        "README.md": "Node.js and gremlins.js, and postlink.py",
        "tests/test_x.py": 'tree = {"derive/web/pagelink.py": ""}  # pagelink.py',
    }
    assert stale_references(tracked, history, read) == [
        "WEB.md:1: assets/quickstart.js",
        "WEB.md:2: pagelink.py",
        "tests/test_x.py:1: pagelink.py",
    ]
