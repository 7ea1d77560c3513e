// The computer player. It thinks in a Web Worker (computer-worker.js) so the page keeps
// animating and answering while it searches. A question can be cancelled at any time: a search
// cannot be interrupted from outside, so cancelling ends the worker and the next question starts
// a fresh one.

export class Computer {
  constructor() {
    this.worker = null;
    this.ready = null; // a promise that the worker has loaded the engine
    this.pending = new Map(); // id -> resolve
    this.nextId = 1;
  }

  start() {
    if (this.worker) return this.ready;
    // The build names the worker's bundle by its content (scripts/bundle.mjs defines WORKER_SCRIPT).
    const worker = new Worker(new URL(WORKER_SCRIPT, import.meta.url), { type: "module" });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") resolve();
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
    worker.postMessage({ type: "init" });
    return this.ready;
  }

  /**
   * Asks for a move (`purpose` "move", at `level`) or a hint (`purpose` "hint", thinking for
   * `timeMs`) for the player to move after `record`, played from the opening or from `start`. Resolves with {number, eval, depth, nodes, exact}, or null when cancelled.
   */
  async think({ start = null, record = "", options = null, level = null, purpose = "move", timeMs = 1000,
    moveValues = false, onProgress = null, text = null }) {
    await this.start();
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
    const seed = (Math.random() * 2 ** 32) >>> 0;
    this.worker.postMessage({ type: "think", id, purpose, start, record, options, level, seed, timeMs, moveValues, text });
    return answer;
  }

  /**
   * The exact value of the position after `record` for the player to move, proved within
   * `timeMs`: `{value, best, move_values: {"1": v, …}, nodes, book}` (`move_values` filled when
   * `moveValues`), or null when it was not proved in time or was cancelled. `onProgress` hears
   * `{nodes, lower, upper, subject}` now and then.
   */
  solve({ start = null, record, options, moveValues = true, timeMs = 60_000, onProgress = null }) {
    return this.think({ start, record, options, purpose: "solve", timeMs, moveValues, onProgress });
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

  /** Drops every question being thought about; their promises resolve with null. */
  cancel() {
    if (this.pending.size === 0) return;
    for (const { resolve } of this.pending.values()) resolve(null);
    this.pending.clear();
    this.stop();
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}
