// The phone's figures for a kind of visit (scripts/measure-phone.mjs `summarize`): medians, the
// slowest board, the values' p95 by nearest rank (of fewer than twenty visits, the slowest of
// them), and how much moved as the page loaded.

import { test } from "node:test";
import assert from "node:assert/strict";
import { summarize } from "../../scripts/measure-phone.mjs";

/** A visit's record as a driver gives it, its board playable and its values shown at `ms`. */
const visit = (ms) => ({
  paint: 100, drawn: ms, playable: ms, shown: ms + 10, values: ms, requests: 0, bytes: 0, encodings: [],
  probe_ms: 6, stolen_ms: 0, page_faults: 50_000, layout_shift: ms > 600 ? 0.08 : 0,
});

test("the values' median and p95, and the range of the playable board", () => {
  const s = summarize([400, 380, 610, 390, 410, 650, 370, 395].map(visit));
  assert.equal(s.visits, 8);
  assert.equal(s.values_ms, 395); // nearest rank: the 4th of 8
  assert.equal(s.values_p95_ms, 650); // of 8, the slowest
  assert.equal(s.playable_min_ms, 370);
  assert.equal(s.playable_max_ms, 650);
  // What moved as the page loaded: nothing in most visits, and the most in any.
  assert.equal(s.layout_shift, 0);
  assert.equal(s.layout_shift_max, 0.08);
});

test("of twenty visits and more, the p95 leaves the slowest out", () => {
  const visits = Array.from({ length: 24 }, (_, i) => visit(300 + i * 10));
  assert.equal(summarize(visits).values_p95_ms, 520); // the 23rd of 24
});

test("a visit without values (a first visit) leaves them unsaid", () => {
  const s = summarize([{ ...visit(1150), values: null }, { ...visit(1160), values: null }]);
  assert.equal(s.values_ms, null);
  assert.equal(s.values_p95_ms, null);
});
