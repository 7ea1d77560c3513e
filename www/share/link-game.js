// @ts-check
// Games two people play apart by sending each other links: each move goes to the friend as a link
// that carries the game's id (`game`) and the side of the person it is sent to (`you`). A link of a
// game kept here brings that game up to date in place, the friend's moves shown as if played now;
// a link that tells another story than the kept game is kept beside it, never over it. The engine
// decides how a link meets a kept game (`meetLink`); this module acts on it.

import { firstMoves, joinMoves, movesAfter, optionsOf, plyCount } from "../lib/records.js";
import { engine } from "../engine.js";
import { otherSide } from "../lib/sides.js";
import { summarize } from "../board/scene.js";
import { openGame } from "../game/game-start.js";
import { keepAside, savedDocument } from "../game/keeping.js";
import * as games from "../game/games.js";
import { storageRefused } from "../game/storage.js";
import { msg, t } from "../i18n/index.js";
import { describeResult } from "../ui/words.js";
import { forgetLinkInAddress, linkFragment, linkTo, readLink } from "./share.js";
import { present } from "../lib/errors.js";

/** @import { Link, LinkMeeting, SavedGame, Side, StartPosition } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { App } from "../game/app.js" */
/** @import { Analysis } from "../analysis/analysis.js" */
/** @import { Setup } from "../game/kinds/kind.js" */
/** @import { Particulars } from "../game/keeping.js" */

/** A move of a game by links: a link that carries the game's id and the receiver's side. @typedef {Link & {game: string, you: Side}} MoveLink */
/**
 * A copy of a game by links kept here: the game on the board (`onBoard`), or one of Your games;
 * its saved game's document, its move list's lines, and its particulars, to take it up.
 * @typedef {object} Copy
 * @property {Pick<SavedGame, "options" | "record" | "redo" | "side" | "game"> & {start?: StartPosition | null}} saved
 * @property {readonly string[]} lines
 * @property {Particulars} about
 * @property {boolean} onBoard
 */

/**
 * The side a move link is sent to: in a game by links the friend's; in a two-player game, the
 * player to move (the person has just played the other side).
 * @param {App} app
 * @returns {Side}
 */
export function receiverOf(app) {
  return app.kind.friendSide ?? app.state.to_move;
}

/**
 * The link that sends the game on the board as the person's move: its id, and the receiver's side.
 * @param {App} app
 * @param {string | null} [game] the game's id: the game by links', or the one a two-player game takes
 * @returns {string}
 */
export function moveLink(app, game = app.setup.game) {
  const { state } = app;
  return linkTo(app.options, state.record, state.redo, app.start,
    { lines: app.lines, lineAt: app.lineAt, game, you: receiverOf(app) });
}

/**
 * The words sent with a move's link, in the page's language: "I played hole 3 (2 laps, 4 seeds).
 * Your move: LINK" — or the result after a last move, an invitation before any move of the person's.
 * @param {App} app
 * @param {string} link
 * @returns {string}
 */
export function shareText(app, link) {
  const you = otherSide(receiverOf(app));
  const last = app.lastMove;
  if (last && last.side === you) {
    const { laps, captured } = summarize(last.trace);
    const move = t("share.moveDid", {
      hole: last.number,
      laps: t("count.laps", { count: laps }),
      seeds: captured > 0 ? t("count.seeds", { count: captured }) : t("share.noCapture"),
    });
    if (app.state.status === "game_over") return t("share.lastMove", { move, result: describeResult(app.state).headline, link });
    return t("share.yourMove", { move, link });
  }
  return t(app.state.status === "playing" && app.state.to_move !== you ? "share.invite" : "share.ourGame", { link });
}

/**
 * Makes the two-player game on the board one played by links, the person keeping `you`, the side
 * they have just played, and the game taking the id `id` that both copies will carry.
 * @param {App} app
 * @param {Side} you
 * @param {string} id
 */
export function goOnByLinks(app, you, id) {
  if (app.kind.mayGoByLinks) app.changeSetup({ mode: "link", side: you, game: id });
}

/**
 * Opens the game of the link in the address fragment `fragment` (a game's link: page/router.js),
 * and takes it out of the address. Returns the messages (i18n msg) the page says about it: what
 * is wrong with a bad link, where the game that was on the board went, how a link game met the
 * one kept here.
 * @param {App} app
 * @param {string} fragment
 * @param {Analysis | null} [analysis]  shows the move values a link carries, where they are on
 * @returns {Message[]}
 */
export function openLink(app, fragment, analysis = null) {
  const link = readLink(fragment);
  if (link === null) return [];
  forgetLinkInAddress();
  if ("error" in link) return [msg("notice.badLink", { reason: link.error })];
  const said = isMoveLink(link) ? openLinkGame(app, link) : openSharedGame(app, link);
  // What the link's writer had proved of the position it opens at: shown at once, and checked.
  // (The engine reads none in a move of a game by links.)
  if (link.values && analysis) analysis.takeLinkValues(link.values);
  if (storageRefused()) said.push(msg("notice.storageFull"));
  return said;
}

/**
 * Whether a link is a move of a game by links: it carries both the game's id and the receiver's
 * side (the engine refuses a link with only one of them).
 * @param {Link} link
 * @returns {link is MoveLink}
 */
const isMoveLink = (link) => link.game !== undefined && link.you !== undefined;

