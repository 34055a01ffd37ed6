// The Python image, read off the page's thread: vendor/pyodide/pyodide.mjs starts this
// worker in a page (see readImageOffThread there). Importing that module in a worker reads
// the image as the computer's worker does (fetched, unzipped, unpacked, checked against
// the sources and the Pyodide it was made for); the memory goes back to the page
// transferred, or null when there is none to restore. Copied by tools/runtime/vendor.py to
// vendor/pyodide/image-worker.mjs.
import { takeImage } from "./pyodide.mjs";

const memory = await takeImage();
postMessage(memory, memory ? [memory.buffer] : []);
