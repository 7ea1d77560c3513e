// @ts-check
// The lesson (the Learn button, or `?lesson=1`, in an embed too): seven steps, each a position set
// up for the purpose and a move to make there — sowing, a relay, where a sowing stops, a capture, a
// pearl necklace, the end when a player cannot move, and who wins. The positions, the moves and
// what they do come from the engine (`lesson()`, tested there); each move is played and animated
// like any other, at a teaching pace. A wrong move is explained and taken back. Progress is kept
// in the browser (not in an embed, which keeps nothing).
//
// The panel `#lesson` publishes `data-step` (1-based), `data-steps`, `data-topic` and
// `data-state`: `ready` (waiting for the move), `wrong` (a wrong move was shown), `done` (the
// step's move was made) — see docs/page-contract.md.

import { onLanguageChange, t } from "../i18n/index.js";
import { summarize } from "../board/scene.js";
import { holeIndex } from "../board/holes.js";
import { instruction, mistake, success, topicTitle } from "./lesson-words.js";
import { lessonSteps } from "./lesson-steps.js";
import { announce } from "../ui/ui.js";
import { readJson, writeJson } from "../lib/choices.js";
import { $ } from "../lib/dom.js";

/** @import { GameState, Side, StartPosition, TraceEvent } from "../types/engine.js" */
/** @import { SetupView } from "../types/engine.js" */
/** @import { Speed } from "../board/animation.js" */
/** @import { HtmlPageId } from "../types/page.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * What a lesson or the puzzles read of the game's controller (game/app.js) and ask of it: to put
 * a position on the board for practice (`startTraining`, `trainOn`), to take a move back, to play
 * one, to stop taking the person's moves, and to leave practice again.
 * @typedef {object} TrainerController
 * @property {GameState} state
 * @property {Training | null} training
 * @property {{number: number, trace: TraceEvent[]} | null} shown the move shown last
 * @property {{speed: Speed}} animator
 * @property {(speed: Speed) => void} setSpeed
 * @property {(training: Training) => void} startTraining
 * @property {(game: {start?: StartPosition | null, record?: string}) => void} trainOn
 * @property {() => string | Message | null} endTraining what went wrong with the game that comes back, or null
 * @property {(on: boolean) => void} setViewOnly
 * @property {() => void} undo
 * @property {(ply: number) => void} goTo
 * @property {(number: number, options: {announce: boolean}) => void} move
 * @property {() => void} changed
 */
/**
 * A lesson or the puzzles on the board (game/kinds/training.js): the side the board is seen from,
 * what follows a move shown, the holes to ring and the values to write on them.
 * @typedef {object} Training
 * @property {() => Side} side
 * @property {(app: TrainerController) => void} moveShown
 * @property {() => {hint: number | null, end: number | null} | null} rings
 * @property {() => Map<number, {text: string, best: boolean}> | null} [values]
 */
/** Progress kept between visits: the step to open at, and the steps done. @typedef {{at: number, done: number[]}} Progress */

const PROGRESS_KEY = "walak-pussa.lesson";
// Slow enough to follow each seed; a person who asked for reduced motion keeps their own speed.
/** @type {Speed} */
const TEACHING_SPEED = "slow";


/**
 * A step's position as the page begins a game from it: the engine's set-up without the defaults
 * it writes out too (every step is a single game, in its first round, every hole in play).
 * @param {SetupView} setup
 * @returns {StartPosition}
 */
const startOf = ({ board, reserves, to_move }) => ({ board, reserves, to_move });

/**
 * The remembered progress: `{at, done}` (step indices), or a fresh start.
 * @returns {Progress}
 */
function readProgress() {
  const saved = /** @type {any} */ (readJson(PROGRESS_KEY)); // whatever was kept, checked here
  if (Number.isInteger(saved?.at) && Array.isArray(saved.done)) return { at: saved.at, done: saved.done.filter(Number.isInteger) };
  return { at: 0, done: [] };
}

