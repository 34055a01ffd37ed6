"""The start-up machinery: the Pyodide start module, the Python image it restores, the
sources' bytecode, the worker's config.

Speed itself is measured by bench/bench_startup.py, never asserted here.  The browser
side (the page and its computer's worker restoring the image) runs in every browser test;
these check the pieces that can go stale without one.
"""

from __future__ import annotations

import _imp
import ast
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from derive.web.play import worker
from tools.offline import build_sw
from tools.runtime import build_bytecode, build_image, build_snapshot, vendor

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
START = (ROOT / "tools" / "runtime" / "pyodide_start.mjs").read_text(encoding="utf-8")
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node not installed")


def test_the_game_and_its_computer_run_in_pyscript_workers_from_the_image() -> None:
    """The game page's view starts two PyScript workers (the game, the computer player) on
    game.toml, whose interpreter is the site's start module and which fetches no source:
    they run modules the image holds; booting afresh, the start module writes the sources
    assets/snapshot.json lists (tools/runtime/pyodide_start.mjs)."""
    view = (ROOT / "assets" / "view.js").read_text(encoding="utf-8")
    assert 'pythonWorker("game", "derive.web.play.run"' in view
    assert 'configText("game.toml")' in view  # handed to PyScript as text
    assert 'configText("game-front.toml")' in view  # the page's own MicroPython (front/game.py)
    assert "fetch(new URL(`../${name}`, HERE))" in view
    config = tomllib.loads((ROOT / "game.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs" and "files" not in config
    plan = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    assert {"derive.web.play.run", "derive.web.play.worker"} <= set(plan["modules"])
    assert "assets/snapshot.json" in START and "writeSources" in START
    assert "game.toml" in build_sw.app_files()  # precached, deployed
    assert 'type="py"' not in PAGE  # the view adds the workers' scripts, after the paint


def test_warm_up_search_runs_and_returns_json() -> None:
    assert worker.warm()["nodes"] > 0


def test_pyodide_start_module_is_what_every_config_names() -> None:
    assert vendor.PYODIDE_SOURCES["pyodide.mjs"] == ROOT / "tools" / "runtime" / "pyodide_start.mjs"
    assert vendor.PYODIDE_SOURCES["pyodide.loader.mjs"] == vendor.PYODIDE_DIR / "pyodide.mjs"
    assert 'from "./pyodide.loader.mjs"' in START
    # What the modules copied from tools/ load next to them is vendored beside them too.
    for name, source in vendor.PYODIDE_SOURCES.items():
        if source.parent == ROOT / "tools" / "runtime":
            for ref in re.findall(r"""["']\./([\w.-]+\.mjs)["']""", source.read_text("utf-8")):
                assert ref in vendor.PYODIDE_SOURCES, (name, ref)
    assert "export async function loadPyodide" in START and "export { version }" in START
    for name in ("pyscript.toml", "game.toml", "learn.toml", "bench/bare.toml"):
        config = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
        assert config["interpreter"].endswith("vendor/pyodide/pyodide.mjs"), name
    # Every page restores the image but the benchmark's reference, Pyodide as it comes.
    plain = '<meta name="pyodide-start" content="plain">'
    assert plain in (ROOT / "bench" / "bare.html").read_text(encoding="utf-8")
    for other in ("index.html", "rules.html", "regles.html", "embed.html"):
        assert plain not in (ROOT / other).read_text(encoding="utf-8"), other


def test_pyodides_javascript_is_vendored_with_the_compile_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chromium compiles pyodide.asm.mjs whole off the page's thread only when its first line
    is V8's compile hint; the rest of the file is Pyodide's, byte for byte, and a copy made
    once is not made again (vendor.py is idempotent)."""
    asm = (ROOT / "vendor" / "pyodide" / "pyodide.asm.mjs").read_bytes()
    original = (vendor.PYODIDE_DIR / "pyodide.asm.mjs").read_bytes()
    assert asm == vendor.COMPILE_HINT + original
    assert vendor.COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"
    monkeypatch.setattr(vendor, "REPO_ROOT", tmp_path)  # what sync's lines name paths from
    src = tmp_path / "a.mjs"
    src.write_text("export const a = 1;\n", encoding="utf-8")
    out = tmp_path / "out"
    sources, prefixes = {"a.mjs": src}, {"a.mjs": b"//x\n"}
    assert vendor.sync(sources, out, check=False, prefixes=prefixes) == 1
    assert (out / "a.mjs").read_bytes() == b"//x\nexport const a = 1;\n"
    assert vendor.sync(sources, out, check=True, prefixes=prefixes) == 0
    assert vendor.sync(sources, out, check=True) == 1  # without its prefix it is not the copy
    src.write_text("export const a = 22;\n", encoding="utf-8")
    assert vendor.sync(sources, out, check=True, prefixes=prefixes) == 1


def test_page_preloads_nothing_of_the_runtime() -> None:
    """The game's Python fetches its runtime in its worker: a preload would have the page
    take it in as well, and share the link with the first paint's own files."""
    hrefs = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', PAGE)
    assert not [href for href in hrefs if href.startswith("vendor/")]


def _node(script: str) -> str:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _functions(source: str, first: str, until: str) -> str:
    return source[source.index(first) : source.index(until)]


@needs_node
def test_snapshot_pages_of_zeros_are_left_out_and_come_back() -> None:
    pages = (ROOT / "tools" / "runtime" / "snapshot-pages.mjs").as_uri()
    out = _node(
        f'import {{ pack, unpack }} from "{pages}";\n'
        + """
const sizes = [16, 4096, 4096 * 3 + 16, 4096 * 64];
const results = sizes.map((n) => {
  const memory = new Uint8Array(n);
  for (let i = 0; i < n; i += 4099) memory[i] = (i % 250) + 1;
  if (n > 8192) memory.fill(0, 4096, 4096 * 40);
  memory[n - 1] = 7;
  const stored = pack(memory);
  const back = unpack(stored);
  return [stored.length < n + 4096, back.length === n && back.every((v, i) => v === memory[i])];
});
const bad = unpack(new Uint8Array(20));
const short = unpack(new Uint8Array(4));
const claim = new Uint8Array(12);  // a header claiming 4 GB of memory, and nothing else
new DataView(claim.buffer).setUint32(0, 0x50534e44, true);
new DataView(claim.buffer).setUint32(4, 0xfffffff0, true);
const huge = unpack(claim);
console.log(JSON.stringify({results, bad, short, huge}));
"""
    )
    data = json.loads(out)
    assert data["results"] == [[True, True]] * 4
    assert data["bad"] is None and data["short"] is None and data["huge"] is None


SNAPSHOT = ROOT / "assets" / "snapshot.json"


def test_snapshot_manifest_is_up_to_date_and_holds_no_browser_module() -> None:
    assert build_snapshot.main(["--check"]) == 0, "run python3 tools/runtime/build_snapshot.py"
    plan = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    modules, files = plan["modules"], plan["files"]
    # the engine, the computer player and the page's pure parts; never what touches a page
    assert {
        "derive.game",
        "derive.ai.search",
        "derive.web.play.worker",
        "derive.web.table.controller",
        "derive.web.board.widget",
        "derive.web.review.page",
        "derive.web.play.page",
        "derive.web.shelf.storage",
    } <= (set(modules))
    assert not {"derive.web.front.lessons", "derive.web.front.learn"} & set(modules)
    # A page's PyScript writes the same files later: the snapshot's must be among them
    assert set(files) <= set(build_sw.config_sources((ROOT / "pyscript.toml").read_text()))
    for name in modules:
        path = name.replace(".", "/")
        assert f"{path}.py" in files or f"{path}/__init__.py" in files, name
    assert "assets/snapshot.json" in build_sw.app_files()  # precached, deployed with assets/


def test_snapshot_modules_really_import_without_a_browser() -> None:
    """The manifest is worked out from the sources; Python itself agrees with it."""
    modules = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["modules"]
    script = (
        "import importlib, sys\n"
        "class NoBrowser:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('js', 'pyscript', 'pyodide'):\n"
        "            raise ImportError('browser-only: ' + name)\n"
        "sys.meta_path.insert(0, NoBrowser())\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]


@needs_node
def test_snapshot_loader_accepts_the_manifest_and_nothing_odd() -> None:
    body = _functions(START, "const MODULE =", "async function readPlan")
    plan = SNAPSHOT.read_text(encoding="utf-8")
    out = _node(
        body
        + f"""
const plan = {plan};
const odd = ["../etc/passwd", "derive/../x.py", "derive/a b.py", "https://x/derive/a.py"];
const oddNames = ["os", "derive;x", "derive..a"];
console.log(JSON.stringify({{
  modules: plan.modules.every((m) => MODULE.test(m)),
  files: plan.files.every((f) => SOURCE.test(f)),
  odd: odd.some((f) => SOURCE.test(f)) || oddNames.some((m) => MODULE.test(m)),
}}));
"""
    )
    assert json.loads(out) == {"modules": True, "files": True, "odd": False}


# ----- the sources' bytecode (tools/runtime/build_bytecode.py, read by pyodide_start.mjs)

BUNDLE = ROOT / build_bytecode.BUNDLE


def _bundle() -> list[tuple[str, bytes]]:
    if not BUNDLE.is_file():
        pytest.fail(f"{build_bytecode.BUNDLE} is missing: run `make vendor`")
    return build_bytecode.read_bundle()


def _cached(source: str, tag: str) -> str:
    folder, _, file = source.rpartition("/")
    return f"{folder}/__pycache__/{file.removesuffix('.py')}.{tag}.pyc"


def test_the_bytecode_is_of_every_source_the_site_serves_as_it_now_reads() -> None:
    # Checked-hash .pyc files (PEP 552): flags 3, then the source's hash, keyed by the
    # interpreter's magic number (the same siphash in this CPython as in Pyodide's).
    assert build_bytecode.main(["--check"]) == 0, "stale: run `make vendor`"
    files = dict(_bundle())
    tags = {path.rsplit(".", 2)[1] for path in files}
    assert len(tags) == 1 and re.fullmatch(r"cpython-3\d+", next(iter(tags)))
    sources = build_bytecode.sources()
    assert "derive/web/play/page.py" in sources and "derive/game.py" in sources
    pyscript = build_bytecode.pyscript_package()
    text = {name: (ROOT / name).read_bytes() for name in sources} | pyscript
    assert sorted(files) == sorted(_cached(name, *tags) for name in text)
    for name, body in text.items():
        pyc = files[_cached(name, *tags)]
        magic = int.from_bytes(pyc[:4], "little")
        assert int.from_bytes(pyc[4:8], "little") == 0b11, name  # hash-based, checked
        assert pyc[8:16] == _imp.source_hash(magic, body), name


def test_pyscripts_own_package_is_read_from_its_bundle_as_pyscript_writes_it(
    tmp_path: Path,
) -> None:
    """PyScript writes its package at every start from an object of string literals in its
    bundle; build_bytecode reads the same literals (JSON's), so the bytecode's hashes are of
    the very bytes PyScript writes (tests/e2e/test_snapshot.py: nothing is compiled)."""
    package = build_bytecode.pyscript_package()
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/web.py"} <= set(package)
    assert all(name.startswith("pyscript/") and "/" not in name[9:] for name in package)
    init = package["pyscript/__init__.py"].decode("utf-8")
    assert init.startswith("from polyscript import") and "\\n" not in init
    for name, body in package.items():
        compile(body, name, "exec", dont_inherit=True, flags=ast.PyCF_ONLY_AST)
    # Another shape of bundle (no such object, or another way of writing it): nothing.
    (tmp_path / "a.js").write_text('x={pyscript:{"a.py":"x = 1\\n"}};', encoding="utf-8")
    assert build_bytecode.pyscript_package(tmp_path) == {}
    writer = '_path.write_text(${e},encoding="utf-8")'
    (tmp_path / "a.js").write_text(
        'x={pyscript:{"a.py":"x = \\"\\\\t\\"\\n","b.py":"y = 2"}};' + writer, encoding="utf-8"
    )
    assert build_bytecode.pyscript_package(tmp_path) == {
        "pyscript/a.py": b'x = "\\t"\n',
        "pyscript/b.py": b"y = 2",
    }


@needs_node
def test_pyodide_imports_the_bytecode_and_compiles_a_source_edited_since() -> None:
    # The vendored Pyodide under Node, its files laid out as a page's: every pure module
    # of the snapshot's list imported, derive/text.py edited after the bundle was made.
    plan = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    out = _node(
        f"""
import {{ readFileSync }} from "node:fs";
import {{ gunzipSync }} from "node:zlib";
import {{ loadPyodide }} from {json.dumps((ROOT / "vendor/pyodide/pyodide.loader.mjs").as_uri())};
const root = {json.dumps(str(ROOT))};
const py = await loadPyodide({{ indexURL: `${{root}}/vendor/pyodide/` }});
const home = py.FS.cwd();
const write = (file, body) => {{
  py.FS.mkdirTree(`${{home}}/${{file.slice(0, file.lastIndexOf("/"))}}`);
  py.FS.writeFile(`${{home}}/${{file}}`, body);
}};
for (const file of {json.dumps(plan["files"])}) {{
  const text = readFileSync(`${{root}}/${{file}}`, "utf8");
  write(file, file === "derive/text.py" ? text + "\\nEDITED_SINCE = True\\n" : text);
}}
const bundle = gunzipSync(readFileSync(`${{root}}/{build_bytecode.BUNDLE}`));
const end = bundle.indexOf(10);
let at = end + 1;
for (const [file, size] of JSON.parse(bundle.subarray(0, end).toString())) {{
  write(file, bundle.subarray(at, at + size));
  at += size;
}}
console.log(py.runPython(`
import importlib, importlib.machinery, json
compiled = []
original = importlib.machinery.SourceFileLoader.source_to_code
def spy(self, data, path, **kwargs):
    if "/derive/" in str(path):
        compiled.append(str(path).split("/derive/")[1])
    return original(self, data, path, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = spy
for name in {json.dumps(plan["modules"])}:
    importlib.import_module(name)
import derive.text
json.dumps([compiled, getattr(derive.text, "EDITED_SINCE", False)])
`));
"""
    )
    compiled, edited = json.loads(out.strip().splitlines()[-1])
    assert compiled == ["text.py"] and edited is True


@needs_node
def test_the_loader_reads_only_a_well_formed_bytecode_bundle() -> None:
    body = _functions(START, "const PYC =", "// null when there is none")
    out = _node(
        "const IN_PAGE = false;\n"
        + body
        + """
const enc = (head, ...bodies) => {
  const parts = [new TextEncoder().encode(head + "\\n"), ...bodies.map((b) => new Uint8Array(b))];
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { whole.set(p, at); at += p.length; }
  return whole;
};
const ok = JSON.stringify([["derive/__pycache__/game.cpython-314.pyc", 3]]);
const cases = {
  good: enc(ok, [1, 2, 3]),
  short: enc(ok, [1, 2]),
  long: enc(ok, [1, 2, 3, 4]),
  outside: enc(JSON.stringify([["../etc/__pycache__/x.cpython-314.pyc", 0]])),
  notPyc: enc(JSON.stringify([["derive/game.py", 0]])),
  negative: enc(JSON.stringify([["derive/__pycache__/game.cpython-314.pyc", -1]])),
  notList: enc(JSON.stringify({a: 1})),
  noHeader: new Uint8Array([1, 2, 3]),
  notJson: enc("[[", []),
};
const result = {};
for (const [name, bundle] of Object.entries(cases)) {
  try { result[name] = entries(bundle).map(([p, b]) => [p, Array.from(b)]); }
  catch (error) { result[name] = error instanceof Error ? "refused" : "other"; }
}
const { gzipSync } = await import("node:zlib");
const bomb = gzipSync(new Uint8Array((16 << 20) + 1));
try { await unzipped(new Response(bomb), BYTECODE_LIMIT); result.bomb = "read"; }
catch (error) { result.bomb = String(error.message); }
result.small = Array.from(
  await unzipped(new Response(gzipSync(new Uint8Array([5, 6]))), BYTECODE_LIMIT),
);
console.log(JSON.stringify(result));
"""
    )
    result = json.loads(out)
    assert result.pop("good") == [["derive/__pycache__/game.cpython-314.pyc", [1, 2, 3]]]
    assert result.pop("bomb") == "too large"
    assert result.pop("small") == [5, 6]
    assert result == dict.fromkeys(result, "refused") and len(result) == 8


# ----- the Python image (tools/runtime/build_image.py, restored by tools/runtime/pyodide_start.mjs)

IMAGE = ROOT / build_image.IMAGE


def _pyodide_pin() -> str:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    return str(pins["dependencies"]["pyodide"])


def test_the_image_is_of_this_pyodide_and_of_todays_sources() -> None:
    assert build_image.main(["--check"]) == 0, "stale: run `make vendor`"
    key = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["key"]
    assert build_image.read_head() == {"pyodide": _pyodide_pin(), "key": key}
    assert build_image.IMAGE in build_sw.runtime_files()  # precached for offline starts


def _restored() -> str:
    """A Node script's start: the vendored Pyodide restoring the site's image, as
    ``pyodide``."""
    loader = (ROOT / "vendor" / "pyodide" / "pyodide.loader.mjs").as_uri()
    pages = (ROOT / "tools" / "runtime" / "snapshot-pages.mjs").as_uri()
    return f"""
import {{ readFileSync }} from "node:fs";
import {{ gunzipSync }} from "node:zlib";
import {{ loadPyodide }} from "{loader}";
import {{ unpack }} from "{pages}";
const whole = gunzipSync(readFileSync("{IMAGE.as_posix()}"));
const memory = unpack(whole.subarray(whole.indexOf(10) + 1));
const pyodide = await loadPyodide({{ _loadSnapshot: memory, stdout: () => undefined }});
"""


@needs_node
def test_pyodide_restores_the_image_with_the_games_modules_already_imported() -> None:
    out = _node(
        _restored()
        + """
console.log(pyodide.runPython(`
import json, sys
from derive.game import Game
game = Game.new("ry", "L2")
json.dumps([sorted(m for m in sys.modules if m.startswith("derive.ai")), len(game.legal_moves())])
`));
"""
    )
    imported, moves = json.loads(out.strip().splitlines()[-1])
    assert {"derive.ai.search", "derive.ai.levels"} <= set(imported)
    assert moves > 0


@needs_node
def test_after_a_restore_files_written_later_import_and_nothing_more_is_imported() -> None:
    """AFTER_RESTORE makes the import system look at the folders afresh (PyScript writes the
    sources after the restore) without importlib.invalidate_caches(), which imports
    importlib.metadata and its dozens of modules: 290 ms of the page's thread."""
    after = START.split("const AFTER_RESTORE = `", 1)[1].split("`;", 1)[0]
    out = _node(
        _restored()
        + f"""
const before = pyodide.runPython("import sys; len(sys.modules)");
pyodide.runPython({json.dumps(after)});
const home = pyodide.FS.cwd();
pyodide.FS.mkdirTree(`${{home}}/fresh_pkg`);
pyodide.FS.writeFile(`${{home}}/fresh_pkg/__init__.py`, "X = 7\\n");
pyodide.FS.writeFile(`${{home}}/fresh_mod.py`, "Y = 8\\n");
console.log(pyodide.runPython(`
import json, sys
import fresh_pkg, fresh_mod
json.dumps([fresh_pkg.X, fresh_mod.Y, "importlib.metadata" in sys.modules, len(sys.modules)])
`), before);
"""
    )
    found, before = out.strip().splitlines()[-1].rsplit(" ", 1)
    x, y, metadata, after_count = json.loads(found)
    assert (x, y, metadata) == (7, 8, False)
    assert after_count <= int(before) + 3  # the two new modules and json at most


@needs_node
def test_the_loader_restores_only_an_image_made_for_it() -> None:
    body = _functions(START, "const IMAGE_LIMIT", "// A restored interpreter is the booted one")
    body += _functions(
        START, "// The format tools/runtime/node_pyodide", "// The bundle (tools/runtime/"
    )
    pages = (ROOT / "tools" / "runtime" / "snapshot-pages.mjs").as_uri()
    out = _node(
        f'import {{ unpack, pack }} from "{pages}";\n'
        + 'const version = "314.0.2";\nconst IMAGE = "http://site/vendor/image/python.gz";\n'
        + "console.warn = () => undefined;\n"
        + body
        + """
const { gzipSync } = await import("node:zlib");
const image = (head, memory) => {
  const line = new TextEncoder().encode(JSON.stringify(head) + "\\n");
  const packed = pack(memory);
  const whole = new Uint8Array(line.length + packed.length);
  whole.set(line);
  whole.set(packed, line.length);
  return gzipSync(whole);
};
const memory = new Uint8Array(4096 * 3);
memory[5000] = 42;
const plan = { key: "0123456789abcdef" };
const cases = {
  good: image({ pyodide: version, key: plan.key }, memory),
  otherKey: image({ pyodide: version, key: "fedcba9876543210" }, memory),
  otherPyodide: image({ pyodide: "0.27.0", key: plan.key }, memory),
  noHead: gzipSync(pack(memory)),
  damaged: gzipSync(
    new TextEncoder().encode(JSON.stringify({ pyodide: version, key: plan.key }) + "\\nxx"),
  ),
  notGzip: new Uint8Array([1, 2, 3]),
  bomb: gzipSync(new Uint8Array((1 << 28) + 1)),
};
const result = {};
for (const [name, body] of Object.entries(cases)) {
  globalThis.fetch = async () => new Response(body);
  const got = await fetchImage(plan);
  result[name] = got === null ? null : [got.length, got[5000]];
}
globalThis.fetch = async () => new Response("missing", { status: 404 });
result.missing = await fetchImage(plan);
result.noPlan = await fetchImage(null);
// A slow link with nothing in a cache: not even asked for.
let asked = false;
globalThis.fetch = async () => { asked = true; return new Response(cases.good); };
Object.defineProperty(globalThis, "navigator", {
  value: { connection: { downlink: 0.4, effectiveType: "3g" } }, configurable: true,
});
result.slow = await fetchImage(plan);
result.slowAsked = asked;
const links = [
  undefined, {}, { downlink: 10, effectiveType: "4g" }, { downlink: 0 },
  { saveData: true, downlink: 10 }, { effectiveType: "3g" }, { effectiveType: "slow-2g" },
  { downlink: 1.6, effectiveType: "4g" },
];
result.links = links.map(slowLink);
console.log(JSON.stringify(result));
"""
    )
    result = json.loads(out)
    assert result.pop("good") == [4096 * 3, 42]
    assert result.pop("links") == [False, False, False, False, True, True, True, False]
    assert result.pop("slowAsked") is False
    assert result == dict.fromkeys(result) and len(result) == 9
