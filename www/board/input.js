// @ts-check
// Input: fourteen hole buttons laid over the canvas (so every hole is a real, focusable button
// with a spoken name), keys 1–7 for the player to move, and a preview while a hole is hovered or
// focused. Input only forwards to the controller, which decides whether it is allowed.

import { holeLabel } from "./board-words.js";
import { HOLES, ROW, numberOf, sideOf } from "./holes.js";

/** @import { Layout } from "./board.js" */
/** @import { Scene } from "./scene.js" */

/**
 * What the hole buttons ask of the board (view.js): `play` a hole (1–7, the mover's), `refuse`
 * one that cannot be played, `preview` the move of a hole or none (null), and whether a tap only
 * chooses a hole, a second tap playing it (`confirmTaps`).
 * @typedef {object} HoleActions
 * @property {(number: number) => void} play
 * @property {(number: number, hole: number) => void} refuse
 * @property {(number: number | null, hole: number | null) => void} preview
 * @property {() => boolean} confirmTaps
 */

// Holding a finger this long on a hole shows where its move would end, as hovering does with a
// mouse; lifting the finger then plays nothing. How long the finger stayed is told by the touch
// events' own times: on a busy device the page may run the hold's timer before it hears of a quick
// tap's end, and that tap is still a tap.
const HOLD_MS = 380;

export class HoleButtons {
  /**
   * @param {HTMLElement} container the element laid over the canvas
   * @param {HoleActions} actions
   */
  constructor(container, actions) {
    /** @type {HTMLButtonElement[]} by track index */
    this.buttons = [];
    /** @type {number | null} the hole a first tap chose, when taps are confirmed */
    this.selected = null;
    const clearSelection = () => {
      this.selected = null;
      actions.preview(null, null);
    };
    for (let hole = 0; hole < HOLES; hole++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hole";
      button.dataset.hole = String(hole);
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      let held = false; // a hold showed the preview: the tap that ends it plays nothing
      let pressedAt = 0; // when the finger came down (the event's time, not when the page ran it)
      button.addEventListener("click", (event) => {
        if (held) {
          held = false;
          return;
        }
        if (button.getAttribute("aria-disabled") === "true") {
          clearSelection();
          actions.refuse(numberOf(hole), hole);
          return;
        }
        if (event.pointerType === "touch" && actions.confirmTaps() && this.selected !== hole) {
          this.selected = hole;
          actions.preview(numberOf(hole), hole);
          return;
        }
        this.selected = null;
        actions.play(numberOf(hole));
      });
      // A mouse previews on hover; a finger by holding (touch has no hover, and its enter and
      // leave come with every tap). A hole chosen by a first tap keeps its preview: a pointer
      // passing over another hole (a mouse left where the page scrolled) does not replace it.
      button.addEventListener("pointerenter", (e) => e.pointerType !== "touch" && this.selected === null &&
        actions.preview(numberOf(hole), hole));
      button.addEventListener("pointerleave", (e) => e.pointerType !== "touch" && this.selected === null &&
        actions.preview(null, null));
      button.addEventListener("pointerdown", (e) => {
        if (e.pointerType !== "touch") return;
        held = false;
        pressedAt = e.timeStamp;
        clearTimeout(timer);
        timer = setTimeout(() => {
          held = true;
          this.selected = null;
          actions.preview(numberOf(hole), hole);
        }, HOLD_MS);
      });
      const cancelHold = () => clearTimeout(timer);
      button.addEventListener("pointerup", (e) => {
        cancelHold();
        if (e.pointerType === "touch" && e.timeStamp - pressedAt < HOLD_MS) held = false;
      });
      button.addEventListener("pointercancel", () => {
        cancelHold();
        held = false;
      });
      // The row is one stop for Tab; the arrows go from one playable hole to the next.
      button.addEventListener("keydown", (event) => {
        /** @type {Record<string, number>} */
        const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
        const step = steps[event.key];
        if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
        event.preventDefault();
        const playable = this.buttons.filter((b) => b.getAttribute("aria-disabled") !== "true");
        const at = playable.indexOf(button);
        const next = playable[(at + step + playable.length) % playable.length];
        if (next) {
          for (const b of playable) b.tabIndex = b === next ? 0 : -1;
          next.focus();
        }
      });
      // No menu or callout on a long press: the hold is the preview.
      button.addEventListener("contextmenu", (e) => e.preventDefault());
      button.addEventListener("focus", () => actions.preview(numberOf(hole), hole));
      button.addEventListener("blur", () => this.selected === null && actions.preview(null, null));
      container.append(button);
      this.buttons.push(button);
    }
  }

  /** Forgets a hole chosen by a first tap (the position changed). */
  unselect() {
    this.selected = null;
  }

  /**
   * Places the buttons on the drawn holes — each covers its hole's whole cell, the count badge and
   * number included — and sets their names and whether they can be played. Only the playable
   * holes are in the tab order, as one stop: the focused one, else the first.
   * @param {Layout} layout
   * @param {Scene} scene
   * @param {(number: number) => boolean} playable whether the mover's hole `number` may be played now
   */
  update(layout, scene, playable) {
    const canPlay = (/** @type {number} */ hole) => sideOf(hole) === scene.toMove && playable(numberOf(hole));
    const focused = this.buttons.find((b) => b === document.activeElement && canPlay(Number(b.dataset.hole)));
    const stop = focused ?? this.buttons.find((b) => canPlay(Number(b.dataset.hole)));
    for (const button of this.buttons) button.tabIndex = button === stop ? 0 : -1;
    for (const button of this.buttons) {
      const hole = Number(button.dataset.hole);
      const { cell } = layout.holes[hole];
      Object.assign(button.style, {
        left: `${cell.x}px`,
        top: `${cell.y}px`,
        width: `${cell.w}px`,
        height: `${cell.h}px`,
      });
      button.setAttribute("aria-disabled", String(!canPlay(hole)));
      button.setAttribute("aria-label", holeLabel(hole, scene.board[hole], scene.inPlay[hole] !== false,
        { blocked: scene.blocked[hole], tiedBy: scene.tiedBy[hole] }));
    }
  }
}

// The zero of each script's digits that a keyboard of the page's languages may type: Latin,
// Arabic-Indic, Urdu (extended Arabic-Indic), Devanagari, Gurmukhi, Malayalam, Sinhala, Thai.
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0xa66, 0xd66, 0xde6, 0xe50];

/**
 * The hole number 1–7 a key stands for, or null. The digit keys count in any layout: the key may
 * type a digit of another script, or, as on a Thai keyboard, no digit at all without Shift; then
 * the key's place on the keyboard (`code`) tells.
 * @param {{key?: string, code?: string, shiftKey?: boolean}} event a key pressed
 * @returns {number | null}
 */
export function holeNumberOfKey(event) {
  const key = event.key ?? "";
  const point = [...key].length === 1 ? key.codePointAt(0) : undefined;
  if (point !== undefined) {
    for (const zero of DIGIT_ZEROS) {
      if (point >= zero + 1 && point <= zero + ROW) return point - zero;
    }
  }
  const place = /^(?:Digit|Numpad)([1-7])$/.exec(event.code ?? "");
  return place && !event.shiftKey ? Number(place[1]) : null;
}

/**
 * Keys 1–7 play the mover's hole of that number, unless typing in a form field.
 * @param {(number: number) => void} play
 */
export function listenForHoleKeys(play) {
  addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea, dialog")) return;
    const number = holeNumberOfKey(event);
    if (number !== null) {
      event.preventDefault();
      play(number);
    }
  });
}
