// @ts-check
// The controls under the board, on both pages (an embed hides them, but its keys reach some:
// keys.js): Undo and Redo, the move being shown (pause, steps, skip, replay, speed), the hint and
// the help's switches, the computer's level, confirming taps, More on a phone, and the notice's
// buttons. The full page's own (New game, Share, the end of a game…) are wired by full-page.js.

import { readChoice, writeChoice } from "../lib/choices.js";
import { SPEEDS } from "../board/speeds.js";
import { hideNotice } from "../ui/ui.js";
import { wireDirectionChoice } from "../ui/direction.js";
import { $ } from "../lib/dom.js";

/** @import { HtmlPageId } from "../types/page.js" */
/** @import { Level } from "../types/engine.js" */
/** @import { Speed } from "../board/speeds.js" */

// A first tap on a hole only shows where its move ends, a second plays it (touch only; off by default).
const CONFIRM_TAPS_KEY = "walak-pussa.confirm-taps";
export const SPEED_KEY = "walak-pussa.speed";

/** Whether `speed` (the Speed menu's, or one kept in the browser) is one of the animation's. @param {string} speed @returns {speed is Speed} */
export const isSpeed = (speed) => Object.hasOwn(SPEEDS, speed);

/**
 * @param {import("../game/app.js").App} app
 * @param {import("../analysis/analysis.js").Analysis} analysis
 */
export function wireControls(app, analysis) {
  /** @param {HtmlPageId} id @param {() => void} act */
  const on = (id, act) => $(id).addEventListener("click", act);
  /** @param {HtmlPageId} id @param {(value: string, checked: boolean) => void} act */
  const onChange = (id, act) => $(id).addEventListener("change", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    act(input.value, input.checked);
  });
  wireDirectionChoice(app);
  on("undo", () => app.undo());
  on("redo", () => app.redo());
  on("pause", () => {
    app.animator.togglePause();
    app.changed();
  });
  // A step pauses the animation; the controls then show "Resume".
  on("step-event", () => {
    app.animator.stepEvent();
    app.changed();
  });
  on("step-lap", () => {
    app.animator.stepLap();
    app.changed();
  });
  on("skip", () => app.animator.skip());
  on("replay", () => app.replay());
  onChange("speed", (speed) => {
    if (!isSpeed(speed)) return;
    localStorage.setItem(SPEED_KEY, speed);
    app.setSpeed(speed);
  });
  on("hint", () => analysis.askHint());
  // On a phone the controls past the first row open on demand.
  on("more", () => {
    const open = $("controls").classList.toggle("open");
    $("more").setAttribute("aria-expanded", String(open));
  });
  const confirmTaps = /** @type {HTMLInputElement} */ ($("confirm-taps"));
  confirmTaps.checked = readChoice(CONFIRM_TAPS_KEY);
  onChange("confirm-taps", (_, checked) => writeChoice(CONFIRM_TAPS_KEY, checked));
  // The menu's choices are the engine's levels (level-choices.js).
  onChange("level", (level) => app.changeSetup({ level: /** @type {Level} */ (level) }));
  onChange("show-evaluation", (_, checked) => analysis.setShowEvaluation(checked));
  onChange("show-values", (_, checked) => analysis.setShowValues(checked));
  on("notice-close", () => hideNotice());
  on("notice-games", () => {
    hideNotice();
    $("games").click();
  });
  on("notice-new-game", () => {
    hideNotice();
    app.newGame();
  });
}
