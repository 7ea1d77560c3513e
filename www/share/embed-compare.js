// @ts-check
// A comparison in an embed's frame (`?embed=1&compare=RULES,RULES&loop=HOLE`): two boards from the
// same position, each under its own rule set, the same hole played on both, each board animating
// its own engine's trace, again and again as a loop is (played, held, back, again). So a page on
// the game's history can show in one frame how its sources differ.
//
// The rules are the engine's alone: each board has its own engine game, whose trace and states are
// drawn by the page's board (board/board.js) and animator (board/animation.js), and whose refusal
// of the move is said in the page's words. Nothing is kept, and the host page is told nothing: no
// move is played by anyone.

import { Animator } from "../board/animation.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { boardLabel, describeRefusal, ruleReason, sideName } from "../board/board-words.js";
import { describeMove } from "../ui/words.js";
import { openGame, positionOf } from "../game/game-start.js";
import { readLink } from "./share.js";
import { ICONS, svgIcon } from "./embed.js";
import { compareCaption } from "./embed-words.js";
import { arrangeBoards, comparedFigures, drawCompared, nameBoard, restingLine } from "./compare-boards.js";
import { PROBLEM, embedProblems } from "./embed-problems.js";
import { onLanguageChange, say, t } from "../i18n/index.js";
import { directedMove, firstMoves, holeOfMove, isParker } from "../lib/records.js";
import { messageOf } from "../lib/errors.js";
import { $ } from "../lib/dom.js";

/** @import { GameState, RuleSet, StartPosition, TraceEvent } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { Speed } from "../board/animation.js" */
/** @import { Scene } from "../board/scene.js" */
/** @import { EmbedLayout, EmbedOptions } from "./embed.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { Room } from "./compare-boards.js" */

/**
 * One board of the comparison: its rule set, the position before the move and after it, the move
 * as its engine was handed it and its trace, or the engine's refusal of it.
 * @typedef {object} Compared
 * @property {RuleSet} rules
 * @property {GameState} before
 * @property {GameState} after
 * @property {Move | null} move
 * @property {TraceEvent[] | null} trace
 * @property {unknown} refusal the engine's Error, when the move cannot be played under these rules
 */

// The pauses of a loop (embed-driver.js): before each showing, and after it.
const LOOP_BEFORE = 1000;
const LOOP_AFTER = 1800;
// The opening, where no position is given.
const OPENING = { board: Array(14).fill(4), reserves: /** @type {[number, number]} */ ([0, 0]), to_move: /** @type {const} */ ("south") };

/**
 * Opens the comparison once the engine is there: the boards, their statuses, and the loop with its
 * pause button. Returns the notice of the problems found (a message), or null.
 * @param {any} engine the page's engine (engine.js)
 * @param {EmbedOptions & {compare: [RuleSet, RuleSet]}} options
 * @param {string} fragment the address's, which may carry the position (a game's link)
 * @param {Speed | null} speed
 * @param {Pick<EmbedLayout, "buttons" | "relabel">} layout
 * @returns {Message | null}
 */
export function startCompare(engine, options, fragment, speed, { buttons, relabel }) {
  /** @type {Message[]} */
  const problems = [...options.problems];
  let position = /** @type {StartPosition} */ (OPENING);
  const link = readLink(fragment);
  if (link !== null && "error" in link) problems.push(PROBLEM.link(link.error));
  else if (link) {
    try {
      const game = openGame(engine.Game, { start: link.start, options: link.options, record: firstMoves(link.moves, link.at) });
      const state = game.state();
      // With the direction of a Parker game's round, when the position's game had chosen it.
      position = positionOf(state);
      game.free();
    } catch (error) {
      problems.push(PROBLEM.link(messageOf(error)));
    }
  }
  const boards = options.compare.map((rules) => compared(engine.Game, rules, position, options.loop));
  const view = new CompareView(boards, options.loop, speed ?? "normal", { buttons, relabel });
  onLanguageChange(() => view.say());
  if (performance.getEntriesByName("walak-board-drawn").length === 0) performance.mark("walak-board-drawn");
  performance.mark("walak-first-board");
  return problems.length > 0 ? embedProblems(problems) : null;
}

/**
 * The move `loop` played under `rules` from `position` (a single game: the position's seeds, its
 * reserves and its player to move; under Parker's rules the round's direction too, when the
 * position's game had chosen it), by the engine.
 * @param {any} Game
 * @param {RuleSet} rules
 * @param {StartPosition} position
 * @param {Move | null} loop
 * @returns {Compared}
 */
function compared(Game, rules, position, loop) {
  const { board, reserves, to_move, direction } = position;
  const game = Game.fromPosition({ board, reserves, to_move, rules, ...(isParker(rules) && direction ? { direction } : {}) });
  try {
    const before = game.state();
    if (loop === null) return { rules, before, after: before, move: null, trace: null, refusal: null };
    const move = directedMove(before, loop);
    try {
      const trace = game.play(move);
      return { rules, before, after: game.state(), move, trace, refusal: null };
    } catch (refusal) {
      return { rules, before, after: before, move, trace: null, refusal };
    }
  } finally {
    game.free();
  }
}

/**
 * The two boards on the frame and the loop that shows the move on both: the move before, being
 * played (each board at its own pace, its own trace), held after, and back.
 */
