// What the machine was doing around a measurement, so that a slow visit can be told from a slow
// build: the time of a fixed piece of work (`probe`, a few milliseconds of arithmetic, run just
// before and just after; right after a visit it also times the browser's own work that follows
// the visit, so it is slower there than on an idle machine), and, from Linux's /proc/stat, how
// busy the machine was and the CPU a virtual machine's host took from it ("steal"), which no
// process here sees; from /proc/vmstat, the machine's page faults during the visit, which went
// with the slow visits (the browser starting the page's process, it seems). Only those two files
// are read: reading every process's own accounting (/proc/PID/stat) around a visit was tried and
// made the visit after it about 0.2 s slower. Where they cannot be read (not Linux), their figures
// are null.

import { readFileSync } from "node:fs";

/** Clock ticks a second, as /proc/stat counts CPU time (USER_HZ, 100 on Linux's usual builds). */
const TICKS = 100;

/** The machine's CPU time so far, in ticks, every core's: busy (not idle, not waiting for I/O) and stolen by the host. */
export function cpuTimes() {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is counted in user's already)
    const [user, nice, system, , , irq, softirq, steal = 0] = fields.map(Number);
    return { at: performance.now(), busy: user + nice + system + irq + softirq, steal };
  } catch {
    return null;
  }
}

/**
 * What the machine did between two readings: its busy cores (CPU seconds a second, every process
 * here: the measurement's own and any other) and the CPU the host took from it, in milliseconds
 * over all its cores; null without readings.
 * @param {ReturnType<typeof cpuTimes>} before
 * @param {ReturnType<typeof cpuTimes>} after
 * @returns {{busy_cores: number | null, stolen_ms: number | null}}
 */
export function cpuBetween(before, after) {
  if (!before || !after || after.at <= before.at) return { busy_cores: null, stolen_ms: null };
  const seconds = (after.at - before.at) / 1000;
  return {
    busy_cores: Math.round(((after.busy - before.busy) / TICKS / seconds) * 100) / 100,
    stolen_ms: ((after.steal - before.steal) * 1000) / TICKS,
  };
}

/**
 * Page faults so far, the whole machine's (Linux's /proc/vmstat `pgfault`), or null. The slow
 * returning visits of 7 December at 18:30 made about twice the faults of the others (27–28
 * thousand against 13–14) and came about 0.2 s later: the browser starting the page's process
 * afresh, it seems, which cannot be told from outside with certainty (docs/measurements.md).
 */
export function pageFaults() {
  try {
    const line = readFileSync("/proc/vmstat", "utf8").split("\n").find((row) => row.startsWith("pgfault "));
    return line ? Number(line.slice("pgfault ".length)) : null;
  } catch {
    return null;
  }
}

/**
 * The time of a fixed piece of work (three million steps of a xorshift generator, about 6 ms on an
 * idle core of the machine these figures were first taken on), in milliseconds: the machine's pace.
 */
export function probe() {
  const started = performance.now();
  let x = 2463534242;
  for (let i = 0; i < 3_000_000; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  const ms = performance.now() - started;
  // (The result is used, so that the work is not left out.)
  return x === 0 ? ms + 0.001 : ms;
}

/**
 * Runs `measure` and adds to what it resolves how fast the machine was around it (`probe_ms`, the
 * probe's time before and after, averaged) and what it did meanwhile (`busy_cores`, `stolen_ms`,
 * `page_faults`).
 * @template {object} T
 * @param {() => Promise<T>} measure
 * @returns {Promise<T & {probe_ms: number, busy_cores: number | null, stolen_ms: number | null, page_faults: number | null}>}
 */
export async function withMachine(measure) {
  const before = probe();
  const times = cpuTimes();
  const faults = pageFaults();
  const result = await measure();
  const during = cpuBetween(times, cpuTimes());
  const faultsAfter = pageFaults();
  const page_faults = faults === null || faultsAfter === null ? null : faultsAfter - faults;
  const probe_ms = Math.round(((before + probe()) / 2) * 100) / 100;
  return { ...result, probe_ms, ...during, page_faults };
}
