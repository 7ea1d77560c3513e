// The game controller: the engine's game, the set-up (mode, side, level and options), the move
// being shown, and every action a person can take. It owns no drawing: `onChange` and `onFrame`
// let the page draw.

import { Animator } from "../board/animation.js";
import { Computer } from "../analysis/computer.js";
import { ExactValues, southView } from "../analysis/values.js";
import { openGame } from "./game-start.js";
import { sceneFromState, summarize } from "../board/scene.js";
import * as storage from "./storage.js";
import { DEFAULT_LEVEL, levelOf } from "./storage.js";
import * as games from "./games.js";
import { lineFollowing, promote, sharedMoves, without } from "./lines.js";
import { msg } from "../i18n/index.js";

const DEFAULT_SETUP = { mode: "two", side: "south", rounds: false, first: "south", level: DEFAULT_LEVEL };
// A first visit is a game against the computer at its gentlest, the person playing South.
export const FIRST_VISIT_SETUP = { mode: "computer", side: "south", level: "beginner" };
// Pause before the computer moves, so a person sees whose turn it is.
const COMPUTER_DELAY_MS = { slow: 700, normal: 450, fast: 200, instant: 0 };
// How long the search behind a hint and the evaluation shown under the board may think.
const ANALYSIS_MS = 700;
// A hint first tries to prove the best moves for this long (the book answers at once).
const HINT_PROOF_MS = 2500;
const SHOW_VALUES_KEY = "walak-pussa.show-values";
const SHOW_EVALUATION_KEY = "walak-pussa.show-evaluation";

/** What a move (`{side, number, trace}`) did, as the status says it: `App.message`. */
const messageOf = ({ side, number, trace }) => ({ side, number, summary: summarize(trace) });

