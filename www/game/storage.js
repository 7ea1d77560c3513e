// @ts-check
// The game in progress, kept in the browser between visits. A saved game that cannot be read is
// never dropped silently: it is kept aside and the caller is told why. (The choices a person makes
// once and keeps, such as "Show move values", are lib/choices.js's.)

import { engine } from "../engine.js";
import { savedRefusal } from "../ui/refusals.js";
import { SAVE_KEY } from "./first-visit.js";

/** @import { Level, SavedGame, SavedGameRequest } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * The saved game as `load` finds it: none (null), the engine's reading of it, or what is wrong
 * with it (a message, or the engine's English) with the text as it was kept.
 * @typedef {null | {saved: SavedGame} | {error: Message | string, raw: string}} Loaded
 */

export { SAVE_KEY };
export const UNREADABLE_KEY = "walak-pussa.game.unreadable";
/**
 * The computer's level of a new game, and of a game saved without one.
 * @type {Level}
 */
export const DEFAULT_LEVEL = "casual";

/**
 * The computer's level of a saved game's document.
 * @param {{level?: Level | null}} saved
 * @returns {Level}
 */
export const levelOf = (saved) => saved.level ?? DEFAULT_LEVEL;

/**
 * Writes the game; storage may be full or disabled, which must not stop play. `start` is the
 * position set up by hand that the game began from, or null for the opening. The engine writes
 * the JSON, as it reads it.
 * @param {SavedGameRequest} saved
 * @returns {boolean} whether the browser kept it
 */
export function save({ options, start = null, mode, side, game, level, record, redo }) {
  let json;
  try {
    json = engine().savedGameJson({ options, start, mode, side, game, level, record, redo });
  } catch {
    return false;
  }
  return noteWrite(() => localStorage.setItem(SAVE_KEY, json));
}

let refused = false; // the browser refused the last game written

/**
 * Writes a game with `write()`; says whether the browser kept it, and remembers for `storageRefused`.
 * @param {() => void} write
 * @returns {boolean}
 */
export function noteWrite(write) {
  try {
    write();
    refused = false;
  } catch {
    refused = true; // storage full or refused: play goes on, the game is kept for this visit only
  }
  return !refused;
}

/** Whether the browser refused to keep the last game written (storage full or disabled). */
export const storageRefused = () => refused;

/**
 * Reads the saved game. Returns `null` when there is none, `{saved}` when the engine reads it
 * and can play it, or `{error, raw}` saying what is wrong with it. `build(saved)` then makes the
 * game; should it throw, its message becomes the error.
 * @param {(saved: SavedGame) => unknown} build
 * @returns {Loaded}
 */
export function load(build) {
  let raw;
  try {
    raw = localStorage.getItem(SAVE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let saved;
  try {
    saved = engine().readSavedGame(raw);
  } catch (error) {
    return { error: savedRefusal(error), raw };
  }
  try {
    build(saved);
  } catch (error) {
    return { error: savedRefusal(error), raw };
  }
  return { saved };
}

/** How many unreadable saved games are kept: the latest under UNREADABLE_KEY, older ones ".2" on. */
export const UNREADABLE_KEPT = 5;

const unreadableKey = (/** @type {number} */ n) => (n === 1 ? UNREADABLE_KEY : `${UNREADABLE_KEY}.${n}`);

/**
 * Keeps an unreadable saved game aside, so that nothing is lost: a second one does not replace
 * the first, and the same one is not kept twice.
 * @param {string} raw
 */
export function keepUnreadable(raw) {
  try {
    for (let n = 1; n <= UNREADABLE_KEPT; n++) if (localStorage.getItem(unreadableKey(n)) === raw) return;
    for (let n = UNREADABLE_KEPT; n > 1; n--) {
      const older = localStorage.getItem(unreadableKey(n - 1));
      if (older !== null) localStorage.setItem(unreadableKey(n), older);
    }
    localStorage.setItem(UNREADABLE_KEY, raw);
  } catch {
    // Nothing more can be done; the original stays until a new game is saved.
  }
}
