// @ts-check
// The game controller: the game on the board, its kind, the move being shown, and every action a
// person can take. It draws nothing (the page draws on `onChange` and `onFrame`) and gives no help
// (analysis/ reads it). What depends on the kind of game — who plays which side (the opponent
// seam, opponents.js), whose taps are taken, help, keeping, words — is the kind's (kinds/). The
// engine's game and its move list are board-game.js's; keeping games is keeping.js's.
//
// What others may call:
//   newGame({setup?, record?, redo?, start?}) → kept    rematch(swap)    stop()
//   putOnBoard(game, {start, setup, about, lines})  (a game opened elsewhere: a link's, a kept one, a room's)
//   play(number) → played    move(number, {announce?})    preview(number)    replay()    tellLastMove()
//   canPlay(number)    refusal(side, number) → reason | null    ruleRefusal(number) → engine's Error | null
//   undo({announce?})  redo()  goTo(ply)    showForward(ply) (plays the line on to `ply`, each move shown)
//   variations: the move list's other lines (variations.js) — set, goTo, pliesOf, promote, remove, branches.
//   changeSetup(changes) (the level; a game going on by links)    setSpeed(speed)    closeResult()
//   turnBoard()    noteAbout(part) (a live game's room among the particulars)    holdOpponents(on)
//   startTraining(training)  trainOn({start, record})  setViewOnly(on)  endTraining() → problem | null
//   setReferee(room) (a live game's room: live/room-controller.js) setFrame(frame) (an embed's)    changed() (draw again)
//   animator: the move being shown (board/animation.js) — its speed, pause, steps and skip.
// What others may read, never write:
//   kind (kinds/kind.js: what the page asks of the kind of game), setup, training, referee,
//   Game, state (the engine's state, read once per change), hasGame, options, start, position, scene,
//   animating, thinking, message, shown, lastMove, lastMarks, lines, lineAt, summary, about, turned,
//   resultClosed, unprovenMove.

import { Animator } from "../board/animation.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { ruleReason } from "../board/board-words.js";
import { BoardGame } from "./board-game.js";
import { openGame } from "./game-start.js";
import { keepAside, keepTurned, restoreSaved, saveOnBoard } from "./keeping.js";
import { DEFAULT_SETUP, kindOf } from "./kinds/index.js";
import { FIRST_VISIT_SETUP, keptTurned } from "./first-visit.js";
import { refusalOf } from "./kinds/kind.js";
import { Turns } from "./opponents.js";
import * as games from "./games.js";
import { Variations } from "./variations.js";
import { gameSummary } from "./summary.js";
import { holeOfMove, isLegal, nextMove, optionsOf, plyCount } from "../lib/records.js";

/** @import { Context, Frame, Room, Setup, Training } from "./kinds/kind.js" */
/** @import { Direction, GameState, Side, StartPosition } from "../types/engine.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { About } from "./games.js" */
/** A game put on the board, with its particulars (`about`: its id, when it was made, Flip board, a live game's room). */
/** @typedef {{start?: StartPosition | null, setup: Setup, about: Omit<About, "lines">, lines?: string[]}} OnBoard */

/** What a move did, as the status says it: `App.message`. @param {{side: Side, number: number, trace: any[]}} move */
const messageOf = ({ side, number, trace }) => ({ side, number, summary: summarize(trace) });

