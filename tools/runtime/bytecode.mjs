// Compiles the game's Python sources to bytecode with the vendored Pyodide, under Node.
//
// Run by tools/runtime/build_bytecode.py (see there why): `node tools/runtime/bytecode.mjs OUT SOURCE...`,
// from the repository's root, after tools/runtime/vendor.py. The sources are compiled by the very
// interpreter the browser runs (same CPython version, same magic number) into
// "checked-hash" .pyc files (PEP 552): Python uses one only when the hash it holds is the
// hash of the source beside it, so a source edited since is simply compiled as usual.
//
// OUT is one gzip file: a line of JSON (the entries, each [path, size]), then the .pyc
// files' bytes one after the other. tools/runtime/pyodide_start.mjs reads it (installBytecode).

import { readFileSync } from "node:fs";
import { startPyodide, writeLined } from "./node_pyodide.mjs";

let [out, ...sources] = process.argv.slice(2);
// --extra FILE: JSON, {path: text}, sources that are no file of the tree (PyScript's own
// package, written where PyScript writes it).
let extra = {};
if (sources[0] === "--extra") {
  extra = JSON.parse(readFileSync(sources[1], "utf8"));
  sources = sources.slice(2);
}
if (!out || sources.length === 0) {
  console.error("usage: node tools/runtime/bytecode.mjs OUT [--extra FILE] SOURCE...");
  process.exit(2);
}

const pyodide = await startPyodide(sources, {}, extra);
pyodide.globals.set("SOURCES", pyodide.toPy([...sources, ...Object.keys(extra)]));
// The path written into each code object is the one PyScript writes the source to; the
// import system puts the real one in anyway.
const compiled = pyodide
  .runPython(`
import importlib.util, py_compile
done = []
for source in SOURCES:
    cached = importlib.util.cache_from_source(source)
    py_compile.compile(
        source, cfile=cached, dfile=source, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
    )
    with open(cached, "rb") as f:
        done.append((cached, f.read()))
done
`)
  .toJs();

writeLined(
  out,
  compiled.map(([path, body]) => [path, body.length]),
  compiled.map(([, body]) => body),
  9,
);
