// @ts-check
// A live game (live/live-game.js): two friends play at once, each on their own device, through a
// room on the page's own server, which referees the board. A player's taps are proposed to the
// room and played once it has taken them; the friend's moves come through the opponent seam, and
// a spectator's board takes both sides' so. The players get no help from the computer while their
// game goes on, and take nothing back (the room's moves are the game; the move list still steps
// through them). Kept as the engine keeps games: a player's as a game by links, its id the room's
// game's, a spectator's as two players'; the room is among its particulars (games.js `readLive`).
//
// While a room is being entered from another game, the board already answers to the room — no
// tap is taken until it has said who sits where — but still shows that game, with its words
// (`enteringRoom`).

import { msg, t } from "../../i18n/index.js";
import { describeResignation } from "../../ui/words.js";
import { SIDES, isSide, otherSide } from "../../lib/sides.js";
import { sideName } from "../../board/board-words.js";
import { remoteOpponent } from "../opponents.js";
import { kind, plainSetup, refuse } from "./kind.js";

/** @typedef {import("./kind.js").Kind} Kind */
/** @typedef {import("./kind.js").Room} Room */
/** @import { Side } from "../../types/engine.js" */

/** @type {import("./kind.js").RivalWords} */
const LIVE_FRIEND = { name: "side.friend", toMove: "live.friendToMove", won: "result.friendWon" };

/**
 * What a room decides of the board, whatever game is on it: the taps (its seats, its
 * connection, a move on its way), the moves, help, the status line and the rematch. With no
 * room yet (a live game taken up again, before its room has answered) nothing is played.
 * @param {Room | null} room
 * @param {readonly Side[]} sides  the sides whose moves the room brings through the opponent seam
 * @returns {Partial<Kind>}
 */
function refereed(room, sides) {
  return {
    room,
    undoes: false,
    opponents: () => (room ? Object.fromEntries(sides.map((side) => [side, remoteOpponent(room.remote, side)])) : {}),
    refusal: (game, side) => refuse(game, side, (state) => (room ? room.refusal(state, side) : "liveOffline")),
    play: (game, number) => room?.propose(number),
    settled: () => room?.settled(),
    noHelp: () => (room?.barsHelp ? { said: msg("live.noHelp") } : null),
    statusWords: (turn) => (room ? room.statusWords(turn) : [turn]),
    rematch: () => {
      room?.rematch();
      return null;
    },
  };
}

/**
 * The room's game on the board (`setup.mode` live, `setup.seat` the person's seat).
 * @param {import("./kind.js").Setup} setup
 * @param {Room | null} room
 * @returns {Kind}
 */
export function liveGame(setup, room) {
  const seat = setup.seat ?? "spectator";
  const player = isSide(seat);
  // Without its room (a finished game looked at again, or before the room has answered), as it was kept.
  const resigned = () => (room ? room.resigned : setup.resigned ?? null);
  const referee = refereed(room, player ? [otherSide(seat)] : /** @type {readonly Side[]} */ (SIDES));
  return kind(setup, {
    ...referee,
    ...(room ? {} : {
      refusal: (game, side) => refuse(game, side, () => (setup.resigned ? "liveResigned" : "liveOffline")),
      statusWords: (turn) => [setup.resigned ? describeResignation(setup.resigned, seat) : turn],
      // Before the room has answered (after a reload, say), a game going on at its last move is still
      // played person to person; a finished one, looked at again, may be helped and reviewed.
      noHelp: (state) => (player && !setup.resigned && state.status === "playing" && state.redo === ""
        ? { said: msg("live.noHelp") } : null),
    }),
    rival: player ? { side: otherSide(seat), words: LIVE_FRIEND } : null,
    seat,
    inRoom: true,
    resigned,
    // The friend waits for each move shown: a long relay is shown briskly.
    brisk: true,
    // A live game is made with the dialog's own button: the dialog offers two players at one device.
    dialogMode: "two",
    modeWords: () => (player ? t("live.mode", { side: sideName(seat) }) : t("live.modeWatching")),
    label: () => (player ? t("live.gamesPlayed", { side: sideName(seat) }) : t("live.gamesWatched")),
    document: () => (player ? { mode: "link", side: setup.side, game: setup.game } : { mode: "two", side: setup.side }),
    // A live game comes only from its room: a new game from its set-up is two players' at this device.
    fresh: () => ({ ...plainSetup(setup), mode: "two" }),
  });
}

/**
 * The game on the board (`base`, its kind) while the room is entered: the room refuses every
 * tap until it has answered, and nobody else moves; the rest is the game's own.
 * @param {Kind} base
 * @param {Room} room
 * @returns {Kind}
 */
export function enteringRoom(base, room) {
  return { ...base, ...refereed(room, []), modeWords: () => room.enteringWords() };
}
