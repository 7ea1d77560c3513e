// What a live game's socket does when it hears nothing (www/live/connection.js `silence`): a
// socket can die without a word, and a quiet game must not be taken for one. The times are the
// test's: the function is pure.

import { test } from "node:test";
import assert from "node:assert/strict";
import { PONG_MS, QUIET_MS, SILENT_MS, silence } from "../../www/live/connection.js";

test("a silent socket: a ping after ten seconds, then taken as gone once nothing at all came for 27 s", () => {
  assert.deepEqual(silence({ heard: 0, pinged: null, now: 1000 }), { act: "none", wait: QUIET_MS - 1000 });
  assert.deepEqual(silence({ heard: 0, pinged: null, now: QUIET_MS }), { act: "ping", wait: SILENT_MS - QUIET_MS });
  assert.deepEqual(silence({ heard: 0, pinged: QUIET_MS, now: QUIET_MS + 1 }), { act: "none", wait: SILENT_MS - QUIET_MS - 1 });
  assert.deepEqual(silence({ heard: 0, pinged: QUIET_MS, now: SILENT_MS }), { act: "dead", wait: 0 });
  assert.ok(SILENT_MS >= 25_000 && SILENT_MS <= 30_000);
});

test("a page whose timers slept (a background tab) pings first, and gives the answer time, before it lets a socket go", () => {
  // Woken 40 s after the last frame, no ping sent: one is, and the socket has PONG_MS to answer.
  assert.deepEqual(silence({ heard: 0, pinged: null, now: 40_000 }), { act: "ping", wait: PONG_MS });
  assert.deepEqual(silence({ heard: 0, pinged: 40_000, now: 40_000 + PONG_MS - 1 }), { act: "none", wait: 1 });
  assert.deepEqual(silence({ heard: 0, pinged: 40_000, now: 40_000 + PONG_MS }), { act: "dead", wait: 0 });
});
