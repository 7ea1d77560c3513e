// @ts-check
// The computer's thinking, in a Web Worker, so that the page never waits for a search. It runs the
// computer's engine: the rules crate built with its `computer` feature (the search, the solver and
// the opening book), which the page's own engine leaves out; the build bundles its JavaScript in
// here ("computer-engine") and names its wasm file (COMPUTER_WASM, hashed).
//
// Messages in: {type: "init", tableMb}, then {type: "think", id, purpose: "move" | "hint" | "solve" |
// "puzzles", start, record, options, level, seed, timeMs, moveValues, valueOnly, knownOnly, text}
// ("puzzles" reads the puzzle file's text; for a solve see `solve` below) and {type: "cancel", ids}.
// Messages out: {type: "ready", tableMb}, {type: "progress", id, progress} while a solve runs,
// {type: "result", id, result}, {type: "error", id, message}, and {type: "foreseen", key, result}
// (a game link's position, solved before the page asked: `foresee` below).
//
// Questions are answered one at a time, in order. A solve runs in slices of SLICE_MS, and between
// two slices the worker reads its messages: a cancelled solve ends there, and the solver's table
// stays, so what it proved helps the next position (stepping through a game solves neighbours).
// The solver restarts each slice from its table, which holds every bound proved so far.
//
// Solved positions are kept between visits (values-cache.js). The opening book (www/book.txt, made
// by `walak book`) and the endgame table (www/endgames.bin) are loaded the first time the perfect
// level plays or a position is solved: other levels never pay for them.

import initEngine, * as computerEngine from "computer-engine";
import { openGame } from "../game/game-start.js";
import { firstMoves } from "../lib/records.js";
import * as cache from "./values-cache.js";
import { inBookReach } from "./book-reach.js";
import { messageOf, present } from "../lib/errors.js";
import { solverTableMb, VALUES_WORKER } from "./computer.js";
import { MOVE_VALUES_MS } from "./values.js";

/** @import { GameOptions, Level, SolveProgress, StartPosition, Thinker } from "../types/engine.js" */
/** @import { Position } from "../game/game-start.js" */
/** @import { Solved } from "./computer.js" */

/**
 * What the page asks: to start (with the solver's table's size), to think about a position, or
 * to drop questions.
 * @typedef {{type: "init", tableMb: number} | ({type: "think"} & Question) | {type: "cancel", ids: number[]}} Asked
 */
/**
 * A question about the position after `record` (from `start`, null for the opening): a move at
 * `level` (`move`), the strongest search's move within `timeMs` (`hint`), an exact value
 * (`solve`, see `solve` below), or the puzzle file's `text` read (`puzzles`).
 * @typedef {object} Question
 * @property {number} id
 * @property {"move" | "hint" | "solve" | "puzzles"} purpose
 * @property {StartPosition | null} start
 * @property {string} record
 * @property {GameOptions | null} options (none for the puzzle file)
 * @property {Level | null} level
 * @property {number} seed
 * @property {number} timeMs
 * @property {boolean} moveValues
 * @property {boolean} valueOnly
 * @property {boolean} knownOnly
 * @property {string | null} text
 */
/**
 * What the worker tells the page: it has started (its solver's table's size), how a solve goes,
 * an answer (`result`: what the question's purpose gives, null when cancelled or not proved),
 * or that a question failed (`id` null: starting failed); unasked, a game link's position solved
 * (`foreseen`, with its values-cache.js `positionKey`).
 * @typedef {{type: "ready", tableMb: number}
 *   | {type: "progress", id: number, progress: SolveProgress}
 *   | {type: "result", id: number, result: unknown}
 *   | {type: "error", id: number | null, message: string}
 *   | {type: "foreseen", key: string, result: Solved}} Told
 */
/**
 * A dedicated worker's scope, as this file uses it (the page's types call `self` a window).
 * @typedef {object} WorkerScope
 * @property {string} name as the page named it (`new Worker(…, {name})`)
 * @property {(message: Told) => void} postMessage
 * @property {((event: MessageEvent<Asked>) => void) | null} onmessage
 */

const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

/** How long a solve runs before the worker looks at its messages: how late a cancel can be. */
const SLICE_MS = 120;

/** @type {{thinker: Thinker, version: string} | null} the computer and its values version, once started */
let started = null;
/** @type {Promise<unknown> | null} */
let bookLoaded = null;
/** @type {Promise<unknown> | null} */
let endgamesLoaded = null;
/** @type {Question[]} */
const questions = [];
/** @type {Set<number | null>} ids of questions waiting or being answered that were cancelled */
const cancelled = new Set();
/** @type {number | null} the question being answered */
let answeringId = null;

/**
 * The position a question is about.
 * @param {Question} question
 * @returns {Position}
 */
function positionOf({ start, options, record }) {
  if (options === null) throw new Error("a question about a position came without the game's options");
  return { start, options, record };
}

/** The computer, once `init` has started its engine. */
function computer() {
  return present(started, "the computer's engine has not started");
}

