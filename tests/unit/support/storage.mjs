// A browser's localStorage, in memory, for the unit tests of what the page keeps: its keys are
// its own properties (`Object.keys(localStorage)` lists them, as in a browser), and it can be
// made to refuse writes as a full or disabled storage does.

/**
 * A new, empty storage, installed as the global `localStorage`. `refuse(true)` makes every write
 * throw a QuotaExceededError until `refuse(false)`.
 */
export function installStorage() {
  const items = new Map();
  let refusing = false;
  const methods = {
    getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
    setItem: (key, value) => {
      if (refusing) throw new DOMException("the storage is full", "QuotaExceededError");
      items.set(String(key), String(value));
    },
    removeItem: (key) => void items.delete(String(key)),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
  };
  const storage = new Proxy(methods, {
    get: (target, name) => (name === "length" ? items.size : target[name]),
    ownKeys: () => [...items.keys()],
    getOwnPropertyDescriptor: (_, name) =>
      items.has(name) ? { value: items.get(name), enumerable: true, configurable: true, writable: true } : undefined,
    has: (_, name) => items.has(name),
  });
  globalThis.localStorage = storage;
  return {
    storage,
    refuse: (on) => {
      refusing = on;
    },
    /** Every key and its text, sorted by key. */
    entries: () => Object.fromEntries([...items.entries()].sort(([a], [b]) => a.localeCompare(b))),
  };
}
