// A finished game in a few lines: its longest relay, its biggest necklace and the seeds each side
// captured. Worked out by replaying the game's record in the engine and reading each move's trace
// (scene.js summarize), never by rules of its own.

import { openGame } from "./game-start.js";
import { summarize } from "../board/scene.js";
import { reserveIndex } from "../board/holes.js";
import { describeSummary } from "../ui/words.js";

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

/**
 * Shows `summary` in the list `element` (a `<dl>`) and publishes it for tests and embedding pages
 * (docs/page-contract.md); a missing summary hides the list.
 */
export function showSummary(element, summary, { rounds = false, rival = null } = {}) {
  element.hidden = summary === null;
  const d = element.dataset;
  if (summary === null) {
    for (const name of Object.keys(d)) delete d[name];
    element.replaceChildren();
    return;
  }
  const { longestRelay, biggestNecklace, captured } = summary;
  d.longestRelay = String(longestRelay?.laps ?? 0);
  d.longestRelayMove = String(longestRelay?.ply ?? "");
  d.biggestNecklace = String(biggestNecklace?.beads ?? 0);
  d.biggestNecklaceSeeds = String(biggestNecklace?.seeds ?? 0);
  d.biggestNecklaceMove = String(biggestNecklace?.ply ?? "");
  d.captured = captured.join(",");
  const items = describeSummary(summary, { rounds, rival }).flatMap(({ term, detail }) => {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = detail;
    return [dt, dd];
  });
  element.replaceChildren(...items);
}
