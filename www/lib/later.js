// @ts-check
// Parts of the page that drawing the first board does not need (the lesson, the puzzles, the
// rules, the position editor, the embed dialog) are loaded when first used: the build makes each
// a file of its own, so the page's first load stays small.

/**
 * A part that is made when first asked for.
 * @template Part
 * @typedef {object} Later
 * @property {() => Promise<Part>} get resolves with the part, made by the first call
 * @property {Part | null} now the part if it is made already, else null
 */

/**
 * A part made by `load()` (a dynamic import and what to make of it) the first time it is asked
 * for. `get()` resolves with it; `now` is the part if it is made already, else null (for calls
 * that mean nothing before it exists, such as leaving a lesson that never opened).
 * @template Part
 * @param {() => Promise<Part>} load
 * @returns {Later<Part>}
 */
export function later(load) {
  /** @type {Promise<Part> | null} */
  let making = null;
  /** @type {Part | null} */
  let made = null;
  return {
    get() {
      making ??= load().then(
        (part) => (made = part),
        (error) => {
          making = null; // tried again next time (offline before the file was kept, say)
          throw error;
        },
      );
      return making;
    },
    get now() {
      return made;
    },
  };
}
