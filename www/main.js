// @ts-check
// The page's entry: reads the address once (page/router.js), sets the theme and lays out an
// embed's frame before anything is drawn, loads the words and the engine side by side, then opens
// the page the address asks for — the full page (page/full-page.js) or an embed's frame
// (page/frame-page.js), chosen here once.
//
// The page's layers, lowest first: lib → i18n → engine (engine.js, loader.js) → board → ui → game
// → analysis → trainer → share → live → page → the entry (this file; first-board.js, early.js,
// words-first.js and service-worker.js are scripts of their own). A file imports only its own
// layer and those below, and no import goes round in a cycle (tests/unit/layers.test.mjs checks
// both).

import { loadEngine } from "./engine.js";
import { REFERENCE, msg, pageLanguage, setLanguage } from "./i18n/index.js";
import { applyTheme } from "./share/embed.js";
import { watchDialogs } from "./ui/dialogs.js";
import { routeOf } from "./page/router.js";
import { preparePage } from "./page/full-page.js";
import { prepareFrame } from "./page/frame-page.js";
import { sayWhileLoading, showError, showPage, showProgress, shownOnceStarted } from "./page/loading.js";
import { wireLanguageChooser } from "./page/language-chooser.js";
import { valuesShown } from "./analysis/analysis.js";
import { warmUp } from "./analysis/values.js";

const route = routeOf(location);
applyTheme(route.theme);
// Exact values wanted as soon as there is a position: the computer's engine starts now, beside
// the page's (its worker and its files are its own, so neither waits for the other), and a game's
// link has it solve the position the link opens at before the page asks.
if (!route.frame && valuesShown()) warmUp(route.target.to === "game" ? route.target.fragment : null);
const page = route.frame ? prepareFrame({ ...route, frame: route.frame }) : preparePage(route);
watchDialogs();
start();

async function start() {
  const code = pageLanguage(); // as early.js chose it, to fetch its table at once
  wireLanguageChooser();
  sayWhileLoading();
  // The words, the engine and the page's own parts load side by side: none waits for another.
  const engineLoading = Promise.all([loadEngine({ onProgress: showProgress }), page.loaded]);
  engineLoading.catch(() => {}); // reported below, once there are words to say it with
  let engineIn = false;
  engineLoading.then(() => (engineIn = true), () => {});
  try {
    await setLanguage(code);
  } catch (error) {
    // The table could not be loaded (the page's files changed or went away): play on in English.
    console.warn("walak: language tables failed to load:", error);
    const reason = error instanceof Error ? error.message : String(error);
    try {
      await setLanguage(REFERENCE);
    } catch {
      // No words at all: say so in the page's own language, English.
      showError(`The page could not be loaded (${reason}). Please reload the page.`);
      return;
    }
  }
  // The words are in: the boards the page or the frame opens with, if the engine is still on its
  // way and first-board.js has not drawn them already (it draws only at a plain address, a link
  // that writes out its position, and in a frame), unless the page is shown only once started.
  if (!engineIn && !shownOnceStarted()) page.drawEarly();
  let engine;
  try {
    [engine] = await engineLoading;
  } catch (error) {
    console.warn("walak: engine failed to load:", error);
    showError(msg("status.engineFailed", { reason: error instanceof Error ? error.message : String(error) }));
    return;
  }
  // Shown now, and laid out with its game by the start in this same task: no painting comes between.
  showPage();
  page.start(engine);
}
