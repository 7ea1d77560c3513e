// @ts-check
// The count on Your games (#games) of the kept games by links waiting for the person's move; the
// button says it in its name too, and on a phone More shows it (Your games is behind it there).

import { formatNumber, t } from "../i18n/index.js";
import { yourMoveCount } from "../game/games.js";
import { $ } from "../lib/dom.js";

/**
 * Counts again, unless the game on the board keeps nothing (a lesson or a puzzle: the count waits).
 * @param {import("../game/app.js").App} app
 */
export function showYourMoveCount(app) {
  if (!app.kind.keeps) return;
  const count = yourMoveCount(app.Game);
  const badge = $("games-your-move");
  badge.hidden = count === 0;
  badge.textContent = formatNumber(count);
  badge.dataset.count = String(count);
  if (count > 0) $("games").setAttribute("aria-label", t("games.buttonWaiting", { count }));
  else $("games").removeAttribute("aria-label");
  if (count > 0) $("more").dataset.waiting = formatNumber(count);
  else delete $("more").dataset.waiting;
}
