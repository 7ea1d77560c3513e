// The engine's refusals in the page's words (www/ui/refusals.js): why a position set up by hand
// cannot be played (the position editor says it as the numbers change), why a saved game cannot
// be read, a link's variation that cannot be played; a side named in a reason is said in the
// language in use when the reason is; a refusal the tables do not know keeps the engine's own
// sentence, and anything else thrown is said as it is. (A broken link's reasons: links.test.mjs.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { say, setLanguage } from "../../www/i18n/index.js";
import { sideName } from "../../www/board/board-words.js";
import { linkRefusal, positionRefusal, savedRefusal } from "../../www/ui/refusals.js";

const engine = await loadEngine();
const { Game } = engine;
await setLanguage("en");

/** What the engine threw for `act`. */
function thrown(act) {
  try {
    act();
  } catch (error) {
    return error;
  }
  assert.fail("the engine accepted it");
}

const empty = () => Array(14).fill(0);
/** A position with `board`'s seeds and the rest in the reserves. */
const position = (board, change = {}) => {
  const rest = 56 - board.reduce((sum, n) => sum + n, 0);
  return { board, reserves: [rest - Math.floor(rest / 2), Math.floor(rest / 2)], to_move: "south", ...change };
};
const refusedPosition = (setup) => say(positionRefusal(thrown(() => Game.fromPosition(setup))));

test("a position that cannot be played says why, in the page's words", () => {
  const board = empty();
  board[0] = 3;
  board[7] = 2;
  assert.equal(refusedPosition({ board, reserves: [0, 0], to_move: "south" }),
    "the board and reserves hold 5 seeds, but a game has exactly 56");
  assert.equal(refusedPosition(position(board, { board: board.slice(0, 13) })), "the board must list 14 holes, not 13");
  assert.equal(refusedPosition({ ...position(board), rounds: false, round: 2 }),
    "a single game has only one round, so it cannot be in round 2");
  const inPlay = Array(14).fill(true);
  inPlay[3] = false;
  assert.equal(refusedPosition({ ...position(board), rounds: true, round: 1, in_play: inPlay }),
    "holes can be out of play only in rounds mode after the first round; here every hole must be in play");
  // Round 2 of a match: South's hole 1 holds seeds but is out of play.
  const outOfPlay = Array(14).fill(true);
  outOfPlay[0] = false;
  assert.equal(refusedPosition({ ...position(board), rounds: true, round: 2, in_play: outOfPlay }),
    "South's hole 1 is out of play but holds seeds");
});

test("a side named in a reason is said in the language in use when the reason is said", async () => {
  const board = empty();
  board[0] = 3;
  board[7] = 2;
  const outOfPlay = Array(14).fill(true);
  outOfPlay[0] = false;
  const reason = positionRefusal(thrown(() => Game.fromPosition({ ...position(board), rounds: true, round: 2, in_play: outOfPlay })));
  try {
    await setLanguage("sl");
    assert.ok(say(reason).includes(sideName("south")), say(reason));
    assert.notEqual(sideName("south"), "South");
  } finally {
    await setLanguage("en");
  }
  assert.equal(say(reason), "South's hole 1 is out of play but holds seeds");
});

test("a saved game that cannot be read says why", () => {
  const saved = (document) => say(savedRefusal(thrown(() => engine.readSavedGame(document))));
  const good = { version: 1, options: { rounds: false, first: "south" }, mode: "two", side: "south", record: "72", redo: "" };
  assert.equal(saved("{"), "it is not valid data");
  assert.equal(saved("[]"), "it is not a saved game");
  assert.equal(saved(JSON.stringify({ ...good, version: 99 })), "it comes from a newer version of the game (99)");
  assert.equal(saved(JSON.stringify({ ...good, mode: "chess" })), "its mode is unknown");
  assert.equal(saved(JSON.stringify({ ...good, side: "east" })), "its side is unknown");
  assert.equal(saved(JSON.stringify({ ...good, record: "7x" })), "its move record is malformed");
  // A record the rules refuse names the move and why.
  assert.equal(saved(JSON.stringify({ ...good, record: "11" })), "move 2 of the record is illegal: North's hole 1 is empty");
});

test("a link's variation that cannot be played names it, and why", () => {
  const reason = say(linkRefusal(thrown(() => engine.readLink("#walak=1&moves=72&variations=11"))));
  assert.equal(reason, "its variation 1 cannot be played: move 2 of the record is illegal: North's hole 1 is empty");
});

test("a refusal the tables do not know keeps the engine's sentence; anything else thrown is said as it is", () => {
  const unknown = Object.assign(new Error("a reason from a newer engine"), { kind: "brand_new", detail: { kind: "brand_new" } });
  assert.equal(say(linkRefusal(unknown)), "a reason from a newer engine");
  assert.equal(say(savedRefusal(unknown)), "a reason from a newer engine");
  assert.equal(say(positionRefusal(unknown)), "a reason from a newer engine");
  // A kind is looked up among the tables' own reasons only, never the object's inherited names.
  const inherited = Object.assign(new Error("the engine's words"), { kind: "toString" });
  assert.equal(say(linkRefusal(inherited)), "the engine's words");
  assert.equal(say(savedRefusal("storage was refused")), "storage was refused");
  assert.equal(say(positionRefusal(undefined)), "undefined");
});
