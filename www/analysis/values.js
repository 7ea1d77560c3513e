// Exact values of the position shown: every playable move's value ("Show move values"), the
// position's own value ("Show who is ahead", once proved) and its best moves (the hint). They are
// proved by the engine's solver in a worker of their own, so that the computer player's thinking
// is never interrupted, and kept by record for the game being played.

import { Computer } from "./computer.js";

/** How long a position may take to prove. Near the opening the book answers at once; a position a
 * few moves past it, or set up by hand with many seeds, can take this long in a browser. */
export const MOVE_VALUES_MS = 60_000;
export const VALUE_MS = 30_000;

export class ExactValues {
  constructor() {
    this.computer = new Computer();
    // record -> {state: "pending" | "done" | "unproven" | "failed", moveValues, result, reason}
    this.entries = new Map();
    this.asking = null; // the record being solved
  }

  /** What is known of the position after `record`, or null. */
  entry(record) {
    return this.entries.get(record) ?? null;
  }

  /** Forgets every value: a new game, whose records name other positions. */
  reset() {
    this.computer.cancel();
    this.entries.clear();
    this.asking = null;
  }

  /**
   * Proves the position after `record` (values for the player to move), with every move's value
   * when `moveValues`; resolves with the entry. A solve under way for another position is
   * dropped first: the person has moved on.
   */
  async solve({ start, record, options, moveValues, timeMs = moveValues ? MOVE_VALUES_MS : VALUE_MS }) {
    const known = this.entries.get(record);
    // What is known, or on its way, answers unless it lacks the move values asked for; a proof
    // that ran out of time is tried again only with more time.
    const enough = known && (known.moveValues || !moveValues);
    if (enough && (known.state === "done" || known.state === "pending")) return known;
    if (enough && known.state === "unproven" && known.timeMs >= timeMs) return known;
    if (this.asking !== null && this.asking !== record) {
      this.entries.delete(this.asking);
      this.computer.cancel();
    }
    const entry = { state: "pending", moveValues, timeMs, result: null, reason: null };
    this.entries.set(record, entry);
    this.asking = record;
    try {
      const result = await this.computer.solve({ start, record, options, moveValues, timeMs });
      if (this.entries.get(record) !== entry) return entry; // dropped meanwhile
      entry.result = result;
      entry.state = result ? "done" : "unproven";
    } catch (error) {
      entry.state = "failed";
      entry.reason = error.message;
    }
    if (this.asking === record) this.asking = null;
    return entry;
  }
}

/** Move values as the board canvas publishes them: "1:6,2:6,3:0" (ascending by hole). */
export function moveValuesText(moveValues) {
  return Object.entries(moveValues)
    .map(([hole, value]) => [Number(hole), value])
    .sort((a, b) => a[0] - b[0])
    .map(([hole, value]) => `${hole}:${value}`)
    .join(",");
}

/** A value for `side` (the mover's view) as South's lead: what the evaluation and graph show. */
export const southView = (side, value) => (side === "south" ? value : -value);
