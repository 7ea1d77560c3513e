// How long each event of a move is shown (www/board/animation.js `paced`), on the engine's own
// traces: the README's long relay (South's hole 4 after 256353: 18 laps, then a necklace). At one
// device the laps after the sixth speed up; in a live game, where the friend waits for every move
// shown (`brisk`), the laps after the second are squeezed so that the whole relay is sown in a few
// seconds at Normal speed, its first laps and its captures keeping their time.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { paced } from "../../www/board/animation.js";
import { SPEEDS } from "../../www/board/speeds.js";

const { Game } = await loadEngine();

/** The trace of `hole` played after `record`. */
function traceOf(record, hole) {
  const game = Game.fromRecord(record, null);
  try {
    return game.preview(hole);
  } finally {
    game.free();
  }
}

const RELAY = traceOf("256353", 4);
const sum = (list) => list.reduce((a, b) => a + b, 0);
/** The lap each event is sown in (1 from the lift), and whether it is part of the sowing. */
function laps(trace) {
  let lap = 0;
  let sowing = false;
  return trace.map((e) => {
    if (e.event === "lift") [lap, sowing] = [1, true];
    if (e.event === "relay") lap = e.lap;
    if (e.event === "sowing_end") sowing = false;
    return { lap, sowing: sowing && e.event !== "sowing_end", event: e.event };
  });
}

test("the long relay's trace: eighteen laps, then a capture", () => {
  assert.equal(Math.max(...laps(RELAY).map((l) => l.lap)), 18);
  assert.ok(RELAY.some((e) => e.event === "capture"));
});

test("at one device: the first six laps at full length, then ever faster; nothing brisk", () => {
  const ms = SPEEDS.normal;
  const durations = paced(RELAY, ms);
  const at = laps(RELAY);
  for (const [i, d] of durations.entries()) {
    if (at[i].lap <= 6 && at[i].event === "drop") assert.equal(d, ms, `event ${i}`);
  }
  const lastDrop = at.findLastIndex((l) => l.event === "drop");
  assert.ok(durations[lastDrop] < ms / 2, "a late lap's seed falls faster");
});

test("in a live game: a relay of eighteen laps is sown within a few seconds at Normal speed, its first two laps as ever", () => {
  for (const speed of ["slow", "normal", "fast"]) {
    const ms = SPEEDS[speed];
    const calm = paced(RELAY, ms);
    const brisk = paced(RELAY, ms, { brisk: true });
    assert.equal(brisk.length, RELAY.length);
    const at = laps(RELAY);
    const sowing = (list) => sum(list.filter((_, i) => at[i].sowing));
    assert.ok(sowing(brisk) <= ms * 32 + 1, `${speed}: the sowing takes ${Math.round(sowing(brisk))} ms`);
    assert.ok(sowing(brisk) < sowing(calm), `${speed}: briskly is faster than at one device`);
    for (const [i, d] of brisk.entries()) {
      if (at[i].lap <= 2 || !at[i].sowing) assert.equal(d, calm[i], `${speed}: event ${i} (${at[i].event}, lap ${at[i].lap}) keeps its time`);
      assert.ok(d > 0, "every event is still shown, in order");
    }
  }
  const normal = sum(paced(RELAY, SPEEDS.normal, { brisk: true }));
  assert.ok(normal < 7000, `the whole move, captures too, at Normal: ${Math.round(normal)} ms`);
});

test("a short move is shown as at one device, brisk or not", () => {
  const short = traceOf("256353", 1);
  assert.deepEqual(paced(short, SPEEDS.normal, { brisk: true }), paced(short, SPEEDS.normal));
  assert.deepEqual(paced(short, 0, { brisk: true }), short.map(() => 0), "instant");
});
