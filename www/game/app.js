// The game controller: the game on the board and its set-up, the move being shown, and every action
// a person can take. It draws nothing (the page draws on `onChange` and `onFrame`), gives no help
// (analysis/analysis.js, beside it, reads it), and asks whoever plays another side through the
// opponent seam (opponents.js). The engine's game and its move list are board-game.js's.
//
// What others may call:
//   newGame(setup, record?, redo?, start?) → kept    putOnBoard(game, start, setup, about, lines)    stop()
//   (keeping a game, taking a kept one up again and restoring the saved one are keeping.js's)
//   play(number) → played    move(number, {announce?})    preview(number)    replay()    tellLastMove()
//   canPlay(number)    refusal(side, number) → reason | null    ruleRefusal(number) → engine's Error | null
//   undo({announce?})  redo()  goTo(ply)  setLines(lines)  goToLine(index, ply)  pliesOf(index)
//   promoteLine(index)  deleteLine(index)  setLevel(level)  setSpeed(speed)  setViewOnly(on)  closeResult()
//   setOpponents(choose)  holdOpponents(on)  startTraining(training)  trainOn({start, record})
//   endTraining() → problem | null    savedDocument()    changed() (asks the page to draw again)
//   showForward(ply) (plays the line on to `ply`, each move shown)    becomeLinkGame(you, id)    turnBoard()
//   setReferee(referee) (a live game's room, which plays the person's moves: live/live-game.js)
//   animator: the move being shown (board/animation.js) — its speed, pause, steps and skip.
// What others may read, never write:
//   Game, state (the engine's state, read once per change), hasGame, setup, options, start, position, scene,
//   animating, thinking, computerSide, friendSide, rival, viewOnly, training, message, shown, lastMove,
//   lastMarks, lines, lineAt, branches, summary, about, resultClosed, unprovenMove, persist, referee.

import { Animator } from "../board/animation.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { BoardGame } from "./board-game.js";
import { openGame } from "./game-start.js";
import { keepAside, restoreSaved } from "./keeping.js";
import { Turns, opponentsFor, rivalOf } from "./opponents.js";
import * as storage from "./storage.js";
import { DEFAULT_LEVEL } from "./storage.js";
import * as games from "./games.js";
import { branchesOf, sharedMoves } from "./lines.js";
import { gameSummary } from "./summary.js";
import { readChoice, writeChoice } from "../lib/choices.js";

const DEFAULT_SETUP = { mode: "two", side: "south", rounds: false, first: "south", level: DEFAULT_LEVEL };
// A first visit is a game against the computer at its gentlest, the person playing South.
export const FIRST_VISIT_SETUP = { mode: "computer", side: "south", level: "beginner" };
// Flip board's last choice, which a new game takes (each game keeps its own among its particulars).
const TURNED_KEY = "walak-pussa.turned";
// The engine's reasons for refusing a move, as the page's refusals (ui/words.js `describeRefusal`).
const RULE_REFUSALS = { empty_hole: "empty", out_of_play: "outOfPlay", endless: "endless", game_over: "over" };

/** What a move (`{side, number, trace}`) did, as the status says it: `App.message`. */
const messageOf = ({ side, number, trace }) => ({ side, number, summary: summarize(trace) });


