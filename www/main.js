// Entry point: loads the engine, restores or starts a game, and connects the controller to the
// board, the hole buttons, the controls and the dialogs.
//
// The page's layers, lowest first: lib → i18n → engine (engine.js, loader.js) → board → ui → game
// → analysis → trainer → share → live → the entry (this file; early.js and service-worker.js are
// scripts of their own). A file imports only its own layer and those below, and no import goes
// round in a cycle (tests/unit/layers.test.mjs checks both). What a lower layer needs from a
// higher one, this file hands it: the board is given the controller and what to publish.

import { loadEngine } from "./engine.js";
import { App, FIRST_VISIT_SETUP } from "./game/app.js";
import { restoreSaved } from "./game/keeping.js";
import { Analysis } from "./analysis/analysis.js";
import { Computer } from "./analysis/computer.js";
import { layoutPortrait } from "./board/board.js";
import { otherSide } from "./lib/sides.js";
import { SPEEDS } from "./board/animation.js";
import { listenForHoleKeys } from "./board/input.js";
import { BoardView } from "./board/view.js";
import { announce, hideNotice, publishScene, renderPage, retranslateNotice, showLap, showNotice } from "./ui/ui.js";
import { forgetSetupInAddress, readQuery } from "./share/url.js";
import { describeMoveShown, levelAbout, levelName } from "./ui/words.js";
import { readChoice, writeChoice } from "./lib/choices.js";
import { yourMoveCount } from "./game/games.js";
import { forgetLinkInAddress, linkTo, readLink } from "./share/share.js";
import { openLinkInAddress } from "./share/link-game.js";
import { announceMove, announcePosition } from "./share/host.js";
import { applyTheme, enterEmbedLayout, readEmbedOptions } from "./share/embed.js";
import { positionOf } from "./game/game-start.js";
import { keepOffline } from "./ui/offline.js";
import { watchForEngineCrash } from "./ui/crash.js";
import { watchDialogs } from "./ui/dialogs.js";
import { fitStatus } from "./ui/status-fit.js";
import * as feel from "./board/feel.js";
import { wireLegend } from "./board/legend.js";
import { wireThemeSwitch } from "./ui/theme.js";
import { readPuzzleLink } from "./trainer/puzzle-link.js";
import { liveOffered, readRoomLink } from "./live/offer.js";
import { later } from "./lib/later.js";
import {
  LANGUAGES, REFERENCE, STORAGE_KEY as LANGUAGE_KEY, formatNumber, formatPercent, language, msg, onLanguageChange, pageLanguage, ready, say,
  setLanguage, t, translatePage,
} from "./i18n/index.js";
import { $ } from "./lib/dom.js";

const canvas = $("board");

// A first tap on a hole only shows where its move ends, a second plays it (touch only; off by default).
const CONFIRM_TAPS_KEY = "walak-pussa.confirm-taps";
// The board takes at least this share of the window's height, even if the controls must then
// be scrolled to.
const MIN_BOARD_SHARE = 0.5;
// The smallest comfortable tap target, in CSS pixels.
const MIN_TARGET = 48;

/**
 * The room for the board on the page: the board area's width, and the window's height less the
 * header above the board and the room kept under it for the status (style.css) and the row of
 * "New game" — so that the main actions stay in view with the board. What the words under the
 * board say never changes the board's size: a longer sentence moves the controls, not the board.
 * In a lesson or a puzzle the board takes half the window and the panel under it the rest, however
 * long its sentences. Never less than half the window, nor, on an upright screen, less than holes
 * a finger can hit: then the controls scroll.
 */
function pageBoardBox() {
  const area = canvas.closest(".board-area");
  const wrap = $("board-wrap").getBoundingClientRect();
  const top = wrap.top + scrollY;
  const fingerSized = innerHeight > innerWidth ? layoutPortrait(MIN_TARGET).height : 0;
  const least = Math.max(innerHeight * MIN_BOARD_SHARE, fingerSized);
  let height = least;
  if (!document.documentElement.dataset.trainer) {
    const status = getComputedStyle($("status"));
    const controls = $("controls");
    const words = parseFloat(status.marginTop) + parseFloat(status.minHeight) + parseFloat(getComputedStyle(controls).marginTop);
    const actions = $("new-game").getBoundingClientRect().bottom - controls.getBoundingClientRect().top;
    height = Math.max(innerHeight - top - words - actions - 12, least);
  }
  return { width: area.clientWidth, height: Math.floor(height) };
}

