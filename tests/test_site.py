"""The published site is one list (``tools/site_files.py``), and ``make site`` copies exactly
that (``tools/build_site.py``). A page forgotten there is no page on GitHub Pages, and a
file the service worker precaches but the site lacks stops its install, and with it
offline play. The browser side, the site served under a sub-path as Pages serves it, is
``tests/e2e/test_site.py``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tools import build_site, site_files
from tools.offline import build_sw

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"

needs_runtime = pytest.mark.skipif(
    not (ROOT / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file(),
    reason="vendor/ missing: run `make vendor`",
)


def test_every_page_of_the_repository_is_published() -> None:
    pages = sorted(path.name for path in ROOT.glob("*.html"))
    assert pages, "no page found"
    missing = [name for name in pages if name not in site_files.site_files()]
    assert missing == [], f"pages not in tools/site_files.py's PAGES: {missing}"


def test_the_list_names_each_file_once_and_only_files_that_exist() -> None:
    files = site_files.site_files()
    assert len(files) == len(set(files))
    assert [name for name in files if not (ROOT / name).is_file()] == []
    assert site_files.SERVICE_WORKER in files
    assert not [name for name in files if name.startswith(("tests/", "node_modules/", "."))]


def precached(sw_text: str) -> list[str]:
    """Every file the service worker's RUNTIME and APP lists name."""
    names: list[str] = []
    for block in ("RUNTIME", "APP"):
        found = re.search(rf"const {block} = (\[.*?\]);", sw_text, re.DOTALL)
        assert found, block
        names += json.loads(re.sub(r",\s*\]", "]", found.group(1)))
    return names


@needs_runtime
def test_the_built_site_is_the_list_and_holds_all_the_worker_precaches(tmp_path: Path) -> None:
    out = tmp_path / "derive"
    copied = build_site.build(out, "https://example.github.io/derive")
    built = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name != ".nojekyll"
    )
    assert built == sorted(copied)
    assert sorted(copied) == sorted([*site_files.site_files(), *build_sw.KEYED.values()])
    assert (out / ".nojekyll").is_file()
    missing = [name for name in precached((out / "sw.js").read_text()) if name not in built]
    assert missing == [], f"precached but not published: {missing}"
    # The pages' links name the published address, never make serve's.
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://example.github.io/derive/index.html' in index
    assert not [p.name for p in out.glob("*.html") if "127.0.0.1" in p.read_text("utf-8")]


@needs_runtime
def test_a_listed_file_that_is_missing_stops_the_build(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    for name in [*site_files.site_files(), *build_sw.KEYED.values()]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, root / name)
    (root / "enigmes.html").unlink()
    with pytest.raises(build_site.SiteError, match="enigmes.html"):
        build_site.build(tmp_path / "site", root=root)
    assert not (tmp_path / "site").exists()


def test_the_site_is_never_built_over_the_repository() -> None:
    for out in (ROOT, ROOT.parent):
        with pytest.raises(build_site.SiteError):
            build_site.build(out, root=ROOT)


def test_a_bad_address_is_refused_before_anything_is_copied(tmp_path: Path) -> None:
    with pytest.raises(build_site.SiteError, match="site address"):
        build_site.build(tmp_path / "site", "javascript:alert(1)")
    assert not (tmp_path / "site").exists()
    assert build_site.main(["--out", str(tmp_path / "site"), "--url", "ftp://x/"]) == 2


def test_the_pages_workflow_builds_with_make_site() -> None:
    """The deploy builds what the browser test builds and plays: ``make site``, its address
    from the environment (never spliced into the shell's text)."""
    text = WORKFLOW.read_text(encoding="utf-8")
    runs = re.findall(r"^\s*-?\s*run: (.+)$", text, re.MULTILINE)
    assert runs == ["make site"]
    assert re.search(r"SITE_URL: \$\{\{ steps\.pages\.outputs\.base_url \}\}/", text)
    assert "path: _site" in text
