// @ts-check
// How a saved game's document names its kind (`mode`: src/format/saved.rs), for the readers of
// kept games (games.js) that need no more than that. A live game is kept as a game by links (a
// spectator's as two players'), with its room beside the document (games.js `readLive`): the
// kept entry, not the document, says it was live.

/**
 * Whether the saved game's `document` (as stored, unchecked) is a game by links (or a live
 * player's: see above).
 * @template {{mode?: unknown}} Document
 * @param {Document | null | undefined} document
 * @returns {document is Document}
 */
export function keptByLinks(document) {
  return document?.mode === "link";
}

/**
 * Whether the saved game's `document` is a game against the computer.
 * @param {{mode?: unknown} | null | undefined} document
 */
export function keptAgainstComputer(document) {
  return document?.mode === "computer";
}