/** The move that led to a position, as `App.lastMove` gives it, from the move and its trace. */
function lastMoveOf(before, side, number, trace) {
  const marks = { hole: (side === "south" ? 0 : 7) + number - 1, captures: summarize(trace).beadHoles };
  return { before, trace, side, number, marks };
}

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
    // A lesson or a puzzle on the board (`startTraining`), or null: `{kind, side(), moveShown(app),
    // rings(), values()?}` — the side the board is seen from, what follows a move shown, the holes
    // to ring, the move values to write on the holes.
    this.training = null;
    this.setup = { ...DEFAULT_SETUP };
    this.game = null;
    this.start = null; // the position set up by hand that the game began from, or null for the opening
    this.state = null;
    this.shown = null; // {side, number, trace}: the move being shown, or last shown
    this.message = null; // what the last move did
    this.about = games.newAbout(); // the game's particulars among Your games
    this.lines = []; // the move list's lines, main line first (lines.js)
    this.lineAt = 0; // the line on the board
    this.computer = new Computer();
    this.turn = null; // the computer's turn being prepared: a token, or null
    this.thinking = false;
    this.hint = null; // {record, number, eval} for the position it was asked about
    this.analysis = null; // {record, search, result, done}: the one search behind both the hint and the evaluation
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
   * The move that led to the position shown: `{before, trace, side, number, marks}` — the scene
   * before it and its trace (what Replay shows again), and the marks the board keeps on it until
   * the next move (`{hole, captures}` in track indices: the hole played, the holes its necklace
   * took); null at the game's start. Worked out from the engine for any position — after a
   * reload, a link, undo or redo too — by playing the record's last move again from the position
   * before it.
   */
  get lastMove() {
    const record = this.state?.record ?? "";
    if (this.played?.record === record) return this.played.move;
    let move = null;
    if (record.length > 0) {
      let before = null;
      try {
        before = openGame(this.Game, { start: this.start, options: this.options, record: record.slice(0, -1) });
        const number = Number(record.at(-1));
        const state = before.state();
        move = lastMoveOf(sceneFromState(state), state.to_move, number, before.preview(number));
      } catch {
        move = null; // not a game the engine can replay: no marks rather than wrong ones
      } finally {
        before?.free();
      }
    }
    this.played = { record, move };
    return move;
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

  /** The marks of the move that led here (see `lastMove`), or null. */
  get lastMarks() {
    return this.lastMove?.marks ?? null;
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
   * Returns whether the game that was on the board went among Your games.
   */
  newGame(setup = this.setup, record = "", redo = "", start = null) {
    this.stopComputer();
    this.animator.cancel();
    const full = { ...DEFAULT_SETUP, ...setup };
    const game = openGame(this.Game, { start, options: { rounds: full.rounds, first: full.first }, record, redo });
    // The game on the board is never lost: it goes among Your games first.
    const kept = this.keepAside();
    this.replaceGame(game);
    this.start = start;
    this.setup = full;
    this.about = games.newAbout();
    this.lines = [];
    this.afterJump();
    return kept;
  }

  /**
   * Puts the board to a lesson or a puzzle (`training`, see the constructor). Nothing played there
   * is saved or kept, and no help (hint, move values, evaluation) is shown; the game the person
   * was playing stays saved, and `endTraining` takes it up again.
   */
  startTraining(training) {
    if (!this.training) this.beforeTraining = { persist: this.persist };
    this.stopComputer();
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
    this.stopComputer();
    this.animator.cancel();
    // Freed first: the practice game must never go among Your games.
    this.game.free();
    this.game = null;
    const problem = this.restore();
    if (this.game === null) this.newGame({ ...DEFAULT_SETUP, ...FIRST_VISIT_SETUP });
    return problem;
  }

  /** Gives the move list `lines` (main line first), one of them the line on the board. */
  setLines(lines) {
    this.lines = this.playableLines(lines);
    this.lineAt = Math.max(0, this.lines.indexOf(this.state.record + this.state.redo));
    if (this.lines.length === 0 || this.lines[this.lineAt] !== this.state.record + this.state.redo) {
      this.lines = [];
      this.lineAt = 0;
    }
    this.save();
    this.changed();
  }

  /** Puts the game on the board among Your games (when it holds anything to keep); says whether it did. */
  keepAside() {
    return this.persist && this.game !== null && games.keep(this.savedDocument(), { ...this.about, lines: this.lines });
  }

  /**
   * Puts a kept game (games.js `keptGames`) back on the board, the game there going among the
   * kept ones. Returns false when it could not be opened.
   */
  resume({ id, created, saved, lines }) {
    let game;
    try {
      game = openGame(this.Game, { start: saved.start ?? null, options: saved.options, record: saved.record, redo: saved.redo });
    } catch {
      return false;
    }
    this.stopComputer();
    this.animator.cancel();
    this.keepAside();
    games.forget(id);
    this.replaceGame(game);
    this.takeSaved(saved);
    this.about = { id, created };
    this.lines = this.playableLines(lines);
    this.afterJump();
    this.tellLastMove();
    return true;
  }

  /** The set-up and start of a saved game's document, as the game now on the board. */
  takeSaved(saved) {
    this.start = saved.start ?? null;
    this.setup = { mode: saved.mode, side: saved.side, rounds: saved.options.rounds, first: saved.options.first,
      level: levelOf(saved) };
  }

  /** Those of `lines` that are games the engine can play from this game's start. */
  playableLines(lines) {
    return lines.filter((line) => {
      try {
        openGame(this.Game, { start: this.start, options: this.options, record: line }).free();
        return true;
      } catch {
        return false;
      }
    });
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
    this.replaceGame(game);
    this.takeSaved(result.saved);
    const { id, created, lines } = games.readAbout();
    this.about = { id, created };
    this.lines = this.playableLines(lines);
    this.afterJump();
    this.tellLastMove();
    return null;
  }

  replaceGame(game) {
    if (this.game) this.game.free();
    this.game = game;
    this.played = null; // the last move belongs to the game it was worked out for
    this.plies = null; // so do the moves of the lines
    this.state = game.state();
    // Hints and evaluations are kept by record, which only names a position within one game.
    this.hint = null;
    this.analysis = null;
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
    if (this.viewOnly) return this.training ? "training" : "viewOnly";
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
    const trace = this.playIntoLines(number);
    this.state = this.game.state();
    this.shown = { side, number, trace };
    // What the board marks and Replay shows, known here without playing the record again.
    this.played = { record: this.state.record, move: lastMoveOf(before, side, number, trace) };
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

  /**
   * Plays `number` in the line on the board: the next move of the line is played again (the rest
   * of the line stays), a move another line goes on with takes that line, and any other move
   * from inside a line starts a variation, the line left staying in the move list.
   */
  playIntoLines(number) {
    const { record, redo } = this.state;
    if (redo[0] === String(number)) return this.game.redo();
    const other = lineFollowing(this.lines, this.lineAt, record, number);
    if (other >= 0) {
      this.game.setRedo(this.lines[other].slice(record.length));
      this.lineAt = other;
      return this.game.redo();
    }
    const trace = this.game.play(number);
    if (redo !== "") {
      this.lines.push(record + number);
      this.lineAt = this.lines.length - 1;
    }
    return trace;
  }

  /**
   * The line on the board as the move list keeps it; called after every change of the game. A move
   * at its end makes it longer; any other line it now is (a new or restored game) is found or added.
   */
  syncLines() {
    const line = this.state.record + this.state.redo;
    const held = this.lines[this.lineAt];
    if (held === undefined || !line.startsWith(held)) {
      const found = this.lines.indexOf(line);
      this.lineAt = found >= 0 ? found : this.lines.push(line) - 1;
    }
    this.lines[this.lineAt] = line;
  }

  /** Shows the position after `ply` moves of line `index` of the move list. */
  goToLine(index, ply) {
    const line = this.lines[index];
    if (line === undefined) return;
    this.stopComputer();
    this.animator.cancel();
    // Back to where the two lines part (or nearer the start), then the rest of the other line ahead.
    const shared = sharedMoves(this.state.record + this.state.redo, line);
    while (this.game.state().record.length > shared && this.game.undo());
    this.game.setRedo(line.slice(this.game.state().record.length));
    this.lineAt = index;
    this.goTo(ply);
  }

  /** The moves of line `index` of the move list, as the engine's state lists them (`state.line`). */
  pliesOf(index) {
    const line = this.lines[index] ?? "";
    this.plies ??= new Map();
    if (!this.plies.has(line)) {
      const game = openGame(this.Game, { start: this.start, options: this.options, record: line });
      try {
        this.plies.set(line, game.state().line);
      } finally {
        game.free();
      }
    }
    return this.plies.get(line);
  }

  /** Makes line `index` the main line. */
  promoteLine(index) {
    if (index <= 0 || index >= this.lines.length) return;
    ({ lines: this.lines, at: this.lineAt } = promote(this.lines, index, this.lineAt));
    this.save();
    this.changed();
  }

  /** Deletes the variation `index` (never the main line); on it, the board goes to where it left the main line. */
  deleteLine(index) {
    if (index <= 0 || index >= this.lines.length) return;
    if (index === this.lineAt) this.goToLine(0, sharedMoves(this.lines[0], this.lines[index]));
    ({ lines: this.lines, at: this.lineAt } = without(this.lines, index, this.lineAt));
    this.save();
    this.changed();
  }

  afterAnimation() {
    if (this.shown) this.message = messageOf(this.shown);
    this.changed();
    // Once per move shown, after its last event (never per frame).
    if (this.message) this.hooks.onMoveShown?.(this);
    this.maybeComputerTurn();
    this.maybeEvaluate();
  }

  /** Shows the move that led here again (also after a reload, a link, undo or redo). */
  replay() {
    const last = this.lastMove;
    if (!last) return;
    this.stopComputer();
    // What the move did is said again at its end, not before.
    this.message = null;
    this.shown = { side: last.side, number: last.number, trace: last.trace };
    this.animator.start(last.before, last.trace);
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
    this.shown = null;
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
    if (this.training) return; // a lesson or a puzzle is done without help
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
      const result = await this.analyse(record);
      if (result && this.state.record === record) {
        this.hint = { record, number: result.number, eval: result.eval, exact: result.exact };
      }
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
    if (this.training) return;
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

  /**
   * The search of `record`'s position that the hint and the evaluation both speak from, so that
   * they never disagree: done once per position, `{number, eval, exact}` for the player to move.
   */
  analyse(record) {
    const known = this.analysis;
    // A search stopped (undo, a new game) or failed is tried again.
    if (known?.record !== record || (known.done && !known.result)) {
      const search = this.computer.think({ start: this.start, record, options: this.options, purpose: "hint",
        timeMs: ANALYSIS_MS });
      const analysis = { record, search, result: null, done: false };
      this.analysis = analysis;
      const settle = (result) => Object.assign(analysis, { result, done: true });
      search.then(settle, () => settle(null));
    }
    return this.analysis.search;
  }

  /** Evaluates the position shown, when the evaluation is on and nothing else is going on. */
  async maybeEvaluate() {
    this.maybeSolve();
    if (this.training || !this.showEvaluation || this.animating || this.state.status !== "playing") return;
    const record = this.state.record;
    if (this.analysis?.record === record && this.analysis.result) return;
    try {
      await this.analyse(record);
      if (this.state.record === record) this.changed();
    } catch {
      // The evaluation is a help, not the game: without it the game goes on.
    }
  }

  /**
   * South's lead in seeds for the position shown, `{south, exact}` or null: exact once proved, and
   * otherwise the search's, the same as the hint's.
   */
  get currentEvaluation() {
    const known = this.currentExact;
    if (known?.state === "done") {
      const { value } = known.result;
      return { record: this.state.record, south: southView(this.state.to_move, value), exact: true };
    }
    const result = this.analysis?.record === this.state.record ? this.analysis.result : null;
    return result ? { record: this.state.record, south: southView(this.state.to_move, result.eval), exact: !!result.exact } : null;
  }

  /** The game on the board as a saved game's document (storage.js). */
  savedDocument() {
    const { record, redo } = this.game.state();
    return { options: this.options, start: this.start, mode: this.setup.mode, side: this.setup.side,
      level: this.setup.level, record, redo };
  }

  save() {
    this.syncLines();
    if (!this.persist) return;
    storage.save(this.savedDocument());
    games.writeAbout({ ...this.about, lines: this.lines });
  }

  changed() {
    this.state = this.game.state();
    this.hooks.onChange(this);
  }
}
