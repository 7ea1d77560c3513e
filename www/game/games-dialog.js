// @ts-check
// The "Your games" dialog (#games opens it): the game on the board and every kept game, newest
// first, each with who played it, the person's side, when, its result or "in progress" and a
// small picture of its board; a kept game can be taken up again or removed. Above the list, the
// person's results against each computer level; below it, an export of every game as records.
// Contract (docs/page-contract.md): each game is an `.saved-game` element with `data-record` (its
// moves played) and `data-status` (`playing` or `game_over`).

import { joinMoves, plyCount } from "../lib/records.js";
import { drawBoard } from "../board/board.js";
import { resumeKept, savedDocument } from "./keeping.js";
import { keptKind } from "./kinds/index.js";
import * as games from "./games.js";
import { sceneFromState } from "../board/scene.js";
import { LEVELS } from "./levels.js";
import { formatNumber, language, msg, onLanguageChange, say, t } from "../i18n/index.js";
import { describeResignation, describeResult, levelName } from "../ui/words.js";
import { $, saveFile } from "../lib/dom.js";
import { messageOf } from "../lib/errors.js";

/** @import { GameOptions, GameState, StartPosition } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { App } from "./app.js" */
/** @import { Kind } from "./kinds/kind.js" */
/** @import { KeptGame, LiveRoom } from "./games.js" */

/**
 * The game on the board, as the list shows it first: its saved game's document, and its particulars.
 * @typedef {object} OnBoardEntry
 * @property {true} current
 * @property {string} id
 * @property {number} created
 * @property {number} updated
 * @property {ReturnType<typeof savedDocument>} saved
 * @property {string[]} lines
 * @property {boolean} turned
 * @property {LiveRoom} [live]
 */
/**
 * A game in the list: the one on the board, or a kept one (games.js `keptGames`), with the
 * position kept (`shown`) and the end of its line (`final`), its kind, and, for a game by links,
 * whose turn it is.
 * @typedef {(OnBoardEntry | KeptGame & {current?: undefined}) & {shown: GameState, final: GameState, kind: Kind,
 *   turn: "you" | "friend" | "over" | null}} Entry
 */
/**
 * What Your games is given besides the controller: what follows a kept game taken up again or
 * one removed, how trouble is told, and how a game's link is written (share/share.js `linkTo`:
 * the links are the page's, a layer above the games).
 * @typedef {object} GamesDialogHooks
 * @property {() => void} onResumed
 * @property {() => void} onRemoved
 * @property {(message: Message) => void} onTrouble
 * @property {(options: GameOptions, record: string, redo: string, start: StartPosition | null,
 *   lines: {lines: readonly string[], lineAt: number}) => string} linkTo
 */

const PICTURE = { width: 150, height: 60 };

/**
 * The order of the list: games by links waiting for the person's move first, then the newest.
 * @param {Entry} a
 * @param {Entry} b
 */
const waitingFirst = (a, b) => Number(b.turn === "you") - Number(a.turn === "you");

/**
 * How the game of `kind` ended or stands: the result, or for a game by links whose move it is.
 * @param {Kind} kind
 * @param {GameState} final
 * @param {Entry["turn"]} turn
 */
function standing(kind, final, turn) {
  if (final.status === "game_over") return describeResult(final, kind.rival).headline;
  if (turn) return t(turn === "you" ? "games.yourMove" : "games.waiting");
  return t("games.inProgress");
}
/**
 * When a game was last played, in the language in use.
 * @param {number} time
 */
function whenPlayed(time) {
  try {
    return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(time));
  } catch {
    return new Date(time).toISOString();
  }
}

export class GamesDialog {
  /**
   * `app` is the game controller; `onResumed()` is called once a kept game is on the board,
   * `onRemoved()` once one is removed. `linkTo` writes a game's link, for the export (share/share.js
   * `linkTo`: the links are the page's, a layer above the games).
   * @param {App} app
   * @param {GamesDialogHooks} hooks
   */
  constructor(app, { onResumed, onRemoved, onTrouble, linkTo }) {
    this.app = app;
    this.linkTo = linkTo;
    /** @type {Entry[] | null} the games listed */
    this.shown = null;
    this.dialog = $("games-dialog");
    this.onResumed = onResumed;
    this.onRemoved = onRemoved;
    this.onTrouble = onTrouble;
    // The page's Your games button calls open() (page/full-page.js: it loads this file first).
    $("games-export").addEventListener("click", () => this.export());
    onLanguageChange(() => this.dialog.open && this.render());
  }

