// @ts-check
// The phase of the page in a live game's room, and the one place it changes: `next(phase, event)`.
// The phases are the values of `#board[data-live]` (docs/page-contract.md), and one more for the
// page in no room:
//
//   idle          in no room: the board is no room's (`data-live` absent)
//   connecting    a room is being made or entered: it has not answered yet
//   waiting       the room has answered; a player whose friend has no page there (not yet come, or away)
//   playing       the room has answered, and both players are there (for a spectator: always)
//   reconnecting  the room had answered, then the socket dropped or a move was missed: asked again
//   closed        the room is gone (a day without moves) or the server had no place for it when asked
//                 again: the game stays on the board, and nothing more comes
//
// What a change does besides (a frame sent, the game put on the board, words said) is the
// controller's (room-controller.js). This file is pure: no page, no socket, no clock.

/** @import { Seat } from "../game/kinds/kind.js" */
/** @import { Side } from "../types/engine.js" */

/**
 * @typedef {"connecting" | "waiting" | "playing" | "reconnecting" | "closed"} LivePhase  `#board[data-live]`
 * @typedef {LivePhase | "idle"} Phase
 */

/**
 * What happens to the room, as the controller sees it:
 *   enter     a room is to be made or entered (the New game dialog, a room's link, a live game put on the board)
 *   leave     the page leaves the room (another game on the board, or a room that cannot be entered)
 *   opened    a socket opened: the room is asked to answer on it (`create` or `join` sent)
 *   joined    the room answered (`joined`): its game and the person's seat; `friendAway` as the room last said
 *   presence  the room says who is there (`presence`): `friendAway`, a player's friend has no page in it
 *   dropped   the socket dropped: another is being opened
 *   gap       a move never reached the page: the room is asked for its whole state again
 *   refused   the server refused a frame, `why`: `gone`, the room is not there (`no_such_room`) or has no place
 *             (`full`); `unavailable`, the server cannot reach where its games are kept just now; `other`, any other reason
 * @typedef {{type: "enter"} | {type: "leave"} | {type: "opened"} | {type: "joined", friendAway: boolean}
 *   | {type: "presence", friendAway: boolean} | {type: "dropped"} | {type: "gap"}
 *   | {type: "refused", why: "gone" | "unavailable" | "other"}} PhaseEvent
 */

/** The phase of a page that has entered no room yet. @type {Phase} */
export const FIRST_PHASE = "idle";

/**
 * Whether the room has answered on this socket (`waiting` or `playing`): its state is known.
 * @param {Phase} phase
 */
export const answered = (phase) => phase === "waiting" || phase === "playing";

/**
 * Whether the page is in a room whose frames it follows: a socket is wanted, opened again when it drops.
 * @param {Phase} phase
 */
export const inRoom = (phase) => phase !== "idle" && phase !== "closed";

/**
 * Whether a player's friend has no page in the room (`presence`, the seats with a page); never
 * for a spectator, who waits for nobody.
 * @param {Seat | null} seat
 * @param {Record<Side, boolean>} presence
 */
export const friendAway = (seat, presence) =>
  (seat === "south" && !presence.north) || (seat === "north" && !presence.south);

/**
 * The phase after `event` in `phase`. An event that means nothing in a phase leaves it as it is:
 * nothing but `enter` and `leave` moves a page that is in no room or whose room has closed, and a
 * refusal that is neither the room's absence nor the server's store out of reach changes nothing
 * (the board says it).
 * @param {Phase} phase
 * @param {PhaseEvent} event
 * @returns {Phase}
 */
export function next(phase, event) {
  if (event.type === "enter") return "connecting";
  if (event.type === "leave") return "idle";
  if (!inRoom(phase)) return phase;
  switch (event.type) {
    case "joined":
      return event.friendAway ? "waiting" : "playing";
    case "presence":
      // Before the room has answered, who is there only counts once it does (`joined`).
      if (!answered(phase)) return phase;
      return event.friendAway ? "waiting" : "playing";
    case "opened":
    case "dropped":
    case "gap":
      // The room must answer again. Never answered yet: still connecting.
      return phase === "connecting" ? "connecting" : "reconnecting";
    case "refused":
      if (event.why === "other") return phase;
      // A room that cannot be made or entered now: the page goes back to no room, the board as it was.
      if (phase === "connecting") return "idle";
      // The room went while the page was away from it: closed, the game kept on the board. A
      // server that cannot reach its games just now is asked again a little later: still reconnecting.
      if (phase === "reconnecting" && event.why === "gone") return "closed";
      return phase;
    default:
      return phase;
  }
}
