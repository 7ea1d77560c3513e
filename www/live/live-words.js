// What the page says about a live game, in the page's language: its state on the status line,
// and the server's refusals, worded from their `reason` (the server's own `message` is English,
// for logs).

import { msg, say, t } from "../i18n/index.js";
import { describeResignation } from "../ui/words.js";
import { sideName } from "../board/board-words.js";
import { isSide, otherSide } from "../lib/sides.js";

// The reading errors: the page sent something the server could not read (a fault of this page's
// version, not of the person).
const UNREADABLE = new Set(["too_long", "not_json", "no_type", "unknown_type", "bad_field"]);
const REASONS = new Set(["spectator", "seat_taken", "not_your_turn", "stale", "illegal", "game_over", "not_over", "no_room",
  "no_such_room", "full", "flood"]);

/** A refusal from the server (`{reason, message}`) as a message (i18n msg) in the page's words. */
export function refusalMessage({ reason, message }) {
  if (REASONS.has(reason)) return msg(`live.refused.${reason}`);
  if (UNREADABLE.has(reason)) return msg("live.refused.unreadable", { reason });
  return msg("live.refused.other", { message: String(message ?? reason ?? "") });
}

/**
 * The status line's sentences for a live game (`live`, live-game.js), around `turn`: what the
 * page would say of the turn or the result. The connection first when it is not there, then the
 * friend's coming and going, a resignation, a rematch asked for.
 */
export function liveStatus(live, turn, state) {
  const words = [];
  if (live.said) words.push(say(live.said));
  const now = live.liveState;
  if (now === "connecting") return [t("live.connecting")];
  if (now === "closed") return [...words, live.closedWhy ? t("live.closedBecause", { why: say(live.closedWhy) }) : t("live.closed")];
  if (now === "reconnecting") words.push(t("live.reconnecting"));
  const player = isSide(live.seat);
  if (now === "waiting") words.push(t(live.friendSeen ? "live.friendAway" : "live.waiting"));
  if (live.resigned) words.push(describeResignation(live.resigned, live.seat));
  else words.push(player ? turn : t("live.watching", { turn }));
  const over = live.resigned !== null || state.status === "game_over";
  if (over && player) {
    const friend = otherSide(live.seat);
    if (live.rematchAsked[friend]) words.push(t("live.friendAsksRematch"));
    else if (live.rematchAsked[live.seat]) words.push(t("live.youAskedRematch"));
  }
  return words;
}

/** "You are South" for the mode line and the Live dialog, or "You are watching". */
export const seatWords = (seat) => (isSide(seat) ? t("live.youAre", { side: sideName(seat) }) : t("live.youWatch"));
