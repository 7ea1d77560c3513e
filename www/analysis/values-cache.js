// @ts-check
// Solved positions kept in the browser between visits (IndexedDB), so that a position is solved
// once: the worker looks here before it solves and keeps what it proves. Each entry carries the
// engine's values version and a checksum of what it holds; an entry of another version, or whose
// checksum does not match (a stale or damaged store), is dropped and solved again, never shown.
// Where IndexedDB is missing or refuses (a private window, storage full) nothing is kept and
// every solve still answers.

/** @import { Position } from "../game/game-start.js" */
/** @import { Solved } from "./computer.js" */

/**
 * What a solve proved, least first (`HOLDS`): the value; the value and the best moves; every
 * move's value.
 * @typedef {"value" | "best" | "values"} Holds
 */
/**
 * An entry as kept: the engine's values version, what it holds, the result, when it was kept,
 * and the checksum of the rest.
 * @typedef {{version: string, holds: Holds, result: Solved, at: number, sum: string}} Entry
 */

const DB_NAME = "walak-pussa-values";
const STORE = "solved";
/** Entries kept at most; past it the oldest tenth goes. */
export const MAX_ENTRIES = 20_000;

/** @type {Promise<IDBDatabase | null> | null} */
let opened = null;
let keptSince = 0;

/**
 * A request's result, once it succeeds.
 * @template Result
 * @param {IDBRequest<Result>} req
 * @returns {Promise<Result>}
 */
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @returns {Promise<IDBDatabase | null>} the store's database, or null where there is none */
function open() {
  opened ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE).createIndex("at", "at");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

/** Opens the store now, so that the first lookup need not wait for it. */
export function openEarly() {
  open();
}

/** @param {IDBTransactionMode} mode */
async function store(mode) {
  const db = await open();
  return db ? db.transaction(STORE, mode).objectStore(STORE) : null;
}

/**
 * The key of a position: where the game began, its options and the moves since.
 * @param {Position} position
 */
export function positionKey({ start, options, record }) {
  return JSON.stringify([start ?? null, options ?? null, record]);
}

/**
 * A 32-bit FNV-1a checksum of a text, as 8 hex digits.
 * @param {string} text
 */
export function checksum(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * What a solve proved, least first: the value; the value and the best moves; every move's value.
 * @type {readonly Holds[]}
 */
export const HOLDS = ["value", "best", "values"];

/**
 * @param {string} version
 * @param {string} key
 * @param {Holds} holds
 * @param {Solved} result
 */
const sealed = (version, key, holds, result) => checksum(JSON.stringify([version, key, holds, result]));

/**
 * Whether a kept entry is whole and of this engine: the shape, the version and the checksum.
 * @param {any} entry what was kept, unchecked
 * @param {string} version
 * @param {string} key
 * @returns {entry is Entry}
 */
export function entryIsSound(entry, version, key) {
  if (!entry || typeof entry !== "object" || entry.version !== version || !HOLDS.includes(entry.holds)) return false;
  const { result } = entry;
  if (!result || typeof result !== "object" || !Number.isInteger(result.value)) return false;
  if (entry.holds !== "value" && !Array.isArray(result.best)) return false;
  return entry.sum === sealed(version, key, entry.holds, result);
}

/**
 * What is kept for the position holding at least `wanted` (one of HOLDS): the solve's result, or
 * null when nothing sound is kept (an unsound entry is deleted on the way).
 * @param {string} version
 * @param {Position} position
 * @param {Holds} wanted
 * @returns {Promise<Solved | null>}
 */
export async function lookup(version, position, wanted) {
  try {
    const key = positionKey(position);
    const solved = await store("readonly");
    if (!solved) return null;
    const entry = await request(solved.get(key));
    if (entry === undefined) return null;
    if (!entryIsSound(entry, version, key)) {
      await forget(key);
      return null;
    }
    return HOLDS.indexOf(entry.holds) >= HOLDS.indexOf(wanted) ? entry.result : null;
  } catch {
    return null;
  }
}

/** Keeps a solve's result for the position, which `holds` what (one of HOLDS); an entry that
 * holds more is not replaced. */
/**
 * @param {string} version
 * @param {Position} position
 * @param {Holds} holds
 * @param {Solved} result
 */
export async function keep(version, position, holds, result) {
  try {
    const key = positionKey(position);
    const kept = { ...result, nodes: 0 };
    delete kept.book;
    delete kept.cached;
    if (HOLDS.indexOf(holds) < HOLDS.length - 1 && (await lookup(version, position, HOLDS[HOLDS.indexOf(holds) + 1]))) return;
    const solved = await store("readwrite");
    if (!solved) return;
    /** @type {Entry} */
    const entry = { version, holds, result: kept, at: Date.now(), sum: sealed(version, key, holds, kept) };
    await request(solved.put(entry, key));
    // The size is looked at now and then, not on every keep.
    if (++keptSince >= 100) {
      keptSince = 0;
      const all = await store("readonly");
      if (all && (await request(all.count())) > MAX_ENTRIES) await prune();
    }
  } catch {
    // Nothing kept: the next visit solves again.
  }
}

/**
 * @param {string} key
 */
async function forget(key) {
  try {
    const solved = await store("readwrite");
    if (solved) await request(solved.delete(key));
  } catch {
    // An entry that cannot be deleted is checked again, and refused again, next time.
  }
}

/** Drops the oldest tenth of the entries. */
async function prune() {
  const solved = await store("readwrite");
  if (!solved) return;
  let left = Math.ceil(MAX_ENTRIES / 10);
  /** @type {Promise<void>} */
  const pruned = new Promise((resolve, reject) => {
    const cursor = solved.index("at").openKeyCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at || left-- <= 0) return resolve();
      solved.delete(at.primaryKey);
      at.continue();
    };
    cursor.onerror = () => reject(cursor.error);
  });
  await pruned;
}
