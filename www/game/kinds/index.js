// @ts-check
// The kinds of game, and the choice of one: `kindOf` makes the kind of the game on the board from
// its set-up and what the board answers to, `keptKind` that of a kept game. What a kind answers
// is written once, in kind.js; each kind is a module of this folder:
//
//   two-players.js  two people at one device (`mode` two)
//   computer.js     against the computer (`computer`)
//   by-links.js     a friend on their own device, by links (`link`)
//   live.js         a friend live, as a player or a spectator (`live`), and a room being entered
//   training.js     a lesson or a puzzle
//   frame.js        an embed's view-only board or demo, and any game in a frame

import { DEFAULT_LEVEL, levelOf } from "../storage.js";
import { isParker } from "../../lib/records.js";
import { byLinks } from "./by-links.js";
import { againstComputer } from "./computer.js";
import { demo, inFrame, viewOnly } from "./frame.js";
import { enteringRoom, liveGame } from "./live.js";
import { training as trainingKind } from "./training.js";
import { twoPlayers } from "./two-players.js";

/** @import { Context, KeptDocument, Kind, Seat, Setup } from "./kind.js" */
/** @import { Side } from "../../types/engine.js" */

/** @type {Setup} */
export const DEFAULT_SETUP = { mode: "two", side: "south", rounds: false, first: "south", level: DEFAULT_LEVEL };

/** The kind of each set-up's `mode`, as a game on its own (no lesson, room or frame about it). */
const BY_MODE = {
  two: twoPlayers,
  computer: againstComputer,
  link: byLinks,
  /** @param {Setup} setup */
  live: (setup) => liveGame(setup, null),
};

/**
 * The kind of a game set up by `setup` alone.
 * @param {Setup} setup
 * @returns {Kind}
 */
function ofMode(setup) {
  const make = BY_MODE[setup.mode];
  if (!make) throw new Error(`no kind of game is called "${setup.mode}"`);
  return make(setup);
}

/**
 * The kind of the game on the board: a lesson or a puzzle first (the board serves it, whatever
 * else), then a live game's room, then an embed's demo or view-only board; otherwise the
 * set-up's own. In a frame, nothing is kept.
 * @param {Setup} setup
 * @param {Context} [context]
 * @returns {Kind}
 */
export function kindOf(setup, { training = null, watching = false, room = null, frame = null } = {}) {
  let made;
  if (training) made = trainingKind(setup, training, watching);
  else if (room) {
    const own = ofMode(setup);
    made = own.inRoom ? liveGame(setup, room) : enteringRoom(own, room);
  } else if (frame?.demo) made = demo(setup, frame.demo);
  else if (frame?.view) made = viewOnly(setup);
  else made = ofMode(setup);
  return frame ? inFrame(made) : made;
}

/**
 * The set-up of a kept game: the saved game's document (as the engine reads it), with `live`, its
 * room, for a live game (games.js `readLive`).
 * @param {KeptDocument} saved
 * @param {{seat: Seat, resigned?: Side} | null} [live]
 * @returns {Setup}
 */
export function setupOfKept(saved, live = null) {
  return {
    mode: live ? "live" : saved.mode,
    side: saved.side,
    rounds: saved.options.rounds,
    first: saved.options.first,
    ...(isParker(saved.options.rules) ? { rules: saved.options.rules } : {}),
    level: levelOf(saved),
    ...(saved.game ? { game: saved.game } : {}),
    ...(live ? { seat: live.seat } : {}),
    ...(live?.resigned ? { resigned: live.resigned } : {}),
  };
}

/**
 * The kind of a kept game (`setupOfKept`): for its label and result among Your games.
 * @param {Parameters<typeof setupOfKept>[0]} saved
 * @param {Parameters<typeof setupOfKept>[1]} [live]
 * @returns {Kind}
 */
export const keptKind = (saved, live = null) => kindOf(setupOfKept(saved, live));
