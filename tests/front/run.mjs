// Runs Python under the MicroPython build PyScript loads on the pages (pinned in
// package.json, node_modules/@micropython/micropython-webassembly-pyscript), with the
// page side's modules (derive/web/front/) in its file system as the package `front`, as
// front.toml puts them in the browser. Usage: node tests/front/run.mjs TEST.py
// Prints what the Python prints; exits 1 if it raised.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(
  join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/front");
const front = join(root, "derive/web/front");
for (const name of readdirSync(front).filter((n) => n.endsWith(".py"))) {
  mp.FS.writeFile(`/front/${name}`, readFileSync(join(front, name), "utf8"));
}
mp.runPython("import sys\nsys.path.insert(0, '/')\n");
try {
  await mp.runPythonAsync(readFileSync(process.argv[2], "utf8"));
} catch (error) {
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}
