// @ts-check
// The rules panel: the rules in plain words, with two moves played by the real engine and
// animated like a game move: a relay over several laps, and a pearl-necklace capture. The words
// and the example boards speak of the board as the person sees it: the long board, or the board
// turned a quarter on an upright phone (#board's `data-orientation`), following it when it turns.

import { sceneFromState, summarize } from "../board/scene.js";
import { HOLES } from "../board/holes.js";
import { describeMove } from "./words.js";
import { onLanguageChange, t, translatePage } from "../i18n/index.js";
import { $ } from "../lib/dom.js";
import { examplePlayer, exampleParts } from "./example-board.js";
import { walkthroughSection } from "./walkthrough.js";
import { walkthroughSteps } from "./walkthrough-steps.js";

/** @import { Game as EngineGame, RuleSet, Setup } from "../types/engine.js" */
/** @import { ExampleMove, ExamplePlayer } from "./example-board.js" */
/** @import { MessageKey } from "../i18n/index.js" */

/**
 * A part of the rules: a heading or a paragraph and its words' key, a numbered list, or an
 * example played on a board of its own.
 * @typedef {["h3" | "p", MessageKey] | ["ol", ListItem[]] | ["example", ExampleName]} Part
 */
/** A list item's words: plain, or a term in bold and its explanation. @typedef {MessageKey | [MessageKey, MessageKey]} ListItem */
/** @typedef {keyof typeof EXAMPLES} ExampleName */
/**
 * An example: a position and the hole the engine plays from it, the key of its board's spoken
 * name (`label`) and of its caption before the move (`intro`).
 * @typedef {{setup: Setup, hole: number, label: MessageKey, intro: MessageKey}} Example
 */

// The rules, as elements and the keys of their words (i18n tables, "rules.*"). A pair of keys is
// a term in bold followed by its explanation; an example is an engine-played board.
/** @type {Part[]} */
const TEXT = [
  ["h3", "rules.boardTitle"],
  ["p", "rules.board"],
  ["h3", "rules.moveTitle"],
  ["ol", ["rules.lift", "rules.sow", ["rules.relayTerm", "rules.relay"], "rules.stop", ["rules.necklaceTerm", "rules.necklace"]]],
  ["example", "relay"],
  ["example", "necklace"],
  ["h3", "rules.endTitle"],
  ["p", "rules.end"],
  ["h3", "rules.roundsTitle"],
  ["p", "rules.rounds"],
];

// Parker's rule sets (docs/rules.md "The pussa family"): shown instead of the above while one of
// them is in play; each paragraph marked with the rule sets it is about, the sources last.
/** @type {[MessageKey, RuleSet[]][]} */
const PARKER_TEXT = [
  ["rules.parkerIntro", ["parker-walak", "parker-kotu"]],
  ["rules.parkerCommon", ["parker-walak", "parker-kotu"]],
  ["rules.parkerWalak", ["parker-walak"]],
  ["rules.parkerKotu", ["parker-kotu"]],
  ["rules.parkerRounds", ["parker-walak", "parker-kotu"]],
];
/** @type {MessageKey[]} */
const SOURCES = ["rules.sourcesRead", "rules.sourcesChosen"];

// The words that say where the rows and the holes' numbers are, and their turned board's words.
/** @type {Partial<Record<MessageKey, MessageKey>>} */
const TURNED_WORDS = { "rules.board": "rules.boardTurned", "rules.sow": "rules.sowTurned" };

/**
 * A new element, with the key of its words and its class.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {MessageKey | null} [key]
 * @param {string | null} [className]
 * @returns {HTMLElementTagNameMap[Tag]}
 */
function element(tag, key = null, className = null) {
  const e = document.createElement(tag);
  if (key) e.dataset.i18n = key;
  if (key && key in TURNED_WORDS) e.dataset.longWords = key;
  if (className) e.className = className;
  return e;
}

/**
 * A list item: plain words, or a bold term and its explanation.
 * @param {ListItem} keys
 */
function item(keys) {
  if (typeof keys === "string") return element("li", keys);
  const li = element("li");
  li.append(element("strong", keys[0]), " ", element("span", keys[1]));
  return li;
}

/**
 * An example's board, its caption and its button that plays it again, and its player.
 * @param {ExampleName} name
 * @param {typeof EngineGame} Game the engine's game class
 */
function exampleElement(name, Game) {
  const example = EXAMPLES[name];
  const parts = exampleParts(example.label);
  parts.box.dataset.example = name;
  const game = Game.fromPosition(example.setup);
  const before = sceneFromState(game.state());
  const trace = game.preview(example.hole);
  game.free();
  /** @type {ExampleMove} */
  const move = { before, trace, intro: () => t(example.intro), said: () => describeMove("south", example.hole, summarize(trace)) };
  return { box: parts.box, player: examplePlayer(parts, () => move, boardView(parts.box)) };
}

/**
 * How an example's board is drawn: as the page's board is, long or turned beside its caption.
 * @param {HTMLElement} box
 */
const boardView = (box) => () => ({ options: turned ? { box: turnedBox(box), turned } : {}, turned: turned === true });

/**
 * Writes the rules into `body`; returns the players of its examples, and Parker's walk-through.
 * @param {HTMLElement} body
 * @param {RulesEngine} engine
 */
