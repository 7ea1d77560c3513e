// @ts-check
// Embed mode: the game inside another page's iframe (`?embed=1`). The board alone, fitted to the
// frame, with a one-line status and a few small controls; no saved game is read or written. The
// address chooses what the frame shows:
//   (nothing)               a game to play (a new one, or the game in the fragment, as in a shared link)
//   view=1 / interactive=0  the same, view only: visitors watch, no move of theirs is accepted
//   demo=LEVEL-LEVEL        South's and North's computer levels play a game, then another, on and on
//   loop=HOLE               the mover's hole HOLE (1–7), played again and again from the position
//                           of the fragment (or from the opening); in Parker's rule sets `4+` or
//                           `4-` chooses the direction, a bare hole sows counterclockwise (`+`)
//   compare=RULES,RULES     two rule sets side by side from the same position, the same hole
//                           (`loop`) played under each (embed-compare.js)
//   theme=light|dark|auto   the page's colours (auto, the default, follows the visitor's system);
//                           this one applies outside embed mode too
//   lang=…                  the language of the frame's words, read by the page's translations
// A wrong value is never guessed at: the frame says what it could not do, and shows what it can.
// This module reads the address and lays the frame out before anything is drawn; the game in the
// frame, a demo's or a loop's driver included, is set up by embed-driver.js, loaded with the engine.

import { LEVELS, isLevel } from "../game/levels.js";
import { RULE_SETS, asMove } from "../lib/records.js";
import { LONG_UNITS, NARROW_UNIT, layoutPortrait } from "../board/board.js";
import { onLanguageChange, ready, say, t } from "../i18n/index.js";
import { PROBLEM } from "./embed-problems.js";
import { showTheme, startingTheme } from "../ui/theme.js";
import { $, part } from "../lib/dom.js";

/** @import { Message } from "../i18n/index.js" */
/** @import { Demo } from "./embed-words.js" */
/** @import { Room } from "../board/board.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { RuleSet } from "../types/engine.js" */

/**
 * What an embed's address asks for (`readEmbedOptions`): whether the page is a frame at all,
 * what it shows (a game, a demo, a loop), whether visitors may only watch, its colours, and what
 * was not understood.
 * @typedef {object} EmbedOptions
 * @property {boolean} embed
 * @property {"game" | "demo" | "loop" | "compare"} kind
 * @property {Demo | null} demo
 * @property {Move | null} loop the move a loop plays: a hole (1–7), or in Parker's notation with its direction (`"4+"`)
 * @property {[RuleSet, RuleSet] | null} compare the two rule sets a comparison shows
 * @property {boolean} view
 * @property {"light" | "dark" | null} theme
 * @property {Message[]} problems
 */
/**
 * The frame laid out (`enterEmbedLayout`): the bar's buttons by name, its caption and words,
 * and the room the board has, with a way to hear when it changes.
 * @typedef {object} EmbedLayout
 * @property {Partial<Record<"undo" | "restart" | "pause" | "picture", HTMLButtonElement>>} buttons
 * @property {(message: Message | null) => void} showCaption
 * @property {() => void} relabel
 * @property {() => Room} box
 * @property {(refit: () => void) => void} onFit
 */

const EMBED_ONLY = ["demo", "loop", "compare", "view", "interactive"];
const THEMES = /** @type {const} */ (["light", "dark", "auto"]);

/**
 * Reads the embed options from a query string. Returns `{embed, kind: "game" | "demo" | "loop" |
 * "compare", demo: {south, north} | null, loop: 1–7 or "4+" | null, compare: [rules, rules] | null,
 * view, theme: "light" | "dark" | null, problems}`;
 * `problems` says each part that was not understood (and so left out), as messages (i18n msg): they
 * are read before any language's table has loaded, and said again after a change of language.
 * @param {string} search
 * @returns {EmbedOptions}
 */