  open() {
    this.render();
    this.dialog.showModal();
  }

  /**
   * The game on the board and the kept ones, read and checked by the engine.
   * @returns {{entries: Entry[], problems: (Message | string)[]}}
   */
  entries() {
    const { games: kept, problems } = games.keptGames();
    /** @type {OnBoardEntry} */
    const current = { id: this.app.about.id, created: this.app.about.created, updated: Date.now(), turned: this.app.turned,
      saved: savedDocument(this.app), lines: this.app.lines, current: true, ...(this.app.about.live ? { live: this.app.about.live } : {}) };
    /** @type {Entry[]} */
    const entries = [];
    for (const entry of [current, ...kept]) {
      try {
        const states = games.statesOf(this.app.Game, entry.saved);
        // Who played it (kinds/): its label, its result's words. A live game's turn is its room's,
        // not a link's to send.
        const kind = keptKind(entry.saved, entry.live);
        const turn = kind.friendSide !== null ? games.turnOf(entry.saved, states.final) : null;
        entries.push({ ...entry, ...states, kind, turn });
      } catch (error) {
        problems.push(messageOf(error));
      }
    }
    // The game on the board stays first; of the others, those waiting for the person's move.
    const [onBoard, ...others] = entries;
    return { entries: onBoard?.current ? [onBoard, ...others.sort(waitingFirst)] : entries.sort(waitingFirst), problems };
  }

  render() {
    const { entries, problems } = this.entries();
    this.shown = entries;
    $("games-list").replaceChildren(...entries.map((entry) => this.item(entry)));
    this.renderResults(entries);
    const aside = games.setAsideCount();
    const note = $("games-aside");
    note.hidden = aside === 0;
    note.textContent = aside === 0 ? "" : t("games.setAside", { count: formatNumber(aside) });
    if (problems.length > 0) this.onTrouble(msg("games.unreadable", { reason: problems[0] }));
  }

  /**
   * A game's item in the list: its picture, who played it, its result or its turn, when; a kept
   * game's buttons to take it up or remove it.
   * @param {Entry} entry
   */
  item(entry) {
    const { saved, shown, final } = entry;
    // A live game given up is over, though its moves would play on.
    const over = final.status === "game_over" || entry.live?.resigned !== undefined;
    const item = document.createElement("li");
    item.className = "saved-game";
    item.dataset.record = saved.record;
    item.dataset.status = over ? "game_over" : "playing";
    item.dataset.id = entry.id;
    if (entry.current) item.dataset.current = "true";
    if (entry.live) item.dataset.live = entry.live.seat;
    if (entry.turn) {
      item.dataset.linkGame = "true";
      item.dataset.you = saved.side;
      item.dataset.turn = entry.turn;
    }

    const picture = document.createElement("canvas");
    picture.className = "saved-game-board";
    picture.setAttribute("aria-hidden", "true");
    // Drawn once attached, when its styles are known; seen as the board showed it, from the
    // person's side (North's row nearest for North), turned round if Flip board turned it.
    const flipped = (entry.kind.seenFrom() === "north") !== (entry.turned === true);
    picture.dataset.flipped = String(flipped);
    requestAnimationFrame(() => drawBoard(picture, sceneFromState(shown), { box: PICTURE, flipped }));

    const about = document.createElement("div");
    about.className = "saved-game-about";
    const line = (/** @type {string} */ className, /** @type {string} */ text) => {
      const p = document.createElement("p");
      p.className = className;
      p.textContent = text;
      return p;
    };
    const moves = plyCount(joinMoves(saved.record, saved.redo));
    const result = entry.live?.resigned ? describeResignation(entry.live.resigned, entry.live.seat)
      : standing(entry.kind, final, entry.turn);
    about.append(
      // "Against the computer (Club), you played South", "Link game · you are South", "Watched live"…
      line("saved-game-who", entry.kind.label()),
      line("saved-game-result", t("games.resultMoves", { result, moves: formatNumber(moves) })),
      line("saved-game-when", entry.current ? t("games.onBoard") : whenPlayed(entry.updated)),
    );
    item.append(picture, about);
    if (!entry.current) {
      const actions = document.createElement("div");
      actions.className = "saved-game-actions";
      const resume = document.createElement("button");
      resume.type = "button";
      resume.className = "saved-game-resume primary";
      resume.textContent = t(over ? "games.open" : "games.resume");
      resume.addEventListener("click", () => {
        if (resumeKept(this.app, entry)) {
          this.dialog.close();
          this.onResumed();
        } else this.onTrouble(msg("games.cannotOpen"));
      });
      // Removing asks once more on the button itself: a game is not lost by one slip.
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "saved-game-remove";
      remove.textContent = t("games.remove");
      remove.addEventListener("click", () => {
        if (remove.dataset.confirm !== "true") {
          remove.dataset.confirm = "true";
          remove.textContent = t("games.removeSure");
          return;
        }
        games.forget(entry.id);
        this.render();
        this.onRemoved();
      });
      actions.append(resume, remove);
      item.append(actions);
    }
    return item;
  }

