// The page around the board: status, lap counter, controls, move list, end of game, notices.
// Everything here is drawn from the controller's state; nothing is decided here.

import { describeEvaluation, describeHint, describeMove, describeResult, describeTurn, lapText, sideName } from "./words.js";

const $ = (id) => document.getElementById(id);

/** Mirrors a scene onto the board element, for tests and for pages that embed the game. */
export function publishScene(element, scene, app) {
  const d = element.dataset;
  d.board = scene.board.join(",");
  d.reserves = scene.reserves.join(",");
  d.toMove = scene.toMove;
  d.status = scene.status;
  d.round = String(scene.round);
  d.legal = scene.legal.join(",");
  d.winner = scene.status === "game_over" ? (scene.winner ?? "draw") : "";
  d.ending = scene.status === "game_over" ? (scene.ending ?? "") : "";
  d.record = app.state.record;
  d.animating = String(app.animating);
  d.mode = app.setup.mode;
  element.setAttribute(
    "aria-label",
    `Walak-pussa board. South's row: ${scene.board.slice(0, 7).join(", ")}; North's row: ` +
      `${scene.board.slice(7).join(", ")}; reserves: South ${scene.reserves[0]}, North ${scene.reserves[1]}.`,
  );
}

export function renderPage(app) {
  const { state } = app;
  const status = [];
  if (app.message) status.push(describeMove(app.message.side, app.message.number, app.message.summary));
  if (!app.animating) status.push(describeTurn(state, { computerSide: app.computerSide, thinking: app.thinking }));
  else status.push(`${sideName(app.lastMove.side)} plays hole ${app.lastMove.number}…`);
  $("status").textContent = status.join(" ");
  $("status").classList.toggle("thinking", app.thinking);
  $("board").dataset.thinking = String(app.thinking);

  const hint = app.currentHint;
  $("hint").disabled = state.status !== "playing" || app.animating || state.to_move === app.computerSide;
  $("hint-text").textContent = !hint ? "" : hint.number === null ? "Looking for a good move…" : describeHint(state.to_move, hint);
  const evaluation = app.currentEvaluation;
  $("evaluation").hidden = !app.showEvaluation || state.status !== "playing";
  if (app.showEvaluation) $("evaluation").textContent = evaluation ? describeEvaluation(evaluation.south, evaluation.exact) : "Weighing the position…";
  $("level-label").hidden = app.setup.mode !== "computer";
  $("level").value = app.setup.level;

  // Animation controls apply to a move being shown; replay to the last move.
  const paused = app.animator.paused;
  $("pause").setAttribute("aria-pressed", String(paused));
  $("pause").textContent = paused ? "Resume" : "Pause";
  for (const id of ["pause", "step-event", "step-lap", "skip"]) $(id).disabled = !app.animating;
  $("replay").disabled = !app.lastMove;
  $("speed").value = app.animator.speed;
  if (!app.animating) $("lap-counter").textContent = "";

  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  $("mode-line").textContent =
    (app.setup.mode === "computer" ? `You play ${sideName(app.setup.side)} against the computer (${app.setup.level})` : "Two players") +
    (app.setup.rounds ? ` · match in rounds, round ${state.round}` : "");

  const over = state.status === "game_over" && !app.animating;
  $("game-over").hidden = !over;
  if (over) {
    const { headline, how } = describeResult(state, app.computerSide);
    $("result").textContent = headline;
    $("result-how").textContent = how;
  }
  renderMoveList($("move-list"), state, app);
}

export function showLap(scene) {
  $("lap-counter").textContent = lapText(scene.lap);
}

function renderMoveList(list, state, app) {
  const current = state.record.length;
  const items = [moveButton(0, "Start", current, app)];
  let round = 0;
  state.line.forEach((ply, i) => {
    if (state.rounds && ply.round !== round) {
      round = ply.round;
      const heading = document.createElement("li");
      heading.className = "round-heading";
      heading.textContent = `Round ${round}`;
      items.push(heading);
    }
    items.push(moveButton(i + 1, `${i + 1}. ${ply.side === "south" ? "S" : "N"}${ply.number}`, current, app,
      `Move ${i + 1}: ${sideName(ply.side)} hole ${ply.number}`));
  });
  list.replaceChildren(...items);
  // Keep the current move in view inside the list, without scrolling the page.
  const item = list.querySelector('[aria-current="step"]')?.parentElement;
  if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = item.offsetTop - list.clientHeight / 2;
  }
}

function moveButton(ply, text, current, app, label = "The start position") {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  button.dataset.ply = String(ply);
  button.textContent = text;
  button.setAttribute("aria-label", label);
  if (ply === current) button.setAttribute("aria-current", "step");
  if (ply > current) button.classList.add("future");
  button.addEventListener("click", () => app.goTo(ply));
  item.append(button);
  return item;
}

export function showNotice(text) {
  $("notice-text").textContent = text;
  $("notice").hidden = false;
}

export function hideNotice() {
  $("notice").hidden = true;
}
