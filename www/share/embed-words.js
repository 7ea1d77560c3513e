// @ts-check
// The sentences of the embed mode and of the Embed dialog, composed from the page's message tables
// (i18n/, keys `embed.*` and `embedDialog.*`). The tables hold the words; this file decides which
// sentence fits. What a frame says about its address is in embed-problems.js.

import { msg, t } from "../i18n/index.js";
import { directionName, levelName } from "../ui/words.js";
import { directionOfMove, holeOfMove } from "../lib/records.js";
import { sideName } from "../board/board-words.js";

/** @import { Level, Side } from "../types/engine.js" */
/** @import { Move } from "../lib/records.js" */

/** Who plays which side in a demo. @typedef {{south: Level, north: Level}} Demo */

// ── The embedded game ──────────────────────────────────────────────────────────────────────────

/**
 * The caption of a demo: who plays which side.
 * @param {Demo} demo
 */
export const demoCaption = ({ south, north }) =>
  msg("embed.demoCaption", { south: () => levelName(south), north: () => levelName(north) });

/**
 * The caption of a move shown on a loop.
 * @param {Side} side
 * @param {number} hole
 */
export const loopCaption = (side, hole) => msg("embed.loopCaption", { side: () => sideName(side), hole });

/**
 * The caption of a comparison: the hole played under each rule set.
 * @param {Side} side
 * @param {number} hole
 */
export const compareCaption = (side, hole) => msg("embed.compareCaption", { side: () => sideName(side), hole });

// ── The Embed dialog ───────────────────────────────────────────────────────────────────────────

/** A choice in the loop's move menu. */
export const loopChoice = {
  /** @type {(side: Side, move: Move) => string} */
  last: (side, move) => t(directionOfMove(move) ? "embedDialog.loopLastWay" : "embedDialog.loopLast", { side: sideName(side), ...holeAndWay(move) }),
  /** @type {(side: Side, move: Move) => string} */
  now: (side, move) => t(directionOfMove(move) ? "embedDialog.loopNowWay" : "embedDialog.loopNow", { side: sideName(side), ...holeAndWay(move) }),
};

/** A move's hole and, for a first move with its sign, its direction in words. @param {Move} move */
const holeAndWay = (move) => {
  const direction = directionOfMove(move);
  return { hole: holeOfMove(move), ...(direction ? { direction: directionName(direction) } : {}) };
};

/** The iframe's `title`: what a screen reader says of the frame, in the language in use. */
export const frameTitle = {
  game: () => framed(t("embedDialog.showsGame")),
  view: () => framed(t("embedDialog.showsView")),
  /** @type {(side: Side, hole: number) => string} */
  loop: (side, hole) => framed(t("embedDialog.showsLoop", { side: sideName(side), hole })),
  /** @type {(side: Side, hole: number, first: string, second: string) => string} */
  compare: (side, hole, first, second) => framed(t("embedDialog.showsCompare", { side: sideName(side), hole, first, second })),
  /** @type {(demo: Demo) => string} */
  demo: ({ south, north }) => framed(t("embedDialog.showsDemo", { south: levelName(south), north: levelName(north) })),
  lesson: () => framed(t("embedDialog.showsLesson")),
  puzzle: () => framed(t("embedDialog.showsPuzzle")),
};

const framed = (/** @type {string} */ shows) => t("embedDialog.frameTitle", { shows });
