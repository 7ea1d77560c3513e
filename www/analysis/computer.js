// The computer player. It thinks in a Web Worker (computer-worker.js) so the page keeps
// animating and answering while it searches. A question can be cancelled at any time: a solve
// stops at the worker's next slice and the worker, with its solver's table, stays for the next
// question; a search cannot be interrupted from outside, so cancelling one ends the worker and the
// next question starts a fresh one.

/**
 * The solver's table for this device, in MB: small where memory is short (a 1 GB phone), larger
 * where there is plenty. `deviceMemory` is the browser's rough figure in GB (undefined where the
 * browser does not say).
 */
export function solverTableMb(deviceMemory = globalThis.navigator?.deviceMemory) {
  if (!(deviceMemory > 0)) return 32;
  if (deviceMemory <= 1) return 8;
  if (deviceMemory <= 2) return 16;
  if (deviceMemory < 4) return 32;
  return 64;
}

export class Computer {
  constructor() {
    this.worker = null;
    this.ready = null; // a promise that the worker has loaded the engine
    this.pending = new Map(); // id -> {resolve, reject, onProgress, purpose}
    this.nextId = 1;
    this.tableMb = null; // the solver's table in the worker, once it is ready
  }

  start() {
    if (this.worker) return this.ready;
    // The build names the worker's bundle by its content (scripts/bundle.mjs defines WORKER_SCRIPT).
    const worker = new Worker(new URL(WORKER_SCRIPT, import.meta.url), { type: "module" });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.tableMb = data.tableMb;
          resolve();
        }
        else if (data.type === "result") this.settle(data.id, data.result);
        else if (data.type === "progress") this.pending.get(data.id)?.onProgress?.(data.progress);
        else if (data.type === "error") {
          // A search that failed (a trap in the engine) may have left that engine unusable: the
          // worker goes, and the next question starts a fresh one.
          const error = new Error(data.message);
          reject(error);
          this.failAll(error);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const error = new Error(event.message || "the computer player stopped");
        reject(error);
        this.failAll(error);
      };
    });
    worker.postMessage({ type: "init", tableMb: solverTableMb() });
    return this.ready;
  }

  /**
   * Asks for a move (`purpose` "move", at `level`) or a hint (`purpose` "hint", thinking for
   * `timeMs`) for the player to move after `record`, played from the opening or from `start`. Resolves with {number, eval, depth, nodes, exact}, or null when cancelled.
   */
  async think({ start = null, record = "", options = null, level = null, purpose = "move", timeMs = 1000,
    moveValues = false, valueOnly = false, knownOnly = false, onProgress = null, text = null }) {
    await this.start();
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress, purpose }));
    const seed = (Math.random() * 2 ** 32) >>> 0;
    this.worker.postMessage({
      type: "think", id, purpose, start, record, options, level, seed, timeMs, moveValues, valueOnly, knownOnly, text,
    });
    return answer;
  }

  /**
   * The exact value of the position after `record` for the player to move, proved within
   * `timeMs`: `{value, best, move_values: {"1": v, …}, nodes, book, cached}` (`move_values` filled
   * when `moveValues`; only `{value, nodes, book}` when `valueOnly`), or null when it was not
   * proved in time or was cancelled. With `knownOnly`, only what the book or the values kept from
   * earlier visits hold (`cached` true), else null at once. `onProgress` hears
   * `{nodes, lower, upper, subject}` now and then.
   */
  solve({ start = null, record, options, moveValues = true, valueOnly = false, knownOnly = false, timeMs = 60_000,
    onProgress = null }) {
    return this.think({ start, record, options, purpose: "solve", timeMs, moveValues, valueOnly, knownOnly, onProgress });
  }

  /**
   * The puzzle file's `text` read and checked by the worker's engine (the page's own has no
   * reader): `[{id, rating, record, value, best, move_values, line}]`; rejects saying which line
   * is wrong.
   */
  readPuzzles(text) {
    return this.think({ purpose: "puzzles", text });
  }

  settle(id, result, error = null) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(error);
    else waiting.resolve(result);
  }

  failAll(error) {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.stop();
  }

  /**
   * Drops every question being thought about, at once; their promises resolve with null. Solves
   * end at the worker's next slice, and the worker stays; a search ends the worker.
   */
  cancel() {
    if (this.pending.size === 0) return;
    const questions = [...this.pending.entries()];
    this.pending.clear();
    for (const [, { resolve }] of questions) resolve(null);
    if (questions.every(([, { purpose }]) => purpose === "solve")) {
      this.worker?.postMessage({ type: "cancel", ids: questions.map(([id]) => id) });
    } else {
      this.stop();
    }
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}
