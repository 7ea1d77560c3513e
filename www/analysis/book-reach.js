// @ts-check
// Which positions the opening book (www/book.txt, made by `walak book --plies 8 --every 7`) may
// hold: those of fewer than eight moves from the opening, by today's rules. The computer's worker
// loads the book (550 KB of text, parsed on the worker's one thread) only for such a position: a
// link's position twenty moves in is never in it, and its values need not wait for it.

import { isParker, plyCount } from "../lib/records.js";

/** @import { Position } from "../game/game-start.js" */

/** The book's positions are of fewer moves than this (tests/unit/book-reach.test.mjs reads the book). */
export const BOOK_PLIES = 8;

/**
 * Whether the book may hold `position`.
 * @param {Position} position
 */
export const inBookReach = ({ start, options, record }) =>
  start === null && !isParker(options.rules) && plyCount(record) < BOOK_PLIES;
