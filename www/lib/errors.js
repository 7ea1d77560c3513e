// @ts-check
// What went wrong, in words, whatever was thrown: the page says it in a notice or a status line.
// And a value a part knows is there by then (a game opened, a list loaded), checked as it is read.

/**
 * The message of an `Error`, or what was thrown, written out.
 * @param {unknown} error
 * @returns {string}
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * `value`, which the caller knows is there by now; if it is not, an error saying what is missing
 * ("there is no game on the board") rather than a failure on null further on.
 * @template Value
 * @param {Value | null} value
 * @param {string} missing
 * @returns {Value}
 */
export function present(value, missing) {
  if (value === null) throw new Error(missing);
  return value;
}
