// @ts-check
// The round's direction of sowing said under the board once chosen (Parker's rule sets), with its
// arrow. A file of its own, so that a board drawn before the engine (page/early-board.js) says it
// too, taking the room under the board the engine's page then takes: in an embed's frame that line
// is measured out of the board's room.

import { t } from "../i18n/index.js";
import { DIRECTION_ARROWS } from "../board/board-words.js";
import { $ } from "../lib/dom.js";

/** @import { Direction, GameState } from "../types/engine.js" */

/**
 * A direction of sowing in words, to go in a sentence of the page's language: "counterclockwise", "clockwise".
 * @param {Direction} direction
 */
export const directionName = (direction) => t(direction === "+" ? "direction.ccwWord" : "direction.cwWord");

/**
 * Says the round's direction in `#direction-shown` once it is chosen: a turn of the board (Flip,
 * upright) never reverses which way round the seeds go, so its arrow is the round's own.
 * @param {Pick<GameState, "phase" | "direction">} state
 */
export function showDirection(state) {
  const shown = $("direction-shown");
  const direction = state.phase === "play" ? (state.direction ?? null) : null;
  shown.hidden = direction === null;
  shown.textContent = direction === null ? "" : `${DIRECTION_ARROWS[direction]} ${t("board.directionLabel", { direction: directionName(direction) })}`;
}
