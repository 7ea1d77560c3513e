// Records in both writings (www/lib/records.js): today's one digit a move, Parker's moves in the
// notation separated by spaces. What counts, cuts and joins their moves.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  asMove, beginsWith, firstMoves, holeOfMove, isLegal, joinMoves, legalHoles, movesAfter, movesOf, nextMove, optionsOf, plyCount,
  sharedMoves,
} from "../../www/lib/records.js";

test("a record's moves, in either writing", () => {
  assert.deepEqual(movesOf(""), []);
  assert.deepEqual(movesOf("7264"), ["7", "2", "6", "4"]);
  assert.deepEqual(movesOf("4+ 2 7 / - 3"), ["4+", "2", "7", "-", "3"]);
  assert.equal(plyCount("4+ 2 7"), 3);
  assert.equal(plyCount("72"), 2);
});

test("joined, cut and compared move by move", () => {
  assert.equal(joinMoves("72", 6), "726");
  assert.equal(joinMoves("", "4+"), "4+");
  assert.equal(joinMoves("4+", 3), "4+ 3");
  assert.equal(joinMoves("4+ 3", "7 1"), "4+ 3 7 1");
  assert.equal(firstMoves("4+ 3 7", -1), "4+ 3");
  assert.equal(firstMoves("726", 2), "72");
  assert.equal(movesAfter("4+ 3 7", 1), "3 7");
  assert.equal(sharedMoves("4+ 3 7", "4+ 3 1"), 2);
  assert.equal(sharedMoves("4+ 3", "4- 3"), 0);
  assert.ok(beginsWith("4+ 3 7", "4+ 3"));
  assert.ok(!beginsWith("4+ 13", "4+ 1"), "a move is never cut");
});

test("moves as the engine is handed them, and the holes they start from", () => {
  assert.equal(asMove("3"), 3);
  assert.equal(asMove("4+"), "4+");
  assert.equal(nextMove("- 3"), "-");
  assert.equal(holeOfMove("4-"), 4);
  assert.equal(holeOfMove("+"), 0);
  assert.ok(isLegal({ legal: ["1+", "3-"] }, "3-"));
  assert.ok(isLegal({ legal: [1, 3] }, 3));
  assert.ok(!isLegal({ legal: ["1+", "3-"] }, 3));
  assert.deepEqual(legalHoles({ legal: ["1+", "1-", "7-"] }), [1, 7]);
  assert.deepEqual(legalHoles({ legal: ["+", "-"] }), []);
});

test("options name the rule set only when it is Parker's", () => {
  assert.deepEqual(optionsOf({ rounds: false, first: "south" }), { rounds: false, first: "south" });
  assert.deepEqual(optionsOf({ rounds: false, first: "south", rules: "mancala-world" }), { rounds: false, first: "south" });
  assert.deepEqual(optionsOf({ rounds: true, first: "north", rules: "parker-kotu" }), { rounds: true, first: "north", rules: "parker-kotu" });
});
