// @ts-check
// The game on the board: the engine's game, the lines of its move list, and stepping through them.
// The engine's state is read once after each change of the game (a move, undo, redo, a jump) and
// kept as `state`; nothing else here asks the engine for it.

import { holeIndex } from "../board/holes.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { lastMoveOf, openGame } from "./game-start.js";
import { MoveList, playableLines, sharedMoves } from "./lines.js";
import { present } from "../lib/errors.js";
import { holeOfMove, joinMoves, movesAfter, optionsOf, plyCount } from "../lib/records.js";

/** @import { Game, GameOptions, GameState, Ply, Side, StartPosition, TraceEvent } from "../types/engine.js" */
/** @import { Scene } from "../board/scene.js" */
/** @import { MoveMarks } from "../board/board.js" */
/** @import { GameClass } from "./game-start.js" */
/** @import { Move } from "../lib/records.js" */

/**
 * A move as the page keeps it: the scene before it and its trace (what Replay shows again), who
 * played which hole, and the marks the board keeps on it until the next move.
 * @typedef {object} KeptMove
 * @property {Scene} before
 * @property {TraceEvent[]} trace
 * @property {Side} side
 * @property {number} number
 * @property {MoveMarks} marks
 */

/**
 * A move as the page keeps it (`BoardGame.lastMove`), from the state before it.
 * @param {GameState} stateBefore
 * @param {Side} side
 * @param {number} number
 * @param {TraceEvent[]} trace
 * @returns {KeptMove}
 */
function keptMove(stateBefore, side, number, trace) {
  // A new round's bare direction starts from no hole.
  const marks = { hole: number > 0 ? holeIndex(side, number) : null, captures: summarize(trace).beadHoles };
  return { before: sceneFromState(stateBefore), trace, side, number, marks };
}

export class BoardGame {
  /** @param {GameClass} Game */
  constructor(Game) {
    this.Game = Game;
    /** @type {Game | null} the engine's game, or null before the first */
    this.game = null;
    /** @type {StartPosition | null} the position set up by hand that the game began from, or null for the opening */
    this.start = null;
    /** @type {GameOptions} the options of the game on the board (the default ones before the first) */
    this.options = optionsOf({ rounds: false, first: "south" });
    /** @type {GameState | null} the engine's state, read after each change; null before the first game */
    this.state = null;
    this.moveList = new MoveList();
    /** @type {Map<string, KeptMove | null>} record → the move that led to the position after it */
    this.lastMoves = new Map();
    /** @type {Map<string, Ply[]> | null} the moves of the lines, by line */
    this.plies = null;
  }

  /**
   * Puts the engine's `game`, begun from `start` with `options`, on the board (the one there is freed).
   * @param {Game} game
   * @param {{start: StartPosition | null, options: GameOptions}} beginning
   */
  open(game, { start, options }) {
    this.close();
    this.game = game;
    this.start = start;
    this.options = options;
    this.lastMoves.clear();
    this.plies = null;
    this.read();
  }

  /** Frees the game on the board, leaving none. */
  close() {
    this.game?.free();
    this.game = null;
  }

  /** The engine's game on the board; there is none before the first or once closed. */
  opened() {
    return present(this.game, "there is no game on the board");
  }

  /** The state last read of the game on the board; there is none before the first game. */
  known() {
    return present(this.state, "there is no game on the board");
  }

  /** Reads the engine's state after a change of the game. */
  read() {
    this.state = this.opened().state();
  }

  /**
   * An engine game from this game's start and options after `record`; the caller frees it.
   * @param {string} record
   */
  openAt(record) {
    return openGame(this.Game, { start: this.start, options: this.options, record });
  }

  /** The line on the board: the record, then the moves taken back that redo plays again. */
  get line() {
    const { record, redo } = this.known();
    return joinMoves(record, redo);
  }

  /**
   * Plays `number` for the player to move into the line on the board (lines.js `MoveList.playInto`)
   * and returns the move as the page keeps it (`keptMove`), remembered as the last move.
   * @param {Move} number
   * @returns {KeptMove}
   */
  play(number) {
    const before = this.known();
    const trace = this.moveList.playInto(this.opened(), before, number);
    this.read();
    const move = keptMove(before, before.to_move, holeOfMove(number), trace);
    this.lastMoves.set(this.known().record, move);
    return move;
  }

