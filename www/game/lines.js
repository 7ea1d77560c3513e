// @ts-check
// The lines of a game's move list, as an analysis board keeps them: a move other than the next one
// from an earlier position starts a variation instead of throwing the later moves away. Each line
// is a whole record from the game's start (digits 1–7); the first is the main line. No line is a
// beginning of another: a move that follows a line already there goes into that line.

import { present } from "../lib/errors.js";
import { beginsWith, joinMoves, movesAfter, movesOf, plyCount, sharedMoves as shared } from "../lib/records.js";

/** @import { Game, GameState, TraceEvent } from "../types/engine.js" */
/** @import { Move } from "../lib/records.js" */

/**
 * A line beside the one shown, from where it leaves it (`branchesOf`): line `index` of the list
 * shares `from` moves with the line shown, then goes on with `moves`.
 * @typedef {{index: number, from: number, moves: string}} Branch
 */

/**
 * How many leading moves two records share.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
export const sharedMoves = shared;

/**
 * The line other than `at` that goes on from `record` with `number`, or -1.
 * @param {readonly string[]} lines
 * @param {number} at
 * @param {string} record
 * @param {Move} number
 * @returns {number}
 */
export function lineFollowing(lines, at, record, number) {
  const next = joinMoves(record, number);
  return lines.findIndex((line, i) => i !== at && beginsWith(line, next));
}

/**
 * The lines to show beside line `at`, each where it leaves it: `{index, from, moves}` with `from`
 * the number of moves it shares with line `at`, ordered by where they branch off (then as kept).
 * @param {readonly string[]} lines
 * @param {number} at
 * @returns {Branch[]}
 */
export function branchesOf(lines, at) {
  const shown = lines[at] ?? "";
  return lines
    .map((line, index) => ({ index, from: sharedMoves(shown, line), moves: line }))
    .filter(({ index }) => index !== at)
    .map((branch) => ({ ...branch, moves: movesAfter(branch.moves, branch.from) }))
    .sort((a, b) => a.from - b.from || a.index - b.index);
}

/**
 * `lines` with line `i` made the main line; returns the new lines and where line `at` went.
 * @param {readonly string[]} lines
 * @param {number} i
 * @param {number} at
 * @returns {{lines: string[], at: number}}
 */
export function promote(lines, i, at) {
  const next = [lines[i], ...lines.filter((_, j) => j !== i)];
  return { lines: next, at: at === i ? 0 : at < i ? at + 1 : at };
}

/**
 * `lines` without line `i` (never the main line); returns the new lines and where line `at` went.
 * @param {readonly string[]} lines
 * @param {number} i
 * @param {number} at
 * @returns {{lines: string[], at: number}}
 */
export function without(lines, i, at) {
  const next = lines.filter((_, j) => j !== i);
  return { lines: next, at: at > i ? at - 1 : at };
}

/**
 * Plays the next move of `game`'s redo line again, which the caller has just seen is there.
 * @param {Game} game
 * @returns {TraceEvent[]}
 */
function redoNext(game) {
  return present(game.redo(), "there is no move to play again");
}

/**
 * The move list of the game on the board: its lines, main line first, and the one on the board
 * (`at`). The controller tells it each change of the game; it never touches the game but to play
 * a move into the line on the board.
 */
export class MoveList {
  constructor() {
    /** @type {string[]} whole records, the main line first */
    this.lines = [];
    /** the line on the board */
    this.at = 0;
  }

  /**
   * Takes `lines` as the move list, `here` (record then redo) being the line on the board. `exact`:
   * none of them unless `here` is one (a link's lines); otherwise `sync` finds or adds it.
   * @param {string[]} lines
   * @param {string} here
   * @param {{exact?: boolean}} [how]
   */
  take(lines, here, { exact = false } = {}) {
    this.lines = lines;
    this.at = Math.max(0, lines.indexOf(here));
    if (exact && (lines.length === 0 || lines[this.at] !== here)) this.clear();
  }

  /**
   * Puts line `i` on the board.
   * @param {number} i
   */
  show(i) {
    this.at = i;
  }

  clear() {
    this.lines = [];
    this.at = 0;
  }

  /**
   * Plays `number` in `game` (whose state is `{record, redo}`) along the line on the board: the
   * next move of the line is played again (the rest of the line stays), a move another line goes
   * on with takes that line, and any other move from inside a line starts a variation, the line
   * left staying in the list. Returns the move's trace.
   * @param {Game} game
   * @param {Pick<GameState, "record" | "redo">} state
   * @param {Move} number
   * @returns {TraceEvent[]}
   */
  playInto(game, { record, redo }, number) {
    if (movesOf(redo)[0] === String(number)) return redoNext(game);
    const other = lineFollowing(this.lines, this.at, record, number);
    if (other >= 0) {
      game.setRedo(movesAfter(this.lines[other], plyCount(record)));
      this.at = other;
      return redoNext(game);
    }
    const trace = game.play(number);
    if (redo !== "") this.at = this.lines.push(joinMoves(record, number)) - 1;
    return trace;
  }

  /**
   * The line on the board is now `here` (record then redo): a move at its end makes it longer; any
   * other line it now is (a new or restored game) is found or added.
   * @param {string} here
   */
  sync(here) {
    const held = this.lines[this.at];
    if (held === undefined || !beginsWith(here, held)) {
      const found = this.lines.indexOf(here);
      this.at = found >= 0 ? found : this.lines.push(here) - 1;
    }
    this.lines[this.at] = here;
  }

  /**
   * Makes line `i` the main line.
   * @param {number} i
   */
  promote(i) {
    ({ lines: this.lines, at: this.at } = promote(this.lines, i, this.at));
  }

  /**
   * Deletes line `i` (never the main line).
   * @param {number} i
   */
  remove(i) {
    ({ lines: this.lines, at: this.at } = without(this.lines, i, this.at));
  }
}

/**
 * Those of `lines` that `open(record)` (the engine's game, freed here) can play.
 * @param {readonly string[]} lines
 * @param {(record: string) => {free(): void}} open
 * @returns {string[]}
 */
export function playableLines(lines, open) {
  return lines.filter((line) => {
    try {
      open(line).free();
      return true;
    } catch {
      return false;
    }
  });
}
