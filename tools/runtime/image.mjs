// Boots the vendored Pyodide under Node, imports the game's modules and writes the memory
// snapshot every page and worker of the site restores instead of booting Python.
//
// Run by tools/runtime/build_image.py (see there why): `node tools/runtime/image.mjs OUT`, from the
// repository's root, after tools/runtime/vendor.py. The modules are those assets/snapshot.json
// lists (tools/runtime/build_snapshot.py: the game's modules that run without a browser), read
// from the working tree, where PyScript writes them in the browser.
//
// OUT is one gzip file: a line of JSON ({"pyodide": version, "key": the manifest's key}),
// then the snapshot in its stored form (snapshot-pages.mjs). tools/runtime/pyodide_start.mjs
// restores it only under that version and key.

import { readFileSync } from "node:fs";
import { startPyodide, version, writeLined } from "./node_pyodide.mjs";
import { pack } from "./snapshot-pages.mjs";

const [out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/runtime/image.mjs OUT");
  process.exit(2);
}

const plan = JSON.parse(readFileSync("assets/snapshot.json", "utf8"));
const pyodide = await startPyodide(plan.files, { _makeSnapshot: true });
// "_" is the shell's name of this script, passed on by Node: nothing a browser has.
pyodide.runPython(`
import importlib, os
os.environ.pop("_", None)
for name in ${JSON.stringify(plan.modules)}:
    importlib.import_module(name)
`);
const memory = pyodide.makeMemorySnapshot();
writeLined(out, { pyodide: version, key: plan.key }, [pack(memory)], 6);
