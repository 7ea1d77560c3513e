// Links that carry a whole game, in the address fragment so any static host serves them:
//   #walak=1&moves=7264313&at=5&rounds=1&first=north
// `walak` is the format's version, `moves` the record (digits 1–7, the game's own notation),
// `at` how many of those moves are played in the position shown (the rest can be redone), and
// `rounds` / `first` the options. A game may also begin from a position set up by hand:
//   #walak=1&board=0.0.3.0.1.0.0.2.0.0.0.0.0.5&reserves=24.21&turn=south
// `board` lists the seeds of the 14 holes in the engine's track order (South's holes 1–7, then
// North's 1–7), `reserves` South's and North's, `turn` the player to move; in rounds, `round`
// and `inplay` (14 digits, 0 for a hole out of play) too. Any `moves` are played from there.
// Reading a link never touches the saved game; a bad link says what is wrong with it.

import { msg } from "./i18n/index.js";

export const LINK_VERSION = 1;

/**
 * The link to a game as shown now: its options, where it began (`start`, null for the opening),
 * its whole line and the position shown.
 */
export function linkTo({ rounds, first }, record, redo, start = null) {
  const params = new URLSearchParams({ walak: String(LINK_VERSION) });
  if (start !== null) {
    params.set("board", start.board.join("."));
    params.set("reserves", start.reserves.join("."));
    params.set("turn", start.to_move);
    if (rounds && start.round !== undefined && start.round !== 1) params.set("round", String(start.round));
    if (rounds && start.in_play) params.set("inplay", start.in_play.map((on) => (on ? "1" : "0")).join(""));
  }
  if (start === null || record + redo !== "") params.set("moves", record + redo);
  if (redo) params.set("at", String(record.length));
  if (rounds) params.set("rounds", "1");
  if (first !== "south") params.set("first", first);
  const url = new URL(location.href);
  url.search = "";
  url.hash = params.toString();
  return url.href;
}

/**
 * Reads a link's fragment. Returns null when the fragment is not a game link, `{error}` saying
 * what is wrong (a message, i18n msg), or `{options, start, moves, at}`. `check(moves, options,
 * start)` may throw to refuse a game the engine cannot play (its message is passed on).
 */
export function readLink(hash, check) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return null;
  const params = new URLSearchParams(text);
  if (!params.has("walak")) return null;
  const version = params.get("walak");
  if (!/^\d+$/.test(version)) return { error: msg("link.versionNotNumber", { version }) };
  if (Number(version) > LINK_VERSION) {
    return { error: msg("link.newer", { version }) };
  }
  if (Number(version) !== LINK_VERSION) return { error: msg("link.unknownVersion", { version }) };
  const known = new Set(["walak", "moves", "at", "rounds", "first", "board", "reserves", "turn", "round", "inplay"]);
  const unknown = [...params.keys()].filter((key) => !known.has(key));
  if (unknown.length > 0) return { error: msg("link.unknownParts", { parts: unknown.join(", ") }) };
  const moves = params.get("moves") ?? "";
  const bad = [...moves].findIndex((c) => !"1234567".includes(c));
  if (bad >= 0) return { error: msg("link.badMove", { position: bad + 1, character: moves[bad] }) };
  const rounds = params.get("rounds") ?? "0";
  if (rounds !== "0" && rounds !== "1") return { error: msg("link.badRounds", { value: rounds }) };
  const first = params.get("first") ?? "south";
  if (first !== "south" && first !== "north") return { error: msg("link.badFirst", { value: first }) };
  const atText = params.get("at") ?? String(moves.length);
  if (!/^\d+$/.test(atText) || Number(atText) > moves.length) {
    return { error: msg("link.badAt", { value: atText, last: moves.length }) };
  }
  const options = { rounds: rounds === "1", first };
  const start = readStart(params, options.rounds);
  if (start?.error) return start;
  try {
    check(moves, options, start);
  } catch (error) {
    return { error: msg(start ? "link.unplayablePosition" : "link.unplayable", { reason: error.message }) };
  }
  return { options, start, moves, at: Number(atText) };
}

/** The position a link's game begins from: null for the opening, or `{error}`. */
function readStart(params, rounds) {
  const has = (name) => params.has(name);
  if (!has("board")) {
    const stray = ["reserves", "turn", "round", "inplay"].filter(has);
    return stray.length > 0 ? { error: msg("link.noBoard", { parts: stray.join(", ") }) } : null;
  }
  const board = numbers(params.get("board"));
  if (board === null || board.length !== 14) {
    return { error: msg("link.badBoard") };
  }
  const reserves = has("reserves") ? numbers(params.get("reserves")) : [0, 0];
  if (reserves === null || reserves.length !== 2) {
    return { error: msg("link.badReserves") };
  }
  const turn = params.get("turn");
  if (turn !== "south" && turn !== "north") {
    return { error: msg("link.badTurn", { value: turn ?? "" }) };
  }
  const start = { board, reserves, to_move: turn };
  if (!rounds && (has("round") || has("inplay"))) return { error: msg("link.roundWithoutRounds") };
  if (has("round")) {
    const round = params.get("round");
    if (!/^[1-9]\d{0,3}$/.test(round)) return { error: msg("link.badRound", { value: round }) };
    start.round = Number(round);
  }
  if (has("inplay")) {
    const inPlay = params.get("inplay");
    if (!/^[01]{14}$/.test(inPlay)) return { error: msg("link.badInPlay") };
    start.in_play = [...inPlay].map((c) => c === "1");
  }
  return start;
}

/** "4.0.12" → [4, 0, 12]; null unless every part is a number of seeds. */
function numbers(text) {
  const parts = text.split(".");
  if (!parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  return parts.map(Number);
}

/** Removes the game from the address, so that a reload shows the saved game. */
export function forgetLinkInAddress() {
  const url = new URL(location.href);
  url.hash = "";
  history.replaceState(null, "", url);
}
