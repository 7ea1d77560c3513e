// The game controller: the engine's game, the set-up (mode, side, level and options), the move
// being shown, and every action a person can take. It owns no drawing: `onChange` and `onFrame`
// let the page draw.

import { Animator } from "./animation.js";
import { Computer } from "./computer.js";
import { ExactValues, southView } from "./values.js";
import { openGame } from "./game-start.js";
import { sceneFromState, summarize } from "./scene.js";
import * as storage from "./storage.js";
import { msg } from "./i18n/index.js";

export const DEFAULT_LEVEL = "casual";
const DEFAULT_SETUP = { mode: "two", side: "south", rounds: false, first: "south", level: DEFAULT_LEVEL };
// Pause before the computer moves, so a person sees whose turn it is.
const COMPUTER_DELAY_MS = { slow: 700, normal: 450, fast: 200, instant: 0 };
// How long a hint, or the evaluation shown under the board, may think.
const HINT_MS = 700;
// A hint first tries to prove the best moves for this long (the book answers at once).
const HINT_PROOF_MS = 2500;
const SHOW_VALUES_KEY = "walak-pussa.show-values";
const SHOW_EVALUATION_KEY = "walak-pussa.show-evaluation";
const EVALUATION_MS = 250;

export class App {
  /**
   * `persist: false` keeps the game out of the browser's storage (an embedded game must neither
   * overwrite nor show the person's own saved game).
   */
  constructor(Game, { onChange, onFrame, onEvent, onTrouble, onMove, onMoveShown, onPosition, onComputerAnswered, persist = true }) {
    this.Game = Game;
    this.hooks = { onChange, onFrame, onTrouble, onMove, onMoveShown, onPosition, onComputerAnswered };
    this.persist = persist;
    this.viewOnly = false; // when true the person watches: no move of theirs is accepted
    this.setup = { ...DEFAULT_SETUP };
    this.game = null;
    this.start = null; // the position set up by hand that the game began from, or null for the opening
    this.state = null;
    this.lastMove = null; // {before, trace, side, number}: what "replay" shows again
    this.message = null; // what the last move did
    this.computer = new Computer();
    this.turn = null; // the computer's turn being prepared: a token, or null
    this.thinking = false;
    this.hint = null; // {record, number, eval} for the position it was asked about
    this.evaluation = null; // {record, south}: South's expected lead, in seeds
    this.showEvaluation = persist && storage.readChoice(SHOW_EVALUATION_KEY);
    this.exact = new ExactValues();
    this.unprovenMove = null; // the record after a perfect-level move that was not proved
    this.showValues = storage.readChoice(SHOW_VALUES_KEY);
    this.animator = new Animator({
      onFrame: (scene, motion) => this.hooks.onFrame(scene, motion),
      onDone: () => this.afterAnimation(),
      onEvent: (event, scene) => onEvent(event, scene),
    });
  }

