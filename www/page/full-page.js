// @ts-check
// The full page: the game of both pages (compose.js), with what only it has — the saved game and
// Your games, games by links and live play, the New game dialog and the end of a game, Share and
// Embed, the review, the rules, the Colours menu, offline play — and its address followed on load
// and on every later change of the fragment (router.js, navigate.js).

import { restoreSaved } from "../game/keeping.js";
import { FIRST_VISIT_SETUP } from "../game/first-visit.js";
import { reviewable } from "../game/kinds/kind.js";
import { wireLegend } from "../board/legend.js";
import { announce, hideNotice, showNotice } from "../ui/ui.js";
import { keepOffline } from "../ui/offline.js";
import { wireThemeSwitch } from "../ui/theme.js";
import { forgetSetupInAddress } from "../share/url.js";
import { linkTo } from "../share/share.js";
import { liveOffered } from "../live/offer.js";
import { later } from "../lib/later.js";
import { msg, say } from "../i18n/index.js";
import { composeGame } from "./compose.js";
import { wireGameOver } from "./game-over.js";
import { openTarget } from "./navigate.js";
import { wireNewGameDialog } from "./new-game-dialog.js";
import { problemsNotice, targetOf } from "./router.js";
import { pageBoardBox } from "./board-box.js";
import { showYourMoveCount } from "./your-move-count.js";
import { drawEarlyBoard, keepShown } from "./early-board.js";
import { $, afterNextFrame } from "../lib/dom.js";

/** @import { App } from "../game/app.js" */
/** @import { HtmlPageId } from "../types/page.js" */

/**
 * The full page at the address read as `route`: nothing of its own to load beside the engine, and
 * what draws its board before the engine where it is known (`drawEarly`, once the words are in).
 * @param {import("./router.js").Route} route
 */
export function preparePage(route) {
  return {
    loaded: Promise.resolve(),
    drawEarly: () => drawEarlyBoard(route, pageBoardBox),
    start: (/** @type {any} */ engine) => startPage(engine, route),
  };
}

/**
 * Opens the full page on `engine` (engine.js).
 * @param {any} engine
 * @param {import("./router.js").Route} route
 */
