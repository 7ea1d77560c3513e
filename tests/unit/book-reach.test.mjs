// The computer's worker waits for the opening book only for a position the book may hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BOOK_PLIES, inBookReach } from "../../www/analysis/book-reach.js";

const options = { rounds: false, first: "south" };

test("every position of the shipped book is within the reach the worker waits for it", () => {
  const records = readFileSync("www/book.txt", "utf8").split("\n").filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split("=")[0]);
  assert.ok(records.length > 10_000);
  assert.ok(Math.max(...records.map((record) => record.length)) < BOOK_PLIES);
  assert.ok(records.every((record) => inBookReach({ start: null, options, record })));
});

test("a position deeper in, set up by hand or of Parker's rules is out of the book's reach", () => {
  assert.equal(inBookReach({ start: null, options, record: "7622" }), true);
  assert.equal(inBookReach({ start: null, options: { ...options, rounds: true }, record: "" }), true);
  assert.equal(inBookReach({ start: null, options, record: "76225431" }), false);
  const start = { board: Array(14).fill(4), reserves: [0, 0], to_move: "south" };
  assert.equal(inBookReach({ start, options, record: "" }), false);
  assert.equal(inBookReach({ start: null, options: { ...options, rules: "parker-walak" }, record: "4+" }), false);
});
