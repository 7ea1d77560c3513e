// Keeping games: the game on the board goes among Your games before another takes its place, a
// kept game is taken up again, and the saved game comes back after a reload. Through the
// controller's interface (app.js) only; what is stored, and how, is storage.js's and games.js's.

import { openSaved } from "./game-start.js";
import * as games from "./games.js";
import * as storage from "./storage.js";
import { levelOf } from "./storage.js";

/**
 * Puts `game`, opened from the saved game's document `saved`, on the board with its set-up, its
 * particulars among Your games and its lines, and says what the last move did.
 */
function takeUp(app, game, saved, about, lines) {
  const setup = { mode: saved.mode, side: saved.side, rounds: saved.options.rounds, first: saved.options.first, level: levelOf(saved),
    ...(saved.game ? { game: saved.game } : {}) };
  // A live game is its room's again: the page goes back to the room (live/live-game.js).
  if (about.live) Object.assign(setup, { mode: "live", seat: about.live.seat });
  app.putOnBoard(game, saved.start ?? null, setup, about, lines);
  app.tellLastMove();
}

/** Puts the game on the board among Your games (when it holds anything to keep); says whether it did. */
export function keepAside(app) {
  return app.persist && app.hasGame && games.keep(app.savedDocument(), { ...app.about, lines: app.lines });
}

/**
 * Puts a kept game (games.js `keptGames`) back on the board, the game there going among the kept
 * ones. Returns false when it could not be opened.
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

/** Restores the saved game, if any. Returns null, or the reason the saved game could not be read. */
export function restoreSaved(app) {
  if (!app.persist) return null;
  let game = null;
  const result = storage.load((saved) => {
    game = openSaved(app.Game, saved);
  });
  if (result === null) return null;
  if (result.error) {
    storage.keepUnreadable(result.raw);
    return result.error;
  }
  const { id, created, lines, turned, live } = games.readAbout();
  takeUp(app, game, result.saved, { id, created, turned, ...(live ? { live } : {}) }, lines);
  return null;
}
