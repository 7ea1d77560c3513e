// @ts-check
// Exact values of the position shown: every playable move's value ("Show move values"), the
// position's own value ("Show who is ahead", once proved) and its best moves (the hint). They are
// proved by the engine's solver in workers of their own, so that the computer player's thinking
// is never interrupted, and kept by record for the game being played.
//
// Where the device has cores to spare, the moves are shared out over several workers: in a
// single game a move's value is minus the value of the position it leads to, so each worker
// proves those positions' values, one after another, until every move has its value.

import { Computer } from "./computer.js";
import { messageOf } from "../lib/errors.js";
import { joinMoves } from "../lib/records.js";
import { afterNextFrame } from "../lib/dom.js";

/** @import { GameOptions, Side, StartPosition } from "../types/engine.js" */
/** @import { Solved } from "./computer.js" */
/** @import { Move } from "../lib/records.js" */

/**
 * What is known of a position's exact values (`ExactValues.entry`): being proved (`pending`,
 * `settled` resolving with the entry once the solve ends), proved (`done`, with its `result`),
 * not proved within `timeMs` (`unproven`), or failed (`failed`, with the `reason`). `moveValues`:
 * whether every move's value was asked for.
 * @typedef {object} ExactEntry
 * @property {"pending" | "done" | "unproven" | "failed"} state
 * @property {boolean} moveValues
 * @property {number} timeMs
 * @property {Solved | null} result
 * @property {string | null} reason
 * @property {Promise<ExactEntry> | null} settled
 */
/**
 * A position to prove: after `record` from `start`, with `options`; with every move's value when
 * `moveValues` (`legal`: the moves playable there, as the state lists them), within `timeMs`.
 * @typedef {object} ValuesQuestion
 * @property {StartPosition | null} start
 * @property {string} record
 * @property {GameOptions} options
 * @property {boolean} moveValues
 * @property {Move[]} [legal]
 * @property {number} [timeMs]
 */

/** How long a position may take to prove. Near the opening the book answers at once; a position a
 * few moves past it, or set up by hand with many seeds, can take this long in a browser. */
export const MOVE_VALUES_MS = 60_000;
export const VALUE_MS = 30_000;

/** A computer started before the page had its engine (`warmUp`), for the move values to take. @type {Computer | null} */
let warm = null;

/**
 * Starts the values' worker now, beside the page's own start, where exact values will be asked
 * for as soon as the page has a position (Show move values on): its engine and the endgame table
 * load while the page starts, rather than after. Given the address's fragment of a game's link,
 * the worker reads it and solves the position it opens at before the page asks, for as long as
 * the page's own question would give it: the same solve, begun sooner (the page's asking about
 * another position, or its cancel, ends it). The move values take the worker (`ExactValues`).
 *
 * Not for a link that carries its values (its `values` part): those are shown with the first
 * board, and their proof waits until that board is painted (`takeFromLink`). A worker started
 * now would only take a core from the page's own start, which on a two-core phone held a
 * returning visitor's board some 40 ms.
 * @param {string | null} [fragment]
 */
export function warmUp(fragment = null) {
  if (warm || (fragment !== null && carriesValues(fragment))) return;
  warm = new Computer();
  warm.start({ endgames: true, foresee: fragment }).catch(() => {}); // said when the page asks it a question
}

