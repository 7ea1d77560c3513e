// @ts-check
// Your games: every game a person has played in this browser, kept so that none is ever lost. The
// game on the board is the saved game (storage.js) with its particulars beside it; any other game
// is kept under a key of its own, so that one unreadable entry spoils nothing else. A new game, a
// link or a game taken up again puts the game on the board among the kept ones first.
//
//   walak-pussa.game          the game on the board, as the engine writes a saved game
//   walak-pussa.game.about    its particulars: {id, created, lines, turned}
//   walak-pussa.games.<id>    a kept game: {id, created, updated, game, lines, turned}
//   walak-pussa.games-unreadable.<id>   a kept entry that could not be read, as it was found
//
// `game` is a saved game's document (the engine reads and checks it), `lines` the lines of the
// game's move list (its main line first, then its variations), `turned` whether Flip board has
// turned it round, `created` and `updated` times in milliseconds since 1970. A game played by links
// is kept the same way: its document says so (mode `link`, the person's side, the game's id). A
// live game (live/live-game.js) is kept as a game by links (a spectator's as two players'), with
// `live` beside it: `{room, number, seat, resigned?}`, the room's code, the game's number there,
// the seat the person held (`south`, `north` or `spectator`) and the side that resigned, if one did.

import { engine } from "../engine.js";
import { openGame } from "./game-start.js";
import { savedRefusal } from "../ui/refusals.js";
import { levelOf, noteWrite } from "./storage.js";
import { isSide } from "../lib/sides.js";
import { keptAgainstComputer, keptByLinks } from "./kinds/documents.js";
import { msg } from "../i18n/index.js";
import { KEPT_PREFIX } from "./first-visit.js";

/** @import { GameState, Level, SavedGame, SavedGameRequest, Side } from "../types/engine.js" */
/** @import { GameClass } from "./game-start.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * A live game's room, as kept: its code, the game's number there, the seat the person held, and
 * the side that resigned, if one did.
 * @typedef {object} LiveRoom
 * @property {string} room
 * @property {number} number
 * @property {Side | "spectator"} seat
 * @property {Side} [resigned]
 */
/**
 * The particulars of the game on the board (`walak-pussa.game.about`): its id, when it was
 * made, its move list's lines, whether Flip turned it round, and a live game's room.
 * @typedef {object} About
 * @property {string} id
 * @property {number} created
 * @property {string[]} lines
 * @property {boolean} turned
 * @property {LiveRoom} [live]
 */
/**
 * A kept game, as `keptGames` reads it: the engine's reading of its saved game, and its particulars.
 * @typedef {object} KeptGame
 * @property {string} id
 * @property {number} created
 * @property {number} updated
 * @property {SavedGame} saved
 * @property {string[]} lines
 * @property {boolean} turned
 * @property {LiveRoom} [live]
 */
/**
 * Which kept entries to read: given each one's saved game's document and the entry, as stored
 * and unchecked (null where they are not objects).
 * @typedef {(document: {mode?: unknown, game?: unknown} | null, entry: {live?: unknown} | null) => boolean} KeptFilter
 */
/** @typedef {"win" | "draw" | "loss"} Result */
/**
 * The person's results against one computer level: counts, and the newest results first.
 * @typedef {{wins: number, draws: number, losses: number, last: Result[]}} Tally
 */

export const ABOUT_KEY = "walak-pussa.game.about";
// (first-visit.js names it, for the first board's file, which reads whether any game is kept.)
export { KEPT_PREFIX } from "./first-visit.js";
export const SET_ASIDE_PREFIX = "walak-pussa.games-unreadable.";

/**
 * A new id: the time and a random part, in letters a–z and digits (a link game's id has that shape too).
 * @returns {string}
 */
