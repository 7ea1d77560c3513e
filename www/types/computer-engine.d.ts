// The computer's engine, as the worker (and the page, for pictures) imports it: "computer-engine" is no package but the
// wasm-bindgen module of the crate built with its `computer` feature, which the build aliases
// (scripts/bundle.mjs) and tsconfig.json's `paths` point here. Its exports are the engine's
// (engine.d.ts), and the functions that start it.

import type { ComputerEngine } from "./engine.js";

/** Loads and starts the engine's wasm, from `module_or_path` (its address). */
export default function init(options: { module_or_path: URL | string | BufferSource | WebAssembly.Module }): Promise<unknown>;
/** Starts the engine from its wasm, compiled or as bytes, at once. */
export function initSync(options: { module: BufferSource | WebAssembly.Module }): unknown;

export const Game: ComputerEngine["Game"];
export const Thinker: ComputerEngine["Thinker"];
export const readLink: ComputerEngine["readLink"];
export const linkFragment: ComputerEngine["linkFragment"];
export const meetLink: ComputerEngine["meetLink"];
export const readSavedGame: ComputerEngine["readSavedGame"];
export const savedGameJson: ComputerEngine["savedGameJson"];
export const lesson: ComputerEngine["lesson"];
export const levels: ComputerEngine["levels"];
export const walkthrough: ComputerEngine["walkthrough"];
export const valuesVersion: ComputerEngine["valuesVersion"];
export const readPuzzles: ComputerEngine["readPuzzles"];
export const benchmark: ComputerEngine["benchmark"];
export const benchmarkSolve: ComputerEngine["benchmarkSolve"];
