// The page around the board: status, lap counter, controls, move list, end of game, notices.
// Everything here is drawn from the controller's state; nothing is decided here.

import { say, t } from "../i18n/index.js";
import {
  describeEvaluation, describeHint, describeMode, describeMove, describePlaying, describePly, describeResult,
  describeSummary, describeTurn, describeValuesState, lapText,
} from "./words.js";
import { boardLabel } from "../board/board-words.js";
import { fitStatus } from "./status-fit.js";
import { $ } from "../lib/dom.js";

/** Move values as the board canvas publishes them: "1:6,2:6,3:0" (ascending by hole). */
function moveValuesText(moveValues) {
  return Object.entries(moveValues)
    .map(([hole, value]) => [Number(hole), value])
    .sort((a, b) => a[0] - b[0])
    .map(([hole, value]) => `${hole}:${value}`)
    .join(",");
}

/**
 * Mirrors a scene onto the board element, for tests and for pages that embed the game; `playable`
 * is the moves the board rings as the person's to play now, the move values `analysis`'s.
 */
export function publishScene(element, scene, app, analysis, playable = []) {
  const d = element.dataset;
  d.board = scene.board.join(",");
  d.reserves = scene.reserves.join(",");
  // While a move is shown the counts are the frame's, but the position is still the one it was
  // played from, as the status line says ("North plays hole 6…"): the turn, the round and the
  // result change once the move has been shown.
  const position = app.animator.before ?? scene;
  d.toMove = position.toMove;
  d.status = position.status;
  d.round = String(position.round);
  d.legal = scene.legal.join(",");
  d.playable = playable.join(",");
  d.winner = position.status === "game_over" ? (position.winner ?? "draw") : "";
  d.ending = position.status === "game_over" ? (position.ending ?? "") : "";
  d.record = app.state.record;
  // The move that led here, marked on the board until the next one (contract: track indices).
  const last = app.lastMarks;
  d.lastMove = last ? String(last.hole) : "";
  d.lastCaptures = last ? last.captures.join(",") : "";
  d.animating = String(app.animating);
  const { kind } = app;
  d.mode = kind.mode;
  // In a game played by links, the person's side (contract: absent otherwise).
  if (kind.friendSide) d.you = kind.setup.side;
  else delete d.you;
  // In live play, the room's state and the person's seat there (contract: absent otherwise).
  const room = kind.room;
  if (room) d.live = room.liveState;
  else delete d.live;
  const seat = room?.seat ?? kind.seat;
  if (room && seat) d.seat = seat;
  else delete d.seat;
  // The player to move's exact move values, once proved (contract: "1:6,2:6,3:0,…").
  const exact = analysis.showValues ? analysis.currentExact : null;
  d.moveValues = exact?.state === "done" && exact.moveValues ? moveValuesText(exact.result.move_values) : "";
  element.setAttribute("aria-label", boardLabel(scene));
}

