// @ts-check
// What a person chooses once and keeps between visits, in the browser's storage: a checkbox such
// as "Show move values", progress in the lesson and the puzzles. Storage may be full or refused
// (private browsing): a choice then holds for this visit only, and reading finds none. The saved
// game itself is game/storage.js's.

/**
 * A choice kept between visits (a checkbox): false when never made or storage is refused.
 * @param {string} key
 * @returns {boolean}
 */
export function readChoice(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

/**
 * Keeps a choice (a checkbox) for later visits.
 * @param {string} key
 * @param {boolean} on
 */
export function writeChoice(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    // Storage refused (private browsing): the choice holds for this visit.
  }
}

/**
 * Something kept between visits as JSON (progress in the lesson or the puzzles), or null: what it
 * holds is whatever an earlier version wrote, for the caller to check.
 * @param {string} key
 * @returns {unknown}
 */
export function readJson(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null; // unreadable, or storage refused
  }
}

/**
 * Keeps `value` as JSON; storage full or refused loses it for later visits, not for this one.
 * @param {string} key
 * @param {unknown} value
 */
export function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Kept for this visit only.
  }
}