export class Lesson {
  /**
   * The steps are the engine's `lesson()` (lesson-steps.js). `remember`: whether progress is kept
   * (not in an embed).
   * `speed`: the animation's speed in the lesson (an address that names one keeps it).
   * `onLeave(problem)` after the lesson is left; `onPlay()` and `onPuzzle()` when the person asks
   * for a game or a puzzle at its end.
   * @param {TrainerController} app
   * @param {{remember?: boolean, speed?: Speed, onLeave?: (problem: string | Message | null) => void, onPlay?: () => void,
   *   onPuzzle?: () => void}} [options]
   */
  constructor(app, { remember = true, speed = TEACHING_SPEED, onLeave = () => {}, onPlay = () => {}, onPuzzle = () => {} } = {}) {
    this.app = app;
    this.speed = speed;
    this.steps = lessonSteps();
    this.remember = remember;
    this.hooks = { onLeave, onPlay, onPuzzle };
    this.progress = remember ? readProgress() : { at: 0, done: [] };
    this.index = 0;
    /** @type {"ready" | "wrong" | "done"} */
    this.state = "ready";
    this.said = ""; // what the last move did, as the panel says it
    this.showHole = false; // "Show me" rings the step's hole
    /** @type {Speed} the speed before the lesson, given back when it is left */
    this.speedBefore = app.animator.speed;
    this.panel = $("lesson");
    const on = (/** @type {HtmlPageId} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("lesson-close", () => this.leave());
    on("lesson-previous", () => this.go(this.index - 1));
    on("lesson-next", () => this.go(this.index + 1));
    on("lesson-restart", () => this.go(this.index));
    on("lesson-retry", () => this.takeBack(false));
    on("lesson-show", () => this.takeBack(true));
    on("lesson-again", () => this.go(0));
    on("lesson-play", () => this.hooks.onPlay());
    on("lesson-puzzle", () => this.hooks.onPuzzle());
    onLanguageChange(() => this.open && this.render());
    /** What the lesson decides of the board while it is open (game/kinds/training.js). @type {Training} */
    this.training = {
      side: () => "south",
      moveShown: (app) => this.moveShown(app),
      rings: () => this.rings(),
    };
  }

  get open() {
    return this.app.training === this.training;
  }

  get step() {
    return this.steps[this.index];
  }

  /**
   * Opens the lesson at `index`, or where the person left it.
   * @param {number} [index]
   */
  enter(index = this.progress.at) {
    if (!this.open) {
      this.speedBefore = this.app.animator.speed;
      const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (!reduced) this.app.setSpeed(this.speed);
      this.app.startTraining(this.training);
      document.documentElement.dataset.trainer = "lesson";
      this.panel.hidden = false;
    }
    this.go(Math.min(Math.max(0, index), this.steps.length - 1));
  }

  /** Leaves the lesson: the game the person was playing comes back. */
  leave() {
    if (!this.open) return;
    this.panel.hidden = true;
    delete document.documentElement.dataset.trainer;
    const problem = this.app.endTraining();
    this.app.setSpeed(this.speedBefore);
    this.hooks.onLeave(problem);
  }

  /**
   * Sets up step `index` (again).
   * @param {number} index
   */
  go(index) {
    if (index < 0 || index >= this.steps.length) return;
    this.index = index;
    this.state = "ready";
    this.said = "";
    this.showHole = false;
    this.keep({ at: index });
    this.app.trainOn({ start: startOf(this.step.setup) });
    this.render();
    $("lesson-topic").focus({ preventScroll: true });
  }

  /**
   * After a move has been shown: the step done, or what the move did instead.
   * @param {TrainerController} app
   */
  moveShown(app) {
    if (!app.shown) return; // (a move has just been shown)
    const { number, trace } = app.shown;
    app.setViewOnly(true); // the step waits for Next, Try again or Show me
    if (number === this.step.hole) {
      this.state = "done";
      this.said = success(this.step);
      this.keep({ done: [...new Set([...this.progress.done, this.index])] });
    } else {
      this.state = "wrong";
      this.said = mistake(this.step, number, summarize(trace), app.state);
    }
    this.render();
    announce(this.said);
    // At the end, a puzzle (an embed offers only the lesson again).
    const end = this.remember ? "lesson-puzzle" : "lesson-again";
    const next = this.state === "wrong" ? "lesson-retry" : this.last ? end : "lesson-next";
    // Into view if it is not (a phone's board may fill the screen).
    $(next).focus();
  }

  get last() {
    return this.index === this.steps.length - 1;
  }

  /**
   * Takes a wrong move back; with `show`, the board rings the step's hole.
   * @param {boolean} show
   */
  takeBack(show) {
    this.app.undo();
    this.app.setViewOnly(false);
    this.state = "ready";
    this.showHole = show;
    this.said = show ? t("lesson.shown", { hole: this.step.hole }) : "";
    this.render();
    if (show) announce(this.said);
    this.app.changed();
    $("lesson-topic").focus({ preventScroll: true });
  }

  /** The holes the board rings for the step: its hole to play (named or shown), its target. */
  rings() {
    if (!this.open || this.state !== "ready") return null;
    const { hole, find, target, setup } = this.step;
    return { hint: !find || this.showHole ? holeIndex(setup.to_move, hole) : null, end: target };
  }

  /** @param {Partial<Progress>} change */
  keep(change) {
    Object.assign(this.progress, change);
    if (this.remember) writeJson(PROGRESS_KEY, this.progress);
  }

  render() {
    const step = this.step;
    const panel = this.panel.dataset;
    panel.step = String(this.index + 1);
    panel.steps = String(this.steps.length);
    panel.topic = step.topic;
    panel.state = this.state;
    $("lesson-progress").textContent = t("lesson.progress", { step: this.index + 1, steps: this.steps.length });
    const dots = $("lesson-dots");
    dots.replaceChildren(...this.steps.map((_, i) => {
      const dot = document.createElement("li");
      dot.dataset.done = String(this.progress.done.includes(i));
      if (i === this.index) dot.setAttribute("aria-current", "step");
      return dot;
    }));
    $("lesson-topic").textContent = topicTitle(step);
    $("lesson-instruction").textContent = instruction(step);
    const done = this.state === "done";
    const complete = done && this.last;
    $("lesson-said").textContent = complete ? `${this.said} ${t("lesson.complete")}` : this.said;
    $("lesson-said").dataset.kind = this.state;
    const show = (/** @type {HtmlPageId} */ id, /** @type {boolean} */ visible) => {
      $(id).hidden = !visible;
    };
    show("lesson-retry", this.state === "wrong");
    show("lesson-show", this.state === "wrong" && step.find);
    // Next is there once the step is done, now or on an earlier visit.
    show("lesson-next", (done || this.progress.done.includes(this.index)) && !this.last);
    show("lesson-play", complete);
    show("lesson-puzzle", complete);
    show("lesson-again", complete);
    $("lesson-previous").disabled = this.index === 0;
  }
}
