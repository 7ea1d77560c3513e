// @ts-check
// The board's holes as the engine numbers them. This is the only place in the page where that
// geometry is written out; everything else asks here. It imports nothing, so the board, the game
// and the words can all use it.
//
// Track order (the counterclockwise sowing track): indices 0–6 are South's holes 1–7, counted
// from South's left; indices 7–13 are North's holes 1–7, counted from North's left. A hole's
// number (1–7, from its owner's left) is the move notation's digit.

/** @import { Side } from "../types/engine.js" */

/** Holes in one side's row. */
export const ROW = 7;
/** Holes on the board, the length of the track. */
export const HOLES = 2 * ROW;

/**
 * The track index (0–13) of `side`'s hole `number` (1–7).
 * @param {Side} side
 * @param {number} number
 * @returns {number}
 */
export const holeIndex = (side, number) => (side === "south" ? 0 : ROW) + number - 1;

/**
 * The side ("south" or "north") whose row holds track index `hole`.
 * @param {number} hole
 * @returns {Side}
 */
export const sideOf = (hole) => (hole < ROW ? "south" : "north");

/**
 * The number (1–7, from its owner's left) of track index `hole`.
 * @param {number} hole
 * @returns {number}
 */
export const numberOf = (hole) => (hole % ROW) + 1;

/**
 * The track indices of `side`'s row, its hole 1 first.
 * @param {Side} side
 * @returns {number[]}
 */
export const rowOf = (side) => Array.from({ length: ROW }, (_, i) => holeIndex(side, i + 1));

/**
 * Where `side`'s reserve is in the engine's `reserves` ([South's, North's]).
 * @param {Side} side
 * @returns {0 | 1}
 */
export const reserveIndex = (side) => (side === "south" ? 0 : 1);
