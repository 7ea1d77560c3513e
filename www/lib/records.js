// @ts-check
// Records and moves as the engine writes them. Today's rules write a record one digit per move
// ("7264"); Parker's rule sets write moves in the notation separated by spaces ("4+ 2 7 - 3"),
// the first move of a round choosing the direction with its sign. A Parker record always begins
// with a signed move, so a record's own characters say which way it is written. Everything that
// counts, cuts or joins a record's moves goes through here, so that both kinds of record work.

/** @import { GameOptions, GameState, RuleSet } from "../types/engine.js" */

/**
 * A move as the page hands it to the engine: a hole number 1–7, or a move in Parker's notation
 * (`"4+"`, `"4-"`, `"3"`, a bare `"+"` or `"-"`).
 * @typedef {number | string} Move
 */

const SPACED = /[\s+-]/;

/** @param {string} record  whether it is written in Parker's notation (moves with spaces and signs) */
const spaced = (record) => SPACED.test(record);

/**
 * The moves of a record, each as written ("4+", "3", or a digit of today's record).
 * @param {string} record
 * @returns {string[]}
 */
export function movesOf(record) {
  if (record === "") return [];
  return spaced(record) ? record.split(/\s+/).filter((move) => move !== "" && move !== "/") : [...record];
}

/** How many moves a record holds. @param {string} record */
export const plyCount = (record) => movesOf(record).length;

/**
 * Two records (or a record and a move) one after the other.
 * @param {string} a
 * @param {string | number} b
 */
export function joinMoves(a, b) {
  const next = String(b);
  if (a === "") return next;
  if (next === "") return a;
  return spaced(a) || spaced(next) ? `${a} ${next}` : a + next;
}

/**
 * The first `count` moves of `record` (negative: all but the last so many), written as it is.
 * @param {string} record
 * @param {number} count
 */
export function firstMoves(record, count) {
  const moves = movesOf(record);
  return moves.slice(0, count < 0 ? Math.max(0, moves.length + count) : count).join(spaced(record) ? " " : "");
}

/**
 * The moves of `record` after its first `count`, written as it is (a Parker record's later moves
 * stay separated by spaces, though they carry no sign).
 * @param {string} record
 * @param {number} count
 */
export function movesAfter(record, count) {
  return movesOf(record).slice(count).join(spaced(record) ? " " : "");
}

/**
 * How many leading moves two records share.
 * @param {string} a
 * @param {string} b
 */
export function sharedMoves(a, b) {
  const x = movesOf(a);
  const y = movesOf(b);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/** Whether `line` begins with every move of `head`. @param {string} line @param {string} head */
export const beginsWith = (line, head) => sharedMoves(line, head) === plyCount(head);

/**
 * The hole (1–7) a move starts from; 0 for a bare direction (`"+"`, `"-"`).
 * @param {Move} move
 */
export const holeOfMove = (move) => (typeof move === "number" ? move : Number.parseInt(move, 10) || 0);

/**
 * The direction a move written in Parker's notation fixes (`"4+"`, a bare `"-"`), or null for a
 * hole alone.
 * @param {Move} move
 * @returns {import("../types/engine.js").Direction | null}
 */
export const directionOfMove = (move) => {
  const sign = String(move).slice(-1);
  return sign === "+" || sign === "-" ? sign : null;
};

/** The rule sets the engine plays; the first is the default. @type {readonly RuleSet[]} */
export const RULE_SETS = Object.freeze(["mancala-world", "parker-walak", "parker-kotu"]);

/** Whether a rule set is one of Parker's (moves in the notation, a chosen direction). @param {RuleSet | null | undefined} rules */
export const isParker = (rules) => rules === "parker-walak" || rules === "parker-kotu";

/**
 * A game's options as the engine takes them: `rules` only for Parker's rule sets, so that
 * today's games are written exactly as before.
 * @param {{rounds: boolean, first: import("../types/engine.js").Side, rules?: RuleSet}} setup
 * @returns {GameOptions}
 */
export function optionsOf({ rounds, first, rules }) {
  return isParker(rules) ? { rounds, first, rules } : { rounds, first };
}

/**
 * Whether `move` is one of the legal moves of `state` (the engine lists numbers in today's
 * rules, moves in the notation in Parker's).
 * @param {Pick<GameState, "legal">} state
 * @param {Move} move
 */
export const isLegal = (state, move) => state.legal.some((legal) => String(legal) === String(move));

/**
 * The holes (1–7) of the player to move that some legal move starts from.
 * @param {Pick<GameState, "legal">} state
 * @returns {number[]}
 */
export const legalHoles = (state) => [...new Set(state.legal.map(holeOfMove).filter((hole) => hole > 0))];

/**
 * The move an embed plays for `move` (a hole, or `"4+"`/`"4-"`) in the position of `state`: in
 * Parker's rule sets, before the round's direction is chosen, the hole with its sign — `+` when
 * none is given, counterclockwise, as today's rules always sow; otherwise the hole alone (a
 * direction once chosen holds for the round, and today's rules have none). Only the notation is
 * decided here: whether the move may be played is the engine's to say.
 * @param {Pick<GameState, "rules" | "direction" | "phase">} state
 * @param {Move} move
 * @returns {Move}
 */
export function directedMove(state, move) {
  const hole = holeOfMove(move);
  if (!isParker(state.rules) || state.phase !== "play" || (state.direction ?? null) !== null) return hole;
  return `${hole}${typeof move === "string" && move.endsWith("-") ? "-" : "+"}`;
}

/**
 * A move as written in a record, as the engine is handed it again: a hole number where it is one,
 * else the move in the notation (`"4+"`, `"-"`).
 * @param {string} text
 * @returns {Move}
 */
export const asMove = (text) => (/^[1-7]$/.test(text) ? Number(text) : text);

/** The first move of a record (a redo line's next move), as the engine is handed it. @param {string} record */
export const nextMove = (record) => asMove(movesOf(record)[0] ?? "");
