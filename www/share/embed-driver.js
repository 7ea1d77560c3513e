// The game in an embed's frame (embed.js reads the address and lays the frame out): the game the
// address asks for, and the driver of a demo or a loop. Loaded with the engine, and only in a frame.
// Every move goes through the controller (app.js) and the engine; the demo's moves come from the
// computer player's worker, as against a person.

import { readLink } from "./share.js";
import { msg } from "../i18n/index.js";
import { PROBLEM, demoCaption, embedProblems, loopCaption } from "./embed-words.js";
import { ICONS, svgIcon } from "./embed.js";

// Pauses, in milliseconds, so that people can follow: between two moves of a demo (per animation
// speed), after a demo's game is over, and before and after each showing of a looped move.
const DEMO_BETWEEN_MOVES = { slow: 1400, normal: 900, fast: 500, instant: 900 };
const DEMO_GAME_OVER = 5000;
const LOOP_BEFORE = 1000;
const LOOP_AFTER = 1800;

/**
 * Sets up the embedded game once the engine is there, and drives a demo or a loop. `setup` is the
 * new-game set-up the address asks for (url.js), or null. Returns the driver, whose `changed()`
 * the page calls after every change it draws, and the notice of the problems found (a message),
 * or null.
 */
export function startEmbed(app, options, setup, { buttons, showCaption, relabel }) {
  const problems = [...options.problems];
  let start = { setup: { mode: "two", ...(setup ?? {}) }, record: "", redo: "", position: null };
  const link = readLink(location.hash);
  let kind = options.kind;
  if (link?.error) {
    problems.push(PROBLEM.link(link.error));
    // A move of another position would mislead: show the opening, still.
    if (kind === "loop") kind = "game";
  } else if (link) {
    start = {
      setup: { ...start.setup, ...link.options },
      record: link.moves.slice(0, link.at),
      redo: link.moves.slice(link.at),
      position: link.start, // a position set up by hand, or null for the opening
    };
  }
  // Nobody plays against the computer in a frame that only shows.
  if (options.view) start.setup = { ...start.setup, mode: "two" };
  app.viewOnly = options.view;
  app.newGame(start.setup, start.record, start.redo, start.position);

  if (kind === "loop") {
    const side = app.state.to_move;
    let reason = null;
    if (app.state.status !== "playing") reason = PROBLEM.loopOver;
    else {
      try {
        app.game.preview(options.loop);
      } catch (error) {
        reason = PROBLEM.loopMove(side, options.loop, error.message);
      }
    }
    if (reason) {
      problems.push(reason);
      kind = "game";
    } else {
      showCaption(loopCaption(side, options.loop));
    }
  }
  if (kind === "demo") showCaption(demoCaption(options.demo));
  if (kind === "game" && buttons.pause) buttons.pause.hidden = true;
  // Holes that can never be played here stay out of the keyboard's way; the canvas's label tells
  // a screen reader the board's counts, and the hole buttons keep their names.
  if (app.viewOnly) for (const hole of document.querySelectorAll("button.hole")) hole.tabIndex = -1;

  const driver = new Driver(app, kind, { levels: options.demo, hole: options.loop, start, buttons, relabel });
  return { driver, problems: problems.length > 0 ? embedProblems(problems) : null };
}

/** Plays the demo's computer moves or the looped move, pausing between them; the pause button stops both. */
class Driver {
  constructor(app, kind, { levels, hole, start, buttons, relabel }) {
    this.app = app;
    this.kind = kind;
    this.levels = levels;
    this.hole = hole;
    this.start = start;
    this.buttons = buttons;
    this.relabel = relabel;
    this.paused = false;
    this.busy = false; // a pause or a search is under way
    this.timer = null;
    this.answer = null; // {record, number}: a demo move found while paused
    this.baseLength = app.state.record.length; // the looped move's position

    buttons.undo?.addEventListener("click", () => app.undo());
    buttons.restart?.addEventListener("click", () => this.restartGame());
    buttons.pause?.addEventListener("click", () => this.togglePause());
    for (const button of Object.values(buttons)) button.disabled = false;
    this.changed();
  }

  /** Called after every change the page draws: schedules what comes next. */
  changed() {
    const { app, buttons } = this;
    if (buttons.undo) buttons.undo.disabled = !app.state.can_undo;
    if (buttons.pause && buttons.pause.getAttribute("aria-pressed") !== String(this.paused)) {
      buttons.pause.setAttribute("aria-pressed", String(this.paused));
      buttons.pause.replaceChildren(svgIcon(this.paused ? ICONS.play : ICONS.pause));
      this.relabel();
    }
    if (this.kind === "demo") this.stepDemo();
    else if (this.kind === "loop") this.stepLoop();
  }

  wait(ms, then) {
    this.busy = true;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.busy = false;
      then();
    }, ms);
  }

  stepDemo() {
    const { app } = this;
    if (this.busy || this.paused || app.animating) return;
    if (this.answer) {
      const { record, number } = this.answer;
      this.answer = null;
      if (record === app.state.record) app.move(number);
      return;
    }
    if (app.state.status === "game_over") this.wait(DEMO_GAME_OVER, () => this.restartGame());
    else this.wait(DEMO_BETWEEN_MOVES[app.animator.speed], () => this.thinkDemo());
  }

  async thinkDemo() {
    const { app } = this;
    const record = app.state.record;
    const level = this.levels[app.state.to_move];
    this.busy = true;
    app.thinking = true;
    app.changed();
    let result = null;
    try {
      result = await app.computer.think({ start: app.start, record, options: app.options, level });
    } catch (error) {
      app.hooks.onTrouble(msg("embed.computerFailed", { reason: error.message }));
    }
    app.thinking = false;
    this.busy = false;
    if (result && app.state.record === record) this.answer = { record, number: result.number };
    app.changed(); // plays the answer now, or after the pause
  }

  stepLoop() {
    const { app } = this;
    if (this.busy || this.paused || app.animating) return;
    // Either the position before the move is shown (then play it), or the position after it
    // (then take it back). The move is not told to the host page: nobody played it.
    if (app.state.record.length > this.baseLength) this.wait(LOOP_AFTER, () => app.undo({ announce: false }));
    else this.wait(LOOP_BEFORE, () => app.move(this.hole, { announce: false }));
  }

  /** Back to the embed's own start: the opening, or the position of the address. */
  restartGame() {
    const { setup, record, redo, position } = this.start;
    this.answer = null;
    this.app.newGame(setup, record, redo, position);
  }

  togglePause() {
    const { app } = this;
    this.paused = !this.paused;
    if (this.paused) {
      app.animator.pause();
      if (this.timer !== null) {
        clearTimeout(this.timer);
        this.timer = null;
        this.busy = false;
      }
    } else {
      app.animator.resume();
    }
    app.changed();
  }
}
