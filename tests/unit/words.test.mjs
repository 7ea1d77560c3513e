// The page's sentences about the game (www/ui/words.js), in English: whose turn it is for each
// kind of rival (none, the computer, a friend by links), the result and how the game ended, what a
// move did, the line under the controls, the move list's moves, the hint, the evaluation, the
// values' line, the end-of-game summary, a resignation and a level's name. The rivals are the
// kinds' own (www/game/kinds/), as the page hands them over.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { setLanguage } from "../../www/i18n/index.js";
import { summarize } from "../../www/board/scene.js";
import { holeValueTags } from "../../www/board/board-words.js";
import { DEFAULT_SETUP, kindOf } from "../../www/game/kinds/index.js";
import {
  describeEvaluation, describeHint, describeMode, describeMove, describeMoveShown, describePlaying, describePly,
  describeResignation, describeResult, describeSummary, describeTurn, describeValuesState, lapText, levelAbout, levelName,
} from "../../www/ui/words.js";

const { Game } = await loadEngine();
await setLanguage("en");

const OPTIONS = { rounds: false, first: "south" };

/** The rival of the person playing South: the computer's, or a friend's by links. */
const computer = kindOf({ ...DEFAULT_SETUP, mode: "computer", side: "south" }).rival;
const friend = kindOf({ ...DEFAULT_SETUP, mode: "link", side: "south", game: "mj3k2x9q1a2b" }).rival;

/** The engine's state after `record` from the opening. */
function stateAfter(record) {
  const game = Game.fromRecord(record, OPTIONS);
  const state = game.state();
  game.free();
  return state;
}

/** The trace of `number` played after `record`, and who played it. */
function moveAfter(record, number) {
  const game = Game.fromRecord(record, OPTIONS);
  const side = game.state().to_move;
  const trace = game.play(number);
  const state = game.state();
  game.free();
  return { side, number, summary: summarize(trace), state };
}

/** An ended game's state, as far as its result goes. */
const over = (change) => ({ reserves: [30, 26], winner: "south", ending: "no_moves", to_move: "north", ...change });

test("the rivals are the kinds' own: the computer and a friend play North", () => {
  assert.equal(computer.side, "north");
  assert.equal(friend.side, "north");
});

test("whose turn it is, between two players at one device", () => {
  assert.equal(describeTurn(stateAfter("")), "South to move");
  assert.equal(describeTurn(stateAfter("3")), "North to move");
});

test("against the computer: how to begin, the person's move, the computer's, and while it thinks", () => {
  // A browser without a fine pointer (a phone) says tap; this one, with none at all, says click.
  assert.equal(describeTurn(stateAfter(""), { rival: computer }), "You are South: click one of your ringed holes");
  const previous = globalThis.matchMedia;
  globalThis.matchMedia = (query) => ({ matches: query === "(pointer: coarse)" });
  try {
    assert.equal(describeTurn(stateAfter(""), { rival: computer }), "You are South: tap one of your ringed holes");
  } finally {
    globalThis.matchMedia = previous;
  }
  assert.equal(describeTurn(stateAfter("3"), { rival: computer }), "North (computer) to move");
  assert.equal(describeTurn(stateAfter("3"), { rival: computer, thinking: true }), "North (computer) is thinking…");
  assert.equal(describeTurn(stateAfter("72"), { rival: computer }), "Your move (South)");
});

test("in a game by links: the friend's turn asks for the person's move to be sent", () => {
  assert.equal(describeTurn(stateAfter("3"), { rival: friend }), "Your friend's move (North): send them yours.");
  // A friend has no "thinking" words: their turn reads the same.
  assert.equal(describeTurn(stateAfter("3"), { rival: friend, thinking: true }), "Your friend's move (North): send them yours.");
  assert.equal(describeTurn(stateAfter("72"), { rival: friend }), "Your move (South)");
});

test("a game's result: the winner's seeds first, how it ended, and to the person who won or lost", () => {
  assert.deepEqual(describeResult(over()), {
    headline: "South wins, 30–26",
    how: "North had no move left, so South took the seeds still on the board.",
  });
  assert.equal(describeResult(over({ reserves: [26, 30], winner: "north" })).headline, "North wins, 30–26");
  assert.equal(describeResult(over({ reserves: [28, 28], winner: "draw" })).headline, "A draw, 28–28");
  assert.equal(describeResult(over({ ending: "repetition" })).how,
    "The same position came up a third time, so each player took the seeds in their own row.");
  assert.deepEqual(describeResult(over({ reserves: [56, 0], ending: "match_over" })), {
    headline: "South wins the match, 56–0",
    how: "North could not fill a single hole for another round.",
  });
  assert.equal(describeResult(over(), computer).headline, "South wins, 30–26 — you won!");
  assert.equal(describeResult(over({ reserves: [26, 30], winner: "north" }), computer).headline, "North wins, 30–26 — the computer won");
  assert.equal(describeResult(over({ reserves: [26, 30], winner: "north" }), friend).headline, "North wins, 30–26 — your friend won");
  // A draw is nobody's win.
  assert.equal(describeResult(over({ reserves: [28, 28], winner: "draw" }), computer).headline, "A draw, 28–28");
});

