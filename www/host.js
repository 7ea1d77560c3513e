// Messages to a page that embeds the game in an iframe: every move played, and the end of the
// game. Nothing is sent when the game is not embedded.
//   {source: "walak-pussa", version: 1, type: "move", side, hole, laps, captured, record, state}
//   {source: "walak-pussa", version: 1, type: "game_over", winner, ending, reserves, record}

import { summarize } from "./scene.js";

const embedded = () => window.parent !== window;

function post(message) {
  // Any page may embed the game, and the messages hold nothing private: send to any origin.
  window.parent.postMessage({ source: "walak-pussa", version: 1, ...message }, "*");
}

/** Tells the host page about a move just played (`trace` from the engine) and its new `state`. */
export function announceMove(side, hole, trace, state) {
  if (!embedded()) return;
  const { laps, captured } = summarize(trace);
  const { board, reserves, to_move, round, status } = state;
  post({ type: "move", side, hole, laps, captured, record: state.record,
    state: { board, reserves, to_move, round, status } });
  if (state.status === "game_over") {
    post({ type: "game_over", winner: state.winner, ending: state.ending, reserves, record: state.record });
  }
}
