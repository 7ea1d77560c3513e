// @ts-check
// Parker's walk-throughs: the engine's `walkthrough(rules)` for each of his rule sets, worked out
// when the page is built (scripts/bundle.mjs, with the computer's engine), as the lesson's steps
// are (trainer/lesson-steps.js). Today's rules have none.

/** @import { RuleSet, WalkthroughStep } from "../types/engine.js" */

/**
 * @param {RuleSet} rules
 * @returns {WalkthroughStep[]}
 */
export const walkthroughSteps = (rules) => JSON.parse(WALKTHROUGHS)[rules] ?? [];
