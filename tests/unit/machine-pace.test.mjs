// The phone's measurements say, visit by visit, how fast the machine was around the visit and
// what CPU its host took from it (scripts/machine-pace.mjs), so that a slow visit on a shared
// machine can be told from a slow build.

import { test } from "node:test";
import assert from "node:assert/strict";
import { cpuBetween, cpuTimes, pageFaults, probe, withMachine } from "../../scripts/machine-pace.mjs";

test("the machine's busy cores and the CPU its host took, between two readings", () => {
  const before = { at: 1000, busy: 5000, steal: 40 };
  // Two seconds: 3 CPU seconds busy (300 ticks), 120 ms of it taken by the host (12 ticks).
  assert.deepEqual(cpuBetween(before, { at: 3000, busy: 5300, steal: 52 }), { busy_cores: 1.5, stolen_ms: 120 });
  assert.deepEqual(cpuBetween(before, { at: 2000, busy: 5000, steal: 40 }), { busy_cores: 0, stolen_ms: 0 });
  // Without readings (no /proc/stat), nothing is said.
  assert.deepEqual(cpuBetween(null, null), { busy_cores: null, stolen_ms: null });
});

test("a measurement keeps what it found, with the machine's figures beside it", async () => {
  const measured = await withMachine(async () => ({ playable: 123 }));
  assert.equal(measured.playable, 123);
  assert.ok(measured.probe_ms > 0);
  if (cpuTimes() === null) {
    assert.equal(measured.stolen_ms, null);
  } else {
    assert.ok(measured.stolen_ms === null || measured.stolen_ms >= 0);
    assert.ok(measured.busy_cores === null || measured.busy_cores >= 0);
  }
});

test("the probe is a fixed piece of work, timed", () => {
  const ms = probe();
  assert.ok(Number.isFinite(ms) && ms > 0);
});

test("the machine's page faults are counted up, where they can be read", async () => {
  const before = pageFaults();
  const measured = await withMachine(async () => ({ kept: Array.from({ length: 50_000 }, (_, i) => i).length }));
  assert.equal(measured.kept, 50_000);
  if (before === null) assert.equal(measured.page_faults, null);
  else assert.ok(Number.isInteger(measured.page_faults) && measured.page_faults >= 0);
});