  /**
   * Wins, draws and losses against each level the person has finished a game against.
   * @param {Entry[]} entries
   */
  renderResults(entries) {
    const results = games.resultsByLevel(entries.map(({ saved, final }) => ({ saved, state: final })));
    const table = $("games-results");
    const rows = LEVELS.flatMap((level) => {
      const tally = results[level];
      if (!tally) return [];
      const row = document.createElement("tr");
      row.dataset.level = level;
      const { wins, draws, losses } = tally;
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = levelName(level);
      row.append(th);
      for (const n of [wins, draws, losses]) {
        const td = document.createElement("td");
        td.textContent = formatNumber(n);
        row.append(td);
      }
      // The last games, newest first, as game sites show a form: + a win, = a draw, − a loss.
      const last = document.createElement("td");
      last.className = "games-last";
      last.dir = "ltr";
      for (const result of tally.last) {
        const mark = document.createElement("span");
        mark.className = `games-last-${result}`;
        mark.textContent = { win: "+", draw: "=", loss: "−" }[result];
        mark.title = t(`games.last.${result}`);
        last.append(mark);
      }
      last.setAttribute("aria-label", tally.last.map((r) => t(`games.last.${r}`)).join(", "));
      row.append(last);
      return [row];
    });
    table.hidden = rows.length === 0;
    $("games-no-results").hidden = rows.length > 0;
    table.tBodies[0].replaceChildren(...rows);
  }

  /** Every game as a record: a JSON file with, per game, its set-up, moves, result and a link. */
  export() {
    const records = (this.shown ?? this.entries().entries).map(({ saved, kind, final, created, updated, lines = [] }) => ({
      created: new Date(created).toISOString(),
      updated: new Date(updated).toISOString(),
      mode: saved.mode,
      side: kind.rival ? saved.side : null,
      game: saved.game ?? null,
      level: kind.computerSide !== null ? kind.setup.level : null,
      options: saved.options,
      start: saved.start ?? null,
      moves: joinMoves(saved.record, saved.redo),
      result: final.status === "game_over" ? { winner: final.winner ?? "draw", reserves: final.reserves, ending: final.ending } : null,
      link: this.linkTo(saved.options, saved.record, saved.redo, saved.start ?? null,
        { lines, lineAt: lines.indexOf(joinMoves(saved.record, saved.redo)) }),
    }));
    saveFile(`${JSON.stringify({ walak: 1, games: records }, null, 2)}\n`, "application/json",
      `walak-pussa-games-${new Date().toISOString().slice(0, 10)}.json`);
    $("games-said").textContent = say(msg("games.exported", { count: formatNumber(records.length) }));
  }
}
