// @ts-check
// The move list's other lines on the board (App `variations`): where each leaves the line on the
// board, a move of one gone to, the lines a link brings taken, one made the main line, one
// deleted. The lines themselves are lines.js's `MoveList`, kept by the board's game
// (board-game.js); this is what the page does with them, through the controller, which keeps the
// game and redraws.

import { branchesOf, sharedMoves } from "./lines.js";

export class Variations {
  /** @param {import("./app.js").App} app */
  constructor(app) {
    this.app = app;
  }

  get boardGame() {
    return this.app.boardGame;
  }

  /** The move list's other lines, each where it leaves the line on the board (lines.js `branchesOf`). */
  get branches() {
    return branchesOf(this.app.lines, this.app.lineAt);
  }

  /** Gives the move list `lines` (main line first), one of them the line on the board. @param {string[]} lines */
  set(lines) {
    this.boardGame.moveList.take(this.boardGame.playable(lines), this.boardGame.line, { exact: true });
    this.app.save();
    this.app.changed();
  }

  /**
   * Shows the position after `ply` moves of line `index` (against the computer, with its reply).
   * @param {number} index @param {number} ply
   */
  goTo(index, ply) {
    if (this.app.lines[index] === undefined) return;
    this.app.stop();
    this.boardGame.goToLine(index, ply, this.app.kind.computerSide);
    this.app.afterJump();
  }

  /** The moves of line `index`, as the engine's state lists them (`state.line`). @param {number} index */
  pliesOf(index) {
    return this.boardGame.pliesOf(index);
  }

  /** Makes line `index` the main line. @param {number} index */
  promote(index) {
    if (index <= 0 || index >= this.app.lines.length) return;
    this.boardGame.moveList.promote(index);
    this.app.save();
    this.app.changed();
  }

  /** Deletes line `index` (never the main line); on it, the board goes to where it left the main line. @param {number} index */
  remove(index) {
    const { lines } = this.app;
    if (index <= 0 || index >= lines.length) return;
    if (index === this.app.lineAt) this.goTo(0, sharedMoves(lines[0], lines[index]));
    this.boardGame.moveList.remove(index);
    this.app.save();
    this.app.changed();
  }
}