export function renderPage(app, analysis) {
  const { state, kind } = app;
  const { rival } = kind;
  const status = [];
  if (app.message) status.push(describeMove(app.message.side, app.message.number, app.message.summary, rival));
  // The result is the end-of-game panel's headline; an embed hides that panel, and a person may
  // close it to see the board: then the status says it.
  const over = state.status === "game_over" && !app.animating;
  const panel = over && !document.documentElement.dataset.embed && app.resultClosed !== state.record;
  if (!app.animating) {
    // A live game says its room's state around the turn: connecting, the friend away, a resignation.
    status.push(...kind.statusWords(describeTurn(state, { rival, thinking: app.thinking, resultShown: panel })));
  }
  else status.push(describePlaying(app.lastMove.side, app.lastMove.number));
  $("status").textContent = status.join(" ");
  $("status").classList.toggle("thinking", app.thinking);
  fitStatus($("status"));
  // In a game by links, the person's move goes to the friend: offered once it is the friend's turn.
  const friend = kind.friendSide;
  $("send-move").hidden = friend === null || app.animating
    || (state.status === "game_over" ? app.lastMove?.side === friend : state.to_move !== friend);
  $("board").dataset.thinking = String(app.thinking);

  const hint = analysis.currentHint;
  // No help where the kind of game bars it (a lesson, the players of a live game), with its words.
  const noHelp = kind.noHelp(state);
  const noHelpSaid = noHelp?.said ? say(noHelp.said) : null;
  $("hint").disabled = state.status !== "playing" || app.animating || state.to_move === rival?.side || noHelp !== null;
  $("hint-text").textContent = !hint ? "" : hint.number === null ? t("hint.looking") : describeHint(state.to_move, hint);
  const evaluation = analysis.currentEvaluation;
  $("show-evaluation").checked = analysis.showEvaluation;
  // While the evaluation is on, its line keeps its place (empty at the end of a game): nothing below jumps.
  $("evaluation").hidden = !analysis.showEvaluation;
  $("evaluation").classList.toggle("unused", state.status !== "playing");
  if (analysis.showEvaluation) {
    $("evaluation").textContent = noHelpSaid
      ?? (evaluation ? describeEvaluation(evaluation.south, evaluation.exact) : t("evaluation.weighing"));
  }
  renderValuesNote(app, analysis, noHelpSaid);
  // The level menu during a game against the computer.
  $("level-label").hidden = kind.computerSide === null;
  $("level").value = kind.setup.level;

  // Animation controls apply to a move being shown; replay to the last move.
  const paused = app.animator.paused;
  $("pause").setAttribute("aria-pressed", String(paused));
  $("pause").textContent = t(paused ? "control.resume" : "control.pause");
  for (const id of ["pause", "step-event", "step-lap", "skip"]) $(id).disabled = !app.animating;
  $("replay").disabled = !app.lastMove;
  $("speed").value = app.animator.speed;
  if (!app.animating) $("lap-counter").textContent = "";
  else showLap(app.scene);

  // A live game's moves are its room's: stepping back goes through the move list, not Undo.
  $("undo").disabled = !state.can_undo || !kind.undoes;
  $("redo").disabled = !state.can_redo;
  $("mode-line").textContent = describeMode(kind.modeWords(), kind.setup.rounds, state.round);

  $("game-over").hidden = !panel;
  if (over) {
    const { headline, how } = describeResult(state, rival);
    $("result").textContent = headline;
    $("result-how").textContent = how;
    showSummary($("game-summary"), app.summary, { rounds: app.options.rounds, rival });
  }
  renderMoveList($("move-list"), state, app);
}

/**
 * Shows `summary` in the list `element` (a `<dl>`) and publishes it for tests and embedding pages
 * (docs/page-contract.md); a missing summary hides the list.
 */
function showSummary(element, summary, { rounds = false, rival = null } = {}) {
  element.hidden = summary === null;
  const d = element.dataset;
  if (summary === null) {
    for (const name of Object.keys(d)) delete d[name];
    element.replaceChildren();
    return;
  }
  const { longestRelay, biggestNecklace, captured } = summary;
  d.longestRelay = String(longestRelay?.laps ?? 0);
  d.longestRelayMove = String(longestRelay?.ply ?? "");
  d.biggestNecklace = String(biggestNecklace?.beads ?? 0);
  d.biggestNecklaceSeeds = String(biggestNecklace?.seeds ?? 0);
  d.biggestNecklaceMove = String(biggestNecklace?.ply ?? "");
  d.captured = captured.join(",");
  const items = describeSummary(summary, { rounds, rival }).flatMap(({ term, detail }) => {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = detail;
    return [dt, dd];
  });
  element.replaceChildren(...items);
}

export function showLap(scene) {
  $("lap-counter").textContent = lapText(scene.lap);
}

function renderMoveList(list, state, app) {
  const current = state.record.length;
  const items = [moveButton(0, t("moves.start"), current, app)];
  // The other lines of the move list, each after the move where it leaves the line on the board.
  const { branches } = app.variations;
  const branchesAt = (ply) => branches.filter((b) => b.from === ply).map((b) => branchItem(b, app));
  if (app.lineAt !== 0 && app.lines.length > 1) items.unshift(variationHere(app));
  items.push(...branchesAt(0));
  let round = 0;
  state.line.forEach((ply, i) => {
    if (state.rounds && ply.round !== round) {
      round = ply.round;
      const heading = document.createElement("li");
      heading.className = "round-heading";
      heading.textContent = t("moves.round", { round });
      items.push(heading);
    }
    const { text, label } = describePly(i + 1, ply.side, ply.number);
    items.push(moveButton(i + 1, text, current, app, label), ...branchesAt(i + 1));
  });
  list.replaceChildren(...items);
  // Keep the current move in view inside the list, without scrolling the page.
  const item = list.querySelector('[aria-current="step"]')?.parentElement;
  if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = item.offsetTop - list.clientHeight / 2;
  }
}

function moveButton(ply, text, current, app, label = null) {
  const item = document.createElement("li");
  const button = smallButton("move", text, () => app.goTo(ply));
  button.dataset.ply = String(ply);
  if (label) button.setAttribute("aria-label", label);
  if (ply === current) button.setAttribute("aria-current", "step");
  if (ply > current) button.classList.add("future");
  item.append(button);
  return item;
}