export class App {
  /**
   * `Game`: the engine's game class. `computer`: the computer player (analysis/computer.js), which
   * plays the computer's side. `onSettled`: the position shown is still (for the help beside the
   * game); `onReplaced`: another game is on the board; `onMoveShown`: a move has been shown and
   * the kind of game leaves saying what it did to the page.
   * @param {any} Game
   * @param {{computer: import("./opponents.js").ComputerPlayer, onChange: Function, onFrame: Function, onEvent: Function,
   *   onTrouble: (message: import("../i18n/index.js").Message) => void, onMove?: Function, onMoveShown?: Function,
   *   onPosition?: Function, onComputerAnswered?: () => void, onSettled?: Function, onReplaced?: Function}} hooks
   */
  constructor(Game, hooks) {
    this.Game = Game;
    this.computer = hooks.computer;
    this.hooks = hooks;
    this.boardGame = new BoardGame(Game);
    this.variations = new Variations(this); // the move list's other lines
    this.shown = null; // {side, number, trace}: the move being shown, or last shown
    this.message = null; // what the last move did
    /** @type {Omit<About, "lines">} the game's particulars among Your games (its lines are the move list's) */
    this.about = games.newAbout();
    this.resultClosed = null; // the record whose end-of-game panel the person closed
    this.forwardTo = null; // the ply `showForward` plays the line on to, one move shown after another
    /** @type {number | null} Parker's first move: the hole tapped, waiting for its direction (`chooseDirection`) */
    this.directionHole = null;
    // Who plays the sides other than the person's, and their turns.
    this.turns = new Turns(this, { onTrouble: hooks.onTrouble, onAnswered: hooks.onComputerAnswered });
    this.animator = new Animator({
      onFrame: (scene, motion) => hooks.onFrame(scene, motion),
      onDone: () => this.afterAnimation(),
      onEvent: (event, scene) => hooks.onEvent(event, scene),
    });
    /**
     * What the board answers to besides its set-up (a lesson or a puzzle, a live game's room, an
     * embed's frame): with the set-up, it makes the kind, and nothing else here reads it.
     * @type {Context}
     */
    this.context = {};
    /** The kind of the game on the board (kinds/kind.js `Kind`); two players' until a game is. */
    this.kind = kindOf(DEFAULT_SETUP);
  }