test("the status at the end of a game: the result, or only that it is over when the panel shows it", () => {
  const state = { ...stateAfter(""), status: "game_over", ...over() };
  assert.equal(describeTurn(state, { rival: computer }), "South wins, 30–26 — you won!");
  assert.equal(describeTurn(state, { rival: computer, resultShown: true }), "Game over.");
});

test("what a move did: its laps, its capture or necklace, the player who made it", () => {
  // The README's game: South's hole 4 relays for 18 laps, then takes a necklace of five beads.
  const necklace = moveAfter("256353", 4);
  assert.equal(necklace.summary.beads, 5);
  assert.equal(describeMove(necklace.side, necklace.number, necklace.summary),
    `South played hole 4: 18 laps, captured ${necklace.summary.captured} seeds in a necklace of 5 beads.`);
  const first = moveAfter("", 1);
  assert.equal(describeMove(first.side, 1, first.summary), "South played hole 1: 7 laps, captured 6 seeds.");
  const noCapture = { laps: 1, captured: 0, beads: 0, endHole: null, beadHoles: [], round: null };
  assert.equal(describeMove("north", 6, noCapture), "North played hole 6: 1 lap, no capture.");
  assert.equal(describeMove("north", 6, noCapture, computer), "North (computer) played hole 6: 1 lap, no capture.");
  assert.equal(describeMove("north", 6, noCapture, friend), "Your friend played hole 6: 1 lap, no capture.");
  assert.equal(describePlaying("north", 6), "North plays hole 6…");
});

test("a move that ends a round of a match says so, and who starts the next", () => {
  const summary = { laps: 2, captured: 0, beads: 0, endHole: null, beadHoles: [],
    round: { round: 1, ending: "no_moves", stuck: "north", next: 2, starter: "north" } };
  assert.equal(describeMove("south", 3, summary),
    "South played hole 3: 2 laps, no capture. Round 1 is over. North had no move left, so South took the seeds "
    + "still on the board. Round 2: North starts.");
  // The match's last round begins none: the result says the rest.
  const last = { ...summary, round: { ...summary.round, next: null, starter: null } };
  assert.equal(describeMove("south", 3, last), "South played hole 3: 2 laps, no capture.");
});

test("what a screen reader hears after a move: the move, then the turn or the result", () => {
  const move = moveAfter("", 3);
  assert.equal(describeMoveShown(move, move.state, computer),
    `South played hole 3: 7 laps, captured ${move.summary.captured} seeds. North (computer) to move`);
});

test("the line under the controls, the move list's moves and the lap counter", () => {
  assert.equal(describeMode("Two players", false, 1), "Two players");
  assert.equal(describeMode("Two players", true, 2), "Two players · match in rounds, round 2");
  assert.equal(describeMode(kindOf({ ...DEFAULT_SETUP, mode: "computer" }).modeWords(), false, 1),
    "You play South against the computer (casual)");
  assert.deepEqual(describePly(3, "south", 5), { text: "3. S5", label: "3. S5: South hole 5" });
  assert.deepEqual(describePly(4, "north", 1), { text: "4. N1", label: "4. N1: North hole 1" });
  assert.equal(lapText(0), "");
  assert.equal(lapText(3), "Lap 3");
});

test("the hint names its move, or every best move once proved, and who is ahead", () => {
  assert.equal(describeHint("north", { number: 3, eval: 4, exact: false }), "Hint: play hole 3. North ahead by about 4 seeds.");
  assert.equal(describeHint("south", { number: 1, numbers: [1, 2], eval: 0, exact: true }),
    "Hint: play hole 1 or 2. With best play the game is a draw.");
  assert.equal(describeHint("north", { number: 5, numbers: [5], eval: -2, exact: true }),
    "Hint: play hole 5. With best play South wins by 2 seeds.");
});

test("in Parker's games the hint names the direction of a round's first move, or of a match's new round", () => {
  assert.equal(describeHint("south", { number: "4+", eval: 2, exact: false }),
    "Hint: play hole 4 counterclockwise. South ahead by about 2 seeds.");
  assert.equal(describeHint("south", { number: "1+", numbers: ["1+", "7-"], eval: 0, exact: true }),
    "Hint: play hole 1 counterclockwise or hole 7 clockwise. With best play the game is a draw.");
  assert.equal(describeHint("north", { number: "3", eval: 0, exact: false }), "Hint: play hole 3. The game is even.");
  assert.equal(describeHint("north", { number: "-", eval: 4, exact: false }),
    "Hint: sow clockwise this round. North ahead by about 4 seeds.");
});

