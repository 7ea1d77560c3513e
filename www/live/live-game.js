// Live play (docs/live-protocol.md): a game two friends play at once, each on their own device,
// through a room on the page's own server. The server is the referee: a tap sends the move, and
// the board plays a move only when the room says it was played (`moved`), shown as any move is;
// the rules are the engine's on both ends, never written again here. The friend's moves come
// through the opponent seam (game/opponents.js `remoteOpponent`); a spectator's board takes both
// sides' so. A dropped connection is opened again (connection.js) and the room entered again with
// the seat's token, kept per room in the browser, so that a reload or another network takes the
// seat back; the moves missed are then played on, each shown.
//
// The room's game is the game on the board (`app.about.live` names its room, its number there
// and the person's seat): kept as any game, so that a finished one goes among Your games, and
// taken up again from there or after a reload, back in its room.

import { isSide, otherSide } from "../lib/sides.js";
import { openGame } from "../game/game-start.js";
import { keepAside } from "../game/keeping.js";
import { pageLink } from "../share/share.js";
import * as games from "../game/games.js";
import { readJson, writeJson } from "../lib/choices.js";
import { msg, say, t } from "../i18n/index.js";
import { later } from "../lib/later.js";
import { describeResignation } from "../ui/words.js";
import { LiveConnection } from "./connection.js";
import { liveStatus, refusalMessage } from "./live-words.js";
import { $ } from "../lib/dom.js";

// The seats' tokens, by room: `{room: {token, at}}`, the newest kept.
const TOKENS_KEY = "walak-pussa.live";
const TOKENS_KEPT = 50;
// Resign is pressed twice, within this time, so that a stray tap never gives a game up.
const CONFIRM_MS = 4000;
// How long "Your friend is back" and the like stay on the status line.
const SAID_MS = 5000;
// A move sent and neither played nor refused in this time: the socket is taken as dead and opened again.
const ANSWER_MS = 8000;

/** A room's link: the page's address with `#live=CODE`. */
export function roomLink(room) {
  return pageLink(`live=${room}`);
}

/** The id a live game is kept under among the games by links' ids: the room's and the game's number. */
const gameIdOf = (room, number) => `live${room.toLowerCase().slice(0, 20)}${number}`;

function readToken(room) {
  const token = readJson(TOKENS_KEY)?.[room]?.token;
  return typeof token === "string" ? token : null;
}

function keepToken(room, token) {
  const tokens = readJson(TOKENS_KEY) ?? {};
  tokens[room] = { token, at: Date.now() };
  const newest = Object.entries(tokens).filter(([, v]) => typeof v?.at === "number").sort((a, b) => b[1].at - a[1].at)
    .slice(0, TOKENS_KEPT);
  writeJson(TOKENS_KEY, Object.fromEntries(newest));
}

export class LiveGame {
  /**
   * `app`: the controller. `onSaid(...messages)`: a notice (what happened to the game on the
   * board, a room that cannot be entered). `onRefused(message)`: a refusal to show by the board.
   * `announce(text)`: says something to screen readers. `onLink(room)`: a new room's link to give.
   */
  constructor(app, { onSaid, onRefused, announce, onLink }) {
    this.app = app;
    this.hooks = { onSaid, onRefused, announce, onLink };
    this.connection = new LiveConnection({
      onOpen: () => this.enter(),
      onFrame: (frame) => this.receive(frame),
      onState: (state) => {
        // Dropped: the room must answer again; a move sent meanwhile is known from that answer.
        if (state === "reconnecting") {
          this.joined = false;
          this.clearPending();
        }
        this.changed();
      },
    });
    // The opponent seam's player elsewhere (opponents.js `remoteOpponent`).
    this.remote = { moveAfter: (record) => this.moveAfter(record), cancelWaits: () => this.cancelWaits() };
    this.dialog = later(async () => (await import("./live-dialog.js")).liveDialog(this));
    this.reset();
    this.wire();
  }

  /** The live bar's buttons (#live-share, #live-resign, #live-rematch). */
  wire() {
    $("live-share").addEventListener("click", () => this.showLink());
    $("live-rematch").addEventListener("click", () => this.rematch());
    const resign = $("live-resign");
    let confirming = null;
    resign.addEventListener("click", () => {
      if (confirming === null) {
        resign.dataset.confirm = "true";
        resign.textContent = t("live.resignConfirm");
        confirming = setTimeout(() => {
          confirming = null;
          delete resign.dataset.confirm;
          this.render();
        }, CONFIRM_MS);
        return;
      }
      clearTimeout(confirming);
      confirming = null;
      delete resign.dataset.confirm;
      this.resign();
      this.render();
    });
  }

