// @ts-check
// A live game's room as the board's referee (docs/live-protocol.md): two friends play at once,
// each on their own device, through a room on the page's own server. The server is the referee:
// a tap sends the move, and the board plays a move only when the room says it was played
// (`moved`), shown as any move is; the rules are the engine's on both ends, never written again
// here. The friend's moves come through the opponent seam (game/opponents.js `remoteOpponent`,
// through `remote`); a spectator's board takes both sides' so. A dropped connection is opened
// again (connection.js) and the room entered again with the seat's token (seat-tokens.js), so
// that a reload or another network takes the seat back; the moves missed are then played on,
// each shown.
//
// This controller holds what the page knows of the room in one object (`RoomState`), its phase
// changed only through phases.js `next`; the room's game goes on the board through room-game.js,
// the friend's moves through the opponent seam's waits (move-waits.js).
// It draws nothing (live-bar.js draws the live bar from `shown`; the status line is the kind's,
// from `statusWords`). It is the `Room` the kinds read (game/kinds/kind.js). The socket and the
// tokens' storage are handed to it, so that it runs anywhere (tests/unit/live-room.test.mjs
// drives it through a socket of its own).

import { isSide, otherSide } from "../lib/sides.js";
import { msg, say, t } from "../i18n/index.js";
import { sideName } from "../board/board-words.js";
import { describeResignation } from "../ui/words.js";
import { pageLink } from "../share/share.js";
import { liveStatus, refusalMessage } from "./live-words.js";
import { openGame } from "../game/game-start.js";
import { FIRST_PHASE, answered, friendAway, inRoom, next } from "./phases.js";
import { showRoomGame } from "./room-game.js";
import { MoveWaits } from "./move-waits.js";
import { beginsWith, joinMoves, movesAfter, nextMove, plyCount } from "../lib/records.js";

/** @import { GameOptions, GameState, Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */
/** @import { Room, Seat } from "../game/kinds/kind.js" */
/** @import { Remote } from "../game/opponents.js" */
/** @import { RefusalReason } from "../board/board-words.js" */
/** @import { App } from "../game/app.js" */
/** @import { Phase, PhaseEvent } from "./phases.js" */
/** @import { BarFacts } from "./live-bar.js" */
/** @import { Connection, ConnectionHooks } from "./connection.js" */
/** @import { Tokens } from "./seat-tokens.js" */
/** @import { Move } from "../lib/records.js" */

// A move sent and neither played nor refused in this time: the socket is taken as dead and opened again.
export const ANSWER_MS = 8000;
// How long "Your friend is back" and the like stay on the status line.
export const SAID_MS = 5000;
// A room asked for again while its server could not reach its games: asked once more after this time.
export const RETRY_MS = 5000;

/**
 * What the page knows of the room, in one object, changed by the controller alone.
 * @typedef {object} RoomState
 * @property {Phase} phase             phases.js: the only fact of the connection the page acts on
 * @property {string | null} room      the room's code; null in no room, or while one is being made
 * @property {{options: GameOptions, side: Side} | null} making
 *   a room to make (with its options, the person at `side`) when the socket opens, until it has answered
 * @property {Seat | null} seat        the person's seat, once the room has said it
 * @property {number} number           the room's game's number (a rematch is the next)
 * @property {string} record           the room's moves, as it last told them
 * @property {Side | null} resigned    the side that gave the game up
 * @property {Record<Side, boolean>} presence  which seats have a page in the room, as it last said
 * @property {boolean} presenceKnown   a `presence` came since the last `joined`: the next one tells who came or went
 * @property {boolean} friendSeen      the friend has been in the room: away rather than not yet come
 * @property {Partial<Record<Side, true>>} rematchAsked  who asked for a rematch
 * @property {{ply: number, number: Move} | null} pending  the person's move, sent and neither played nor refused
 * @property {boolean} rematchBegun    both asked (`rematched`): the next `joined` is the rematch's game
 * @property {Message | null} closedWhy  why the room cannot be entered again: set in phase `closed` only
 * @property {Message | null} said    what the status line says for a while (the friend came or is back, a rematch begins)
 * @property {boolean} unavailable     the server said it cannot reach where its games are kept: until its next `joined`
 */

