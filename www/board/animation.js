// @ts-check
// Plays a move's trace on a scene, event by event, with the controls a person needs: speed,
// pause, one event, one lap, skip to the end. Long relays speed up lap after lap so that no one is
// stuck watching; "instant" applies the whole trace at once.

import { applyEvent, cloneScene } from "./scene.js";
import { SPEEDS } from "./speeds.js";
import { present } from "../lib/errors.js";

/** @import { TraceEvent, TraceEventName } from "../types/engine.js" */
/** @import { Scene } from "./scene.js" */
/** @typedef {import("./speeds.js").Speed} Speed */

/**
 * The movement in progress when a frame is drawn: the event being shown, the hole the hand comes
 * from (for a seed dropped), and how far it has gone, from 0 to 1.
 * @typedef {object} Motion
 * @property {TraceEvent} event
 * @property {number | null} from
 * @property {number} t
 */

/**
 * The event being shown: where the hand came from, since when and for how long (ms).
 * @typedef {object} Slot
 * @property {TraceEvent} event
 * @property {number | null} from
 * @property {number} start
 * @property {number} elapsed
 * @property {number} duration
 */

// How long each kind of event is shown, in seed drops.
/** @type {Record<TraceEventName, number>} */
const WEIGHT = {
  lift: 2, relay: 2, drop: 1, sowing_end: 3, capture: 4, turn_pass: 1.5,
  claim: 1.2, round_end: 4, fill: 0.8, round_start: 4, game_over: 2,
  // Parker's rule sets: a seed passing over a hole of three, the stop, four eaten, a hole tied,
  // the direction chosen, a round waiting for its direction, a short hole made.
  skip: 1, stop: 3, eat: 4, tie: 4, chosen: 3, choosing: 4, short: 3,
};

// Laps shown at full length before the pace picks up.
const CALM_LAPS = 6;
// Shown briskly (a live game, where the friend waits for every move shown): the laps after these
// are sown faster still, so that the sowing of a whole relay takes at most about this many drops'
// time (about 4.5 s at Normal speed) beyond its first laps'.
const BRISK_CALM_LAPS = 2;
const BRISK_DROPS = 32;

/**
 * How long each event of `trace` is shown, in ms, one seed's drop taking `ms`: each kind of event
 * its weight, the laps after the first few ever faster. `brisk`: the laps after the first two are
 * squeezed so that the sowing of the whole move stays within a few seconds; the sowing's end, the
 * captures and what follows keep their time. Pure: the trace is the engine's, replayed as it is.
 * @param {readonly TraceEvent[]} trace
 * @param {number} ms
 * @param {{brisk?: boolean}} [how]
 * @returns {number[]}
 */
export function paced(trace, ms, { brisk = false } = {}) {
  let lap = 1;
  let sowing = false;
  const laps = trace.map((event) => {
    if (event.event === "lift") {
      lap = 1;
      sowing = true;
    } else if (event.event === "relay") lap = event.lap;
    else if (event.event === "sowing_end" || event.event === "stop") sowing = false;
    return { lap, sowing: sowing && event.event !== "sowing_end" && event.event !== "stop" };
  });
  const durations = trace.map((event, i) => {
    const base = ms * (WEIGHT[event.event] ?? 1);
    const { lap: at } = laps[i];
    return at > CALM_LAPS ? base * Math.max(0.06, CALM_LAPS / at) : base;
  });
  if (!brisk) return durations;
  const later = (/** @type {number} */ i) => laps[i].sowing && laps[i].lap > BRISK_CALM_LAPS;
  let first = 0;
  let rest = 0;
  durations.forEach((d, i) => {
    if (later(i)) rest += d;
    else if (laps[i].sowing) first += d;
  });
  const limit = ms * BRISK_DROPS;
  if (first + rest <= limit || rest === 0) return durations;
  const squeeze = Math.max(limit - first, limit / 4) / rest;
  return squeeze >= 1 ? durations : durations.map((d, i) => (later(i) ? d * squeeze : d));
}

export class Animator {
  /**
   * @param {object} hooks
   * @param {(scene: Scene, motion: Motion | null) => void} hooks.onFrame draws a scene; `motion`
   *   describes the movement in progress or is null
   * @param {(scene: Scene) => void} hooks.onDone called once when the last event has been shown,
   *   with the scene at the end of the move
   * @param {(event: TraceEvent, scene: Scene) => void} [hooks.onEvent] called as each event is
   *   applied, with the scene after it
   */
  constructor({ onFrame, onDone, onEvent = () => {} }) {
    this.hooks = { onFrame, onDone, onEvent };
    /** @type {Speed} */
    this.speed = "normal";
    this.brisk = false; // long relays shown faster still (a live game): `paced`
    /** @type {number[]} how long each event of the move shown is shown, ms */
    this.durations = [];
    this.paused = false;
    /** @type {Scene | null} the scene being shown, null when no move is */
    this.scene = null;
    /** @type {Scene | null} */
    this.before = null; // the position the move shown was played from
    /** @type {readonly TraceEvent[]} */
    this.events = [];
    this.next = 0;
    /** @type {number | null} the animation frame asked for */
    this.frame = null;
    /** @type {Slot | null} */
    this.slot = null;
  }