// What #status says before there is a game (loading, or why the engine failed), kept as a
// message so that a change of language says it again.
let loadingMessage = msg("status.loading");

// The theme, and the embedded form of the page (embed.js), before anything is drawn.
const embedding = readEmbedOptions(location.search);
applyTheme(embedding.theme);
const embedLayout = embedding.embed ? enterEmbedLayout(embedding) : null;

function showError(message) {
  canvas.dataset.status = "error";
  canvas.hidden = true;
  $("status").classList.add("error");
  loadingMessage = message;
  // Before the words have loaded, the change of language that brings them says it.
  if (ready() || typeof message === "string") $("status").textContent = say(message);
}

function showProgress({ loaded, total }) {
  if (total > 0) {
    loadingMessage = msg("status.loadingPercent", { percent: () => formatPercent(Math.min(1, loaded / total)) });
    if (ready()) $("status").textContent = say(loadingMessage);
  }
}

/** The language chooser: each language named in its own words; a choice applies at once and is remembered. */
function wireLanguageChooser() {
  const chooser = $("language");
  for (const { code, name } of LANGUAGES) {
    const option = new Option(name, code);
    option.lang = code;
    chooser.append(option);
  }
  chooser.addEventListener("change", async () => {
    const code = chooser.value;
    try {
      await setLanguage(code);
    } catch (error) {
      // The table could not be loaded (the page's files changed or went away): stay as we are.
      console.warn("walak: language tables failed to load:", error);
      chooser.value = language();
      return;
    }
    try {
      localStorage.setItem(LANGUAGE_KEY, code);
    } catch {
      // Not remembered, but still used now.
    }
    // An address that names a language would otherwise bring the old one back on reload.
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", code);
      history.replaceState(history.state, "", url);
    }
  });
}

