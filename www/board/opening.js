// @ts-check
// The openings, known without the engine: a board drawn before the engine has come
// (page/early-board.js, share/embed-compare.js) starts from one, and must be the engine's own
// (tests/unit/opening.test.mjs checks them, rule set by rule set).

import { isParker } from "../lib/records.js";

/** @import { RuleSet } from "../types/engine.js" */

/**
 * Today's rules' opening, which a first visit's game against the computer starts from (the
 * engine's own, as tests/unit/opening.test.mjs checks): four seeds in every hole, South to move.
 */
export const OPENING = {
  board: Array(14).fill(4),
  reserves: [0, 0],
  in_play: Array(14).fill(true),
  to_move: /** @type {const} */ ("south"),
  round: 1,
  status: /** @type {const} */ ("playing"),
  rules: /** @type {const} */ ("mancala-world"),
};

/**
 * The holes the first player may play at each rule set's opening, either way round under Parker's
 * rules, as the engine's opening lists them (tests/unit/opening.test.mjs checks): any but in
 * Kotu-baendum, whose first turn starts from an end hole.
 * @type {Record<RuleSet, number[]>}
 */
export const OPENING_HOLES = { "mancala-world": [1, 2, 3, 4, 5, 6, 7], "parker-walak": [1, 2, 3, 4, 5, 6, 7], "parker-kotu": [1, 7] };

/** No hole blocked or tied: Parker's openings. */
const NOTHING_ON_HOLES = Object.freeze(Array(14).fill(null));

/**
 * The opening of a game of `setup`'s rules (today's unless it names Parker's), its first player
 * to move, as the engine opens it: Parker's with no direction chosen yet and nothing blocked or tied.
 * @param {{first?: "south" | "north", rules?: RuleSet} | null | undefined} setup
 */
export function openingOf(setup) {
  const rules = isParker(setup?.rules) ? { rules: setup?.rules, direction: null, blocked: NOTHING_ON_HOLES, tied_by: NOTHING_ON_HOLES, phase: "play" } : {};
  return { ...OPENING, to_move: setup?.first ?? OPENING.to_move, ...rules };
}