export class App {
  /**
   * `Game`: the engine's game class. `computer`: the computer player (analysis/computer.js), which
   * plays the computer's side. `persist: false` keeps the game out of the browser's storage (an
   * embedded game must neither overwrite nor show the person's own saved game). `onSettled`: the
   * position shown is still (for the help beside the game); `onReplaced`: another game is on the board.
   */
  constructor(Game, { computer, onChange, onFrame, onEvent, onTrouble, onMove, onMoveShown, onPosition, onComputerAnswered,
    onSettled, onReplaced, persist = true }) {
    this.Game = Game;
    this.hooks = { onChange, onFrame, onTrouble, onMove, onMoveShown, onPosition, onSettled, onReplaced };
    this.persist = persist;
    this.viewOnly = false; // when true the person watches: no move of theirs is accepted
    // A lesson or a puzzle on the board (`startTraining`), or null: `{kind, side(), moveShown(app),
    // rings(), values()?}` — the side the board is seen from, what follows a move shown, the holes
    // to ring, the move values to write on the holes.
    this.training = null;
    this.setup = { ...DEFAULT_SETUP };
    this.boardGame = new BoardGame(Game);
    this.shown = null; // {side, number, trace}: the move being shown, or last shown
    this.message = null; // what the last move did
    this.about = games.newAbout(); // the game's particulars among Your games
    this.resultClosed = null; // the record whose end-of-game panel the person closed
    this.forwardTo = null; // the ply `showForward` plays the line on to, one move shown after another
    // In a live game, its room (live/live-game.js): the server is the referee, so the person's move
    // is proposed to it and played here only once the room confirms it; the friend's moves come
    // through the opponent seam. `{propose(number), refusal(state, side), settled(), remote, barsHelp}`.
    this.referee = null;
    // Who plays the sides other than the person's, and their turns.
    this.turns = new Turns(this, (setup) => opponentsFor(setup, computer, this.referee?.remote), { onTrouble, onAnswered: onComputerAnswered });
    this.animator = new Animator({
      onFrame: (scene, motion) => this.hooks.onFrame(scene, motion),
      onDone: () => this.afterAnimation(),
      onEvent: (event, scene) => onEvent(event, scene),
    });
  }

  get state() {
    return this.boardGame.state;
  }

  get hasGame() {
    return this.boardGame.game !== null;
  }

  get start() {
    return this.boardGame.start;
  }

  get lines() {
    return this.boardGame.moveList.lines;
  }

  /** The line of the move list on the board. */
  get lineAt() {
    return this.boardGame.moveList.at;
  }

  /** The move list's other lines, each where it leaves the line on the board (lines.js `branchesOf`). */
  get branches() {
    return branchesOf(this.lines, this.lineAt);
  }

  /** The game played to the position shown, summed up for the end-of-game panel (summary.js), or null. */
  get summary() {
    return gameSummary(this.Game, { start: this.start, options: this.options, record: this.state.record });
  }

  /**
   * The move that led to the position shown, `{before, trace, side, number, marks}` (board-game.js
   * `keptMove`: what Replay shows again and the marks the board keeps on it), or null at the start.
   * Known for any position: after a reload, a link, undo or redo too.
   */
  get lastMove() {
    if (!this.hasGame) return null;
    return this.boardGame.lastMove;
  }

  /** The marks of the move that led here (see `lastMove`), or null. */
  get lastMarks() {
    return this.lastMove?.marks ?? null;
  }

  /**
   * Says again what the move that led here did (after a reload, a link or a game taken up again:
   * the person arriving sees what was played last, the computer's reply too).
   */
  tellLastMove() {
    const last = this.lastMove;
    if (!last || this.animating) return;
    this.message = messageOf(last);
    this.changed();
  }

  /** The scene on the board now: the animation's, or the engine's state. */
  get scene() {
    return this.animator.scene ?? sceneFromState(this.state);
  }

  get animating() {
    return this.animator.active;
  }

  /** An opponent is taking its turn (waiting to, or thinking). */
  get thinking() {
    return this.turns.thinking;
  }

  /** The record after a perfect-level move that was not proved, or null. */
  get unprovenMove() {
    return this.turns.unprovenMove;
  }

  /** Who plays the side the person does not, when not at this device (opponents.js `rivalOf`), or null. */
  get rival() {
    return rivalOf(this.setup);
  }

  get computerSide() {
    const rival = this.rival;
    return rival?.kind === "computer" ? rival.side : null;
  }

  /** In a game played by links, the side of the friend who plays on their own device; else null. */
  get friendSide() {
    const rival = this.rival;
    return rival?.kind === "friend" ? rival.side : null;
  }

  /** In a live game, the person's seat: `south`, `north` or `spectator`; else null. */
  get seat() {
    return this.setup.mode === "live" ? this.setup.seat ?? "spectator" : null;
  }

