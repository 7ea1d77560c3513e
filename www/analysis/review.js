// @ts-check
// Game review: the exact value of every move of the game shown. The solver (in a Web Worker of the
// review's own, so that cancelling it never disturbs the computer player's) proves the value of
// each position of the game; a move's value is minus that of the position it leads to, and the
// move is marked by the seeds it gave away against the best move, each side gets a summary, and a graph shows South's exact lead after
// every move.
//
// This file owns the review's state (the line reviewed, what was found, the review under way) and
// the panel's words: the status, the marks and verdicts in the move list, the legend, the summary,
// what each point of the graph says, and the findings the page publishes on #review-graph
// (`data-values`, `data-losses`, `data-state`: docs/page-contract.md). The graph itself, its
// drawing and its input, is review-graph.js's: it is given the values to draw and says which move
// the person picked.
//
// A review belongs to the line of the game shown: the moves played and those that can be redone,
// from the same start with the same options. Going back and forth along that line keeps it; another
// line (a new game, another move played from an earlier position) has none, but what was found for
// the moves the two lines share is kept for the next review (a cancelled review goes on from where
// it stopped). Values run to the end of the game, or in a match in rounds to the end of the round
// the move was played in (the solver's own horizon).

import { Computer } from "./computer.js";
import { southView } from "./values.js";
import { formatNumber, msg, say, t } from "../i18n/index.js";
import { ReviewGraph } from "./review-graph.js";
import { describePly } from "../ui/words.js";
import { sideName } from "../board/board-words.js";
import { $ } from "../lib/dom.js";
import { SIDES } from "../lib/sides.js";
import { messageOf, present } from "../lib/errors.js";
import { reviewable } from "../game/kinds/kind.js";
import { firstMoves, isParker, joinMoves, plyCount, sharedMoves } from "../lib/records.js";

/** @import { GameOptions, GameState, Ply, Side, StartPosition } from "../types/engine.js" */
/** @import { Message, MessageKey } from "../i18n/index.js" */
/** @import { GraphData, MarkKind } from "./review-graph.js" */
/** @import { Kind } from "../game/kinds/kind.js" */

/**
 * What the review reads of the game's controller (game/app.js), and the one thing it asks: to
 * show the position after a move the person picked.
 * @typedef {object} ReviewController
 * @property {GameState} state
 * @property {StartPosition | null} start
 * @property {GameOptions} options
 * @property {Pick<Kind, "reviews" | "noHelp">} kind  whether its kind reviews games, and gives help now
 * @property {(ply: number) => void} goTo
 */
/**
 * A kind of mark, the sign written beside the move, and the seeds given away it stands for
 * (`to` null: and more).
 * @typedef {{kind: MarkKind, mark: string, from: number, to: number | null}} Mark
 */
/**
 * The judgement of one move: who played which hole, and, when both were proved in time, the
 * best value before it and the value of the move played (for the mover), the seeds it gave
 * away, South's lead after it and its mark (null for a perfect move); `unknown` otherwise.
 * @typedef {{side: Side, number: number, round: number} & ({unknown: true} | Known)} Judgement
 */
/** @typedef {{unknown?: undefined, best: number, played: number, loss: number, south: number, mark: Mark | null}} Known */
/**
 * The line reviewed: where it began and its options (`base`), its moves, each move's ply, whether
 * a match in rounds, and the key that names it all.
 * @typedef {{base: string, moves: string, plies: Ply[], rounds: boolean, key: string}} Line
 */

/** @typedef {"done" | "incomplete" | "cancelled" | "failed" | "changed"} Outcome */

/** How long the solver may take over one position before its move is left without a value. */
export const SOLVE_MS = 120_000;

/**
 * The marks, by the seeds a move gave away (the best move's value minus the value of the move
 * played, both exact final seed differences for the mover). Values often change in steps of two
 * (a seed that changes hands counts twice), so an inaccuracy is usually 2 seeds, a mistake 4 to 8.
 * A move that gave away nothing has no mark.
 */
/** @type {Mark[]} */
export const MARKS = [
  { kind: "blunder", mark: "??", from: 10, to: null },
  { kind: "mistake", mark: "?", from: 4, to: 9 },
  { kind: "inaccuracy", mark: "?!", from: 1, to: 3 },
];

