// @ts-check
// The direction of sowing in Parker's rule sets (docs/rules.md): the first move of a game is a
// hole and a direction (`4+`, `4-`), and a match's later round begins with its starter's bare
// `+` or `-`. The controller (game/app.js `directionChoice`) says when the person is asked and
// which of the two may be played; this file draws `#direction-choice` and hands the choice back.
// Keys: `+` and `-` choose, Escape forgets the hole tapped.

import { sideName } from "../board/board-words.js";
import { t } from "../i18n/index.js";
import { showDirection } from "./direction-shown.js";
import { $ } from "../lib/dom.js";

/** @import { Direction, GameState } from "../types/engine.js" */

/**
 * What the choice reads of the controller.
 * @typedef {object} DirectionController
 * @property {GameState} state
 * @property {{hole: number | null, moves: Record<Direction, boolean>} | null} directionChoice
 * @property {(sign: Direction) => boolean} chooseDirection
 * @property {() => void} cancelDirection
 */

/** @type {Record<Direction, "direction-ccw" | "direction-cw">} */
const BUTTONS = { "+": "direction-ccw", "-": "direction-cw" };

/**
 * Shows the choice when the person is asked for a direction, with its question; the buttons of
 * directions that cannot be played are disabled. Focus goes to the choice when it first appears.
 * @param {Pick<DirectionController, "state" | "directionChoice">} app
 */
export function renderDirectionChoice(app) {
  showDirection(app.state);
  const box = $("direction-choice");
  const choice = app.directionChoice;
  const appearing = box.hidden && choice !== null;
  box.hidden = choice === null;
  box.dataset.hole = choice?.hole != null ? String(choice.hole) : "";
  if (!choice) return;
  const { state } = app;
  $("direction-said").textContent = choice.hole === null
    ? t("direction.askRound", { side: sideName(state.to_move), round: state.round })
    : t("direction.ask", { side: sideName(state.to_move), hole: choice.hole });
  for (const [sign, id] of /** @type {[Direction, "direction-ccw" | "direction-cw"][]} */ (Object.entries(BUTTONS))) {
    /** @type {HTMLButtonElement} */ ($(id)).disabled = !choice.moves[sign];
  }
  // A new round's choice is not a hole's: nothing to forget.
  $("direction-cancel").hidden = choice.hole === null;
  if (appearing) {
    const first = choice.moves["+"] ? "direction-ccw" : "direction-cw";
    /** @type {HTMLButtonElement} */ ($(first)).focus({ preventScroll: true });
  }
}

/**
 * Wires the choice's buttons and keys to the controller.
 * @param {DirectionController & {changed: () => void}} app
 */
export function wireDirectionChoice(app) {
  for (const [sign, id] of /** @type {[Direction, "direction-ccw" | "direction-cw"][]} */ (Object.entries(BUTTONS))) {
    $(id).addEventListener("click", () => app.chooseDirection(sign));
  }
  $("direction-cancel").addEventListener("click", () => app.cancelDirection());
  addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !app.directionChoice) return;
    if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea, dialog")) return;
    /** @type {Record<string, () => unknown>} */
    const keys = { "+": () => app.chooseDirection("+"), "-": () => app.chooseDirection("-"), Escape: () => app.cancelDirection() };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  });
}
