// @ts-check
// Parker's walk-through, in the rules panel while one of his rule sets is in play: what differs
// from today's rules, in four steps. Each step is a position the engine sets up to show one
// difference (`walkthrough(rules)`, tested there; worked out when the page is built) and the move that shows it, played on a small
// board again and again; its words say what to watch for, what the move did (from its trace) and
// which holes the rules refuse there. Previous and Next go through the steps.
//
// `#rules-walkthrough` publishes `data-rules`, `data-step` (1-based), `data-steps` and
// `data-topic` (the engine's topic) — see docs/page-contract.md.

import { sceneFromState, summarize } from "../board/scene.js";
import { describeRefusal, ruleReason, sideName } from "../board/board-words.js";
import { formatAnd, t } from "../i18n/index.js";
import { examplePlayer, exampleParts } from "./example-board.js";
import { describeMove, directionName } from "./words.js";

/** @import { DrawOptions } from "../board/board.js" */
/** @import { Direction, Game as EngineGame, RuleSet, WalkthroughStep, WalkthroughTopic } from "../types/engine.js" */
/** @import { MessageKey } from "../i18n/index.js" */
/** @import { ExampleMove } from "./example-board.js" */
/** @import { RefusalReason } from "../board/board-words.js" */

// Each topic's words: `walkthrough.<key>.title` and `.intro`.
/** @type {Record<WalkthroughTopic, string>} */
const TOPIC = {
  choose_direction: "chooseDirection", empty_stop: "emptyStop", necklace: "necklace", singletons: "singletons",
  end_hole: "endHole", pass_three: "passThree", eat_four: "eatFour", tie: "tie",
};

/**
 * The walk-through's section, to be put in the rules: `show(rules)` fills it with that rule set's
 * steps from the first, `play()` and `stop()` its board.
 * @param {(rules: RuleSet) => WalkthroughStep[]} stepsOf the engine's `walkthrough` (walkthrough-steps.js)
 * @param {typeof EngineGame} Game
 * @param {(box: HTMLElement) => () => {options: DrawOptions, turned: boolean}} view how the rules draw their boards
 */
export function walkthroughSection(stepsOf, Game, view) {
  const section = document.createElement("section");
  section.id = "rules-walkthrough";
  section.className = "walkthrough";
  const heading = document.createElement("h3");
  heading.dataset.i18n = "walkthrough.title";
  const progress = document.createElement("p");
  progress.className = "walkthrough-progress";
  const topic = document.createElement("h4");
  topic.className = "walkthrough-topic";
  const intro = document.createElement("p");
  intro.className = "walkthrough-intro";
  const refused = document.createElement("p");
  refused.className = "walkthrough-refused";
  const parts = exampleParts("walkthrough.boardLabel");
  const nav = document.createElement("div");
  nav.className = "walkthrough-steps";
  const button = (/** @type {MessageKey} */ key, /** @type {string} */ className) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.dataset.i18n = key;
    nav.append(b);
    return b;
  };
  const previous = button("lesson.previous", "walkthrough-previous");
  const next = button("lesson.next", "walkthrough-next");
  section.append(heading, progress, topic, intro, parts.box, refused, nav);

  /** @type {RuleSet} */
  let rules = "parker-walak";
  /** @type {WalkthroughStep[]} */
  let steps = [];
  let index = 0;
  /** @type {ExampleMove | null} the step's move, played once by the engine */
  let shown = null;
  const player = examplePlayer(parts, () => /** @type {ExampleMove} */ (shown), view(parts.box));

  function render() {
    const step = steps[index];
    Object.assign(section.dataset, { rules, step: String(index + 1), steps: String(steps.length), topic: step.topic });
    progress.textContent = t("lesson.progress", { step: index + 1, steps: steps.length });
    topic.textContent = t(/** @type {MessageKey} */ (`walkthrough.${TOPIC[step.topic]}.title`));
    intro.textContent = /** @type {ExampleMove} */ (shown).intro();
    const why = refusals(step);
    refused.textContent = why;
    refused.hidden = why === "";
    previous.disabled = index === 0;
    next.disabled = index === steps.length - 1;
  }

  /** @param {number} to */
  function go(to) {
    if (to < 0 || to >= steps.length) return;
    index = to;
    shown = moveOf(steps[index], Game);
    render();
    player.play();
  }
  previous.addEventListener("click", () => go(index - 1));
  next.addEventListener("click", () => go(index + 1));

  return {
    section,
    /**
     * Fills the section with the steps of `set` (nothing for today's rules), from the first.
     * @param {RuleSet} set
     */
    show(set) {
      rules = set;
      steps = set === "mancala-world" ? [] : stepsOf(set);
      section.hidden = steps.length === 0;
      index = 0;
      shown = steps.length ? moveOf(steps[0], Game) : null;
      if (steps.length) render();
    },
    /** Plays the step's move (again), as when the panel opens or its words change. */
    play() {
      if (shown) {
        render();
        player.play();
      }
    },
    stop: () => player.stop(),
  };
}

/**
 * A step's move as its board plays it: the position, the trace, and its words.
 * @param {WalkthroughStep} step
 * @param {typeof EngineGame} Game
 * @returns {ExampleMove}
 */
function moveOf(step, Game) {
  const game = Game.fromPosition(step.setup);
  const before = sceneFromState(game.state());
  const trace = game.preview(step.move);
  game.free();
  const side = step.setup.to_move;
  const hole = parseInt(step.move, 10);
  const direction = /** @type {Direction} */ (step.setup.direction ?? step.move.slice(-1));
  const key = /** @type {MessageKey} */ (`walkthrough.${TOPIC[step.topic]}.intro`);
  return {
    before,
    trace,
    // What to watch for stays above the board; under it, while the move plays, nothing yet.
    intro: () => t(key, { side: sideName(side), hole, direction: directionName(direction) }),
    said: () => describeMove(side, hole, summarize(trace)),
    playing: () => "",
  };
}

/**
 * The holes the rules refuse in the step's position, and why: "Holes 2, 3 and 4 may not be
 * played here: …", one sentence a reason.
 * @param {WalkthroughStep} step
 */
function refusals(step) {
  /** @type {Map<RefusalReason, number[]>} */
  const byReason = new Map();
  for (const [move, error] of step.refused) {
    const reason = ruleReason(error);
    if (!reason) continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), parseInt(move, 10)]);
  }
  return [...byReason].map(([reason, holes]) => t("walkthrough.refused", {
    count: holes.length,
    holes: formatAnd(holes),
    reason: describeRefusal(reason, step.setup.to_move, step.setup),
  })).join(" ");
}
