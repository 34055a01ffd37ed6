// Boots the vendored Pyodide under Node, imports the game's modules and writes the memory
// snapshot every page and worker of the site restores instead of booting Python.
//
// Run by tools/build_image.py (see there why): `node tools/image.mjs OUT`, from the
// repository's root, after tools/vendor.py. The modules are those assets/snapshot.json
// lists (tools/build_snapshot.py: the game's modules that run without a browser), read
// from the working tree, where PyScript writes them in the browser.
//
// OUT is one gzip file: a line of JSON ({"pyodide": version, "key": the manifest's key}),
// then the snapshot in its stored form (snapshot-pages.mjs). tools/pyodide_start.mjs
// restores it only under that version and key.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide, version } from "../vendor/pyodide/pyodide.loader.mjs";
import { pack } from "./snapshot-pages.mjs";

const [out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/image.mjs OUT");
  process.exit(2);
}

const plan = JSON.parse(readFileSync("assets/snapshot.json", "utf8"));
const pyodide = await loadPyodide({
  indexURL: resolve("vendor/pyodide") + "/",
  stdout: () => undefined,
  _makeSnapshot: true,
});
const home = pyodide.FS.cwd();
for (const file of plan.files) {
  const path = `${home}/${file}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, readFileSync(file));
}
// "_" is the shell's name of this script, passed on by Node: nothing a browser has.
pyodide.runPython(`
import importlib, os
os.environ.pop("_", None)
for name in ${JSON.stringify(plan.modules)}:
    importlib.import_module(name)
`);
const memory = pyodide.makeMemorySnapshot();
const head = new TextEncoder().encode(JSON.stringify({ pyodide: version, key: plan.key }) + "\n");
const packed = pack(memory);
const whole = new Uint8Array(head.length + packed.length);
whole.set(head);
whole.set(packed, head.length);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, gzipSync(whole, { level: 6 }));
