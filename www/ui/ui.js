// @ts-check
// The page around the board: status, lap counter, controls, move list, end of game, notices.
// Everything here is drawn from the controller's state; nothing is decided here.

import { holeOfMove, plyCount } from "../lib/records.js";
import { renderDirectionChoice } from "./direction.js";
import { say, t } from "../i18n/index.js";
import {
  describeEvaluation, describeHint, describeMode, describeMove, describePlaying, describePly, describeResignation, describeResult,
  describeSummary, describeTurn, describeValuesState, lapText,
} from "./words.js";
import { boardLabel } from "../board/board-words.js";
import { otherSide } from "../lib/sides.js";
import { fitStatus } from "./status-fit.js";
import { $, beforeNextFrame } from "../lib/dom.js";

/** @import { GameState, Ply, Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { MoveMarks } from "../board/board.js" */
/** @import { MoveSummary, Scene } from "../board/scene.js" */
/** @import { FoundHint, Rival, SummaryWords } from "./words.js" */

/**
 * What the page around the board reads of the game's controller (game/app.js, which
 * page/compose.js hands it), and what its move list asks of it: to go to a move, or to a move of
 * another line, and to promote or delete a line.
 * @typedef {object} PageController
 * @property {GameState} state
 * @property {Scene} scene                 the position shown: a move's frame while it is shown
 * @property {PageKind} kind
 * @property {{rounds: boolean}} options
 * @property {boolean} animating           a move is being shown
 * @property {boolean} thinking            an opponent is taking its turn
 * @property {{side: Side, number: number, summary: MoveSummary} | null} message  what the last move shown did
 * @property {{side: Side, number: number} | null} lastMove  the move that led to the position shown
 * @property {MoveMarks | null} lastMarks  its marks on the board
 * @property {string | null} resultClosed  the record whose end-of-game panel the person closed
 * @property {string | null} unprovenMove  the record after a perfect computer's move it could not prove
 * @property {SummaryWords | null} summary the game played to the position shown, summed up
 * @property {{before: Scene | null, paused: boolean, speed: string}} animator  the move being shown
 * @property {readonly string[]} lines     the move list's lines, main line first
 * @property {number} lineAt               the line on the board
 * @property {(ply: number) => void} goTo  shows the position after `ply` moves of the line on the board
 * @property {PageVariations} variations
 * @property {import("./direction.js").DirectionController["directionChoice"]} directionChoice  Parker's: the direction asked for, or null
 */
/**
 * The move list's other lines (game/variations.js), as the move list shows them and acts on them.
 * @typedef {object} PageVariations
 * @property {{index: number, from: number, moves: string}[]} branches  each line where it leaves the one on the board
 * @property {(index: number) => Ply[]} pliesOf
 * @property {(index: number, ply: number) => void} goTo
 * @property {(index: number) => void} promote
 * @property {(index: number) => void} remove
 */
/**
 * The kind of game (game/kinds/kind.js `Kind`), as the page around the board reads it: its name
 * and set-up, who plays the other side, the live room, what it allows, and its words.
 * @typedef {object} PageKind
 * @property {string} mode                 `#board[data-mode]`
 * @property {{side: Side, level: string, rounds: boolean}} setup
 * @property {Rival | null} rival
 * @property {Side | null} friendSide      in a game by links, the friend's side
 * @property {Side | null} computerSide    against the computer, its side
 * @property {Side | "spectator" | null} seat  in a live game, the person's seat
 * @property {{liveState: string, seat: string | null} | null} room  the live game's room
 * @property {boolean} undoes              Undo is offered
 * @property {() => Side | null} resigned  the side that gave the game up (a live game), or null
 * @property {(state: GameState) => {said: Message | null} | null} noHelp  why no help is given now, or null
 * @property {(turn: string) => string[]} statusWords  the status line's sentences around the turn
 * @property {() => string} modeWords      who plays whom
 */
