// @ts-check
// Sound and vibration for the moves shown ("feel"): a soft wooden tock for each seed dropped into
// a hole, a gentle lift when a lap picks up a hole's seeds, a bead-like chime for each capture (a
// necklace rings as a rising run), a soft chord when a game ends, and a short vibration on a
// capture. Everything is synthesised with the Web Audio API: no sound files, nothing fetched.
//
// Both are off by default and remembered. Sound only ever starts after a gesture (browsers refuse
// an AudioContext before one), never plays while the page is hidden, and never vibrates when the
// person asked their system for reduced motion. An embedded game makes neither: its visitor never
// chose them, so the choices are not offered there.
//
// The animator applies a move's events one at a time, or several at once (several per frame when
// fast, the whole move at the "instant" speed or on Skip). Events applied together are heard as
// one sound, the most telling of them, so a fast lap never sounds like a machine gun and an
// instant move makes at most one sound.

import { readChoice, writeChoice } from "../lib/choices.js";
import { t } from "../i18n/index.js";

/** @import { TraceEvent } from "../types/engine.js" */
/** @import { Scene } from "./scene.js" */

export const SOUND_KEY = "walak-pussa.sound";
export const VIBRATION_KEY = "walak-pussa.vibration";

// (Older Safari names it webkitAudioContext.)
/** @type {typeof AudioContext | null} */
const AudioContextClass = globalThis.AudioContext ?? /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext ?? null;
const canVibrate = typeof globalThis.navigator?.vibrate === "function";
const reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)") ?? { matches: false };

// Sounds of one kind closer together than `min` ms are dropped (at the fast speed, and in the
// late laps of a long relay, which speed up), and their loudness grows with the time since the
// last one, up to full at `calm` ms (a seed dropped, or a lap lifted, at normal speed).
const SPACING = { tock: { min: 30, calm: 140 }, lift: { min: 80, calm: 280 } };
/** @typedef {keyof typeof SPACING} Spaced */

// The bead chime climbs a major pentatonic scale, one step per bead of the necklace.
const BEAD_STEPS = [1, 9 / 8, 5 / 4, 3 / 2, 5 / 3, 2, 9 / 4, 5 / 2, 3, 10 / 3, 4];
const BEAD_BASE_HZ = 880;
// A soft major chord (C4 E4 G4 C5) at the end of a game.
const CHORD_HZ = [261.63, 329.63, 392.0, 523.25];

/**
 * Events applied in the same task, heard as one: seeds dropped, the most seeds lifted, the beads
 * taken and the last bead's number, and whether the game ended.
 * @typedef {{drops: number, lifted: number, beads: number, bead: number, over: boolean}} Batch
 */

const feel = {
  sound: false,
  vibration: false,
  embedded: false,
  /** @type {AudioContext | null} the AudioContext, made at the first gesture with sound on */
  context: null,
  /** @type {GainNode | null} every voice goes through this gain */
  master: null,
  /** @type {AudioBuffer | null} a short buffer of white noise, for the lift and the tock's click */
  noise: null,
  /** @type {Batch | null} events applied in the same task, heard as one */
  batch: null,
  /** @type {Record<Spaced, number>} when each kind of sound was last made */
  last: { tock: -Infinity, lift: -Infinity },
};

/**
 * Wires the Sound and Vibrate choices (checkboxes) and restores what was chosen. In an embed
 * they are taken off the page and both stay off.
 * @param {HTMLInputElement | null} soundBox
 * @param {HTMLInputElement | null} vibrationBox
 * @param {{embedded?: boolean}} [options]
 */
export function wire(soundBox, vibrationBox, { embedded = false } = {}) {
  feel.embedded = embedded;
  if (embedded) {
    feel.sound = false;
    feel.vibration = false;
    soundBox?.closest("label")?.remove();
    vibrationBox?.closest("label")?.remove();
    return;
  }
  if (soundBox) {
    labelOf(soundBox).hidden = AudioContextClass === null;
    // A choice remembered from another visit waits for the first gesture to start the sound.
    soundBox.checked = readChoice(SOUND_KEY);
    feel.sound = soundBox.checked;
    // The change is a gesture: the browser lets the AudioContext start now.
    soundBox.addEventListener("change", () => setSound(soundBox.checked));
  }
  if (vibrationBox) {
    labelOf(vibrationBox).hidden = !canVibrate;
    feel.vibration = readChoice(VIBRATION_KEY);
    vibrationBox.addEventListener("change", () => setVibration(vibrationBox.checked));
    const follow = () => showVibrationChoice(vibrationBox);
    follow();
    reducedMotion.addEventListener?.("change", follow);
  }
  // Later gestures start the sound (a choice remembered from another visit) or wake it (a
  // context the browser suspended).
  addEventListener("pointerdown", wakeAudio, { capture: true, passive: true });
  addEventListener("keydown", wakeAudio, { capture: true, passive: true });
}

