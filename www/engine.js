// @ts-check
// Access to the rules engine: the Rust crate compiled to WebAssembly.
//
// Trunk injects a module script that fetches and starts the wasm, reporting through the hooks in
// loader.js; then it puts the wasm-bindgen exports on `window.wasmBindings` and dispatches a
// `TrunkApplicationStarted` event (also after a failure, so the recorded state decides). That
// script may finish before or after this module runs, so both cases are handled. (The exports are
// read from the global object, which is the window in the page: the unit tests put a Node build
// of the engine there.)

/** @import { EngineLoad, PageEngine } from "./types/engine.js" */

const LOAD_TIMEOUT_MS = 30000;

/** @returns {EngineLoad} */
function loadState() {
  return globalThis.walakEngineLoad ?? { state: "loading", loaded: 0, total: 0 };
}

/** @param {{error?: unknown}} state */
function loadError(state) {
  const error = state.error;
  return new Error(error instanceof Error ? error.message : String(error ?? "unknown error"));
}

/**
 * The engine's exports, once `loadEngine` has resolved (links and saved games are read by it).
 * @returns {PageEngine}
 */
export function engine() {
  const bindings = bindingsReady();
  if (!bindings) throw new Error("the game engine is not loaded yet");
  return bindings;
}

/** @returns {PageEngine | null} */
function bindingsReady() {
  const bindings = globalThis.wasmBindings;
  return bindings && typeof bindings.Game === "function" ? bindings : null;
}

/**
 * Resolves with the wasm exports (an object with the `Game` class) once the engine is running;
 * rejects with an Error if it fails to load. `onProgress({loaded, total})` reports the download
 * (total is 0 when unknown).
 * @param {object} [hooks]
 * @param {number} [hooks.timeoutMs]
 * @param {(progress: {loaded: number, total: number}) => void} [hooks.onProgress]
 * @returns {Promise<PageEngine>}
 */
export function loadEngine({ timeoutMs = LOAD_TIMEOUT_MS, onProgress = () => {} } = {}) {
  const initial = loadState();
  if (initial.state === "failed") return Promise.reject(loadError(initial));
  const ready = bindingsReady();
  if (ready) return Promise.resolve(ready);

  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      removeEventListener("walak-engine-load", onLoadEvent);
      removeEventListener("TrunkApplicationStarted", onStarted);
      removeEventListener("error", onError);
    };
    const fail = (/** @type {unknown} */ error) => {
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onLoadEvent = (/** @type {CustomEvent<EngineLoad>} */ { detail }) => {
      if (detail.state === "failed") fail(loadError(detail));
      else if (detail.state === "loading") onProgress(detail);
    };
    const onStarted = () => {
      const state = loadState();
      const bindings = bindingsReady();
      if (state.state === "failed") {
        fail(loadError(state));
      } else if (bindings) {
        cleanup();
        resolve(bindings);
      } else {
        fail(new Error("the WebAssembly module has no Game export"));
      }
    };
    // E.g. the wasm-bindgen glue script failing to evaluate.
    const onError = (/** @type {ErrorEvent} */ event) => fail(event.error ?? new Error(event.message || "script error"));
    const timer = setTimeout(
      () => fail(new Error(`the WebAssembly module did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );

    addEventListener("walak-engine-load", onLoadEvent);
    addEventListener("TrunkApplicationStarted", onStarted);
    addEventListener("error", onError);
  });
}
