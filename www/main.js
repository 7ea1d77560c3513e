// Entry point: loads the engine, restores or starts a game, and connects the controller to the
// board, the hole buttons, the controls and the dialogs.

import { loadEngine } from "./engine.js";
import { App } from "./app.js";
import { drawBoard } from "./board.js";
import { HoleButtons, listenForHoleKeys } from "./input.js";
import { hideNotice, publishScene, renderPage, showLap, showNotice } from "./ui.js";
import { forgetSetupInAddress, readQuery } from "./url.js";
import { openRules } from "./rules.js";
import { describePreview } from "./words.js";
import { forgetLinkInAddress, linkTo, readLink } from "./share.js";
import { announceMove } from "./host.js";
import { applyTheme, enterEmbedLayout, readEmbedOptions, startEmbed } from "./embed.js";
import { wireEmbedButton } from "./embed-dialog.js";
import { openGame, positionOf } from "./game-start.js";
import { PositionEditor } from "./position-editor.js";
import { keepOffline } from "./offline.js";

const $ = (id) => document.getElementById(id);
const canvas = $("board");

// The theme, and the embedded form of the page (embed.js), before anything is drawn.
const embedding = readEmbedOptions(location.search);
applyTheme(embedding.theme);
const embedLayout = embedding.embed ? enterEmbedLayout(embedding) : null;

function showError(message) {
  canvas.dataset.status = "error";
  canvas.hidden = true;
  $("status").classList.add("error");
  $("status").textContent = message;
}

function showProgress({ loaded, total }) {
  if (total > 0) $("status").textContent = `Loading the game… ${Math.min(100, Math.round((100 * loaded) / total))}%`;
}

async function start() {
  let engine;
  try {
    engine = await loadEngine({ onProgress: showProgress });
  } catch (error) {
    console.warn("walak: engine failed to load:", error);
    showError(`The game engine could not be loaded (${error.message}). Please reload the page; it needs a browser with WebAssembly enabled.`);
    return;
  }

  let preview = null; // {hole, summary} of the hole under the pointer or focus
  let holes = null;
  let app = null;
  let embedDriver = null; // the embed's demo or loop, which follows every change

  const draw = (scene, motion = null) => {
    const shown = app.animating ? null : preview;
    const hint = app.animating ? null : app.currentHint;
    const hintHole = hint?.number ? (app.state.to_move === "south" ? hint.number - 1 : hint.number + 6) : null;
    const layout = drawBoard(canvas, scene, {
      motion,
      preview: shown?.summary ?? null,
      focus: shown?.hole ?? null,
      hint: hintHole,
    });
    publishScene(canvas, scene, app);
    holes.update(layout, scene, (n) => app.canPlay(n));
  };

  app = new App(engine.Game, {
    onChange: (a) => {
      renderPage(a);
      draw(a.scene);
      embedDriver?.changed();
    },
    onFrame: (scene, motion) => draw(scene, motion),
    onEvent: (_event, scene) => showLap(scene),
    onTrouble: (message) => showNotice(message),
    onMove: announceMove,
    // An embedded game never touches the person's own saved game.
    persist: !embedding.embed,
  });
  fillLevelChoices(engine.Thinker.levels());

  const setPreview = (number, hole) => {
    const summary = number === null ? null : app.preview(number);
    preview = summary && hole !== null && (hole < 7 ? "south" : "north") === app.state.to_move ? { hole, summary } : null;
    $("preview").textContent = preview ? describePreview(number, preview.summary) : "";
    if (!app.animating) draw(app.scene);
  };
  holes = new HoleButtons($("holes"), {
    play: (number) => {
      preview = null;
      $("preview").textContent = "";
      app.play(number);
    },
    preview: setPreview,
  });
  listenForHoleKeys((number) => app.play(number));

  // Speed: from the address, else what was chosen before, else calm motion if the person asked
  // their system for less of it.
  const query = readQuery(location.search);
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const chosen = embedding.embed ? null : localStorage.getItem("walak-pussa.speed");
  let speed = query.speed ?? chosen ?? (reduced ? "instant" : "normal");
  if (!["slow", "normal", "fast", "instant"].includes(speed)) speed = "normal";
  app.animator.setSpeed(speed);

  const unreadable = app.restore(); // none in embed mode: it keeps no saved game
  let embedProblems = null;
  if (embedding.embed) {
    ({ driver: embedDriver, problems: embedProblems } = startEmbed(app, embedding, query.setup, embedLayout));
  } else if (query.setup) {
    app.newGame(query.setup);
    forgetSetupInAddress();
  } else if (app.game === null) {
    app.newGame();
  }
  const notices = [];
  const linkProblem = embedding.embed ? embedProblems : openLink(app);
  if (linkProblem) notices.push(linkProblem);
  if (unreadable !== null) {
    notices.push(`Your saved game could not be read: ${unreadable}. It has been kept aside in this browser, and a new game has been set up.`);
  }
  const problems = [...query.problems, ...(embedding.embed ? [] : embedding.problems)];
  if (problems.length > 0) notices.push(`Part of the address was not understood: ${problems.join("; ")}.`);
  if (notices.length > 0) showNotice(notices.join(" "));

  wireControls(app);
  addEventListener("hashchange", () => {
    if (embedding.embed) return; // an embed shows what its address asked for when it opened
    const problem = openLink(app);
    if (problem) showNotice(problem);
  });
  performance.mark("walak-first-board");
  // An embed keeps nothing in the visitor's browser, offline files included.
  if (!embedding.embed) keepOffline({
    onUpdate: (update) => {
      $("update").hidden = false;
      $("update-now").addEventListener("click", update, { once: true });
    },
  });

  // Redraw when the board's width or the pixel density changes (window resize, zoom, rotation).
  let lastKey = "";
  const redrawIfNeeded = () => {
    const key = `${canvas.clientWidth}x${window.devicePixelRatio}`;
    if (key !== lastKey) {
      lastKey = key;
      if (!app.animating) draw(app.scene);
    }
  };
  new ResizeObserver(redrawIfNeeded).observe(canvas);
}

