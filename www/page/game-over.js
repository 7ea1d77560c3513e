// @ts-check
// The end-of-game panel's own choices (#game-over): the same game again, the sides swapped, or
// the panel closed to see the final position (the status then says the result). What a rematch
// is belongs to the kind of game (game/kinds/: against someone elsewhere the person takes the
// other side, at one device the other player starts, a live game's room decides its own).

import { $ } from "../lib/dom.js";

/** @param {import("../game/app.js").App} app */
export function wireGameOver(app) {
  $("game-over-rematch").addEventListener("click", () => app.rematch(false));
  $("game-over-swap").addEventListener("click", () => app.rematch(true));
  $("game-over-close").addEventListener("click", () => app.closeResult());
}