async function start() {
  const query = readQuery(location.search);
  const code = pageLanguage(); // as early.js chose it, to fetch its table at once
  wireLanguageChooser();
  onLanguageChange((now) => {
    translatePage();
    $("language").value = now;
    if (canvas.dataset.status === "loading" || canvas.dataset.status === "error") $("status").textContent = say(loadingMessage);
  });
  // The words, the engine and an embed's driver load side by side: none waits for another.
  const engineLoading = Promise.all([
    loadEngine({ onProgress: showProgress }),
    embedding.embed ? import("./share/embed-driver.js") : {},
  ]);
  engineLoading.catch(() => {}); // reported below, once there are words to say it with
  try {
    await setLanguage(code);
  } catch (error) {
    // The table could not be loaded (the page's files changed or went away): play on in English.
    console.warn("walak: language tables failed to load:", error);
    try {
      await setLanguage(REFERENCE);
    } catch {
      // No words at all: say so in the page's own language, English.
      showError(`The page could not be loaded (${error.message}). Please reload the page.`);
      return;
    }
  }

  let engine, startEmbed;
  try {
    [engine, { startEmbed }] = await engineLoading;
  } catch (error) {
    console.warn("walak: engine failed to load:", error);
    showError(msg("status.engineFailed", { reason: error.message }));
    return;
  }

  let view = null; // the board on the page (board/view.js)
  let app = null;
  let analysis = null; // the hint, the evaluation and the move values, beside the game
  let embedDriver = null; // the embed's demo or loop, which follows every change
  let review = null; // the game review (not in embed mode), loaded when first asked for
  let started = false; // the page has opened its game: changes of position are told to a host page
  let live = null; // live play (live/live-game.js), loaded when a live game is first met or made
  // A live game on the board is its room's: entered when it comes on the board, left when another does.
  const followLive = async () => {
    if (embedding.embed || !app.hasGame) return;
    if (app.setup.mode === "live") (await live.get()).follow();
    else live.now?.follow();
  };
  // The computer player's worker: it plays the computer's side and searches for the hint.
  const computer = new Computer();
  app = new App(engine.Game, {
    computer,
    onChange: (a) => {
      renderPage(a, analysis);
      live?.now?.render();
      showTurnInTitle();
      if (review?.now) review.now.render();
      else if (review) reviewButtonsFollow(a);
      view.changed();
      embedDriver?.changed();
    },
    onFrame: (scene, motion) => view.draw(scene, motion),
    onEvent: (event, scene) => {
      showLap(scene);
      feel.event(event, scene);
    },
    onTrouble: (message) => showNotice(message),
    onSettled: () => analysis.follow(),
    onReplaced: () => {
      analysis.reset();
      if (!app.training && started) showYourMoveCount(app);
      // Once the game is all on the board (its particulars come after this call).
      queueMicrotask(followLive);
    },
    // The computer moving again ends a notice that it could not.
    onComputerAnswered: () => hideNotice("notice.computerFailed"),
    onMove: announceMove,
    // The position the page opens with is not a change: the host knows the address it framed.
    onPosition: (state) => started && announcePosition(state),
    // In a lesson the lesson says what the move did, and what follows.
    onMoveShown: (a) => (a.training ? a.training.moveShown(a) : announce(describeMoveShown(a.message, a.state, a.rival))),
    // An embedded game never touches the person's own saved game.
    persist: !embedding.embed,
  });
  analysis = new Analysis(app, computer, {
    onChange: () => app.changed(),
    onTrouble: (message) => showNotice(message),
    remember: !embedding.embed,
  });
  view = new BoardView(canvas, {
    app, analysis, measureBox: embedLayout ? embedLayout.box : pageBoardBox,
    publish: (scene, playable) => publishScene(canvas, scene, app, analysis, playable),
  });
  live = later(async () => new (await import("./live/live-game.js")).LiveGame(app, {
    onSaid: (...messages) => showNotice(...messages),
    onRefused: (message) => view.sayForAWhile(say(message)),
    announce,
    onLink: () => live.now?.showLink(),
  }));
  if (!embedding.embed) {
    review = later(async () => new (await import("./analysis/review.js")).Review(app));
    const startReview = async () => (await review.get()).start();
    $("review").addEventListener("click", startReview);
    $("game-over-review").addEventListener("click", startReview);
    const games = later(async () => new (await import("./game/games-dialog.js")).GamesDialog(app, {
      onResumed: () => hideNotice(),
      onRemoved: () => showYourMoveCount(app),
      onTrouble: (message) => showNotice(message),
      linkTo,
    }));
    $("games").addEventListener("click", async () => (await games.get()).open());
    wireLegend($("ring-legend"));
  }
  const levels = engine.levels();
  fillLevelChoices(levels);

  // In a background tab the title says whose move it is ("Your move (South) · Walak-pussa"), so
  // that a person waiting for the computer sees when it has played.
  const title = document.title;
  const showTurnInTitle = () => {
    document.title = document.hidden && app.state ? `${$("status").textContent} · ${title}` : title;
  };
  document.addEventListener("visibilitychange", showTurnInTitle);

  listenForHoleKeys((number) => app.play(number));
  const flip = () => view.flip();
  $("flip").addEventListener("click", flip);
  // Keys as on game sites: F flips the board; ← and → step through the move list, Home and End go
  // to its start and its end — not while typing, choosing in a menu, in a dialog, or on the review
  // graph, whose arrows are its own.
  // Against the computer a step goes past its reply, as Undo and Redo do.
  const moveKeys = {
    ArrowLeft: () => (app.computerSide ? app.undo() : app.goTo(app.state.record.length - 1)),
    ArrowRight: () => (app.computerSide ? app.redo() : app.goTo(app.state.record.length + 1)),
    Home: () => app.goTo(0),
    End: () => app.goTo(app.state.record.length + (app.state.redo ?? "").length),
  };
  const showKeys = () => $("keys-dialog").showModal();
  $("keys-button").addEventListener("click", showKeys);
  addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // (Element, not HTMLElement: the review graph is an SVG element.)
    if (event.target instanceof Element && event.target.closest("input, select, textarea, dialog, [role=slider]")) return;
    // On a hole the arrows go to the next hole (input.js).
    if (event.key.startsWith("Arrow") && event.target instanceof Element && event.target.matches("button.hole")) return;
    if (event.key === "?") {
      event.preventDefault();
      showKeys();
      return;
    }
    const key = event.key?.length === 1 ? event.key.toLowerCase() : event.key;
    // F flips; U and P are the Undo and Pause buttons (a disabled button's click does nothing). In
    // a lesson or a puzzle its panel takes moves back: no U, and no stepping through the moves.
    const letters = { f: flip, p: () => $("pause").click(), ...(app.training ? {} : { u: () => $("undo").click() }) };
    const act = letters[key] ?? (event.shiftKey || app.training ? null : moveKeys[key]);
    if (!act) return;
    event.preventDefault();
    act();
  });

  // Speed: from the address, else what was chosen before, else calm motion if the person asked
  // their system for less of it.
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const chosen = embedding.embed ? null : localStorage.getItem("walak-pussa.speed");
  let speed = query.speed ?? chosen ?? (reduced ? "instant" : "normal");
  if (!Object.hasOwn(SPEEDS, speed)) speed = "normal";
  app.animator.setSpeed(speed);

  const unreadable = restoreSaved(app); // none in embed mode: it keeps no saved game
  let embedProblems = null;
  if (embedding.embed) {
    ({ driver: embedDriver, problems: embedProblems } = startEmbed(app, computer, embedding, query.setup, embedLayout));
  } else if (query.setup) {
    app.newGame(query.setup);
    forgetSetupInAddress();
  } else if (!app.hasGame) {
    // No game kept from before: a first visit plays the computer, gently.
    app.newGame(unreadable === null ? { ...app.setup, ...FIRST_VISIT_SETUP } : app.setup);
  }
  const notices = [];
  const puzzleAsked = embedding.embed ? null : readPuzzleLink(location.hash);
  if (puzzleAsked) forgetLinkInAddress();
  // A live game's room (`#live=CODE`): entered once the page has its game; the game there is kept first.
  const roomAsked = embedding.embed ? null : readRoomLink(location.hash);
  if (roomAsked) forgetLinkInAddress();
  const linkSaid = embedding.embed ? [embedProblems].filter(Boolean) : puzzleAsked ? [] : openLinkInAddress(app);
  // After a lesson or the puzzles, the game that was on the board is back (or why it is not).
  const afterTraining = (problem) => {
    setAddressPart("lesson", null);
    setAddressPart("puzzles", null);
    if (problem) showNotice(msg("notice.unreadable", { reason: problem }));
  };
  // The puzzles and the lesson load when first opened; leaving one that never opened is nothing.
  const puzzles = later(async () => new (await import("./trainer/puzzles.js")).Puzzles(app, {
    remember: !embedding.embed,
    onLeave: (problem) => {
      afterTraining(problem);
      $("puzzles-button").focus();
    },
  }));
  const lesson = later(async () => new (await import("./trainer/lesson.js")).Lesson(app, engine.lesson(), {
    remember: !embedding.embed,
    ...(query.speed ? { speed: query.speed } : {}),
    onLeave: (problem) => {
      afterTraining(problem);
      $("learn").focus();
    },
    onPuzzle: () => openPuzzles(),
    onPlay: () => {
      lesson.now.leave();
      app.newGame({ ...app.setup, ...FIRST_VISIT_SETUP });
    },
  }));
  const leaveTraining = () => {
    lesson.now?.leave();
    puzzles.now?.leave();
  };
  const openPuzzles = async (id = null) => {
    lesson.now?.leave();
    (await puzzles.get()).enter(id);
  };
  const openLesson = async () => {
    puzzles.now?.leave();
    (await lesson.get()).enter();
  };
  $("puzzles-button").addEventListener("click", () => openPuzzles());
  $("learn").addEventListener("click", () => {
    setAddressPart("lesson", "1");
    openLesson();
  });
  if (puzzleAsked?.error) notices.push(msg("puzzle.badLink", { reason: puzzleAsked.error }));
  if (puzzleAsked?.id) openPuzzles(puzzleAsked.id);
  else if (query.lesson) openLesson();
  else if (query.puzzles) openPuzzles();
  notices.push(...linkSaid);
  if (unreadable !== null) notices.push(msg("notice.unreadable", { reason: unreadable }));
  const problems = [...query.problems, ...(embedding.embed ? [] : embedding.problems)];
  if (problems.length > 0) {
    notices.push(msg("notice.address", { problems: () => problems.map(say).join(t("address.separator")) }));
  }
  if (notices.length > 0) showNotice(...notices);
  started = true;
  if (roomAsked) live.get().then((room) => room.join(roomAsked));
  else followLive();
  // Live play is offered where the page's own server has it: asked after the first board.
  if (!embedding.embed) liveOffered().then((offered) => ($("live-offer").hidden = !offered));
  // Every kept game by links is read for it: after the first board, not before.
  if (!embedding.embed) setTimeout(() => showYourMoveCount(app));

  wireControls(app, analysis, live);
  feel.wire($("sound"), $("vibration"), { embedded: embedding.embed });
  // The Colours menu: the full page's only (an embed hides the header and never remembers one).
  if (!embedding.embed) wireThemeSwitch($("theme"));
  watchForEngineCrash($("crash-dialog"));
  onLanguageChange(() => {
    fillLevelChoices(levels);
    retranslateNotice();
    view.tellPreview();
    $("share-said").textContent = "";
    if (!embedding.embed) showYourMoveCount(app);
    app.changed();
  });
  addEventListener("hashchange", async () => {
    if (embedding.embed) return; // an embed shows what its address asked for when it opened
    const room = readRoomLink(location.hash);
    if (room) {
      forgetLinkInAddress();
      leaveTraining();
      (await live.get()).join(room);
      return;
    }
    const asked = readPuzzleLink(location.hash);
    if (asked) {
      forgetLinkInAddress();
      if (asked.error) showNotice(msg("puzzle.badLink", { reason: asked.error }));
      else openPuzzles(asked.id);
      return;
    }
    // A link opened in a lesson or a puzzle is a game: they make way for it, the game kept first.
    if (readLink(location.hash) === null) return;
    leaveTraining();
    const said = openLinkInAddress(app);
    if (said.length > 0) showNotice(...said);
    else hideNotice();
  });
  performance.mark("walak-first-board");
  // An embed keeps nothing in the visitor's browser, offline files included.
  if (!embedding.embed) keepOffline({
    onUpdate: (update) => {
      $("update").hidden = false;
      $("update-now").addEventListener("click", update, { once: true });
    },
  });

  // Redraw at once when the room for the board or the pixel density changes (window resize, zoom,
  // a phone turned): in the middle of a move too, whose next frame takes the new size.
  const redrawIfNeeded = () => {
    fitStatus($("status"));
    view.resize();
  };
  // The header above the board changes height as its fonts arrive: the room for the board with it.
  const resizes = new ResizeObserver(redrawIfNeeded);
  resizes.observe(canvas.closest(".board-area"));
  resizes.observe(document.querySelector(".app-header"));
  // So does opening and closing the lesson's or a puzzle's panel.
  resizes.observe($("lesson"));
  resizes.observe($("puzzle"));
  addEventListener("resize", redrawIfNeeded);
  if (embedLayout) embedLayout.onFit(redrawIfNeeded);
}