test("the evaluation, from South's lead: even, ahead, or with best play", () => {
  assert.equal(describeEvaluation(0), "The game is even.");
  assert.equal(describeEvaluation(1), "South ahead by about 1 seed.");
  assert.equal(describeEvaluation(-3), "North ahead by about 3 seeds.");
  assert.equal(describeEvaluation(-3, true), "With best play North wins by 3 seeds.");
  assert.equal(describeEvaluation(0, true), "With best play the game is a draw.");
});

test("the values' line: their legend once proved, or what is happening instead", () => {
  assert.equal(describeValuesState(null, false), "Working out the exact value of each move…");
  assert.equal(describeValuesState({ state: "pending" }, false), "Working out the exact value of each move…");
  assert.match(describeValuesState({ state: "unproven" }, false), /could not be proved in time/);
  assert.equal(describeValuesState({ state: "failed", reason: "out of memory" }, false),
    "The move values could not be worked out (out of memory).");
  const legend = "Move values, with best play from both sides: +4 wins by 4, = draws, \u22124 loses by 4.";
  assert.equal(describeValuesState({ state: "done" }, false), legend);
  assert.equal(describeValuesState({ state: "done" }, true), `${legend} Values run to the end of this round.`);
  // Parker's games: a hole's better way before the direction is chosen; a new round's two directions.
  assert.equal(describeValuesState({ state: "done" }, false, { "1+": 2, "1-": 0, "7-": 2 }),
    `${legend} Until the direction is chosen each hole shows its better way: \u27f2 counterclockwise, \u27f3 clockwise.`);
  assert.equal(describeValuesState({ state: "done" }, true, { "+": -2, "-": 4 }),
    `${legend} Values run to the end of this round. This round's direction: counterclockwise \u22122, clockwise +4.`);
  assert.equal(describeValuesState({ state: "done" }, false, { 3: 0, 5: 2 }), legend);
});

test("move values on the holes: by hole, and before Parker's direction is chosen the better way with its arrow", () => {
  assert.deepEqual([...holeValueTags({ 2: -18, 5: 0 }, 0)], [[2, { text: "\u221218", best: false }], [5, { text: "=", best: true }]]);
  assert.deepEqual([...holeValueTags({ "+": 2, "1+": 2, "1-": -4, "4+": 0, "4-": 0 }, 2)],
    [[1, { text: "+2\u27f2", best: true }], [4, { text: "=\u27f2\u27f3", best: false }]]);
});

test("the end of a game in a few lines: longest relay, biggest necklace or capture, seeds captured", () => {
  const summary = {
    longestRelay: { side: "south", ply: 7, laps: 18 },
    biggestNecklace: { side: "north", ply: 12, beads: 3, seeds: 9 },
    captured: [20, 9],
  };
  assert.deepEqual(describeSummary(summary), [
    { term: "Longest relay", detail: "South, move 7: 18 laps" },
    { term: "Biggest necklace", detail: "North, move 12: 3 beads, 9 seeds" },
    { term: "Seeds captured", detail: "South 20 · North 9" },
  ]);
  // The computer's moves say so; a capture of one hole is a capture; a match counts all its rounds.
  const one = { ...summary, biggestNecklace: { side: "north", ply: 12, beads: 1, seeds: 2 } };
  assert.deepEqual(describeSummary(one, { rounds: true, rival: computer }).slice(1), [
    { term: "Biggest capture", detail: "North (computer), move 12: 2 seeds" },
    { term: "Seeds captured in the match", detail: "South 20 · North 9" },
  ]);
  assert.deepEqual(describeSummary({ longestRelay: null, biggestNecklace: null, captured: [0, 0] }),
    [{ term: "Seeds captured", detail: "None" }]);
});

test("a live game given up: to the player who resigned, to their friend, to a spectator", () => {
  assert.equal(describeResignation("south", "south"), "You resigned (South): your friend won.");
  assert.equal(describeResignation("north", "south"), "Your friend resigned (North): you won!");
  assert.equal(describeResignation("north", "spectator"), "North resigned: South wins.");
});

test("a level's name and sentence; a level the tables lack keeps the engine's words", () => {
  assert.equal(levelName("casual"), "Casual");
  assert.match(levelAbout("casual", "the engine's words"), /^Knows the game/);
  assert.equal(levelName("grandmaster"), "grandmaster");
  assert.equal(levelAbout("grandmaster", "Plays like a grandmaster."), "Plays like a grandmaster.");
  assert.equal(levelAbout("grandmaster"), "");
});
