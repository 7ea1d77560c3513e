// @ts-check
// Trunk's initializer for the wasm module (index.html: data-initializer). Trunk calls these hooks
// while it fetches and starts the engine. They only record how loading goes, in
// `window.walakEngineLoad`, and announce each change with a `walak-engine-load` event: the page's
// own modules may start before or after loading ends, so they read the record and then listen.
// This file must stay self-contained (no imports): Trunk copies it under a hashed name.

/** @import { EngineLoad } from "./types/engine.js" */

/** @param {EngineLoad} detail */
function report(detail) {
  // Trunk may report progress after the outcome (it streams the body while starting the wasm);
  // the outcome stays.
  const current = window.walakEngineLoad?.state;
  if (current === "failed" || current === "started") return;
  window.walakEngineLoad = detail;
  dispatchEvent(new CustomEvent("walak-engine-load", { detail }));
}

/** Trunk's hooks, called as it fetches and starts the engine. */
export default function initializer() {
  return {
    onStart: () => report({ state: "loading", loaded: 0, total: 0 }),
    onProgress: (/** @type {{current: number, total: number}} */ { current, total }) => report({ state: "loading", loaded: current, total }),
    onSuccess: () => report({ state: "started" }),
    onFailure: (/** @type {unknown} */ error) => report({ state: "failed", error }),
  };
}