/**
 * What the page reads of the help beside the game (analysis/analysis.js): whether the evaluation
 * and the move values are on, the hint (being looked for, or found), the evaluation, what is
 * proved of the position shown (analysis/values.js `ExactEntry`), and the solver's table.
 * @typedef {object} PageHelp
 * @property {boolean} showEvaluation
 * @property {boolean} showValues
 * @property {{number: null} | FoundHint | null} currentHint
 * @property {{south: number, exact: boolean} | null} currentEvaluation
 * @property {ExactValues | null} currentExact
 * @property {{computer: {tableMb: number | null}}} exact
 */
/**
 * What is proved of a position: being proved, proved (with every move's value when `moveValues`
 * were asked for, and where it came from), not proved in time, or failed and why.
 * @typedef {object} ExactValues
 * @property {"pending" | "done" | "unproven" | "failed"} state
 * @property {boolean} moveValues
 * @property {{move_values?: Record<string, number>, book?: boolean, cached?: boolean, linked?: boolean} | null} result
 * @property {string | null} reason
 */

/**
 * Move values as the board canvas publishes them: "1:6,2:6,3:0" (ascending by hole); in Parker's
 * games by the move as written, "1+:6,1-:-2,…" (a bare "+" or "-" first).
 * @param {Record<string, number>} moveValues
 */
function moveValuesText(moveValues) {
  const order = (/** @type {string} */ move) => holeOfMove(move) * 2 + (move.endsWith("-") ? 1 : 0);
  return Object.entries(moveValues)
    .sort((a, b) => order(a[0]) - order(b[0]))
    .map(([move, value]) => `${move}:${value}`)
    .join(",");
}

/**
 * The marked holes of a list by track index: "3:puta,9:naga".
 * @param {readonly (string | null)[]} marks
 */
const marksText = (marks) => marks.flatMap((mark, hole) => (mark ? [`${hole}:${mark}`] : [])).join(",");

/**
 * Mirrors a scene onto the board element, for tests and for pages that embed the game; `playable`
 * is the moves the board rings as the person's to play now, the move values `analysis`'s.
 * @param {HTMLElement} element  `#board`
 * @param {Scene} scene
 * @param {PageController} app
 * @param {PageHelp} analysis
 * @param {readonly number[]} [playable]
 */
export function publishScene(element, scene, app, analysis, playable = []) {
  const d = element.dataset;
  d.board = scene.board.join(",");
  d.reserves = scene.reserves.join(",");
  // While a move is shown the counts are the frame's, but the position is still the one it was
  // played from, as the status line says ("North plays hole 6…"): the turn, the round and the
  // result change once the move has been shown.
  const position = app.animator.before ?? scene;
  // A live game given up is over, though the rules would play on: its winner is the other side.
  const resigned = app.animating ? null : app.kind.resigned();
  d.toMove = position.toMove;
  d.status = resigned ? "game_over" : position.status;
  d.round = String(position.round);
  d.legal = resigned ? "" : scene.legal.join(",");
  d.playable = playable.join(",");
  d.winner = resigned ? otherSide(resigned) : position.status === "game_over" ? (position.winner ?? "draw") : "";
  d.ending = resigned ? "resigned" : position.status === "game_over" ? (position.ending ?? "") : "";
  d.record = app.state.record;
  // Parker's rule sets (contract: absent in today's games): the rule set, the direction ("+", "-",
  // or "" before it is chosen), and the marked holes by track index, "3:puta,9:naga", "0:south".
  if (scene.rules !== "mancala-world") {
    d.rules = scene.rules;
    d.direction = scene.direction ?? "";
    d.blocked = marksText(scene.blocked);
    d.tied = marksText(scene.tiedBy);
  } else for (const name of ["rules", "direction", "blocked", "tied"]) delete d[name];
  // The move that led here, marked on the board until the next one (contract: track indices).
  const last = app.lastMarks;
  d.lastMove = last?.hole != null ? String(last.hole) : "";
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
  const values = exact?.state === "done" && exact.moveValues ? exact.result?.move_values : undefined;
  d.moveValues = values ? moveValuesText(values) : "";
  element.setAttribute("aria-label", boardLabel(scene));
}

