// @ts-check
// What a frame says about its address (share/embed.js reads it; embed-driver.js and
// embed-compare.js add what they find): each problem a message (`msg`), worked out before any
// table has loaded and said again after a change of language (`say`). Apart from the rest of the
// embed's sentences (embed-words.js), whose words for levels and moves the first board's file,
// which reads a frame's address, has no need of.

import { formatAnd, formatOr, msg, say, t } from "../i18n/index.js";
import { sideName } from "../board/board-words.js";

/** @import { Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * The notice shown when part of an embed's address is wrong: what was dropped, and why.
 * @param {Message[]} problems
 */
export const embedProblems = (problems) =>
  msg("embed.problems", { problems: () => problems.map(say).join(t("address.separator")) });

/** `"name=value" is not understood (use name=a, name=b or name=c)`, as the page says of its own options. */
const notUnderstood = (/** @type {string} */ parameter, /** @type {string} */ value, /** @type {readonly string[]} */ choices) =>
  msg("address.problem", { parameter, value, choices: () => formatOr(choices.map((choice) => `${parameter}=${choice}`)) });

/** What can be wrong in an embed's address, each a message. */
export const PROBLEM = {
  embed: (/** @type {string} */ value) => notUnderstood("embed", value, ["1"]),
  theme: (/** @type {string} */ value, /** @type {readonly string[]} */ themes) => notUnderstood("theme", value, themes),
  view: (/** @type {string} */ name, /** @type {string} */ value) => notUnderstood(name, value, ["1", "0"]),
  demo: (/** @type {string} */ value, /** @type {readonly string[]} */ levels) => msg("embed.badDemo", { value, levels: () => formatOr(levels) }),
  loop: (/** @type {string} */ value) => msg("embed.badLoop", { value }),
  /** @type {(side: Side, hole: number, reason: Message | string) => Message} */
  loopMove: (side, hole, reason) => msg("embed.loopRefused", { side: () => sideName(side), hole, reason }),
  loopOver: msg("embed.loopOver"),
  both: msg("embed.demoAndLoop"),
  demoAndCompare: msg("embed.demoAndCompare"),
  compare: (/** @type {string} */ value, /** @type {readonly string[]} */ rules) =>
    msg("embed.badCompare", { value, rules: () => formatAnd(rules) }),
  viewClash: msg("embed.viewClash"),
  link: (/** @type {Message | string} */ reason) => msg("embed.badLink", { reason }),
  embedOnly: (/** @type {readonly string[]} */ names) => msg("embed.embedOnly", { names: () => formatAnd(names) }),
};