function build(body, { Game }) {
  const examples = [];
  // Today's rules, with their examples.
  const world = element("div", null, "rules-world");
  world.id = "rules-world";
  for (const part of TEXT) {
    if (part[0] === "example") {
      const { box, player } = exampleElement(part[1], Game);
      world.append(box);
      examples.push(player);
    } else if (part[0] === "ol") {
      const list = element("ol");
      list.append(...part[1].map(item));
      world.append(list);
    }
    else world.append(element(part[0], part[1]));
  }
  // Parker's rule sets, and where they come from.
  const parker = element("div", null, "rules-parker");
  parker.id = "rules-parker";
  parker.append(element("h3", "rules.parkerTitle"));
  for (const [key, sets] of PARKER_TEXT) {
    const p = element("p", key);
    p.dataset.rules = sets.join(" ");
    parker.append(p);
  }
  const walkthrough = walkthroughSection(walkthroughSteps, Game, boardView);
  const sources = element("section", null, "rules-sources");
  sources.id = "rules-sources";
  sources.append(element("h3", "rules.sourcesTitle"), ...SOURCES.map((key) => element("p", key)));
  parker.append(walkthrough.section, sources);
  body.append(world, parker);
  translatePage(body);
  return { examples, walkthrough };
}

/**
 * Shows the rules of the rule set in play: today's with their examples, or Parker's (the
 * paragraphs about that game, and the sources).
 * @param {HTMLElement} body
 * @param {RuleSet} rules
 */
function showRuleSet(body, rules) {
  const parker = rules !== "mancala-world";
  body.dataset.rules = rules;
  const part = (/** @type {string} */ id) => /** @type {HTMLElement} */ (body.querySelector(`#${id}`));
  part("rules-world").hidden = parker;
  part("rules-parker").hidden = !parker;
  for (const p of part("rules-parker").querySelectorAll("p[data-rules]")) {
    /** @type {HTMLElement} */ (p).hidden = !(/** @type {HTMLElement} */ (p).dataset.rules ?? "").split(" ").includes(rules);
  }
}

// Two positions and a move from each: the engine plays them.
/** @satisfies {Record<string, Example>} */
const EXAMPLES = {
  relay: {
    setup: { board: Array(HOLES).fill(4), reserves: [0, 0], to_move: "south" },
    hole: 1,
    label: "rules.relayExample",
    intro: "rules.relayIntro",
  },
  necklace: {
    setup: { board: [0, 1, 1, 3, 2, 1, 0, 2, 1, 3, 0, 1, 0, 4], reserves: [20, 17], to_move: "south" },
    hole: 3,
    label: "rules.necklaceExample",
    intro: "rules.necklaceIntro",
  },
};

/** @type {{examples: ExamplePlayer[], walkthrough: ReturnType<typeof walkthroughSection>} | null} the rules, once built */
let built = null;
/** @type {boolean | null} whether the rules speak of the turned board; null before they first follow it */
let turned = null;

/**
 * The words and the examples of the board as #board shows it now; whether they changed.
 * @param {HTMLElement} body
 */
function followBoard(body) {
  const now = $("board").dataset.orientation === "portrait";
  if (now === turned) return false;
  turned = now;
  for (const words of body.querySelectorAll("[data-long-words]")) {
    if (!(words instanceof HTMLElement)) continue;
    // The key `element` wrote there.
    const long = /** @type {MessageKey} */ (words.dataset.longWords);
    words.dataset.i18n = turned ? TURNED_WORDS[long] : long;
  }
  translatePage(body);
  return true;
}

/**
 * What the rules panel asks of the page's engine: its game (Parker's walk-throughs were worked
 * out when the page was built, walkthrough-steps.js).
 * @typedef {{Game: typeof EngineGame}} RulesEngine
 */

/**
 * Opens the rules panel (`#rules`), its examples playing (today's rules' examples, or the
 * walk-through of the Parker rule set in play); built when first opened.
 * @param {HTMLDialogElement} dialog
 * @param {RulesEngine} engine
 * @param {RuleSet} [rules] the rule set in play
 */
export function openRules(dialog, engine, rules = "mancala-world") {
  const body = $("rules-body");
  if (!built) {
    const parts = build(body, engine);
    built = parts;
    const players = () => (body.dataset.rules === "mancala-world" ? parts.examples : [parts.walkthrough]);
    dialog.addEventListener("close", () => [...parts.examples, parts.walkthrough].forEach((p) => p.stop()));
    // The examples' boards and captions are drawn in words too: start them again in the new language.
    onLanguageChange(() => {
      if (dialog.open) players().forEach((p) => p.play());
    });
    // A phone turned while the rules are open: they turn with the board.
    new MutationObserver(() => {
      if (dialog.open && followBoard(body)) players().forEach((p) => p.play());
    }).observe($("board"), { attributes: true, attributeFilter: ["data-orientation"] });
  }
  followBoard(body);
  showRuleSet(body, rules);
  built.walkthrough.show(rules);
  dialog.showModal();
  // Today's examples play only where today's rules are shown; Parker's walk-through where his are.
  if (rules === "mancala-world") built.examples.forEach((p) => p.play());
  else built.walkthrough.play();
}

/**
 * The room of a turned example board: beside its caption, less than the window's height.
 * @param {HTMLElement} box
 */
function turnedBox(box) {
  return { width: Math.min(box.clientWidth / 2, 220), height: Math.min(window.innerHeight * 0.55, 440) };
}
