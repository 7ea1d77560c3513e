// @ts-check
// Live play on the full page (docs/live-protocol.md), loaded when a live game is first met or
// made, and composed here: the room's controller (room-controller.js, the board's referee) over a
// real socket (connection.js) and the seats' tokens kept in the browser (seat-tokens.js); the
// live bar drawn from it after every change (live-bar.js); and the Live dialog with the room's
// link (live-dialog.js), loaded when first opened.

import { later } from "../lib/later.js";
import { LiveConnection } from "./connection.js";
import { liveBar } from "./live-bar.js";
import { RoomController } from "./room-controller.js";
import * as seatTokens from "./seat-tokens.js";

/** @import { App } from "../game/app.js" */
/** @import { GameOptions, Side } from "../types/engine.js" */
/** @import { RoomHooks } from "./room-controller.js" */

export class LiveGame {
  /**
   * `app`: the controller of the board. `hooks`: what the room tells the page (room-controller.js
   * `RoomHooks`: a notice, a refusal to show by the board, words for screen readers, a new room's link to give).
   * @param {App} app
   * @param {RoomHooks} hooks
   */
  constructor(app, hooks) {
    this.room = new RoomController(app, { ...hooks, connect: (on) => new LiveConnection(on), tokens: seatTokens });
    this.dialog = later(async () => (await import("./live-dialog.js")).liveDialog(this.room));
    this.bar = liveBar({ share: () => this.showLink(), resign: () => this.room.resign(), rematch: () => this.room.rematch() });
  }

  /** Makes a room for a game with `options`, the person sitting at `side`. @param {GameOptions} options @param {Side} side */
  create(options, side) { this.room.create(options, side); }

  /** Enters room `room` (a room's link). @param {string} room */
  join(room) { this.room.join(room); }

  /** Follows the game on the board: its room entered, or the room left for another game. @param {{takenUp?: boolean}} [how] */
  follow(how) { this.room.follow(how); }

  /** Draws the live bar and the end-of-game panel's choices (after every change). */
  render() { this.bar.draw(this.room.shown); }

  /** Opens the Live dialog with the room's link. */
  async showLink() {
    if (this.room.state.room) (await this.dialog.get()).open();
  }
}
