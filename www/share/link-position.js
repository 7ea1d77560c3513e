// @ts-check
// The position a game's link writes out (share/share.js: `position`, the holes' seeds, the
// reserves and the player to move, joined by dashes; in rounds the round and the holes in play),
// read without the engine, so that a first visit draws it before the engine has come
// (page/early-board.js). Read as strictly as the engine writes it: anything else is not drawn.
// The engine reads the whole link again, and refuses one whose written position is not the one
// its moves reach.

/** @import { Side } from "../types/engine.js" */
/**
 * A position as a link writes it: what of a game's state the board draws before the engine.
 * @typedef {{board: number[], reserves: number[], to_move: Side, round: number, in_play: boolean[]}} WrittenPosition
 */

/**
 * The position a page shows first at a game's link, if the link writes it out (`position`; when
 * it is the start, the position set up, `board`, or the opening): the one `at` moves reach, or in
 * a move of a game by links (`you`, the receiver's side, given) the one before the move sent, which
 * the page then plays. Today's rules only. Only a link made by hand whose written position is not
 * that one shows another board once the engine has read it.
 * @param {string} fragment
 * @returns {{position: WrittenPosition | {to_move: Side}, you: Side | null} | null}
 *   `position` `{to_move}` alone: the opening, that side to move first
 */
export function linkPosition(fragment) {
  const parts = new URLSearchParams(fragment.replace(/^#/, ""));
  const you = parts.get("you");
  if (parts.get("walak") !== "1" || parts.has("rules") || (you !== null && you !== "south" && you !== "north")) return null;
  const rounds = parts.get("rounds") === "1";
  const written = parts.get("position");
  const position = written !== null ? readPosition(written, rounds) : startOf(parts, rounds, you !== null);
  return position ? { position, you: /** @type {Side | null} */ (you) } : null;
}

/**
 * The start a page shows first at a link that writes out no position, if it is the start: before
 * any move, or before the first in a move of a game by links (`sent`). The position set up
 * (`board`, `reserves`, `turn`, in rounds `round` and `inplay`), or the opening.
 * @param {URLSearchParams} parts
 * @param {boolean} rounds
 * @param {boolean} sent
 */
function startOf(parts, rounds, sent) {
  const moves = parts.get("moves") ?? "";
  const at = parts.get("at") ?? String(moves.length);
  if (!/^\d+$/.test(at) || Number(at) > (sent ? 1 : 0)) return null;
  const board = parts.get("board");
  if (board === null) {
    const first = parts.get("first") ?? "south";
    return first === "south" || first === "north" ? { to_move: /** @type {Side} */ (first) } : null;
  }
  if (!rounds && (parts.has("round") || parts.has("inplay"))) return null;
  return positionOf({ board, reserves: parts.get("reserves") ?? "0.0", turn: parts.get("turn") ?? "",
    round: parts.get("round") ?? "1", inPlay: parts.get("inplay") ?? "1".repeat(14) });
}

/**
 * A link's written-out position (`position`: seeds-reserves-turn, in rounds -round-inplay), or null
 * when it is not written as the engine writes it.
 * @param {string} text
 * @param {boolean} rounds
 */
function readPosition(text, rounds) {
  const [board, reserves, turn, round, inPlay, ...more] = text.split("-");
  if (turn === undefined || more.length > 0 || (round === undefined) === rounds || (inPlay === undefined) === rounds) return null;
  return positionOf({ board, reserves, turn, round: round ?? "1", inPlay: inPlay ?? "1".repeat(14) });
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
