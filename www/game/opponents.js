// @ts-check
// Who plays a side other than the person at this device: the one seam through which the
// controller (app.js) asks for a move it does not take from a tap. Chosen when a game starts.
//
// An opponent is `{side, think(position), cancel(), delayMs(speed), trouble}`:
// - `think({start, record, options})` resolves with the move for the player to move after
//   `record` — `{number, exact}`, `number` the move as the engine plays it (a hole, or in Parker's
//   games the move as written: "4+", "3", a bare "+"), `exact` false when the move is the best found rather than proved
//   — or with null when it has none to give (cancelled, or the position changed);
// - `cancel()` drops any question under way; its answer then never arrives;
// - `delayMs(speed)` is how long the controller waits before asking, at an animation speed, so
//   that a person sees whose turn it is;
// - `trouble` names the message (i18n key) said when `think` fails.
// - `waits` (optional): true for a player elsewhere, whom the page waits for rather than thinks for.
// The computer, the embed's demo and a friend playing live (remoteOpponent) play through it; the
// kind of game (kinds/) says who plays which side.

import { msg } from "../i18n/index.js";
import { messageOf } from "../lib/errors.js";
import { joinMoves } from "../lib/records.js";

/** @import { GameState, Level, Side } from "../types/engine.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { MessageKey, Message } from "../i18n/index.js" */
/** @import { Speed } from "../board/animation.js" */
/** @import { Position } from "./game-start.js" */

/**
 * @typedef {object} Opponent  a player of a side through the seam (see above)
 * @property {Side} side
 * @property {Level} [level]  the computer's, for a computer
 * @property {boolean} [waits]  a player elsewhere, waited for rather than thinking
 * @property {MessageKey} trouble
 * @property {(speed: Speed) => number} delayMs
 * @property {(position: Position) => Promise<{number: Move, exact: boolean} | null>} think
 * @property {() => void} cancel
 */
/** @typedef {Partial<Record<Side, Opponent>>} Opponents  by side: the sides nobody at this device plays */
/**
 * The computer player (analysis/computer.js), as its opponents ask it.
 * @typedef {object} ComputerPlayer
 * @property {(question: Position & {level: Level}) => Promise<{number: number, move?: string, exact: boolean} | null>} think
 *   its search's result: the hole, and in Parker's games the move as written (`move`)
 * @property {() => void} cancel
 */
/**
 * A live game's room as the friend's moves come through it (live/room-controller.js `remote`).
 * @typedef {object} Remote
 * @property {(record: string) => Promise<{number: Move, exact: boolean} | null>} moveAfter
 * @property {() => void} cancelWaits
 */
/**
 * What the turns read of the controller (app.js) and ask of it: the position shown, whether a
 * move is being shown, the animation's speed; to play a move, to draw again.
 * @typedef {object} TurnsController
 * @property {GameState} state
 * @property {Position} position
 * @property {boolean} animating
 * @property {{speed: Speed}} animator
 * @property {(number: Move) => void} move
 * @property {() => void} changed
 */

// Pause before the computer moves, so a person sees whose turn it is.
/** @type {Record<Speed, number>} */
const COMPUTER_DELAY_MS = { slow: 700, normal: 450, fast: 200, instant: 0 };
// Between two moves of an embed's demo, so that people watching can follow (per animation speed).
/** @type {Record<Speed, number>} */
const DEMO_DELAY_MS = { slow: 1400, normal: 900, fast: 500, instant: 900 };

/**
 * The computer at `level`, thinking in `computer`'s worker (analysis/computer.js), for `side`.
 * @param {ComputerPlayer} computer @param {Side} side @param {Level} level
 * @param {{delays?: Record<Speed, number>, trouble?: MessageKey}} [pace]
 * @returns {Opponent}
 */
export function computerOpponent(computer, side, level, pace = {}) {
  const { delays = COMPUTER_DELAY_MS, trouble = "notice.computerFailed" } = pace;
  return {
    side,
    level,
    trouble,
    delayMs: (speed) => delays[speed] ?? 0,
    async think({ start, record, options }) {
      const result = await computer.think({ start, record, options, level });
      // Parker's moves are played as written: the hole alone would lack the first move's direction.
      return result ? { number: result.move ?? result.number, exact: !!result.exact } : null;
    },
    cancel: () => computer.cancel(),
  };
}

