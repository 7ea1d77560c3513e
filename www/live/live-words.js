// @ts-check
// What the page says about a live game, in the page's language: its state on the status line,
// and the server's refusals, worded from their `reason` (the server's own `message` is English,
// for logs). Pure: it reads the room's state it is given (room-controller.js `RoomState`).

import { msg, say, t } from "../i18n/index.js";
import { describeResignation } from "../ui/words.js";
import { sideName } from "../board/board-words.js";
import { isSide, otherSide } from "../lib/sides.js";

/** @import { Message, MessageKey } from "../i18n/index.js" */
/** @import { Seat } from "../game/kinds/kind.js" */
/** @import { RoomState } from "./room-controller.js" */

// The reading errors: the page sent something the server could not read (a fault of this page's
// version, not of the person).
const UNREADABLE = new Set(["too_long", "not_json", "no_type", "unknown_type", "bad_field"]);
/** @type {Readonly<Record<string, MessageKey>>} */
const REASONS = {
  spectator: "live.refused.spectator",
  seat_taken: "live.refused.seat_taken",
  not_your_turn: "live.refused.not_your_turn",
  stale: "live.refused.stale",
  illegal: "live.refused.illegal",
  game_over: "live.refused.game_over",
  not_over: "live.refused.not_over",
  no_room: "live.refused.no_room",
  no_such_room: "live.refused.no_such_room",
  full: "live.refused.full",
  flood: "live.refused.flood",
  too_many_open: "live.refused.too_many_open",
  crowded: "live.refused.crowded",
  unavailable: "live.refused.unavailable",
};

/**
 * A refusal from the server (`{reason, message}`, as it came) as a message in the page's words.
 * @param {{reason?: unknown, message?: unknown}} refusal
 * @returns {Message}
 */
export function refusalMessage({ reason, message }) {
  if (typeof reason === "string" && Object.hasOwn(REASONS, reason)) return msg(REASONS[reason]);
  if (typeof reason === "string" && UNREADABLE.has(reason)) return msg("live.refused.unreadable", { reason });
  return msg("live.refused.other", { message: String(message ?? reason ?? "") });
}

/**
 * The status line's sentences for a live game (`room`, the room's state), around `turn`: what the
 * page would say of the turn or the result of the position shown. The connection first when it is
 * not there, then the server's games out of reach, the friend's coming and going, a resignation, a
 * rematch asked for. `game`: whether the room's game is over; whether the person is looking back
 * through the moves (`behind`), and whether moves were played meanwhile that the board has not
 * shown yet (`missed`): then what is said is how to go on, never the turn of a position the
 * board refuses taps in.
 * @param {Pick<RoomState, "phase" | "said" | "closedWhy" | "seat" | "friendSeen" | "presenceKnown" | "resigned"
 *   | "rematchAsked" | "unavailable">} room
 * @param {string} turn
 * @param {{over: boolean, behind?: boolean, missed?: boolean}} game
 * @returns {string[]}
 */
export function liveStatus(room, turn, { over, behind = false, missed = false }) {
  const words = [];
  if (room.said) words.push(say(room.said));
  const now = room.phase;
  if (now === "connecting") return [t("live.connecting")];
  if (now === "closed") return [...words, room.closedWhy ? t("live.closedBecause", { why: say(room.closedWhy) }) : t("live.closed")];
  if (now === "reconnecting") words.push(t("live.reconnecting"));
  if (room.unavailable) words.push(t("live.unavailable"));
  const { seat } = room;
  const player = isSide(seat);
  // Who is there is said once the room has said it (`presence` follows each `joined`).
  if (now === "waiting" && room.presenceKnown) words.push(t(room.friendSeen ? "live.friendAway" : "live.waiting"));
  if (room.resigned) words.push(describeResignation(room.resigned, seat));
  else if (missed) words.push(t(player ? "live.friendMoved" : "live.gameMovedOn"));
  else if (behind && player && !over) words.push(t("live.lookingBack"));
  else words.push(player ? turn : t("live.watching", { turn }));
  if (over && player) {
    if (room.rematchAsked[otherSide(seat)]) words.push(t("live.friendAsksRematch"));
    else if (room.rematchAsked[seat]) words.push(t("live.youAskedRematch"));
  }
  return words;
}

/**
 * "You are South" for the mode line and the Live dialog, or "You are watching".
 * @param {Seat} seat
 */
export const seatWords = (seat) => (isSide(seat) ? t("live.youAre", { side: sideName(seat) }) : t("live.youWatch"));