  /** True while a trace is being shown (also when paused). */
  get active() {
    return this.scene !== null;
  }

  /**
   * Shows `trace` starting from `scene` (which is copied).
   * @param {Scene} scene
   * @param {readonly TraceEvent[]} trace
   */
  start(scene, trace) {
    this.cancel();
    this.paused = false;
    this.scene = cloneScene(scene);
    this.before = cloneScene(scene);
    this.events = trace;
    this.durations = paced(trace, SPEEDS[this.speed], { brisk: this.brisk });
    this.next = 0;
    this.slot = null;
    if (SPEEDS[this.speed] === 0) {
      this.skip();
      return;
    }
    this.hooks.onFrame(this.scene, null);
    this.schedule();
  }

  /**
   * Shows moves at `speed` from now on (the move being shown too).
   * @param {Speed} speed
   */
  setSpeed(speed) {
    if (!(speed in SPEEDS)) throw new Error(`unknown speed '${speed}'`);
    this.speed = speed;
    this.durations = paced(this.events, SPEEDS[speed], { brisk: this.brisk });
    if (this.active && SPEEDS[speed] === 0) this.skip();
  }

  pause() {
    this.paused = true;
    this.unschedule();
  }

  resume() {
    this.paused = false;
    if (this.active) {
      if (this.slot) this.slot.start = performance.now() - this.slot.elapsed;
      this.schedule();
    }
  }

  togglePause() {
    if (this.paused) this.resume();
    else this.pause();
  }

  /** Shows the next event at once and pauses there. */
  stepEvent() {
    if (!this.active) return;
    this.pause();
    this.applyNext();
    this.settle();
  }

  /** Shows every event up to the start of the next lap (or the end of the move), then pauses. */
  stepLap() {
    if (!this.active) return;
    this.pause();
    while (this.next < this.events.length) {
      const e = this.applyNext().event;
      if (e.event === "sowing_end" || e.event === "stop") break;
      if (e.event === "relay" && this.next > 1) break;
    }
    this.settle();
  }

  /** Shows the end of the move at once. */
  skip() {
    if (!this.active) return;
    this.unschedule();
    while (this.next < this.events.length) this.applyNext();
    this.slot = null;
    this.finish();
  }

  /** Stops without showing the rest (the caller draws the state itself). */
  cancel() {
    this.unschedule();
    this.scene = null;
    this.before = null;
    this.events = [];
    this.durations = [];
    this.slot = null;
  }

  /** The scene of the move being shown; only called while one is. */
  shown() {
    return present(this.scene, "no move is being shown");
  }

  /**
   * Applies the next event to the scene shown, and starts its slot of time.
   * @returns {Slot}
   */
  applyNext() {
    const scene = this.shown();
    const event = this.events[this.next++];
    const from = scene.handAt;
    applyEvent(scene, event);
    this.hooks.onEvent(event, scene);
    this.slot = { event, from, start: performance.now(), elapsed: 0, duration: this.durations[this.next - 1] ?? 0 };
    return this.slot;
  }

  // After a manual step: draw still, or finish when nothing is left.
  settle() {
    if (this.next >= this.events.length) this.finish();
    else this.hooks.onFrame(this.shown(), null);
  }

  finish() {
    const scene = this.shown();
    this.scene = null;
    this.before = null;
    this.hooks.onFrame(scene, null);
    this.hooks.onDone(scene);
  }

  schedule() {
    if (this.frame === null && !this.paused) this.frame = requestAnimationFrame((now) => this.tick(now));
  }

  unschedule() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  /** @param {number} now the frame's time, in ms */
  tick(now) {
    this.frame = null;
    if (!this.active || this.paused) return;
    // Apply every event whose time has come (several per frame at high speed).
    let slot = this.slot;
    let guard = 0;
    while (guard++ < 10000) {
      if (slot && now - slot.start < slot.duration) break;
      if (this.next >= this.events.length) {
        this.finish();
        return;
      }
      const carry = slot ? Math.min(now - slot.start - slot.duration, 250) : 0;
      slot = this.applyNext();
      slot.start = now - Math.max(0, carry);
    }
    if (!slot) return; // (never: the loop shows an event or finishes)
    slot.elapsed = now - slot.start;
    const t = slot.duration > 0 ? Math.min(1, slot.elapsed / slot.duration) : 1;
    this.hooks.onFrame(this.shown(), { event: slot.event, from: slot.from, t });
    this.schedule();
  }
}
