// @ts-check
// The computer's levels, weakest first: the page's one list of them. They are the engine's
// `levels()` names, written out here because the address is read before the engine has loaded;
// tests/e2e/lists.spec.mjs checks that the two agree.

/** @import { Level } from "../types/engine.js" */

/** @type {readonly Level[]} */
export const LEVELS = ["beginner", "casual", "club", "strong", "master", "perfect"];

/**
 * Whether `value` names a level (an address's, say).
 * @param {unknown} value
 * @returns {value is Level}
 */
export const isLevel = (value) => LEVELS.some((level) => level === value);
