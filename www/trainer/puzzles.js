// @ts-check
// Puzzles (the Puzzles button, or a link `#walak=1&puzzle=ID`): positions of real games where one
// move keeps the exact value and every other gives seeds away, made and proved by `walak puzzles`
// (www/puzzles.txt, loaded on first use and read by the engine). The person plays a move; the
// exact value of every move is shown, then the best line plays out. Progress, a streak and a
// rating stay in the browser; the puzzle of the day is chosen from the date, the same for all.
//
// The panel `#puzzle` publishes `data-id`, `data-rating`, `data-state` (`loading`, `ready`,
// `right`, `wrong`, `line`, `done`, `failed`) and `data-daily` — see docs/page-contract.md.

import { onLanguageChange, t } from "../i18n/index.js";
import { announce } from "../ui/ui.js";
import { Computer } from "../analysis/computer.js";
import { holeIndex } from "../board/holes.js";
import { valueTag } from "../board/board-words.js";
import { readJson, writeJson } from "../lib/choices.js";
import { answerWords, instruction, progressWords, valueItems } from "./puzzle-words.js";
import { puzzleLink } from "./puzzle-link.js";
import { $ } from "../lib/dom.js";
import { messageOf, present } from "../lib/errors.js";

/** @import { Puzzle, Side } from "../types/engine.js" */
/** @import { Training, TrainerController } from "./lesson.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { HtmlPageId } from "../types/page.js" */

/**
 * A person's puzzles, kept between visits: their rating, their streak of right answers and the
 * best one, and their first answer to each puzzle by id (1 right, 0 wrong).
 * @typedef {{rating: number, streak: number, best: number, results: Record<string, number>}} Progress
 */
/** @typedef {"loading" | "ready" | "right" | "wrong" | "line" | "done" | "failed"} PuzzleState */

const PROGRESS_KEY = "walak-pussa.puzzles";
// Where a newcomer starts: among the easier half of the puzzles.
const FIRST_RATING = 1000;
// How far one answer moves the rating (Elo's K): more while there are few answers.
const K_EARLY = 64;
const K = 32;
const EARLY_ANSWERS = 10;
// Pauses, in milliseconds, so that people can follow: after the answer, before the best line
// starts, and between its moves (none at instant speed).
const PAUSE_MS = { slow: 1600, normal: 1000, fast: 500, instant: 0 };


/** The days since 1970-01-01 of `date`, in UTC: the same day for everyone, wherever they are. */
const dayNumber = (/** @type {Date} */ date) => Math.floor(date.getTime() / 86_400_000);

/**
 * The puzzle of the day: the same for everyone on one day, a different one the next.
 * @param {Date} date
 * @param {number} count the puzzles
 * @returns {number} its index
 */
export function dailyIndex(date, count) {
  // Knuth's multiplicative hash spreads neighbouring days over the whole list.
  return Number((BigInt(dayNumber(date)) * 2654435761n) % BigInt(count));
}

/** @returns {Progress} */
function readProgress() {
  const saved = /** @type {any} */ (readJson(PROGRESS_KEY)); // whatever was kept, checked here
  if (Number.isFinite(saved?.rating) && saved.results && typeof saved.results === "object") {
    return { rating: saved.rating, streak: saved.streak | 0, best: saved.best | 0, results: saved.results };
  }
  return { rating: FIRST_RATING, streak: 0, best: 0, results: {} };
}

export class Puzzles {
  /**
   * `onLeave(problem)` after the puzzles are left.
   * @param {TrainerController} app
   * @param {{remember?: boolean, onLeave?: (problem: string | Message | null) => void}} [options]
   */
  constructor(app, { remember = true, onLeave = () => {} } = {}) {
    this.app = app;
    this.remember = remember;
    this.onLeave = onLeave;
    /** @type {Progress} */
    this.progress = remember ? readProgress() : { rating: FIRST_RATING, streak: 0, best: 0, results: {} };
    /** @type {Puzzle[] | null} the puzzles, once loaded */
    this.list = null;
    /** @type {Promise<Puzzle[]> | null} */
    this.loading = null;
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {PuzzleState} */
    this.state = "loading";
    /** @type {{number: number, right: boolean} | null} */
    this.answer = null;
    this.linePly = 0; // moves of the best line shown so far
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.said = "";
    this.panel = $("puzzle");
    const on = (/** @type {HtmlPageId} */ id, /** @type {() => void} */ f) => $(id).addEventListener("click", f);
    on("puzzle-close", () => this.leave());
    on("puzzle-next", () => this.show(this.nextPuzzle()));
    on("puzzle-again", () => this.show(this.current()));
    on("puzzle-daily", () => this.show(this.daily()));
    on("puzzle-line", () => this.playLine());
    on("puzzle-share", () => this.share());
    onLanguageChange(() => this.open && this.render());
    /** What the puzzles decide of the board while they are open (game/kinds/training.js). @type {Training} */
    this.training = {
      side: () => this.side(),
      moveShown: (app) => this.moveShown(app),
      rings: () => null,
      values: () => this.values(),
    };
  }

