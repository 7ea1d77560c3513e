// @ts-check
// The full page acting on what its address's fragment asks for (router.js `targetOf`), when the
// page opens and whenever the fragment changes: a live game's room entered, a puzzle opened, a
// game's link opened. A lesson or the puzzles make way for a room or a game's link; the game on
// the board is always kept first (by the parts that open them). Once read, the link is taken out
// of the address, so that a reload shows the saved game.

import { msg } from "../i18n/index.js";
import { forgetLinkInAddress } from "../share/share.js";
import { openLink } from "../share/link-game.js";

/**
 * Opens `target`. Returns the notices to give about it (messages: a broken link, where the game
 * that was on the board went), or null when there is nothing to say of it (a notice on show stays).
 * @param {import("./router.js").Target} target
 * @param {{app: import("../game/app.js").App, trainers: import("./trainers.js").Trainers,
 *   live: {get(): Promise<any>}, analysis: import("../analysis/analysis.js").Analysis}} parts  the page's
 *   live play (live/live-game.js), loaded when first needed; the help, which shows a link's move values
 * @returns {import("../i18n/index.js").Message[] | null}
 */
export function openTarget(target, { app, trainers, live, analysis }) {
  switch (target.to) {
    case "room":
      forgetLinkInAddress();
      trainers.leave();
      live.get().then((room) => room.join(target.room));
      return null;
    case "puzzle":
      forgetLinkInAddress();
      trainers.openPuzzles(target.id);
      return null;
    case "badPuzzle":
      forgetLinkInAddress();
      return [msg("puzzle.badLink", { reason: target.error })];
    case "game":
      trainers.leave();
      return openLink(app, target.fragment, analysis);
    default:
      return null;
  }
}