export function readEmbedOptions(search) {
  const params = new URLSearchParams(search);
  /** @type {Message[]} */
  const problems = [];
  const embedValue = params.get("embed");
  // A frame asked for with a wrong value is still a frame: show it as one, and say what was wrong.
  const embed = embedValue !== null && embedValue !== "0";
  if (embed && embedValue !== "1" && embedValue !== "true") problems.push(PROBLEM.embed(embedValue));

  /** @type {EmbedOptions["theme"]} */
  let theme = null;
  const themeValue = params.get("theme");
  if (themeValue !== null) {
    if (themeValue === "light" || themeValue === "dark") theme = themeValue;
    else if (themeValue !== "auto") problems.push(PROBLEM.theme(themeValue, THEMES));
  }
  /** @type {EmbedOptions} */
  const options = { embed, kind: "game", demo: null, loop: null, compare: null, view: false, theme, problems };
  if (!embed) {
    const misplaced = EMBED_ONLY.filter((name) => params.has(name));
    if (misplaced.length > 0) problems.push(PROBLEM.embedOnly(misplaced));
    return options;
  }

  const demoValue = params.get("demo");
  if (demoValue !== null) {
    const levels = demoValue.split("-");
    if (levels.length === 1) levels.push(levels[0]);
    const [south, north] = levels;
    if (levels.length === 2 && isLevel(south) && isLevel(north)) {
      options.demo = { south, north };
    } else {
      problems.push(PROBLEM.demo(demoValue, LEVELS));
    }
  }
  const loopValue = params.get("loop");
  if (loopValue !== null) {
    if (/^[1-7][+-]?$/.test(loopValue)) options.loop = asMove(loopValue);
    else problems.push(PROBLEM.loop(loopValue));
  }
  const compareValue = params.get("compare");
  if (compareValue !== null) {
    const pair = compareValue.split(",");
    const [first, second] = pair;
    if (pair.length === 2 && isRuleSet(first) && isRuleSet(second) && first !== second) options.compare = [first, second];
    else problems.push(PROBLEM.compare(compareValue, RULE_SETS));
  }
  if (options.demo && options.compare) {
    problems.push(PROBLEM.demoAndCompare);
    options.compare = null;
    options.loop = null;
  } else if (options.demo && options.loop) {
    problems.push(PROBLEM.both);
    options.loop = null;
  }
  const flag = (/** @type {string} */ name) => {
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
  else if (options.compare) options.kind = "compare";
  else if (options.loop) options.kind = "loop";
  if (options.kind !== "game" || demoValue !== null || loopValue !== null || compareValue !== null) options.view = true;
  return options;
}

/**
 * Whether `name` is one of the rule sets the engine plays.
 * @param {string | undefined} name
 * @returns {name is RuleSet}
 */
const isRuleSet = (name) => RULE_SETS.some((rules) => rules === name);

/**
 * Applies `theme` ("light", "dark", or null) to the page. With null the full page takes the
 * choice remembered from its Colours menu, unless the address says `theme=auto`; an embed, and the
 * page with nothing chosen, follow the system, also when it changes (theme.js).
 * @param {"light" | "dark" | null} theme
 */
export function applyTheme(theme) {
  showTheme(theme ?? startingTheme());
}

/**
 * Turns the page into its embedded form before the engine has loaded, so the frame never shows
 * the full page: hides the page's chrome (style.css), puts the status and the small controls in
 * one bar under the board, and measures the room the board has in the frame. Returns, for
 * `startEmbed` (embed-driver.js), the bar's buttons (by name), `showCaption(message)` and `relabel()`, which says the
 * bar's words again (after a change of language, or of the pause button's state); for the page,
 * `box()`, the room for the board, and `onFit(f)`, which has `f` called when that room changes.
 * Done once: the first board's file may have laid the frame out already (first-board.js), and the
 * page then takes that layout.
 * @param {EmbedOptions} options
 * @returns {EmbedLayout}
 */
export function enterEmbedLayout(options) {
  entered ??= layOutFrame(options);
  return entered;
}

/** @type {EmbedLayout | null} the frame's layout, once entered */
let entered = null;

/** @param {EmbedOptions} options @returns {EmbedLayout} */
function layOutFrame(options) {
  const root = document.documentElement;
  root.dataset.embed = options.kind;

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
  /** @type {EmbedLayout["buttons"]} */
  const buttons = {};
  const add = (/** @type {"undo" | "restart" | "pause" | "picture"} */ name, /** @type {string} */ icon) => {
    const button = iconButton(`embed-${name}`, icon);
    button.disabled = true; // until the game is there
    bar.append(button);
    buttons[name] = button;
  };
  if (options.kind === "game" && !options.view) {
    add("undo", ICONS.undo);
    add("restart", ICONS.restart);
  } else if (options.kind !== "game" && !(options.kind === "compare" && options.loop === null)) {
    // (A comparison without a loop shows its boards at rest: nothing to pause.)
    add("pause", ICONS.pause);
  }
  // A history page's reader may keep what the frame shows as a picture (embed-driver.js says which).
  if (options.kind !== "compare") add("picture", ICONS.picture);
  // Parker's direction, shown or asked for, goes under the board, above the bar: in the frame's
  // board area it would stand beside the board and take its room.
  part(".app").append($("direction-shown"), $("direction-choice"), bar);

  // The bar is built before any language's table has loaded: its words follow every change of
  // language, the first one included.
  /** @type {Message | null} */
  let captionMessage = null;
  const relabel = () => {
    if (!ready()) return;
    bar.setAttribute("aria-label", t("embed.bar"));
    if (buttons.undo) labelButton(buttons.undo, t("embed.undo"));
    if (buttons.restart) labelButton(buttons.restart, t("embed.restart"));
    if (buttons.pause) {
      const paused = buttons.pause.getAttribute("aria-pressed") === "true";
      labelButton(buttons.pause, t(paused ? "embed.play" : "embed.pause"));
    }
    if (buttons.picture) labelButton(buttons.picture, t(options.kind === "loop" ? "share.frames" : "share.picture"));
    caption.textContent = captionMessage ? say(captionMessage) : "";
  };
  const showCaption = (/** @type {Message | null} */ message) => {
    captionMessage = message;
    relabel();
  };
  relabel();
  onLanguageChange(relabel);

  // The board takes the largest size that fits both the frame's width and its height, less what
  // is shown beside it (the bar, a notice); the whole stays centred in the frame.
  const column = part(".app");
  const area = part(".board-area");
  // A tall narrow frame (a phone-sized page) gets the board turned a quarter (board.js fitBoard).
  // A lesson's or a puzzle's panel gets the room the board leaves, whatever it says (its words
  // scroll there): the board keeps its size through a step, a wrong move's explanation included.
  const box = () => {
    const style = getComputedStyle(column);
    const gap = parseFloat(style.rowGap) || 0;
    const trainer = document.querySelector(".trainer:not([hidden])");
    const others = [...column.children].filter((child) => child !== area && child !== trainer && child.getClientRects().length > 0);
    const taken = others.reduce((sum, child) => sum + child.getBoundingClientRect().height + gap, 0);
    let height = column.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - taken;
    const width = column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (trainer) height = trainerBoardHeight(width, height - gap);
    return { width: Math.floor(width), height: Math.floor(height) };
  };
  let refit = () => {};
  const observer = new ResizeObserver(() => refit());
  for (const watched of [column, bar, $("notice"), $("direction-shown"), $("direction-choice")]) observer.observe(watched);
  return { buttons, showCaption, relabel, box, onFit: (f) => { refit = f; } };
}

// In a lesson or the puzzles the board has this share of the frame's height, the panel the rest;
// in a frame too narrow for the long board's holes to reach NARROW_UNIT, as much as the upright
// board needs for holes that size, up to the greater share.
const TRAINER_SHARE = 0.5;
const TRAINER_MOST = 0.7;

/**
 * The height a lesson's or the puzzles' board may take in a frame whose room is `width` × `height`.
 * @param {number} width
 * @param {number} height
 */
function trainerBoardHeight(width, height) {
  let board = height * TRAINER_SHARE;
  if (width / LONG_UNITS < NARROW_UNIT) board = Math.max(board, layoutPortrait(NARROW_UNIT).height);
  return Math.min(board, height * TRAINER_MOST);
}

// ── Icons: small inline SVGs, so they look the same in every font ─────────────────────────────

export const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  restart: "M3 3v5h5M3.5 15a9 9 0 1 0 2.1-9.4L3 8",
  pause: "M8 5v14M16 5v14",
  play: "M7 4l13 8-13 8z",
  // A frame with a hill and the sun: a picture.
  picture: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5a1.5 1.5 0 1 0 0-.01",
};

/**
 * An icon, drawn by an SVG `path` in a 24 × 24 box.
 * @param {string} path
 */
export function svgIcon(path) {
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

/**
 * A button that shows an icon only: its name is given by `labelButton`.
 * @param {string} id
 * @param {string} path
 */
function iconButton(id, path) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "embed-icon";
  button.append(svgIcon(path));
  return button;
}

/**
 * Names an icon button, for a screen reader (aria-label) and for the pointer (title).
 * @param {HTMLButtonElement} button
 * @param {string} label
 */
function labelButton(button, label) {
  button.title = label;
  button.setAttribute("aria-label", label);
}
