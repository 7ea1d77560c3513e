// @ts-check
// The position a game's link writes out (share/share.js: `position`, the holes' seeds, the
// reserves and the player to move, joined by dashes; in rounds the round and the holes in play; in
// Parker's rule sets the round's direction and the marked holes), read without the engine, so that
// a first visit draws it before the engine has come (page/early-board.js). Read as strictly as the
// engine writes it: anything else is not drawn. The engine reads the whole link again, and
// refuses one whose written position is not the one its moves reach.

import { openingOf } from "../board/opening.js";
import { isParker } from "../lib/records.js";

/** @import { Direction, RuleSet, Short, Side } from "../types/engine.js" */
/**
 * A position as a link writes it: what of a game's state the board draws before the engine; in
 * Parker's rule sets its rules, the round's direction and the marked holes, a move to play.
 * @typedef {{board: number[], reserves: number[], to_move: Side, round: number, in_play: boolean[]}
 *   & Partial<{rules: RuleSet, direction: Direction | null, phase: "play", blocked: (Short | null)[], tied_by: (Side | null)[]}>} WrittenPosition
 */

/**
 * The position a page shows first at a game's link, if the link writes it out (`position`; when
 * it is the start, the position set up, `board`, or the opening): the one `at` moves reach, or in
 * a move of a game by links (`you`, the receiver's side, given) the one before the move sent, which
 * the page then plays. Today's rules or Parker's (not a position of Parker's set up by hand, at
 * its start). Only a link made by hand whose written position is not that one shows another
 * board once the engine has read it.
 * @param {string} fragment
 * @returns {{position: WrittenPosition | {to_move: Side}, you: Side | null} | null}
 *   `position` `{to_move}` alone: today's opening, that side to move first
 */
export function linkPosition(fragment) {
  const parts = new URLSearchParams(fragment.replace(/^#/, ""));
  const you = parts.get("you");
  // Today's rules (no `rules` part) or Parker's: anything else is not a rule set the page draws.
  const rules = /** @type {RuleSet | null} */ (parts.get("rules"));
  if (parts.get("walak") !== "1" || (rules !== null && !isParker(rules)) || (you !== null && you !== "south" && you !== "north")) return null;
  const rounds = parts.get("rounds") === "1";
  const written = parts.get("position");
  const position = written !== null ? readPosition(written, rounds, rules) : startOf(parts, rounds, you !== null, rules);
  return position ? { position, you: /** @type {Side | null} */ (you) } : null;
}

/**
 * The start a page shows first at a link that writes out no position, if it is the start: before
 * any move, or before the first in a move of a game by links (`sent`). The position set up
 * (`board`, `reserves`, `turn`, in rounds `round` and `inplay`; not in Parker's rule sets, whose
 * start says more), or the opening.
 * @param {URLSearchParams} parts
 * @param {boolean} rounds
 * @param {boolean} sent
 * @param {RuleSet | null} parker  Parker's rule set the link names, if it does
 */
function startOf(parts, rounds, sent, parker) {
  const moves = parts.get("moves") ?? "";
  // Today's moves are digits; Parker's words, separated by spaces (a round's `/` is no move).
  const count = parker ? moves.split(" ").filter((word) => word !== "" && word !== "/").length : moves.length;
  const at = parts.get("at") ?? String(count);
  if (!/^\d+$/.test(at) || Number(at) > (sent ? 1 : 0)) return null;
  const board = parts.get("board");
  const first = parts.get("first") ?? "south";
  if (board === null) {
    if (first !== "south" && first !== "north") return null;
    return parker ? { ...openingOf({ rules: parker, first }) } : { to_move: /** @type {Side} */ (first) };
  }
  if (parker) return null;
  if (!rounds && (parts.has("round") || parts.has("inplay"))) return null;
  return positionOf({ board, reserves: parts.get("reserves") ?? "0.0", turn: parts.get("turn") ?? "",
    round: parts.get("round") ?? "1", inPlay: parts.get("inplay") ?? "1".repeat(14) });
}

/**
 * A link's written-out position (`position`: seeds-reserves-turn, in rounds -round-inplay, in
 * Parker's rule sets then -direction-marks), or null when it is not written as the engine writes it.
 * @param {string} text
 * @param {boolean} rounds
 * @param {RuleSet | null} parker  Parker's rule set the link names, if it does
 * @returns {WrittenPosition | null}
 */
function readPosition(text, rounds, parker) {
  const fields = text.split("-");
  const marked = parker ? parkerMarks(fields.splice(-2)) : null;
  const [board, reserves, turn, round, inPlay, ...more] = fields;
  if (turn === undefined || more.length > 0 || (round === undefined) === rounds || (inPlay === undefined) === rounds) return null;
  const position = positionOf({ board, reserves, turn, round: round ?? "1", inPlay: inPlay ?? "1".repeat(14) });
  if (!parker) return position;
  return position && marked ? { ...position, rules: parker, phase: "play", ...marked } : null;
}

/** The direction each word names in a Parker position (`none`: its round's first move chooses it). */
const DIRECTIONS = /** @type {const} */ ({ none: null, ccw: "+", cw: "-" });

/**
 * A Parker position's last two fields: the round's direction and the 14 holes' marks (`0` none,
 * `1` puta, `2` naga, `s` or `n` tied by South or North), or null when they are not as the engine
 * writes them.
 * @param {string[]} fields
 * @returns {{direction: Direction | null, blocked: (Short | null)[], tied_by: (Side | null)[]} | null}
 */
function parkerMarks([direction, marks]) {
  if (direction === undefined || !Object.hasOwn(DIRECTIONS, direction) || !/^[012sn]{14}$/.test(marks ?? "")) return null;
  const letters = [...marks];
  return {
    direction: DIRECTIONS[/** @type {keyof typeof DIRECTIONS} */ (direction)],
    blocked: letters.map((letter) => (letter === "1" ? "puta" : letter === "2" ? "naga" : null)),
    tied_by: letters.map((letter) => (letter === "s" ? "south" : letter === "n" ? "north" : null)),
  };
}

/**
 * A position from its written parts, or null if any is not as the engine writes it.
 * @param {{board: string, reserves: string, turn: string, round: string, inPlay: string}} parts
 * @returns {WrittenPosition | null}
 */
function positionOf({ board, reserves, turn, round, inPlay }) {
  const counts = (/** @type {string} */ text, /** @type {number} */ n) => {
    const xs = text.split(".");
    return xs.length === n && xs.every((x) => /^\d{1,2}$/.test(x)) ? xs.map(Number) : null;
  };
  const seeds = counts(board, 14);
  const held = counts(reserves, 2);
  if (!seeds || !held || (turn !== "south" && turn !== "north") || !/^[1-9]\d{0,3}$/.test(round) || !/^[01]{14}$/.test(inPlay)) return null;
  return { board: seeds, reserves: held, to_move: /** @type {Side} */ (turn),
    round: Number(round), in_play: [...inPlay].map((digit) => digit === "1") };
}
