// @ts-check
// The seats' tokens, kept in the browser by room (docs/live-protocol.md): a room gives each player
// a secret token for their seat, and showing it again (after a reload, a dropped socket, another
// network) takes that seat back. Kept as `localStorage["walak-pussa.live"]` = `{CODE: {token, at,
// friend?}}`, the newest rooms only (docs/page-contract.md); `friend`: the friend has been in the
// room, so that after a reload one not there is away rather than not yet come. Storage refused or
// full: the seat holds for this visit only.

import { readJson, writeJson } from "../lib/choices.js";

const TOKENS_KEY = "walak-pussa.live";
const TOKENS_KEPT = 50;

/** @typedef {{token: string, at: number, friend?: true}} KeptToken  a seat's token, when it was last given, and whether the friend came */
/**
 * Where the seats' tokens are kept: this module, or a test's.
 * @typedef {object} Tokens
 * @property {(room: string) => string | null} readToken
 * @property {(room: string, token: string) => void} keepToken
 * @property {(room: string) => void} noteFriend     the friend has been in the room
 * @property {(room: string) => boolean} friendCame  whether the friend has been in the room, as kept here
 */

/**
 * The kept tokens by room as stored, unchecked but for being an object of objects.
 * @returns {Record<string, Partial<Record<keyof KeptToken, unknown>>>}
 */
function kept() {
  const tokens = readJson(TOKENS_KEY);
  return tokens !== null && typeof tokens === "object" && !Array.isArray(tokens) ? /** @type {any} */ (tokens) : {};
}

/**
 * The token of the person's seat in `room`, or null when this browser holds none.
 * @param {string} room
 * @returns {string | null}
 */
export function readToken(room) {
  const token = kept()[room]?.token;
  return typeof token === "string" ? token : null;
}

/**
 * Keeps `token` for `room`, as given at `at`; only the newest rooms' stay.
 * @param {string} room
 * @param {string} token
 * @param {number} [at]
 */
export function keepToken(room, token, at = Date.now()) {
  const friend = friendCame(room) ? { friend: true } : {};
  write({ ...kept(), [room]: { token, at, ...friend } });
}

/** Notes that the friend has been in `room` (once its seat's token is kept). @param {string} room */
export function noteFriend(room) {
  const tokens = kept();
  const entry = tokens[room];
  if (typeof entry?.token !== "string" || entry.friend === true) return;
  write({ ...tokens, [room]: { ...entry, friend: true } });
}

/** Whether the friend has been in `room`, as this browser noted it. @param {string} room */
export const friendCame = (room) => kept()[room]?.friend === true;

/** Writes `tokens`, the newest rooms' only. @param {Record<string, any>} tokens */
function write(tokens) {
  const newest = Object.entries(tokens)
    .filter(/** @returns {entry is [string, KeptToken]} */ (entry) => typeof entry[1]?.at === "number")
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, TOKENS_KEPT);
  writeJson(TOKENS_KEY, Object.fromEntries(newest));
}
