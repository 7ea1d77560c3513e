// @ts-check
// What went wrong, in words, whatever was thrown: the page says it in a notice or a status line.

/**
 * The message of an `Error`, or what was thrown, written out.
 * @param {unknown} error
 * @returns {string}
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
