// The game controller: the engine's game, the set-up (mode and options), the move being shown, and
// every action a person can take. It owns no drawing: `onChange` and `onFrame` let the page draw.

import { Animator } from "./animation.js";
import { Computer } from "./computer.js";
import { sceneFromState, summarize } from "./scene.js";
import * as storage from "./storage.js";

const DEFAULT_SETUP = { mode: "two", side: "south", rounds: false, first: "south" };
// Pause before the computer moves, so a person sees whose turn it is.
const COMPUTER_DELAY_MS = { slow: 700, normal: 450, fast: 200, instant: 0 };

export class App {
  constructor(Game, { onChange, onFrame, onEvent }) {
    this.Game = Game;
    this.hooks = { onChange, onFrame };
    this.setup = { ...DEFAULT_SETUP };
    this.game = null;
    this.state = null;
    this.lastMove = null; // {before, trace, side, number}: what "replay" shows again
    this.message = ""; // what the last move did
    this.computer = new Computer(Game);
    this.computerTimer = null;
    this.thinking = false;
    this.animator = new Animator({
      onFrame: (scene, motion) => this.hooks.onFrame(scene, motion),
      onDone: () => this.afterAnimation(),
      onEvent: (event, scene) => onEvent(event, scene),
    });
  }

  /** The scene on the board now: the animation's, or the engine's state. */
  get scene() {
    return this.animator.scene ?? sceneFromState(this.state);
  }

  get animating() {
    return this.animator.active;
  }

  get computerSide() {
    return this.setup.mode === "computer" ? (this.setup.side === "south" ? "north" : "south") : null;
  }

  /** Starts a game with `setup` ({mode, side, rounds, first}), optionally from a record. */
  newGame(setup = this.setup, record = "", redo = "") {
    this.stopComputer();
    this.animator.cancel();
    const game = this.Game.fromRecord(record + redo, { rounds: setup.rounds, first: setup.first });
    for (let i = 0; i < redo.length; i++) game.undo();
    this.replaceGame(game);
    this.setup = { ...setup };
    this.lastMove = null;
    this.message = "";
    this.save();
    this.changed();
    this.maybeComputerTurn();
  }

  /** Restores the saved game. Returns null, or the reason the saved game could not be read. */
  restore() {
    let game = null;
    const result = storage.load((saved) => {
      game = this.Game.fromRecord(saved.record + saved.redo, saved.options);
      for (let i = 0; i < saved.redo.length; i++) game.undo();
    });
    if (result === null) return null;
    if (result.error) {
      storage.keepUnreadable(result.raw);
      return result.error;
    }
    const { saved } = result;
    this.replaceGame(game);
    this.setup = { mode: saved.mode, side: saved.side, rounds: saved.options.rounds, first: saved.options.first };
    this.changed();
    this.maybeComputerTurn();
    return null;
  }

  replaceGame(game) {
    if (this.game) this.game.free();
    this.game = game;
    this.state = game.state();
  }

  /** Whether the person may play `number` now (their turn, nothing pending, legal). */
  canPlay(number) {
    return (
      !this.animating &&
      this.state.status === "playing" &&
      this.state.to_move !== this.computerSide &&
      this.state.legal.includes(number)
    );
  }

  /** The person plays their hole `number`; ignored when not allowed now. */
  play(number) {
    if (!this.canPlay(number)) return false;
    this.move(number);
    return true;
  }

  move(number) {
    const before = sceneFromState(this.state);
    const side = this.state.to_move;
    const trace = this.game.play(number);
    this.state = this.game.state();
    this.lastMove = { before, trace, side, number };
    this.message = "";
    this.save();
    this.animator.start(before, trace);
    this.changed();
  }

  /** The trace a move would have, for a preview; null when it cannot be played now. */
  preview(number) {
    if (!this.canPlay(number)) return null;
    return summarize(this.game.preview(number));
  }

  afterAnimation() {
    if (this.lastMove) {
      const { side, number, trace } = this.lastMove;
      this.message = { side, number, summary: summarize(trace) };
    }
    this.changed();
    this.maybeComputerTurn();
  }

  replay() {
    if (!this.lastMove) return;
    this.stopComputer();
    this.animator.start(this.lastMove.before, this.lastMove.trace);
    this.changed();
  }

  undo() {
    this.stopComputer();
    this.animator.cancel();
    if (!this.game.undo()) return;
    // Against the computer, go back to the person's own turn.
    while (this.computerSide && this.game.state().to_move === this.computerSide && this.game.undo());
    this.afterJump();
  }

  redo() {
    this.stopComputer();
    this.animator.cancel();
    if (this.game.redo() === null) return;
    while (this.computerSide && this.game.state().to_move === this.computerSide && this.game.redo() !== null);
    this.afterJump();
  }

  /** Shows the position after `ply` moves of the line (record then redo). */
  goTo(ply) {
    this.stopComputer();
    this.animator.cancel();
    while (this.game.state().record.length > ply && this.game.undo());
    while (this.game.state().record.length < ply && this.game.redo() !== null);
    // Against the computer, a position where it is to move shows its reply too (as undo does).
    while (this.computerSide && this.game.state().to_move === this.computerSide && this.game.redo() !== null);
    this.afterJump();
  }

  afterJump() {
    this.state = this.game.state();
    this.lastMove = null;
    this.message = "";
    this.save();
    this.changed();
    this.maybeComputerTurn();
  }

  setSpeed(speed) {
    this.animator.setSpeed(speed);
    this.changed();
  }

  /** Lets the computer move when it is its turn, the game is at the end of its line and idle. */
  maybeComputerTurn() {
    const side = this.computerSide;
    if (!side || this.animating || this.computerTimer !== null) return;
    if (this.state.status !== "playing" || this.state.to_move !== side || this.state.redo !== "") return;
    this.thinking = true;
    const options = { rounds: this.setup.rounds, first: this.setup.first };
    const timer = setTimeout(async () => {
      const number = await this.computer.choose(this.state.record, options);
      // A turn stopped meanwhile (undo, new game) has a new timer or none: drop its answer.
      if (this.computerTimer !== timer) return;
      this.computerTimer = null;
      this.thinking = false;
      if (number !== null) this.move(number);
      else this.changed();
    }, COMPUTER_DELAY_MS[this.animator.speed]);
    this.computerTimer = timer;
    this.changed();
  }

  stopComputer() {
    if (this.computerTimer !== null) clearTimeout(this.computerTimer);
    this.computerTimer = null;
    this.computer.cancel();
    this.thinking = false;
  }

  save() {
    storage.save({
      options: { rounds: this.setup.rounds, first: this.setup.first },
      mode: this.setup.mode,
      side: this.setup.side,
      record: this.state.record,
      redo: this.state.redo,
    });
  }

  changed() {
    this.state = this.game.state();
    this.hooks.onChange(this);
  }
}
