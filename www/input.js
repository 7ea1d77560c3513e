// Input: fourteen hole buttons laid over the canvas (so every hole is a real, focusable button
// with a spoken name), keys 1–7 for the player to move, and a preview while a hole is hovered or
// focused. Input only forwards to the controller, which decides whether it is allowed.

import { holeLabel } from "./words.js";

const HOLES = 14;
const numberOf = (hole) => (hole % 7) + 1;
const sideOf = (hole) => (hole < 7 ? "south" : "north");

export class HoleButtons {
  /**
   * @param {HTMLElement} container the element laid over the canvas
   * @param {object} actions {play(number), preview(number | null, hole | null)}
   */
  constructor(container, actions) {
    this.buttons = [];
    for (let hole = 0; hole < HOLES; hole++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hole";
      button.dataset.hole = String(hole);
      const play = () => {
        if (button.getAttribute("aria-disabled") !== "true") actions.play(numberOf(hole));
      };
      button.addEventListener("click", play);
      button.addEventListener("pointerenter", () => actions.preview(numberOf(hole), hole));
      button.addEventListener("pointerleave", () => actions.preview(null, null));
      button.addEventListener("focus", () => actions.preview(numberOf(hole), hole));
      button.addEventListener("blur", () => actions.preview(null, null));
      container.append(button);
      this.buttons.push(button);
    }
  }

  /** Places the buttons on the drawn holes and sets their names and whether they can be played. */
  update(layout, scene, playable) {
    for (const button of this.buttons) {
      const hole = Number(button.dataset.hole);
      const spot = layout.holes[hole];
      const size = spot.r * 2;
      Object.assign(button.style, {
        left: `${spot.x - spot.r}px`,
        top: `${spot.y - spot.r}px`,
        width: `${size}px`,
        height: `${size}px`,
      });
      const canPlay = sideOf(hole) === scene.toMove && playable(numberOf(hole));
      button.setAttribute("aria-disabled", String(!canPlay));
      button.setAttribute("aria-label", holeLabel(hole, scene.board[hole], scene.inPlay[hole] !== false));
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
 */
export function holeNumberOfKey(event) {
  const key = event.key ?? "";
  if ([...key].length === 1) {
    const point = key.codePointAt(0);
    for (const zero of DIGIT_ZEROS) {
      if (point >= zero + 1 && point <= zero + 7) return point - zero;
    }
  }
  const place = /^(?:Digit|Numpad)([1-7])$/.exec(event.code ?? "");
  return place && !event.shiftKey ? Number(place[1]) : null;
}

/** Keys 1–7 play the mover's hole of that number, unless typing in a form field. */
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
