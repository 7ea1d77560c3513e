// The rules engine under Node, for the unit tests that need it: the computer's engine (the
// page's, and the computer player), built as the page's build builds it (scripts/bundle.mjs) and
// bound by wasm-bindgen for the web, then started from its bytes. It is put where trunk puts the
// page's engine (`wasmBindings` on the global object), so that the page's modules find it as they
// do in the browser (www/engine.js).
//
// cargo builds it with the project's settings (scripts/env.sh): once built, a test file pays
// under a second for it.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bindComputerEngine, startComputerEngine } from "../../../scripts/bundle.mjs";

let loaded = null;

/** The engine's exports, started, and on the global object as the page finds them. */
export function loadEngine() {
  loaded ??= start();
  return loaded;
}

async function start() {
  if (!process.env.ROOT) {
    throw new Error("the unit tests build the engine with the project's settings: source scripts/env.sh first (. scripts/env.sh)");
  }
  // A folder of this test file's own: test files run side by side.
  const work = mkdtempSync(join(tmpdir(), "walak-engine-"));
  try {
    const engine = await startComputerEngine(bindComputerEngine(work));
    globalThis.wasmBindings = engine;
    return engine;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
