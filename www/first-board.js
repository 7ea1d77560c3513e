// @ts-check
// The first board, before the rest of the page's scripts and its engine: a module script of its
// own, run before main.js, whose file holds only what draws the board. On a slow phone's first
// visit it draws the opening (or, without a service worker, the saved game's position) as soon as
// this small file is in, while the page's other scripts and its engine still share the link.
//
// Only in English, the page's own language, whose board words the build writes here
// (BOARD_WORDS): in another language the page around the board changes with its table's words,
// and main.js draws the first board once they are in. Only at a plain address: whatever else an
// address opens (a link, a room, a puzzle, the lesson, a set-up, a frame) waits for the router.
// Not where the service worker serves the page: its engine is at hand, and a board drawn twice
// costs a slow phone more than it saves.

import { REFERENCE, knowEarlyWords, pageLanguage } from "./i18n/index.js";
import { PLAIN_ROUTE, drawEarlyBoard, plainAddress } from "./page/early-board.js";

if (pageLanguage() === REFERENCE && plainAddress(location) && !navigator.serviceWorker?.controller) {
  knowEarlyWords(BOARD_WORDS);
  try {
    drawEarlyBoard(PLAIN_ROUTE);
  } catch (error) {
    console.warn("walak: the first board waits for the words:", error); // drawn by main.js once they are in
  }
}