  get open() {
    return this.app.training === this.training;
  }

  /** The puzzle shown; only asked for once there is one. */
  current() {
    return present(this.puzzle, "no puzzle is shown");
  }

  /** The puzzles; only asked for once they have loaded. */
  loaded() {
    return present(this.list, "the puzzles have not loaded");
  }

  /** Today's puzzle, once they have loaded. */
  daily() {
    const list = this.loaded();
    return list[dailyIndex(new Date(), list.length)];
  }

  /**
   * Loads the puzzles once (they are not part of the page's first load).
   * @returns {Promise<Puzzle[]>}
   */
  load() {
    // The address is the bundle's: the build puts every bundle in www/, beside www/puzzles.txt.
    this.loading ??= fetch(new URL("./puzzles.txt", import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.text();
      })
      .then(async (text) => {
        // Read and checked by the worker's engine, which then goes: the page's own has no reader.
        const reader = new Computer();
        try {
          const list = await reader.readPuzzles(text);
          this.list = list;
          return list;
        } finally {
          reader.stop();
        }
      })
      .catch((error) => {
        this.loading = null; // tried again next time
        throw error;
      });
    return this.loading;
  }

  /**
   * Opens the puzzles: puzzle `id` when given (a link), else the puzzle of the day the first time
   * a day (once the person has answered one), else the next one for the person's rating.
   * @param {string | null} [id]
   */
  async enter(id = null) {
    if (!this.open) {
      this.app.startTraining(this.training);
      document.documentElement.dataset.trainer = "puzzle";
      this.panel.hidden = false;
    }
    this.state = "loading";
    this.render();
    try {
      await this.load();
    } catch (error) {
      this.state = "failed";
      this.said = t("puzzle.loadFailed", { reason: messageOf(error) });
      this.render();
      return;
    }
    if (!this.open) return; // left while loading
    const asked = id === null ? null : this.loaded().find((p) => p.id === id);
    const daily = this.daily();
    // A newcomer starts with a puzzle near their rating; after that the day's puzzle comes first.
    const answered = Object.keys(this.progress.results).length > 0;
    this.show(asked ?? (answered && this.progress.results[daily.id] === undefined ? daily : this.nextPuzzle()));
    if (id !== null && !asked) {
      this.said = t("puzzle.unknown", { id });
      this.render();
    }
  }

  leave() {
    if (!this.open) return;
    clearTimeout(this.timer);
    this.panel.hidden = true;
    delete document.documentElement.dataset.trainer;
    this.onLeave(this.app.endTraining());
  }

  /**
   * The side to move in the puzzle, the board seen from it: South moves first in every record.
   * @returns {Side}
   */
  side() {
    return (this.puzzle?.record.length ?? 0) % 2 === 0 ? "south" : "north";
  }

  /** The unanswered puzzle whose rating is nearest the person's (the first one after them all). */
  nextPuzzle() {
    const list = this.loaded();
    const open = list.filter((p) => this.progress.results[p.id] === undefined && p !== this.puzzle);
    const pool = open.length > 0 ? open : list.filter((p) => p !== this.puzzle);
    const rating = this.progress.rating;
    return pool.reduce((best, p) => (Math.abs(p.rating - rating) < Math.abs(best.rating - rating) ? p : best));
  }

  /** @param {Puzzle} puzzle */
  show(puzzle) {
    clearTimeout(this.timer);
    this.puzzle = puzzle;
    this.state = "ready";
    this.answer = null;
    this.said = "";
    $("puzzle-link").hidden = true;
    $("puzzle-shared").textContent = "";
    this.app.trainOn({ record: puzzle.record });
    this.render();
    $("puzzle-instruction").focus({ preventScroll: true });
  }

  /**
   * After a move has been shown: the answer, then each move of the best line.
   * @param {TrainerController} app
   */
  moveShown(app) {
    app.setViewOnly(true);
    if (this.state === "ready" && app.shown) this.answered(app.shown.number);
    else if (this.state === "line") this.nextLineMove();
  }

  /** @param {number} number the hole the person played */
  answered(number) {
    const puzzle = this.current();
    const right = number === puzzle.best;
    this.answer = { number, right };
    this.score(right);
    this.state = right ? "right" : "wrong";
    this.said = answerWords(puzzle, number);
    // Back to the puzzle's position, its moves' values on the holes; then the best line.
    this.app.undo();
    this.app.setViewOnly(true);
    this.render();
    announce(`${this.said} ${valueItems(puzzle).map((item) => item.text).join("; ")}.`);
    this.timer = setTimeout(() => this.playLine(), PAUSE_MS[this.app.animator.speed] * 1.5);
  }

