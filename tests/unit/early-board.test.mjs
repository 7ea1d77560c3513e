// The board drawn before the engine (www/page/early-board.js). What a person relies on: the
// board that shows first is the true position the page then opens, never one that changes once
// the engine is in: the opening of a first visit is the engine's own, the saved game's position
// is drawn only for the very game it was kept with, and anything unsure draws nothing early.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { installStorage } from "./support/storage.mjs";
import { save } from "../../www/game/storage.js";
import { OPENING, PLAIN_ROUTE, SHOWN_KEY, earlyPosition, fingerprint, keepShown, plainAddress } from "../../www/page/early-board.js";
import { routeOf } from "../../www/page/router.js";
import { loadTable } from "../../www/i18n/index.js";

const { Game } = await loadEngine();
await loadTable("en");

beforeEach(() => {
  installStorage();
});

const OPTIONS = { rounds: false, first: "south" };
/** The full page's address with nothing in it but the page. */
const PLAIN = { frame: null, setup: null, lesson: false, puzzles: false, target: { to: "nothing" } };
const stateAfter = (record) => {
  const game = Game.fromRecord(record, OPTIONS);
  const state = game.state();
  game.free();
  return state;
};
const app = (record, kind = {}) => ({ hasGame: true, kind: { keeps: true, inRoom: false, ...kind }, state: stateAfter(record) });
const drawn = ({ board, reserves, in_play, to_move, round, status, rules }) => ({ board, reserves, in_play, to_move, round, status, rules });

test("a first visit's early board is the engine's own opening", () => {
  assert.deepEqual(drawn(OPENING), drawn(stateAfter("")));
  const early = earlyPosition(PLAIN);
  assert.deepEqual(drawn(early.state), drawn(stateAfter("")));
  assert.equal(early.flipped, false);
});

test("the saved game's position is drawn as it was kept, turned as it was", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264"), true);
  const early = earlyPosition(PLAIN);
  assert.deepEqual(drawn(early.state), drawn(stateAfter("7264")));
  assert.equal(early.flipped, true);
});

test("a position kept for another saved game, or unreadable, is not drawn", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264"), false);
  // Another page saved another game since (its position not kept).
  save({ options: OPTIONS, mode: "two", side: "south", record: "72641", redo: "" });
  assert.equal(earlyPosition(PLAIN), null);
  for (const broken of ["{", "null", JSON.stringify({ of: "x", state: {} }), JSON.stringify({ of: fingerprint(localStorage.getItem("walak-pussa.game")), state: { board: [1] } })]) {
    localStorage.setItem(SHOWN_KEY, broken);
    assert.equal(earlyPosition(PLAIN), null, broken);
  }
});

test("a live room's position, and every other address, waits for the engine", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264", { inRoom: true }), false);
  assert.equal(localStorage.getItem(SHOWN_KEY), null);
  keepShown(app("7264"), false);
  for (const route of [
    { ...PLAIN, setup: { mode: "two" } },
    { ...PLAIN, target: { to: "game", fragment: "walak=1&moves=72" } },
    { ...PLAIN, target: { to: "room", room: "abc" } },
    { ...PLAIN, lesson: true },
    { ...PLAIN, puzzles: true },
    { ...PLAIN, frame: {} },
  ]) {
    assert.equal(earlyPosition(route), null, JSON.stringify(route));
  }
  assert.notEqual(earlyPosition(PLAIN), null);
});

test("the first board's file draws only at a plain address, one the router reads as opening nothing", () => {
  const read = (address) => {
    const url = new URL(address, "https://walak.example/play/");
    return { plain: plainAddress({ search: url.search, hash: url.hash }), route: routeOf({ search: url.search, hash: url.hash }) };
  };
  for (const address of ["", "?lang=si", "?theme=dark", "?lang=ur&theme=light", "#"]) {
    const { plain, route } = read(address);
    assert.equal(plain, true, address);
    for (const key of Object.keys(PLAIN_ROUTE)) assert.deepEqual(route[key], PLAIN_ROUTE[key], `${address}: ${key}`);
  }
  for (const address of ["?mode=two", "?embed=1", "?lesson=1", "?puzzles=1", "?speed=instant", "#walak=1&moves=72", "#room=abc", "?lang=si#walak=1&moves=7"]) {
    assert.equal(read(address).plain, false, address);
  }
});
