// What handling the game's data on the page's MicroPython would cost, against the
// browser's own JavaScript doing the same, in the same run (the reference): a board
// drawing (about 93 KB of SVG markup) crossing into MicroPython and out again, read and
// written by MicroPython's json, and saved games of 0.1, 1 and 3 MB through the same
// json. Under Node, with the MicroPython build PyScript loads on the pages (pinned in
// package.json). Decides what stays in assets/view.js (derive/web/front/game.py's
// header, WEB.md). Usage: node bench/bench_micropython.mjs; results in
// bench/journal/micropython.md.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024, stdout: (line) => console.log(line) });

const drawing = "<g class='sq' data-square='a1'><rect width='100' height='100'/></g>".repeat(1400);
globalThis.drawing = drawing;
globalThis.sink = { value: null };
const REPEATS = 20;

function timed(run, repeats = REPEATS) {
  const start = performance.now();
  for (let i = 0; i < repeats; i += 1) run();
  return (performance.now() - start) / repeats;
}

const text = JSON.stringify([{ call: "boardDraw", args: [drawing] }]);
const js = {
  crossing: timed(() => { globalThis.sink.value = String(globalThis.drawing); }),
  json: timed(() => JSON.parse(JSON.stringify(JSON.parse(text)))),
};
mp.runPython(`
import js, json, time

def timed(run, repeats=${REPEATS}):
    start = time.ticks_us()
    for _ in range(repeats):
        run()
    return time.ticks_diff(time.ticks_us(), start) / repeats / 1000

def crossing():
    js.sink.value = js.drawing  # into MicroPython (a str), and out again

text = json.dumps([{"call": "boardDraw", "args": [js.drawing]}])

def through_json():
    json.dumps(json.loads(text))

print("drawing of %d KB" % (len(js.drawing) // 1024))
print("  MicroPython, into and out of it: %.2f ms" % timed(crossing))
print("  MicroPython, its json read and write: %.2f ms" % timed(through_json))
for size in (100000, 1000000, 3000000):
    saved = "a" * size
    start = time.ticks_ms()
    json.loads(json.dumps({"text": saved}))
    print("  saved text of %.1f MB through MicroPython's json: %d ms"
          % (size / 1e6, time.ticks_diff(time.ticks_ms(), start)))
`);
console.log(`  JavaScript, the same string handed on: ${js.crossing.toFixed(3)} ms`);
console.log(`  JavaScript, JSON read and write: ${js.json.toFixed(2)} ms`);