/** Loads the opening book once, when first asked about a position it may hold (book-reach.js).
 * Without it (offline before it was cached, say) the solver still answers, only more slowly near
 * the opening. */
function loadBook() {
  // The address is the bundle's: the build puts the worker's bundle in www/, beside www/book.txt.
  bookLoaded ??= fetch(new URL("./book.txt", import.meta.url))
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`book: ${response.status}`))))
    .then((text) => computer().thinker.setBook(text))
    .catch((error) => console.warn("the opening book could not be loaded:", error));
  return bookLoaded;
}

/** Loads the endgame table once (www/endgames.bin, made by `walak endgames`; the build ships it
 * gzipped): the exact values of boards with few seeds, which spare a solve most of its
 * positions. Not waited for: a solve that starts before it arrives reads it from its next slice
 * on; without it (offline before it was cached, a damaged file, a browser that cannot unpack it)
 * the values are the same, only slower. */
function loadEndgames() {
  endgamesLoaded ??= fetch(new URL("./endgames.bin.gz", import.meta.url))
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`endgames: ${response.status}`))))
    .then(unpacked)
    .then((bytes) => computer().thinker.setEndgames(bytes))
    .catch((error) => console.warn("the endgame table could not be loaded:", error));
  return endgamesLoaded;
}

/**
 * The bytes of a gzipped file; as they are if the host already unpacked them on the way.
 * @param {ArrayBuffer} buffer
 */