/**
 * What the controller tells the page.
 * @typedef {object} RoomHooks
 * @property {(...messages: Message[]) => void} onSaid  a notice: the game on the board kept, a room that cannot be entered
 * @property {(message: Message) => void} onRefused     a refusal from the room, to show by the board
 * @property {(text: string) => void} announce          says something to screen readers
 * @property {(room: string) => void} onLink            a room just made: its link to give
 */

/**
 * The room's frames (docs/live-protocol.md), as the server sends them; read with care, since a
 * frame is only known to be an object with a `type`.
 * @typedef {{room: string, seat: Seat, token?: string | null, options: GameOptions, number: number, moves?: unknown,
 *   resigned?: Side | null}} JoinedFrame
 * @typedef {{moves: unknown, side: Side, hole: number, move?: unknown}} MovedFrame
 */

/** A room's link: the page's address with `#live=CODE`. @param {string} room */
const roomLink = (room) => pageLink(`live=${room}`);

/**
 * The state of a page in no room, in `phase`.
 * @param {Phase} phase
 * @returns {RoomState}
 */
const roomless = (phase) => ({
  phase, room: null, making: null, seat: null, number: 0, record: "", resigned: null, presence: { south: false, north: false },
  presenceKnown: false, friendSeen: false, rematchAsked: {}, pending: null, rematchBegun: false, closedWhy: null, said: null,
  unavailable: false,
});

/**
 * What the room's game is at the end of `record`, as the engine plays it: over or not, and who
 * played each move (a side may move twice running when the other cannot).
 * @typedef {{over: boolean, sides: Side[]}} RoomLine
 */

/** @implements {Room} */
export class RoomController {
  /** @type {RoomState} */
  #state = roomless(FIRST_PHASE);
  /** the opponent seam's waits for the room's moves */
  #waits = new MoveWaits();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #answerTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #saidTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} the room asked for again, its server's games out of reach */
  #retryTimer;
  /** @type {{key: string, line: RoomLine} | null} the room's game as the engine last read it */
  #line = null;