/**
 * The mark for a move that gave away `loss` seeds, or null for a perfect move.
 * @param {number} loss
 */
export const markFor = (loss) => MARKS.find((m) => loss >= m.from) ?? null;


/**
 * The judgement of one move, from the best value of the position before it and the value of the
 * move played (both for the mover; null when not proved in time).
 * @param {Ply} ply
 * @param {number | null | undefined} best
 * @param {number | null | undefined} played
 * @returns {Judgement}
 */
function judge(ply, best, played) {
  const base = { side: ply.side, number: ply.number, round: ply.round };
  if (typeof best !== "number" || typeof played !== "number") return { ...base, unknown: true };
  const loss = Math.max(0, best - played);
  return { ...base, best, played, loss, south: southView(ply.side, played), mark: markFor(loss) };
}

/**
 * Whether a move has been judged, its values proved.
 * @param {Judgement | undefined} result
 * @returns {result is Judgement & Known}
 */
const isKnown = (result) => result !== undefined && !result.unknown;

// The move list's own names of its buttons, before a verdict was added to them.
/** @type {WeakMap<Element, string>} */
const labels = new WeakMap();

/** @type {Record<MarkKind, MessageKey>} what the legend says of each mark */
const LEGEND = { inaccuracy: "review.legendInaccuracy", mistake: "review.legendMistake", blunder: "review.legendBlunder" };

/**
 * A side's tallies in the review's summary.
 * @typedef {{moves: number, perfect: number, given: number, inaccuracy: number, mistake: number, blunder: number}} Tallies
 */

/**
 * A mark as shown: "?!", "?" or "??", left to right in every language; the words beside it say it.
 * @param {MarkKind | "perfect"} kind
 * @param {string} text
 */
function markSign(kind, text) {
  const sign = document.createElement("span");
  sign.className = `review-mark ${kind}`;
  sign.dir = "ltr";
  sign.setAttribute("aria-hidden", "true");
  sign.textContent = text;
  return sign;
}

/**
 * On a phone the graph stays at the foot of the screen (style.css): a move picked there is shown
 * on the board brought into view above it, not on a board scrolled far away.
 */
function boardInView() {
  const pinned = $("review-graph").closest(".review-graph-wrap");
  if (!pinned || getComputedStyle(pinned).position !== "fixed") return;
  const board = $("board-wrap").getBoundingClientRect();
  if (board.top < 0 || board.bottom > pinned.getBoundingClientRect().top) scrollBy({ top: Math.floor(board.top) - 4, behavior: "instant" });
}

export class Review {
  /**
   * `app` is the game controller (app.js): its game, start, options and `goTo`.
   * @param {ReviewController} app
   */
  constructor(app) {
    this.app = app;
    this.computer = new Computer();
    /** @type {Line | null} the line reviewed */
    this.line = null;
    /** @type {(Judgement | undefined)[]} per move of the line: judge()'s answer, or undefined while not solved */
    this.results = [];
    /** @type {(number | null | undefined)[]} per position of the line: its proved value for the mover (null: not in time) */
    this.values = [];
    /** @type {object | null} the review under way (a token), or null */
    this.run = null;
    this.at = 0; // the index of the move being solved
    this.nodes = 0; // positions the solver has looked at for that move
    /** @type {Outcome | null} once it stops */
    this.outcome = null;
    /** @type {{message: Message, key: string} | null} what the status line says, for the line it is about */
    this.said = null;

    // The page's Review buttons call start() (page/full-page.js: they load this file first).
    $("review-cancel").addEventListener("click", () => this.cancel());
    // A move picked on the graph is shown as one picked in the move list is, on a board in view.
    this.graph = new ReviewGraph($("review-graph"), {
      onChoose: (ply) => {
        this.app.goTo(ply);
        boardInView();
      },
      describe: (ply) => this.pointText(ply),
    });
    // On a touch screen the graph is tapped: its help says so, and no keys.
    const help = $("review-help");
    const key = matchMedia("(pointer: coarse)").matches ? "review.graphHelpTouch" : "review.graphHelp";
    help.dataset.i18n = key;
    help.textContent = t(key);
  }