async function unpacked(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Starts the computer's engine, its solver's table `tableMb` MB; with `endgames` (a worker started
 * for exact values, see the end of this file), loads the endgame table at once.
 * @param {{tableMb: number, endgames?: boolean}} asked
 */
async function init({ tableMb, endgames = false }) {
  await initEngine({ module_or_path: new URL(COMPUTER_WASM, import.meta.url) });
  const thinker = new computerEngine.Thinker();
  started = { thinker, version: computerEngine.valuesVersion() };
  if (Number.isInteger(tableMb) && tableMb > 0) thinker.setTableMb(tableMb);
  if (endgames) loadEndgames();
}

/** @type {Promise<void> | null} the engine's start, once begun */
let starting = null;


/**
 * Starts the engine once: at the page's `init`, or sooner for a worker started for exact values
 * (see the end of this file).
 * @param {{tableMb: number, endgames?: boolean}} asked
 */
function startOnce(asked) {
  starting ??= init(asked);
  return starting;
}

/** Starts the engine as a worker for exact values does: its solver's table, the endgame table at once. */
const startForValues = () => startOnce({ tableMb: solverTableMb(), endgames: true });

/** Lets the messages that came meanwhile (a cancel) be read. */
const messagesRead = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Proves the position in slices, until proved, out of `timeMs`, or cancelled (null then): `prove`
 * is one slice, given the time left and the progress callback that ends it.
 * @template Proved
 * @param {number} id
 * @param {number} timeMs
 * @param {(left: number, progress: (progress: SolveProgress) => boolean) => Proved | null} prove
 * @returns {Promise<Proved | null>}
 */
async function inSlices(id, timeMs, prove) {
  const started = performance.now();
  for (;;) {
    const sliceStarted = performance.now();
    const progress = (/** @type {SolveProgress} */ progress) => {
      worker.postMessage({ type: "progress", id, progress });
      return performance.now() - sliceStarted < SLICE_MS;
    };
    const result = prove(Math.max(timeMs - (performance.now() - started), 1), progress);
    if (result || performance.now() - started >= timeMs) return result;
    await messagesRead();
    if (cancelled.has(id)) return null;
  }
}

/**
 * Proves what is asked of the position: its value alone (`valueOnly`), every move's value
 * (`moveValues`), or its value and best moves. With `knownOnly`, only what the book or the kept
 * values hold (null otherwise).
 * @param {Question} question
 * @returns {Promise<Solved | null>}
 */
async function solve(question) {
  const { id, moveValues, valueOnly, knownOnly, timeMs } = question;
  const { thinker, version } = computer();
  const position = positionOf(question);
  /** @type {cache.Holds} */
  const holds = valueOnly ? "value" : moveValues ? "values" : "best";
  const kept = await cache.lookup(version, position, holds);
  if (kept) return { ...kept, cached: true };
  loadEndgames();
  if (inBookReach(position)) await loadBook();
  if (cancelled.has(id)) return null;
  const game = openGame(computerEngine.Game, position);
  try {
    if (knownOnly) return thinker.fromBook(game);
    const result = await inSlices(id, timeMs, (left, progress) =>
      valueOnly ? thinker.solveValue(game, left, progress) : thinker.solve(game, holds === "values", left, progress));
    // The book is shipped with the page: only what was proved here is worth keeping. Kept while
    // the answer goes out: on a slow phone the store's writing took 30–40 ms.
    if (result && !result.book) cache.keep(version, position, holds, result);
    return result;
  } finally {
    game.free();
  }
}

/**
 * The answer to a question, as its purpose gives it.
 * @param {Question} question
 * @returns {Promise<unknown>}
 */
async function think(question) {
  const { level, seed, purpose, timeMs, text } = question;
  if (purpose === "puzzles") {
    if (text === null) throw new Error("the puzzle file was not given");
    return computerEngine.readPuzzles(text);
  }
  if (purpose === "solve") return solve(question);
  const { thinker } = computer();
  const position = positionOf(question);
  if (level === "perfect") {
    loadEndgames();
    if (inBookReach(position)) await loadBook();
  }
  const game = openGame(computerEngine.Game, position);
  try {
    if (purpose === "hint") return thinker.hint(game, timeMs);
    if (level === null) throw new Error("a move was asked for without a level");
    return thinker.choose(game, level, seed);
  } finally {
    game.free();
  }
}

/** The id of the solve the worker asks itself (`foresee`); the page's questions count from 1. */
const FORESEEN = 0;
/** @type {string | null} the key of the position foreseen (values-cache.js `positionKey`), while it is worked on */
let foreseenKey = null;

/**
 * Solves the position a game's link opens at before the page asks (a page opened at such a link
 * with Show move values on gives the link in this worker's name), and tells its values
 * unasked (`foreseen`). On a slow phone the page's question reaches the worker only once the
 * page's start and first frame are done; the values are then on their way already, and the
 * question finds them kept. A link to a game by links (whose help the page may bar) or a broken
 * one is left alone: the page says what is wrong. Resolves once its question is in the queue (the
 * solve goes on after).
 * @param {string} fragment  the address's fragment, with or without its `#`
 * @param {number} timeMs
 */
async function foresee(fragment, timeMs) {
  await startForValues();
  const link = computerEngine.readLink(fragment);
  if (!link || link.game) return;
  /** @type {Question} */
  const question = { id: FORESEEN, purpose: "solve", start: link.start ?? null, record: firstMoves(link.moves, link.at),
    options: link.options, level: null, seed: 0, timeMs, moveValues: true, valueOnly: false, knownOnly: false, text: null };
  foreseenKey = cache.positionKey(positionOf(question));
  questions.push(question);
  answer();
}

/** Answers the questions waiting, one at a time. */
async function answer() {
  if (answeringId !== null) return;
  /** @type {Question | undefined} */
  let question;
  while ((question = questions.shift()) !== undefined) {
    answeringId = question.id;
    try {
      const result = cancelled.has(question.id) ? null : await think(question);
      if (question.id !== FORESEEN) worker.postMessage({ type: "result", id: question.id, result: result ?? null });
      else if (result && foreseenKey !== null && !cancelled.has(FORESEEN)) {
        worker.postMessage({ type: "foreseen", key: foreseenKey, result: /** @type {Solved} */ (result) });
      }
    } catch (error) {
      if (question.id !== FORESEEN) worker.postMessage({ type: "error", id: question.id, message: messageOf(error) });
    }
    cancelled.delete(question.id);
    if (question.id === FORESEEN) foreseenKey = null;
  }
  answeringId = null;
}

/**
 * One message from the page. The page asks without waiting for "ready": a question asked while
 * the engine starts comes after the `init` (and a `foresee`) it was sent behind, and waits for them.
 * @param {Asked} data
 */
async function handle(data) {
  if (data.type === "cancel") {
    // Only questions not yet answered: an answer on its way to the page needs no cancel.
    const open = new Set([answeringId, ...questions.map((question) => question.id)]);
    for (const id of data.ids) if (open.has(id)) cancelled.add(id);
    // The page has moved on: what was foreseen for it goes too.
    if (foreseenKey !== null) cancelled.add(FORESEEN);
  } else if (data.type === "think") {
    // A question about another position than the one foreseen: the page has moved on from it.
    if (foreseenKey !== null && (data.options === null || cache.positionKey(positionOf(data)) !== foreseenKey)) cancelled.add(FORESEEN);
    questions.push(data);
    answer();
  } else if (data.type === "init") {
    try {
      await startOnce(data);
      worker.postMessage({ type: "ready", tableMb: computer().thinker.tableMb() });
    } catch (error) {
      worker.postMessage({ type: "error", id: null, message: messageOf(error) });
    }
  }
}

/** The page's messages, handled in the order they came (`handle`). @type {Promise<void>} */
let handled = Promise.resolve();
worker.onmessage = ({ data }) => {
  handled = handled.then(() => handle(data)).catch((error) => console.warn("walak: the computer could not read a message:", error));
};

// A worker started for exact values (Computer.start with `endgames`, named so) starts its engine
// and loads the endgame table at once, and solves the link its name gives ("values#…"): the page's
// messages reach a starting worker only once the page's own start and first frame are done, on a
// slow phone a third of a second later. A failure is told when the page asks.
const [role, link = ""] = worker.name.split(/#(.*)/s);
if (role === VALUES_WORKER) {
  cache.openEarly(); // beside the engine's start: the first solve looks there before solving
  startForValues().catch(() => {});
  if (link) foresee(link, MOVE_VALUES_MS).catch(() => {}); // the page asks again, and hears what is wrong
}
