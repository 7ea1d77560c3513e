// Links that carry a whole game, in the address fragment so any static host serves them:
//   #walak=1&moves=7264313&at=5&rounds=1&first=north
// `walak` is the format's version, `moves` the record (digits 1–7, the game's own notation),
// `at` how many of those moves are played in the position shown (the rest can be redone), and
// `rounds` / `first` the options. Reading a link never touches the saved game; a bad link says
// what is wrong with it.

import { msg } from "./i18n/index.js";

export const LINK_VERSION = 1;

/** The link to `game` as shown now: its options, its whole line and the position shown. */
export function linkTo({ rounds, first }, record, redo) {
  const params = new URLSearchParams({ walak: String(LINK_VERSION), moves: record + redo });
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
 * what is wrong (a message, i18n msg), or `{options, moves, at}`. `check(moves, options)` may throw to refuse a game
 * the engine cannot play (its message is passed on).
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
  const known = new Set(["walak", "moves", "at", "rounds", "first"]);
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
  try {
    check(moves, options);
  } catch (error) {
    return { error: msg("link.unplayable", { reason: error.message }) };
  }
  return { options, moves, at: Number(atText) };
}

/** Removes the game from the address, so that a reload shows the saved game. */
export function forgetLinkInAddress() {
  const url = new URL(location.href);
  url.hash = "";
  history.replaceState(null, "", url);
}
