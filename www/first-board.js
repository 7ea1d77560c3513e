// @ts-check
// The first board, before the rest of the page's scripts and its engine: a module script of its
// own, run before main.js, whose file holds only what draws the board and the page's words. On a
// slow phone's first visit it draws the opening (or, without a service worker, the saved game's
// position) while the page's other scripts and its engine still share the link.
//
// In English, the page's own language, the board's few words are written here by the build
// (BOARD_WORDS) and the board is drawn at once. In another language the page around the board
// changes with its words, so the board is drawn once the page is in them: its table's page words
// (a few kilobytes of its own, asked for at once by words-first.js with the rest of the table)
// are enough, and the board then keeps its place as the whole table comes. Only at a plain
// address, a link that writes out its position, or in an embed's frame whose opening
// early-board.js may draw (the frame laid out here first, as the page then takes it): whatever
// else an address opens (a room, a puzzle, the lesson, a set-up) waits for the page's router.
// Not where the service worker serves the page: its engine is at hand, and a board drawn twice
// costs a slow phone more than it saves.

import { REFERENCE, knowEarlyWords, pageLanguage, ready, t, translatePageEarly } from "./i18n/index.js";
import { PLAIN_ROUTE, drawEarlyBoard, earlyComparison, earlyPosition, plainAddress } from "./page/early-board.js";
import { routeOf } from "./page/router.js";
import { enterEmbedLayout } from "./share/embed.js";
import { pageBoardBox } from "./page/board-box.js";
import { $ } from "./lib/dom.js";

const code = pageLanguage();
const route = navigator.serviceWorker?.controller ? null : plainAddress(location) ? PLAIN_ROUTE : knownRoute(location);
if (route) {
  if (code === REFERENCE) {
    knowEarlyWords(JSON.parse(BOARD_WORDS));
    draw(route);
  } else {
    // Words that cannot be loaded are main.js's to say, with the whole table; the page then
    // plays on in English.
    translatePageEarly(code).then(() => {
      // The status under the board, which the page says once its table is in (page/loading.js).
      if (!ready()) $("status").textContent = t("status.loading");
      draw(route);
    }, (error) => console.warn("walak: the first board waits for the page's words:", error));
  }
}

/**
 * The route of an address whose first boards may be drawn before the engine (an embed's frame, a
 * comparison's, a link that writes out its position), else null.
 * @param {{search: string, hash: string}} address
 */
function knownRoute(address) {
  const route = routeOf(address);
  return earlyPosition(route) || earlyComparison(route) ? route : null;
}

/** @param {import("./page/early-board.js").EarlyRoute} route */
function draw(route) {
  try {
    drawEarlyBoard(route, route.frame ? enterEmbedLayout(route.frame).box : pageBoardBox);
  } catch (error) {
    console.warn("walak: the first board waits for the page:", error); // main.js draws it
  }
}
