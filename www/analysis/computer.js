// @ts-check
// The computer player. It thinks in a Web Worker (computer-worker.js) so the page keeps
// animating and answering while it searches. A question can be cancelled at any time: a solve
// stops at the worker's next slice and the worker, with its solver's table, stays for the next
// question; a search cannot be interrupted from outside, so cancelling one ends the worker and the
// next question starts a fresh one.

/** @import { GameOptions, Level, Puzzle, SearchResult, SolveProgress, StartPosition } from "../types/engine.js" */
/** @import { Asked, Told } from "./computer-worker.js" */
/** @import { Move } from "../lib/records.js" */

import { positionKey } from "./values-cache.js";

/**
 * What a solve proved of a position, for the player to move: its exact value and, as asked, the
 * moves that keep it and every move's value by hole number ("1"–"7"; in Parker's games by the
 * move as written, "4+", "3", "+"); `book` when the opening book knew it, `cached` when it was
 * kept from an earlier visit, `linked` when a game's link carried them (not yet proved here).
 * @typedef {object} Solved
 * @property {number} value
 * @property {Move[]} [best]
 * @property {Record<string, number>} [move_values]
 * @property {string} [line]
 * @property {number} nodes
 * @property {boolean} [book]
 * @property {boolean} [cached]
 * @property {boolean} [linked]
 */
/**
 * A question waiting for the worker's answer: how to settle it, who hears the progress, and
 * what it is for (a solve can be dropped without ending the worker).
 * @typedef {object} Waiting
 * @property {(result: unknown) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {((progress: SolveProgress) => void) | null} onProgress
 * @property {Purpose} purpose
 * @property {string | null} key  a solve's position (values-cache.js `positionKey`), which a
 *   foreseen answer settles
 */
/** @typedef {"move" | "hint" | "solve" | "puzzles"} Purpose */
/**
 * A question for the worker (computer-worker.js): the position after `record` from `start` (null
 * for the opening), and what is asked of it.
 * @typedef {object} Ask
 * @property {StartPosition | null} [start]
 * @property {string} [record]
 * @property {GameOptions | null} [options]
 * @property {Level | null} [level]
 * @property {Purpose} [purpose]
 * @property {number} [timeMs]
 * @property {boolean} [moveValues]
 * @property {boolean} [valueOnly]
 * @property {boolean} [knownOnly]
 * @property {((progress: SolveProgress) => void) | null} [onProgress]
 * @property {string | null} [text]
 */

/**
 * The solver's table for this device, in MB: small where memory is short (a 1 GB phone), larger
 * where there is plenty. `deviceMemory` is the browser's rough figure in GB (undefined where the
 * browser does not say).
 * @param {number | undefined} [deviceMemory]
 * @returns {number}
 */
export function solverTableMb(deviceMemory = /** @type {{deviceMemory?: number}} */ (globalThis.navigator ?? {}).deviceMemory) {
  if (deviceMemory === undefined || !(deviceMemory > 0)) return 32;
  if (deviceMemory <= 1) return 8;
  if (deviceMemory <= 2) return 16;
  if (deviceMemory < 4) return 32;
  return 64;
}

/** The name of a worker for exact values (computer-worker.js starts one at once), before any link it is given. */
export const VALUES_WORKER = "values";