  /** Opens the Live dialog with the room's link. */
  async showLink() {
    if (this.room) (await this.dialog.get()).open();
  }

  /** Draws the live bar and the end-of-game panel's choices for the game on the board (after every change). */
  render() {
    const on = this.app.referee === this && !this.app.training;
    $("live-bar").hidden = !on;
    $("game-over-swap").hidden = on;
    if (!on) {
      $("game-over-rematch").textContent = t("gameOver.rematch");
      $("game-over-rematch").hidden = false;
      $("game-over-rematch").disabled = false;
      return;
    }
    $("live-share").hidden = this.room === null;
    const resign = $("live-resign");
    resign.hidden = !this.isPlayer || this.over || !this.joined;
    if (!resign.dataset.confirm) resign.textContent = t("live.resign");
    const asked = this.isPlayer && this.rematchAsked[this.seat] === true;
    const friendAsked = this.isPlayer && this.rematchAsked[otherSide(this.seat)] === true;
    const words = t(asked ? "live.rematchAsked" : friendAsked ? "live.rematchAccept" : "live.rematch");
    for (const button of [$("live-rematch"), $("game-over-rematch")]) {
      button.textContent = words;
      button.disabled = asked || !this.joined;
    }
    // The end-of-game panel, when it shows, has its own Rematch.
    $("live-rematch").hidden = !this.isPlayer || !this.over || !$("game-over").hidden;
    $("game-over-rematch").hidden = !this.isPlayer;
  }

  reset() {
    this.room = null;
    this.creating = null; // {options, side}: a room to make when the socket opens
    this.seat = null;
    this.number = 0;
    this.record = ""; // the room's moves, as the server last told them
    this.resigned = null;
    this.presence = { south: false, north: false };
    this.friendSeen = false; // the friend has been in the room: away rather than not yet come
    this.rematchAsked = {};
    this.pending = null; // {ply, number, timer}: the person's move, sent and not yet answered
    this.joined = false; // the room has answered on this socket
    this.everJoined = false;
    this.closedWhy = null; // msg: why the room cannot be entered (again)
    this.said = null;
    this.rematching = false; // both asked: the next `joined` is the rematch
    this.placing = false; // the room's game is being put on the board
    this.waits = [];
  }

  // ── What the page reads ───────────────────────────────────────────────────────────────────

  /** `#board[data-live]`: connecting, waiting (for the friend), playing, reconnecting or closed. */
  get liveState() {
    if (this.closedWhy) return "closed";
    if (!this.joined) return this.everJoined ? "reconnecting" : "connecting";
    if (this.isPlayer && !this.presence[otherSide(this.seat)]) return "waiting";
    return "playing";
  }

  get isPlayer() {
    return isSide(this.seat);
  }

  /** The players get no help from the computer while their game goes on: it is played person to person. */
  get barsHelp() {
    return this.isPlayer && this.resigned === null && this.app.state.status === "playing";
  }

  get over() {
    return this.resigned !== null || this.app.state.status === "game_over";
  }

  /** The status line's sentences, around `turn` (what the page says of the turn or the result). */
  statusWords(turn) {
    return liveStatus(this, turn, this.app.state);
  }

  get link() {
    return this.room ? roomLink(this.room) : null;
  }

  // ── Entering a room ───────────────────────────────────────────────────────────────────────

  /** Makes a room for a game with `options` ({rounds, first}), the person sitting at `side`. */
  create(options, side) {
    this.leave();
    this.creating = { options, side };
    this.start();
  }

  /** Enters room `room` (from its link, or the game on the board's): the seat of its token here, else the free one. */
  join(room) {
    if (this.room === room && this.connection.wanted && !this.closedWhy) return;
    this.leave();
    this.room = room;
    this.start();
  }

  start() {
    // The board answers to the room from now on: while it connects, nothing is played on it.
    this.app.setReferee(this);
    this.connection.open();
  }

  /** Follows the game on the board: a live game's room is entered, any other game leaves the room. */
  follow() {
    if (this.placing) return;
    const live = this.app.kind.inRoom ? this.app.about.live : null;
    if (live) {
      if (live.room !== this.room || !this.connection.wanted) this.join(live.room);
    } else if (this.connection.wanted) {
      this.leave();
    }
  }

  /** Leaves the room: the socket closes, the board is the person's alone again. */
  leave() {
    this.connection.close();
    clearTimeout(this.pending?.timer);
    clearTimeout(this.saidTimer);
    this.cancelWaits();
    this.reset();
    if (this.app.referee === this) this.app.setReferee(null);
  }

