// @ts-check
// Keeping games: the game on the board saved as the browser's saved game, put among Your games
// before another takes its place, a kept game taken up again, and the saved game back after a
// reload. Through the controller's interface (app.js) only, and only when the kind of game keeps
// its games (kinds/ `keeps`: not a lesson's, a puzzle's or an embed's); what is stored, and how,
// is storage.js's and games.js's.

import { openSaved } from "./game-start.js";
import * as games from "./games.js";
import { setupOfKept } from "./kinds/index.js";
import * as storage from "./storage.js";
import { TURNED_KEY } from "./first-visit.js";
import { writeChoice } from "../lib/choices.js";

/** @import { App } from "./app.js" */
/** @import { SavedGame } from "../types/engine.js" */
/**
 * A kept game's particulars as the board takes them (games.js `About`, its lines apart): its id,
 * when it was made, whether Flip turned it round, and a live game's room.
 * @typedef {Omit<import("./games.js").About, "lines">} Particulars
 */

/**
 * Remembers Flip board's choice for the next new game (each game keeps its own among its
 * particulars; first-visit.js reads it). @param {boolean} turned
 */
export const keepTurned = (turned) => writeChoice(TURNED_KEY, turned);

/**
 * The game on the board as a saved game's document (storage.js): its kind names itself there
 * (kinds/kind.js `document`: a live game as a game by links or two players').
 * @param {App} app
 */
export function savedDocument(app) {
  const { record, redo } = app.state;
  return { options: app.options, start: app.start, ...app.kind.document(), level: app.setup.level, record, redo };
}

/** Writes the game on the board as the saved game, with its particulars (when its kind keeps it). @param {App} app */
export function saveOnBoard(app) {
  if (!app.kind.keeps) return;
  storage.save(savedDocument(app));
  games.writeAbout({ ...app.about, lines: app.lines });
}

/**
 * Puts `game`, opened from the saved game's document `saved`, on the board with its set-up, its
 * particulars among Your games and its lines, and says what the last move did. A live game is
 * its room's again: the page goes back to the room (live/live-game.js).
 * @param {App} app @param {any} game @param {SavedGame} saved
 * @param {Particulars} about @param {string[]} lines
 */
function takeUp(app, game, saved, about, lines) {
  app.putOnBoard(game, { start: saved.start ?? null, setup: setupOfKept(saved, about.live), about, lines });
  app.tellLastMove();
}

/** Puts the game on the board among Your games (when it holds anything to keep); says whether it did. @param {App} app */
export function keepAside(app) {
  return app.kind.keeps && app.hasGame && games.keep(savedDocument(app), { ...app.about, lines: app.lines });
}

/**
 * Puts a kept game (games.js `keptGames`) back on the board, the game there going among the kept
 * ones. Returns false when it could not be opened.
 * @param {App} app
 * @param {Particulars & {saved: SavedGame, lines: string[]}} kept
 */
export function resumeKept(app, { id, created, saved, lines, turned, live }) {
  let game;
  try {
    game = openSaved(app.Game, saved);
  } catch {
    return false;
  }
  app.stop();
  keepAside(app);
  games.forget(id);
  takeUp(app, game, saved, { id, created, turned, ...(live ? { live } : {}) }, lines);
  return true;
}

/** Restores the saved game, if any. Returns null, or the reason the saved game could not be read. @param {App} app */
export function restoreSaved(app) {
  if (!app.kind.keeps) return null;
  let game = null;
  const result = storage.load((saved) => {
    game = openSaved(app.Game, saved);
  });
  if (result === null) return null;
  if ("error" in result) {
    storage.keepUnreadable(result.raw);
    return result.error;
  }
  const { lines, ...about } = games.readAbout();
  takeUp(app, game, result.saved, about, lines);
  return null;
}