/** Opens the game of a link in the address, if there is one. Returns what is wrong with a bad link. */
function openLink(app) {
  const link = readLink(location.hash, (moves, options, start) => openGame(app.Game, { start, options, record: moves }).free());
  if (link === null) return null;
  forgetLinkInAddress();
  if (link.error) return `This link could not be opened: ${link.error}. Your own game is as you left it.`;
  hideNotice();
  const { options, moves, at, start } = link;
  app.newGame({ ...app.setup, mode: "two", ...options }, moves.slice(0, at), moves.slice(at), start);
  return null;
}

function wireControls(app) {
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
  on("rules-button", () => openRules($("rules"), app.Game));
  on("hint", () => app.askHint());
  const shareLink = () =>
    $("share-position-only").checked
      ? linkTo(app.options, "", "", positionOf(app.state))
      : linkTo(app.options, app.state.record, app.state.redo, app.start);
  on("share", () => {
    $("share-link").value = shareLink();
    $("share-said").textContent = "";
    $("share-dialog").showModal();
    $("share-link").select();
  });
  wireEmbedButton($("embed-button"), app);
  $("share-position-only").addEventListener("change", () => {
    $("share-link").value = shareLink();
    $("share-said").textContent = "";
  });
  on("share-copy", async () => {
    $("share-link").select();
    try {
      await navigator.clipboard.writeText($("share-link").value);
      $("share-said").textContent = "Copied.";
    } catch {
      $("share-said").textContent = "Copying was not allowed here: the link is selected, copy it yourself.";
    }
  });
  $("level").addEventListener("change", (e) => app.setLevel(e.target.value));
  $("show-evaluation").addEventListener("change", (e) => app.setShowEvaluation(e.target.checked));
  on("notice-close", hideNotice);
  on("notice-new-game", () => {
    hideNotice();
    app.newGame();
  });

  const dialog = $("new-game-dialog");
  const form = $("new-game-form");
  const openNewGame = () => {
    form.elements.mode.value = app.setup.mode;
    form.elements.side.value = app.setup.side;
    form.elements.first.value = app.setup.first;
    form.elements.rounds.checked = app.setup.rounds;
    form.elements.level.value = app.setup.level;
    dialog.showModal();
  };
  on("new-game", openNewGame);
  on("game-over-new", openNewGame);
  const chosenSetup = () => ({
    mode: form.elements.mode.value,
    side: form.elements.side.value,
    first: form.elements.first.value,
    rounds: form.elements.rounds.checked,
    level: form.elements.level.value,
  });
  // A position set up by hand is played as a single game by the players chosen in this dialog.
  const editor = new PositionEditor($("position-dialog"), app.Game, (start) => {
    hideNotice();
    app.newGame({ ...chosenSetup(), rounds: false, first: start.to_move }, "", "", start);
  });
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "position") editor.open(positionOf(app.state));
    if (dialog.returnValue !== "start") return;
    hideNotice();
    app.newGame(chosenSetup());
  });
}

start();

/** The computer's levels, weakest first, in the level menu and the new game dialog. */
function fillLevelChoices(levels) {
  const menu = $("level");
  const choices = $("level-choices");
  for (const { name, description } of levels) {
    const title = name.charAt(0).toUpperCase() + name.slice(1);
    menu.append(new Option(title, name));
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "level";
    radio.value = name;
    const text = document.createElement("span");
    text.textContent = ` ${title}: ${description}`;
    label.append(radio, text);
    choices.append(label);
  }
}
