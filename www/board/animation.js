// Plays a move's trace on a scene, event by event, with the controls a person needs: speed,
// pause, one event, one lap, skip to the end. Long relays speed up lap after lap so that no one is
// stuck watching; "instant" applies the whole trace at once.

import { applyEvent, cloneScene } from "./scene.js";

/** Milliseconds for one seed dropped, per speed. */
export const SPEEDS = { slow: 320, normal: 140, fast: 45, instant: 0 };

// How long each kind of event is shown, in seed drops.
const WEIGHT = {
  lift: 2, relay: 2, drop: 1, sowing_end: 3, capture: 4, turn_pass: 1.5,
  claim: 1.2, round_end: 4, fill: 0.8, round_start: 4, game_over: 2,
};

// Laps shown at full length before the pace picks up.
const CALM_LAPS = 6;

export class Animator {
  /**
   * @param {object} hooks
   * @param {(scene, motion) => void} hooks.onFrame draws a scene; `motion` describes the movement in
   *   progress ({event, from, t}) or is null
   * @param {() => void} hooks.onDone called once when the last event has been shown
   * @param {(event) => void} [hooks.onEvent] called as each event is applied
   */
  constructor({ onFrame, onDone, onEvent = () => {} }) {
    this.hooks = { onFrame, onDone, onEvent };
    this.speed = "normal";
    this.paused = false;
    this.scene = null;
    this.before = null; // the position the move shown was played from
    this.events = [];
    this.next = 0;
    this.frame = null;
  }

  /** True while a trace is being shown (also when paused). */
  get active() {
    return this.scene !== null;
  }

  /** Shows `trace` starting from `scene` (which is copied). */
  start(scene, trace) {
    this.cancel();
    this.paused = false;
    this.scene = cloneScene(scene);
    this.before = cloneScene(scene);
    this.events = trace;
    this.next = 0;
    this.slot = null;
    if (SPEEDS[this.speed] === 0) {
      this.skip();
      return;
    }
    this.hooks.onFrame(this.scene, null);
    this.schedule();
  }

  setSpeed(speed) {
    if (!(speed in SPEEDS)) throw new Error(`unknown speed '${speed}'`);
    this.speed = speed;
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
      const e = this.applyNext();
      if (e.event === "sowing_end") break;
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
    this.slot = null;
  }

  applyNext() {
    const event = this.events[this.next++];
    const from = this.scene.handAt;
    applyEvent(this.scene, event);
    this.hooks.onEvent(event, this.scene);
    this.slot = { event, from, start: performance.now(), elapsed: 0, duration: this.duration(event) };
    return event;
  }

  duration(event) {
    const base = SPEEDS[this.speed] * (WEIGHT[event.event] ?? 1);
    const lap = this.scene.lap;
    return lap > CALM_LAPS ? base * Math.max(0.06, CALM_LAPS / lap) : base;
  }

  // After a manual step: draw still, or finish when nothing is left.
  settle() {
    if (this.next >= this.events.length) this.finish();
    else this.hooks.onFrame(this.scene, null);
  }

  finish() {
    const scene = this.scene;
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

  tick(now) {
    this.frame = null;
    if (!this.active || this.paused) return;
    // Apply every event whose time has come (several per frame at high speed).
    let guard = 0;
    while (guard++ < 10000) {
      if (this.slot && now - this.slot.start < this.slot.duration) break;
      if (this.next >= this.events.length) {
        this.finish();
        return;
      }
      const carry = this.slot ? Math.min(now - this.slot.start - this.slot.duration, 250) : 0;
      this.applyNext();
      this.slot.start = now - Math.max(0, carry);
    }
    this.slot.elapsed = now - this.slot.start;
    const t = this.slot.duration > 0 ? Math.min(1, this.slot.elapsed / this.slot.duration) : 1;
    this.hooks.onFrame(this.scene, { event: this.slot.event, from: this.slot.from, t });
    this.schedule();
  }
}
