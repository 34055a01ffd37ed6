// The Python image and the sources' bytecode, read off the page's thread, and Pyodide's
// WebAssembly compiled there:
// vendor/pyodide/pyodide.mjs starts this worker in a page (see readOffThread there).
// Importing that module in a worker reads the image as the computer's worker does (fetched,
// unzipped, unpacked, checked against the sources and the Pyodide it was made for); the
// bytecode bundle is fetched and unzipped beside it. Both go back to the page transferred,
// each null when there is none to use; the compiled module goes back too (shared, not
// copied), or null. Copied by tools/runtime/vendor.py to
// vendor/pyodide/image-worker.mjs.
import { compileWasm, readBytecodeBundle, takeImage } from "./pyodide.mjs";

const [image, bytecode, wasm] = await Promise.all([
  takeImage(),
  readBytecodeBundle(),
  compileWasm(),
]);
postMessage({ image, bytecode, wasm }, [image?.buffer, bytecode?.buffer].filter(Boolean));
