// @ts-check
// The Share dialog (#share-dialog), loaded when first opened. #share opens it on a link to the game as shown (or, with
// #share-position-only, to the position alone). In a game played by links, and in a two-player
// game with #share-as-move, it sends the person's move instead (#send-move opens it so after each
// move): the link then carries the game's id and the friend's side, and #share-text the words
// that go with it ("I played hole 3 (2 laps, 4 seeds). Your move: LINK"), which Copy and the
// system's share sheet send. A two-player game whose move is sent becomes a game by links, the
// person keeping the side they just played. Its pictures save the position, or the last move step
// by step, as SVG files (pictures.js).

import { otherSide } from "../lib/sides.js";
import { sideName } from "../board/board-words.js";
import { positionOf } from "../game/game-start.js";
import { newGameId } from "../game/games.js";
import { onLanguageChange, t } from "../i18n/index.js";
import { goOnByLinks, moveLink, receiverOf, shareText } from "./link-game.js";
import { linkTo } from "./share.js";
import { saveLastMove, savePosition } from "./pictures.js";
import { messageOf } from "../lib/errors.js";
import { plyCount } from "../lib/records.js";
import { $, whileBusy } from "../lib/dom.js";

/** @import { App } from "../game/app.js" */
/** @import { Analysis } from "../analysis/analysis.js" */
/** @import { MessageKey, Params } from "../i18n/index.js" */
/** @import { HtmlPageId } from "../types/page.js" */

/**
 * Sets an element's words by their key, so that a change of language says them again.
 * @param {HTMLElement} element
 * @param {MessageKey} key
 * @param {Params} [params]
 */
function setWords(element, key, params = {}) {
  element.dataset.i18n = key;
  element.textContent = t(key, params);
}

/**
 * The dialog for the game controller `app`: `{open()}`. The page's Share buttons (#share,
 * #send-move, #game-over-share) call open() (page/full-page.js: it loads this file when first asked).
 * @param {App} app
 * @param {Analysis} analysis  what is proved of the position shown, whose values a link carries
 * @returns {{open: () => void}}
 */
export function shareDialog(app, analysis) {
  const dialog = $("share-dialog");
  // The id a two-player game takes if its move is sent from this opening of the dialog.
  let newId = newGameId();

  /**
   * The dialog sends the person's move (the link game's form) rather than the game to look at: in
   * a game by links, or in a two-player game asked to go on by links.
   */
  const sendsMove = () => app.kind.friendSide !== null || (app.kind.mayGoByLinks && $("share-as-move").checked);

  const link = () => {
    if (sendsMove()) return moveLink(app, app.setup.game ?? newId);
    // The values proved of the position shown go along, for the receiver to see at once.
    const values = analysis.provedValues;
    if ($("share-position-only").checked) return linkTo(app.options, "", "", positionOf(app.state), { values });
    return linkTo(app.options, app.state.record, app.state.redo, app.start, { lines: app.lines, lineAt: app.lineAt, values });
  };

  /** The dialog's words and link for the game as it is now. */
  const fill = () => {
    const move = sendsMove();
    dialog.dataset.send = move ? "move" : "game";
    setWords($("share-title"), move ? "share.sendTitle" : "share.title");
    // A live game goes on in its room: its link is only to look at, and the room's link brings people in.
    setWords($("share-explain"), move ? "share.sendExplain" : app.kind.inRoom ? "share.explainLive" : "share.explain");
    $("share-position-only-label").hidden = move;
    // A two-player game in play may go on by links from here.
    $("share-as-move-label").hidden = !app.kind.mayGoByLinks || app.state.status !== "playing";
    $("share-as-move-side").textContent = t("share.asMoveSide", { side: sideName(receiverOf(app)) });
    $("share-link").value = link();
    $("share-text").textContent = move ? shareText(app, $("share-link").value) : "";
    $("share-text").hidden = !move;
    $("share-said").textContent = "";
    $("share-frames").disabled = plyCount(app.state.record) === 0;
  };

  /** What Copy and the share sheet send: the words with the link for a move, else the link. */
  const message = () => (sendsMove() ? $("share-text").textContent : $("share-link").value);

  /** Once a two-player game's move has gone to a friend, the game is played by links. */
  const sent = () => {
    if (app.kind.mayGoByLinks && sendsMove()) {
      goOnByLinks(app, otherSide(receiverOf(app)), newId);
      fill();
    }
  };

  const open = () => {
    newId = newGameId();
    $("share-as-move").checked = false;
    fill();
    dialog.showModal();
    $("share-link").select();
  };
  $("share-position-only").addEventListener("change", fill);
  $("share-as-move").addEventListener("change", fill);
  onLanguageChange(() => dialog.open && fill());

  $("share-copy").addEventListener("click", async () => {
    $("share-link").select();
    /** @type {MessageKey} */
    let said = "share.copied";
    try {
      await navigator.clipboard.writeText(message());
    } catch {
      said = "share.copyRefused";
    }
    // Copied by the page or by hand, the move goes to the friend.
    sent();
    $("share-said").textContent = t(said);
  });
  // Where the system has a share sheet (on phones above all), the link goes to any app from there.
  $("share-system").hidden = typeof navigator.share !== "function";
  $("share-system").addEventListener("click", async () => {
    $("share-said").textContent = "";
    try {
      // A move goes as its words, the link among them, so that no app sends the link twice.
      await navigator.share(sendsMove() ? { title: document.title, text: message() } : { title: document.title, url: message() });
      sent();
    } catch (error) {
      // Closing the sheet without sending is not a failure.
      if (error instanceof Object && "name" in error && error.name === "AbortError") return;
      $("share-link").select();
      $("share-said").textContent = t("share.systemRefused");
    }
  });
  // Pictures of the game as shown, saved as files: the position, and the last move's frames. The
  // first picture waits for the engine that draws them (pictures.js): its button says it is busy.
  /**
   * @param {HtmlPageId} id
   * @param {(pictured: import("./pictures.js").Pictured) => Promise<string | null>} save
   */
  const savePicture = (id, save) => whileBusy($(id), async () => {
    try {
      const file = await save({ start: app.start, options: app.options, record: app.state.record });
      $("share-said").textContent = file ? t("share.pictureSaved", { file }) : "";
    } catch (error) {
      $("share-said").textContent = messageOf(error);
    }
  });
  $("share-picture").addEventListener("click", () => savePicture("share-picture", savePosition));
  $("share-frames").addEventListener("click", () =>
    savePicture("share-frames", (pictured) => saveLastMove(pictured, app.state.line[plyCount(app.state.record) - 1])));
  return { open };
}
