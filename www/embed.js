// Embed mode: the game inside another page's iframe (`?embed=1`). The board alone, fitted to the
// frame, with a one-line status and a few small controls; no saved game is read or written. The
// address chooses what the frame shows:
//   (nothing)               a game to play (a new one, or the game in the fragment, as in a shared link)
//   view=1 / interactive=0  the same, view only: visitors watch, no move of theirs is accepted
//   demo=LEVEL-LEVEL        South's and North's computer levels play a game, then another, on and on
//   loop=HOLE               the mover's hole HOLE (1–7), played again and again from the position
//                           of the fragment (or from the opening)
//   theme=light|dark|auto   the page's colours (auto, the default, follows the visitor's system);
//                           this one applies outside embed mode too
//   lang=…                  the language of the frame's words, read by the page's translations
// A wrong value is never guessed at: the frame says what it could not do, and shows what it can.
// Every move goes through the controller (app.js) and the engine; the demo's moves come from the
// computer player's worker, as against a person.

import { readLink } from "./share.js";
import { LEVELS } from "./storage.js";
import { msg, onLanguageChange, say, t } from "./i18n/index.js";
import { PROBLEM, demoCaption, embedProblems, loopCaption } from "./embed-words.js";
import { showTheme, startingTheme } from "./theme.js";

const EMBED_ONLY = ["demo", "loop", "view", "interactive"];
const THEMES = ["light", "dark", "auto"];

// Pauses, in milliseconds, so that people can follow: between two moves of a demo (per animation
// speed), after a demo's game is over, and before and after each showing of a looped move.
const DEMO_BETWEEN_MOVES = { slow: 1400, normal: 900, fast: 500, instant: 900 };
const DEMO_GAME_OVER = 5000;
const LOOP_BEFORE = 1000;
const LOOP_AFTER = 1800;

/**
 * Reads the embed options from a query string. Returns `{embed, kind: "game" | "demo" | "loop",
 * demo: {south, north} | null, loop: 1–7 | null, view, theme: "light" | "dark" | null, problems}`;
 * `problems` says each part that was not understood (and so left out), as messages (i18n msg): they
 * are read before any language's table has loaded, and said again after a change of language.
 */
export function readEmbedOptions(search) {
  const params = new URLSearchParams(search);
  const problems = [];
  const embedValue = params.get("embed");
  // A frame asked for with a wrong value is still a frame: show it as one, and say what was wrong.
  const embed = embedValue !== null && embedValue !== "0";
  if (embed && embedValue !== "1" && embedValue !== "true") problems.push(PROBLEM.embed(embedValue));

  let theme = null;
  const themeValue = params.get("theme");
  if (themeValue !== null) {
    if (THEMES.includes(themeValue)) theme = themeValue === "auto" ? null : themeValue;
    else problems.push(PROBLEM.theme(themeValue, THEMES));
  }
  const options = { embed, kind: "game", demo: null, loop: null, view: false, theme, problems };
  if (!embed) {
    const misplaced = EMBED_ONLY.filter((name) => params.has(name));
    if (misplaced.length > 0) problems.push(PROBLEM.embedOnly(misplaced));
    return options;
  }

  const demoValue = params.get("demo");
  if (demoValue !== null) {
    const levels = demoValue.split("-");
    if (levels.length === 1) levels.push(levels[0]);
    if (levels.length === 2 && levels.every((level) => LEVELS.includes(level))) {
      options.demo = { south: levels[0], north: levels[1] };
    } else {
      problems.push(PROBLEM.demo(demoValue, LEVELS));
    }
  }
  const loopValue = params.get("loop");
  if (loopValue !== null) {
    if (/^[1-7]$/.test(loopValue)) options.loop = Number(loopValue);
    else problems.push(PROBLEM.loop(loopValue));
  }
  if (options.demo && options.loop) {
    problems.push(PROBLEM.both);
    options.loop = null;
  }
  const flag = (name) => {
    const value = params.get(name);
    if (value === null) return null;
    if (value === "1" || value === "true") return true;
    if (value === "0" || value === "false") return false;
    problems.push(PROBLEM.view(name, value));
    return null;
  };
  const view = flag("view");
  const interactive = flag("interactive");
  if (view === true && interactive === true) problems.push(PROBLEM.viewClash);
  options.view = view === true || interactive === false;
  // A demo or a loop is watched, never played; a demo or loop that could not be read leaves a
  // position to look at, not a game to play, since its page did not ask for one.
  if (options.demo) options.kind = "demo";
  else if (options.loop) options.kind = "loop";
  if (options.kind !== "game" || demoValue !== null || loopValue !== null) options.view = true;
  return options;
}