export class Computer {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Promise<void> | null} that the worker has loaded the engine */
    this.ready = null;
    /** @type {Map<number, Waiting>} the questions asked, by id */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {number | null} the solver's table in the worker, once it is ready */
    this.tableMb = null;
    /** @type {Map<string, Solved>} what the worker proved unasked (a link's position), by position */
    this.foreseen = new Map();
  }

  /**
   * Starts the worker, if it is not running; resolves once its engine has loaded. With
   * `endgames`, a worker for exact values: it starts its engine and loads the endgame table at
   * once, without waiting for the message below (computer-worker.js); given `foresee` too, a game
   * link's fragment, it solves the position the link opens at and tells its values unasked.
   * @param {{endgames?: boolean, foresee?: string | null}} [options]
   */
  start({ endgames = false, foresee = null } = {}) {
    if (this.worker && this.ready) return this.ready;
    // The build names the worker's bundle by its content (scripts/bundle.mjs defines WORKER_SCRIPT).
    // A link to foresee rides in the worker's name ("values#walak=1&moves=…"): the messages a page
    // sends a worker that is starting reach it only once the page's thread is free again, which
    // on a slow phone is after the page's whole start and first frame. (Its address cannot carry
    // it: a worker served by the service worker loses the fragment.)
    const name = !endgames ? "computer" : foresee ? `${VALUES_WORKER}#${foresee.replace(/^#/, "")}` : VALUES_WORKER;
    const worker = new Worker(new URL(WORKER_SCRIPT, import.meta.url), { type: "module", name });
    this.worker = worker;
    /** @type {Promise<void>} */
    const ready = new Promise((resolve, reject) => {
      worker.onmessage = (/** @type {MessageEvent<Told>} */ { data }) => {
        if (data.type === "ready") {
          this.tableMb = data.tableMb;
          resolve();
        }
        else if (data.type === "result") this.settle(data.id, data.result);
        else if (data.type === "foreseen") this.takeForeseen(data.key, data.result);
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
    this.ready = ready;
    this.tell({ type: "init", tableMb: solverTableMb() });
    return ready;
  }

  /**
   * Sends the worker a message, if it is running.
   * @param {Asked} message
   */
  tell(message) {
    this.worker?.postMessage(message);
  }

  /**
   * Asks for a move (`purpose` "move", at `level`) or a hint (`purpose` "hint", thinking for
   * `timeMs`) for the player to move after `record`, played from the opening or from `start`. Resolves with {number, eval, depth, nodes, exact}
   * (in Parker's games also `move`, the move as written, which is the one to play), or null when cancelled.
   * @param {Ask & {purpose?: "move" | "hint"}} question
   * @returns {Promise<SearchResult | null>}
   */
  async think(question) {
    // The worker answers a move or a hint with its search's result.
    return /** @type {SearchResult | null} */ (await this.ask(question));
  }

  /**
   * Asks the worker `question`; resolves with its answer (as the question's purpose gives it), or
   * null when cancelled.
   * @param {Ask} question
   * @returns {Promise<unknown>}
   */
  async ask({ start = null, record = "", options = null, level = null, purpose = "move", timeMs = 1000,
    moveValues = false, valueOnly = false, knownOnly = false, onProgress = null, text = null }) {
    // Asked at once, not once the worker has said it is ready: the worker answers in turn, after
    // its start (computer-worker.js), and a page busy starting on a slow phone would read "ready"
    // only after its first frame, a tenth of a second later. A start that fails fails the question.
    this.start().catch(() => {});
    const worker = /** @type {Worker} */ (this.worker); // (made by `start` if it was not running)
    // A solve's position, which the worker may tell unasked (`takeForeseen`).
    const key = purpose === "solve" && options ? positionKey({ start, options, record }) : null;
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress, purpose, key }));
    const seed = (Math.random() * 2 ** 32) >>> 0;
    /** @type {Asked} */
    const message = {
      type: "think", id, purpose, start, record, options, level, seed, timeMs, moveValues, valueOnly, knownOnly, text,
    };
    worker.postMessage(message);
    return answer;
  }

  /**
   * The exact value of the position after `record` for the player to move, proved within
   * `timeMs`: `{value, best, move_values: {"1": v, …}, nodes, book, cached}` (`move_values` filled
   * when `moveValues`; only `{value, nodes, book}` when `valueOnly`), or null when it was not
   * proved in time or was cancelled. With `knownOnly`, only what the book or the values kept from
   * earlier visits hold (`cached` true), else null at once. `onProgress` hears
   * `{nodes, lower, upper, subject}` now and then.
   * @param {{start?: StartPosition | null, record: string, options: GameOptions, moveValues?: boolean, valueOnly?: boolean,
   *   knownOnly?: boolean, timeMs?: number, onProgress?: ((progress: SolveProgress) => void) | null}} question
   * @returns {Promise<Solved | null>}
   */
  async solve({ start = null, record, options, moveValues = true, valueOnly = false, knownOnly = false, timeMs = 60_000,
    onProgress = null }) {
    // The worker answers a solve with what it proved (computer-worker.js `solve`).
    return /** @type {Solved | null} */ (
      await this.ask({ start, record, options, purpose: "solve", timeMs, moveValues, valueOnly, knownOnly, onProgress }));
  }

  /**
   * The puzzle file's `text` read and checked by the worker's engine (the page's own has no
   * reader): `[{id, rating, record, value, best, move_values, line}]`; rejects saying which line
   * is wrong.
   * @param {string} text
   * @returns {Promise<Puzzle[]>}
   */
  async readPuzzles(text) {
    // The worker answers with the engine's reading of the file (`readPuzzles`).
    return /** @type {Puzzle[]} */ (await this.ask({ purpose: "puzzles", text }));
  }

  /**
   * Settles question `id` with the worker's answer, or with `error`.
   * @param {number} id
   * @param {unknown} result
   * @param {Error | null} [error]
   */
  settle(id, result, error = null) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(error);
    else waiting.resolve(result);
  }

  /**
   * What the worker proved unasked of the position after `record` from `start` (a link's), if it
   * has told it: every move's value.
   * @param {{start: StartPosition | null, options: GameOptions, record: string}} position
   * @returns {Solved | null}
   */
  foreseenOf(position) {
    const foreseen = this.foreseen.get(positionKey(position));
    return foreseen ? { ...foreseen } : null;
  }

  /**
   * Keeps what the worker proved unasked of position `key` (a link's, computer-worker.js
   * `foresee`), and answers with it the solves of that position waiting: the worker would answer
   * them from what it keeps too, but only once the page's thread is free to send them, later.
   * @param {string} key
   * @param {Solved} result
   */
  takeForeseen(key, result) {
    this.foreseen.set(key, result);
    for (const [id, waiting] of this.pending) if (waiting.key === key) this.settle(id, { ...result });
  }

  /**
   * Fails every question asked, and stops the worker: it may be unusable.
   * @param {Error} error
   */
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
      this.tell({ type: "cancel", ids: questions.map(([id]) => id) });
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
