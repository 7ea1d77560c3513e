// @ts-check
// Where a game begins: the opening, or a position set up by hand (an engine set-up such as
// `{board, reserves, to_move, round?, in_play?, direction?}` played by the game's rule set), then the moves of a record. The page and the
// computer's worker build their games the same way, so both see the same game.

import { asMove, firstMoves, holeOfMove, movesOf } from "../lib/records.js";

/** @import { Game, GameOptions, GameState, SavedGame, Setup, Side, StartPosition, TraceEvent } from "../types/engine.js" */

/**
 * A position of a game: where the game began (null for the opening), its options, and the moves
 * played since. What the computer is asked about, and what solved values are kept by.
 * @typedef {object} Position
 * @property {StartPosition | null} start
 * @property {GameOptions} options
 * @property {string} record
 */
/**
 * The engine's game class (the page's engine's or the worker's: they are the same).
 * @typedef {typeof Game} GameClass
 */

/**
 * The engine's game from `start` (null for the opening) with `options`, after `record`, with the
 * moves of `redo` ready to be played again.
 * @template {Game} G the games the class makes (the computer's engine's too, which also draw pictures)
 * @param {{fromRecord(record: string, options?: Partial<GameOptions> | null): G, fromPosition(setup: Setup, record?: string | null): G}} Game
 * @param {{start?: StartPosition | null, options: GameOptions, record?: string, redo?: string}} position
 * @returns {G}
 */
export function openGame(Game, { start = null, options, record = "", redo = "" }) {
  const game = start === null
    ? Game.fromRecord(record, options)
    : Game.fromPosition({ ...start, rounds: options.rounds, ...(options.rules ? { rules: options.rules } : {}) }, record);
  if (redo) {
    try {
      game.setRedo(redo);
    } catch (error) {
      game.free();
      throw error;
    }
  }
  return game;
}

/**
 * The engine's game of a saved game's document (storage.js), or of a kept game's.
 * @param {GameClass} Game
 * @param {Pick<SavedGame, "start" | "options" | "record" | "redo">} saved
 * @returns {Game}
 */
export function openSaved(Game, saved) {
  return openGame(Game, { start: saved.start ?? null, options: saved.options, record: saved.record, redo: saved.redo });
}

/**
 * The position shown in `state`, as a start for a new game or a link.
 * @param {GameState} state
 * @returns {StartPosition}
 */
export function positionOf(state) {
  /** @type {StartPosition} */
  const start = { board: [...state.board], reserves: [state.reserves[0], state.reserves[1]], to_move: state.to_move };
  if (state.rounds) {
    start.round = state.round;
    if (state.in_play.some((on) => !on)) start.in_play = [...state.in_play];
  }
  // A Parker round's direction, once chosen, is part of the position: it holds for the round.
  if (state.direction) start.direction = state.direction;
  return start;
}

/**
 * The move that led to the position after `record`: `{before, trace, side, number}` — the state
 * before it and the move's trace, worked out by playing the record's last move again from the
 * position before it; null at the start, or for a game the engine cannot replay.
 * @param {GameClass} Game
 * @param {{start?: StartPosition | null, options: GameOptions, record: string}} position
 * @returns {{before: GameState, trace: TraceEvent[], side: Side, number: number} | null}
 */
export function lastMoveOf(Game, { start = null, options, record }) {
  if (record.length === 0) return null;
  let game = null;
  try {
    game = openGame(Game, { start, options, record: firstMoves(record, -1) });
    const move = asMove(movesOf(record).at(-1) ?? "");
    const before = game.state();
    return { before, trace: game.preview(move), side: before.to_move, number: holeOfMove(move) };
  } catch {
    return null; // no marks rather than wrong ones
  } finally {
    game?.free();
  }
}
