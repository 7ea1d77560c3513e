// The game in progress, kept in the browser between visits. A saved game that cannot be read is
// never dropped silently: it is kept aside and the caller is told why.

import { engine } from "./engine.js";
import { savedRefusal } from "./refusals.js";

export const SAVE_KEY = "walak-pussa.game";
export const UNREADABLE_KEY = "walak-pussa.game.unreadable";
export const LEVELS = ["beginner", "casual", "club", "strong", "master"];

/**
 * Writes the game; storage may be full or disabled, which must not stop play. `start` is the
 * position set up by hand that the game began from, or null for the opening. The engine writes
 * the JSON, as it reads it.
 */
export function save({ options, start = null, mode, side, level, record, redo }) {
  try {
    localStorage.setItem(SAVE_KEY, engine().savedGameJson({ options, start, mode, side, level, record, redo }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the saved game. Returns `null` when there is none, `{saved}` when the engine reads it
 * and can play it, or `{error, raw}` saying what is wrong with it. `build(saved)` then makes the
 * game; should it throw, its message becomes the error.
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

/** Keeps an unreadable saved game aside, so that nothing is lost. */
export function keepUnreadable(raw) {
  try {
    localStorage.setItem(UNREADABLE_KEY, raw);
  } catch {
    // Nothing more can be done; the original stays until a new game is saved.
  }
}