/**
 * The label a choice's checkbox is in (index.html puts each in one, with its words).
 * @param {HTMLInputElement} box
 */
function labelOf(box) {
  const label = box.closest("label");
  if (!label) throw new Error(`#${box.id} is in no label`);
  return label;
}

/**
 * Turns sound on or off, and remembers it; called from a gesture. Never in an embed.
 * @param {boolean} on
 */
export function setSound(on) {
  feel.sound = on && !feel.embedded;
  if (!feel.embedded) writeChoice(SOUND_KEY, on);
  if (feel.sound) wakeAudio();
  else if (feel.context?.state === "running") feel.context.suspend().catch(() => {});
}

/**
 * Turns vibration on captures on or off, and remembers it. Never in an embed.
 * @param {boolean} on
 */
export function setVibration(on) {
  feel.vibration = on && !feel.embedded;
  if (!feel.embedded) writeChoice(VIBRATION_KEY, on);
}

// With reduced motion the choice is shown off and disabled, and its title says why; the choice
// made before is kept for when the preference is lifted.
/**
 * @param {HTMLInputElement} box
 */
function showVibrationChoice(box) {
  const label = labelOf(box);
  const key = reducedMotion.matches ? "control.vibrationReduced" : "control.vibrationTitle";
  box.disabled = reducedMotion.matches;
  box.checked = feel.vibration && !reducedMotion.matches;
  label.dataset.i18nTitle = key;
  label.title = t(key);
}

/**
 * Called for each event of a move as the animator applies it, with the scene after it.
 * @param {TraceEvent} e
 * @param {Scene} [scene]
 */
export function event(e, scene) {
  if (!feel.sound && !feel.vibration) return;
  if (feel.batch === null) {
    feel.batch = { drops: 0, lifted: 0, beads: 0, bead: 0, over: false };
    queueMicrotask(flush);
  }
  const batch = feel.batch;
  switch (e.event) {
    case "drop":
    case "fill":
    case "claim":
      batch.drops += 1;
      break;
    case "lift":
    case "relay":
      batch.lifted = Math.max(batch.lifted, e.seeds);
      break;
    case "capture":
      batch.beads += 1;
      batch.bead = Math.max(batch.bead, e.bead ?? scene?.captured?.length ?? 1);
      break;
    case "game_over":
      batch.over = true;
      break;
    default:
      break;
  }
}

function flush() {
  const batch = feel.batch;
  feel.batch = null;
  if (batch === null || document.hidden) return;
  if (batch.beads > 0) vibrate(batch.beads);
  const ctx = feel.sound ? feel.context : null;
  if (!ctx || ctx.state !== "running") return;
  const at = ctx.currentTime + 0.01;
  try {
    if (batch.over) chord(ctx, at);
    else if (batch.beads > 0) bead(ctx, at, batch.bead);
    else if (batch.lifted > 0) lift(ctx, at, batch.lifted);
    else if (batch.drops > 0) tock(ctx, at);
  } catch (error) {
    // A sound is a nicety: a browser that refuses one must not stop the game.
    console.warn("walak: a sound could not be played:", error);
  }
}

// One pulse per bead (up to five), never with reduced motion, and only once the person has
// touched the page (browsers refuse it before).
/**
 * @param {number} beads
 */
function vibrate(beads) {
  if (!feel.vibration || !canVibrate || reducedMotion.matches) return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  const pattern = [];
  for (let i = 0; i < Math.min(beads, 5); i++) pattern.push(...(i === 0 ? [35] : [45, 35]));
  try {
    navigator.vibrate(pattern);
  } catch {
    // Vibration is a nicety too.
  }
}

// ── Audio ──────────────────────────────────────────────────────────────────────────────────────

// Makes the AudioContext, or resumes it; only ever from a gesture (or a change of the choice,
// which is one), so the browser lets it run.
function wakeAudio() {
  if (!feel.sound || AudioContextClass === null) return;
  if (feel.context === null) {
    try {
      const ctx = new AudioContextClass();
      const master = ctx.createGain();
      master.gain.value = 0.6;
      master.connect(ctx.destination);
      feel.context = ctx;
      feel.master = master;
    } catch (error) {
      console.warn("walak: sound is not available:", error);
      return;
    }
  }
  // "suspended", or "interrupted" (Safari, after a phone call or another app's sound).
  const { state } = feel.context;
  if (state !== "running" && state !== "closed") feel.context.resume().catch(() => {});
}