  /**
   * The line of the game shown, and the key that names it.
   * @returns {Line}
   */
  currentLine() {
    const { state, start, options } = this.app;
    const base = JSON.stringify({ start, options });
    const moves = joinMoves(state.record, state.redo);
    return { base, moves, plies: state.line, rounds: !!options.rounds, key: `${base}|${moves}` };
  }

  /** The line reviewed; only asked for once there is one. */
  reviewed() {
    return present(this.line, "no line has been reviewed");
  }

  get running() {
    return this.run !== null;
  }

  /**
   * Whether the review in hand is of the line shown now.
   * @param {Line} [line]
   */
  applies(line = this.currentLine()) {
    return this.line !== null && this.line.key === line.key;
  }

  /** Reviews the line shown, solving every position whose move has no value yet. */
  async start() {
    if (this.running || !reviewable(this.app.kind, this.app.state)) return;
    const line = this.currentLine();
    const n = plyCount(line.moves);
    if (n === 0) return;
    // What was found for the moves this line shares with the last one reviewed still holds.
    const keep = this.line && this.line.base === line.base ? sharedMoves(this.line.moves, line.moves) : 0;
    this.results = this.results.slice(0, keep);
    // The positions up to the shared moves are the same positions.
    this.values = keep > 0 ? this.values.slice(0, keep + 1) : [];
    this.line = line;
    const run = {};
    this.run = run;
    this.outcome = null;
    this.said = null;
    this.render();
    $("review-panel").scrollIntoView?.({ block: "nearest" });
    const { start, options } = this.app;
    // In a single game a move's value is minus the value of the position it leads to (values
    // are final seed differences, so one side's gain is the other's loss): solving each position
    // for its value alone, the cheapest proof, values every move. In a match a move can end the
    // round, and the next position's value runs to the end of the next round: there each
    // position's move values are solved instead.
    const byValue = !line.rounds;
    const values = this.values;
    const solve = async (/** @type {number} */ i, /** @type {boolean} */ moveValues) => {
      this.nodes = 0;
      this.render();
      return this.computer.solve({
        start, record: firstMoves(line.moves, i), options, moveValues, valueOnly: !moveValues, timeMs: SOLVE_MS,
        onProgress: (progress) => {
          if (this.run !== run) return;
          this.nodes = progress.nodes;
          this.renderProgress();
        },
      });
    };
    for (let i = 0; i < n; i++) {
      if (isKnown(this.results[i])) continue;
      this.at = i;
      try {
        if (byValue) {
          for (const at of [i, i + 1]) {
            if (values[at] === undefined || values[at] === null) values[at] = (await solve(at, false))?.value ?? null;
            if (this.run !== run) return;
          }
          const after = values[i + 1];
          this.results[i] = judge(line.plies[i], values[i], typeof after === "number" ? -after : null);
        } else {
          const solved = await solve(i, true);
          if (this.run !== run) return;
          // (Values are keyed by the move as written: a digit, or in Parker's games "4+", "3", "+".)
          this.results[i] = judge(line.plies[i], solved?.value, solved?.move_values?.[line.plies[i].move]);
        }
      } catch (error) {
        if (this.run !== run) return;
        this.stop("failed", msg("review.failed", { reason: messageOf(error) }));
        return;
      }
    }
    const unknown = this.results.filter((r) => !isKnown(r)).length;
    this.stop(unknown ? "incomplete" : "done",
      unknown ? msg("review.incomplete", { count: unknown, seconds: SOLVE_MS / 1000 }) : msg("review.done"));
  }

  /** Stops the review under way, at once; what it found so far is kept. */
  cancel() {
    if (!this.running) return;
    this.stop("cancelled", msg("review.cancelled", { move: this.at + 1, moves: plyCount(this.reviewed().moves) }));
  }

  /**
   * Ends the review under way, if any, saying why.
   * @param {Outcome} outcome
   * @param {Message} message
   * @param {string} [key] the line the message is about
   */
  stop(outcome, message, key = this.line?.key ?? "") {
    const wasRunning = this.running;
    this.run = null;
    this.outcome = outcome;
    this.said = { message, key };
    // The solve under way ends at its worker's next slice; the worker and its table stay for the
    // next review.
    if (wasRunning) this.computer.cancel();
    this.render();
  }

  /** Whether every move of the line reviewed has its value. */
  get complete() {
    return !this.running && this.line !== null && this.results.length === plyCount(this.line.moves) &&
      this.results.every(isKnown);
  }

