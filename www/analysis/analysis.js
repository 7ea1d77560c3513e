// @ts-check
// The help beside the game: the hint, the evaluation under the board and the exact move values,
// for the position the controller (game/app.js) shows. It reads the controller and never changes
// the game; `follow()` is called whenever the position shown has settled, and `onChange` asks the
// page to draw again when an answer arrives.
//
// What others may call: askHint(), setShowEvaluation(on), setShowValues(on), follow(), reset().
// What others may read: showEvaluation, showValues, currentHint, currentExact, currentEvaluation.

import { ExactValues, linkValues, linkValuesPart, southView } from "./values.js";
import { readChoice, writeChoice } from "../lib/choices.js";
import { msg } from "../i18n/index.js";
import { messageOf } from "../lib/errors.js";
import { beginsWith, joinMoves, movesOf, plyCount } from "../lib/records.js";

/** @import { GameState, SearchResult, Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { Position } from "../game/game-start.js" */
/** @import { Computer } from "./computer.js" */
/** @import { FoundHint } from "../ui/words.js" */

/**
 * What the help reads of the game's controller (game/app.js): the position shown, whether a move
 * is being shown, whether a lesson or a puzzle is on the board, and of the kind of game
 * (game/kinds/) who plays the other side and whether help may be given now (not in a lesson or a
 * puzzle, not to the players of a live game while it goes on).
 * @typedef {object} AnalysisController
 * @property {GameState} state
 * @property {Position} position
 * @property {boolean} animating
 * @property {object | null} training
 * @property {{rival: {side: Side} | null, noHelp: (state: GameState) => object | null}} kind
 */
/**
 * The hint for a position: while it is worked out, `number` null; then its best moves (`numbers`,
 * proved: `exact`) or the search's move, with its value for the mover (`eval`). In Parker's games
 * the moves are as written ("4+", "3", a bare "+").
 * @typedef {{record: string, number: null} | {record: string} & FoundHint} Hint
 */
/**
 * The one search of the position shown behind the hint and the evaluation: under way, or done
 * with its result (null when it was stopped or failed).
 * @typedef {{record: string, search: Promise<SearchResult | null>, result: SearchResult | null, done: boolean}} Search
 */

// How long the search behind a hint and the evaluation shown under the board may think.
const ANALYSIS_MS = 700;
/** How many positions along the line are worked out ahead of the one shown. */
const PREPARE_AHEAD = 6;
// A hint first tries to prove the best moves for this long (the book answers at once).
const HINT_PROOF_MS = 2500;
const SHOW_VALUES_KEY = "walak-pussa.show-values";
const SHOW_EVALUATION_KEY = "walak-pussa.show-evaluation";

/** Whether the page will show exact move values once it has a position (the choice kept). */
export const valuesShown = () => readChoice(SHOW_VALUES_KEY);

export class Analysis {
  /**
   * `app`: the controller, read only. `computer`: the computer player's worker (computer.js), whose
   * search speaks for both the hint and the evaluation. `remember: false` keeps the evaluation's
   * choice out of the browser's storage (an embedded game).
   * @param {AnalysisController} app
   * @param {Computer} computer
   * @param {{onChange: () => void, onTrouble: (message: Message) => void, remember?: boolean}} hooks
   */
  constructor(app, computer, { onChange, onTrouble, remember = true }) {
    this.app = app;
    this.computer = computer;
    this.onChange = onChange;
    this.onTrouble = onTrouble;
    this.remember = remember;
    /** @type {Hint | null} for the position it was asked about */
    this.hint = null;
    /** @type {Search | null} the one search behind both the hint and the evaluation */
    this.search = null;
    this.exact = new ExactValues();
    /** @type {object | null} the positions along the line being worked out ahead (prepareAhead), a token */
    this.preparing = null;
    this.showEvaluation = remember && readChoice(SHOW_EVALUATION_KEY);
    this.showValues = valuesShown();
  }

  /**
   * Whether help may be given now: a game being played, no move being shown, and the kind of game
   * allows it (not a lesson or a puzzle, not to the players of a live game while it goes on).
   */
  get open() {
    const { app } = this;
    return !app.animating && app.state.status === "playing" && app.kind.noHelp(app.state) === null;
  }

  /** Forgets what was found: hints and values are kept by record, which names a position only within one game. */
  reset() {
    this.hint = null;
    this.search = null;
    this.preparing = null;
    this.exact.reset();
  }

  /** The position shown has settled (a move shown, undo, redo, a new game): works out what is switched on. */
  follow() {
    this.maybeSolve();
    this.maybeEvaluate();
  }

  /**
   * Asks for the best move for the person to move; shown until the position changes. Proved best
   * moves when the solver finds them quickly (or already has), else the strongest search's move.
   */
  async askHint() {
    const { app } = this;
    if (!this.open || app.state.to_move === app.kind.rival?.side) return;
    const { record } = this.app.state;
    this.hint = { record, number: null };
    this.onChange();
    try {
      let known = this.exact.entry(record);
      if (known?.state !== "done" && known?.state !== "pending") {
        known = await this.exact.solve({ ...this.app.position, moveValues: false, timeMs: HINT_PROOF_MS });
      }
      if (known?.state === "done" && known.result?.best) {
        const { best, value } = known.result;
        if (app.state.record === record) this.hint = { record, number: best[0], numbers: best, eval: value, exact: true };
        this.onChange();
        return;
      }
      const result = await this.analyse();
      if (result && app.state.record === record) {
        this.hint = { record, number: result.move ?? result.number, eval: result.eval, exact: result.exact };
      }
    } catch (error) {
      this.hint = null;
      this.onTrouble(msg("notice.hintFailed", { reason: messageOf(error) }));
    }
    this.onChange();
  }