// How loud a sound of `kind` may be now, from 0.3 to 1; 0 when it would come too soon after the last.
/**
 * @param {Spaced} kind
 */
function spaced(kind) {
  const { min, calm } = SPACING[kind];
  const now = performance.now();
  const gap = now - feel.last[kind];
  if (gap < min) return 0;
  feel.last[kind] = now;
  return Math.min(1, Math.max(0.3, gap / calm));
}

// A gain envelope: silent, up to `peak` in `attack` seconds, then dying away over `decay`.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {number} peak
 * @param {number} attack
 * @param {number} decay
 */
function envelope(ctx, at, peak, attack, decay) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  if (feel.master) gain.connect(feel.master); // (made with the context, before any sound)
  return gain;
}

/**
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {{type?: OscillatorType, hz: number, peak: number, attack: number, decay: number, fromHz?: number, glide?: number}} voice
 */
function tone(ctx, at, { type = "sine", hz, peak, attack, decay, fromHz = hz, glide = 0 }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(fromHz, at);
  if (glide > 0) osc.frequency.exponentialRampToValueAtTime(hz, at + glide);
  osc.connect(envelope(ctx, at, peak, attack, decay));
  osc.start(at);
  osc.stop(at + attack + decay + 0.05);
}

/**
 * @param {AudioContext} ctx
 */
function noiseBuffer(ctx) {
  if (feel.noise === null) {
    const length = Math.floor(ctx.sampleRate * 0.4);
    const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
    feel.noise = buffer;
  }
  return feel.noise;
}

// Filtered noise: the rustle of seeds, or the click of one hitting wood.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {{fromHz: number, toHz: number, q: number, peak: number, attack: number, decay: number}} voice
 */
function rustle(ctx, at, { fromHz, toHz, q, peak, attack, decay }) {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = q;
  filter.frequency.setValueAtTime(fromHz, at);
  filter.frequency.exponentialRampToValueAtTime(toHz, at + attack + decay);
  source.connect(filter);
  filter.connect(envelope(ctx, at, peak, attack, decay));
  // From a different place in the noise each time, so that no two sound quite alike.
  source.start(at, Math.random() * 0.05);
  source.stop(at + attack + decay + 0.05);
}

// A seed dropped into a hole: a short hollow knock that falls in pitch, with a faint click. Each
// is a little higher or lower than the last, and quieter the faster they come.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 */
function tock(ctx, at) {
  const loudness = spaced("tock");
  if (loudness === 0) return;
  const hz = 420 * (0.92 + Math.random() * 0.16);
  tone(ctx, at, { type: "triangle", fromHz: hz * 1.6, hz, glide: 0.018, peak: 0.32 * loudness, attack: 0.003,
    decay: 0.09 });
  rustle(ctx, at, { fromHz: 2600, toHz: 1800, q: 3, peak: 0.05 * loudness, attack: 0.001, decay: 0.02 });
}

// A hole's seeds gathered into the hand: a soft rising rustle, a little longer for a full hole.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {number} seeds
 */
function lift(ctx, at, seeds) {
  const loudness = spaced("lift");
  if (loudness === 0) return;
  const decay = 0.12 + Math.min(seeds, 20) * 0.006;
  rustle(ctx, at, { fromHz: 500, toHz: 1700, q: 1.2, peak: 0.16 * loudness, attack: 0.03, decay });
}

// A bead of the necklace: a small bright bell, one step higher for each bead taken.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {number} number
 */
function bead(ctx, at, number) {
  const hz = BEAD_BASE_HZ * BEAD_STEPS[Math.min(Math.max(number, 1), BEAD_STEPS.length) - 1];
  tone(ctx, at, { hz, peak: 0.2, attack: 0.004, decay: 0.5 });
  tone(ctx, at, { hz: hz * 2.76, peak: 0.05, attack: 0.002, decay: 0.18 });
}

// The end of a game: a soft chord that swells and fades.
/**
 * @param {AudioContext} ctx
 * @param {number} at
 */
function chord(ctx, at) {
  for (const hz of CHORD_HZ) tone(ctx, at, { hz, peak: 0.07, attack: 0.06, decay: 1.6 });
}