  /** The socket opened: the room is made, or entered (again) with the seat's token. */
  enter() {
    this.joined = false;
    if (this.creating) {
      const { options, side } = this.creating;
      this.connection.send({ type: "create", options, side });
    } else {
      this.connection.send({ type: "join", room: this.room, token: readToken(this.room) });
    }
    this.changed();
  }

  // ── Frames from the server ────────────────────────────────────────────────────────────────

  receive(frame) {
    const act = {
      joined: () => this.joinedRoom(frame),
      moved: () => this.moved(frame),
      resigned: () => this.resignedBy(frame.side),
      rematch: () => this.rematchAskedBy(frame.side),
      rematched: () => {
        this.rematchAsked = {};
        this.rematching = true;
      },
      presence: () => this.presenceIs(frame),
      refused: () => this.refused(frame),
    }[frame.type];
    if (!act) return;
    act();
    this.changed();
  }

  /** The whole state of the room's game: it replaces what the board had, playing on the moves missed. */
  joinedRoom({ room, seat, token, options, number, moves, resigned }) {
    const { app } = this;
    const created = this.creating !== null;
    this.creating = null;
    this.room = room;
    this.seat = seat;
    if (token) keepToken(room, token);
    this.number = number;
    this.record = typeof moves === "string" ? moves : "";
    this.resigned = resigned ?? null;
    this.clearPending();
    this.joined = true;
    this.everJoined = true;
    // The room's next `presence` tells who is there now, not who came or went.
    this.presenceKnown = false;
    this.closedWhy = null;
    // A turn waiting for the friend's move gets it now if the room has it (a board that does not
    // continue is set again below, which drops the waits).
    this.answerWaits();
    const live = { room, number, seat, ...(this.resigned ? { resigned: this.resigned } : {}) };
    const setup = { mode: "live", seat, side: seat === "north" ? "north" : "south", rounds: options.rounds, first: options.first,
      level: app.setup.level, game: gameIdOf(room, number) };
    const onBoard = app.kind.inRoom && app.about.live?.room === room && app.about.live.number === number;
    const rematch = this.rematching;
    this.rematching = false;
    if (app.referee !== this) app.setReferee(this);
    this.placing = true;
    try {
      this.place({ setup, live, onBoard, rematch, created });
    } finally {
      this.placing = false;
    }
  }

  place({ setup, live, onBoard, rematch, created }) {
    const { app } = this;
    if (onBoard && app.setup.seat === setup.seat && this.record.startsWith(app.state.record)) {
      // The same game: the moves missed are played on from the board, each shown as if played now.
      app.noteAbout({ live });
      this.kick();
    } else if (onBoard) {
      // Not a continuation of the board (another seat, or a line the room never played): the room's position.
      this.putOnBoard(setup, { ...app.about, live });
      app.tellLastMove();
    } else {
      // Another game (a room entered, or the room's next game): the one on the board is kept first.
      app.stop();
      const kept = keepAside(app);
      this.putOnBoard(setup, { ...games.newAbout(), live });
      app.tellLastMove();
      // A rematch says so on the status line; the finished game is among Your games, as usual.
      if (rematch) this.sayForAWhile(msg("live.rematchBegins"));
      else if (kept) this.hooks.onSaid(msg("games.keptAside"));
      if (created) this.hooks.onLink(live.room);
    }
  }

  putOnBoard(setup, about) {
    const { app } = this;
    app.stop();
    const game = openGame(app.Game, { options: { rounds: setup.rounds, first: setup.first }, record: this.record });
    app.putOnBoard(game, { setup, about });
  }

  /** A move the room played: the board plays it once it is at the end of its line and still. */
  moved({ moves, side, hole }) {
    if (!Number.isInteger(moves) || moves <= this.record.length) return; // known already
    if (moves !== this.record.length + 1) {
      // Some move never reached this page: the room's whole state again.
      this.rejoin();
      return;
    }
    this.record += String(hole);
    if (side === this.seat) this.clearPending();
    this.answerWaits();
    this.kick();
  }

  resignedBy(side) {
    this.resigned = side;
    this.clearPending();
    if (this.app.about.live) this.app.noteAbout({ live: { ...this.app.about.live, resigned: side } });
    this.hooks.announce(describeResignation(side, this.seat));
  }

  rematchAskedBy(side) {
    this.rematchAsked = { ...this.rematchAsked, [side]: true };
    if (this.isPlayer && side !== this.seat) this.hooks.announce(say(msg("live.friendAsksRematch")));
  }