  // ── Drawing ─────────────────────────────────────────────────────────────────────────────────

  /** Draws the review for the game shown; called after every change of the page (not per frame). */
  render() {
    const line = this.currentLine();
    // Another line than the one being reviewed: the review stops, and says why.
    if (this.running && !this.applies(line)) {
      this.stop("changed", msg("review.changed"), line.key);
      return;
    }
    // No review, nor its marks, where the kind gives no help now (the players of a live game while it goes on).
    const allowed = reviewable(this.app.kind, this.app.state);
    const applies = allowed && this.applies(line);
    const said = allowed && this.said && this.said.key === line.key ? this.said.message : null;
    const found = applies && this.results.some((r) => r);

    const busy = this.running;
    $("review").disabled = line.moves === "" || busy || !allowed;
    $("game-over-review").disabled = line.moves === "" || busy || !allowed;
    $("review-panel").hidden = !(busy || said || found);
    $("review-progress").hidden = !busy;
    $("review-said").textContent = said ? say(said) : "";
    if (busy) this.renderProgress();

    $("review-result").hidden = !found;
    const graph = $("review-graph");
    const judged = this.results.filter(isKnown);
    if (this.complete && applies) {
      graph.dataset.values = judged.map((r) => r.south).join(",");
      graph.dataset.losses = judged.map((r) => r.loss).join(",");
    } else {
      delete graph.dataset.values;
      delete graph.dataset.losses;
    }
    const state = busy ? "running" : this.outcome;
    if (applies && state) graph.dataset.state = state;
    else delete graph.dataset.state;

    this.markMoves(applies ? this.results : []);
    if (!found) {
      this.graph.update(null);
      return;
    }
    $("review-explain").textContent = t(line.rounds ? "review.explainRound" : "review.explainGame");
    this.renderLegend();
    this.renderSummary();
    this.graph.update(this.graphData());
  }

  renderProgress() {
    const n = plyCount(this.reviewed().moves);
    $("review-status").textContent = t("review.running", { move: this.at + 1, moves: n });
    $("review-nodes").textContent = this.nodes > 0 ? t("review.positions", { count: this.nodes }) : "";
    const meter = $("review-meter");
    meter.max = n;
    meter.value = this.results.filter(isKnown).length;
  }

  /**
   * What a move's judgement says: "Mistake: gave away 4 seeds."
   * @param {Judgement | undefined} result
   */
  static verdict(result) {
    if (!result) return t("review.notYet");
    if (result.unknown) return t("review.unknown");
    if (!result.mark) return t("review.perfect");
    return t(`review.${result.mark.kind}`, { seeds: t("count.seeds", { count: result.loss }) });
  }