  /**
   * Makes `referee` (a live game's room) the one that plays the person's moves, or none (null);
   * the opponents follow, the friend's side (or both, for a spectator) then played by the room.
   */
  setReferee(referee) {
    this.turns.stop();
    this.referee = referee;
    this.turns.follow(this.setup, this.training);
    this.changed();
    this.turns.take();
  }

  /** Notes what the live game's room says of the game on the board (`about.live`: games.js `readLive`), kept with it. */
  noteLive(live) {
    this.about = { ...this.about, live };
    this.save();
    this.changed();
  }

  /** Whether the board is turned round from the side it is seen from at first (Flip board), as this game keeps it. */
  get turned() {
    return this.about.turned === true;
  }

  /** Turns the board round (Flip board): kept with the game, and taken by the next new game. */
  turnBoard() {
    this.about = { ...this.about, turned: !this.turned };
    if (this.persist && !this.training) writeChoice(TURNED_KEY, this.turned);
    this.save();
    this.changed();
  }

  /**
   * Makes the game on the board one played by links, the person playing `you` (a two-player game
   * whose move is sent to a friend), with the new id `id` that both copies of the game carry.
   */
  becomeLinkGame(you, id) {
    if (this.setup.mode === "link") return;
    this.setup = { ...this.setup, mode: "link", side: you, game: id };
    this.turns.follow(this.setup, this.training);
    this.save();
    this.changed();
  }
  get options() {
    return { rounds: this.setup.rounds, first: this.setup.first };
  }

  /** The position shown, as the workers and the opponents are asked about it. */
  get position() {
    return { start: this.start, options: this.options, record: this.state.record };
  }

  /**
   * Starts a game with `setup` ({mode, side, rounds, first, level}) from the opening or from the
   * position `start`, optionally after the moves of `record` (with `redo` still to be replayed).
   * Returns whether the game that was on the board went among Your games.
   */
  newGame(setup = this.setup, record = "", redo = "", start = null) {
    this.stop();
    const full = { ...DEFAULT_SETUP, ...setup };
    // A live game comes only from its room (live/live-game.js): a new game from its set-up is two
    // players' at this device.
    if (full.mode === "live") full.mode = "two";
    delete full.seat;
    // A new game by links is a game of its own, a rematch too.
    if (full.mode === "link") full.game = games.newGameId();
    else delete full.game;
    const options = { rounds: full.rounds, first: full.first };
    const game = openGame(this.Game, { start, options, record, redo });
    // The game on the board is never lost: it goes among Your games first.
    const kept = keepAside(this);
    const turned = this.persist && !this.training && readChoice(TURNED_KEY);
    this.putOnBoard(game, start, full, { ...games.newAbout(), turned }, []);
    return kept;
  }

  /**
   * Puts the board to a lesson or a puzzle (`training`, see the constructor). Nothing played there
   * is saved or kept, and no help (hint, move values, evaluation) is shown; the game the person
   * was playing stays saved, and `endTraining` takes it up again.
   */
  startTraining(training) {
    if (!this.training) this.beforeTraining = { persist: this.persist };
    this.turns.stop();
    this.persist = false;
    this.training = training;
  }

  /** Opens a lesson's or a puzzle's position: `start` set up by hand, or the opening and `record`. */
  trainOn({ start = null, record = "" }) {
    this.viewOnly = false;
    this.newGame({ ...DEFAULT_SETUP, mode: "two", first: start?.to_move ?? "south", level: this.setup.level }, record, "", start);
  }

  /** Ends a lesson or a puzzle: the saved game comes back (or a first visit's game if there is none). */
  endTraining() {
    if (!this.training) return null;
    this.training = null;
    this.persist = this.beforeTraining.persist;
    this.viewOnly = false;
    this.stop();
    // Closed first: the practice game must never go among Your games.
    this.boardGame.close();
    const problem = restoreSaved(this);
    if (!this.hasGame) this.newGame({ ...DEFAULT_SETUP, ...FIRST_VISIT_SETUP });
    return problem;
  }

