// @ts-check
// The two sides of the board, as the engine names them. Which holes and reserve are a side's is
// the board's geometry (board/holes.js); its name in words is the board's words (board/board-words.js).

/** @import { Side } from "../types/engine.js" */

/**
 * Both sides, South first (the engine's order: its `reserves` are [South's, North's]).
 * @type {readonly Side[]}
 */
export const SIDES = Object.freeze(["south", "north"]);

/**
 * The other player.
 * @param {Side} side
 * @returns {Side}
 */
export const otherSide = (side) => (side === "south" ? "north" : "south");

/**
 * Whether `value` names a side: a live game's seat that plays one (not a spectator's), or the side
 * that resigned.
 * @param {unknown} value
 * @returns {value is Side}
 */
export const isSide = (value) => value === "south" || value === "north";