/**
 * Draws the page around the board for the game and the help as they are now: the status, the
 * controls, the evaluation and the values' line, the mode line, the end of a game, the move list.
 * @param {PageController} app
 * @param {PageHelp} analysis
 */
export function renderPage(app, analysis) {
  const { state, kind } = app;
  const { rival } = kind;
  const status = [];
  if (app.message) status.push(describeMove(app.message.side, app.message.number, app.message.summary, rival));
  // The result is the end-of-game panel's headline; an embed hides that panel, and a person may
  // close it to see the board: then the status says it.
  // A live game given up is over as a finished one is: its panel says so.
  const resigned = app.animating ? null : kind.resigned();
  const over = (state.status === "game_over" || resigned !== null) && !app.animating;
  const panel = over && !document.documentElement.dataset.embed && app.resultClosed !== state.record;
  if (!app.animating) {
    // A live game says its room's state around the turn: connecting, the friend away, a resignation.
    status.push(...kind.statusWords(describeTurn(state, { rival, thinking: app.thinking, resultShown: panel })));
  }
  else if (app.lastMove) status.push(describePlaying(app.lastMove.side, app.lastMove.number));
  $("status").textContent = status.join(" ");
  $("status").classList.toggle("thinking", app.thinking);
  beforeNextFrame("status-fit", () => fitStatus($("status")));
  // In a game by links, the person's move goes to the friend: offered once it is the friend's turn.
  const friend = kind.friendSide;
  $("send-move").hidden = friend === null || app.animating
    || (state.status === "game_over" ? app.lastMove?.side === friend : state.to_move !== friend);
  $("board").dataset.thinking = String(app.thinking);

  const hint = analysis.currentHint;
  // No help where the kind of game bars it (a lesson, the players of a live game), with its words.
  const noHelp = kind.noHelp(state);
  const noHelpSaid = noHelp?.said ? say(noHelp.said) : null;
  $("hint").disabled = state.status !== "playing" || resigned !== null || app.animating || state.to_move === rival?.side
    || noHelp !== null;
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
  for (const id of /** @type {const} */ (["pause", "step-event", "step-lap", "skip"])) $(id).disabled = !app.animating;
  $("replay").disabled = !app.lastMove;
  $("speed").value = app.animator.speed;
  if (!app.animating) $("lap-counter").textContent = "";
  else showLap(app.scene);

  // A live game's moves are its room's: stepping back goes through the move list, not Undo.
  $("undo").disabled = !state.can_undo || !kind.undoes;
  $("redo").disabled = !state.can_redo;
  const mode = describeMode(kind.modeWords(), kind.setup.rounds, state.round);
  // Parker's rule sets are named after who plays whom (today's are the page's own game).
  $("mode-line").textContent = state.rules === "parker-walak" || state.rules === "parker-kotu"
    ? t("mode.ruleSet", { mode, rules: t(state.rules === "parker-kotu" ? "ruleset.kotu" : "ruleset.walak") }) : mode;

  $("game-over").hidden = !panel;
  if (over) {
    const { headline, how } = resigned ? { headline: describeResignation(resigned, kind.seat), how: "" } : describeResult(state, rival);
    $("result").textContent = headline;
    $("result-how").textContent = how;
    showSummary($("game-summary"), app.summary, { rounds: app.options.rounds, rival });
  }
  renderMoveList($("move-list"), state, app);
  renderDirectionChoice(app);
}

/**
 * Shows `summary` in the list `element` (a `<dl>`) and publishes it for tests and embedding pages
 * (docs/page-contract.md); a missing summary hides the list.
 * @param {HTMLElement} element
 * @param {SummaryWords | null} summary
 * @param {{rounds?: boolean, rival?: Rival | null}} [about]
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

/**
 * The lap counter, for the frame of a move being shown.
 * @param {Scene} scene
 */
