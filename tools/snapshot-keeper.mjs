// Stores a Python memory snapshot in Cache Storage, off the page's main thread.
//
// Started by tools/pyodide_start.mjs (as vendor/pyodide/snapshot-keeper.mjs, a module
// worker) right after a first visit's page has made its snapshot: it receives the
// snapshot (moved, not copied), the cache's name and the key to store it under, drops
// whatever else that cache holds (another build's or other sources' snapshot), stores
// the snapshot without its pages of zeros and answers {stored: true}, or {error}.

import { pack } from "./snapshot-pages.mjs";

globalThis.onmessage = async ({ data }) => {
  try {
    const { snapshot, cache: name, key } = data ?? {};
    if (!(snapshot instanceof Uint8Array) || typeof name !== "string" || typeof key !== "string") {
      throw new Error("nothing to store");
    }
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    await cache.put(
      key,
      new Response(pack(snapshot), { headers: { "Content-Type": "application/octet-stream" } }),
    );
    postMessage({ stored: true });
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};
