// A finished game in a few lines (www/game/summary.js): its longest relay, its biggest necklace and
// the seeds each side captured, worked out by replaying the game in the engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { gameSummary } from "../../www/game/summary.js";

const { Game } = await loadEngine();
const SINGLE = { rounds: false, first: "south" };

test("the README's game: South's hole 4 relays for 18 laps, then takes a necklace of five beads", () => {
  const summary = gameSummary(Game, { start: null, options: SINGLE, record: "2563534" });
  assert.deepEqual(summary.longestRelay, { side: "south", ply: 7, laps: 18 });
  assert.equal(summary.biggestNecklace.side, "south");
  assert.equal(summary.biggestNecklace.ply, 7);
  assert.equal(summary.biggestNecklace.beads, 5);
});

test("the seeds each side captured are those its necklaces took, move by move", () => {
  const game = new Game(SINGLE);
  const taken = [0, 0];
  let biggest = { beads: 0, seeds: 0 };
  while (game.state().status === "playing") {
    const { to_move: side, legal } = game.state();
    const trace = game.play(legal.at(-1));
    const captures = trace.filter((e) => e.event === "capture");
    const seeds = captures.reduce((sum, e) => sum + e.seeds, 0);
    taken[side === "south" ? 0 : 1] += seeds;
    if (captures.length > biggest.beads || (captures.length === biggest.beads && seeds > biggest.seeds)) {
      biggest = { beads: captures.length, seeds };
    }
  }
  const { record } = game.state();
  const summary = gameSummary(Game, { start: null, options: SINGLE, record });
  assert.deepEqual(summary.captured, taken);
  assert.deepEqual([summary.biggestNecklace.beads, summary.biggestNecklace.seeds], [biggest.beads, biggest.seeds]);
  assert.ok(summary.longestRelay.laps >= 1);
});

test("a game with no capture has no necklace; a game the engine cannot replay has no summary", () => {
  const none = gameSummary(Game, { start: null, options: SINGLE, record: "" });
  assert.deepEqual(none, { longestRelay: null, biggestNecklace: null, captured: [0, 0] });
  assert.equal(gameSummary(Game, { start: null, options: SINGLE, record: "12" }), null);
});

test("a game from a position set up by hand is replayed from there", () => {
  const start = { board: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], reserves: [30, 24], to_move: "south" };
  const trace = Game.fromPosition({ ...start, rounds: false }).play(7);
  const laps = trace.find((e) => e.event === "sowing_end").laps;
  const summary = gameSummary(Game, { start, options: SINGLE, record: "7" });
  assert.deepEqual(summary.longestRelay, { side: "south", ply: 1, laps });
  const fromOpening = Game.fromRecord("", SINGLE).play(7).find((e) => e.event === "sowing_end").laps;
  assert.notEqual(laps, fromOpening, "(the two moves differ, so the start counts)");
});

test("the summary is worked out once for the game shown, however often the page draws", () => {
  const position = { start: null, options: SINGLE, record: "7264" };
  assert.equal(gameSummary(Game, position), gameSummary(Game, { ...position }));
});