class CompareView {
  /**
   * @param {Compared[]} boards
   * @param {Move | null} loop
   * @param {Speed} speed
   * @param {Pick<EmbedLayout, "buttons" | "relabel">} layout
   */
  constructor(boards, loop, speed, { buttons, relabel }) {
    this.boards = boards;
    this.loop = loop;
    this.relabel = relabel;
    this.pause = buttons.pause ?? null;
    /** @type {"before" | "playing" | "after"} */
    this.phase = "before";
    this.paused = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;

    // The figures drawn before the engine, if they were (compare-boards.js), else new ones.
    const { section, figures } = comparedFigures(boards.map((board) => board.rules));
    this.section = section;
    this.parts = boards.map((board, i) => {
      const { figure } = figures[i];
      if (board.move !== null) figure.dataset.move = String(board.move);
      if (board.refusal) figure.dataset.refused = String(ruleReason(board.refusal) ?? "other");
      /** @type {Scene} */
      const scene = sceneFromState(board.before);
      const shown = { ...figures[i], board, scene, done: board.trace === null,
        animator: new Animator({ onFrame: (frame, motion) => this.draw(shown, frame, motion), onDone: () => this.played() }) };
      shown.animator.setSpeed(speed);
      return shown;
    });
    /** @type {Room} the room each board has */
    this.box = { width: 0, height: 0 };
    this.starting = false; // the boards' moves are being started
    new ResizeObserver(() => this.fit()).observe(this.section);
    this.pause?.addEventListener("click", () => this.togglePause());
    // The loop's (embed.js makes none for a comparison without one), which may play now.
    if (this.pause) this.pause.disabled = false;
    this.say();
    this.fit();
    this.step();
  }

  /** Lays the boards out side by side, or one above the other in a frame taller than it is wide. */
  fit() {
    this.box = arrangeBoards(this.section, this.parts);
    if (this.box.width <= 0 || this.box.height <= 0) return;
    for (const shown of this.parts) this.draw(shown, shown.animator.active ? shown.animator.shown() : shown.scene, null);
  }

  /**
   * Draws one board's scene, and publishes it (docs/page-contract.md).
   * @param {CompareView["parts"][number]} shown
   * @param {Scene} scene
   * @param {import("../board/animation.js").Motion | null} motion
   */
  draw(shown, scene, motion) {
    shown.scene = scene;
    drawCompared(shown, scene, this.box, { motion, animating: shown.animator.active });
  }

  /** Says the boards' names and statuses again, in the language in use. */
  say() {
    const side = this.boards[0].before.to_move;
    const hole = this.loop === null ? null : holeOfMove(this.loop);
    this.section.setAttribute("aria-label", hole === null ? t("embed.compareRegion") : say(compareCaption(side, hole)));
    $("status").textContent = hole === null ? t("embed.comparePosition") : say(compareCaption(side, hole));
    for (const shown of this.parts) {
      const { board } = shown;
      nameBoard(shown, board.rules);
      shown.canvas.setAttribute("aria-label", `${shown.title.textContent}: ${boardLabel(shown.scene)}`);
      shown.status.textContent = this.statusOf(board, hole, shown.done && this.phase !== "before");
    }
    this.relabel();
  }

  /**
   * What the move does on one board: about to be played, played (what it did), or refused there.
   * @param {Compared} board
   * @param {number | null} hole
   * @param {boolean} shownDone the move has been shown to its end
   */
  statusOf(board, hole, shownDone) {
    const side = board.before.to_move;
    if (hole !== null && board.refusal) {
      const reason = ruleReason(board.refusal);
      const why = reason ? describeRefusal(reason, side, board.before) : messageOf(board.refusal);
      return t("embed.compareRefused", { side: sideName(side), hole, reason: why });
    }
    if (hole !== null && board.trace && shownDone) return describeMove(side, hole, summarize(board.trace));
    return restingLine(side, hole);
  }

  /**
   * Does `then` after `ms` milliseconds, unless paused first.
   * @param {number} ms
   * @param {() => void} then
   */
  wait(ms, then) {
    this.timer = setTimeout(() => {
      this.timer = null;
      then();
    }, ms);
  }

  /** What comes next in the loop, from the phase it is in. */
  step() {
    if (this.loop === null || this.paused || this.timer !== null) return;
    if (this.phase === "before") this.wait(LOOP_BEFORE, () => this.play());
    else if (this.phase === "after") this.wait(LOOP_AFTER, () => this.back());
    else for (const shown of this.parts) if (shown.animator.active) shown.animator.resume();
  }

  /** Plays the move on every board that may play it, each its own trace. */
  play() {
    this.phase = "playing";
    // An instant speed shows a move whole as it starts: the boards are all started before any end counts.
    this.starting = true;
    for (const shown of this.parts) if (shown.board.trace) shown.animator.start(sceneFromState(shown.board.before), shown.board.trace);
    this.starting = false;
    this.played();
  }

  /** A board has shown its move to its end: once all have, the positions are held a while. */
  played() {
    if (this.phase !== "playing" || this.starting) return;
    for (const shown of this.parts) shown.done = !shown.animator.active;
    if (this.parts.every((shown) => shown.done)) this.phase = "after";
    this.say();
    this.step();
  }

  /** Back to the position before the move, to show it again. */
  back() {
    this.phase = "before";
    for (const shown of this.parts) this.draw(shown, sceneFromState(shown.board.before), null);
    this.say();
    this.step();
  }

  togglePause() {
    this.paused = !this.paused;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const shown of this.parts) if (this.paused && shown.animator.active) shown.animator.pause();
    if (this.pause) {
      this.pause.setAttribute("aria-pressed", String(this.paused));
      this.pause.replaceChildren(svgIcon(this.paused ? ICONS.play : ICONS.pause));
    }
    this.relabel();
    this.step();
  }
}