/**
 * The move list's lines a link carries, main line first.
 * @param {Pick<Link, "moves" | "variations" | "shown">} link
 * @returns {string[]}
 */
function linesOf({ moves, variations = [], shown = 0 }) {
  return variations.length > 0 ? [...variations.slice(0, shown), moves, ...variations.slice(shown)] : [moves];
}

/**
 * A link of a game to look at or play on at this device: it goes on the board, the game there kept first.
 * @param {App} app
 * @param {Link} link
 * @returns {Message[]}
 */
function openSharedGame(app, link) {
  const { options, moves, at, start } = link;
  /** @type {Setup} */
  const setup = { ...app.setup, mode: "two", ...options };
  const kept = app.newGame({ setup, record: firstMoves(moves, at), redo: movesAfter(moves, at), start });
  if ((link.variations ?? []).length > 0) app.variations.set(linesOf(link));
  app.tellLastMove();
  return kept ? [msg("games.keptAside")] : [];
}

/**
 * The copies of link game `id` kept here: the game on the board and the kept ones, each
 * `{saved, lines, about, onBoard}` (`about` the particulars of a kept one, to take it up).
 * @param {App} app
 * @param {string} id
 * @returns {Copy[]}
 */
function copiesOf(app, id) {
  /** @type {Copy[]} */
  const copies = [];
  if (app.kind.friendSide !== null && app.setup.game === id) {
    copies.push({ saved: savedDocument(app), lines: app.lines, about: app.about, onBoard: true });
  }
  for (const entry of games.keptGames(games.linkGame(id)).games) {
    copies.push({ saved: entry.saved, lines: entry.lines, about: { id: entry.id, created: entry.created, turned: entry.turned }, onBoard: false });
  }
  return copies;
}

/**
 * A move of a link game: its game kept here is brought up to date in place (`same`, `behind`,
 * `continues`); a link that goes another way than every copy kept here (`differs`), or of a game
 * not kept here, comes on the board as a game of its own, what was there kept first.
 * @param {App} app
 * @param {MoveLink} link
 * @returns {Message[]}
 */
function openLinkGame(app, link) {
  const received = engine().linkFragment(link);
  /** @type {{copy: Copy, met: LinkMeeting, length: number} | null} */
  let best = null;
  const copies = copiesOf(app, link.game);
  for (const copy of copies) {
    const { saved } = copy;
    // The copy as a link would carry it: its line shown among the move list's other lines.
    const keptFragment = linkFragment(saved.options, saved.record, saved.redo, saved.start ?? null,
      { lines: copy.lines, lineAt: Math.max(0, copy.lines.indexOf(joinMoves(saved.record, saved.redo))) });
    const met = engine().meetLink(keptFragment, received);
    if (met.meeting === "differs") continue;
    // Of two copies a link could go on with, the longer: the other is an older one.
    const length = plyCount(joinMoves(saved.record, saved.redo));
    if (!best || length > best.length) best = { copy, met, length };
  }
  /** @type {Message[]} */
  const said = [];
  if (!best) {
    app.stop();
    const kept = keepAside(app);
    /** @type {Setup} */
    const setup = { ...app.setup, mode: "link", side: link.you, game: link.game, ...link.options };
    // The last move shown as if played now: the friend's move that came with the link.
    const from = Math.max(0, link.at - 1);
    putLinkGame(app, { setup, start: link.start, about: games.newAbout(), lines: linesOf(link), line: link.moves, from });
    app.showForward(link.at);
    if (copies.length > 0) said.push(msg("linkGame.differs"));
    else if (kept) said.push(msg("games.keptAside"));
    return said;
  }
  const { copy, met } = best;
  if (met.meeting !== "continues" && copy.onBoard) {
    // Nothing new: the same moves, or an older link. Lines it carries that are new here join the list.
    if (met.lines.join() !== app.lines.join()) app.variations.set(met.lines);
    if (met.meeting === "behind") said.push(msg("linkGame.older"));
    return said;
  }
  app.stop();
  if (!copy.onBoard) {
    if (keepAside(app)) said.push(msg("games.keptAside"));
    games.forget(copy.about.id);
  }
  const { saved } = copy;
  /** @type {Setup} */
  const setup = { ...app.setup, mode: "link", side: saved.side, game: saved.game, ...saved.options };
  if (met.meeting === "continues") {
    const from = present(met.from ?? null, "a link that continues the game says where its new moves begin");
    putLinkGame(app, { setup, start: saved.start ?? null, about: copy.about, lines: met.lines, line: link.moves, from });
    app.showForward(link.at);
  } else {
    putLinkGame(app, { setup, start: saved.start ?? null, about: copy.about, lines: met.lines,
      line: joinMoves(saved.record, saved.redo), from: plyCount(saved.record) });
    app.tellLastMove();
    if (met.meeting === "behind") said.push(msg("linkGame.older"));
  }
  return said;
}

/**
 * Puts a link game on the board: `from` moves of its `line` played, the rest to be redone.
 * @param {App} app
 * @param {{setup: Setup, start: StartPosition | null, about: Particulars, lines: string[], line: string, from: number}} game
 */
function putLinkGame(app, { setup, start, about, lines, line, from }) {
  const game = openGame(app.Game, { start, options: optionsOf(setup), record: firstMoves(line, from), redo: movesAfter(line, from) });
  app.putOnBoard(game, { start, setup, about, lines });
}
