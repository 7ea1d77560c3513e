// @ts-check
// The words of each rule set: its name and whose rules they are, as the page, a comparison's
// boards, the Embed dialog and the pictures write them. A file of its own, small enough to come
// with the first board (share/compare-boards.js).

import { t } from "../i18n/index.js";

/** @import { RuleSet } from "../types/engine.js" */
/** @import { MessageKey } from "../i18n/index.js" */

/** The name of a rule set, as the page writes it. @param {RuleSet} rules */
export const ruleSetName = (rules) => t(RULE_SET_WORDS[rules].name);

/** A rule set's line: whose rules they are. @param {RuleSet} rules */
export const ruleSetAbout = (rules) => t(RULE_SET_WORDS[rules].about);

/** The words of each rule set: its name, and whose rules they are. @satisfies {Record<RuleSet, {name: MessageKey, about: MessageKey}>} */
export const RULE_SET_WORDS = {
  "mancala-world": { name: "ruleset.world", about: "newGame.rulesWorld" },
  "parker-walak": { name: "ruleset.walak", about: "newGame.rulesWalak" },
  "parker-kotu": { name: "ruleset.kotu", about: "newGame.rulesKotu" },
};
