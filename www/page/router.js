// @ts-check
// The page's one reader of its address: every address becomes a route, on load and on every later
// change of the fragment alike. The formats are read where they are written down — the set-up in
// the query (share/url.js), an embed's options (share/embed.js), a puzzle's link
// (trainer/puzzle-link.js), a room's (live/offer.js) — and composed here:
//
//   ?embed=1&…                 the page in a frame: `frame`, its options (demo, loop, view…)
//   ?mode=…&side=…&level=…     a new game set up: `setup`; ?speed=… the animation's speed
//   ?lesson=1, ?puzzles=1      the lesson or the puzzles opened: `lesson`, `puzzles` (one at most)
//   #live=CODE                 a live game's room: `target` {to: "room", room}
//   #walak=1&puzzle=ID         a puzzle: {to: "puzzle", id}; a broken puzzle link: {to: "badPuzzle", error}
//   #walak=…                   a game's link, read by the engine when it is opened (share/share.js),
//                              which says then what is wrong with a broken one: {to: "game", fragment}
//   any other fragment         {to: "nothing"}
// A part not understood is never guessed at: it is among `problems`, said by the page. Both
// functions are pure (nothing is opened, no address changed): page/navigate.js acts on a route.

import { readQuery } from "../share/url.js";
import { readEmbedOptions } from "../share/embed.js";
import { readPuzzleLink } from "../trainer/puzzle-link.js";
import { readRoomLink } from "../live/offer.js";
import { msg, say, t } from "../i18n/index.js";

/** @import { Message } from "../i18n/index.js" */
/** @import { AddressSetup } from "../share/url.js" */
/** @import { Speed } from "../board/speeds.js" */

/**
 * @typedef {{to: "room", room: string} | {to: "puzzle", id: string} | {to: "badPuzzle", error: Message}
 *   | {to: "game", fragment: string} | {to: "nothing"}} Target
 *   what the address's fragment opens
 */

/**
 * @typedef {object} Route
 * @property {ReturnType<typeof readEmbedOptions> | null} frame  the embed's options when the page is in a frame, else null
 * @property {ReturnType<typeof readEmbedOptions>["theme"]} theme  the colours asked for, "light" or "dark" (null: the page's own)
 * @property {AddressSetup | null} setup       a new game the query sets up (share/url.js), or null
 * @property {Speed | null} speed              the animation's speed asked for, or null
 * @property {boolean} lesson                 the query opens the lesson
 * @property {boolean} puzzles                the query opens the puzzles (the lesson, and a puzzle's link, come first)
 * @property {Target} target                   what the fragment opens
 * @property {string} fragment                 the fragment as it is (an embed reads its game's link there)
 * @property {Message[]} problems                  the parts of the address not understood (an embed's own are its frame's)
 */

/**
 * What the fragment `hash` (with its `#`, or empty) asks the page to open.
 * @param {string} hash
 * @returns {Target}
 */
export function targetOf(hash) {
  const room = readRoomLink(hash);
  if (room) return { to: "room", room };
  const puzzle = readPuzzleLink(hash);
  if (puzzle) return "error" in puzzle ? { to: "badPuzzle", error: puzzle.error } : { to: "puzzle", id: puzzle.id };
  if (new URLSearchParams(hash.replace(/^#/, "")).has("walak")) return { to: "game", fragment: hash };
  return { to: "nothing" };
}

/**
 * The notice of the parts of an address not understood (`Route.problems`), or null when there are none.
 * @param {Message[]} problems
 * @returns {Message | null}
 */
export function problemsNotice(problems) {
  if (problems.length === 0) return null;
  return msg("notice.address", { problems: () => problems.map(say).join(t("address.separator")) });
}

/**
 * The route of the address `{search, hash}` (a `location`, or a URL).
 * @param {{search: string, hash: string}} address
 * @returns {Route}
 */
export function routeOf({ search, hash }) {
  const embed = readEmbedOptions(search);
  const query = readQuery(search);
  const target = targetOf(hash);
  // A puzzle's link opens that puzzle, whatever the query asks.
  const trainer = target.to !== "puzzle";
  return {
    frame: embed.embed ? embed : null,
    theme: embed.theme,
    setup: query.setup,
    speed: query.speed,
    lesson: trainer && query.lesson,
    puzzles: trainer && !query.lesson && query.puzzles,
    target,
    fragment: hash,
    problems: [...query.problems, ...(embed.embed ? [] : embed.problems)],
  };
}