/** Whether a game link's fragment has a `values` part (read, and refused if wrong, by the engine). @param {string} fragment */
const carriesValues = (fragment) => new URLSearchParams(fragment.replace(/^#/, "")).has("values");

/** The computer started by `warmUp`, else a new one (started when first asked). */
function takeComputer() {
  const computer = warm ?? new Computer();
  warm = null;
  return computer;
}

/**
 * Workers for the values on this device (`cores` and `deviceMemory` in GB as the browser gives
 * them, undefined where it does not say). Proving each move's position on its own costs about half
 * as much work again as one solve of all the moves (measured natively: 6.2–6.7 s against 3.4–4.5 s
 * on a position seven moves in), and on a two-core machine the second worker mostly raced the
 * first for a busy core and made the values slower; so the moves are shared out only where there
 * are four cores or more, over one worker per two cores (at most four), and never where memory is
 * short.
 * @param {number | undefined} [cores]
 * @param {number | undefined} [deviceMemory]
 * @returns {number}
 */
export function valuesWorkers(cores = globalThis.navigator?.hardwareConcurrency,
  deviceMemory = /** @type {{deviceMemory?: number}} */ (globalThis.navigator ?? {}).deviceMemory) {
  if ((deviceMemory !== undefined && deviceMemory > 0 && deviceMemory <= 2) || cores === undefined || !(cores >= 4)) return 1;
  return Math.min(4, Math.floor(cores / 2));
}

export class ExactValues {
  /** @param {number} [workers] */
  constructor(workers = valuesWorkers()) {
    // The first is the computer the entry may have started already (warmUp).
    this.computers = Array.from({ length: workers }, (_, i) => (i === 0 ? takeComputer() : new Computer()));
    /** @type {Map<string, ExactEntry>} by the record of the position */
    this.entries = new Map();
    /** @type {string | null} the record being solved */
    this.asking = null;
    /** @type {object | null} the shared-out solve under way (a token) */
    this.run = null;
  }

  /** The first worker: it answers alone what is not shared out. */
  get computer() {
    return this.computers[0];
  }

  /**
   * What is known of the position after `record`, or null.
   * @param {string} record
   */
  entry(record) {
    return this.entries.get(record) ?? null;
  }

  cancel() {
    for (const computer of this.computers) computer.cancel();
  }

  /**
   * Drops the position being asked about (unless it is `keep`): its entry, and its solve.
   * @param {string | null} [keep]
   */
  dropAsked(keep = null) {
    if (this.asking === null || this.asking === keep) return;
    this.entries.delete(this.asking);
    this.cancel();
  }

  /** Forgets every value: a new game, whose records name other positions. */
  reset() {
    this.cancel();
    this.entries.clear();
    this.asking = null;
  }

  /**
   * Proves the position after `record` (values for the player to move), with every move's value
   * when `moveValues` (`legal`: the moves playable there); resolves with the entry. A solve under
   * way for another position is dropped first: the person has moved on.
   * @param {ValuesQuestion} question
   * @returns {Promise<ExactEntry>}
   */
  async solve({ start, record, options, moveValues, legal = [], timeMs = moveValues ? MOVE_VALUES_MS : VALUE_MS }) {
    const known = this.entries.get(record);
    // What is known, or on its way (waited for), answers unless it lacks the move values asked
    // for; a proof that ran out of time is tried again only with more time.
    const enough = known && (known.moveValues || !moveValues);
    // (A link's values being checked: once checked, so that nothing else is asked meanwhile.)
    if (enough && known.state === "done") return known.settled ?? known;
    // A link's position, solved by the worker before the page asked (`warmUp`): known at once, so
    // that the page's first painting shows it.
    const foreseen = options ? this.computer.foreseenOf({ start, options, record }) : null;
    if (foreseen) {
      /** @type {ExactEntry} */
      const entry = { state: "done", moveValues: true, timeMs, result: foreseen, reason: null, settled: null };
      this.entries.set(record, entry);
      return entry;
    }
    if (enough && known.state === "pending") return known.settled ?? known;
    if (enough && known.state === "unproven" && known.timeMs >= timeMs) return known;
    this.dropAsked(record);
    // `settled`: the entry once its solve ends (a later asker waits for the same one).
    /** @type {ExactEntry} */
    const entry = { state: "pending", moveValues, timeMs, result: null, reason: null, settled: null };
    this.entries.set(record, entry);
    this.asking = record;
    entry.settled = (async () => {
      try {
        const result = await this.prove({ start, record, options, moveValues, legal, timeMs });
        if (this.entries.get(record) !== entry) return entry; // dropped meanwhile
        entry.result = result;
        entry.state = result ? "done" : "unproven";
      } catch (error) {
        entry.state = "failed";
        entry.reason = messageOf(error);
      }
      if (this.asking === record) this.asking = null;
      return entry;
    })();
    return entry.settled;
  }

  /**
   * Takes the move values a game's link carried for the position after `record` (`moveValues`, by
   * hole number, as `linkValues` reads them; `legal` the moves playable there), as the
   * page that wrote the link had proved them: known at once, so that the page's first painting
   * shows them (`linked`), then checked by a proof of this page's own, which takes their place:
   * `onChecked` is told, and whether the proof found other values (only a link written by hand
   * can carry them).
   * Until checked, a question about the position waits for the check (`settled`); asking about
   * another position drops the check, and the link's values with it.
   * @param {Omit<ValuesQuestion, "moveValues" | "timeMs"> & {legal: Move[]}} question
   * @param {Record<string, number>} moveValues
   * @param {(wrong: boolean) => void} onChecked
   */
  takeFromLink({ start, record, options, legal }, moveValues, onChecked) {
    const value = Math.max(...Object.values(moveValues));
    const best = legal.filter((move) => moveValues[move] === value);
    /** @type {ExactEntry} */
    const entry = { state: "done", moveValues: true, timeMs: MOVE_VALUES_MS, reason: null, settled: null,
      result: { value, best, move_values: moveValues, nodes: 0, linked: true } };
    this.dropAsked();
    this.entries.set(record, entry);
    this.asking = record;
    entry.settled = (async () => {
      // Proved once the board that shows them is painted: the worker's start would otherwise
      // compete with the page's for a phone's cores, and hold that board.
      await new Promise((resolve) => afterNextFrame(() => resolve(undefined)));
      if (this.entries.get(record) !== entry) return entry; // dropped meanwhile
      const proved = await this.prove({ start, record, options, moveValues: true, legal, timeMs: MOVE_VALUES_MS }).catch(() => null);
      if (this.entries.get(record) !== entry) return entry; // dropped meanwhile
      if (this.asking === record) this.asking = null;
      entry.settled = null;
      // Not proved in time: the link's values stay, as its writer proved them.
      if (!proved) return entry;
      entry.result = proved;
      onChecked(legal.some((move) => proved.move_values?.[move] !== moveValues[move]));
      return entry;
    })();
  }

  /**
   * The solve itself: by one worker, or shared out move by move.
   * @param {Required<ValuesQuestion>} question
   * @returns {Promise<Solved | null>}
   */
  async prove({ start, record, options, moveValues, legal, timeMs }) {
    const position = { start, record, options };
    // In a match a move can end the round, and the next position's value runs to the end of the
    // next round: there one worker solves the move values as a whole.
    const shared = moveValues && !options?.rounds && this.computers.length > 1 && legal.length > 1;
    if (!shared) return this.computer.solve({ ...position, moveValues, timeMs });
    // The book, or values kept from an earlier visit, answer at once.
    const run = {};
    this.run = run;
    const known = await this.computer.solve({ ...position, moveValues: true, knownOnly: true });
    if (known || this.run !== run) return known;
    const waiting = [...legal];
    /** @type {Record<string, number>} */
    const values = {};
    let nodes = 0;
    let unproved = false;
    let allBook = true;
    let allKnown = true;
    const work = async (/** @type {Computer} */ computer) => {
      while (!unproved) {
        const move = waiting.shift();
        if (move === undefined) return;
        const after = await computer.solve({ ...position, record: joinMoves(record, move), valueOnly: true, timeMs });
        if (!after) {
          unproved = true;
          // Out of time: the other workers stop too (unless another position is asked already).
          if (this.run === run) this.cancel();
          return;
        }
        values[move] = -after.value;
        nodes += after.nodes;
        allBook &&= Boolean(after.book);
        allKnown &&= after.book || Boolean(after.cached);
      }
    };
    await Promise.all(this.computers.map(work));
    if (unproved) return null;
    const value = Math.max(...legal.map((move) => values[move]));
    // (`legal` is in the engine's order, ascending by hole.)
    const best = legal.filter((move) => values[move] === value);
    return { value, best, move_values: values, nodes, book: allBook, cached: allKnown && !allBook };
  }
}

/**
 * Every move's value as a link's `values` part carries them (`x.-2.0.x.x.-4.-12`: by hole 1 to 7,
 * x where a hole cannot be played; the engine has read it strictly), by hole number ("1"–"7").
 * @param {string} part
 * @returns {Record<string, number>}
 */
export function linkValues(part) {
  return Object.fromEntries(part.split(".").flatMap((value, i) => (value === "x" ? [] : [[String(i + 1), Number(value)]])));
}

/**
 * The `values` part of a link for every move's value (`linkValues` reads it back).
 * @param {Record<string, number>} moveValues
 */
export function linkValuesPart(moveValues) {
  return Array.from({ length: 7 }, (_, i) => moveValues[String(i + 1)] ?? "x").join(".");
}

/**
 * A value for `side` (the mover's view) as South's lead: what the evaluation and graph show.
 * @param {Side} side
 * @param {number} value
 */
export const southView = (side, value) => (side === "south" ? value : -value);