  /**
   * @param {App} app  the controller of the board
   * @param {RoomHooks & {connect: (hooks: ConnectionHooks) => Connection, tokens: Tokens}} parts
   *   `connect` makes the socket (connection.js), `tokens` keeps the seats' tokens (seat-tokens.js)
   */
  constructor(app, { connect, tokens, onSaid, onRefused, announce, onLink }) {
    this.app = app;
    this.tokens = tokens;
    this.hooks = { onSaid, onRefused, announce, onLink };
    this.connection = connect({
      onOpen: () => this.#opened(),
      onFrame: (frame) => this.#receive(frame),
      onState: (state) => {
        // Dropped: the room must answer again; a move sent meanwhile is known from that answer.
        if (state === "reconnecting") {
          this.#go({ type: "dropped" });
          this.#clearPending();
        }
        this.#changed();
      },
    });
    /** @type {Remote} the friend's moves, for the opponent seam (opponents.js `remoteOpponent`) */
    this.remote = { moveAfter: (record) => this.#waits.after(record, this.#state.record), cancelWaits: () => this.#waits.cancel() };
  }

  // ── What the page reads ───────────────────────────────────────────────────────────────────

  /** What the page knows of the room (read only: the controller changes it). @returns {Readonly<RoomState>} */
  get state() { return this.#state; }

  /** `#board[data-live]`: the phase (never `idle` while the board answers to the room). */
  get liveState() { return this.#state.phase; }

  get seat() { return this.#state.seat; }

  get isPlayer() { return isSide(this.#state.seat); }

  /** The players get no help from the computer while their game goes on: it is played person to person. */
  get barsHelp() {
    return this.isPlayer && !this.over;
  }

  /**
   * The room's game is over: played to its end (the room's moves, whatever position the board
   * shows: looking back through a finished game is not playing it), or given up.
   */
  get over() {
    return this.#state.resigned !== null || this.#roomLine().over;
  }

  /** The side that gave the room's game up, or null. */
  get resigned() { return this.#state.resigned; }

  /**
   * The room's game as the engine plays its moves (once per change of them).
   * @returns {RoomLine}
   */
  #roomLine() {
    const { record } = this.#state;
    const { options } = this.app;
    const key = `${options.rounds}${options.first}${options.rules ?? ""}${record}`;
    if (this.#line?.key !== key) {
      let line = { over: false, sides: /** @type {Side[]} */ ([]) };
      try {
        const game = openGame(this.app.Game, { options, record });
        const state = game.state();
        line = { over: state.status === "game_over", sides: state.line.map((/** @type {{side: Side}} */ ply) => ply.side) };
        game.free();
      } catch {
        // A record the engine refuses is no game the room played: nothing known of it.
      }
      this.#line = { key, line };
    }
    return this.#line.line;
  }
  /** The room's link, once its code is known. */
  get link() { return this.#state.room ? roomLink(this.#state.room) : null; }

  /** The status line's sentences, around `turn` (what the page says of the turn or the result). @param {string} turn */
  statusWords(turn) {
    const { state } = this.app;
    return liveStatus(this.#state, turn, {
      over: this.over,
      // Stepped back through the moves; and moves played meanwhile, which the board's line lacks.
      behind: state.redo !== "",
      missed: state.redo !== "" && plyCount(this.#state.record) > plyCount(joinMoves(state.record, state.redo)),
    });
  }

  /** The mode line while the room is being made or entered, before it has said who sits where. */
  enteringWords() {
    const { making } = this.#state;
    return making ? t("live.mode", { side: sideName(making.side) }) : t("live.modeEntering");
  }

  /** What the live bar and the end-of-game panel show of the room (live-bar.js). @returns {BarFacts} */
  get shown() {
    const { seat, room, rematchAsked, phase } = this.#state;
    const player = isSide(seat);
    const on = this.app.referee === this && !this.app.training;
    return {
      on,
      // A live game on the board that its room does not referee: a finished one, looked at again.
      kept: !on && this.app.kind.inRoom && !this.app.training,
      linked: room !== null,
      player,
      answered: answered(phase),
      over: this.over,
      asked: player && rematchAsked[seat] === true,
      friendAsked: player && rematchAsked[otherSide(seat)] === true,
    };
  }

  // ── Entering and leaving a room ───────────────────────────────────────────────────────────

  /**
   * Makes a room for a game with `options`, the person sitting at `side`.
   * @param {GameOptions} options
   * @param {Side} side
   */
  create(options, side) {
    this.leave();
    this.#enter({ making: { options, side } });
  }

  /** Enters room `room` (from its link, or the game on the board's): the seat of its token here, else the free one. @param {string} room */
  join(room) {
    if (this.#state.room === room && inRoom(this.#state.phase)) return;
    this.leave();
    this.#enter({ room });
  }

  /**
   * Follows the game on the board: a live game's room is entered, any other game leaves the room.
   * A finished game taken up from Your games (`takenUp`) is looked at as it ended: its room, which
   * may be playing the next game by now, is not entered for it.
   * @param {{takenUp?: boolean}} [how]
   */
  follow({ takenUp = false } = {}) {
    const { app } = this;
    const live = app.kind.inRoom ? app.about.live ?? null : null;
    const finished = live !== null && takenUp && (live.resigned !== undefined || app.state.status === "game_over" && app.state.redo === "");
    if (live && !finished) this.join(live.room);
    // A room closed too: the board is no longer its.
    else if (this.#state.phase !== "idle") this.leave();
  }

  /** Leaves the room: the board is the person's alone again, then the socket closes. */
  leave() {
    this.#clearPending();
    clearTimeout(this.#saidTimer);
    clearTimeout(this.#retryTimer);
    this.#waits.cancel();
    this.#state = roomless(next(this.#state.phase, { type: "leave" }));
    if (this.app.referee === this) this.app.setReferee(null);
    this.connection.close();
  }

  /** @param {{making: RoomState["making"]} | {room: string}} what  the room to make, or to enter */
  #enter(what) {
    this.#state = { ...this.#state, ...what, phase: next(this.#state.phase, { type: "enter" }) };
    // The board answers to the room from now on: while it connects, nothing is played on it.
    this.app.setReferee(this);
    this.connection.open();
  }

  /** The socket opened: the room is made, or entered (again) with the seat's token. */
  #opened() {
    this.#go({ type: "opened" });
    const { making, room } = this.#state;
    if (making) this.connection.send({ type: "create", options: making.options, side: making.side });
    else if (room) this.connection.send({ type: "join", room, token: this.tokens.readToken(room) });
    this.#changed();
  }

  /** Asks the room for its whole state again on the same socket (a move never came), or on a new one. */
  #rejoin() {
    this.#go({ type: "gap" });
    const { room } = this.#state;
    if (!room || !this.connection.send({ type: "join", room, token: this.tokens.readToken(room) })) this.connection.restart();
  }

  /**
   * The phase after `event` (phases.js), now the room's.
   * @param {PhaseEvent} event
   */
  #go(event) {
    this.#state.phase = next(this.#state.phase, event);
    return this.#state.phase;
  }

  // ── Frames from the server ────────────────────────────────────────────────────────────────

  /** @param {any} frame  a frame from the server: an object with a `type`, its other fields as they came */
  #receive(frame) {
    // Nothing comes once the room is left or closed; should a frame come anyway, it means nothing.
    if (!inRoom(this.#state.phase)) return;
    /** @type {Record<string, () => void>} */
    const acts = {
      joined: () => this.#joined(frame),
      moved: () => this.#moved(frame),
      resigned: () => this.#resignedBy(frame.side),
      rematch: () => this.#rematchAskedBy(frame.side),
      rematched: () => {
        this.#state.rematchAsked = {};
        this.#state.rematchBegun = true;
      },
      presence: () => this.#presence(frame),
      refused: () => this.#refused(frame),
      // The server lost where its games are kept: nothing is lost, and it sends `joined` again once it has them.
      unavailable: () => {
        this.#state.unavailable = true;
        this.hooks.announce(say(msg("live.unavailable")));
      },
      // The answer to the socket's own `ping` (connection.js): hearing it is all it is for.
      pong: () => {},
    };
    if (!Object.hasOwn(acts, frame.type)) return;
    acts[frame.type]();
    this.#changed();
  }

  /**
   * The whole state of the room's game: it replaces what the board had, playing on the moves missed.
   * @param {JoinedFrame} frame
   */
  #joined({ room, seat, token, options, number, moves, resigned }) {
    const s = this.#state;
    const created = s.making !== null;
    const rematch = s.rematchBegun;
    Object.assign(s, {
      making: null, room, seat, number, record: typeof moves === "string" ? moves : "", resigned: resigned ?? null,
      // The room's next `presence` tells who is there now, not who came or went.
      presenceKnown: false, rematchBegun: false, closedWhy: null, unavailable: false,
    });
    clearTimeout(this.#retryTimer);
    if (token) this.tokens.keepToken(room, token);
    this.#clearPending();
    this.#go({ type: "joined", friendAway: friendAway(seat, s.presence) });
    // A turn waiting for the friend's move gets it now if the room has it (a board that does not
    // continue is set again, which drops the waits).
    this.#waits.answer(s.record);
    if (this.app.referee !== this) this.app.setReferee(this);
    const shown = showRoomGame(this.app, { room, number, seat, options, record: s.record, resigned: s.resigned });
    // A friend who has moved, or whom this browser saw there, has been in the room: away now rather
    // than not yet come (after a reload too).
    if (isSide(seat) && (this.#roomLine().sides.includes(otherSide(seat)) || this.tokens.friendCame(room))) this.#friendCame();
    if (shown.how === "continued") this.#kick();
    if (shown.how !== "another") return;
    // A rematch says so on the status line; the finished game is among Your games, as usual.
    if (rematch) this.#sayForAWhile(msg("live.rematchBegins"));
    else if (shown.kept) this.hooks.onSaid(msg("games.keptAside"));
    if (created) this.hooks.onLink(room);
  }

  /** A move the room played: the board plays it once it is at the end of its line and still. @param {MovedFrame} frame */
  #moved({ moves, side, hole, move }) {
    const s = this.#state;
    const known = plyCount(s.record);
    if (!Number.isInteger(moves) || /** @type {number} */ (moves) <= known) return; // known already
    if (moves !== known + 1) {
      // Some move never reached this page: the room's whole state again.
      this.#rejoin();
      return;
    }
    // A move that chose a direction comes in the notation too (Parker's games).
    s.record = joinMoves(s.record, typeof move === "string" ? move : String(hole));
    if (side === s.seat) this.#clearPending();
    // Looking back through the moves: the move waits there, and the status says so (live-words.js).
    if (this.app.state.redo !== "") {
      this.hooks.announce(t(this.isPlayer ? "live.friendMoved" : "live.gameMovedOn"));
    }
    this.#waits.answer(s.record);
    this.#kick();
  }

  /** @param {Side} side */
  #resignedBy(side) {
    this.#state.resigned = side;
    this.#clearPending();
    if (this.app.about.live) this.app.noteAbout({ live: { ...this.app.about.live, resigned: side } });
    this.hooks.announce(describeResignation(side, this.#state.seat));
  }

  /** @param {Side} side */
  #rematchAskedBy(side) {
    this.#state.rematchAsked = { ...this.#state.rematchAsked, [side]: true };
    if (this.isPlayer && side !== this.#state.seat) this.hooks.announce(say(msg("live.friendAsksRematch")));
  }

  /** Who has a page in the room: the friend's coming and going, said once the room has said who was there. @param {{south?: unknown, north?: unknown}} frame */
  #presence({ south, north }) {
    const s = this.#state;
    const was = s.presence;
    s.presence = { south: south === true, north: north === true };
    const known = s.presenceKnown;
    s.presenceKnown = true;
    this.#go({ type: "presence", friendAway: friendAway(s.seat, s.presence) });
    if (!isSide(s.seat)) return;
    const friend = otherSide(s.seat);
    const there = s.presence[friend];
    if (!known) {
      if (there) this.#friendCame();
      return;
    }
    if (there === was[friend]) return;
    if (there) {
      this.#sayForAWhile(msg(s.friendSeen ? "live.friendBack" : "live.friendCame"));
      this.#friendCame();
    } else {
      this.#sayForAWhile(null);
      this.hooks.announce(say(msg("live.friendAway")));
    }
  }

  /** The friend has been in the room: noted with the seat's token, for a reload. */
  #friendCame() {
    this.#state.friendSeen = true;
    if (this.#state.room) this.tokens.noteFriend(this.#state.room);
  }

  /** @param {{reason?: unknown, message?: unknown}} frame */
  #refused(frame) {
    const message = refusalMessage(frame);
    this.#clearPending();
    const unavailable = frame.reason === "unavailable";
    const making = this.#state.making !== null;
    const why = frame.reason === "no_such_room" || frame.reason === "full" ? "gone" : unavailable ? "unavailable" : "other";
    const phase = this.#go({ type: "refused", why });
    if (phase === "closed") {
      // The room went (a day without moves): the game stays on the board, the room closed.
      this.#state.closedWhy = message;
      this.connection.close();
    } else if (phase === "idle") {
      // A room that cannot be made or entered: the board stays as it was, and the person may try again.
      this.leave();
      this.hooks.onSaid(msg(making ? "live.cannotMake" : "live.cannotEnter", { why: message }));
    } else if (unavailable && phase === "reconnecting") {
      // The room is there, its server's games out of reach just now: asked again a little later.
      this.#state.unavailable = true;
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => this.#rejoin(), RETRY_MS);
    } else {
      if (unavailable) this.#state.unavailable = true;
      this.hooks.onRefused(message);
    }
  }

  // ── The person's moves and choices ───────────────────────────────────────────────────────

  /**
   * The person's move `number` (App.play, once the page allows it): sent to the room, played when
   * it comes back. A move in the notation (Parker's `4+`, a bare `-`) is sent as such.
   * @param {Move} number
   */
  propose(number) {
    const ply = plyCount(this.app.state.record);
    if (!this.connection.send(typeof number === "string" ? { type: "move", ply, move: number } : { type: "move", ply, hole: number })) return;
    // No answer at all: the socket is dead in all but name; a new one enters the room again.
    this.#answerTimer = setTimeout(() => this.connection.restart(), ANSWER_MS);
    this.#state.pending = { ply, number };
    this.app.changed();
  }

  #clearPending() {
    clearTimeout(this.#answerTimer);
    this.#state.pending = null;
  }

  /**
   * Why nobody may play `side`'s holes on the board now, as `refuse.*` words, or null (game/kinds/live.js).
   * @param {GameState} state
   * @param {Side} side
   * @returns {RefusalReason | null}
   */
  refusal(state, side) {
    const s = this.#state;
    if (s.seat === "spectator") return "liveSpectator";
    if (s.resigned) return "liveResigned";
    if (s.phase === "closed") return "liveClosed";
    if (!answered(s.phase)) return "liveOffline";
    // Looking back through the moves: the game is played at its last move.
    if (state.redo !== "") return "liveBehind";
    if (state.to_move !== s.seat) return "liveFriend";
    if (s.pending) return "liveSent";
    return null;
  }

  /** Gives the game up (the live bar's Resign, pressed twice). */
  resign() {
    if (this.isPlayer && !this.over) this.connection.send({ type: "resign" });
  }

  /** Asks the room for the next game, the sides swapped (both players must). */
  rematch() {
    if (this.isPlayer && this.over) this.connection.send({ type: "rematch" });
  }

  // ── The board ─────────────────────────────────────────────────────────────────────────────

  /** The board is still (App.settled): the person's own move the room played, if the board lacks it. */
  settled() {
    const { app } = this;
    const { record, seat } = this.#state;
    if (app.referee !== this || app.animating || app.state.redo !== "" || !app.kind.inRoom) return;
    const board = app.state.record;
    if (plyCount(board) >= plyCount(record) || !beginsWith(record, board)) return;
    // The other side's moves come through the opponent seam (Turns); the person's own from here.
    if (app.state.to_move === seat) app.move(nextMove(movesAfter(record, plyCount(board))));
  }

  /** Lets the board catch up with the room when it is still. */
  #kick() {
    if (!this.app.animating) this.app.settled();
  }

  /** @param {Message | null} message  said on the status line for a while (and to screen readers); null: nothing */
  #sayForAWhile(message) {
    clearTimeout(this.#saidTimer);
    this.#state.said = message;
    if (message) {
      this.hooks.announce(say(message));
      this.#saidTimer = setTimeout(() => {
        this.#state.said = null;
        this.#changed();
      }, SAID_MS);
    }
  }

  #changed() {
    if (this.app.hasGame) this.app.changed();
  }
}
