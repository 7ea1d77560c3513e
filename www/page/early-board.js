// @ts-check
// The board before the engine: on a slow phone the page's words arrive well before its engine
// (WebAssembly), so the position the page is about to open is drawn as soon as they are in, at
// its real size and place, and becomes playable once the engine has started. Only a position
// known for certain is drawn: the saved game's, as the page last drew it (kept beside it, and
// drawn only while the saved game is the very one it was drawn for), a first visit's opening,
// the opening in an embed's frame that shows a game, a demo or a loop of a first move from it
// (Parker's games too; a history page's reader comes without the site's service worker, every
// visit a first one), or the position a game's link writes out (a move of a game by links:
// the one before it), where nothing is kept; or the opening of a game the address sets up (today's
// rules' or Parker's), where nothing is kept; or an embed's comparison of two rule sets at the
// opening (share/compare-boards.js draws its two boards). Whatever else the address opens (a room,
// a puzzle, the lesson) waits for the engine, whose board is then the first.

import { drawBoard } from "../board/board.js";
import { sceneFromState } from "../board/scene.js";
import { FIRST_VISIT_SETUP, SAVE_KEY, anyGameKept, keptTurned } from "../game/first-visit.js";
import { $ } from "../lib/dom.js";
import { holeOfMove, isParker } from "../lib/records.js";
import { OPENING, OPENING_HOLES, openingOf } from "../board/opening.js";
import { linkPosition } from "../share/link-position.js";
import { drawComparisonEarly } from "../share/compare-boards.js";
import { showDirection } from "../ui/direction-shown.js";
import { showPageLanguage } from "./language-shown.js";

/** @import { App } from "../game/app.js" */
/**
 * What of the address decides whether a board may be drawn early (router.js's `Route`).
 * @typedef {Pick<import("./router.js").Route, "setup" | "target" | "lesson" | "puzzles" | "frame" | "problems">} EarlyRoute
 */
/** @import { GameState, RuleSet } from "../types/engine.js" */

/** The saved game's position as last drawn: `{of, flipped, state}` (`of`: the saved game's fingerprint). */
export const SHOWN_KEY = "walak-pussa.game.shown";

