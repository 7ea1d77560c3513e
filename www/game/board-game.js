// The game on the board: the engine's game, the lines of its move list, and stepping through them.
// The engine's state is read once after each change of the game (a move, undo, redo, a jump) and
// kept as `state`; nothing else here asks the engine for it.

import { holeIndex } from "../board/holes.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { lastMoveOf, openGame } from "./game-start.js";
import { MoveList, playableLines, sharedMoves } from "./lines.js";

/**
 * A move as the page keeps it (`BoardGame.lastMove`): `{before, trace, side, number, marks}` — the
 * scene before it and its trace (what Replay shows again), and the marks the board keeps on it
 * until the next move (`{hole, captures}` in track indices: the hole played, the holes its
 * necklace took).
 */
function keptMove(stateBefore, side, number, trace) {
  const marks = { hole: holeIndex(side, number), captures: summarize(trace).beadHoles };
  return { before: sceneFromState(stateBefore), trace, side, number, marks };
}

export class BoardGame {
  constructor(Game) {
    this.Game = Game;
    this.game = null; // the engine's game, or null before the first
    this.start = null; // the position set up by hand that the game began from, or null for the opening
    this.options = null; // {rounds, first}
    this.state = null;
    this.moveList = new MoveList();
    this.lastMoves = new Map(); // record → the move that led to the position after it (`keptMove`)
    this.plies = null; // the moves of the lines, by line
  }

  /** Puts the engine's `game`, begun from `start` with `options`, on the board (the one there is freed). */
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

  /** Reads the engine's state after a change of the game. */
  read() {
    this.state = this.game.state();
  }

  /** An engine game from this game's start and options after `record`; the caller frees it. */
  openAt(record) {
    return openGame(this.Game, { start: this.start, options: this.options, record });
  }

  /** The line on the board: the record, then the moves taken back that redo plays again. */
  get line() {
    return this.state.record + this.state.redo;
  }

  /**
   * Plays `number` for the player to move into the line on the board (lines.js `MoveList.playInto`)
   * and returns the move as the page keeps it (`keptMove`), remembered as the last move.
   */
  play(number) {
    const before = this.state;
    const trace = this.moveList.playInto(this.game, before, number);
    this.read();
    const move = keptMove(before, before.to_move, number, trace);
    this.lastMoves.set(this.state.record, move);
    return move;
  }

  /**
   * The move that led here (`keptMove`), or null at the start. Kept from when it was played;
   * otherwise (after a reload, a link, or a step to a position not played here) worked out once,
   * by playing the record's last move again from the position before it.
   */
  get lastMove() {
    const { record } = this.state;
    if (!this.lastMoves.has(record)) {
      const last = lastMoveOf(this.Game, { start: this.start, options: this.options, record });
      this.lastMoves.set(record, last && keptMove(last.before, last.side, last.number, last.trace));
    }
    return this.lastMoves.get(record);
  }

  /** What the engine says of playing `number` now: its trace, leaving the game as it is; throws a refusal with its `kind`. */
  preview(number) {
    return this.game.preview(number);
  }

  /** Who is to move after `ply` moves of the line on the board, known from its moves; null at its end. */
  toMoveAt(ply) {
    return this.state.line[ply]?.side ?? null;
  }

  /** Takes back the last move, and then those of `skip` (the side whose moves go with the one before). Says whether it did. */
  undo(skip = null) {
    if (!this.game.undo()) return false;
    let at = this.state.record.length - 1;
    while (skip && this.toMoveAt(at) === skip && this.game.undo()) at--;
    this.read();
    return true;
  }

  /** Plays again the next move of the line, and then those of `skip`. Says whether it did. */
  redo(skip = null) {
    if (this.game.redo() === null) return false;
    let at = this.state.record.length + 1;
    while (skip && this.toMoveAt(at) === skip && this.game.redo() !== null) at++;
    this.read();
    return true;
  }

  /** Goes to the position after `ply` moves of the line on the board, past any moves of `skip` there. */
  goTo(ply, skip = null) {
    this.walk(this.state.record.length, ply, skip);
  }

  /** Goes to the position after `ply` moves of line `index` of the move list. */
  goToLine(index, ply, skip = null) {
    const line = this.moveList.lines[index];
    // Back to where the two lines part (or nearer the start), then the rest of the other line ahead.
    const shared = sharedMoves(this.line, line);
    let at = this.state.record.length;
    while (at > shared && this.game.undo()) at--;
    this.game.setRedo(line.slice(at));
    this.moveList.show(index);
    if (skip) this.read(); // the sides of the other line's moves
    this.walk(at, ply, skip);
  }

  /** From `at` moves of the line, to `ply` moves and past any moves of `skip` there; then reads the state. */
  walk(at, ply, skip) {
    while (at > ply && this.game.undo()) at--;
    while (at < ply && this.game.redo() !== null) at++;
    while (skip && this.toMoveAt(at) === skip && this.game.redo() !== null) at++;
    this.read();
  }

  /** Those of `lines` that are games the engine can play from this game's start. */
  playable(lines) {
    return playableLines(lines, (record) => this.openAt(record));
  }

  /** The moves of line `index` of the move list, as the engine's state lists them (`state.line`). */
  pliesOf(index) {
    const line = this.moveList.lines[index] ?? "";
    this.plies ??= new Map();
    if (!this.plies.has(line)) {
      const game = this.openAt(line);
      try {
        this.plies.set(line, game.state().line);
      } finally {
        game.free();
      }
    }
    return this.plies.get(line);
  }
}