function startPage(engine, route) {
  const composed = composeGame(engine, route, { frame: false, measureBox: pageBoardBox });
  const { app, trainers } = composed;
  // Live play (live/live-game.js), loaded when a live game is first met or made.
  const live = later(async () => new (await import("../live/live-game.js")).LiveGame(app, {
    onSaid: (/** @type {any[]} */ ...messages) => showNotice(...messages),
    onRefused: (/** @type {any} */ message) => composed.view.sayForAWhile(say(message)),
    announce,
    onLink: () => live.now?.showLink(),
  }));
  // A live game on the board is its room's: entered when it comes on the board, left when another
  // does. One taken up from Your games (`takenUp`, said before its turn comes) is not entered once over.
  let takenUp = false;
  const followLive = async () => {
    const how = { takenUp };
    takenUp = false;
    if (!app.hasGame) return;
    if (app.kind.inRoom) (await live.get()).follow(how);
    else live.now?.follow(how);
  };
  let opened = false;
  composed.afterReplace.push(() => {
    if (opened) showYourMoveCount(app);
    // Once the game is all on the board (its particulars come after this call).
    queueMicrotask(followLive);
  });
  // In a background tab the title says whose move it is ("Your move (South) · Walak-pussa"), so
  // that a person waiting for the computer sees when it has played.
  const title = document.title;
  const showTurnInTitle = () => {
    document.title = document.hidden && app.state ? `${$("status").textContent} · ${title}` : title;
  };
  document.addEventListener("visibilitychange", showTurnInTitle);
  const review = wireReview(app);
  composed.afterChange.push((a) => {
    live.now?.render();
    showTurnInTitle();
    review(a);
    // For the next visit's first board, drawn before the engine (early-board.js).
    keepShown(a, composed.view.flipped);
  });
  composed.afterLanguage.push(() => {
    $("share-said").textContent = "";
    showYourMoveCount(app);
  });
  const games = later(async () => new (await import("../game/games-dialog.js")).GamesDialog(app, {
    onResumed: () => {
      hideNotice();
      takenUp = true;
    },
    onRemoved: () => showYourMoveCount(app),
    onTrouble: (/** @type {any} */ message) => showNotice(message),
    linkTo,
  }));
  $("games").addEventListener("click", async () => (await games.get()).open());
  wireLegend($("ring-legend"));
  wireNewGameDialog(app, live);
  wireGameOver(app);
  wireSharing(app, composed.analysis);
  wireThemeSwitch($("theme"));

  // The game: the saved one, or the one the address sets up, or a first visit's against the computer.
  const unreadable = restoreSaved(app);
  if (route.setup) {
    app.newGame({ setup: route.setup });
    forgetSetupInAddress();
  } else if (!app.hasGame) {
    app.newGame({ setup: unreadable === null ? { ...app.setup, ...FIRST_VISIT_SETUP } : app.setup });
  }
  // Then what the address opens: a room, a puzzle, a game's link, the lesson or the puzzles.
  const parts = { app, trainers, live, analysis: composed.analysis };
  const notices = openTarget(route.target, parts) ?? [];
  if (route.lesson) trainers.openLesson();
  if (route.puzzles) trainers.openPuzzles();
  if (unreadable !== null) notices.push(msg("notice.unreadable", { reason: unreadable }));
  const problems = problemsNotice(route.problems);
  if (problems) notices.push(problems);
  if (notices.length > 0) showNotice(...notices);
  opened = true;
  composed.begin();
  addEventListener("hashchange", () => {
    const said = openTarget(targetOf(location.hash), parts);
    if (said?.length) showNotice(...said);
    else if (said) hideNotice();
  });
  // What the first board need not wait for, once it is drawn.
  afterNextFrame(() => {
    // Live play is offered where the page's own server has it (the New game dialog's choice).
    liveOffered().then((offered) => ($("live-offer").hidden = !offered));
    // Every kept game by links is read for it.
    showYourMoveCount(app);
    // Offline play: the service worker registered, and an update offered when one comes.
    keepOffline({
      onUpdate: (/** @type {() => void} */ update) => {
        $("update").hidden = false;
        $("update-now").addEventListener("click", update, { once: true });
      },
    });
  });
}

/**
 * The game review (analysis/review.js), loaded when first asked for from #review or the end of
 * a game; until then its buttons only follow the game: a line without moves, or a game its kind
 * does not review, has nothing to review. Returns what follows every change.
 * @param {App} app
 * @returns {(app: App) => void}
 */
function wireReview(app) {
  const review = later(async () => new (await import("../analysis/review.js")).Review(app));
  const start = async () => {
    if (reviewable(app.kind, app.state)) (await review.get()).start();
  };
  $("review").addEventListener("click", start);
  $("game-over-review").addEventListener("click", start);
  return (a) => {
    if (review.now) return review.now.render();
    const empty = !a.state || a.state.record + a.state.redo === "" || !reviewable(a.kind, a.state);
    for (const id of ["review", "game-over-review"]) /** @type {HTMLButtonElement} */ ($(id)).disabled = empty;
  };
}

/**
 * Share, Send your move and the end of a game's Share (one Share dialog), Embed, and the rules.
 * @param {App} app
 * @param {import("../analysis/analysis.js").Analysis} analysis
 */
function wireSharing(app, analysis) {
  const on = (/** @type {HtmlPageId} */ id, /** @type {() => void} */ act) => $(id).addEventListener("click", act);
  const share = later(async () => (await import("../share/share-dialog.js")).shareDialog(app, analysis));
  for (const id of /** @type {const} */ (["share", "send-move", "game-over-share"])) on(id, async () => (await share.get()).open());
  $("embed-button").hidden = false;
  on("embed-button", async () => (await import("../share/embed-dialog.js")).openEmbedDialog(app));
  on("rules-button", async () => (await import("../ui/rules.js")).openRules($("rules"), { Game: app.Game }, (app.hasGame && app.state.rules) || "mancala-world"));
}
