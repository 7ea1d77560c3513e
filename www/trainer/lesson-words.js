// @ts-check
// The lesson's sentences, composed from the `lesson.*` messages and from what the engine says the
// step's move does (its claim: laps, beads, seeds captured and claimed, reserves): no number in
// them is written by hand.

import { t } from "../i18n/index.js";
import { describeResult } from "../ui/words.js";
import { describePreview, sideName } from "../board/board-words.js";
import { numberOf, rowOf, sideOf } from "../board/holes.js";

/** @import { GameState, LessonStep, Topic } from "../types/engine.js" */
/** @import { MessageKey, Params } from "../i18n/index.js" */
/** @import { MoveSummary } from "../board/scene.js" */

// The message keys of each topic, as the engine names topics.
/** @type {Record<Topic, "sowing" | "relay" | "stop" | "capture" | "necklace" | "noMove" | "winner">} */
const TOPIC = {
  sowing: "sowing", relay: "relay", stop: "stop", capture: "capture", necklace: "necklace", no_move: "noMove", winner: "winner",
};

/**
 * How a wrong move's explanation ends in a step whose move the person must find (`find`): a hint
 * of what to look for. (A step that names its hole asks for that hole again.)
 * @type {Partial<Record<Topic, MessageKey>>}
 */
const RETRY = {
  stop: "lesson.stop.retry", capture: "lesson.capture.retry", necklace: "lesson.necklace.retry",
  no_move: "lesson.noMove.retry", winner: "lesson.winner.retry",
};

const count = (/** @type {"count.seeds" | "count.laps" | "count.beads"} */ key, /** @type {number} */ n) => t(key, { count: n });

/**
 * "North's hole 5", for a track index.
 * @param {number} hole
 */
export const holeName = (hole) => t("lesson.holeName", { side: sideName(sideOf(hole)), hole: numberOf(hole) });

/**
 * What a step's sentences may speak of, from its position and its move's claim.
 * @param {LessonStep} step
 * @returns {Params}
 */
function params({ topic, setup, hole, target, claim }) {
  const northRow = rowOf("north").reduce((sum, hole) => sum + setup.board[hole], 0);
  switch (topic) {
    case "sowing": return { hole, seeds: count("count.seeds", claim.seeds) };
    case "relay": return { hole, laps: count("count.laps", claim.laps) };
    case "stop": return { target: target === null ? "" : holeName(target), laps: count("count.laps", claim.laps) };
    case "capture": return { seeds: count("count.seeds", claim.captured), hole: holeName(claim.beads[0]) };
    case "necklace": return { beads: count("count.beads", claim.beads.length), seeds: count("count.seeds", claim.captured) };
    case "no_move": return { count: northRow, seeds: count("count.seeds", northRow) };
    default: return { south: setup.reserves[0], north: setup.reserves[1] };
  }
}

/**
 * The step's title: "Relay".
 * @param {LessonStep} step
 */
export const topicTitle = (step) => t(`lesson.${TOPIC[step.topic]}.title`);

/**
 * What the person is asked to do.
 * @param {LessonStep} step
 */
export function instruction(step) {
  return t(`lesson.${TOPIC[step.topic]}.do`, params(step));
}

/**
 * What the step's move did, once made.
 * @param {LessonStep} step
 */
export function success(step) {
  const said = { ...params(step) };
  if (step.topic === "no_move") said.seeds = count("count.seeds", step.claim.claimed);
  if (step.topic === "winner") Object.assign(said, { south: step.claim.reserves[0], north: step.claim.reserves[1] });
  return t(`lesson.${TOPIC[step.topic]}.done`, said);
}

/**
 * What a wrong move did instead, and how to find the right one: "Hole 2: 1 lap, no capture. Look
 * for…". `summary` is the move's (scene.js summarize); `state` the position after it.
 * @param {LessonStep} step
 * @param {number} number the hole played
 * @param {MoveSummary} summary
 * @param {GameState} state
 */
export function mistake(step, number, summary, state) {
  const move = describePreview(number, summary);
  const hint = step.find ? RETRY[step.topic] : undefined;
  const retry = hint ? t(hint) : t("lesson.named", { hole: step.hole });
  if (state.status === "game_over") return t("lesson.wrongOver", { move, result: describeResult(state).headline, retry });
  return t("lesson.wrong", { move, retry });
}
