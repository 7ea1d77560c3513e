// @ts-check
// What both pages are made of: the controller (game/app.js), the computer, the help beside the
// game (analysis/), the board (board/view.js), the controls and keys, the lesson and the puzzles,
// sound and vibration, the animation's speed, and drawing again on a resize or a change of
// language. The full page (full-page.js) and the frame (frame-page.js) add their own parts through
// the lists `afterChange`, `afterReplace` and `afterLanguage`, and say when their game is open
// (`begin`). A lower layer gets what it needs from a higher one here: the board is given the
// controller and the help to read.

import { App } from "../game/app.js";
import { Analysis } from "../analysis/analysis.js";
import { Computer } from "../analysis/computer.js";
import { BoardView } from "../board/view.js";
import * as feel from "../board/feel.js";
import { announce, hideNotice, publishScene, renderPage, retranslateNotice, showLap, showNotice } from "../ui/ui.js";
import { describeMoveShown } from "../ui/words.js";
import { watchForEngineCrash } from "../ui/crash.js";
import { fitStatus } from "../ui/status-fit.js";
import { announceMove, announcePosition } from "../share/host.js";
import { onLanguageChange } from "../i18n/index.js";
import { isSpeed, wireControls, SPEED_KEY } from "./controls.js";
import { wireKeys } from "./keys.js";
import { fillLevelChoices } from "./level-choices.js";
import { wireTrainers } from "./trainers.js";
import { $ } from "../lib/dom.js";

/**
 * @typedef {object} Composed
 * @property {App} app
 * @property {Analysis} analysis
 * @property {BoardView} view
 * @property {Computer} computer
 * @property {import("./trainers.js").Trainers} trainers
 * @property {((app: App) => void)[]} afterChange   drawn after every change of the game
 * @property {(() => void)[]} afterReplace          told when another game is on the board
 * @property {(() => void)[]} afterLanguage         told after a change of language, before the page draws again
 * @property {() => void} redraw                    measures the room for the board again (a frame's fit)
 * @property {() => void} begin                     the page's game is open: changes of position go to a host page from now on
 */

/**
 * @param {any} engine  the page's engine (engine.js)
 * @param {import("./router.js").Route} route  the address the page opened with
 * @param {{frame: boolean, measureBox: () => {width: number, height: number}}} options  `frame`:
 *   the page is an embed's, which keeps nothing in the visitor's browser
 * @returns {Composed}
 */
export function composeGame(engine, route, { frame, measureBox }) {
  const remember = !frame;
  const canvas = $("board");
  /** @type {Composed["afterChange"]} */
  const afterChange = [];
  /** @type {Composed["afterReplace"]} */
  const afterReplace = [];
  /** @type {Composed["afterLanguage"]} */
  const afterLanguage = [];
  let started = false; // the page has opened its game: drawn, helped, and its changes of position told to a host page
  // The help and the board read the controller, which draws through them: made just after it.
  /** @type {Analysis} */
  let analysis;
  /** @type {BoardView} */
  let view;
  // The computer player's worker: it plays the computer's side and searches for the hint.
  const computer = new Computer();
  const app = new App(engine.Game, {
    computer,
    onChange: (/** @type {App} */ a) => {
      // Until the page's game is open, the games put on the board as it starts (the saved one,
      // then a link's) only go to the board's mirror: the page around the board is drawn once,
      // for the game it opens with (`begin`).
      if (started) renderAround(a);
      view.changed();
    },
    onFrame: (/** @type {any} */ scene, /** @type {any} */ motion) => view.draw(scene, motion),
    onEvent: (/** @type {any} */ event, /** @type {any} */ scene) => {
      showLap(scene);
      feel.event(event, scene);
    },
    onTrouble: (/** @type {any} */ message) => showNotice(message),
    // The help follows only the game the page opens with (`begin`), not those put on the board
    // before it as the page starts (the saved one, then a link's): each would cost a solve.
    onSettled: () => started && analysis.follow(),
    onReplaced: () => {
      analysis.reset();
      for (const follow of afterReplace) follow();
    },
    // The computer moving again ends a notice that it could not.
    onComputerAnswered: () => hideNotice("notice.computerFailed"),
    onMove: announceMove,
    // The position the page opens with is not a change: the host knows the address it framed.
    onPosition: (/** @type {any} */ state) => started && announcePosition(state),
    // Called once a move has been shown, with what it did (`message`).
    onMoveShown: (/** @type {App} */ a) => a.message && announce(describeMoveShown(a.message, a.state, a.kind.rival)),
  });
  analysis = new Analysis(app, computer, { onChange: () => app.changed(), onTrouble: (message) => showNotice(message), remember });
  view = new BoardView(canvas, {
    app, analysis, measureBox,
    publish: (scene, playable) => publishScene(canvas, scene, app, analysis, playable),
  });
  const levels = engine.levels();
  fillLevelChoices(levels);

  const flip = () => view.flip();
  $("flip").addEventListener("click", flip);
  wireKeys(app, flip);
  // Speed: from the address, else what was chosen before, else calm motion if the person asked
  // their system for less of it.
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const speed = route.speed ?? (remember ? localStorage.getItem(SPEED_KEY) : null) ?? (reduced ? "instant" : "normal");
  app.animator.setSpeed(isSpeed(speed) ? speed : "normal");
  const trainers = wireTrainers(app, { remember, speed: route.speed });

  wireControls(app, analysis);
  feel.wire($("sound"), $("vibration"), { embedded: frame });
  watchForEngineCrash($("crash-dialog"));
  onLanguageChange(() => {
    fillLevelChoices(levels);
    retranslateNotice();
    view.tellPreview();
    for (const follow of afterLanguage) follow();
    app.changed();
  });

  // Redraw at once when the room for the board or the pixel density changes (window resize, zoom,
  // a phone turned): in the middle of a move too, whose next frame takes the new size.
  const redraw = () => {
    fitStatus($("status"));
    view.resize();
  };
  // The header above the board changes height as its fonts arrive: the room for the board with it.
  const resizes = new ResizeObserver(redraw);
  for (const selector of [".board-area", ".app-header"]) {
    const part = document.querySelector(selector);
    if (part) resizes.observe(part);
  }
  // So does opening and closing the lesson's or a puzzle's panel.
  resizes.observe($("lesson"));
  resizes.observe($("puzzle"));
  addEventListener("resize", redraw);

  /** The page around the board, as the game is now. @param {App} a */
  const renderAround = (a) => {
    renderPage(a, analysis);
    for (const follow of afterChange) follow(a);
  };
  const begin = () => {
    // The help first, so that the first painting shows what it asked for (values on their way).
    analysis.follow();
    started = true;
    renderAround(app);
    view.begin();
    // The first board drawn (unless one was drawn before the engine, early-board.js), and playable.
    if (performance.getEntriesByName("walak-board-drawn").length === 0) performance.mark("walak-board-drawn");
    performance.mark("walak-first-board");
  };
  return { app, analysis, view, computer, trainers, afterChange, afterReplace, afterLanguage, redraw, begin };
}
