// @ts-check
// What the board shows at one instant: the engine's state, plus the hand and highlights of a move
// being shown. Trace events are applied here one at a time, exactly as the engine reports them;
// this file moves seeds where the events say, it never decides where they go.

import { reserveIndex, sideOf } from "./holes.js";
import { legalHoles } from "../lib/records.js";

/** @import { Direction, Ending, GameState, RuleSet, Side, Status, TraceEvent, Winner } from "../types/engine.js" */

/**
 * What the board shows at one instant (board.js draws it): the engine's state, and the hand and
 * marks of a move being shown. Holes are track indices.
 * @typedef {object} Scene
 * @property {number[]} board seeds per hole
 * @property {number[]} reserves seeds in the reserves, [South's, North's]
 * @property {boolean[]} inPlay false for a hole out of play this round
 * @property {Side} toMove
 * @property {number} round
 * @property {Status} status
 * @property {Winner | null} winner
 * @property {Ending | null} ending
 * @property {number[]} legal the holes (1–7) the player to move may play from; none while a move is shown
 * @property {number} hand seeds in the mover's hand
 * @property {number | null} handAt the hole the hand is over
 * @property {number} lap the lap being sown, from 1
 * @property {number | null} lifted the hole the current lap was lifted from
 * @property {number | null} endHole the empty hole where sowing stopped
 * @property {number[]} captured the necklace's beads taken so far
 * @property {Side | null} mover who is moving
 * @property {RuleSet} rules the rule set (Parker's games draw the marks below)
 * @property {Direction | null} direction Parker's games: the round's direction, null before it is chosen
 * @property {"play" | "choose" | "over"} phase Parker's games: a match waiting for a round's direction is `choose`
 * @property {Array<"puta" | "naga" | null>} blocked per hole: a puta or naga hole, never lifted
 * @property {Array<Side | null>} tiedBy per hole: who tied it (Kotu-baendum)
 * @property {number | null} skipped the hole of three a seed is passing over (Kotu-baendum)
 * @property {number[]} eaten the holes of four eaten by the move shown (Kotu-baendum)
 */

/**
 * A move's trace in a few numbers (`summarize`).
 * @typedef {object} MoveSummary
 * @property {number} laps
 * @property {number} captured seeds captured
 * @property {number} beads the necklace's beads
 * @property {number | null} endHole the empty hole the sowing stopped before
 * @property {number[]} beadHoles the holes the necklace took
 * @property {RoundChange | null} round a round of a match the move ended, and the next one it began
 * @property {Direction | null} chosen Parker's games: the direction the move chose
 * @property {"puta" | "naga" | "tied" | null} stoppedIn Parker's games: the marked hole the last seed fell into
 * @property {number} skips Kotu-baendum: seeds that passed over a hole of three
 * @property {{hole: number, seeds: number} | null} eaten Kotu-baendum: the four eaten
 * @property {{hole: number, side: Side} | null} tied Kotu-baendum: the end hole tied
 * @property {{hole: number, short: "puta" | "naga" | "wala", opposite: number, removed: number}[]} shorts
 *   a match's new round: its short holes, and the seeds taken opposite them
 */

/**
 * A round of a match that a move ended: by repetition, or with no move for `stuck`; `next` and
 * `starter` the round it began and who starts it (null when the match ended).
 * @typedef {object} RoundChange
 * @property {number} round
 * @property {Ending} ending
 * @property {Side | null} stuck
 * @property {number | null} next
 * @property {Side | null} starter
 */

/**
 * A scene from the engine's `game.state()`.
 * @param {GameState} state
 * @returns {Scene}
 */
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
    legal: state.status === "playing" ? legalHoles(state) : [],
    hand: 0, // seeds in the mover's hand
    handAt: null, // the hole the hand is over
    lap: 0,
    lifted: null, // the hole the current lap was lifted from
    endHole: null, // the empty hole where sowing stopped
    captured: [], // necklace beads taken so far
    mover: null, // who is moving
    rules: state.rules ?? "mancala-world",
    direction: state.direction ?? null,
    phase: state.phase ?? (state.status === "playing" ? "play" : "over"),
    blocked: state.blocked?.slice() ?? Array(state.board.length).fill(null),
    tiedBy: state.tied_by?.slice() ?? Array(state.board.length).fill(null),
    skipped: null, // the hole a seed is passing over
    eaten: [], // holes of four eaten
  };
}

/**
 * A copy of `scene` that applying events to leaves `scene` as it is.
 * @param {Scene} scene
 * @returns {Scene}
 */