/**
 * Applies `theme` ("light", "dark", or null) to the page. With null the full page takes the
 * choice remembered from its Colours menu, unless the address says `theme=auto`; an embed, and the
 * page with nothing chosen, follow the system, also when it changes (theme.js).
 */
export function applyTheme(theme) {
  showTheme(theme ?? startingTheme());
}

/**
 * Turns the page into its embedded form before the engine has loaded, so the frame never shows
 * the full page: hides the page's chrome (style.css), puts the status and the small controls in
 * one bar under the board, and measures the room the board has in the frame. Returns, for
 * `startEmbed`, the bar's buttons (by name), `showCaption(message)` and `relabel()`, which says the
 * bar's words again (after a change of language, or of the pause button's state); for the page,
 * `box()`, the room for the board, and `onFit(f)`, which has `f` called when that room changes.
 */
export function enterEmbedLayout(options) {
  const root = document.documentElement;
  root.dataset.embed = options.kind;
  const $ = (id) => document.getElementById(id);

  const bar = document.createElement("div");
  bar.className = "embed-bar";
  bar.setAttribute("role", "group");
  const caption = document.createElement("span");
  caption.className = "embed-caption";
  caption.id = "embed-caption";
  const status = $("status");
  bar.append(caption, status);
  // A demo or a loop changes the status on its own, on and on: announcing each change would talk
  // over the page around the frame. The board's label still says the position.
  if (options.kind !== "game") status.setAttribute("aria-live", "off");
  const buttons = {};
  const add = (name, icon) => {
    const button = iconButton(`embed-${name}`, icon);
    button.disabled = true; // until the game is there
    bar.append(button);
    buttons[name] = button;
  };
  if (options.kind === "game" && !options.view) {
    add("undo", ICONS.undo);
    add("restart", ICONS.restart);
  } else if (options.kind !== "game") {
    add("pause", ICONS.pause);
  }
  document.querySelector(".app").append(bar);

  // The bar is built before any language's table has loaded: its words follow every change of
  // language, the first one included.
  let captionMessage = null;
  const relabel = () => {
    bar.setAttribute("aria-label", t("embed.bar"));
    if (buttons.undo) labelButton(buttons.undo, t("embed.undo"));
    if (buttons.restart) labelButton(buttons.restart, t("embed.restart"));
    if (buttons.pause) {
      const paused = buttons.pause.getAttribute("aria-pressed") === "true";
      labelButton(buttons.pause, t(paused ? "embed.play" : "embed.pause"));
    }
    caption.textContent = captionMessage ? say(captionMessage) : "";
  };
  const showCaption = (message) => {
    captionMessage = message;
    relabel();
  };
  relabel();
  onLanguageChange(relabel);

  // The board takes the largest size that fits both the frame's width and its height, less what
  // is shown beside it (the bar, a notice); the whole stays centred in the frame.
  const column = document.querySelector(".app");
  const area = document.querySelector(".board-area");
  // A tall narrow frame (a phone-sized page) gets the board turned a quarter (board.js fitBoard).
  const box = () => {
    const style = getComputedStyle(column);
    const gap = parseFloat(style.rowGap) || 0;
    const others = [...column.children].filter((child) => child !== area && child.getClientRects().length > 0);
    const taken = others.reduce((sum, child) => sum + child.getBoundingClientRect().height + gap, 0);
    const height = column.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - taken;
    const width = column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { width: Math.floor(width), height: Math.floor(height) };
  };
  let refit = () => {};
  const observer = new ResizeObserver(() => refit());
  for (const watched of [column, bar, $("notice")]) observer.observe(watched);
  return { buttons, showCaption, relabel, box, onFit: (f) => { refit = f; } };
}

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

// ── Icons: small inline SVGs, so they look the same in every font ─────────────────────────────

const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  restart: "M3 3v5h5M3.5 15a9 9 0 1 0 2.1-9.4L3 8",
  pause: "M8 5v14M16 5v14",
  play: "M7 4l13 8-13 8z",
};

function svgIcon(path) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const shape = document.createElementNS(NS, "path");
  shape.setAttribute("d", path);
  svg.append(shape);
  return svg;
}

/** A button that shows an icon only: its name is given by `labelButton`. */
function iconButton(id, path) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "embed-icon";
  button.append(svgIcon(path));
  return button;
}

/** Names an icon button, for a screen reader (aria-label) and for the pointer (title). */
function labelButton(button, label) {
  button.title = label;
  button.setAttribute("aria-label", label);
}