  /**
   * The marks beside the moves of the move list (which ui.js has just drawn afresh).
   * @param {(Judgement | undefined)[]} results
   */
  markMoves(results) {
    // (The selector names buttons.)
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ ($("move-list").querySelectorAll("button.move"))) {
      const ply = Number(button.dataset.ply);
      const result = results[ply - 1];
      button.querySelector(".review-mark")?.remove();
      if (!labels.has(button)) labels.set(button, button.getAttribute("aria-label") ?? button.textContent);
      if (!result || ply === 0) {
        button.removeAttribute("title");
        if (labels.has(button) && button.hasAttribute("aria-label")) button.setAttribute("aria-label", labels.get(button) ?? "");
        continue;
      }
      const verdict = Review.verdict(result);
      button.title = verdict;
      button.setAttribute("aria-label", `${labels.get(button)}. ${verdict}`);
      if (isKnown(result) && result.mark) button.append(markSign(result.mark.kind, result.mark.mark));
    }
  }

  renderLegend() {
    /** @type {[MarkKind | "perfect", string, string][]} */
    const items = [
      ["perfect", "", t("review.legendPerfect")],
      ...MARKS.slice().reverse().map(({ kind, mark, from, to }) => {
        /** @type {[MarkKind, string, string]} */
        const item = [kind, mark, t(LEGEND[kind], { from, to: to ?? "" })];
        return item;
      }),
    ];
    $("review-legend").replaceChildren(...items.map(([kind, mark, words]) => {
      const item = document.createElement("li");
      item.append(markSign(kind, mark || "·"), " ", words);
      return item;
    }));
  }

  renderSummary() {
    /** @type {Record<Side, Tallies>} */
    const stats = {
      south: { moves: 0, perfect: 0, given: 0, inaccuracy: 0, mistake: 0, blunder: 0 },
      north: { moves: 0, perfect: 0, given: 0, inaccuracy: 0, mistake: 0, blunder: 0 },
    };
    this.reviewed().plies.forEach((ply, i) => {
      const s = stats[ply.side];
      s.moves += 1;
      const r = this.results[i];
      if (!isKnown(r)) return;
      s.given += r.loss;
      if (r.mark) s[r.mark.kind] += 1;
      else s.perfect += 1;
    });
    /**
     * @param {"td" | "th" | "caption"} tag
     * @param {string} text
     * @param {"row" | "col" | null} [scope]
     */
    const cell = (tag, text, scope = null) => {
      const element = document.createElement(tag);
      element.textContent = text;
      if (scope) element.setAttribute("scope", scope);
      return element;
    };
    const head = document.createElement("tr");
    head.append(cell("td", ""), ...SIDES.map((side) => cell("th", sideName(side), "col")));
    /** @type {[MessageKey, keyof Tallies][]} */
    const fields = [
      ["review.moves", "moves"], ["review.perfectMoves", "perfect"], ["review.seedsGiven", "given"],
      ["review.inaccuracies", "inaccuracy"], ["review.mistakes", "mistake"], ["review.blunders", "blunder"],
    ];
    const rows = fields.map(([key, field]) => {
      const row = document.createElement("tr");
      row.dataset.field = field;
      const name = cell("th", t(key), "row");
      const kind = MARKS.find((m) => m.kind === field);
      if (kind) name.append(" ", markSign(kind.kind, kind.mark));
      row.append(name, ...SIDES.map((side) => cell("td", formatNumber(stats[side][field]))));
      return row;
    });
    const table = $("review-summary");
    const caption = cell("caption", t("review.summaryTitle"));
    const thead = document.createElement("thead");
    thead.append(head);
    const tbody = document.createElement("tbody");
    tbody.append(...rows);
    table.replaceChildren(caption, thead, tbody);
  }

  /**
   * South's lead in words: "South ahead by 4 seeds", "even".
   * @param {number} south
   */
  static lead(south) {
    if (south === 0) return t("review.even");
    const seeds = t("count.seeds", { count: Math.abs(south) });
    return t(south > 0 ? "review.leadSouth" : "review.leadNorth", { seeds });
  }

  /** South's exact lead at the start of the line (the start position's value, from its first solve), or null. */
  startValue() {
    const first = this.results[0];
    if (!isKnown(first)) return null;
    return southView(first.side, first.best);
  }

  /**
   * What the graph says of move `ply` (0: the start).
   * @param {number} ply
   */
  pointText(ply) {
    if (ply === 0) {
      const south = this.startValue();
      return t("review.pointStart", { start: t("moves.start"), lead: south === null ? t("review.notYet") : Review.lead(south) });
    }
    const ply0 = this.reviewed().plies[ply - 1];
    const result = this.results[ply - 1];
    const { text } = describePly(ply, ply0.side, isParker(this.app.options.rules) ? ply0.move : ply0.number);
    const lead = isKnown(result) ? Review.lead(result.south) : t("review.notYet");
    return t("review.point", { item: text, lead, verdict: Review.verdict(result) });
  }

  /**
   * What the graph draws (review-graph.js's `update`): South's lead after each move of the line
   * reviewed and at its start, null where not found (yet), each move's mark, the move shown, and
   * the direction the graph's panel reads in.
   * @returns {GraphData}
   */
  graphData() {
    const values = [this.startValue()];
    /** @type {(MarkKind | null)[]} */
    const marks = [null];
    for (let i = 0; i < plyCount(this.reviewed().moves); i++) {
      const r = this.results[i];
      values.push(isKnown(r) ? r.south : null);
      marks.push(isKnown(r) ? (r.mark?.kind ?? null) : null);
    }
    return {
      values, marks, shown: plyCount(this.app.state.record),
      rtl: getComputedStyle($("review-result")).direction === "rtl",
    };
  }
}
