// @ts-check
// Links that carry a whole game, in the address fragment so any static host serves them:
//   #walak=1&moves=7264313&at=5&rounds=1&first=north
// `walak` is the format's version, `moves` the record (digits 1–7, the game's own notation),
// `at` how many of those moves are played in the position shown (the rest can be redone), and
// `rounds` / `first` the options. A game may also begin from a position set up by hand:
//   #walak=1&board=0.0.3.0.1.0.0.2.0.0.0.0.0.5&reserves=24.21&turn=south
// `board` lists the seeds of the 14 holes in the engine's track order (South's holes 1–7, then
// North's 1–7), `reserves` South's and North's, `turn` the player to move; in rounds, `round`
// and `inplay` (14 digits, 0 for a hole out of play) too. Any `moves` are played from there.
// The move list's other lines come along: `variations` (whole records joined by dots, in the
// list's order) and `shown`, where the line of `moves` goes among them (0: it is the main line).
// A move sent in a game played by links (link-game.js) also carries `game`, the game's id, and
// `you`, the side of the person it is sent to:
//   #walak=1&moves=3514&game=mj3k2x9q1a2b&you=north
// A link writes out the position a page opens it at, for a first visit to draw before its engine
// has come (page/early-board.js, share/link-position.js): `position` (the 14 holes' seeds, the
// reserves and the player to move, joined by dashes; in rounds the round and the holes in play
// after them), which must be the one `at` moves reach, or in a move of a game by links the one
// before the move sent, which the page then plays (not written when it is the start: the opening,
// or `board`, says it):
//   #walak=1&moves=72&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south
// Where the page had proved every move's value there, the link carries them (`values`, by hole 1
// to 7, x for a hole that cannot be played), so that a page with move values on shows them at
// once, and checks them as it proves them itself:
//   #walak=1&moves=72&values=x.x.x.x.x.-44.-44
// Reading a link never touches the saved game; a bad link says what is wrong with it.

import { joinMoves, plyCount } from "../lib/records.js";
import { engine } from "../engine.js";
import { linkRefusal } from "../ui/refusals.js";

/** @import { GameOptions, Link, Side, StartPosition } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * A link as `readLink` reads it: none (null: the address carries no game), what is wrong with
 * it, or the engine's reading of it.
 * @typedef {null | {error: Message | string} | Link} LinkReading
 */
/**
 * The move list's lines a link carries (the line shown being `lines[lineAt]`) and, for a move in
 * a game by links, the game's id and the side of the person it is sent to.
 * @typedef {object} LinkExtras
 * @property {readonly string[]} [lines]
 * @property {number} [lineAt]
 * @property {string | null} [game]
 * @property {Side | null} [you]
 * @property {boolean} [position]  write out the position shown (share/share.js's `linkTo`)
 * @property {string | null} [values]  every move's value proved there, as the `values` part writes
 *   them (analysis.js `provedValues`), written where they can be the position's
 */

/**
 * The link to a game as shown now: its options, where it began (`start`, null for the opening),
 * its whole line and the position shown, and the move list's other lines (`lines`, the line shown
 * being `lines[lineAt]`); for a move in a game by links, the game's id and the receiver's side
 * (`game`, `you`). The engine writes it, as it reads it.
 * @param {GameOptions} options
 * @param {string} record
 * @param {string} redo
 * @param {StartPosition | null} [start]
 * @param {LinkExtras} [lines]
 * @returns {string}
 */
export function linkTo(options, record, redo, start = null, lines = {}) {
  // Written out, the position the link opens first, which a first visit draws before its engine
  // has come (page/early-board.js).
  return pageLink(linkFragment(options, record, redo, start, { ...lines, position: true }));
}

/**
 * The page's own address (without its query) with `fragment`: what every link of the page is.
 * @param {string} fragment
 */
export function pageLink(fragment) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = fragment;
  return url.href;
}

/**
 * The fragment (without `#`) of `linkTo`'s link.
 * @param {GameOptions} options
 * @param {string} record
 * @param {string} redo
 * @param {StartPosition | null} [start]
 * @param {LinkExtras} [extras]
 * @returns {string}
 */
export function linkFragment(options, record, redo, start = null, { lines = [], lineAt = 0, game = null, you = null, position = false, values = null } = {}) {
  const moves = joinMoves(record, redo);
  const variations = lines.filter((line, i) => i !== lineAt && line !== moves);
  const shown = Math.max(0, Math.min(lineAt, variations.length));
  return engine().linkFragment({ options, start, moves, at: plyCount(record), variations, shown, game, you, position, values });
}

/**
 * Reads a link's fragment. Returns null when the fragment is not a game link, `{error}` saying
 * what is wrong (a message), or `{options, start, moves, at, variations, shown, game, you}`: the
 * game begins from `start` (null for the opening) and `at` of its `moves` are played in the
 * position shown; `game` and `you` are absent unless it is a move in a game by links. The engine
 * reads the link and checks that its game can be played.
 * @param {string} hash
 * @returns {LinkReading}
 */
export function readLink(hash) {
  try {
    return engine().readLink(hash);
  } catch (error) {
    return { error: linkRefusal(error) };
  }
}

/** Removes the game from the address, so that a reload shows the saved game. */
export function forgetLinkInAddress() {
  const url = new URL(location.href);
  url.hash = "";
  history.replaceState(null, "", url);
}
