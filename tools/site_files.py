"""What the published site is: the one list of the files a player's browser loads.

* :func:`app_files`: the pages, the assets and the Python sources the PyScript configs'
  ``[files]`` tables fetch;
* :data:`SERVICE_WORKER`;
* :func:`runtime_files`: what ``vendor/`` serves (``tools/runtime/vendor.py``'s list).

:func:`site_files` is all three: ``make site`` copies exactly that (``tools/build_site.py``),
and a test fails when a top-level page of the repository is missing from it.

Read from the files that decide it, never typed by hand.  The service worker precaches
the app and the runtime (``tools/offline/build_sw.py``) and the sources' bytecode is compiled
from the app's list (``tools/runtime/build_bytecode.py``); it lives here, below both, because
the worker's list also names the bytecode bundle, so neither builder may import the other
for it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tools.runtime.vendor import runtime_files

REPO_ROOT = Path(__file__).resolve().parent.parent
ASSETS = REPO_ROOT / "assets"

#: The service worker: served at the site's top (its scope is the folder it is in), never
#: precached by itself.
SERVICE_WORKER = "sw.js"

#: Top-level files of the site that the game (or its install) loads; then the live lesson
#: boards' config, the embedded board and the embed kit's pages (tools/pages/build_embed.py).
PAGES = (
    "index.html",
    "rules.html",
    "regles.html",
    "manifest.webmanifest",
    "pyscript.toml",
    "game.toml",
    "learn.toml",
    "front.toml",
    "game-front.toml",
    "embed.html",
    "embed-kit.html",
    "integrer.html",
    "puzzles.html",
    "enigmes.html",
)


def config_sources(config_text: str) -> list[str]:
    """The files ``[files]`` makes PyScript fetch, as site paths (``derive/ai/mcts.py``).

    A key is the URL fetched (its value is where the file lands in Pyodide's file system);
    ``"{DERIVE}" = "./derive/"`` only defines the placeholder the other keys use.
    """
    files = tomllib.loads(config_text).get("files", {})
    placeholder = str(files.get("{DERIVE}", ""))
    return sorted(
        key.replace("{DERIVE}", placeholder).removeprefix("./")
        for key in files
        if key != "{DERIVE}"
    )


def app_files() -> list[str]:
    """The pages, every file in ``assets/``, and the sources the site's PyScript configs
    (the ``.toml`` files among the pages) fetch."""
    assets = sorted(
        f"assets/{p.name}" for p in ASSETS.iterdir() if p.is_file() and not p.name.startswith(".")
    )
    configs = [REPO_ROOT / page for page in PAGES if page.endswith(".toml")]
    sources = {s for c in configs for s in config_sources(c.read_text(encoding="utf-8"))}
    return [*PAGES, *assets, *sorted(sources)]


def python_sources() -> list[str]:
    """The Python sources any page of the site loads."""
    return [name for name in app_files() if name.endswith(".py")]


def site_files() -> list[str]:
    """Every file of the published site, each once: the app, the service worker, the
    runtime."""
    return [*app_files(), SERVICE_WORKER, *runtime_files()]


__all__ = [
    "PAGES",
    "SERVICE_WORKER",
    "app_files",
    "config_sources",
    "python_sources",
    "runtime_files",
    "site_files",
]
