// Entry point of the page: waits for the engine, starts a game and draws it.

import { loadEngine } from "./engine.js";
import { drawBoard, describeTurn } from "./board.js";

const canvas = document.getElementById("board");
const statusLine = document.getElementById("status");

/** Mirrors the engine state onto the board element, for tests and tools. */
function publishState(element, state) {
  element.dataset.board = state.board.join(",");
  element.dataset.reserves = `${state.reserves[0]},${state.reserves[1]}`;
  element.dataset.toMove = state.to_move;
  element.dataset.status = state.status;
  element.dataset.round = String(state.round);
  element.dataset.legal = state.legal.join(",");
  element.dataset.winner = state.winner ?? "";
  element.setAttribute(
    "aria-label",
    `Walak-pussa board. ${describeTurn(state)}. South's row: ${state.board.slice(0, 7).join(", ")}; ` +
      `North's row: ${state.board.slice(7).join(", ")}; reserves: South ${state.reserves[0]}, ` +
      `North ${state.reserves[1]}.`,
  );
}

function showError(message) {
  canvas.dataset.status = "error";
  canvas.hidden = true;
  statusLine.hidden = false;
  statusLine.classList.add("error");
  statusLine.textContent = message;
}

function showProgress({ loaded, total }) {
  if (total > 0) {
    const percent = Math.min(100, Math.round((100 * loaded) / total));
    statusLine.textContent = `Loading the game… ${percent}%`;
  }
}

async function start() {
  let Game;
  try {
    ({ Game } = await loadEngine({ onProgress: showProgress }));
  } catch (error) {
    console.warn("walak: engine failed to load:", error);
    showError(
      `The game engine could not be loaded (${error.message}). ` +
        "Please reload the page; it needs a browser with WebAssembly enabled.",
    );
    return;
  }

  let game;
  try {
    game = new Game();
  } catch (error) {
    showError(`The game could not be started: ${error.message}`);
    return;
  }

  const render = () => {
    const state = game.state();
    publishState(canvas, state);
    drawBoard(canvas, state);
  };
  render();
  statusLine.hidden = true;
  statusLine.textContent = describeTurn(game.state());

  // Redraw when the board's width or the pixel density changes (window resize, zoom, rotation).
  let lastKey = "";
  const redrawIfNeeded = () => {
    const key = `${canvas.clientWidth}x${window.devicePixelRatio}`;
    if (key !== lastKey) {
      lastKey = key;
      render();
    }
  };
  new ResizeObserver(redrawIfNeeded).observe(canvas);
  window.addEventListener("resize", redrawIfNeeded);
}

start();
