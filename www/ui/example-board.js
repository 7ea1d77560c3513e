// @ts-check
// A small board of the rules panel that plays one move again and again: the position before, the
// engine's trace animated as a game move is, a caption while it plays and another once it has, and
// a button that plays it again. The rules' examples and Parker's walk-through both use it.

import { Animator } from "../board/animation.js";
import { drawBoard } from "../board/board.js";

/** @import { Scene } from "../board/scene.js" */
/** @import { DrawOptions } from "../board/board.js" */
/** @import { TraceEvent } from "../types/engine.js" */

/** A board shown again and again while the rules are open. @typedef {{play: () => void, stop: () => void}} ExamplePlayer */
/**
 * The move a board plays: the position before it, its trace, and the caption's words while it
 * plays (`intro`, or `playing` when given) and once it has (asked each time, so that they follow
 * the language).
 * @typedef {{before: Scene, trace: TraceEvent[], intro: () => string, said: () => string, playing?: () => string}} ExampleMove
 */
/** The parts of an example: its box, board, caption and Play again. @typedef {{box: HTMLElement, canvas: HTMLCanvasElement, caption: HTMLElement, again: HTMLButtonElement}} ExampleParts */

/**
 * A new example's parts: a board with its spoken name's words (`label`), a caption and Play again.
 * @param {import("../i18n/index.js").MessageKey} label
 * @returns {ExampleParts}
 */
export function exampleParts(label) {
  const box = document.createElement("div");
  box.className = "example";
  const canvas = document.createElement("canvas");
  canvas.className = "example-board";
  canvas.setAttribute("role", "img");
  canvas.dataset.i18nAriaLabel = label;
  const caption = document.createElement("p");
  caption.className = "example-caption";
  const again = document.createElement("button");
  again.type = "button";
  again.className = "example-play";
  again.dataset.i18n = "rules.playAgain";
  box.append(canvas, caption, again);
  return { box, canvas, caption, again };
}

// How long the end of a move stays before it is played again.
const HOLD_MS = 4000;

/**
 * Plays `move()` on the board of `parts`, and again a while after, or when Play again is pressed.
 * `view()` gives the drawing's room and orientation (the rules follow the page's board).
 * @param {ExampleParts} parts
 * @param {() => ExampleMove} move
 * @param {() => {options: DrawOptions, turned: boolean}} view
 * @returns {ExamplePlayer}
 */
export function examplePlayer({ box, canvas, caption, again: button }, move, view) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let again;
  /** @type {ExampleMove | null} */
  let playing = null;
  const animator = new Animator({
    onFrame: (scene, motion) => drawBoard(canvas, scene, { motion, ...view().options }),
    onDone: () => {
      if (playing) caption.textContent = playing.said();
      again = setTimeout(play, HOLD_MS);
    },
  });
  animator.setSpeed(matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "fast");
  function play() {
    clearTimeout(again);
    playing = move();
    box.dataset.turned = String(view().turned);
    caption.textContent = (playing.playing ?? playing.intro)();
    animator.start(playing.before, playing.trace);
  }
  button.addEventListener("click", play);
  return {
    play,
    stop: () => {
      clearTimeout(again);
      animator.cancel();
    },
  };
}
