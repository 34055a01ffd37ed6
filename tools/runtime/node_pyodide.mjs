// What tools/runtime/bytecode.mjs and tools/runtime/image.mjs share: the vendored Pyodide started under
// Node, from the repository's root, with files of the working tree written where PyScript
// writes [files]; and the one format both write, a line of JSON, then bytes, gzipped.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../../vendor/pyodide/pyodide.loader.mjs";

export { version } from "../../vendor/pyodide/pyodide.loader.mjs";

// `files`: paths of the tree, written at the same paths; `texts`: {path: text} for sources
// that are no file of the tree (written as UTF-8, as PyScript writes its own package).
export async function startPyodide(files, options = {}, texts = {}) {
  const pyodide = await loadPyodide({
    indexURL: resolve("vendor/pyodide") + "/",
    stdout: () => undefined,
    ...options,
  });
  const home = pyodide.FS.cwd();
  const write = (file, body) => {
    const path = `${home}/${file}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, body);
  };
  for (const file of files) write(file, readFileSync(file));
  for (const [file, text] of Object.entries(texts)) write(file, text);
  return pyodide;
}

export function writeLined(out, head, parts, level) {
  const all = [new TextEncoder().encode(JSON.stringify(head) + "\n"), ...parts];
  const whole = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) {
    whole.set(part, at);
    at += part.length;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, gzipSync(whole, { level }));
}
