// Your games: every game a person has played in this browser, kept so that none is ever lost. The
// game on the board is the saved game (storage.js) with its particulars beside it; any other game
// is kept under a key of its own, so that one unreadable entry spoils nothing else. A new game, a
// link or a game taken up again puts the game on the board among the kept ones first.
//
//   walak-pussa.game          the game on the board, as the engine writes a saved game
//   walak-pussa.game.about    its particulars: {id, created, lines}
//   walak-pussa.games.<id>    a kept game: {id, created, updated, game, lines}
//   walak-pussa.games-unreadable.<id>   a kept entry that could not be read, as it was found
//
// `game` is a saved game's document (the engine reads and checks it), `lines` the lines of the
// game's move list (its main line first, then its variations), `created` and `updated` times in
// milliseconds since 1970.

import { engine } from "../engine.js";
import { savedRefusal } from "../ui/refusals.js";
import { levelOf } from "./storage.js";

export const ABOUT_KEY = "walak-pussa.game.about";
export const KEPT_PREFIX = "walak-pussa.games.";
export const SET_ASIDE_PREFIX = "walak-pussa.games-unreadable.";

/** A new game's particulars. */
export function newAbout() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  return { id, created: Date.now(), lines: [] };
}

const read = (key) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key, value) => {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false; // storage full or refused: play goes on, the game is kept for this visit only
  }
};

const remove = (key) => {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do: the entry stays.
  }
};

const isLine = (line) => typeof line === "string" && /^[1-7]*$/.test(line);

/**
 * The particulars of the game on the board, or fresh ones when there are none or they cannot be
 * read (they hold no moves of the game: the saved game does).
 */
export function readAbout() {
  try {
    const about = JSON.parse(read(ABOUT_KEY));
    if (typeof about?.id === "string" && Number.isFinite(about.created)) {
      return { id: about.id, created: about.created, lines: Array.isArray(about.lines) ? about.lines.filter(isLine) : [] };
    }
  } catch {
    // fall through
  }
  return newAbout();
}

export function writeAbout(about) {
  write(ABOUT_KEY, JSON.stringify(about));
}

/**
 * Keeps a game among Your games: `saved` is the saved game's document (as storage.js writes it),
 * `about` its particulars. A game with no move and no position of its own holds nothing to lose
 * and is not kept. Returns whether it was kept.
 */
export function keep(saved, about) {
  if (!saved.record && !saved.redo && !saved.start) return false;
  const json = engine().savedGameJson(saved);
  const entry = { id: about.id, created: about.created, updated: Date.now(), game: JSON.parse(json), lines: about.lines };
  return write(KEPT_PREFIX + about.id, JSON.stringify(entry));
}

/**
 * Every kept game, newest first: `{id, created, updated, saved, lines}` with the engine's reading
 * of the saved game. An entry that cannot be read is moved aside, as it was, and counted in
 * `setAside` with the reason.
 */
export function keptGames() {
  const games = [];
  const problems = [];
  let keys = [];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(KEPT_PREFIX));
  } catch {
    return { games, problems };
  }
  for (const key of keys) {
    const raw = read(key);
    try {
      games.push(readEntry(raw));
    } catch (error) {
      setAside(key, raw);
      problems.push(error instanceof EntryError ? error.message : savedRefusal(error));
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

class EntryError extends Error {}

/** Reads a kept entry; throws when it is not one or its game cannot be played. */
function readEntry(raw) {
  let entry;
  try {
    entry = JSON.parse(raw);
  } catch {
    throw new EntryError("not data");
  }
  if (typeof entry?.id !== "string" || !Number.isFinite(entry.created) || !Number.isFinite(entry.updated)
      || typeof entry.game !== "object" || entry.game === null) {
    throw new EntryError("not a kept game");
  }
  const saved = engine().readSavedGame(JSON.stringify(entry.game));
  const lines = Array.isArray(entry.lines) ? entry.lines.filter(isLine) : [];
  return { id: entry.id, created: entry.created, updated: entry.updated, saved, lines };
}

function setAside(key, raw) {
  const id = key.slice(KEPT_PREFIX.length);
  if (raw !== null && write(SET_ASIDE_PREFIX + id, raw)) remove(key);
}

/** Takes a kept game out of the list (to put it on the board, or because the person removed it). */
export function forget(id) {
  remove(KEPT_PREFIX + id);
}

/** How many of the last games against a level its row shows. */
export const LAST_GAMES = 5;

/**
 * The person's results against each computer level, over the games given newest first (`{saved,
 * state}`, `state` the engine's state at the end of the game's line; unfinished ones are left
 * out): `{level: {wins, draws, losses, last}}`, `last` the newest results ("win", "draw", "loss").
 */
export function resultsByLevel(games) {
  const results = {};
  for (const { saved, state } of games) {
    if (saved.mode !== "computer" || state.status !== "game_over") continue;
    const level = levelOf(saved);
    const tally = (results[level] ??= { wins: 0, draws: 0, losses: 0, last: [] });
    const result = !state.winner || state.winner === "draw" ? "draw" : state.winner === saved.side ? "win" : "loss";
    tally[{ win: "wins", draw: "draws", loss: "losses" }[result]]++;
    if (tally.last.length < LAST_GAMES) tally.last.push(result);
  }
  return results;
}
