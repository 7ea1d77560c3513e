// @ts-check
// Links to a puzzle (`#walak=1&puzzle=ID`): read on every address, so not part of the puzzles'
// own file, which loads when they first open.
import { msg } from "../i18n/index.js";

/**
 * The puzzle a link asks for: `{id}`, `{error}` for a broken one (a message, i18n `msg`: the link
 * is read before the words have loaded), or null for another link.
 * @param {string} hash
 * @returns {{id: string} | {error: import("../i18n/index.js").Message} | null}
 */
export function readPuzzleLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (!params.has("puzzle")) return null;
  if (params.get("walak") !== "1") return { error: msg("puzzle.linkVersion") };
  const extra = [...params.keys()].filter((key) => key !== "walak" && key !== "puzzle");
  if (extra.length > 0) return { error: msg("puzzle.linkExtra", { part: extra[0] }) };
  const id = params.get("puzzle") ?? "";
  return /^[0-9a-z]{5}$/.test(id) ? { id } : { error: msg("puzzle.linkId", { id }) };
}

/**
 * The address of a puzzle, for a link.
 * @param {string} id
 */
export function puzzleLink(id) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = `walak=1&puzzle=${id}`;
  return url.href;
}