export function cloneScene(scene) {
  return { ...scene, board: scene.board.slice(), reserves: scene.reserves.slice(), inPlay: scene.inPlay.slice(),
    legal: scene.legal.slice(), captured: scene.captured.slice(), blocked: scene.blocked.slice(),
    tiedBy: scene.tiedBy.slice(), eaten: scene.eaten.slice() };
}

/**
 * Applies one trace event to `scene` in place.
 * @param {Scene} scene
 * @param {TraceEvent} event
 */
export function applyEvent(scene, event) {
  switch (event.event) {
    case "lift":
      scene.mover = scene.toMove;
      scene.legal = [];
      scene.captured = [];
      scene.eaten = [];
      scene.endHole = null;
      scene.lap = 1;
      takeHand(scene, event.hole, event.seeds);
      break;
    case "relay":
      scene.lap = event.lap;
      takeHand(scene, event.hole, event.seeds);
      break;
    case "drop":
      scene.skipped = null;
      scene.board[event.hole] += 1;
      scene.hand -= 1;
      scene.handAt = event.hole;
      break;
    case "sowing_end":
    case "stop":
      scene.endHole = event.hole;
      scene.handAt = null;
      scene.skipped = null;
      break;
    case "chosen":
      if (scene.phase === "choose") {
        // A new round's marks come with its fill.
        scene.blocked.fill(null);
        scene.tiedBy.fill(null);
        scene.phase = "play";
      }
      scene.direction = event.direction;
      scene.legal = [];
      break;
    case "skip":
      scene.skipped = event.hole;
      scene.handAt = event.hole;
      break;
    case "eat":
      scene.board[event.hole] = 0;
      scene.reserves[reserveIndex(scene.toMove)] += event.seeds;
      scene.eaten.push(event.hole);
      break;
    case "tie":
      scene.tiedBy[event.hole] = event.side;
      break;
    case "choosing":
      scene.phase = "choose";
      scene.round = event.round;
      scene.toMove = event.side;
      break;
    case "short":
      scene.board[event.opposite] -= event.removed;
      scene.reserves[reserveIndex(sideOf(event.opposite))] += event.removed;
      if (event.short !== "wala") scene.blocked[event.hole] = event.short;
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
      if (scene.phase !== "over" && scene.rules !== "mancala-world") scene.phase = "over";
      scene.status = "game_over";
      scene.winner = event.winner ?? "draw";
      scene.ending = event.ending;
      break;
    default:
      // An engine newer than the page (its events are all handled above).
      throw new Error(`unknown trace event '${/** @type {{event: string}} */ (event).event}'`);
  }
}

/**
 * @param {Scene} scene
 * @param {number} hole
 * @param {number} seeds
 */
function takeHand(scene, hole, seeds) {
  scene.board[hole] = 0;
  scene.hand = seeds;
  scene.handAt = hole;
  scene.lifted = hole;
}

/**
 * A summary of a move's trace for people: laps, seeds captured and beads.
 * @param {readonly TraceEvent[]} trace
 * @returns {MoveSummary}
 */
export function summarize(trace) {
  let laps = 0;
  let captured = 0;
  let beads = 0;
  /** @type {number | null} */
  let endHole = null;
  /** @type {number[]} */
  const beadHoles = [];
  // A round of a match that the move ended, and the next one it began: {round, ending, stuck,
  // next, starter}, or null.
  /** @type {RoundChange | null} */
  let round = null;
  /** @type {Side | null} */
  let turnTo = null;
  /** @type {Pick<MoveSummary, "chosen" | "stoppedIn" | "skips" | "eaten" | "tied" | "shorts">} */
  const parker = { chosen: null, stoppedIn: null, skips: 0, eaten: null, tied: null, shorts: [] };
  for (const e of trace) {
    if (e.event === "stop") {
      laps = e.laps;
      if (e.why !== "empty") parker.stoppedIn = e.why;
    } else if (e.event === "chosen") parker.chosen = e.direction;
    else if (e.event === "skip") parker.skips += 1;
    else if (e.event === "eat") parker.eaten = { hole: e.hole, seeds: e.seeds };
    else if (e.event === "tie") parker.tied = { hole: e.hole, side: e.side };
    else if (e.event === "short") parker.shorts.push({ hole: e.hole, short: e.short, opposite: e.opposite, removed: e.removed });
    else if (e.event === "choosing" && round) {
      // Parker's match: the loser chooses the next round's direction, then starts it.
      round.next = e.round;
      round.starter = e.side;
    } else if (e.event === "sowing_end") {
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
  return { laps, captured, beads, endHole, beadHoles, round, ...parker };
}
