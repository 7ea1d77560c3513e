// The computer's thinking, in a Web Worker running the same wasm engine as the page, so that the
// page never waits for a search. Messages in: {type: "init", glue, wasm} with the URLs of the
// engine's generated module and wasm file, then {type: "think", id, purpose: "move" | "hint",
// start, record, options, level, seed, timeMs}. Messages out: {type: "ready"}, {type: "result", id, result},
// {type: "error", id, message}.

import { openGame } from "./game-start.js";

let engine = null;
let thinker = null;

async function init({ glue, wasm }) {
  engine = await import(glue);
  await engine.default({ module_or_path: wasm });
  thinker = new engine.Thinker();
}

function think({ start, record, options, level, seed, purpose, timeMs }) {
  const game = openGame(engine.Game, { start, options, record });
  try {
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
      self.postMessage({ type: "result", id: data.id, result: think(data) ?? null });
    }
  } catch (error) {
    self.postMessage({ type: "error", id: data.id ?? null, message: String(error?.message ?? error) });
  }
};
