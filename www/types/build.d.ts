// Names the build writes into the page's scripts (esbuild's `define`, scripts/bundle.mjs): each
// stands for a string, or an object, fixed when the page is built.

/** The address of the computer's worker bundle, relative to analysis/computer.js's bundle. */
declare const WORKER_SCRIPT: string;
/** The address of the computer's engine's wasm, relative to the worker's bundle (and to the pictures' bundle, share/pictures.js, which is beside it). */
declare const COMPUTER_WASM: string;
/** The bundles of each language's table, by language code: its page words first, but English's (words-first.js). */
declare const TABLE_FILES: Record<string, string[]>;
/**
 * The bundles of an embed's frame's own part that the first load lacks (early.js): `game` for a
 * game, a demo or a loop (share/embed-driver.js), `compare` for two rule sets (share/embed-compare.js).
 */
declare const FRAME_FILES: { game: string[]; compare: string[] };
/**
 * English's words for the board itself (side names, marks), as JSON text, for a first board drawn
 * before the words' table (first-board.js). Text, not an object: esbuild would make a defined
 * object a module of its own, which every script would then import.
 */
declare const BOARD_WORDS: string;
/**
 * The lesson's steps (the engine's `lesson()`) as JSON text, worked out by the computer's engine
 * when the page is built: the page's own engine leaves the lesson out (trainer/lesson-steps.js).
 */
declare const LESSON_STEPS: string;
/**
 * Parker's walk-throughs (the engine's `walkthrough(rules)`) as JSON text, by rule set, worked out
 * as the lesson's steps are (ui/walkthrough-steps.js).
 */
declare const WALKTHROUGHS: string;

/**
 * A language's page words (`import("./si.js?page")`, i18n/index.js): in the page's build the
 * words of its table that index.html and the board say, a file of their own (scripts/bundle.mjs);
 * unbundled, the whole table.
 */
declare module "*.js?page" {
  const words: Partial<import("../i18n/index.js").Table>;
  export default words;
}