  /**
   * Makes the kind of game again (kinds/index.js `kindOf`) for `setup`, what the board answers to
   * changed by `part`: a lesson or a puzzle and its step waiting, a live game's room, an embed's
   * frame. The opponents follow it.
   * @param {Setup} setup
   * @param {Context} [part]
   */
  #rekind(setup, part = {}) {
    this.context = { ...this.context, ...part };
    this.kind = kindOf(setup, this.context);
    this.animator.brisk = this.kind.brisk;
    this.turns.follow(this.kind.opponents(this.computer));
  }

  get setup() { return this.kind.setup; }
  /** The lesson or puzzle the board serves (`startTraining`), or null. */
  get training() { return this.context.training ?? null; }
  /** The live game's room that referees the board (`setReferee`), or null. */
  get referee() { return this.context.room ?? null; }
  /** The engine's state of the position shown (once a game is on the board: `hasGame`). @returns {GameState} */
  get state() { return /** @type {GameState} */ (this.boardGame.state); }
  get hasGame() { return this.boardGame.game !== null; }
  /** The position set up by hand that the game began from, or null for the opening. */
  get start() { return this.boardGame.start; }
  get options() { return optionsOf(this.setup); }
  /** The position shown, as the workers and the opponents are asked about it. */
  get position() { return { start: this.start, options: this.options, record: this.state.record }; }
  /** The lines of the move list, main line first, and the one on the board. */
  get lines() { return this.boardGame.moveList.lines; }
  get lineAt() { return this.boardGame.moveList.at; }

  /** The game played to the position shown, summed up for the end-of-game panel (summary.js), or null. */
  get summary() { return gameSummary(this.Game, this.position); }

  /**
   * The move that led to the position shown (board-game.js `lastMove`: what Replay shows again, the
   * marks the board keeps on it), or null at the start; known after a reload, a link or undo too.
   */
  get lastMove() { return this.hasGame ? this.boardGame.lastMove : null; }

  /** The marks of the move that led here (see `lastMove`), or null. */
  get lastMarks() { return this.lastMove?.marks ?? null; }

  /** Says again what the move that led here did (after a reload, a link or a game taken up again). */
  tellLastMove() {
    const last = this.lastMove;
    if (!last || this.animating) return;
    this.message = messageOf(last);
    this.changed();
  }

  /** The scene on the board now: the animation's, or the engine's state. */
  get scene() { return this.animator.scene ?? sceneFromState(this.state); }
  get animating() { return this.animator.active; }
  /** An opponent is taking its turn (waiting to, or thinking). */
  get thinking() { return this.turns.thinking; }
  /** The record after a perfect-level move that was not proved, or null. */
  get unprovenMove() { return this.turns.unprovenMove; }

  /** @param {Room | null} room  the live game's room that referees the board from now on, or none */
  setReferee(room) {
    this.turns.stop();
    this.#rekind(this.setup, { room });
    this.changed();
    this.turns.take();
  }

  /** @param {Frame} frame  an embed's, in which every game is shown from now on: kept nowhere */
  setFrame(frame) { this.#rekind(this.setup, { frame }); }

  /** @param {object} part  noted among the game's particulars (`about`: a live game's room, Flip board), kept with it */
  noteAbout(part) {
    this.about = { ...this.about, ...part };
    this.save();
    this.changed();
  }

  /** Whether the board is turned round from the side it is seen from at first (Flip board), as this game keeps it. */
  get turned() { return this.about.turned === true; }

  /** Turns the board round (Flip board): kept with the game, and taken by the next new game (keeping.js). */
  turnBoard() {
    this.noteAbout({ turned: !this.turned });
    if (this.kind.keeps) keepTurned(this.turned);
  }

  /**
   * Starts a game set up by `setup` (the one on the board's by default) from the opening or from
   * the position `start`, optionally after the moves of `record` (with `redo` still to be
   * replayed). Returns whether the game that was on the board went among Your games.
   * @param {{setup?: Partial<Setup>, record?: string, redo?: string, start?: StartPosition | null}} [game]
   */
  newGame({ setup = this.setup, record = "", redo = "", start = null } = {}) {
    this.stop();
    const fresh = kindOf({ ...DEFAULT_SETUP, ...setup }).fresh();
    const game = openGame(this.Game, { start, options: optionsOf(fresh), record, redo });
    // The game on the board is never lost: it goes among Your games first.
    const kept = keepAside(this);
    const turned = kindOf(fresh, this.context).keeps && keptTurned();
    this.putOnBoard(game, { start, setup: fresh, about: { ...games.newAbout(), turned } });
    return kept;
  }

  /** @param {boolean} swap  the next game at the end of this one, the sides swapped or not; a live room decides its own */
  rematch(swap) {
    const setup = this.kind.rematch(swap);
    if (setup) this.newGame({ setup, start: this.start });
  }

  /**
   * Puts the board to a lesson or a puzzle (`training`: kinds/kind.js `Training`). Nothing played
   * there is saved or kept and no help is given; the game the person was playing stays saved, and
   * `endTraining` takes it up again.
   */
  startTraining(/** @type {Training} */ training) {
    this.turns.stop();
    this.#rekind(this.setup, { training });
  }

  /** Opens a lesson's or a puzzle's position: `start` set up by hand, or the opening and `record`. */
  trainOn(/** @type {{start?: StartPosition | null, record?: string}} */ { start = null, record = "" }) {
    this.#rekind(this.setup, { watching: false });
    this.newGame({ setup: { ...DEFAULT_SETUP, first: start?.to_move ?? "south", level: this.setup.level }, record, start });
  }

  /** @param {boolean} on  whether the lesson's or puzzle's step waits for its panel: no move of the person's is taken */
  setViewOnly(on) { this.#rekind(this.setup, { watching: on }); }

  /** Ends a lesson or a puzzle: the saved game comes back (or a first visit's game if there is none). */
  endTraining() {
    if (!this.training) return null;
    this.stop();
    this.#rekind(this.setup, { training: null, watching: false });
    // Closed first: the practice game must never go among Your games.
    this.boardGame.close();
    const problem = restoreSaved(this);
    if (!this.hasGame) this.newGame({ setup: { ...DEFAULT_SETUP, ...FIRST_VISIT_SETUP } });
    return problem;
  }

  /** Puts the engine's `game` on the board with its start, set-up, particulars and move list. */
  putOnBoard(/** @type {any} */ game, /** @type {OnBoard} */ { start = null, setup, about, lines = [] }) {
    this.#rekind(setup);
    this.boardGame.open(game, { start, options: this.options });
    this.hooks.onReplaced?.();
    this.about = about;
    this.boardGame.moveList.take(this.boardGame.playable(lines), this.boardGame.line);
    this.afterJump();
  }

  /** @param {Move} number  whether the person may play it now (their turn, nothing pending, legal; a hole whose move waits for its direction) */
  canPlay(number) {
    return this.kind.refusal(this, this.state.to_move) === null && (isLegal(this.state, number) || this.needsDirection(number));
  }

  /**
   * Whether hole `number` may be played only with a direction (the first move of a game of
   * Parker's): `4+` or `4-` is legal, `4` is not. @param {Move} number
   */
  needsDirection(number) {
    const { state } = this;
    return typeof number === "number" && !isLegal(state, number) && (isLegal(state, `${number}+`) || isLegal(state, `${number}-`));
  }

  /**
   * The direction the person is asked to choose, or null: for the hole tapped (`hole`), or a
   * match's new round (`hole` null), with which of the two may be played.
   * @returns {{hole: number | null, moves: Record<Direction, boolean>} | null}
   */
  get directionChoice() {
    if (!this.hasGame || this.animating) return null;
    const { state } = this;
    const hole = this.directionHole;
    if (hole === null && state.phase !== "choose") return null;
    if (this.kind.refusal(this, state.to_move) !== null) return null;
    const of = (/** @type {Direction} */ sign) => isLegal(state, hole === null ? sign : `${hole}${sign}`);
    return { hole, moves: { "+": of("+"), "-": of("-") } };
  }

  /**
   * Plays the direction chosen: with the hole tapped (`4+`), or a new round's bare `+` or `-`.
   * @param {Direction} sign
   */
  chooseDirection(sign) {
    const choice = this.directionChoice;
    if (!choice || !choice.moves[sign]) return false;
    this.directionHole = null;
    this.kind.play(this, choice.hole === null ? sign : `${choice.hole}${sign}`);
    return true;
  }

  /** Forgets the hole tapped that waited for its direction. */
  cancelDirection() {
    if (this.directionHole === null) return;
    this.directionHole = null;
    this.changed();
  }

  /**
   * Why the person may not play `side`'s hole `number` now, as a reason the page puts in words
   * (ui/words.js `describeRefusal`), or null when they may: the kind's (whose taps are taken),
   * then the rules' (the engine's). @param {Side} side @param {number} number
   */
  refusal(side, number) {
    const reason = this.kind.refusal(this, side);
    return reason !== null || isLegal(this.state, number) || this.needsDirection(number) ? reason : ruleReason(this.ruleRefusal(number));
  }

  /**
   * The engine's refusal of hole `number` for the player to move (an Error with its `kind`), or
   * null. Before a direction is chosen (Parker's first move) the hole is asked about with one, so
   * that the refusal says what is wrong with the hole rather than that it lacks a direction; a
   * move in the notation (`"4+"`) is asked about as it is.
   * @param {Move} number
   */
  ruleRefusal(number) {
    const { state } = this;
    const unsigned = typeof number === "number" && state.phase === "play" && state.direction === null;
    return refusalOf(() => this.boardGame.preview(unsigned ? `${number}+` : number));
  }

  /**
   * The person's move, played (at once, or by a live room); ignored when not allowed now. A hole
   * whose move needs a direction (Parker's first move) waits for it: `directionChoice`.
   * @param {Move} number
   */
  play(number) {
    if (!this.canPlay(number)) return false;
    if (this.needsDirection(number)) {
      this.directionHole = /** @type {number} */ (number);
      this.changed();
      return true;
    }
    this.directionHole = null;
    this.kind.play(this, number);
    return true;
  }

  /** Plays `number` (a hole, or a move in Parker's notation) for the player to move; `announce: false` keeps it from the host page. @param {Move} number */
  move(number, { announce = true } = {}) {
    this.directionHole = null;
    const { before, side, trace } = this.boardGame.play(number);
    this.shown = { side, number: holeOfMove(number), trace };
    this.message = null;
    this.save();
    if (announce) this.hooks.onMove?.(side, number, trace, this.state);
    this.animator.start(before, trace);
    this.changed();
  }

  /** @param {number} number  what its move would do, for a preview; null when it cannot be played now (or waits for a direction) */
  preview(number) {
    if (!this.canPlay(number) || this.needsDirection(number)) return null;
    return summarize(this.boardGame.preview(number));
  }

  afterAnimation() {
    if (this.shown) this.message = messageOf(this.shown);
    this.changed();
    // Once per move shown, after its last event (never per frame): a lesson says what follows.
    if (this.message && !this.kind.followMove(this)) this.hooks.onMoveShown?.(this);
    if (this.forwardTo !== null && plyCount(this.state.record) < this.forwardTo && this.state.redo !== "") {
      this.move(nextMove(this.state.redo));
      return;
    }
    this.forwardTo = null;
    this.settled();
  }

  /**
   * Plays the line on the board on to `ply` moves, showing each move as if it were played now (the
   * moves a friend's link brings). Anything that stops the move shown stops there: the rest of the
   * line stays, to be redone. @param {number} ply
   */
  showForward(ply) {
    this.stop();
    if (plyCount(this.state.record) >= ply || this.state.redo === "") return;
    this.forwardTo = ply;
    this.move(nextMove(this.state.redo));
  }

  /** Shows the move that led here again (also after a reload, a link, undo or redo). */
  replay() {
    const last = this.lastMove;
    if (!last) return;
    this.turns.stop();
    // What the move did is said again at its end, not before.
    this.message = null;
    this.shown = { side: last.side, number: last.number, trace: last.trace };
    this.animator.start(last.before, last.trace);
    this.changed();
  }

  /** Takes back the last move (against the computer, back to the person's turn); `announce: false` keeps it from the host. */
  undo({ announce = true } = {}) {
    this.stop();
    if (this.boardGame.undo(this.kind.computerSide)) this.afterJump({ announce });
  }

  redo() {
    this.stop();
    if (this.boardGame.redo(this.kind.computerSide)) this.afterJump();
  }

  /** @param {number} ply  shows the position after so many moves of the line; against the computer, with its reply */
  goTo(ply) {
    this.stop();
    this.boardGame.goTo(ply, this.kind.computerSide);
    this.afterJump();
  }

  /** Stops what is under way: an opponent's turn, the moves being played on, and the move being shown. */
  stop() {
    this.forwardTo = null;
    this.turns.stop();
    this.animator.cancel();
  }

  /** After the position shown changed other than by a move: a new or restored game, undo, redo. */
  afterJump({ announce = true } = {}) {
    this.directionHole = null;
    this.shown = null;
    this.message = null;
    this.save();
    if (announce) this.hooks.onPosition?.(this.state);
    this.changed();
    this.settled();
  }

  /** The position shown is still: an opponent may take its turn, a live room play on, and the help follows it. */
  settled() {
    this.turns.take();
    this.kind.settled();
    this.hooks.onSettled?.();
  }

  setSpeed(/** @type {import("../board/animation.js").Speed} */ speed) {
    this.animator.setSpeed(speed);
    this.changed();
  }

  /**
   * Changes the set-up of the game in play by `changes`: the computer's level (a search under way
   * for the old one is dropped), a two-player game going on by links (share/link-game.js).
   * @param {Partial<Setup>} changes
   */
  changeSetup(changes) {
    this.turns.stop();
    this.#rekind({ ...this.setup, ...changes });
    this.save();
    this.changed();
    this.turns.take();
  }

  /** The end-of-game panel closed by the person: the final position stays in view. */
  closeResult() {
    this.resultClosed = this.state.record;
    this.changed();
  }

  /** @param {boolean} on  holds the opponents and the move being shown while on (an embed's demo paused) */
  holdOpponents(on) {
    if (on) this.animator.pause();
    else this.animator.resume();
    this.turns.hold(on);
    this.changed();
  }

  /** Keeps the move list in step with the board, and the game in the browser when its kind keeps it. */
  save() {
    this.boardGame.moveList.sync(this.boardGame.line);
    saveOnBoard(this);
  }

  /** Asks the page to draw again; the state is the one read at the last change of the game. */
  changed() { this.hooks.onChange(this); }
}
