// @ts-check
// Two people at one device, taking turns on the same board: the plainest kind (kind.js's answers).
// Its move may be sent to a friend (the Share dialog), and the game then goes on by links.

import { kind } from "./kind.js";

/**
 * @param {import("./kind.js").Setup} setup
 * @returns {import("./kind.js").Kind}
 */
export function twoPlayers(setup) {
  return kind(setup, { mayGoByLinks: true });
}
