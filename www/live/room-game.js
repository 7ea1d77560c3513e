// @ts-check
// The room's game on the board: what the room's answer (`joined`, docs/live-protocol.md) puts
// there. When the board already shows that game and its moves lead to the room's, the board plays
// the moves missed on, each shown as if played now; when it shows that game otherwise (another
// seat, a line the room never played), the room's position is set; any other game on the board is
// kept among Your games first, as for a link. The game is kept as any game, its room among its
// particulars (`about.live`: games.js `readLive`), so that a reload takes it up in its room again.

import { beginsWith, isParker, optionsOf } from "../lib/records.js";
import { openGame } from "../game/game-start.js";
import { keepAside } from "../game/keeping.js";
import * as games from "../game/games.js";

/** @import { GameOptions, Side } from "../types/engine.js" */
/** @import { Seat, Setup } from "../game/kinds/kind.js" */
/** @import { App, OnBoard } from "../game/app.js" */
/** @import { LiveRoom } from "../game/games.js" */

/**
 * The room's game, as the room said it.
 * @typedef {object} RoomGame
 * @property {string} room        the room's code
 * @property {number} number      the game's number in the room
 * @property {Seat} seat          the person's seat
 * @property {GameOptions} options
 * @property {string} record      the room's moves
 * @property {Side | null} resigned
 */

/** The id a live game is kept under among the games by links' ids: the room's and the game's number. */
const gameIdOf = (/** @type {string} */ room, /** @type {number} */ number) => `live${room.toLowerCase().slice(0, 20)}${number}`;

/**
 * Puts the room's `game` on the board (`app`). Says how: `continued` (the board is to play the
 * moves missed on, once it is still), `set` (the same game, set to the room's position), or
 * `another` (another game came on the board; `kept`: the one that was there went among Your games).
 * @param {App} app
 * @param {RoomGame} game
 * @returns {{how: "continued" | "set" | "another", kept: boolean}}
 */
export function showRoomGame(app, { room, number, seat, options, record, resigned }) {
  /** @type {LiveRoom} */
  const live = { room, number, seat, ...(resigned ? { resigned } : {}) };
  /** @type {Setup} */
  const setup = { mode: "live", seat, side: seat === "north" ? "north" : "south", rounds: options.rounds, first: options.first,
    ...(isParker(options.rules) ? { rules: options.rules } : {}), level: app.setup.level, game: gameIdOf(room, number) };
  const onBoard = app.kind.inRoom && app.about.live?.room === room && app.about.live.number === number;
  if (onBoard && app.setup.seat === seat && beginsWith(record, app.state.record)) {
    app.noteAbout({ live });
    return { how: "continued", kept: false };
  }
  if (onBoard) {
    put(app, setup, record, { ...app.about, live });
    return { how: "set", kept: false };
  }
  app.stop();
  const kept = keepAside(app);
  put(app, setup, record, { ...games.newAbout(), live });
  return { how: "another", kept };
}

/**
 * The engine's game of `record` on the board, with its set-up and particulars; what its last move did said again.
 * @param {App} app @param {Setup} setup @param {string} record @param {OnBoard["about"]} about
 */
function put(app, setup, record, about) {
  app.stop();
  const game = openGame(app.Game, { options: optionsOf(setup), record });
  app.putOnBoard(game, { setup, about });
  app.tellLastMove();
}