  /**
   * The move that led here (`keptMove`), or null at the start. Kept from when it was played;
   * otherwise (after a reload, a link, or a step to a position not played here) worked out once,
   * by playing the record's last move again from the position before it.
   * @returns {KeptMove | null}
   */
  get lastMove() {
    const { record } = this.known();
    let move = this.lastMoves.get(record);
    if (move === undefined) {
      const last = lastMoveOf(this.Game, { start: this.start, options: this.options, record });
      move = last && keptMove(last.before, last.side, last.number, last.trace);
      this.lastMoves.set(record, move);
    }
    return move;
  }

  /**
   * What the engine says of playing `number` now: its trace, leaving the game as it is; throws a refusal with its `kind`.
   * @param {Move} number
   */
  preview(number) {
    return this.opened().preview(number);
  }

  /**
   * Who is to move after `ply` moves of the line on the board, known from its moves; null at its end.
   * @param {number} ply
   * @returns {Side | null}
   */
  toMoveAt(ply) {
    return this.known().line[ply]?.side ?? null;
  }

  /**
   * Takes back the last move, and then those of `skip` (the side whose moves go with the one before). Says whether it did.
   * @param {Side | null} [skip]
   */
  undo(skip = null) {
    const game = this.opened();
    if (!game.undo()) return false;
    let at = plyCount(this.known().record) - 1;
    while (skip && this.toMoveAt(at) === skip && game.undo()) at--;
    this.read();
    return true;
  }

  /**
   * Plays again the next move of the line, and then those of `skip`. Says whether it did.
   * @param {Side | null} [skip]
   */
  redo(skip = null) {
    const game = this.opened();
    if (game.redo() === null) return false;
    let at = plyCount(this.known().record) + 1;
    while (skip && this.toMoveAt(at) === skip && game.redo() !== null) at++;
    this.read();
    return true;
  }

  /**
   * Goes to the position after `ply` moves of the line on the board, past any moves of `skip` there.
   * @param {number} ply
   * @param {Side | null} [skip]
   */
  goTo(ply, skip = null) {
    this.walk(plyCount(this.known().record), ply, skip);
  }

  /**
   * Goes to the position after `ply` moves of line `index` of the move list.
   * @param {number} index
   * @param {number} ply
   * @param {Side | null} [skip]
   */
  goToLine(index, ply, skip = null) {
    const game = this.opened();
    const line = this.moveList.lines[index];
    // Back to where the two lines part (or nearer the start), then the rest of the other line ahead.
    const shared = sharedMoves(this.line, line);
    let at = plyCount(this.known().record);
    while (at > shared && game.undo()) at--;
    game.setRedo(movesAfter(line, at));
    this.moveList.show(index);
    if (skip) this.read(); // the sides of the other line's moves
    this.walk(at, ply, skip);
  }

  /**
   * From `at` moves of the line, to `ply` moves and past any moves of `skip` there; then reads the state.
   * @param {number} at
   * @param {number} ply
   * @param {Side | null} skip
   */
  walk(at, ply, skip) {
    const game = this.opened();
    while (at > ply && game.undo()) at--;
    while (at < ply && game.redo() !== null) at++;
    while (skip && this.toMoveAt(at) === skip && game.redo() !== null) at++;
    this.read();
  }

  /**
   * Those of `lines` that are games the engine can play from this game's start.
   * @param {readonly string[]} lines
   */
  playable(lines) {
    return playableLines(lines, (record) => this.openAt(record));
  }

  /**
   * The moves of line `index` of the move list, as the engine's state lists them (`state.line`).
   * @param {number} index
   * @returns {Ply[]}
   */
  pliesOf(index) {
    const line = this.moveList.lines[index] ?? "";
    this.plies ??= new Map();
    let plies = this.plies.get(line);
    if (plies === undefined) {
      const game = this.openAt(line);
      try {
        plies = game.state().line;
      } finally {
        game.free();
      }
      this.plies.set(line, plies);
    }
    return plies;
  }
}
