// @ts-check
// The game in an embed's frame (embed.js reads the address and lays the frame out): the game the
// address asks for, and the driver of a demo or a loop. Loaded with the engine, and only in a frame.
// Every move goes through the controller (game/app.js) and the engine; the frame's kinds of game
// (game/kinds/frame.js) keep nothing, and in a demo the computer plays both sides through the
// opponent seam.

import { readLink } from "./share.js";
import { demoCaption, loopCaption } from "./embed-words.js";
import { PROBLEM, embedProblems } from "./embed-problems.js";
import { ICONS, svgIcon } from "./embed.js";
import { savePosition, saveMove } from "./pictures.js";
import { showNotice } from "../ui/ui.js";
import { messageOf, present } from "../lib/errors.js";
import { directedMove, firstMoves, holeOfMove, movesAfter } from "../lib/records.js";
import { whileBusy } from "../lib/dom.js";

/** @import { StartPosition } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { App } from "../game/app.js" */
/** @import { Setup } from "../game/kinds/kind.js" */
/** @import { EmbedLayout, EmbedOptions } from "./embed.js" */
/** @import { AddressSetup } from "./url.js" */
/** @import { Move } from "../lib/records.js" */

/** What the frame shows: a game, a demo or a looped move (a comparison is embed-compare.js's). @typedef {Exclude<EmbedOptions["kind"], "compare">} Show */
/**
 * The frame's own start, which Restart and a demo's next game go back to.
 * @typedef {{setup: Partial<Setup>, record: string, redo: string, start: StartPosition | null}} EmbedStart
 */

// Pauses, in milliseconds, so that people can follow: after a demo's game is over, and before and
// after each showing of a looped move. (Between two moves of a demo: the demo's opponents'.)
const DEMO_GAME_OVER = 5000;
const LOOP_BEFORE = 1000;
const LOOP_AFTER = 1800;

/**
 * Sets up the embedded game once the engine is there, and drives a demo or a loop. `options` are
 * the frame's (embed.js `readEmbedOptions`); `setup` is the new-game set-up the address asks for
 * (url.js), or null; `fragment` the address's, which may carry a game's link. Returns the driver,
 * whose `changed()` the page calls after every change it draws, and the notice of the problems
 * found (a message), or null.
 * @param {App} app
 * @param {EmbedOptions} options
 * @param {AddressSetup | null} setup
 * @param {string} fragment
 * @param {Pick<EmbedLayout, "buttons" | "showCaption" | "relabel">} layout
 * @returns {{driver: Driver, problems: Message | null}}
 */
export function startEmbed(app, options, setup, fragment, { buttons, showCaption, relabel }) {
  const problems = [...options.problems];
  /** @type {EmbedStart} */
  let start = { setup: { mode: "two", ...(setup ?? {}) }, record: "", redo: "", start: null };
  const link = readLink(fragment);
  // What the frame shows (embed.js `kind`): a game, a demo or a looped move.
  /** @type {Show} (a comparison never comes here: frame-page.js) */
  let show = options.kind === "compare" ? "game" : options.kind;
  if (link !== null && "error" in link) {
    problems.push(PROBLEM.link(link.error));
    // A move of another position would mislead: show the opening, still.
    if (show === "loop") show = "game";
  } else if (link) {
    start = {
      setup: { ...start.setup, ...link.options },
      record: firstMoves(link.moves, link.at),
      redo: movesAfter(link.moves, link.at),
      start: link.start, // a position set up by hand, or null for the opening
    };
  }
  // Every game of the frame from now on: view only, or a demo's, whose computer plays both sides.
  app.setFrame({ view: options.view, demo: show === "demo" ? options.demo : null });
  app.newGame(start);

  /** @type {Move | null} the looped move, as the engine is handed it */
  let looped = null;
  if (show === "loop") {
    const side = app.state.to_move;
    looped = directedMove(app.state, present(options.loop, "a looped move names its hole"));
    const hole = holeOfMove(looped);
    let reason = null;
    if (app.state.status !== "playing") reason = PROBLEM.loopOver;
    else {
      const refused = app.ruleRefusal(looped);
      if (refused) reason = PROBLEM.loopMove(side, hole, messageOf(refused));
    }
    if (reason) {
      problems.push(reason);
      show = "game";
    } else {
      showCaption(loopCaption(side, hole));
    }
  }
  if (show === "demo") showCaption(demoCaption(present(options.demo, "a demo names its levels")));
  if (show === "game" && buttons.pause) buttons.pause.hidden = true;
  // Holes that can never be played here stay out of the keyboard's way; the canvas's label tells
  // a screen reader the board's counts, and the hole buttons keep their names.
  if (options.view) {
    for (const hole of document.querySelectorAll("button.hole")) if (hole instanceof HTMLElement) hole.tabIndex = -1;
  }

  const driver = new Driver(app, show, { hole: looped, start, buttons, relabel });
  return { driver, problems: problems.length > 0 ? embedProblems(problems) : null };
}

