// @ts-check
// Messages to a page that embeds the game in an iframe: every move played, the end of the game,
// and the position shown whenever it changes otherwise once the page is open (a move taken back or
// played again, the game started again). Nothing is sent when the game is not embedded.
//   {source: "walak-pussa", version: 1, type: "move", side, hole, laps, captured, record, state}
//   {source: "walak-pussa", version: 1, type: "game_over", winner, ending, reserves, record}
//   {source: "walak-pussa", version: 1, type: "position", record, state}

import { summarize } from "../board/scene.js";

/** @import { GameState, Side, TraceEvent } from "../types/engine.js" */

const embedded = () => window.parent !== window;

/** @param {Record<string, unknown>} message */
function post(message) {
  // Any page may embed the game, and the messages hold nothing private: send to any origin.
  window.parent.postMessage({ source: "walak-pussa", version: 1, ...message }, "*");
}

/**
 * The part of the engine's state the host page is told.
 * @param {GameState} state
 */
function shown({ board, reserves, to_move, round, status }) {
  return { board, reserves, to_move, round, status };
}

/**
 * Tells the host page about a move just played (`trace` from the engine) and its new `state`.
 * @param {Side} side
 * @param {number} hole the hole played (1–7)
 * @param {TraceEvent[]} trace
 * @param {GameState} state
 */
export function announceMove(side, hole, trace, state) {
  if (!embedded()) return;
  const { laps, captured } = summarize(trace);
  const { reserves } = state;
  post({ type: "move", side, hole, laps, captured, record: state.record, state: shown(state) });
  if (state.status === "game_over") {
    post({ type: "game_over", winner: state.winner, ending: state.ending, reserves, record: state.record });
  }
}

/**
 * Tells the host page the position shown when it changed other than by a move: without it, a
 * page keeping count of the game would go on from a move that was taken back.
 * @param {GameState} state
 */
export function announcePosition(state) {
  if (!embedded()) return;
  post({ type: "position", record: state.record, state: shown(state) });
}