  presenceIs({ south, north }) {
    const was = this.presence;
    this.presence = { south: south === true, north: north === true };
    const known = this.presenceKnown;
    this.presenceKnown = true;
    if (!this.isPlayer) return;
    const friend = otherSide(this.seat);
    const there = this.presence[friend];
    if (!known) {
      if (there) this.friendSeen = true;
      return;
    }
    if (there === was[friend]) return;
    if (there) {
      this.sayForAWhile(msg(this.friendSeen ? "live.friendBack" : "live.friendCame"));
      this.friendSeen = true;
    } else {
      this.sayForAWhile(null);
      this.hooks.announce(say(msg("live.friendAway")));
    }
  }

  refused(frame) {
    const message = refusalMessage(frame);
    this.clearPending();
    if (!this.joined && (frame.reason === "no_such_room" || frame.reason === "full")) {
      if (this.everJoined) {
        // The room went (a day without moves): the game stays on the board, the room closed.
        this.closedWhy = message;
        this.connection.close();
        return;
      }
      // A room that cannot be entered: the board stays as it was.
      this.leave();
      this.hooks.onSaid(msg("live.cannotEnter", { why: message }));
      return;
    }
    this.hooks.onRefused(message);
  }

  // ── The person's moves and choices ───────────────────────────────────────────────────────

  /** The person's move `number` (App.play, once the page allows it): sent to the room, played when it comes back. */
  propose(number) {
    const ply = this.app.state.record.length;
    if (!this.connection.send({ type: "move", ply, hole: number })) return;
    // No answer at all: the socket is dead in all but name; a new one enters the room again.
    const timer = setTimeout(() => this.connection.restart(), ANSWER_MS);
    this.pending = { ply, number, timer };
    this.app.changed();
  }

  clearPending() {
    clearTimeout(this.pending?.timer);
    this.pending = null;
  }

  /** Why nobody may play `side`'s holes on the board now, as `refuse.*` words, or null (game/kinds/live.js). */
  refusal(state, side) {
    if (this.seat === "spectator") return "liveSpectator";
    if (this.resigned) return "liveResigned";
    const now = this.liveState;
    if (now === "closed") return "liveClosed";
    if (now === "connecting" || now === "reconnecting") return "liveOffline";
    // Looking back through the moves: the game is played at its last move.
    if (state.redo !== "") return "liveBehind";
    if (state.to_move !== this.seat) return "liveFriend";
    if (this.pending) return "liveSent";
    return null;
  }

  resign() {
    if (this.isPlayer && !this.over) this.connection.send({ type: "resign" });
  }

  rematch() {
    if (this.isPlayer && this.over) this.connection.send({ type: "rematch" });
  }

  // ── The opponent seam and the board ───────────────────────────────────────────────────────

  /** The move the room played after `record`, once it is known (null when the room's game went another way). */
  moveAfter(record) {
    return new Promise((resolve) => {
      this.waits.push({ record, resolve });
      this.answerWaits();
    });
  }

  answerWaits() {
    this.waits = this.waits.filter(({ record, resolve }) => {
      if (!this.record.startsWith(record)) resolve(null);
      else if (this.record.length > record.length) resolve({ number: Number(this.record[record.length]), exact: true });
      else return true;
      return false;
    });
  }

  cancelWaits() {
    for (const { resolve } of this.waits) resolve(null);
    this.waits = [];
  }

  /** The board is still (App.settled): the person's own move the room played, if the board lacks it. */
  settled() {
    const { app } = this;
    if (app.referee !== this || app.animating || app.state.redo !== "" || !app.kind.inRoom) return;
    const board = app.state.record;
    if (board.length >= this.record.length || !this.record.startsWith(board)) return;
    // The other side's moves come through the opponent seam (Turns); the person's own from here.
    if (app.state.to_move === this.seat) app.move(Number(this.record[board.length]));
  }

  /** Lets the board catch up with the room when it is still. */
  kick() {
    if (!this.app.animating) this.app.settled();
  }

  rejoin() {
    this.joined = false;
    if (!this.connection.send({ type: "join", room: this.room, token: readToken(this.room) })) this.connection.restart();
  }

  sayForAWhile(message) {
    clearTimeout(this.saidTimer);
    this.said = message;
    if (message) {
      this.hooks.announce(say(message));
      this.saidTimer = setTimeout(() => {
        this.said = null;
        this.changed();
      }, SAID_MS);
    }
  }

  changed() {
    if (this.app.hasGame) this.app.changed();
  }
}