export function showLap(scene) {
  $("lap-counter").textContent = lapText(scene.lap);
}

/**
 * A move of the list as it is written: its hole, or in Parker's rule sets the move in the
 * notation ("4+", "3", a new round's "-").
 * @param {GameState} state
 * @param {Ply} ply
 */
const plyWritten = (state, ply) => (state.rules === "parker-walak" || state.rules === "parker-kotu" ? ply.move : ply.number);

/**
 * @param {HTMLElement} list  `#move-list`
 * @param {GameState} state
 * @param {PageController} app
 */
function renderMoveList(list, state, app) {
  const current = plyCount(state.record);
  const items = [moveButton(0, t("moves.start"), current, app)];
  // The other lines of the move list, each after the move where it leaves the line on the board.
  const { branches } = app.variations;
  const branchesAt = (/** @type {number} */ ply) => branches.filter((b) => b.from === ply).map((b) => branchItem(b, app));
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
    const { text, label } = describePly(i + 1, ply.side, plyWritten(state, ply));
    items.push(moveButton(i + 1, text, current, app, label), ...branchesAt(i + 1));
  });
  list.replaceChildren(...items);
  // Keep the current move in view inside the list, without scrolling the page.
  beforeNextFrame("move-list", () => {
    const item = list.querySelector('[aria-current="step"]')?.parentElement;
    if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
  });
}

/**
 * A move of the line on the board, a button that goes to it (`ply` 0: the start).
 * @param {number} ply
 * @param {string} text
 * @param {number} current  the moves played in the position shown
 * @param {PageController} app
 * @param {string | null} [label]  its spoken name, when not its text
 */
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

/**
 * @param {string} className
 * @param {string} text
 * @param {() => void} onClick
 */
function smallButton(className, text, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = text;
  button.addEventListener("click", onClick);
  return button;
}

/**
 * The buttons that make line `index` the main line and delete it (a variation only).
 * @param {number} index
 * @param {PageController} app
 */
function lineActions(index, app) {
  return [
    smallButton("variation-promote", t("moves.promote"), () => app.variations.promote(index)),
    smallButton("variation-delete", t("moves.deleteVariation"), () => app.variations.remove(index)),
  ];
}

/**
 * A line that leaves the line on the board: its moves from there, each a button that goes to it.
 * @param {{index: number, from: number, moves: string}} branch
 * @param {PageController} app
 */
function branchItem({ index, from, moves }, app) {
  const item = document.createElement("li");
  item.className = index === 0 ? "variation main-line" : "variation";
  item.dataset.line = String(index);
  const title = document.createElement("span");
  title.className = "variation-title";
  title.textContent = t(index === 0 ? "moves.mainLine" : "moves.variation");
  item.append(title);
  const plies = app.variations.pliesOf(index);
  for (let ply = from + 1; ply <= from + plyCount(moves); ply++) {
    const { text, label } = describePly(ply, plies[ply - 1].side, plyWritten(app.state, plies[ply - 1]));
    const button = smallButton("variation-move", text, () => app.variations.goTo(index, ply));
    button.dataset.ply = String(ply);
    button.setAttribute("aria-label", label);
    item.append(button);
  }
  if (index !== 0) item.append(...lineActions(index, app));
  return item;
}

/**
 * Says that the line on the board is a variation, with its actions.
 * @param {PageController} app
 */
function variationHere(app) {
  const item = document.createElement("li");
  item.className = "variation-here";
  const text = document.createElement("span");
  text.textContent = t("moves.inVariation");
  item.append(text, ...lineActions(app.lineAt, app));
  return item;
}

// The notice on show, kept as messages (i18n msg) so that it can be said again in another language.
/** @type {(Message | string)[]} */
let noticeMessages = [];

/**
 * Shows a notice: one or more messages (or plain strings), said one after the other.
 * @param {...(Message | string)} messages
 */