/**
 * The count on Your games of the kept games by links waiting for the person's move; the button
 * says it in its name too.
 */
function showYourMoveCount(app) {
  if (!app.persist) return;
  const count = yourMoveCount(app.Game);
  const badge = $("games-your-move");
  badge.hidden = count === 0;
  badge.textContent = formatNumber(count);
  badge.dataset.count = String(count);
  if (count > 0) $("games").setAttribute("aria-label", t("games.buttonWaiting", { count }));
  else $("games").removeAttribute("aria-label");
  // On a phone Your games is behind More: the count shows there too.
  if (count > 0) $("more").dataset.waiting = formatNumber(count);
  else delete $("more").dataset.waiting;
}

/** Sets (or with `value` null, removes) a part of the address's query, keeping the page's history entry. */
function setAddressPart(name, value) {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, "", url);
}

function wireControls(app, analysis, live) {
  const on = (id, f) => $(id).addEventListener("click", f);
  on("undo", () => app.undo());
  on("redo", () => app.redo());
  on("pause", () => {
    app.animator.togglePause();
    app.changed();
  });
  // A step pauses the animation; the controls then show "Resume".
  on("step-event", () => {
    app.animator.stepEvent();
    app.changed();
  });
  on("step-lap", () => {
    app.animator.stepLap();
    app.changed();
  });
  on("skip", () => app.animator.skip());
  on("replay", () => app.replay());
  $("speed").addEventListener("change", (e) => {
    localStorage.setItem("walak-pussa.speed", e.target.value);
    app.setSpeed(e.target.value);
  });
  on("rules-button", async () => (await import("./ui/rules.js")).openRules($("rules"), app.Game));
  on("hint", () => analysis.askHint());
  // Share, Send your move and the end-of-game panel's Share open the one Share dialog.
  const share = later(async () => (await import("./share/share-dialog.js")).shareDialog(app));
  for (const id of ["share", "send-move", "game-over-share"]) on(id, async () => (await share.get()).open());
  $("embed-button").hidden = false;
  on("embed-button", async () => (await import("./share/embed-dialog.js")).openEmbedDialog(app));
  // On a phone the controls past the first row open on demand.
  on("more", () => {
    const open = $("controls").classList.toggle("open");
    $("more").setAttribute("aria-expanded", String(open));
  });
  const confirmTaps = $("confirm-taps");
  confirmTaps.checked = readChoice(CONFIRM_TAPS_KEY);
  confirmTaps.addEventListener("change", () => writeChoice(CONFIRM_TAPS_KEY, confirmTaps.checked));
  $("level").addEventListener("change", (e) => app.setLevel(e.target.value));
  $("show-evaluation").addEventListener("change", (e) => analysis.setShowEvaluation(e.target.checked));
  $("show-values").addEventListener("change", (e) => analysis.setShowValues(e.target.checked));
  on("notice-close", () => hideNotice());
  on("notice-games", () => {
    hideNotice();
    $("games").click();
  });
  on("notice-new-game", () => {
    hideNotice();
    app.newGame();
  });

  const dialog = $("new-game-dialog");
  const form = $("new-game-form");
  // The side is asked for against the computer or a friend by links, the level against the computer.
  const showComputerChoices = () => {
    const mode = form.elements.mode.value;
    for (const fieldset of form.querySelectorAll(".computer-only")) fieldset.hidden = mode !== "computer";
    for (const fieldset of form.querySelectorAll(".rival-only")) fieldset.hidden = mode === "two";
  };
  for (const radio of form.elements.mode) radio.addEventListener("change", showComputerChoices);
  const openNewGame = () => {
    // A live game's set-up offers two players at one device (a live game is made with #live-create).
    form.elements.mode.value = app.setup.mode === "live" ? "two" : app.setup.mode;
    form.elements.side.value = app.setup.side;
    form.elements.first.value = app.setup.first;
    form.elements.rounds.checked = app.setup.rounds;
    form.elements.level.value = app.setup.level;
    showComputerChoices();
    dialog.showModal();
  };
  on("new-game", openNewGame);
  // The end of a game: the same set-up again, or with the sides swapped — against the computer or
  // a friend by links the person takes the other side; two players at one device swap who starts.
  // In a live game, its room's rematch: the sides swapped once both players ask.
  on("game-over-rematch", () => (app.referee ? app.referee.rematch() : app.newGame(app.setup, "", "", app.start)));
  // Closed, the panel leaves the final position in view; the status then says the result.
  on("game-over-close", () => app.closeResult());
  on("game-over-swap", () => {
    const swapped = app.rival
      ? { ...app.setup, side: otherSide(app.setup.side) }
      : { ...app.setup, first: otherSide(app.setup.first) };
    app.newGame(swapped, "", "", app.start);
  });
  const chosenSetup = () => ({
    mode: form.elements.mode.value,
    side: form.elements.side.value,
    first: form.elements.first.value,
    rounds: form.elements.rounds.checked,
    level: form.elements.level.value,
  });
  // A position set up by hand is played as a single game by the players chosen in this dialog.
  const editor = later(async () => new (await import("./game/position-editor.js")).PositionEditor($("position-dialog"), app.Game,
    (start) => {
      hideNotice();
      app.newGame({ ...chosenSetup(), rounds: false, first: start.to_move }, "", "", start);
    }));
  dialog.addEventListener("close", async () => {
    if (dialog.returnValue === "position") (await editor.get()).open(positionOf(app.state));
    if (dialog.returnValue === "live") {
      // A room with this dialog's choices of who starts and rounds; its maker sits at South.
      const { first, rounds } = chosenSetup();
      hideNotice();
      (await live.get()).create({ rounds, first }, "south");
      return;
    }
    if (dialog.returnValue !== "start") return;
    hideNotice();
    app.newGame(chosenSetup());
  });
}

watchDialogs();
start();

/** Before the review is loaded, its buttons only follow the game: a line without moves has nothing to review. */
function reviewButtonsFollow(app) {
  const empty = !app.state || app.state.record.length + app.state.redo.length === 0;
  $("review").disabled = empty;
  $("game-over-review").disabled = empty;
}

/**
 * The computer's levels, weakest first, in the level menu and the new game dialog. Called again
 * on a change of language: the words change, the choices made stay.
 */
function fillLevelChoices(levels) {
  const menu = $("level");
  const choices = $("level-choices");
  if (menu.options.length === 0) {
    for (const { name } of levels) {
      menu.append(new Option(name, name));
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "level";
      radio.value = name;
      const text = document.createElement("span");
      text.dataset.level = name;
      label.append(radio, " ", text);
      choices.append(label);
    }
  }
  for (const { name, description } of levels) {
    menu.querySelector(`option[value="${name}"]`).textContent = levelName(name);
    choices.querySelector(`span[data-level="${name}"]`).textContent =
      t("level.choice", { name: levelName(name), description: levelAbout(name, description) });
  }
}
