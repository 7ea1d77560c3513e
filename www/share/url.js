// @ts-check
// Set-up from the address: ?mode=two|computer&side=south|north&rounds=1|0&first=south|north
// &level=LEVEL (game/levels.js)&rules=mancala-world|parker-walak|parker-kotu&speed=SPEED (board/animation.js)&lang=en|ml|th|ur|pa|sl|si
// &lesson=1 (open the lesson)&puzzles=1 (open the puzzles).
// A bad value is reported, never guessed at.

import { CODES, formatOr, msg } from "../i18n/index.js";
import { LEVELS } from "../game/levels.js";
import { SPEEDS } from "../board/speeds.js";
import { SIDES } from "../lib/sides.js";
import { RULE_SETS } from "../lib/records.js";

/** @import { Level, RuleSet, Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { Speed } from "../board/speeds.js" */

/**
 * A new game the address asks for: who plays (`two` on one device, or the person against the
 * computer at `level`), the person's side, a match in rounds or not, who moves first, and the
 * rule set (absent: today's).
 * @typedef {object} AddressSetup
 * @property {"two" | "computer"} mode
 * @property {Side} side
 * @property {boolean} rounds
 * @property {Side} first
 * @property {Level} [level]
 * @property {RuleSet} [rules]
 */
/**
 * What the address asks for (`readQuery`): a new game (null when none), the animation's speed,
 * the language, the lesson or the puzzles, and what it says that was not understood.
 * @typedef {object} AddressQuery
 * @property {AddressSetup | null} setup
 * @property {Speed | null} speed
 * @property {string | null} lang
 * @property {boolean} lesson
 * @property {boolean} puzzles
 * @property {Message[]} problems
 */

/**
 * The values each part of the address may take.
 * @satisfies {Record<string, readonly string[]>}
 */
const CHOICES = {
  mode: /** @type {const} */ (["two", "computer"]),
  side: SIDES,
  first: SIDES,
  rounds: ["1", "0", "true", "false"],
  speed: /** @type {Speed[]} */ (Object.keys(SPEEDS)), // (Object.keys is typed as any strings)
  level: LEVELS,
  rules: RULE_SETS,
  lang: CODES,
  lesson: ["1", "0"],
  puzzles: ["1", "0"],
};

/**
 * `{setup, speed, lang, lesson, puzzles, problems}` (`lesson`, `puzzles`: the address asks for the lesson or the puzzles):
 * `setup` is null unless the address asks for a new game;
 * `problems` are messages (i18n msg) saying what was not understood.
 * @param {string} search
 * @returns {AddressQuery}
 */
export function readQuery(search) {
  const params = new URLSearchParams(search);
  /** @type {Message[]} */
  const problems = [];
  /**
   * The value of part `name`, if the address has one of its choices.
   * @template {keyof typeof CHOICES} Name
   * @param {Name} name
   * @returns {(typeof CHOICES)[Name][number] | null}
   */
  const value = (name) => {
    const v = params.get(name);
    if (v === null) return null;
    /** @type {readonly string[]} */
    const choices = CHOICES[name];
    if (!choices.includes(v)) {
      problems.push(msg("address.problem", { parameter: name, value: v, choices: () => formatOr(choices) }));
      return null;
    }
    return /** @type {(typeof CHOICES)[Name][number]} */ (v); // one of its choices, just checked
  };
  const mode = value("mode");
  const side = value("side");
  const rounds = value("rounds");
  const first = value("first");
  const speed = value("speed");
  const level = value("level");
  const rules = value("rules");
  const lang = value("lang");
  const lesson = value("lesson") === "1";
  const puzzles = value("puzzles") === "1";
  const asked = [mode, side, rounds, first, level, rules].some((v) => v !== null);
  /** @type {AddressSetup | null} */
  const setup = asked
    ? {
        mode: mode ?? (side || level ? "computer" : "two"),
        side: side ?? "south",
        rounds: rounds === "1" || rounds === "true",
        first: first ?? "south",
        ...(level ? { level } : {}),
        ...(rules && rules !== "mancala-world" ? { rules } : {}),
      }
    : null;
  return { setup, speed, lang, lesson, puzzles, problems };
}

/** Removes the set-up from the address, so that a reload restores the saved game. */
export function forgetSetupInAddress() {
  const url = new URL(location.href);
  for (const name of ["mode", "side", "rounds", "first", "level", "rules"]) url.searchParams.delete(name);
  history.replaceState(null, "", url);
}
