// The live bar's look (www/live/live-bar.js `barLook`): which of #live-share, #live-resign,
// #live-rematch and the end-of-game panel's Rematch show, and what Rematch says, for what a
// person is in the room (player or spectator) and where the game is.

import { test } from "node:test";
import assert from "node:assert/strict";
import { barLook } from "../../www/live/live-bar.js";

const facts = (changes = {}) =>
  ({ on: true, linked: true, player: true, answered: true, over: false, asked: false, friendAsked: false, ...changes });

test("a player while the game goes on may resign, and is offered no rematch", () => {
  const look = barLook(facts(), false);
  assert.equal(look.bar, true);
  assert.equal(look.share, true);
  assert.equal(look.resign, true);
  assert.equal(look.rematch, false);
});

test("no resigning while the room has not answered, nor once the game is over", () => {
  assert.equal(barLook(facts({ answered: false }), false).resign, false);
  assert.equal(barLook(facts({ over: true }), false).resign, false);
});

test("at the end, Rematch: in the bar when the end-of-game panel is closed, else the panel's own", () => {
  const closed = barLook(facts({ over: true }), false);
  assert.equal(closed.rematch, true);
  assert.equal(closed.panelRematch, true);
  const open = barLook(facts({ over: true }), true);
  assert.equal(open.rematch, false);
  assert.equal(open.panelRematch, true);
});

test("Rematch says who asked, and is not pressed twice nor while the room is away", () => {
  assert.equal(barLook(facts({ over: true }), false).rematchWords, "live.rematch");
  assert.equal(barLook(facts({ over: true, friendAsked: true }), false).rematchWords, "live.rematchAccept");
  const asked = barLook(facts({ over: true, asked: true }), false);
  assert.equal(asked.rematchWords, "live.rematchAsked");
  assert.equal(asked.rematchEnabled, false);
  assert.equal(barLook(facts({ over: true, answered: false }), false).rematchEnabled, false);
});

test("a spectator only has the room's link; a room being made has none yet", () => {
  const look = barLook(facts({ player: false, over: true }), false);
  assert.deepEqual([look.share, look.resign, look.rematch, look.panelRematch], [true, false, false, false]);
  assert.equal(barLook(facts({ linked: false }), false).share, false);
});
