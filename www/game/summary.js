// A finished game in a few lines: its longest relay, its biggest necklace and the seeds each side
// captured. Worked out by replaying the game's record in the engine and reading each move's trace
// (scene.js summarize), never by rules of its own.

import { openGame } from "./game-start.js";
import { summarize } from "../board/scene.js";
import { reserveIndex } from "../board/holes.js";

// The last summary worked out: the page draws often, a record is replayed once.
let memo = { key: null, summary: null };

/**
 * The summary of the game played from `start` (null for the opening) with `options` through
 * `record` — over the whole match in rounds: `{longestRelay, biggestNecklace, captured}`, where
 * `longestRelay` is `{side, ply, laps}` (the first move with the most laps), `biggestNecklace`
 * `{side, ply, beads, seeds}` (the most beads, then the most seeds, then the first; null when
 * nothing was captured) and `captured` `[south, north]`. Null if the engine cannot replay it.
 */
export function gameSummary(Game, { start = null, options, record }) {
  const key = JSON.stringify([start, options, record]);
  if (memo.key !== key) memo = { key, summary: replay(Game, start, options, record) };
  return memo.summary;
}

function replay(Game, start, options, record) {
  let game = null;
  try {
    game = openGame(Game, { start, options, record: "" });
    let longestRelay = null;
    let biggestNecklace = null;
    const captured = [0, 0];
    [...record].forEach((digit, i) => {
      const side = game.state().to_move;
      const { laps, beads, captured: seeds } = summarize(game.play(Number(digit)));
      const ply = i + 1;
      if (laps > (longestRelay?.laps ?? 0)) longestRelay = { side, ply, laps };
      if (beads > 0) {
        captured[reserveIndex(side)] += seeds;
        const best = biggestNecklace;
        if (!best || beads > best.beads || (beads === best.beads && seeds > best.seeds)) {
          biggestNecklace = { side, ply, beads, seeds };
        }
      }
    });
    return { longestRelay, biggestNecklace, captured };
  } catch {
    return null; // not a game the engine can replay: no summary rather than a wrong one
  } finally {
    game?.free();
  }
}