  /**
   * The first answer to a puzzle counts for the rating and the streak.
   * @param {boolean} right
   */
  score(right) {
    const { progress } = this;
    const puzzle = this.current();
    if (progress.results[puzzle.id] !== undefined) return;
    const answers = Object.keys(progress.results).length;
    const expected = 1 / (1 + 10 ** ((puzzle.rating - progress.rating) / 400));
    const k = answers < EARLY_ANSWERS ? K_EARLY : K;
    progress.rating = Math.round(progress.rating + k * ((right ? 1 : 0) - expected));
    progress.streak = right ? progress.streak + 1 : 0;
    progress.best = Math.max(progress.best, progress.streak);
    progress.results[puzzle.id] = right ? 1 : 0;
    if (this.remember) writeJson(PROGRESS_KEY, progress);
  }

  /** Plays the best line from the puzzle's position, move after move. */
  playLine() {
    clearTimeout(this.timer);
    if (!this.open || !this.answer) return;
    this.app.goTo(this.current().record.length);
    this.app.setViewOnly(true);
    this.state = "line";
    this.linePly = 0;
    this.render();
    this.nextLineMove();
  }

  nextLineMove() {
    const line = this.current().line;
    if (this.linePly >= line.length || this.app.state.status !== "playing") {
      this.state = "done";
      this.render();
      $("puzzle-next").focus();
      return;
    }
    const number = Number(line[this.linePly]);
    this.linePly += 1;
    this.render();
    const pause = this.linePly === 1 ? 0 : PAUSE_MS[this.app.animator.speed];
    this.timer = setTimeout(() => this.open && this.app.move(number, { announce: false }), pause);
  }

  /** The move values on the holes, while the board shows the puzzle's position after an answer. */
  values() {
    const { puzzle } = this;
    if (!this.answer || this.state === "line" || !puzzle || this.app.state.record !== puzzle.record) return null;
    const side = this.app.state.to_move;
    /** @type {Map<number, {text: string, best: boolean}>} */
    const values = new Map();
    for (const [hole, value] of Object.entries(puzzle.move_values)) {
      values.set(holeIndex(side, Number(hole)), { text: valueTag(value), best: value === puzzle.value });
    }
    return values;
  }

  async share() {
    const link = puzzleLink(this.current().id);
    $("puzzle-link").value = link;
    $("puzzle-link").hidden = false;
    $("puzzle-link").select();
    try {
      await navigator.clipboard.writeText(link);
      $("puzzle-shared").textContent = t("share.copied");
    } catch {
      $("puzzle-shared").textContent = t("share.copyRefused");
    }
  }

  render() {
    const { puzzle, state } = this;
    const data = this.panel.dataset;
    data.state = state;
    data.id = puzzle?.id ?? "";
    data.rating = puzzle ? String(puzzle.rating) : "";
    const daily = puzzle && this.list ? this.list[dailyIndex(new Date(), this.list.length)] === puzzle : false;
    data.daily = String(daily);
    $("puzzle-progress").textContent = progressWords(this.progress, this.list?.length ?? 0);
    // The id is isolated so that right-to-left words around it do not reorder its letters and digits.
    const id = `\u2068${puzzle?.id}\u2069`;
    $("puzzle-about").textContent = puzzle ? t(daily ? "puzzle.aboutDaily" : "puzzle.about", { id, rating: puzzle.rating }) : "";
    $("puzzle-instruction").textContent = state === "loading" ? t("puzzle.loading")
      : state === "failed" || !puzzle ? "" : instruction(puzzle, this.app.state.to_move);
    $("puzzle-said").textContent = this.said;
    $("puzzle-said").dataset.kind = this.answer ? (this.answer.right ? "right" : "wrong") : "";
    const list = $("puzzle-values");
    const answered = this.answer !== null && puzzle !== null;
    list.hidden = !answered;
    if (answered) {
      list.replaceChildren(...valueItems(puzzle).map(({ hole, value, best, text }) => {
        const item = document.createElement("li");
        Object.assign(item.dataset, { hole: String(hole), value: String(value), best: String(best) });
        item.textContent = text;
        return item;
      }));
    }
    const line = $("puzzle-line-said");
    line.textContent = state === "line" ? t("puzzle.playingLine", { ply: this.linePly, plies: puzzle?.line.length ?? 0 })
      : state === "done" ? t("puzzle.lineDone") : "";
    const show = (/** @type {HtmlPageId} */ id, /** @type {boolean} */ visible) => {
      $(id).hidden = !visible;
    };
    show("puzzle-next", answered && !!this.list);
    show("puzzle-again", answered);
    show("puzzle-line", state === "done");
    show("puzzle-daily", !!this.list && !daily);
    show("puzzle-share", !!puzzle);
  }
}
