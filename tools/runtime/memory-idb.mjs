// IndexedDB, kept in memory where the browser refuses a page its own.
//
// PyScript opens a database at every start (its packages' cache, even with none to cache)
// and gives up when the open fails. A browser refuses it to a frame on another site whose
// reader blocks third-party storage (Chromium's setting, its default headless; Safari and
// Firefox have their own rules), and to a page whose site may store nothing: an embedded
// board on a blog then never came alive. Nothing of the game's is kept there, so a
// database that lives as long as the page is all it takes.
//
// Imported for its effect by the interpreter module (vendor/pyodide/pyodide.mjs), which
// PyScript imports before it opens its database, in the page and in its workers alike.
// Where the browser answers, its own database is used and this only passes it on.

function later(run) {
  setTimeout(run, 0);
}

// The request of an IDBRequest's shape: its answer comes after the caller set its handlers.
function answer(compute) {
  const request = { result: undefined, error: null, readyState: "pending" };
  later(() => {
    try {
      request.result = compute();
      request.readyState = "done";
      request.onsuccess?.({ type: "success", target: request });
    } catch (error) {
      request.error = error;
      request.readyState = "done";
      request.onerror?.({ type: "error", target: request });
    }
  });
  return request;
}

function objectStore(entries) {
  return {
    count: () => answer(() => entries.size),
    clear: () => answer(() => entries.clear()),
    delete: (key) => answer(() => void entries.delete(key)),
    get: (key) => answer(() => entries.get(key)),
    getKey: (key) => answer(() => (entries.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => [...entries.keys()]),
    put: (value, key) => answer(() => (entries.set(key, structuredClone(value)), key)),
  };
}

function notFound(what) {
  throw new DOMException(`No object store ${what}`, "NotFoundError");
}

function database(name) {
  const stores = new Map();
  return {
    name,
    version: 1,
    objectStoreNames: {
      get length() {
        return stores.size;
      },
      contains: (store) => stores.has(store),
    },
    createObjectStore(store) {
      stores.set(store, new Map());
      return objectStore(stores.get(store));
    },
    transaction(store) {
      const entries = stores.get(String(store)) ?? notFound(`named ${store}`);
      const transaction = { objectStore: () => objectStore(entries), oncomplete: null };
      later(() => transaction.oncomplete?.({ type: "complete", target: transaction }));
      return transaction;
    },
    close() {},
  };
}

const memory = new Map(); // name -> database, for the page's life

// What open() returns: its fields read through to whichever answered, the browser's
// request or memory's.
function pending() {
  const request = { source: null, onupgradeneeded: null, onsuccess: null, onerror: null };
  for (const field of ["result", "error", "readyState", "transaction"]) {
    Object.defineProperty(request, field, { get: () => request.source?.[field] ?? null });
  }
  return request;
}

// Answers `request` from memory, as a first open would: upgradeneeded with a transaction,
// then success.
function openInMemory(name, request) {
  const fresh = !memory.has(name);
  if (fresh) memory.set(name, database(name));
  request.source = { result: memory.get(name), error: null, readyState: "done", transaction: null };
  later(() => {
    if (fresh && request.onupgradeneeded) {
      const transaction = { oncomplete: null, objectStore: () => notFound("yet") };
      request.source.transaction = transaction;
      request.onupgradeneeded({ type: "upgradeneeded", target: request.source });
      request.source.transaction = null;
      transaction.oncomplete?.({ type: "complete", target: transaction });
    }
    request.onsuccess?.({ type: "success", target: request.source });
  });
  return request;
}

// A request answered by the browser's database, or from memory if the browser refuses it
// (at once, or by an error event, which then goes no further).
function opening(real, name, version) {
  const request = pending();
  if (!real) return openInMemory(name, request);
  let browser;
  try {
    browser = version === undefined ? real.open(name) : real.open(name, version);
  } catch {
    return openInMemory(name, request);
  }
  request.source = browser;
  browser.onupgradeneeded = (event) => request.onupgradeneeded?.(event);
  browser.onsuccess = (event) => request.onsuccess?.(event);
  browser.onblocked = (event) => request.onblocked?.(event);
  browser.onerror = (event) => {
    event.preventDefault();
    event.stopPropagation();
    openInMemory(name, request);
  };
  return request;
}

function install(scope) {
  let real = null;
  try {
    real = scope.indexedDB ?? null;
  } catch {
    real = null; // even reading the property may throw where storage is refused
  }
  const factory = {
    open: (name, version) => opening(real, String(name), version),
    deleteDatabase: (name) => {
      memory.delete(String(name));
      try {
        if (real) return real.deleteDatabase(name);
      } catch {
        // refused: only the memory's copy existed
      }
      return answer(() => undefined);
    },
    cmp: (a, b) => (real ? real.cmp(a, b) : a < b ? -1 : a > b ? 1 : 0),
    databases: () => (real ? real.databases() : Promise.resolve([])),
  };
  Object.defineProperty(scope, "indexedDB", {
    value: factory,
    configurable: true,
    writable: true,
  });
}

if (!globalThis.deriveMemoryIDB) {
  globalThis.deriveMemoryIDB = true;
  install(globalThis);
}
