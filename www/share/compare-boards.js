// @ts-check
// The boards of a comparison of two rule sets (embed-compare.js) as the frame shows them: a
// figure for each rule set, with its name and whose rules they are, its board and the line under
// it, side by side or one above the other. Made here, so that the frame's first script can show
// them at the opening before the engine has come (page/early-board.js) and the comparison then
// takes those very figures, in their place.

import { drawBoard } from "../board/board.js";
import { sceneFromState } from "../board/scene.js";
import { openingOf } from "../board/opening.js";
import { ruleSetAbout, ruleSetName } from "./rule-set-words.js";
import { t } from "../i18n/index.js";
import { directedMove, holeOfMove } from "../lib/records.js";
import { part } from "../lib/dom.js";

/** @import { GameState, RuleSet, Side } from "../types/engine.js" */
/** @import { Scene } from "../board/scene.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { Motion } from "../board/animation.js" */
/** @typedef {{width: number, height: number}} Room */

/**
 * One board's figure: the figure, its name's two parts, its canvas and the line under it.
 * @typedef {{figure: HTMLElement, title: HTMLElement, about: HTMLElement, canvas: HTMLCanvasElement, status: HTMLElement}} ComparedFigure
 */

/**
 * The comparison's section and its two figures, in the rule sets' order: the ones already on the
 * frame (drawn before the engine), or new ones, put above the frame's bar.
 * @param {readonly RuleSet[]} rules
 * @returns {{section: HTMLElement, figures: ComparedFigure[]}}
 */
export function comparedFigures(rules) {
  const drawn = document.getElementById("compare");
  if (drawn) {
    const figures = [...drawn.querySelectorAll("figure.compare-board")].map((figure) => /** @type {ComparedFigure} */ ({
      figure: /** @type {HTMLElement} */ (figure),
      title: /** @type {HTMLElement} */ (figure.querySelector(".compare-name strong")),
      about: /** @type {HTMLElement} */ (figure.querySelector(".compare-about")),
      canvas: /** @type {HTMLCanvasElement} */ (figure.querySelector("canvas")),
      status: /** @type {HTMLElement} */ (figure.querySelector(".compare-status")),
    }));
    if (figures.length === rules.length && figures.every(({ figure }, i) => figure.dataset.rules === rules[i])) return { section: drawn, figures };
    drawn.remove();
  }
  const section = document.createElement("section");
  section.className = "compare";
  section.id = "compare";
  const figures = rules.map((ruleSet) => {
    const figure = document.createElement("figure");
    figure.className = "compare-board";
    figure.dataset.rules = ruleSet;
    const name = document.createElement("figcaption");
    name.className = "compare-name";
    const title = document.createElement("strong");
    const about = document.createElement("span");
    about.className = "compare-about";
    name.append(title, " ", about);
    const canvas = document.createElement("canvas");
    canvas.className = "board compare-canvas";
    canvas.setAttribute("role", "img");
    const status = document.createElement("p");
    status.className = "compare-status";
    figure.append(name, canvas, status);
    section.append(figure);
    return { figure, title, about, canvas, status };
  });
  part(".app").insertBefore(section, document.querySelector(".embed-bar"));
  return { section, figures };
}

/**
 * Lays the boards out side by side, or one above the other in a frame taller than it is wide,
 * and says the room each board has then.
 * @param {HTMLElement} section
 * @param {ComparedFigure[]} figures
 * @returns {Room}
 */
export function arrangeBoards(section, figures) {
  const arrangement = section.clientWidth >= section.clientHeight ? "row" : "column";
  section.dataset.arrange = arrangement;
  const gap = parseFloat(getComputedStyle(section).columnGap) || 0;
  const [first] = figures;
  const words = first.figure.querySelector(".compare-name")?.getBoundingClientRect().height ?? 0;
  const status = first.status.getBoundingClientRect().height;
  const width = section.clientWidth;
  const height = section.clientHeight;
  return arrangement === "row"
    ? { width: Math.floor((width - gap) / 2), height: Math.floor(height - words - status) }
    : { width: Math.floor(width), height: Math.floor((height - gap) / 2 - words - status) };
}

/**
 * Draws a board's scene in the room it has, and publishes it on its figure (docs/page-contract.md).
 * @param {ComparedFigure} shown
 * @param {Scene} scene
 * @param {Room} box
 * @param {{motion?: Motion | null, animating?: boolean}} [how]
 */
export function drawCompared({ figure, canvas }, scene, box, { motion = null, animating = false } = {}) {
  drawBoard(canvas, scene, { motion, box });
  figure.dataset.board = scene.board.join(",");
  figure.dataset.reserves = scene.reserves.join(",");
  figure.dataset.animating = String(animating);
}

/** Writes a figure's name: its rule set's, and whose rules they are. @param {ComparedFigure} shown @param {RuleSet} rules */
export function nameBoard({ title, about }, rules) {
  title.textContent = ruleSetName(rules);
  about.textContent = ruleSetAbout(rules);
}

/**
 * The line under a board whose move is not refused and not yet shown: the player to move, or the
 * move about to be played.
 * @param {Side} side
 * @param {number | null} hole
 */
export function restingLine(side, hole) {
  // The side's name as board-words.js `sideName` says it, whose file the first board need not load.
  const name = t(side === "south" ? "side.south" : "side.north");
  return hole === null ? t("turn.toMove", { side: name }) : t("turn.playing", { side: name, hole });
}

/**
 * Draws the comparison's two boards at the opening, each its rule set's, named, with the line
 * under each, before the engine has come: where `loop` (or none) opens a game under both rule sets
 * (page/early-board.js decides). The comparison takes them once the engine is in.
 * @param {readonly RuleSet[]} rules
 * @param {Move | null} loop
 */
export function drawComparisonEarly(rules, loop) {
  const { section, figures } = comparedFigures(rules);
  const openings = rules.map((ruleSet) => /** @type {GameState} */ (/** @type {unknown} */ ({ ...openingOf({ rules: ruleSet }), legal: [] })));
  figures.forEach((shown, i) => {
    nameBoard(shown, rules[i]);
    shown.status.textContent = restingLine(openings[i].to_move, loop === null ? null : holeOfMove(loop));
    if (loop !== null) shown.figure.dataset.move = String(directedMove(openings[i], loop));
  });
  const box = arrangeBoards(section, figures);
  if (box.width > 0 && box.height > 0) figures.forEach((shown, i) => drawCompared(shown, sceneFromState(openings[i]), box));
}
