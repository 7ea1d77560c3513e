// Access to the rules engine: the Rust crate compiled to WebAssembly.
//
// Trunk injects a module script that fetches and starts the wasm, reporting through the hooks in
// loader.js; then it puts the wasm-bindgen exports on `window.wasmBindings` and dispatches a
// `TrunkApplicationStarted` event (also after a failure, so the recorded state decides). That
// script may finish before or after this module runs, so both cases are handled.

const LOAD_TIMEOUT_MS = 30000;

function loadState() {
  return window.walakEngineLoad ?? { state: "loading", loaded: 0, total: 0 };
}

function loadError(state) {
  const error = state.error;
  return new Error(error instanceof Error ? error.message : String(error ?? "unknown error"));
}

/** The engine's exports, once `loadEngine` has resolved (links and saved games are read by it). */
export function engine() {
  const bindings = bindingsReady();
  if (!bindings) throw new Error("the game engine is not loaded yet");
  return bindings;
}

function bindingsReady() {
  const bindings = window.wasmBindings;
  return bindings && typeof bindings.Game === "function" ? bindings : null;
}

/**
 * Resolves with the wasm exports (an object with the `Game` class) once the engine is running;
 * rejects with an Error if it fails to load. `onProgress({loaded, total})` reports the download
 * (total is 0 when unknown).
 * @returns {Promise<{Game: Function}>}
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
    const fail = (error) => {
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onLoadEvent = ({ detail }) => {
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
    const onError = (event) => fail(event.error ?? new Error(event.message || "script error"));
    const timer = setTimeout(
      () => fail(new Error(`the WebAssembly module did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );

    addEventListener("walak-engine-load", onLoadEvent);
    addEventListener("TrunkApplicationStarted", onStarted);
    addEventListener("error", onError);
  });
}
