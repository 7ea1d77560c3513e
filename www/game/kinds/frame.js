// @ts-check
// The game in an embed's frame (share/embed.js, embed-driver.js). Nothing is kept in the
// visitor's browser, whatever the kind (`inFrame`), and there is no review. Two kinds are the
// frame's own, both watched, no tap taken: a board visitors only watch (`view=1`), and a demo,
// where the computer plays both sides at the levels asked for (`demo=LEVEL-LEVEL`). Both are two
// players' games: nobody plays against the computer there.

import { demoOpponents } from "../opponents.js";
import { kind } from "./kind.js";

/** @typedef {import("./kind.js").Setup} Setup */
/** @typedef {import("./kind.js").Kind} Kind */

/**
 * @param {Setup} setup
 * @returns {Kind}
 */
export function viewOnly(setup) {
  return kind({ ...setup, mode: "two" }, { refusal: () => "viewOnly" });
}

/**
 * @param {Setup} setup
 * @param {Record<import("../../types/engine.js").Side, import("../../types/engine.js").Level>} levels
 * @returns {Kind}
 */
export function demo(setup, levels) {
  return kind({ ...setup, mode: "two" }, {
    opponents: (computer) => demoOpponents(computer, levels),
    refusal: () => "viewOnly",
  });
}

/**
 * `made`, in a frame: kept nowhere, not reviewed, and not sent to a friend.
 * @param {Kind} made
 * @returns {Kind}
 */
export function inFrame(made) {
  return { ...made, keeps: false, reviews: false, mayGoByLinks: false };
}