/**
 * Starts a demo's next game once one is over, or plays the looped move and takes it back, pausing
 * between them; the pause button stops both (and the demo's opponents).
 */
class Driver {
  /**
   * @param {App} app
   * @param {Show} show
   * @param {{hole: Move | null, start: EmbedStart} & Pick<EmbedLayout, "buttons" | "relabel">} parts
   *   `hole`: the looped move
   */
  constructor(app, show, { hole, start, buttons, relabel }) {
    this.app = app;
    this.show = show;
    this.hole = hole;
    this.start = start;
    this.buttons = buttons;
    this.relabel = relabel;
    this.paused = false;
    this.busy = false; // a pause is under way
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.baseLength = app.state.record.length; // the looped move's position

    buttons.undo?.addEventListener("click", () => app.undo());
    buttons.restart?.addEventListener("click", () => this.restartGame());
    buttons.pause?.addEventListener("click", () => this.togglePause());
    const { picture } = buttons;
    picture?.addEventListener("click", () => whileBusy(picture, () => this.savePicture()));
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
    if (this.show === "demo") this.stepDemo();
    else if (this.show === "loop") this.stepLoop();
  }

  /**
   * Does `then` after `ms` milliseconds, busy until then.
   * @param {number} ms
   * @param {() => void} then
   */
  wait(ms, then) {
    this.busy = true;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.busy = false;
      then();
    }, ms);
  }

  /** A demo's game over: the next one begins after a while. (Its moves are its opponents'.) */
  stepDemo() {
    const { app } = this;
    if (this.busy || this.paused || app.animating) return;
    if (app.state.status === "game_over") this.wait(DEMO_GAME_OVER, () => this.restartGame());
  }

  stepLoop() {
    const { app, hole } = this;
    if (this.busy || this.paused || app.animating || hole === null) return;
    // Either the position before the move is shown (then play it), or the position after it
    // (then take it back). The move is not told to the host page: nobody played it.
    if (app.state.record.length > this.baseLength) this.wait(LOOP_AFTER, () => app.undo({ announce: false }));
    else this.wait(LOOP_BEFORE, () => app.move(hole, { announce: false }));
  }

  /**
   * Saves what the frame shows as an SVG picture: a looped move's frames, step by step, or the
   * position on the board. A problem is said in the frame's notice.
   */
  async savePicture() {
    const { app, hole } = this;
    try {
      if (this.show === "loop" && hole !== null) {
        const record = app.state.record.slice(0, this.baseLength);
        await saveMove({ start: app.start, options: app.options, record }, hole);
      } else {
        await savePosition({ start: app.start, options: app.options, record: app.state.record });
      }
    } catch (error) {
      showNotice(messageOf(error));
    }
  }

  /** Back to the embed's own start: the opening, or the position of the address. */
  restartGame() {
    this.app.newGame(this.start);
  }

  togglePause() {
    this.paused = !this.paused;
    if (this.paused && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.busy = false;
    }
    // The move being shown stops too, and a demo's next move waits.
    this.app.holdOpponents(this.paused);
  }
}
