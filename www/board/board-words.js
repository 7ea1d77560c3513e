// @ts-check
// The board's sentences, composed from the message tables of the language in use (i18n/): a
// side's name, a hole's spoken name, the board's, a move's preview, why a tap is refused and a
// move's value on its hole. The rest of what the page says about the game is ui/words.js's.

import { formatNumber, t } from "../i18n/index.js";
import { numberOf, rowOf, sideOf } from "./holes.js";
import { directionOfMove, holeOfMove } from "../lib/records.js";

/** @import { Direction, GameState, Side } from "../types/engine.js" */
/** @import { MessageKey } from "../i18n/index.js" */
/** @import { MoveSummary, Scene } from "./scene.js" */

/**
 * Why a hole cannot be played now, as the controller names it (`App.refusal`): one of the
 * reasons the tables have words for (`refuse.empty`, `refuse.otherSide`…).
 * @typedef {ReasonIn<MessageKey>} RefusalReason
 */
/**
 * @template Key
 * @typedef {Key extends `refuse.${infer Reason}` ? Reason : never} ReasonIn
 */

/**
 * "South", "North".
 * @param {Side} side
 */
export const sideName = (side) => t(side === "south" ? "side.south" : "side.north");

/** Counted words: "4 seeds", "2 laps", "3 beads". */
export const seeds = (/** @type {number} */ count) => t("count.seeds", { count });
export const laps = (/** @type {number} */ count) => t("count.laps", { count });
export const beads = (/** @type {number} */ count) => t("count.beads", { count });

/**
 * "South hole 3, 4 seeds" — the accessible name of a hole button; in Parker's rule sets with its
 * mark: "…, puta", "…, tied to North".
 * @param {number} hole a track index
 * @param {number} count its seeds
 * @param {boolean} inPlay
 * @param {{blocked?: "puta" | "naga" | null, tiedBy?: Side | null}} [marks]
 */
export function holeLabel(hole, count, inPlay, { blocked = null, tiedBy = null } = {}) {
  const params = { side: sideName(sideOf(hole)), hole: numberOf(hole) };
  const label = inPlay ? t("hole.label", { ...params, seeds: seeds(count) }) : t("hole.outOfPlay", params);
  const mark = blocked ? t(`mark.${blocked}`) : tiedBy ? t("hole.tiedTo", { side: sideName(tiedBy) }) : null;
  return mark ? t("hole.marked", { label, mark }) : label;
}

/**
 * The board's accessible name: both rows and both reserves.
 * @param {Pick<Scene, "board" | "reserves">} scene
 */
export function boardLabel(scene) {
  const row = (/** @type {Side} */ side) => rowOf(side).map((hole) => formatNumber(scene.board[hole])).join(", ");
  return t("board.label", { south: row("south"), north: row("north"), southReserve: scene.reserves[0], northReserve: scene.reserves[1] });
}

/**
 * A preview of a move for the hole it starts from.
 * @param {number} number the hole (1–7) the move starts from
 * @param {Pick<MoveSummary, "laps" | "captured" | "beads">} summary
 */
export function describePreview(number, summary) {
  const params = { hole: number, laps: laps(summary.laps) };
  if (summary.captured === 0) return t("preview.noCapture", params);
  const key = summary.beads > 1 ? "preview.necklace" : "preview.capture";
  return t(key, { ...params, seeds: seeds(summary.captured), beads: beads(summary.beads) });
}

/**
 * Why a tapped hole cannot be played, from `App.refusal`: "North's hole: it is South's turn",
 * "This hole is empty".
 * @param {RefusalReason} reason
 * @param {Side} side the side whose hole was tapped
 * @param {Pick<GameState, "to_move">} state
 */
export function describeRefusal(reason, side, state) {
  return t(`refuse.${reason}`, { owner: sideName(side), mover: sideName(state.to_move) });
}

// The engine's reasons for refusing a move, as the page's refusals (`describeRefusal`).
/** @type {Record<string, RefusalReason>} */
const RULE_REFUSALS = {
  empty_hole: "empty", out_of_play: "outOfPlay", endless: "endless", game_over: "over",
  // Parker's rule sets (docs/rules.md).
  direction_needed: "directionNeeded", direction_fixed: "directionFixed", not_choosing: "notChoosing",
  choosing: "choosing", blocked: "blocked", tied: "tied", not_an_end_hole: "notAnEndHole",
  singleton_waits: "singletonWaits", front_singleton: "frontSingleton",
};

/**
 * The page's reason for the engine's refusal of a move (an Error with its `kind`), or null.
 * @param {unknown} error
 * @returns {RefusalReason | null}
 */
export function ruleReason(error) {
  const kind = error instanceof Object && "kind" in error ? error.kind : null;
  return typeof kind === "string" && Object.hasOwn(RULE_REFUSALS, kind) ? RULE_REFUSALS[kind] : null;
}

/**
 * A move's exact value as it fits on a hole: "+6", "=", "−4" (the mover's view).
 * @param {number} value
 */
export function valueTag(value) {
  if (value === 0) return "=";
  return (value > 0 ? "+" : "\u2212") + formatNumber(Math.abs(value));
}

/** The arrow of each direction of sowing, as the board and the line under it draw it. @type {Record<Direction, string>} */
export const DIRECTION_ARROWS = { "+": "\u27f2", "-": "\u27f3" };

/**
 * The move values written on the holes of the player to move, by hole number (1–7): `{text, best}`,
 * best when the value is the position's (`value`). Keys are hole numbers, or in Parker's games
 * moves as written; before the direction is chosen a hole has two moves ("4+", "4-"), and shows
 * the better with its direction's arrow ("+2⟲"; both arrows when the two are worth the same).
 * A bare direction ("+") has no hole, and is left to the line under the board.
 * @param {Record<string, number>} moveValues
 * @param {number} value
 * @returns {Map<number, {text: string, best: boolean}>}
 */
export function holeValueTags(moveValues, value) {
  /** @type {Map<number, {value: number, arrows: string}>} */
  const byHole = new Map();
  for (const [move, v] of Object.entries(moveValues)) {
    const hole = holeOfMove(move);
    if (hole === 0) continue;
    const direction = directionOfMove(move);
    const arrow = direction ? DIRECTION_ARROWS[direction] : "";
    const known = byHole.get(hole);
    if (!known || v > known.value) byHole.set(hole, { value: v, arrows: arrow });
    else if (v === known.value) known.arrows += arrow;
  }
  return new Map([...byHole].map(([hole, { value: v, arrows }]) => [hole, { text: valueTag(v) + arrows, best: v === value }]));
}
