// The Python image and the sources' bytecode, read off the page's thread:
// vendor/pyodide/pyodide.mjs starts this worker in a page (see readOffThread there).
// Importing that module in a worker reads the image as the computer's worker does (fetched,
// unzipped, unpacked, checked against the sources and the Pyodide it was made for); the
// bytecode bundle is fetched and unzipped beside it. Both go back to the page transferred,
// each null when there is none to use. Copied by tools/runtime/vendor.py to
// vendor/pyodide/image-worker.mjs.
import { readBytecodeBundle, takeImage } from "./pyodide.mjs";

const [image, bytecode] = await Promise.all([takeImage(), readBytecodeBundle()]);
postMessage({ image, bytecode }, [image?.buffer, bytecode?.buffer].filter(Boolean));