export function newGameId() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, "0")}`;
}

/**
 * A new game's particulars.
 * @returns {About}
 */
export function newAbout() {
  return { id: newGameId(), created: Date.now(), lines: [], turned: false };
}

const read = (/** @type {string} */ key) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * What a kept text holds, unchecked: null for none; throws when it is not JSON.
 * @param {string | null} raw
 * @returns {any}
 */
const parsed = (raw) => (raw === null ? null : JSON.parse(raw));

const write = (/** @type {string} */ key, /** @type {string} */ value) => noteWrite(() => localStorage.setItem(key, value));

const remove = (/** @type {string} */ key) => {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do: the entry stays.
  }
};

/**
 * @param {unknown} line
 * @returns {line is string}
 */
const isLine = (line) => typeof line === "string" && /^[1-7]*$/.test(line);

/**
 * A live game's room as kept (`{room, number, seat, resigned?}`, `resigned` the side that gave the
 * game up), or null when `live` is not one.
 * @param {any} live what was kept, unchecked
 * @returns {LiveRoom | null}
 */
export function readLive(live) {
  if (typeof live?.room !== "string" || !/^[A-Z2-7]{8,32}$/.test(live.room) || !Number.isInteger(live.number)
      || !["south", "north", "spectator"].includes(live.seat)) return null;
  const resigned = isSide(live.resigned) ? { resigned: live.resigned } : {};
  return { room: live.room, number: live.number, seat: live.seat, ...resigned };
}

/** A live game's particulars (`readLive`), when `live` is one: to spread into an entry or `about`. */
const withLive = (/** @type {unknown} */ live) => {
  const room = readLive(live);
  return room ? { live: room } : {};
};

/**
 * The particulars of the game on the board, or fresh ones when there are none or they cannot be
 * read (they hold no moves of the game: the saved game does).
 * @returns {About}
 */
export function readAbout() {
  try {
    const about = parsed(read(ABOUT_KEY));
    if (typeof about?.id === "string" && Number.isFinite(about.created)) {
      return { id: about.id, created: about.created, lines: Array.isArray(about.lines) ? about.lines.filter(isLine) : [],
        turned: about.turned === true, ...withLive(about.live) };
    }
  } catch {
    // fall through
  }
  return newAbout();
}

/**
 * @param {About} about
 */
export function writeAbout(about) {
  write(ABOUT_KEY, JSON.stringify(about));
}

/**
 * Keeps a game among Your games: `saved` is the saved game's document (as storage.js writes it),
 * `about` its particulars. A game with no move and no position of its own holds nothing to lose
 * and is not kept. Returns whether it was kept.
 * @param {SavedGameRequest} saved
 * @param {About} about
 * @returns {boolean}
 */
export function keep(saved, about) {
  if (!saved.record && !saved.redo && !saved.start) return false;
  const json = engine().savedGameJson(saved);
  const entry = { id: about.id, created: about.created, updated: Date.now(), game: JSON.parse(json), lines: about.lines,
    turned: about.turned === true, ...withLive(about.live) };
  return write(KEPT_PREFIX + about.id, JSON.stringify(entry));
}

/**
 * Every kept game, newest first: `{id, created, updated, saved, lines, turned}` with the engine's reading
 * of the saved game (and `live` for a live game). An entry that cannot be read is moved aside, as
 * it was, and counted in `setAside` with the reason. With `only(document, entry)`, only the entries
 * whose saved game's document and entry (as stored, before the engine reads them) it accepts are read.
 * @param {KeptFilter | null} [only]
 * @returns {{games: KeptGame[], problems: (Message | string)[]}}
 */
export function keptGames(only = null) {
  /** @type {KeptGame[]} */
  const games = [];
  /** @type {(Message | string)[]} */
  const problems = [];
  /** @type {string[]} */
  let keys = [];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(KEPT_PREFIX));
  } catch {
    return { games, problems };
  }
  for (const key of keys) {
    const raw = read(key);
    if (only) {
      const entry = peek(raw);
      if (!only(entry?.game ?? null, entry)) continue;
    }
    try {
      games.push(readEntry(raw));
    } catch (error) {
      setAside(key, raw);
      problems.push(error instanceof EntryError ? error.reason : savedRefusal(error));
    }
  }
  games.sort((a, b) => b.updated - a.updated);
  return { games, problems };
}

/** How many kept entries could not be read and were put aside. */
export function setAsideCount() {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(SET_ASIDE_PREFIX)).length;
  } catch {
    return 0;
  }
}

/**
 * A kept entry as stored, unchecked, or null.
 * @param {string | null} raw
 * @returns {any}
 */
function peek(raw) {
  try {
    return parsed(raw);
  } catch {
    return null;
  }
}

/**
 * Keeps, of the kept entries, those of the games by links (`keptGames`'s `only`); with `id`, of
 * that game. A live game, kept in the same shape, is not one: it is played in its room, not by links.
 */
export const linkGame = (/** @type {string | null} */ id = null) => /** @type {KeptFilter} */ (document, entry) => keptByLinks(document) && !entry?.live
  && (id === null || document.game === id);

/** A kept entry that is not one, with the reason in the page's words. */
class EntryError extends Error {
  /** @param {Message} reason */
  constructor(reason) {
    super(reason.key);
    this.reason = reason;
  }
}

/**
 * Reads a kept entry; throws when it is not one or its game cannot be played.
 * @param {string | null} raw
 * @returns {KeptGame}
 */
function readEntry(raw) {
  let entry;
  try {
    entry = parsed(raw);
  } catch {
    throw new EntryError(msg("saved.notData"));
  }
  if (typeof entry?.id !== "string" || !Number.isFinite(entry.created) || !Number.isFinite(entry.updated)
      || typeof entry.game !== "object" || entry.game === null) {
    throw new EntryError(msg("saved.notGame"));
  }
  const saved = engine().readSavedGame(JSON.stringify(entry.game));
  const lines = Array.isArray(entry.lines) ? entry.lines.filter(isLine) : [];
  return { id: entry.id, created: entry.created, updated: entry.updated, saved, lines, turned: entry.turned === true,
    ...withLive(entry.live) };
}

/**
 * @param {string} key
 * @param {string | null} raw
 */
function setAside(key, raw) {
  const id = key.slice(KEPT_PREFIX.length);
  if (raw !== null && write(SET_ASIDE_PREFIX + id, raw)) remove(key);
}

/**
 * Takes a kept game out of the list (to put it on the board, or because the person removed it).
 * @param {string} id
 */
export function forget(id) {
  remove(KEPT_PREFIX + id);
}

/**
 * Opens the game's document `saved` in the engine: the position kept, and the end of its line.
 * @param {GameClass} Game
 * @param {Pick<SavedGameRequest, "start" | "options" | "record" | "redo">} saved
 * @returns {{shown: GameState, final: GameState}}
 */
export function statesOf(Game, saved) {
  const game = openGame(Game, { start: saved.start ?? null, options: saved.options, record: saved.record, redo: saved.redo });
  try {
    const shown = game.state();
    if (!saved.redo) return { shown, final: shown };
    while (game.redo() !== null);
    return { shown, final: game.state() };
  } finally {
    game.free();
  }
}

/**
 * Where a game by links stands for the person: `you` (their move), `friend` (waiting for the
 * friend) or `over`, from the engine's state at the end of its line (`final`).
 * @param {Pick<SavedGame, "side">} saved
 * @param {Pick<GameState, "status" | "to_move">} final
 * @returns {"you" | "friend" | "over"}
 */
export function turnOf(saved, final) {
  if (final.status === "game_over") return "over";
  return final.to_move === saved.side ? "you" : "friend";
}

/**
 * How many kept games by links wait for the person's move (the game on the board not counted).
 * @param {GameClass} Game
 * @returns {number}
 */
export function yourMoveCount(Game) {
  let count = 0;
  for (const { saved } of keptGames(linkGame()).games) {
    try {
      if (turnOf(saved, statesOf(Game, saved).final) === "you") count++;
    } catch {
      // A game the engine cannot open is not waiting for anyone.
    }
  }
  return count;
}

/** @type {Record<Result, "wins" | "draws" | "losses">} */
const COUNTED = { win: "wins", draw: "draws", loss: "losses" };

/** How many of the last games against a level its row shows. */
export const LAST_GAMES = 5;

/**
 * The person's results against each computer level, over the games given newest first (`{saved,
 * state}`, `state` the engine's state at the end of the game's line; unfinished ones are left
 * out): `{level: {wins, draws, losses, last}}`, `last` the newest results ("win", "draw", "loss").
 * @param {{saved: Pick<SavedGameRequest, "mode" | "level" | "side">, state: GameState}[]} games
 * @returns {Partial<Record<Level, Tally>>}
 */
export function resultsByLevel(games) {
  /** @type {Partial<Record<Level, Tally>>} */
  const results = {};
  for (const { saved, state } of games) {
    if (!keptAgainstComputer(saved) || state.status !== "game_over") continue;
    const level = levelOf(saved);
    const tally = (results[level] ??= { wins: 0, draws: 0, losses: 0, last: [] });
    /** @type {Result} */
    const result = !state.winner || state.winner === "draw" ? "draw" : state.winner === saved.side ? "win" : "loss";
    tally[COUNTED[result]]++;
    if (tally.last.length < LAST_GAMES) tally.last.push(result);
  }
  return results;
}