function smallButton(className, text, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = text;
  button.addEventListener("click", onClick);
  return button;
}

/** The buttons that make line `index` the main line and delete it (a variation only). */
function lineActions(index, app) {
  return [
    smallButton("variation-promote", t("moves.promote"), () => app.variations.promote(index)),
    smallButton("variation-delete", t("moves.deleteVariation"), () => app.variations.remove(index)),
  ];
}

/** A line that leaves the line on the board: its moves from there, each a button that goes to it. */
function branchItem({ index, from, moves }, app) {
  const item = document.createElement("li");
  item.className = index === 0 ? "variation main-line" : "variation";
  item.dataset.line = String(index);
  const title = document.createElement("span");
  title.className = "variation-title";
  title.textContent = t(index === 0 ? "moves.mainLine" : "moves.variation");
  item.append(title);
  const plies = app.variations.pliesOf(index);
  for (let ply = from + 1; ply <= from + moves.length; ply++) {
    const { side, number } = plies[ply - 1];
    const { text, label } = describePly(ply, side, number);
    const button = smallButton("variation-move", text, () => app.variations.goTo(index, ply));
    button.dataset.ply = String(ply);
    button.setAttribute("aria-label", label);
    item.append(button);
  }
  if (index !== 0) item.append(...lineActions(index, app));
  return item;
}

/** Says that the line on the board is a variation, with its actions. */
function variationHere(app) {
  const item = document.createElement("li");
  item.className = "variation-here";
  const text = document.createElement("span");
  text.textContent = t("moves.inVariation");
  item.append(text, ...lineActions(app.lineAt, app));
  return item;
}

// The notice on show, kept as messages (i18n msg) so that it can be said again in another language.
let noticeMessages = [];

/** Shows a notice: one or more messages (or plain strings), said one after the other. */
export function showNotice(...messages) {
  noticeMessages = messages;
  $("notice-text").textContent = messages.map(say).join(" ");
  // A game put aside for a link, or kept beside the link's, is one tap away.
  const kept = messages.some((m) => m?.key === "games.keptAside" || m?.key === "linkGame.differs");
  $("notice-games").hidden = !kept;
  $("notice-new-game").hidden = kept;
  $("notice").hidden = false;
}

/**
 * Hides the notice; with `key`, only a notice saying that message (one that no longer holds).
 * @param {string | null} [key]
 */
export function hideNotice(key = null) {
  if (key !== null && !noticeMessages.some((m) => m?.key === key)) return;
  noticeMessages = [];
  $("notice").hidden = true;
}

/** Says the notice again, in the language now in use. */
export function retranslateNotice() {
  if (noticeMessages.length > 0) $("notice-text").textContent = noticeMessages.map(say).join(" ");
}

/**
 * Tells screen readers something once, through the polite live region. Saying the same words
 * again (a replayed move) is heard again: the region is emptied first.
 */
let announcing = null;
export function announce(text) {
  const region = $("announcer");
  clearTimeout(announcing);
  region.textContent = "";
  // A moment later, so that assistive technology sees the emptying and then the new words.
  announcing = setTimeout(() => {
    region.textContent = text;
  }, 50);
}

/** The line under the board about exact values: their legend, that they are being worked out,
 * or why there are none (`noHelpSaid`: the kind of game's words); and a perfect computer's move
 * that could not be proved. */
function renderValuesNote(app, analysis, noHelpSaid) {
  const note = $("values-note");
  $("show-values").checked = analysis.showValues;
  let text = "";
  if (app.unprovenMove === app.state.record) text = t("values.unprovenMove");
  else if (analysis.showValues && noHelpSaid) text = noHelpSaid;
  else if (analysis.showValues && app.state.status === "playing") text = describeValuesState(analysis.currentExact, app.options.rounds);
  note.textContent = text;
  // Where the values shown came from, and the solver's table (contract: docs/page-contract.md).
  const exact = analysis.showValues ? analysis.currentExact : null;
  const result = exact?.state === "done" ? exact.result : null;
  note.dataset.source = !result ? "" : result.book ? "book" : result.cached ? "kept" : "solved";
  note.dataset.tableMb = analysis.exact.computer.tableMb ?? "";
  // While values are on, the line keeps its place even when it has nothing to say.
  note.hidden = text === "" && !analysis.showValues;
  note.classList.toggle("unused", text === "");
}
