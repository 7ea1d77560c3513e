// The computer's thinking, in a Web Worker, so that the page never waits for a search. It runs the
// computer's engine: the rules crate built with its `computer` feature (the search, the solver and
// the opening book), which the page's own engine leaves out; the build bundles its JavaScript in
// here ("computer-engine") and names its wasm file (COMPUTER_WASM, hashed). Messages in:
// {type: "init"}, then {type: "think", id, purpose: "move" | "hint" | "solve" | "puzzles", start,
// record, options, level, seed, timeMs, moveValues, text} ("puzzles" reads the puzzle file's text). Messages out: {type: "ready"},
// {type: "progress", id, progress} while a solve runs, {type: "result", id, result},
// {type: "error", id, message}.
//
// The opening book (www/book.txt, made by `walak book`) is loaded the first time the perfect level
// plays or a position is solved: other levels never pay for it.

import initEngine, * as computerEngine from "computer-engine";
import { openGame } from "../game/game-start.js";

let engine = null;
let thinker = null;
let bookLoaded = null;

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

async function init() {
  await initEngine({ module_or_path: new URL(COMPUTER_WASM, import.meta.url) });
  engine = computerEngine;
  thinker = new engine.Thinker();
}

async function think({ id, start, record, options, level, seed, purpose, timeMs, moveValues, text }) {
  if (purpose === "puzzles") return engine.readPuzzles(text);
  if (purpose === "solve" || level === "perfect") await loadBook();
  const game = openGame(engine.Game, { start, options, record });
  try {
    if (purpose === "solve") {
      const progress = (progress) => {
        self.postMessage({ type: "progress", id, progress });
        return true;
      };
      return thinker.solve(game, Boolean(moveValues), timeMs, progress);
    }
    return purpose === "hint" ? thinker.hint(game, timeMs) : thinker.choose(game, level, seed);
  } finally {
    game.free();
  }
}

self.onmessage = async ({ data }) => {
  try {
    if (data.type === "init") {
      await init(data);
      self.postMessage({ type: "ready" });
    } else if (data.type === "think") {
      self.postMessage({ type: "result", id: data.id, result: (await think(data)) ?? null });
    }
  } catch (error) {
    self.postMessage({ type: "error", id: data.id ?? null, message: String(error?.message ?? error) });
  }
};