  /** Puts the engine's `game` on the board with its start, set-up, particulars and move list. */
  putOnBoard(game, start, setup, about, lines) {
    this.setup = setup;
    this.turns.follow(setup, this.training);
    this.boardGame.open(game, { start, options: this.options });
    this.hooks.onReplaced?.();
    this.about = about;
    this.boardGame.moveList.take(this.boardGame.playable(lines), this.boardGame.line);
    this.afterJump();
  }

  /** Gives the move list `lines` (main line first), one of them the line on the board. */
  setLines(lines) {
    this.boardGame.moveList.take(this.boardGame.playable(lines), this.boardGame.line, { exact: true });
    this.save();
    this.changed();
  }

  /** Whether the person may play `number` now (their turn, nothing pending, legal). */
  canPlay(number) {
    return this.pageRefusal(this.state.to_move) === null && this.state.legal.includes(number);
  }

  /** Why nobody at this device may play `side`'s holes now (ui/words.js `describeRefusal`), or null. */
  pageRefusal(side) {
    if (this.viewOnly) return this.training ? "training" : "viewOnly";
    if (this.state.status !== "playing") return "over";
    if (this.animating) return "animating";
    // A live game's room knows who may move there now (its seats, its connection, a move on its way).
    const live = this.referee?.refusal(this.state, side) ?? null;
    if (live !== null) return live;
    if (this.turns.plays(this.state.to_move)) return "computer";
    if (this.state.to_move === this.friendSide) return "friend";
    if (side !== this.state.to_move) return "otherSide";
    return null;
  }

  /**
   * Why the person may not play `side`'s hole `number` now, as a reason the page puts in words
   * (ui/words.js `describeRefusal`), or null when they may. The rules' reasons are the engine's.
   */
  refusal(side, number) {
    const reason = this.pageRefusal(side);
    if (reason !== null || this.state.legal.includes(number)) return reason;
    return RULE_REFUSALS[this.ruleRefusal(number)?.kind] ?? null;
  }

  /** The engine's refusal of `number` for the player to move (an Error with its `kind`), or null. */
  ruleRefusal(number) {
    try {
      this.boardGame.preview(number);
      return null;
    } catch (error) {
      return error;
    }
  }

  /** The person plays their hole `number`; ignored when not allowed now. */
  play(number) {
    if (!this.canPlay(number)) return false;
    // In a live game the room plays it, once the server has taken it (then `move`).
    if (this.referee) this.referee.propose(number);
    else this.move(number);
    return true;
  }

  /** Plays `number` for the player to move; `announce: false` keeps it from the host page. */
  move(number, { announce = true } = {}) {
    const { before, side, trace } = this.boardGame.play(number);
    this.shown = { side, number, trace };
    this.message = null;
    this.save();
    if (announce) this.hooks.onMove?.(side, number, trace, this.state);
    this.animator.start(before, trace);
    this.changed();
  }

  /** What a move would do, for a preview; null when it cannot be played now. */
  preview(number) {
    if (!this.canPlay(number)) return null;
    return summarize(this.boardGame.preview(number));
  }

  afterAnimation() {
    if (this.shown) this.message = messageOf(this.shown);
    this.changed();
    // Once per move shown, after its last event (never per frame).
    if (this.message) this.hooks.onMoveShown?.(this);
    if (this.forwardTo !== null && this.state.record.length < this.forwardTo && this.state.redo !== "") {
      this.move(Number(this.state.redo[0]));
      return;
    }
    this.forwardTo = null;
    this.settled();
  }

