// The computer's thinking, in a Web Worker, so that the page never waits for a search. It runs the
// computer's engine: the rules crate built with its `computer` feature (the search, the solver and
// the opening book), which the page's own engine leaves out; the build bundles its JavaScript in
// here ("computer-engine") and names its wasm file (COMPUTER_WASM, hashed).
//
// Messages in: {type: "init", tableMb}, then {type: "think", id, purpose: "move" | "hint" | "solve" |
// "puzzles", start, record, options, level, seed, timeMs, moveValues, valueOnly, knownOnly, text}
// ("puzzles" reads the puzzle file's text; for a solve see `solve` below), and {type: "cancel", ids}. Messages out: {type: "ready", tableMb},
// {type: "progress", id, progress} while a solve runs, {type: "result", id, result},
// {type: "error", id, message}.
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
import * as cache from "./values-cache.js";

/** How long a solve runs before the worker looks at its messages: how late a cancel can be. */
const SLICE_MS = 120;

let engine = null;
let thinker = null;
let version = null; // the engine's values version, for the kept values
let bookLoaded = null;
let endgamesLoaded = null;
const questions = [];
const cancelled = new Set(); // ids of questions waiting or being answered that were cancelled
let answeringId = null; // the question being answered

/** Loads the opening book once. Without it (offline before it was cached, say) the solver still
 * answers, only more slowly near the opening. */
function loadBook() {
  // The address is the bundle's: the build puts the worker's bundle in www/, beside www/book.txt.
  bookLoaded ??= fetch(new URL("./book.txt", import.meta.url))
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`book: ${response.status}`))))
    .then((text) => thinker.setBook(text))
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
    .then((bytes) => thinker.setEndgames(bytes))
    .catch((error) => console.warn("the endgame table could not be loaded:", error));
  return endgamesLoaded;
}

/** The bytes of a gzipped file; as they are if the host already unpacked them on the way. */
async function unpacked(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function init({ tableMb }) {
  await initEngine({ module_or_path: new URL(COMPUTER_WASM, import.meta.url) });
  engine = computerEngine;
  thinker = new engine.Thinker();
  version = engine.valuesVersion();
  if (Number.isInteger(tableMb) && tableMb > 0) thinker.setTableMb(tableMb);
}

/** Lets the messages that came meanwhile (a cancel) be read. */
const messagesRead = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Proves the position in slices, until proved, out of `timeMs`, or cancelled (null then): `prove`
 * is one slice, given the time left and the progress callback that ends it.
 */
async function inSlices(id, timeMs, prove) {
  const started = performance.now();
  for (;;) {
    const sliceStarted = performance.now();
    const progress = (progress) => {
      self.postMessage({ type: "progress", id, progress });
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
 */
async function solve({ id, start, record, options, moveValues, valueOnly, knownOnly, timeMs }) {
  const position = { start, options, record };
  const holds = valueOnly ? "value" : moveValues ? "values" : "best";
  const kept = await cache.lookup(version, position, holds);
  if (kept) return { ...kept, cached: true };
  loadEndgames();
  await loadBook();
  if (cancelled.has(id)) return null;
  const game = openGame(engine.Game, position);
  try {
    if (knownOnly) return thinker.fromBook(game);
    const result = await inSlices(id, timeMs, (left, progress) =>
      valueOnly ? thinker.solveValue(game, left, progress) : thinker.solve(game, holds === "values", left, progress));
    // The book is shipped with the page: only what was proved here is worth keeping.
    if (result && !result.book) await cache.keep(version, position, holds, result);
    return result;
  } finally {
    game.free();
  }
}

async function think(question) {
  const { start, record, options, level, seed, purpose, timeMs, text } = question;
  if (purpose === "puzzles") return engine.readPuzzles(text);
  if (purpose === "solve") return solve(question);
  if (level === "perfect") {
    loadEndgames();
    await loadBook();
  }
  const game = openGame(engine.Game, { start, options, record });
  try {
    return purpose === "hint" ? thinker.hint(game, timeMs) : thinker.choose(game, level, seed);
  } finally {
    game.free();
  }
}

/** Answers the questions waiting, one at a time. */
async function answer() {
  if (answeringId !== null) return;
  while (questions.length > 0) {
    const question = questions.shift();
    answeringId = question.id;
    try {
      const result = cancelled.has(question.id) ? null : await think(question);
      self.postMessage({ type: "result", id: question.id, result: result ?? null });
    } catch (error) {
      self.postMessage({ type: "error", id: question.id, message: String(error?.message ?? error) });
    }
    cancelled.delete(question.id);
  }
  answeringId = null;
}

self.onmessage = async ({ data }) => {
  if (data.type === "cancel") {
    // Only questions not yet answered: an answer on its way to the page needs no cancel.
    const open = new Set([answeringId, ...questions.map((question) => question.id)]);
    for (const id of data.ids) if (open.has(id)) cancelled.add(id);
  } else if (data.type === "think") {
    questions.push(data);
    answer();
  } else if (data.type === "init") {
    try {
      await init(data);
      self.postMessage({ type: "ready", tableMb: thinker.tableMb() });
    } catch (error) {
      self.postMessage({ type: "error", id: null, message: String(error?.message ?? error) });
    }
  }
};