  /**
   * The move that led to the position shown, as the board marks it until the next move: `{hole,
   * captures}` in track indices (the hole played, the holes its necklace took), or null at the
   * game's start. Worked out from the engine for any position — after a reload, a link, undo or
   * redo too — by playing the record's last move again from the position before it.
   */
  get lastMarks() {
    const record = this.state?.record ?? "";
    if (this.marked?.record === record) return this.marked.marks;
    let marks = null;
    if (record.length > 0) {
      let before = null;
      try {
        before = openGame(this.Game, { start: this.start, options: this.options, record: record.slice(0, -1) });
        const number = Number(record.at(-1));
        const side = before.state().to_move;
        const hole = (side === "south" ? 0 : 7) + number - 1;
        marks = { hole, captures: summarize(before.preview(number)).beadHoles };
      } catch {
        marks = null; // not a game the engine can replay: no marks rather than wrong ones
      } finally {
        before?.free();
      }
    }
    this.marked = { record, marks };
    return marks;
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

  get options() {
    return { rounds: this.setup.rounds, first: this.setup.first };
  }

  /**
   * Starts a game with `setup` ({mode, side, rounds, first, level}) from the opening or from the
   * position `start`, optionally after the moves of `record` (with `redo` still to be replayed).
   */
  newGame(setup = this.setup, record = "", redo = "", start = null) {
    this.stopComputer();
    this.animator.cancel();
    const full = { ...DEFAULT_SETUP, ...setup };
    const game = openGame(this.Game, { start, options: { rounds: full.rounds, first: full.first }, record, redo });
    this.replaceGame(game);
    this.start = start;
    this.setup = full;
    this.save();
    this.afterJump();
  }

  /** Restores the saved game. Returns null, or the reason the saved game could not be read. */
  restore() {
    if (!this.persist) return null;
    let game = null;
    const result = storage.load((saved) => {
      game = openGame(this.Game, { start: saved.start ?? null, options: saved.options, record: saved.record, redo: saved.redo });
    });
    if (result === null) return null;
    if (result.error) {
      storage.keepUnreadable(result.raw);
      return result.error;
    }
    const { saved } = result;
    this.replaceGame(game);
    this.start = saved.start ?? null;
    this.setup = { mode: saved.mode, side: saved.side, rounds: saved.options.rounds, first: saved.options.first,
      level: saved.level ?? DEFAULT_LEVEL };
    this.afterJump();
    return null;
  }

  replaceGame(game) {
    if (this.game) this.game.free();
    this.game = game;
    this.marked = null; // the last move's marks belong to the game they were worked out for
    this.state = game.state();
    // Hints and evaluations are kept by record, which only names a position within one game.
    this.hint = null;
    this.evaluation = null;
    this.exact.reset();
  }

  /** Whether the person may play `number` now (their turn, nothing pending, legal). */
  canPlay(number) {
    return this.refusal(this.state.to_move, number) === null;
  }

  /**
   * Why the person may not play `side`'s hole `number` now, as a reason the page puts in words
   * (words.js `describeRefusal`), or null when they may.
   */
  refusal(side, number) {
    if (this.viewOnly) return "viewOnly";
    if (this.state.status !== "playing") return "over";
    if (this.animating) return "animating";
    if (this.state.to_move === this.computerSide) return "computer";
    if (side !== this.state.to_move) return "otherSide";
    const index = (side === "south" ? 0 : 7) + number - 1;
    if (this.state.in_play[index] === false) return "outOfPlay";
    if (this.state.board[index] === 0) return "empty";
    // Not empty, yet not a legal move: its sowing would never end.
    return this.state.legal.includes(number) ? null : "endless";
  }

  /** The person plays their hole `number`; ignored when not allowed now. */
  play(number) {
    if (!this.canPlay(number)) return false;
    this.move(number);
    return true;
  }

  /** Plays `number` for the player to move; `announce: false` keeps it from the host page. */
  move(number, { announce = true } = {}) {
    const before = sceneFromState(this.state);
    const side = this.state.to_move;
    const trace = this.game.play(number);
    this.state = this.game.state();
    this.lastMove = { before, trace, side, number };
    this.message = null;
    this.save();
    if (announce) this.hooks.onMove?.(side, number, trace, this.state);
    this.animator.start(before, trace);
    this.changed();
  }

  /** What a move would do, for a preview; null when it cannot be played now. */
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
    // Once per move shown, after its last event (never per frame).
    if (this.message) this.hooks.onMoveShown?.(this);
    this.maybeComputerTurn();
    this.maybeEvaluate();
  }

  replay() {
    if (!this.lastMove) return;
    this.stopComputer();
    this.animator.start(this.lastMove.before, this.lastMove.trace);
    this.changed();
  }

