// @ts-check
// How a saved game's document names its kind (`mode`: src/format/saved.rs), for the readers of
// kept games (games.js) that need no more than that. A live game is kept as a game by links (a
// spectator's as two players'), with its room beside the document (games.js `readLive`): the
// kept entry, not the document, says it was live.

/**
 * Whether the saved game's `document` is a game by links (or a live player's: see above).
 * @param {{mode?: string} | null | undefined} document
 */
export const keptByLinks = (document) => document?.mode === "link";

/**
 * Whether the saved game's `document` is a game against the computer.
 * @param {{mode?: string} | null | undefined} document
 */
export const keptAgainstComputer = (document) => document?.mode === "computer";
