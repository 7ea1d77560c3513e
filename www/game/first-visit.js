// @ts-check
// What the page knows of its game before the engine and the game's own code have come: the names
// the saved game and Your games are kept under, how Flip board was last left, and the game a
// first visit opens.
// Kept apart and small, so that the first board (page/early-board.js, drawn by first-board.js) is
// drawn from a file that only draws.

import { readChoice } from "../lib/choices.js";

/** Where the game in progress is kept in the browser (storage.js reads and writes it). */
export const SAVE_KEY = "walak-pussa.game";

/** Where each of Your games is kept: this, and its id (games.js). */
export const KEPT_PREFIX = "walak-pussa.games.";

/** Whether any of Your games is kept in this browser. */
export const anyGameKept = () => Object.keys(localStorage).some((key) => key.startsWith(KEPT_PREFIX));

/** Where Flip board's last choice is kept, which a new game takes. */
export const TURNED_KEY = "walak-pussa.turned";

/** Flip board's last choice, for a new game. */
export const keptTurned = () => readChoice(TURNED_KEY);

/** A first visit is a game against the computer at its gentlest, the person playing South. */
export const FIRST_VISIT_SETUP = /** @type {const} */ ({ mode: "computer", side: "south", level: "beginner" });