/**
 * A player elsewhere, whose moves a live game's room relays (live/room-controller.js): `remote`'s
 * `moveAfter(record)` resolves with the move the room played after `record` once it comes.
 * @param {Remote} remote @param {Side} side
 * @returns {Opponent}
 */
export function remoteOpponent(remote, side) {
  return {
    side,
    waits: true,
    trouble: "live.trouble",
    delayMs: () => 0,
    think: ({ record }) => remote.moveAfter(record),
    cancel: () => remote.cancelWaits(),
  };
}

/**
 * An embed's demo: the computer plays both sides, each at its level (`levels`: {south, north}),
 * at a watcher's pace.
 * @param {ComputerPlayer} computer @param {Record<Side, Level>} levels
 * @returns {Opponents}
 */
export function demoOpponents(computer, levels) {
  const demo = (/** @type {Side} */ side) => computerOpponent(computer, side, levels[side], { delays: DEMO_DELAY_MS, trouble: "embed.computerFailed" });
  return { south: demo("south"), north: demo("north") };
}

/**
 * The opponents' turns in the game the controller (`app`) shows: when one of them is to move, the
 * game is at the end of its line and nothing is being shown, it is asked for its move, which is
 * then played through the controller like a tap. Stopped by anything that changes the position.
 */
export class Turns {
  /**
   * @param {TurnsController} app
   * @param {{onTrouble: (message: Message) => void, onAnswered?: () => void}} hooks
   */
  constructor(app, hooks) {
    this.app = app;
    this.hooks = hooks;
    /** @type {Opponents} */
    this.opponents = {}; // by side
    /** @type {{waits: boolean} | null} a turn under way: a token */
    this.turn = null;
    this.held = false; // opponents wait (an embed's demo paused)
    /** @type {{record: string, number: Move} | null} a move that came while they were held */
    this.waiting = null;
    /** @type {string | null} the record after a perfect-level move that was not proved */
    this.unprovenMove = null;
  }

  /** Who plays the sides nobody at this device plays, by side (the kind of game's: kinds/). @param {Opponents} opponents */
  follow(opponents) {
    this.opponents = opponents;
  }

  /** Whether `side` is played by an opponent. @param {Side} side */
  plays(side) {
    return side in this.opponents;
  }

  /** An opponent is taking its turn (waiting to, or thinking); a player elsewhere is waited for, not thinking. */
  get thinking() {
    return this.turn !== null && !this.turn.waits;
  }

  /** Lets an opponent move when it is its turn, the game is at the end of its line and idle. */
  take() {
    const { app } = this;
    const opponent = this.opponents[app.state.to_move];
    if (!opponent || app.animating || this.turn !== null || this.held) return;
    if (app.state.status !== "playing" || app.state.redo !== "") return;
    const turn = { waits: opponent.waits === true };
    this.turn = turn;
    const position = app.position;
    setTimeout(async () => {
      if (this.turn !== turn) return;
      let answer = null;
      try {
        answer = await opponent.think(position);
      } catch (error) {
        this.hooks.onTrouble(msg(opponent.trouble, { reason: messageOf(error) }));
      }
      // A turn stopped meanwhile (undo, new game, another level) is not this one: drop its answer.
      if (this.turn !== turn || app.state.record !== position.record) return;
      this.turn = null;
      if (!answer) return app.changed();
      this.hooks.onAnswered?.();
      // The perfect level says when a position was too large to prove in time.
      this.unprovenMove = opponent.level === "perfect" && !answer.exact ? joinMoves(position.record, answer.number) : null;
      if (!this.held) return app.move(answer.number);
      this.waiting = { record: position.record, number: answer.number };
      app.changed();
    }, opponent.delayMs(app.animator.speed));
    app.changed();
  }

  /** Drops the turn under way, and any question its opponent is thinking about. */
  stop() {
    this.turn = null;
    this.waiting = null;
    for (const opponent of Object.values(this.opponents)) opponent?.cancel();
  }

  /** Holds the opponents while `on`; released, a move found meanwhile is played, or the next turn taken. @param {boolean} on */
  hold(on) {
    this.held = on;
    const waiting = this.waiting;
    this.waiting = null;
    if (on) return;
    if (waiting && waiting.record === this.app.state.record && !this.app.animating) this.app.move(waiting.number);
    else this.take();
  }
}