/**
 * A fingerprint of the saved game's text (FNV-1a, and its length): the position kept is drawn only
 * for the saved game it was kept with.
 * @param {string} text
 */
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}-${hash.toString(16)}`;
}

/**
 * Keeps the position on the board beside the saved game, for the next visit's first board: after
 * every change of a game the page keeps (not a live room's, whose moves may go on elsewhere).
 * @param {App} app
 * @param {boolean} flipped  the board is seen from North's side
 */
export function keepShown(app, flipped) {
  try {
    const saved = localStorage.getItem(SAVE_KEY);
    if (!app.hasGame || !app.kind.keeps || app.kind.inRoom || saved === null) {
      localStorage.removeItem(SHOWN_KEY);
      return;
    }
    const { board, reserves, in_play, to_move, round, status, rules, direction, phase, blocked, tied_by } = app.state;
    const state = { board, reserves, in_play, to_move, round, status, rules, direction, phase, blocked, tied_by };
    // The last move's marks as the board shows them once the game is back (none while a move is shown).
    const last = app.animating ? null : app.lastMarks;
    localStorage.setItem(SHOWN_KEY, JSON.stringify({ of: fingerprint(saved), flipped, state, last }));
  } catch {
    // Storage full or refused: the next visit waits for the engine, as a first visit did before.
  }
}

/**
 * The position the full page will open at `route` without the engine, if it is known for certain.
 * @param {EarlyRoute} route
 * @returns {{state: GameState, flipped: boolean, last: {hole: number | null, captures: number[]} | null} | null}
 */
export function earlyPosition(route) {
  if (route.frame) return frameOpening({ ...route, frame: route.frame });
  if (route.lesson || route.puzzles) return null;
  if (route.setup) return route.target.to === "nothing" ? setupOpening(route.setup, route.problems) : null;
  if (route.target.to === "game") return linkOpening(route.target.fragment, route.problems);
  if (route.target.to !== "nothing") return null;
  try {
    const saved = localStorage.getItem(SAVE_KEY);
    if (saved === null) {
      // A first visit (or no game kept): the opening, against the computer, from South's side.
      if (FIRST_VISIT_SETUP.side !== "south") return null;
      return { state: /** @type {GameState} */ (/** @type {unknown} */ ({ ...OPENING, legal: [] })), flipped: keptTurned(), last: null };
    }
    const shown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? "null");
    if (!shown || shown.of !== fingerprint(saved) || !isPosition(shown.state)) return null;
    return { state: { ...shown.state, legal: [] }, flipped: shown.flipped === true, last: isLastMove(shown.last) ? shown.last : null };
  } catch {
    return null; // storage refused, or a kept position that is not JSON: the engine's board comes first
  }
}

/**
 * The opening an embed's frame shows first, if it is known without the engine: a game to play or
 * watch, a demo or a loop of a hole (not a comparison, the lesson or the puzzles) from the
 * opening, or a game to play or watch or a demo from the position its link writes out (a Parker
 * round's direction said under its board, as its engine's page says it); nothing in the address
 * to say a notice about (which would take room above the board: a loop whose hole is
 * not a first move of its rules is one, and a loop is not drawn early from a link's position,
 * where its move may not be legal). Seen as the frame's game is (game/kinds:
 * tests/unit/early-board.test.mjs checks both agree): from the person's side against the
 * computer, else from South's; a frame reads nothing kept in the visitor's browser, Flip board's
 * choice included.
 * @param {EarlyRoute & {frame: NonNullable<EarlyRoute["frame"]>}} route
 * @returns {ReturnType<typeof earlyPosition>}
 */
function frameOpening({ frame, setup, target, lesson, puzzles, problems }) {
  if (frame.kind === "compare" || lesson || puzzles || frame.problems.length > 0 || problems.length > 0) return null;
  const rules = isParker(setup?.rules) ? /** @type {RuleSet} */ (setup?.rules) : "mancala-world";
  if (frame.kind === "loop" && !OPENING_HOLES[rules].includes(holeOfMove(frame.loop ?? 0))) return null;
  // A frame shows a link's game at its position, a move of a game by links too (not played): the
  // link's rules, not the frame's. Parker's games open as today's do, no direction chosen yet and
  // nothing blocked or tied (a loop's bare hole is played counterclockwise: share/embed-driver.js).
  const link = target.to === "game" && frame.kind !== "loop" ? linkPosition(target.fragment) : null;
  if (target.to !== "nothing" && (!link || link.you)) return null;
  const state = { ...(link ? { ...OPENING, ...link.position } : openingOf(setup)), legal: [] };
  // Against the computer the person's side is at the bottom; a view-only frame is two players' game.
  const flipped = !frame.view && setup?.mode === "computer" && setup.side === "north";
  return { state: /** @type {GameState} */ (/** @type {unknown} */ (state)), flipped, last: null };
}

/**
 * The opening of a new game the full page's address sets up (`?mode=computer&side=north`,
 * `?rules=parker-kotu`: a history page's link to play one of the pussa family), where nothing is
 * kept here (a saved game would go among Your games, and one unreadable would be said above the
 * board) and nothing in the address is to be said. Seen as its game is (game/kinds): from the
 * person's side against the computer, else from South's, turned by Flip board's last choice.
 * @param {NonNullable<EarlyRoute["setup"]>} setup
 * @param {EarlyRoute["problems"]} problems
 * @returns {ReturnType<typeof earlyPosition>}
 */
function setupOpening(setup, problems) {
  if (problems.length > 0) return null;
  try {
    if (localStorage.getItem(SAVE_KEY) !== null) return null;
    const flipped = (setup.mode === "computer" && setup.side === "north") !== keptTurned();
    return { state: /** @type {GameState} */ (/** @type {unknown} */ ({ ...openingOf(setup), legal: [] })), flipped, last: null };
  } catch {
    return null; // storage refused: the page will say so, above the board
  }
}

/**
 * The position a game's link opens first, if it writes it out (share/share.js) and the page would
 * show it as it is: nothing in the address to say a notice about, and no game kept here (which
 * the link would put aside, saying so above the board, or a copy of a game by links which it
 * would bring up to date). Seen as its game is (game/kinds), Flip board's choice kept or not: a
 * game to look at as two players' from South's side, a move of a game by links from the side of
 * the person it is sent to.
 * @param {string} fragment
 * @param {EarlyRoute["problems"]} problems
 * @returns {ReturnType<typeof earlyPosition>}
 */
function linkOpening(fragment, problems) {
  const link = problems.length > 0 ? null : linkPosition(fragment);
  if (!link) return null;
  try {
    if (localStorage.getItem(SAVE_KEY) !== null || (link.you && anyGameKept())) return null;
    const state = { ...OPENING, ...link.position, legal: [] };
    const flipped = (link.you === "north") !== keptTurned();
    return { state: /** @type {GameState} */ (/** @type {unknown} */ (state)), flipped, last: null };
  } catch {
    return null; // storage refused: the page will say so, above the board
  }
}

/**
 * Whether `state` holds a position the board can draw (what keepShown wrote; anything else, as a
 * hand-edited or half-written entry, is not drawn).
 * @param {any} state
 */
function isPosition(state) {
  const counts = (/** @type {any} */ xs, /** @type {number} */ n) =>
    Array.isArray(xs) && xs.length === n && xs.every((x) => Number.isInteger(x) && x >= 0 && x <= 56);
  return (
    state !== null && typeof state === "object" &&
    counts(state.board, 14) && counts(state.reserves, 2) &&
    Array.isArray(state.in_play) && state.in_play.length === 14 &&
    (state.to_move === "south" || state.to_move === "north") &&
    typeof state.status === "string"
  );
}

/** Whether `last` holds a last move's marks (a hole and the holes it took, track indices). @param {any} last */
function isLastMove(last) {
  const hole = (/** @type {any} */ h) => Number.isInteger(h) && h >= 0 && h < 14;
  return last !== null && typeof last === "object" && (last.hole === null || hole(last.hole)) &&
    Array.isArray(last.captures) && last.captures.every(hole);
}

/** What an address may ask for and still open nothing but the page (the page's words and colours). */
const PLAIN_QUERY = ["lang", "theme"];

/**
 * Whether `address` opens the full page with nothing in it (no game, room, puzzle, lesson, set-up
 * or frame): read without the router, which the first board's file leaves to the page's own. A
 * plain address is one the router reads as nothing (tests/unit/early-board.test.mjs).
 * @param {{search: string, hash: string}} address
 */
export function plainAddress({ search, hash }) {
  return (hash === "" || hash === "#") && [...new URLSearchParams(search).keys()].every((key) => PLAIN_QUERY.includes(key));
}

/** The route of a plain address, as far as `earlyPosition` reads it. @type {EarlyRoute} */
export const PLAIN_ROUTE = { setup: null, target: { to: "nothing" }, lesson: false, puzzles: false, frame: null, problems: [] };

/**
 * The two rule sets an embed's comparison shows and the move it loops, if its first boards are
 * known without the engine: both at the opening (no game in the address's fragment), with a
 * looped move that opens a game under both (whether another is refused, and why, is the
 * engine's to say) or none, and nothing in the address to say a notice about.
 * @param {EarlyRoute} route
 */
export function earlyComparison({ frame, target, lesson, puzzles, problems }) {
  if (frame?.kind !== "compare" || !frame.compare || target.to !== "nothing") return null;
  if (lesson || puzzles || frame.problems.length > 0 || problems.length > 0) return null;
  const { compare, loop } = frame;
  if (loop !== null && !compare.every((rules) => OPENING_HOLES[rules].includes(holeOfMove(loop)))) return null;
  return { compare, loop };
}

/**
 * Draws the position the page will open at `route`, if it is known without the engine, in the
 * room `measureBox` gives (the full page's, or an embed's frame's: the one its game then takes),
 * or a comparison's two boards in the frame's; marks the moment (`walak-board-drawn`) for the
 * page's measurements. Says whether it drew.
 * @param {EarlyRoute} route
 * @param {() => {width: number, height: number}} measureBox
 */
export function drawEarlyBoard(route, measureBox) {
  if (performance.getEntriesByName("walak-board-drawn").length > 0) return true; // drawn already (first-board.js)
  const comparison = earlyComparison(route);
  if (comparison) {
    drawComparisonEarly(comparison.compare, comparison.loop);
    performance.mark("walak-board-drawn");
    return true;
  }
  const early = earlyPosition(route);
  if (!early) return false;
  // What takes room around the board first, as the page shows it: a Parker round's direction,
  // once chosen, under the board (in a frame out of its room), and the language in the header.
  showDirection(early.state);
  showPageLanguage();
  const canvas = /** @type {HTMLCanvasElement} */ ($("board"));
  const layout = drawBoard(canvas, sceneFromState(early.state), { box: measureBox(), flipped: early.flipped, last: early.last });
  $("board-wrap").style.width = `${layout.width}px`;
  performance.mark("walak-board-drawn");
  return true;
}
