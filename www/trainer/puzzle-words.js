// @ts-check
// The puzzles' sentences, composed from the `puzzle.*` messages and the puzzle's exact move values
// (final seed difference for the player to move, as `walak solve` gives them).

import { t } from "../i18n/index.js";
import { sideName, valueTag } from "../board/board-words.js";

/** @import { Puzzle, Side } from "../types/engine.js" */

const seeds = (/** @type {number} */ count) => t("count.seeds", { count });

/**
 * "South to move: find the move that wins the most." (or "…saves the draw.")
 * @param {Puzzle} puzzle
 * @param {Side} side
 */
export function instruction(puzzle, side) {
  return t(puzzle.value > 0 ? "puzzle.findWin" : "puzzle.findDraw", { side: sideName(side) });
}

/**
 * Where a move leads with best play: "wins by 2 seeds", "draws", "loses by 4 seeds".
 * @param {number} value
 */
function outcome(value) {
  if (value > 0) return t("puzzle.outcomeWin", { seeds: seeds(value) });
  if (value < 0) return t("puzzle.outcomeLoss", { seeds: seeds(-value) });
  return t("puzzle.outcomeDraw");
}

/**
 * What the answer `number` was worth: right, or what it gave away and which move was right.
 * @param {Puzzle} puzzle
 * @param {number} number the hole played
 */
export function answerWords(puzzle, number) {
  const { value, best } = puzzle;
  if (number === best) {
    return value > 0 ? t("puzzle.rightWin", { hole: number, seeds: seeds(value) }) : t("puzzle.rightDraw", { hole: number });
  }
  const played = puzzle.move_values[String(number)];
  return t("puzzle.wrong", { hole: number, lost: seeds(value - played), outcome: outcome(played), best });
}

/**
 * Every move's exact value, in hole order: `{hole, value, best, text}` ("Hole 5: −2, gives away 8 seeds").
 * @param {Puzzle} puzzle
 * @returns {{hole: number, value: number, best: boolean, text: string}[]}
 */
export function valueItems(puzzle) {
  return Object.entries(puzzle.move_values).map(([hole, value]) => {
    const best = value === puzzle.value;
    const params = { hole: Number(hole), value: valueTag(value), seeds: seeds(puzzle.value - value) };
    return { hole: Number(hole), value, best, text: t(best ? "puzzle.valueBest" : "puzzle.valueLoss", params) };
  });
}

/**
 * "Solved 12 of 320 · streak 3 · rating 1290".
 * @param {{results: Record<string, number>, streak: number, rating: number}} progress
 * @param {number} total
 */
export function progressWords(progress, total) {
  const solved = Object.values(progress.results).filter((r) => r === 1).length;
  return t("puzzle.progress", { solved, total, streak: progress.streak, rating: progress.rating });
}
