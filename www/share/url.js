// Set-up from the address: ?mode=two|computer&side=south|north&rounds=1|0&first=south|north
// &level=LEVEL (game/levels.js)&speed=SPEED (board/animation.js)&lang=en|ml|th|ur|pa|sl|si
// &lesson=1 (open the lesson)&puzzles=1 (open the puzzles).
// A bad value is reported, never guessed at.

import { CODES, formatOr, msg } from "../i18n/index.js";
import { LEVELS } from "../game/levels.js";
import { SPEEDS } from "../board/animation.js";
import { SIDES } from "../lib/sides.js";

const CHOICES = {
  mode: ["two", "computer"],
  side: SIDES,
  first: SIDES,
  rounds: ["1", "0", "true", "false"],
  speed: Object.keys(SPEEDS),
  level: LEVELS,
  lang: CODES,
  lesson: ["1", "0"],
  puzzles: ["1", "0"],
};

/**
 * `{setup, speed, lang, lesson, puzzles, problems}` (`lesson`, `puzzles`: the address asks for the lesson or the puzzles):
 * `setup` is null unless the address asks for a new game;
 * `problems` are messages (i18n msg) saying what was not understood.
 */
export function readQuery(search) {
  const params = new URLSearchParams(search);
  const problems = [];
  const value = (name) => {
    const v = params.get(name);
    if (v === null) return null;
    if (!CHOICES[name].includes(v)) {
      problems.push(msg("address.problem", { parameter: name, value: v, choices: () => formatOr(CHOICES[name]) }));
      return null;
    }
    return v;
  };
  const mode = value("mode");
  const side = value("side");
  const rounds = value("rounds");
  const first = value("first");
  const speed = value("speed");
  const level = value("level");
  const lang = value("lang");
  const lesson = value("lesson") === "1";
  const puzzles = value("puzzles") === "1";
  const asked = [mode, side, rounds, first, level].some((v) => v !== null);
  const setup = asked
    ? {
        mode: mode ?? (side || level ? "computer" : "two"),
        side: side ?? "south",
        rounds: rounds === "1" || rounds === "true",
        first: first ?? "south",
        ...(level ? { level } : {}),
      }
    : null;
  return { setup, speed, lang, lesson, puzzles, problems };
}

/** Removes the set-up from the address, so that a reload restores the saved game. */
export function forgetSetupInAddress() {
  const url = new URL(location.href);
  for (const name of ["mode", "side", "rounds", "first", "level"]) url.searchParams.delete(name);
  history.replaceState(null, "", url);
}