  /** The hint for the position shown, if there is one. */
  get currentHint() {
    return this.hint && this.hint.record === this.app.state.record ? this.hint : null;
  }

  /** @param {boolean} on */
  setShowEvaluation(on) {
    this.showEvaluation = on;
    if (this.remember && !this.app.training) writeChoice(SHOW_EVALUATION_KEY, on);
    this.onChange();
    this.follow();
  }

  /** @param {boolean} on */
  setShowValues(on) {
    this.showValues = on;
    writeChoice(SHOW_VALUES_KEY, on);
    this.onChange();
    this.maybeSolve();
  }

  /**
   * The move values a game's link carried for the position it opened at (its `values` part, as the
   * engine read it), shown at once where move values are on (values.js `takeFromLink`), and checked.
   * @param {string} text
   */
  takeLinkValues(text) {
    if (!this.showValues || !this.open) return;
    this.exact.takeFromLink({ ...this.app.position, legal: this.app.state.legal }, linkValues(text), (wrong) => {
      if (wrong) this.onTrouble(msg("notice.linkValuesWrong"));
      this.onChange();
    });
  }

  /** Proves the position shown when move values or the evaluation are on. */
  async maybeSolve() {
    if (!(this.showValues || this.showEvaluation) || !this.open) return;
    const { record } = this.app.state;
    const before = this.exact.entry(record);
    const solving = this.exact.solve({ ...this.app.position, moveValues: this.showValues, legal: this.app.state.legal });
    // Known already, or on its way (whoever asked first shows it when it comes).
    const asked = this.exact.entry(record) !== before;
    const coming = this.exact.entry(record)?.state === "pending";
    if (asked) this.onChange(); // "…" while it is worked out (or the values, known at once)
    const entry = await solving;
    if (asked && coming) this.onChange();
    if (entry.state === "done") this.prepareAhead(record);
  }

  /**
   * While the person looks at the values, the positions Redo goes to next (up to PREPARE_AHEAD of
   * them along the line) are worked out one after another, so that stepping through a game finds
   * their values ready. Playing another move, or a new game, drops that at once; stepping along the
   * line keeps it going.
   * @param {string} record
   */
  async prepareAhead(record) {
    const chain = {};
    this.preparing = chain;
    let ahead = record;
    for (let step = 0; step < PREPARE_AHEAD; step++) {
      const { state } = this.app;
      const line = joinMoves(state.record, state.redo);
      if (this.preparing !== chain || !this.showValues || this.app.kind.noHelp(state) !== null) return;
      if (!beginsWith(line, ahead) || plyCount(line) <= plyCount(ahead)) return;
      const next = joinMoves(ahead, movesOf(line)[plyCount(ahead)]);
      const known = this.exact.entry(next)?.state === "done";
      // Known already, on its way (waited for), or asked for now.
      const entry = await this.exact.solve({ ...this.app.position, record: next, moveValues: true });
      if (entry.state !== "done") return;
      // The person may have gone there meanwhile: its values show.
      if (!known && this.app.state.record === next) this.onChange();
      ahead = next;
    }
  }

  /**
   * Every move's value proved here for the position shown, for a link to carry as its `values`
   * part writes them (`x.-2.0.x.x.-4.-12`: by hole 1 to 7, x where a hole cannot be played); null
   * unless all are proved (a link's values not yet checked are not handed on).
   * @returns {string | null}
   */
  get provedValues() {
    const known = this.currentExact;
    const values = known?.state === "done" && known.moveValues && !known.result?.linked ? known.result?.move_values : undefined;
    return values ? linkValuesPart(values) : null;
  }

  /** What is proved of the position shown: `{state, result, moveValues, reason}` or null. */
  get currentExact() {
    return this.exact.entry(this.app.state.record);
  }

  /**
   * The search of the position shown that the hint and the evaluation both speak from, so that
   * they never disagree: done once per position, `{number, eval, exact}` for the player to move.
   * @returns {Promise<SearchResult | null>}
   */
  analyse() {
    const known = this.search;
    const position = this.app.position;
    // A search stopped (undo, a new game) or failed is tried again.
    if (known?.record !== position.record || (known.done && !known.result)) {
      const search = this.computer.think({ ...position, purpose: "hint", timeMs: ANALYSIS_MS });
      /** @type {Search} */
      const found = { record: position.record, search, result: null, done: false };
      this.search = found;
      const settle = (/** @type {SearchResult | null} */ result) => Object.assign(found, { result, done: true });
      search.then(settle, () => settle(null));
      return search;
    }
    return known.search;
  }

  /** Evaluates the position shown, when the evaluation is on and nothing else is going on. */
  async maybeEvaluate() {
    if (!this.showEvaluation || !this.open) return;
    const { record } = this.app.state;
    if (this.search?.record === record && this.search.result) return;
    try {
      await this.analyse();
      if (this.app.state.record === record) this.onChange();
    } catch {
      // The evaluation is a help, not the game: without it the game goes on.
    }
  }

  /**
   * South's lead in seeds for the position shown, `{south, exact}` or null: exact once proved, and
   * otherwise the search's, the same as the hint's.
   * @returns {{record: string, south: number, exact: boolean} | null}
   */
  get currentEvaluation() {
    const { state } = this.app;
    const known = this.currentExact;
    if (known?.state === "done" && known.result) {
      return { record: state.record, south: southView(state.to_move, known.result.value), exact: true };
    }
    const result = this.search?.record === state.record ? this.search.result : null;
    return result ? { record: state.record, south: southView(state.to_move, result.eval), exact: !!result.exact } : null;
  }
}
