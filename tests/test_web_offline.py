"""Offline play and installation: the service worker's precache list and the app manifest.

The browser side (install, offline reload, a move and the AI's answer with the server gone)
is tests/e2e/test_offline.py.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import pytest

from tools.offline import build_sw
from tools.pages import build_web
from tools.runtime import build_bytecode, build_image

ROOT = Path(__file__).resolve().parent.parent
SW = (ROOT / "sw.js").read_text(encoding="utf-8")
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
CSS = (ROOT / "assets" / "app.css").read_text(encoding="utf-8")

# The runtime's file list comes from node_modules/ (the chunk closure of the PyScript bundle).
needs_runtime = pytest.mark.skipif(
    not (ROOT / "node_modules" / "@pyscript" / "core" / "dist").is_dir(),
    reason="node_modules/ missing: run `make vendor`",
)


@needs_runtime
def test_precache_list_is_up_to_date() -> None:
    assert build_sw.main(["--check"]) == 0, "run python3 tools/offline/build_sw.py"


def test_precache_list_holds_what_pyscript_fetches() -> None:
    sources = build_sw.config_sources((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert sources == [f"derive/{m}" for m in build_web.browser_modules()]
    app = build_sw.app_files()
    pages = ["index.html", "rules.html", "regles.html", "manifest.webmanifest", "pyscript.toml"]
    assert app[:5] == pages
    assert "assets/boot.js" in app and "derive/web/play/worker.py" in app
    for path in app:
        assert (ROOT / path).is_file(), path
        assert f'"{path}"' in SW


def test_config_sources_follow_the_placeholder() -> None:
    config = '[files]\n"{X}" = "./lib/"\n"{X}a.py" = "./lib/"\n"{X}sub/b.py" = "./lib/sub/"\n'
    config = config.replace("{X}", "{DERIVE}")
    assert build_sw.config_sources(config) == ["lib/a.py", "lib/sub/b.py"]


@needs_runtime
def test_runtime_list_is_what_vendor_copies() -> None:
    runtime = build_sw.runtime_files()
    assert "vendor/pyscript/core.js" in runtime and "vendor/pyodide/pyodide.asm.wasm" in runtime
    assert not any(name.endswith(".map") for name in runtime)
    vendored = ROOT / "vendor"
    if vendored.is_dir():  # make vendor ran: the list is exactly vendor/'s files
        on_disk = {
            p.relative_to(ROOT).as_posix()
            for p in vendored.rglob("*")
            if p.is_file()
            and p not in (vendored / "versions.json", build_bytecode.KEY_FILE, build_image.KEY_FILE)
        }  # (the stamps of what was copied, compiled and booted)
        assert set(runtime) == on_disk


@needs_runtime
def test_site_stamp_changes_with_any_deployed_byte(tmp_path: Path) -> None:
    files = [*build_sw.runtime_files(), *build_sw.app_files()]
    for name in [*files, "sw.js", *build_sw.KEYED.values()]:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, target)

    def stamped() -> str:
        assert build_sw.main(["--site", str(tmp_path)]) == 0
        text = (tmp_path / "sw.js").read_text(encoding="utf-8")
        found = re.search(r'const VERSION = "([0-9a-f]{16})";', text)
        assert found and text.replace(found.group(1), "") == SW.replace(_version(SW), "")
        return found.group(1)

    first = stamped()
    assert first != _version(SW) and stamped() == first
    with (tmp_path / "derive" / "board.py").open("a", encoding="utf-8") as module:
        module.write("\n")
    assert stamped() != first
    # The image is rebuilt with other bytes from the same sources: the same stamp; the
    # key it was built under changes: another one.
    second = stamped()
    image = tmp_path / build_image.IMAGE
    image.write_bytes(image.read_bytes() + b"\0")
    assert stamped() == second
    key = tmp_path / build_sw.KEYED[build_image.IMAGE]
    key.write_text("0123456789abcdef\n", encoding="utf-8")
    assert stamped() != second
    (tmp_path / "assets" / "app.css").unlink()
    with pytest.raises(SystemExit, match="assets/app.css"):
        build_sw.main(["--site", str(tmp_path)])


def _version(text: str) -> str:
    found = re.search(r'const VERSION = "([0-9a-f]+)";', text)
    assert found
    return found.group(1)


def test_worker_touches_only_its_own_cache_and_files() -> None:
    # The cache name carries the scope (projects can share a github.io origin) and VERSION.
    assert "const PREFIX = `derive:${SCOPE}:`;" in SW
    assert "name.startsWith(PREFIX) && name !== CACHE" in SW
    assert 'if (event.request.method !== "GET") return;' in SW
    assert "runtimeUrls.has(key)) event.respondWith(cacheFirst" in SW
    assert "if (!appUrls.has(key)) return;" in SW
    assert '"navigate") event.respondWith(openPage(event, key));' in SW
    assert "else event.respondWith(networkFirst(event, key));" in SW


def test_page_registers_the_worker_outside_embeds() -> None:
    boot = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")
    assert 'navigator.serviceWorker.register("sw.js")' in boot
    embed = boot.index('if (root.classList.contains("embed")) {')
    assert embed < boot.index('root.dataset.offline = "off";') < boot.index("register(")
    assert '<link rel="manifest" href="manifest.webmanifest">' in PAGE


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_makes_the_game_installable() -> None:
    assert MANIFEST["name"] == "Dérive" and MANIFEST["short_name"]
    assert MANIFEST["display"] == "standalone"
    assert MANIFEST["start_url"] == "./index.html" and MANIFEST["scope"] == "./"
    background = re.search(r"--bg: (#[0-9a-f]{6});", CSS)
    assert background and MANIFEST["background_color"] == background.group(1)
    assert f'<meta name="theme-color" content="{MANIFEST["theme_color"]}">' in PAGE
    sizes = {icon["sizes"]: ROOT / icon["src"] for icon in MANIFEST["icons"]}
    assert sizes["any"] == ROOT / "assets" / "icon.svg"
    for size in ("192x192", "512x512"):
        width, height = _png_size(sizes[size])
        assert f"{width}x{height}" == size


@needs_runtime
def test_make_serve_stamps_the_worker_as_a_deploy_would(tmp_path: Path) -> None:
    """The worker takes its cache for the server's files while the server's ``sw.js`` names
    its version (sw.js, openPage): under ``make serve`` that version must follow the files
    as a deploy's does, or an edited source would never reach a browser with the worker."""
    files = [*build_sw.runtime_files(), *build_sw.app_files()]
    for name in [*files, "sw.js", *build_sw.KEYED.values()]:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, target)
    served = build_sw.served_text(tmp_path, SW)
    assert served.replace(_version(served), "") == SW.replace(_version(SW), "")
    assert _version(served) == build_sw.content_version(tmp_path, files) != _version(SW)
    assert build_sw.main(["--site", str(tmp_path)]) == 0
    assert build_sw.served_text(tmp_path, SW) == (tmp_path / "sw.js").read_text(encoding="utf-8")

    source = tmp_path / "derive" / "web" / "play" / "page.py"
    source.write_text(source.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    edited = build_sw.served_text(tmp_path, SW)
    assert _version(edited) not in (_version(served), _version(SW))
    assert build_sw.served_text(tmp_path, SW) == edited
    # A tree without its runtime yet: the committed file as it is.
    (tmp_path / "vendor" / "pyodide" / "pyodide.asm.wasm").unlink()
    assert build_sw.served_text(tmp_path, SW) == SW
    assert build_sw.served_text(tmp_path, "// no list here\n") == "// no list here\n"


def test_the_worker_reads_the_version_it_is_served_with() -> None:
    # The line openPage's pattern finds is the one build_sw writes, at the top of the file.
    line = re.search(r"^const VERSION = \"[0-9a-f]+\";$", SW, re.MULTILINE)
    assert line and line.start() < 65536
    assert '/^const VERSION = "([0-9a-f]+)";$/m' in SW