export function showNotice(...messages) {
  noticeMessages = messages;
  $("notice-text").textContent = messages.map(say).join(" ");
  const keys = messages.map((m) => (typeof m === "string" ? "" : m.key));
  // A game put aside for a link, or kept beside the link's, is one tap away.
  const kept = keys.some((key) => key === "games.keptAside" || key === "linkGame.differs");
  $("notice-games").hidden = !kept;
  // A notice that only informs is drawn as information, not as trouble; like a live game that
  // could not be made or entered (the board is as it was, to try again), it calls for no new game.
  const informs = keys.every((key) => INFORMING.has(key));
  $("notice").dataset.tone = informs ? "info" : "problem";
  $("notice").setAttribute("role", informs ? "status" : "alert");
  $("notice-new-game").hidden = keys.every((key) => INFORMING.has(key) || BOARD_AS_IT_WAS.has(key));
  $("notice").hidden = false;
}

// The notices that only inform: nothing went wrong, and nothing is to be done about it.
const INFORMING = new Set(["games.keptAside", "linkGame.differs", "linkGame.older"]);
// Trouble that left the game on the board as it was (a link's values put right): a new game is not the way on.
const BOARD_AS_IT_WAS = new Set(["live.cannotMake", "live.cannotEnter", "notice.linkValuesWrong"]);

/**
 * Hides the notice; with `key`, only a notice saying that message (one that no longer holds).
 * @param {string | null} [key]
 */
export function hideNotice(key = null) {
  if (key !== null && !noticeMessages.some((m) => typeof m !== "string" && m.key === key)) return;
  noticeMessages = [];
  $("notice").hidden = true;
}

/** Says the notice again, in the language now in use. */
export function retranslateNotice() {
  if (noticeMessages.length > 0) $("notice-text").textContent = noticeMessages.map(say).join(" ");
}

/** @type {ReturnType<typeof setTimeout> | undefined} the words about to be said */
let announcing;
/**
 * Tells screen readers something once, through the polite live region. Saying the same words
 * again (a replayed move) is heard again: the region is emptied first.
 * @param {string} text
 */
export function announce(text) {
  const region = $("announcer");
  clearTimeout(announcing);
  region.textContent = "";
  // A moment later, so that assistive technology sees the emptying and then the new words.
  announcing = setTimeout(() => {
    region.textContent = text;
  }, 50);
}

/** The move values proved of the position shown, by move, when they are on. @param {PageHelp} analysis */
function shownValues(analysis) {
  const exact = analysis.showValues ? analysis.currentExact : null;
  return (exact?.state === "done" && exact.moveValues ? exact.result?.move_values : undefined) ?? {};
}

/** The line under the board about exact values: their legend, that they are being worked out,
 * or why there are none (`noHelpSaid`: the kind of game's words); and a perfect computer's move
 * that could not be proved.
 * @param {PageController} app
 * @param {PageHelp} analysis
 * @param {string | null} noHelpSaid
 */
function renderValuesNote(app, analysis, noHelpSaid) {
  const note = $("values-note");
  $("show-values").checked = analysis.showValues;
  let text = "";
  if (app.unprovenMove === app.state.record) text = t("values.unprovenMove");
  else if (analysis.showValues && noHelpSaid) text = noHelpSaid;
  else if (analysis.showValues && app.state.status === "playing") text = describeValuesState(analysis.currentExact, app.options.rounds, shownValues(analysis));
  note.textContent = text;
  // Where the values shown came from, and the solver's table (contract: docs/page-contract.md).
  const exact = analysis.showValues ? analysis.currentExact : null;
  const result = exact?.state === "done" ? exact.result : null;
  note.dataset.source = !result ? "" : result.linked ? "link" : result.book ? "book" : result.cached ? "kept" : "solved";
  note.dataset.tableMb = String(analysis.exact.computer.tableMb ?? "");
  // While values are on, the line keeps its place even when it has nothing to say.
  note.hidden = text === "" && !analysis.showValues;
  note.classList.toggle("unused", text === "");
}