  /** Takes back the last move; `announce: false` keeps it from the host page. */
  undo({ announce = true } = {}) {
    this.stopComputer();
    this.animator.cancel();
    if (!this.game.undo()) return;
    // Against the computer, go back to the person's own turn.
    while (this.computerSide && this.game.state().to_move === this.computerSide && this.game.undo());
    this.afterJump({ announce });
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

  /** After the position shown changed other than by a move: a new or restored game, undo, redo. */
  afterJump({ announce = true } = {}) {
    this.state = this.game.state();
    this.lastMove = null;
    this.message = null;
    this.save();
    if (announce) this.hooks.onPosition?.(this.state);
    this.changed();
    this.maybeComputerTurn();
    this.maybeEvaluate();
  }

  setSpeed(speed) {
    this.animator.setSpeed(speed);
    this.changed();
  }

  /** Changes the computer's level; a search under way for the old level is dropped. */
  setLevel(level) {
    this.stopComputer();
    this.setup = { ...this.setup, level };
    this.save();
    this.changed();
    this.maybeComputerTurn();
  }

  /** Lets the computer move when it is its turn, the game is at the end of its line and idle. */
  maybeComputerTurn() {
    const side = this.computerSide;
    if (!side || this.animating || this.turn !== null) return;
    if (this.state.status !== "playing" || this.state.to_move !== side || this.state.redo !== "") return;
    const turn = {};
    this.turn = turn;
    this.thinking = true;
    const record = this.state.record;
    setTimeout(async () => {
      if (this.turn !== turn) return;
      let result = null;
      try {
        result = await this.computer.think({ start: this.start, record, options: this.options, level: this.setup.level });
      } catch (error) {
        this.hooks.onTrouble(msg("notice.computerFailed", { reason: error.message }));
      }
      // A turn stopped meanwhile (undo, new game, another level) is not this one: drop its answer.
      if (this.turn !== turn || this.state.record !== record) return;
      this.turn = null;
      this.thinking = false;
      if (result) {
        this.hooks.onComputerAnswered?.();
        // The perfect level says when a position was too large to prove in time.
        this.unprovenMove = this.setup.level === "perfect" && !result.exact ? `${record}${result.number}` : null;
        this.move(result.number);
      } else this.changed();
    }, COMPUTER_DELAY_MS[this.animator.speed]);
    this.changed();
  }

  stopComputer() {
    this.turn = null;
    this.thinking = false;
    this.computer.cancel();
  }

  /**
   * Asks for the best move for the person to move; shown until the position changes. Proved best
   * moves when the solver finds them quickly (or already has), else the strongest search's move.
   */
  async askHint() {
    if (this.state.status !== "playing" || this.animating || this.state.to_move === this.computerSide) return;
    const record = this.state.record;
    this.hint = { record, number: null };
    this.changed();
    try {
      let known = this.exact.entry(record);
      if (known?.state !== "done" && known?.state !== "pending") {
        known = await this.exact.solve({ start: this.start, record, options: this.options, moveValues: false,
          timeMs: HINT_PROOF_MS });
      }
      if (known?.state === "done") {
        const { best, value } = known.result;
        if (this.state.record === record) this.hint = { record, number: best[0], numbers: best, eval: value, exact: true };
        this.changed();
        return;
      }
      const result = await this.computer.think({ start: this.start, record, options: this.options, purpose: "hint",
        timeMs: HINT_MS });
      if (result && this.state.record === record) this.hint = { record, number: result.number, eval: result.eval };
    } catch (error) {
      this.hint = null;
      this.hooks.onTrouble(msg("notice.hintFailed", { reason: error.message }));
    }
    this.changed();
  }

  /** The hint for the position shown, if there is one. */
  get currentHint() {
    return this.hint && this.hint.record === this.state.record ? this.hint : null;
  }

  setShowEvaluation(on) {
    this.showEvaluation = on;
    if (this.persist) storage.writeChoice(SHOW_EVALUATION_KEY, on);
    this.changed();
    this.maybeEvaluate();
  }

  setShowValues(on) {
    this.showValues = on;
    storage.writeChoice(SHOW_VALUES_KEY, on);
    this.changed();
    this.maybeSolve();
  }

  /** Proves the position shown when move values or the evaluation are on. */
  async maybeSolve() {
    if (!(this.showValues || this.showEvaluation) || this.animating || this.state.status !== "playing") return;
    const record = this.state.record;
    const before = this.exact.entry(record);
    const solving = this.exact.solve({ start: this.start, record, options: this.options, moveValues: this.showValues });
    if (this.exact.entry(record) === before) return; // known already, or on its way
    this.changed(); // "…" while it is worked out
    await solving;
    this.changed();
  }

  /** What is proved of the position shown: `{state, result, moveValues, reason}` or null. */
  get currentExact() {
    return this.exact.entry(this.state.record);
  }

  /** Evaluates the position shown, when the evaluation is on and nothing else is going on. */
  async maybeEvaluate() {
    this.maybeSolve();
    if (!this.showEvaluation || this.animating || this.state.status !== "playing") return;
    const record = this.state.record;
    if (this.evaluation?.record === record) return;
    try {
      const result = await this.computer.think({ start: this.start, record, options: this.options, purpose: "hint",
        timeMs: EVALUATION_MS });
      if (!result || this.state.record !== record) return;
      const south = southView(this.state.to_move, result.eval);
      this.evaluation = { record, south, exact: result.exact };
      this.changed();
    } catch {
      // The evaluation is a help, not the game: without it the game goes on.
    }
  }

  /** South's lead in seeds for the position shown, exact once proved: `{south, exact}` or null. */
  get currentEvaluation() {
    const known = this.currentExact;
    if (known?.state === "done") {
      const { value } = known.result;
      return { record: this.state.record, south: southView(this.state.to_move, value), exact: true };
    }
    return this.evaluation && this.evaluation.record === this.state.record ? this.evaluation : null;
  }

  save() {
    if (!this.persist) return;
    storage.save({
      options: this.options,
      start: this.start,
      mode: this.setup.mode,
      side: this.setup.side,
      level: this.setup.level,
      record: this.state.record,
      redo: this.state.redo,
    });
  }

  changed() {
    this.state = this.game.state();
    this.hooks.onChange(this);
  }
}
