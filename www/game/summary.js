// @ts-check
// A finished game in a few lines: its longest relay, its biggest necklace and the seeds each side
// captured. Worked out by replaying the game's record in the engine and reading each move's trace
// (scene.js summarize), never by rules of its own.

import { asMove, movesOf } from "../lib/records.js";
import { openGame } from "./game-start.js";
import { summarize } from "../board/scene.js";
import { reserveIndex } from "../board/holes.js";

/** @import { Game, GameOptions, Side, StartPosition } from "../types/engine.js" */
/** @import { GameClass } from "./game-start.js" */

/**
 * A finished game in a few lines (`gameSummary`).
 * @typedef {object} GameSummary
 * @property {{side: Side, ply: number, laps: number} | null} longestRelay the first move with the most laps
 * @property {{side: Side, ply: number, beads: number, seeds: number} | null} biggestNecklace the most
 *   beads, then the most seeds, then the first; null when nothing was captured
 * @property {[number, number]} captured seeds captured, [South's, North's]
 */

// The last summary worked out: the page draws often, a record is replayed once.
/** @type {{key: string | null, summary: GameSummary | null}} */
let memo = { key: null, summary: null };

/**
 * The summary of the game played from `start` (null for the opening) with `options` through
 * `record` — over the whole match in rounds: `{longestRelay, biggestNecklace, captured}`, where
 * `longestRelay` is `{side, ply, laps}` (the first move with the most laps), `biggestNecklace`
 * `{side, ply, beads, seeds}` (the most beads, then the most seeds, then the first; null when
 * nothing was captured) and `captured` `[south, north]`. Null if the engine cannot replay it.
 * @param {GameClass} Game
 * @param {{start?: StartPosition | null, options: GameOptions, record: string}} position
 * @returns {GameSummary | null}
 */
export function gameSummary(Game, { start = null, options, record }) {
  const key = JSON.stringify([start, options, record]);
  if (memo.key !== key) memo = { key, summary: replay(Game, start, options, record) };
  return memo.summary;
}

/**
 * @param {GameClass} Game
 * @param {StartPosition | null} start
 * @param {GameOptions} options
 * @param {string} record
 * @returns {GameSummary | null}
 */
function replay(Game, start, options, record) {
  /** @type {Game | null} */
  let game = null;
  try {
    game = openGame(Game, { start, options, record: "" });
    /** @type {GameSummary["longestRelay"]} */
    let longestRelay = null;
    /** @type {GameSummary["biggestNecklace"]} */
    let biggestNecklace = null;
    /** @type {[number, number]} */
    const captured = [0, 0];
    for (const [i, move] of movesOf(record).entries()) {
      const side = game.state().to_move;
      const { laps, beads, captured: seeds } = summarize(game.play(asMove(move)));
      const ply = i + 1;
      if (laps > (longestRelay?.laps ?? 0)) longestRelay = { side, ply, laps };
      if (beads > 0) {
        captured[reserveIndex(side)] += seeds;
        const necklace = { side, ply, beads, seeds };
        if (bigger(necklace, biggestNecklace)) biggestNecklace = necklace;
      }
    }
    return { longestRelay, biggestNecklace, captured };
  } catch {
    return null; // not a game the engine can replay: no summary rather than a wrong one
  } finally {
    game?.free();
  }
}

/**
 * Whether `necklace` is bigger than `best` (if any): more beads, or as many and more seeds.
 * @param {{beads: number, seeds: number}} necklace
 * @param {{beads: number, seeds: number} | null} best
 */
function bigger(necklace, best) {
  return !best || necklace.beads > best.beads || (necklace.beads === best.beads && necklace.seeds > best.seeds);
}
