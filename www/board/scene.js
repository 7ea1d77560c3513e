// What the board shows at one instant: the engine's state, plus the hand and highlights of a move
// being shown. Trace events are applied here one at a time, exactly as the engine reports them;
// this file moves seeds where the events say, it never decides where they go.

import { reserveIndex, sideOf } from "./holes.js";

/** A scene from the engine's `game.state()`. */
export function sceneFromState(state) {
  return {
    board: state.board.slice(),
    reserves: state.reserves.slice(),
    inPlay: state.in_play.slice(),
    toMove: state.to_move,
    round: state.round,
    status: state.status,
    winner: state.winner ?? null,
    ending: state.ending ?? null,
    legal: state.status === "playing" ? state.legal.slice() : [],
    hand: 0, // seeds in the mover's hand
    handAt: null, // the hole the hand is over
    lap: 0,
    lifted: null, // the hole the current lap was lifted from
    endHole: null, // the empty hole where sowing stopped
    captured: [], // necklace beads taken so far
    mover: null, // who is moving
  };
}

export function cloneScene(scene) {
  return { ...scene, board: scene.board.slice(), reserves: scene.reserves.slice(), inPlay: scene.inPlay.slice(),
    legal: scene.legal.slice(), captured: scene.captured.slice() };
}

/** Applies one trace event to `scene` in place. */
export function applyEvent(scene, event) {
  switch (event.event) {
    case "lift":
      scene.mover = scene.toMove;
      scene.legal = [];
      scene.captured = [];
      scene.endHole = null;
      scene.lap = 1;
      takeHand(scene, event.hole, event.seeds);
      break;
    case "relay":
      scene.lap = event.lap;
      takeHand(scene, event.hole, event.seeds);
      break;
    case "drop":
      scene.board[event.hole] += 1;
      scene.hand -= 1;
      scene.handAt = event.hole;
      break;
    case "sowing_end":
      scene.endHole = event.hole;
      scene.handAt = null;
      break;
    case "capture":
      scene.board[event.hole] = 0;
      scene.reserves[reserveIndex(scene.toMove)] += event.seeds;
      scene.captured.push(event.hole);
      break;
    case "turn_pass":
      scene.toMove = event.to;
      break;
    case "claim":
      scene.board[event.hole] = 0;
      scene.reserves[reserveIndex(event.side)] += event.seeds;
      break;
    case "round_end":
      scene.ending = event.ending;
      break;
    case "fill":
      scene.board[event.hole] = event.seeds;
      scene.reserves[reserveIndex(sideOf(event.hole))] -= event.seeds;
      break;
    case "round_start":
      scene.round = event.round;
      scene.toMove = event.to_move;
      scene.inPlay = event.in_play.slice();
      scene.ending = null;
      break;
    case "game_over":
      scene.status = "game_over";
      scene.winner = event.winner ?? "draw";
      scene.ending = event.ending;
      break;
    default:
      throw new Error(`unknown trace event '${event.event}'`);
  }
}

function takeHand(scene, hole, seeds) {
  scene.board[hole] = 0;
  scene.hand = seeds;
  scene.handAt = hole;
  scene.lifted = hole;
}

/** A summary of a move's trace for people: laps, seeds captured and beads. */
export function summarize(trace) {
  let laps = 0;
  let captured = 0;
  let beads = 0;
  let endHole = null;
  const beadHoles = [];
  // A round of a match that the move ended, and the next one it began: {round, ending, stuck,
  // next, starter}, or null.
  let round = null;
  let turnTo = null;
  for (const e of trace) {
    if (e.event === "sowing_end") {
      laps = e.laps;
      endHole = e.hole;
    } else if (e.event === "capture") {
      captured += e.seeds;
      beads += 1;
      beadHoles.push(e.hole);
    } else if (e.event === "turn_pass") {
      turnTo = e.to;
    } else if (e.event === "round_end") {
      // A round ends with no move for the player whose turn it became, or by repetition.
      round = { round: e.round, ending: e.ending, stuck: turnTo, next: null, starter: null };
    } else if (e.event === "round_start" && round) {
      round.next = e.round;
      round.starter = e.to_move;
    }
  }
  return { laps, captured, beads, endHole, beadHoles, round };
}
