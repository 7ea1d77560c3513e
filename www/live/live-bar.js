// @ts-check
// The live bar (#live-bar, under the status: #live-share, #live-resign, #live-rematch) and the
// end-of-game panel's choices in a live game (#game-over-rematch asks the room, #game-over-swap
// is hidden: the room swaps the sides itself). Drawn from the facts it is given (the room
// controller's `shown`), after every change; clicks go to the controller. Resign is pressed
// twice, within a few seconds, so that a stray tap never gives a game up: that wait is the bar's.

import { t } from "../i18n/index.js";
import { $ } from "../lib/dom.js";

/** @import { MessageKey } from "../i18n/index.js" */

// Resign is pressed twice, within this time.
const CONFIRM_MS = 4000;

/**
 * What the bar is drawn from (room-controller.js `shown`).
 * @typedef {object} BarFacts
 * @property {boolean} on          the board answers to the room (and no lesson or puzzle has it)
 * @property {boolean} kept        a live game the room does not referee is on the board: one finished, looked at again
 * @property {boolean} linked      the room's code is known: its link can be given
 * @property {boolean} player      the person has a seat (not a spectator)
 * @property {boolean} answered    the room has answered on this socket (phase waiting or playing)
 * @property {boolean} over        the game is over, or given up
 * @property {boolean} asked       the person asked for a rematch
 * @property {boolean} friendAsked the friend asked for a rematch
 */

/**
 * The bar's look for `facts`, with the end-of-game panel shown or not (`panel`): which buttons
 * show, the Rematch buttons' words and whether they are enabled. Pure, for the tests too.
 * @param {BarFacts} facts
 * @param {boolean} panel
 */
export function barLook({ on, linked, player, answered, over, asked, friendAsked }, panel) {
  /** @type {MessageKey} */
  const rematchWords = asked ? "live.rematchAsked" : friendAsked ? "live.rematchAccept" : "live.rematch";
  return {
    bar: on,
    share: linked,
    resign: player && !over && answered,
    // The end-of-game panel, when it shows, has its own Rematch.
    rematch: player && over && !panel,
    panelRematch: player,
    rematchWords,
    rematchEnabled: !asked && answered,
  };
}

/**
 * Wires the bar's buttons to `actions` and returns its drawing.
 * @param {{share: () => void, resign: () => void, rematch: () => void}} actions
 * @returns {{draw: (facts: BarFacts) => void}}
 */
export function liveBar({ share, resign, rematch }) {
  /** @type {BarFacts | null} */
  let last = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let confirming = null;
  const resignButton = $("live-resign");

  /** @param {BarFacts} facts */
  const draw = (facts) => {
    last = facts;
    $("live-bar").hidden = !facts.on;
    // A live game's rematch is its room's: none for a finished one looked at again outside its room.
    $("game-over-swap").hidden = facts.on || facts.kept;
    const panelRematch = $("game-over-rematch");
    if (!facts.on) {
      // Any other game: the panel's Rematch is the game's own.
      panelRematch.textContent = t("gameOver.rematch");
      panelRematch.hidden = facts.kept;
      panelRematch.disabled = false;
      return;
    }
    const look = barLook(facts, !$("game-over").hidden);
    $("live-share").hidden = !look.share;
    resignButton.hidden = !look.resign;
    if (!resignButton.dataset.confirm) resignButton.textContent = t("live.resign");
    for (const button of [$("live-rematch"), panelRematch]) {
      button.textContent = t(look.rematchWords);
      button.disabled = !look.rematchEnabled;
    }
    $("live-rematch").hidden = !look.rematch;
    panelRematch.hidden = !look.panelRematch;
  };
  const redraw = () => last && draw(last);

  $("live-share").addEventListener("click", share);
  $("live-rematch").addEventListener("click", rematch);
  resignButton.addEventListener("click", () => {
    if (confirming === null) {
      resignButton.dataset.confirm = "true";
      resignButton.textContent = t("live.resignConfirm");
      confirming = setTimeout(() => {
        confirming = null;
        delete resignButton.dataset.confirm;
        redraw();
      }, CONFIRM_MS);
      return;
    }
    clearTimeout(confirming);
    confirming = null;
    delete resignButton.dataset.confirm;
    resign();
    redraw();
  });
  return { draw };
}
