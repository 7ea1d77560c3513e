// The phase of the page in a live game's room (www/live/phases.js), what `#board[data-live]`
// shows: every phase against every event, as one table, so that a change of a transition is a
// change of this table. An event that means nothing in a phase leaves it as it is.

import { test } from "node:test";
import assert from "node:assert/strict";
import { FIRST_PHASE, answered, friendAway, inRoom, next } from "../../www/live/phases.js";

const PHASES = ["idle", "connecting", "waiting", "playing", "reconnecting", "closed"];

const EVENTS = {
  enter: { type: "enter" },
  leave: { type: "leave" },
  opened: { type: "opened" },
  "joined, friend there": { type: "joined", friendAway: false },
  "joined, friend away": { type: "joined", friendAway: true },
  "presence, friend there": { type: "presence", friendAway: false },
  "presence, friend away": { type: "presence", friendAway: true },
  dropped: { type: "dropped" },
  gap: { type: "gap" },
  "refused, room gone": { type: "refused", why: "gone" },
  "refused, unavailable": { type: "refused", why: "unavailable" },
  "refused, other": { type: "refused", why: "other" },
};

// The phase after each event (columns in EVENTS' order), from each phase.
const AFTER = {
  //              enter         leave   opened          joined: there / away  presence: there / away   dropped         gap             refused: gone / unavailable / other
  idle:         ["connecting", "idle", "idle",         "idle", "idle",       "idle", "idle",           "idle",         "idle",         "idle", "idle", "idle"],
  connecting:   ["connecting", "idle", "connecting",   "playing", "waiting", "connecting", "connecting", "connecting", "connecting",  "idle", "idle", "connecting"],
  waiting:      ["connecting", "idle", "reconnecting", "playing", "waiting", "playing", "waiting",    "reconnecting", "reconnecting", "waiting", "waiting", "waiting"],
  playing:      ["connecting", "idle", "reconnecting", "playing", "waiting", "playing", "waiting",    "reconnecting", "reconnecting", "playing", "playing", "playing"],
  reconnecting: ["connecting", "idle", "reconnecting", "playing", "waiting", "reconnecting", "reconnecting", "reconnecting", "reconnecting", "closed", "reconnecting", "reconnecting"],
  closed:       ["connecting", "idle", "closed",       "closed", "closed",   "closed", "closed",       "closed",       "closed",       "closed", "closed", "closed"],
};

test("every phase, after every event, is the table's", () => {
  assert.deepEqual(Object.keys(AFTER), PHASES);
  for (const phase of PHASES) {
    const after = Object.fromEntries(Object.entries(EVENTS).map(([name, event]) => [name, next(phase, event)]));
    const expected = Object.fromEntries(Object.keys(EVENTS).map((name, i) => [name, AFTER[phase][i]]));
    assert.deepEqual(after, expected, `from ${phase}`);
  }
});

test("a page starts in no room, and the phases it shows are exactly #board[data-live]'s values", () => {
  assert.equal(FIRST_PHASE, "idle");
  const shown = new Set(PHASES.flatMap((phase) => Object.values(EVENTS).map((event) => next(phase, event))));
  shown.delete("idle");
  assert.deepEqual([...shown].sort(), ["closed", "connecting", "playing", "reconnecting", "waiting"]);
});

test("the room's state is known only while waiting or playing; its frames are followed in every phase but idle and closed", () => {
  assert.deepEqual(PHASES.filter(answered), ["waiting", "playing"]);
  assert.deepEqual(PHASES.filter(inRoom), ["connecting", "waiting", "playing", "reconnecting"]);
});

test("a player's friend is away when their seat has no page in the room; a spectator waits for nobody", () => {
  assert.equal(friendAway("south", { south: true, north: false }), true);
  assert.equal(friendAway("south", { south: false, north: true }), false);
  assert.equal(friendAway("north", { south: false, north: true }), true);
  assert.equal(friendAway("north", { south: true, north: false }), false);
  assert.equal(friendAway("spectator", { south: false, north: false }), false);
  assert.equal(friendAway(null, { south: false, north: false }), false);
});