  /**
   * Plays the line on the board on to `ply` moves, showing each move as if it were played now (the
   * moves a friend's link brings). Anything that stops the move shown stops there: the rest of the
   * line stays, to be redone.
   */
  showForward(ply) {
    this.stop();
    if (this.state.record.length >= ply || this.state.redo === "") return;
    this.forwardTo = ply;
    this.move(Number(this.state.redo[0]));
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

  /** Takes back the last move (against the computer, back to the person's turn); `announce: false` keeps it from the host page. */
  undo({ announce = true } = {}) {
    this.stop();
    if (this.boardGame.undo(this.computerSide)) this.afterJump({ announce });
  }

  redo() {
    this.stop();
    if (this.boardGame.redo(this.computerSide)) this.afterJump();
  }

  /** Shows the position after `ply` moves of the line (record then redo); against the computer, with its reply. */
  goTo(ply) {
    this.stop();
    this.boardGame.goTo(ply, this.computerSide);
    this.afterJump();
  }

  /** Shows the position after `ply` moves of line `index` of the move list. */
  goToLine(index, ply) {
    if (this.lines[index] === undefined) return;
    this.stop();
    this.boardGame.goToLine(index, ply, this.computerSide);
    this.afterJump();
  }

  /** The moves of line `index` of the move list, as the engine's state lists them (`state.line`). */
  pliesOf(index) {
    return this.boardGame.pliesOf(index);
  }

  /** Makes line `index` the main line. */
  promoteLine(index) {
    if (index <= 0 || index >= this.lines.length) return;
    this.boardGame.moveList.promote(index);
    this.save();
    this.changed();
  }

  /** Deletes the variation `index` (never the main line); on it, the board goes to where it left the main line. */
  deleteLine(index) {
    if (index <= 0 || index >= this.lines.length) return;
    if (index === this.lineAt) this.goToLine(0, sharedMoves(this.lines[0], this.lines[index]));
    this.boardGame.moveList.remove(index);
    this.save();
    this.changed();
  }

  /** Stops what is under way: an opponent's turn, the moves being played on, and the move being shown. */
  stop() {
    this.forwardTo = null;
    this.turns.stop();
    this.animator.cancel();
  }

  /** After the position shown changed other than by a move: a new or restored game, undo, redo. */
  afterJump({ announce = true } = {}) {
    this.shown = null;
    this.message = null;
    this.save();
    if (announce) this.hooks.onPosition?.(this.state);
    this.changed();
    this.settled();
  }

  /** The position shown is still: an opponent may take its turn, and the help follows it. */
  settled() {
    this.turns.take();
    this.referee?.settled();
    this.hooks.onSettled?.();
  }

  setSpeed(speed) {
    this.animator.setSpeed(speed);
    this.changed();
  }

  /** Changes the computer's level; a search under way for the old level is dropped. */
  setLevel(level) {
    this.turns.stop();
    this.setup = { ...this.setup, level };
    this.turns.follow(this.setup, this.training);
    this.save();
    this.changed();
    this.turns.take();
  }

  /** Whether the person only watches: no move of theirs is taken (a lesson's step, a view-only embed). */
  setViewOnly(on) {
    this.viewOnly = on;
  }

  /** The end-of-game panel closed by the person: the final position stays in view. */
  closeResult() {
    this.resultClosed = this.state.record;
    this.changed();
  }

  /** Who plays the sides other than the person's, from now on: `choose(setup)` gives them by side (opponents.js). */
  setOpponents(choose) {
    this.turns.chooseWith(choose, this.setup, this.training);
  }

  /** Holds the opponents and the move being shown while `on` (an embed's demo paused). */
  holdOpponents(on) {
    if (on) this.animator.pause();
    else this.animator.resume();
    this.turns.hold(on);
    this.changed();
  }

  /** The game on the board as a saved game's document (storage.js). */
  savedDocument() {
    const { record, redo } = this.state;
    // A live game is kept as the engine keeps games: a player's as a game with a friend (its id
    // the room's and the game's number), a spectator's as two players'; its room is among its
    // particulars (`about.live`).
    let mode = this.setup.mode;
    if (mode === "live") mode = this.seat === "spectator" ? "two" : "link";
    return { options: this.options, start: this.start, mode, side: this.setup.side,
      ...(mode === "link" ? { game: this.setup.game } : {}), level: this.setup.level, record, redo };
  }

  save() {
    this.boardGame.moveList.sync(this.boardGame.line);
    if (!this.persist) return;
    storage.save(this.savedDocument());
    games.writeAbout({ ...this.about, lines: this.lines });
  }

  /** Asks the page to draw again; the state is the one read at the last change of the game. */
  changed() {
    this.hooks.onChange(this);
  }
}
