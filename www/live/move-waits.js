// @ts-check
// The board's waits for the room's moves, through the opponent seam (game/opponents.js
// `remoteOpponent`): the friend's turn on the board asks for the move after its record, and is
// answered once the room has played it (at once if the room has it already), or with none when
// the room's game went another way or the room was left.

import { beginsWith, movesAfter, nextMove, plyCount } from "../lib/records.js";

/** @typedef {{number: import("../lib/records.js").Move, exact: boolean}} RoomMove  a move as the seam takes it: the room's are exact */

export class MoveWaits {
  /** @type {{record: string, resolve: (move: RoomMove | null) => void}[]} */
  #waits = [];

  /**
   * The move played after `record`, once the room's moves (`played`, now or later) have it.
   * @param {string} record
   * @param {string} played
   * @returns {Promise<RoomMove | null>}
   */
  after(record, played) {
    return new Promise((resolve) => {
      this.#waits.push({ record, resolve });
      this.answer(played);
    });
  }

  /** Answers every wait that the room's moves, `played`, decide. @param {string} played */
  answer(played) {
    this.#waits = this.#waits.filter(({ record, resolve }) => {
      if (!beginsWith(played, record)) resolve(null);
      else if (plyCount(played) > plyCount(record)) resolve({ number: nextMove(movesAfter(played, plyCount(record))), exact: true });
      else return true;
      return false;
    });
  }

  /** Answers every wait with none. */
  cancel() {
    for (const { resolve } of this.#waits) resolve(null);
    this.#waits = [];
  }
}
