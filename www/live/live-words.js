// @ts-check
// What the page says about a live game, in the page's language: its state on the status line,
// and the server's refusals, worded from their `reason` (the server's own `message` is English,
// for logs). Pure: it reads the room's state it is given (room-controller.js `RoomState`).

import { msg, say, t } from "../i18n/index.js";
import { describeResignation } from "../ui/words.js";
import { sideName } from "../board/board-words.js";
import { isSide, otherSide } from "../lib/sides.js";

/** @import { Message, MessageKey } from "../i18n/index.js" */
/** @import { GameState } from "../types/engine.js" */
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
 * page would say of the turn or the result (`state`, the game on the board). The connection first
 * when it is not there, then the friend's coming and going, a resignation, a rematch asked for.
 * @param {Pick<RoomState, "phase" | "said" | "closedWhy" | "seat" | "friendSeen" | "resigned" | "rematchAsked">} room
 * @param {string} turn
 * @param {Pick<GameState, "status">} state
 * @returns {string[]}
 */
export function liveStatus(room, turn, state) {
  const words = [];
  if (room.said) words.push(say(room.said));
  const now = room.phase;
  if (now === "connecting") return [t("live.connecting")];
  if (now === "closed") return [...words, room.closedWhy ? t("live.closedBecause", { why: say(room.closedWhy) }) : t("live.closed")];
  if (now === "reconnecting") words.push(t("live.reconnecting"));
  const { seat } = room;
  if (now === "waiting") words.push(t(room.friendSeen ? "live.friendAway" : "live.waiting"));
  if (room.resigned) words.push(describeResignation(room.resigned, seat));
  else words.push(isSide(seat) ? turn : t("live.watching", { turn }));
  const over = room.resigned !== null || state.status === "game_over";
  if (over && isSide(seat)) {
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
