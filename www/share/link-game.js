// Games two people play apart by sending each other links: each move goes to the friend as a link
// that carries the game's id (`game`) and the side of the person it is sent to (`you`). A link of a
// game kept here brings that game up to date in place, the friend's moves shown as if played now;
// a link that tells another story than the kept game is kept beside it, never over it. The engine
// decides how a link meets a kept game (`meetLink`); this module acts on it.

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

/**
 * The side a move link is sent to: in a game by links the friend's; in a two-player game, the
 * player to move (the person has just played the other side).
 */
export function receiverOf(app) {
  return app.kind.friendSide ?? app.state.to_move;
}

/** The link that sends the game on the board as the person's move: its id, and the receiver's side. */
export function moveLink(app, game = app.setup.game) {
  const { state } = app;
  return linkTo(app.options, state.record, state.redo, app.start,
    { lines: app.lines, lineAt: app.lineAt, game, you: receiverOf(app) });
}

/**
 * The words sent with a move's link, in the page's language: "I played hole 3 (2 laps, 4 seeds).
 * Your move: LINK" — or the result after a last move, an invitation before any move of the person's.
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
 */
export function goOnByLinks(app, you, id) {
  if (app.kind.mayGoByLinks) app.changeSetup({ mode: "link", side: you, game: id });
}

/**
 * Opens the game of the link in the address fragment `fragment` (a game's link: page/router.js),
 * and takes it out of the address. Returns the messages (i18n msg) the page says about it: what
 * is wrong with a bad link, where the game that was on the board went, how a link game met the
 * one kept here.
 */
export function openLink(app, fragment) {
  const link = readLink(fragment);
  if (link === null) return [];
  forgetLinkInAddress();
  if (link.error) return [msg("notice.badLink", { reason: link.error })];
  const said = link.game ? openLinkGame(app, link) : openSharedGame(app, link);
  if (storageRefused()) said.push(msg("notice.storageFull"));
  return said;
}

/** The move list's lines a link carries, main line first. */
function linesOf({ moves, variations = [], shown = 0 }) {
  return variations.length > 0 ? [...variations.slice(0, shown), moves, ...variations.slice(shown)] : [moves];
}

/** A link of a game to look at or play on at this device: it goes on the board, the game there kept first. */
function openSharedGame(app, link) {
  const { options, moves, at, start } = link;
  const setup = { ...app.setup, mode: "two", ...options };
  const kept = app.newGame({ setup, record: moves.slice(0, at), redo: moves.slice(at), start });
  if ((link.variations ?? []).length > 0) app.variations.set(linesOf(link));
  app.tellLastMove();
  return kept ? [msg("games.keptAside")] : [];
}

/**
 * The copies of link game `id` kept here: the game on the board and the kept ones, each
 * `{saved, lines, about, onBoard}` (`about` the particulars of a kept one, to take it up).
 */
function copiesOf(app, id) {
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
 */
function openLinkGame(app, link) {
  const received = engine().linkFragment(link);
  let best = null;
  const copies = copiesOf(app, link.game);
  for (const copy of copies) {
    const { saved } = copy;
    // The copy as a link would carry it: its line shown among the move list's other lines.
    const keptFragment = linkFragment(saved.options, saved.record, saved.redo, saved.start ?? null,
      { lines: copy.lines, lineAt: Math.max(0, copy.lines.indexOf(saved.record + saved.redo)) });
    const met = engine().meetLink(keptFragment, received);
    if (met.meeting === "differs") continue;
    // Of two copies a link could go on with, the longer: the other is an older one.
    const length = saved.record.length + saved.redo.length;
    if (!best || length > best.length) best = { copy, met, length };
  }
  const said = [];
  if (!best) {
    app.stop();
    const kept = keepAside(app);
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
  const setup = { ...app.setup, mode: "link", side: saved.side, game: saved.game, ...saved.options };
  if (met.meeting === "continues") {
    putLinkGame(app, { setup, start: saved.start ?? null, about: copy.about, lines: met.lines, line: link.moves, from: met.from });
    app.showForward(link.at);
  } else {
    putLinkGame(app, { setup, start: saved.start ?? null, about: copy.about, lines: met.lines,
      line: saved.record + saved.redo, from: saved.record.length });
    app.tellLastMove();
    if (met.meeting === "behind") said.push(msg("linkGame.older"));
  }
  return said;
}

/** Puts a link game on the board: `from` moves of its `line` played, the rest to be redone. */
function putLinkGame(app, { setup, start, about, lines, line, from }) {
  const game = openGame(app.Game, { start, options: { rounds: setup.rounds, first: setup.first }, record: line.slice(0, from), redo: line.slice(from) });
  app.putOnBoard(game, { start, setup, about, lines });
}
