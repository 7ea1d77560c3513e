// The move list's lines (www/game/lines.js): a move other than the next one starts a variation
// and the line left stays; the next move of a line, or the first of another, goes along it; a
// line can be made the main one or deleted; and the lines beside the one shown branch where they
// leave it. Played in the real engine.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { MoveList, branchesOf, lineFollowing, playableLines, promote, sharedMoves, without } from "../../www/game/lines.js";

const { Game } = await loadEngine();
const OPTIONS = { rounds: false, first: "south" };

/** A move list and the engine's game it plays into, with the moves of `record` played. */
function board(record = "") {
  const game = Game.fromRecord("", OPTIONS);
  const list = new MoveList();
  const play = (number) => {
    list.playInto(game, game.state(), number);
    const { record: played, redo } = game.state();
    list.sync(played + redo);
  };
  for (const digit of record) play(Number(digit));
  const back = (moves) => {
    for (let i = 0; i < moves; i++) game.undo();
  };
  return { game, list, play, back, shown: () => game.state().record, line: () => game.state().record + game.state().redo };
}

test("two records share their leading moves", () => {
  assert.equal(sharedMoves("7264", "7213"), 2);
  assert.equal(sharedMoves("", "7213"), 0);
  assert.equal(sharedMoves("72", "7213"), 2);
  assert.equal(sharedMoves("7213", "7213"), 4);
});

test("playing on at the end of a line makes it longer, one line in all", () => {
  const { list, line } = board("7264");
  assert.deepEqual(list.lines, ["7264"]);
  assert.equal(list.at, 0);
  assert.equal(line(), "7264");
});

test("another move from an earlier position starts a variation, and the line left is kept", () => {
  const { list, play, back, shown } = board("7264");
  back(2);
  play(7);
  assert.equal(shown(), "727");
  assert.deepEqual(list.lines, ["7264", "727"], "the main line stays whole, the variation is added");
  assert.equal(list.at, 1);
  play(3);
  assert.deepEqual(list.lines, ["7264", "7273"], "the variation grows, the main line is untouched");
});

test("the next move of the line is played again, its later moves kept", () => {
  const { game, list, play, back } = board("7264");
  back(3);
  play(2);
  assert.equal(game.state().record, "72");
  assert.equal(game.state().redo, "64", "the rest of the line is still there to redo");
  assert.deepEqual(list.lines, ["7264"], "no new line");
});

test("a move another line goes on with takes that line", () => {
  const { game, list, play, back } = board("7264");
  back(2);
  play(7);
  play(3);
  // Back on the main line at its second move, then the variation's third move.
  back(2);
  list.show(0);
  game.setRedo("64");
  play(7);
  assert.equal(list.at, 1, "the variation is the line on the board");
  assert.equal(game.state().redo, "3", "its own later moves are there to redo");
  assert.deepEqual(list.lines, ["7264", "7273"]);
});

test("a variation is promoted to the main line, and deleted, the line shown followed", () => {
  const lines = ["7264", "721", "75"];
  assert.deepEqual(promote(lines, 2, 1), { lines: ["75", "7264", "721"], at: 2 });
  assert.deepEqual(promote(lines, 1, 1), { lines: ["721", "7264", "75"], at: 0 });
  assert.deepEqual(without(lines, 1, 2), { lines: ["7264", "75"], at: 1 });
  assert.deepEqual(without(lines, 2, 0), { lines: ["7264", "721"], at: 0 });

  const list = new MoveList();
  list.take([...lines], "75");
  list.promote(2);
  assert.deepEqual(list.lines, ["75", "7264", "721"]);
  assert.equal(list.at, 0);
  list.remove(2);
  assert.deepEqual(list.lines, ["75", "7264"]);
});

test("the lines beside the one shown branch where they leave it, the earliest first", () => {
  const lines = ["72643", "721", "7264", "5"];
  assert.deepEqual(branchesOf(lines, 0), [
    { index: 3, from: 0, moves: "5" },
    { index: 1, from: 2, moves: "1" },
    { index: 2, from: 4, moves: "" },
  ]);
  assert.deepEqual(branchesOf(lines, 1).map((b) => [b.index, b.from]), [[3, 0], [0, 2], [2, 2]]);
});

test("the line that goes on from a position with a move is found, never the line shown", () => {
  const lines = ["7264", "7213", "75"];
  assert.equal(lineFollowing(lines, 0, "72", 1), 1);
  assert.equal(lineFollowing(lines, 1, "72", 1), -1);
  assert.equal(lineFollowing(lines, 0, "7", 5), 2);
  assert.equal(lineFollowing(lines, 0, "72", 7), -1);
});

test("a link's lines are taken only if the line on the board is one of them", () => {
  const list = new MoveList();
  list.take(["7264", "721"], "721");
  assert.equal(list.at, 1);
  list.take(["7264", "721"], "7", { exact: true });
  assert.deepEqual(list.lines, [], "none: the board's line is not among them");
  list.take(["7264", "721"], "7");
  assert.deepEqual(list.lines, ["7264", "721"]);
  list.sync("7");
  assert.deepEqual(list.lines, ["7264", "721", "7"], "sync adds the line on the board");
});

test("only the lines the engine can play are kept", () => {
  const open = (record) => Game.fromRecord(record, OPTIONS);
  // "9" is no hole; in "12" North's hole 2 is empty.
  const kept = playableLines(["7264", "9", "12", ""], open);
  assert.deepEqual(kept, ["7264", ""]);
});
