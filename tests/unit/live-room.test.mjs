// A live game's room as the board's referee (www/live/room-controller.js), driven frame by frame
// through a socket of the test's own, over the page's own controller (game/app.js) and the real
// engine, as a person sees it: what the page sends the room, the phase (`#board[data-live]`), the
// game on the board, what the status line says and what is said to screen readers. The seats'
// tokens are kept in a storage in memory; time is the test's (node:test's mock timers).

import { test, beforeEach, afterEach, mock } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { installStorage } from "./support/storage.mjs";
import { loadTable, say } from "../../www/i18n/index.js";
import { App } from "../../www/game/app.js";
import { keptGames } from "../../www/game/games.js";
import { ANSWER_MS, RETRY_MS, RoomController, SAID_MS } from "../../www/live/room-controller.js";
import { resumeKept } from "../../www/game/keeping.js";
import * as seatTokens from "../../www/live/seat-tokens.js";

const { Game } = await loadEngine();
await loadTable("en");

const ROOM = "ABCDEFGHIJKLMNOP";
const OPTIONS = { rounds: false, first: "south" };

let storage;
beforeEach(() => {
  storage = installStorage();
  mock.timers.enable({ apis: ["setTimeout"] });
});
afterEach(() => mock.timers.reset());

/** Lets what is due now happen: the opponents' turns (a timer of no delay) and the promises they wait for. */
async function settle() {
  for (let i = 0; i < 6; i++) {
    mock.timers.tick(0);
    await new Promise(setImmediate);
  }
}

/** `count` more moves after `record` from the opening (the first legal hole each time): a line the rules allow. */
function lineAfter(record, count) {
  const game = Game.fromRecord(record, OPTIONS);
  let line = record;
  for (let i = 0; i < count; i++) {
    const hole = game.state().legal[0];
    game.play(hole);
    line += hole;
  }
  game.free();
  return line;
}

/**
 * The socket as the controller sees it (connection.js), worked by the test: `up()` opens it (the
 * controller then asks the room), `drop()` loses it, `frame(f)` brings a frame from the server;
 * `sent` holds what the page sent.
 */
function fakeSocket() {
  let hooks = null;
  const socket = {
    sent: [],
    wanted: false,
    isUp: false,
    restarts: 0,
    connect: (on) => {
      hooks = on;
      return connection;
    },
    up() {
      socket.isUp = true;
      hooks.onState("open");
      hooks.onOpen();
    },
    drop() {
      socket.isUp = false;
      hooks.onState("reconnecting");
    },
    frame: (frame) => hooks.onFrame(frame),
  };
  const connection = {
    open() {
      socket.wanted = true;
      hooks.onState("connecting");
    },
    close() {
      socket.wanted = false;
      socket.isUp = false;
      hooks.onState("closed");
    },
    restart() {
      socket.restarts++;
      socket.drop();
    },
    send(frame) {
      if (!socket.isUp) return false;
      socket.sent.push(frame);
      return true;
    },
  };
  return socket;
}

/** A page: the board's controller (a two-player game to start with) and the live room over a socket of the test's. */
function page({ record = "" } = {}) {
  const shown = [];
  const app = new App(Game, {
    computer: { think: async () => null, cancel() {} },
    onChange() {},
    onFrame() {},
    onEvent() {},
    onTrouble: (message) => assert.fail(`trouble: ${say(message)}`),
    onMove: (side, number) => shown.push(`${side} ${number}`),
  });
  app.setSpeed("instant");
  app.newGame({ setup: { mode: "two" }, record });
  const socket = fakeSocket();
  const said = { notices: [], refused: [], announced: [], links: [] };
  const room = new RoomController(app, {
    connect: socket.connect,
    tokens: seatTokens,
    onSaid: (...messages) => said.notices.push(...messages.map(say)),
    onRefused: (message) => said.refused.push(say(message)),
    announce: (text) => said.announced.push(text),
    onLink: (code) => said.links.push(code),
  });
  const status = () => app.kind.statusWords("TURN");
  return { app, room, socket, said, shown, status };
}

/** The room's `joined` frame. */
const joined = ({ seat = "south", token = `token-${seat}`, number = 1, moves = "", resigned = null, options = OPTIONS } = {}) =>
  ({ type: "joined", room: ROOM, seat, token, options, number, moves, resigned });
const presence = (south, north) => ({ type: "presence", south, north });
const moved = (moves, side, hole) => ({ type: "moved", moves, side, hole });

/** A page in the room at `seat` with the friend there, the room's game being `moves`. */
async function seated({ seat = "south", moves = "" } = {}) {
  const p = page();
  p.room.join(ROOM);
  p.socket.up();
  p.socket.frame(joined({ seat, moves }));
  p.socket.frame(presence(true, true));
  await settle();
  p.socket.sent.length = 0;
  return p;
}

test("a room made from the New game dialog: made once the socket opens, its game on the board, its link given, the friend waited for", async () => {
  const { app, room, socket, said, status } = page();
  room.create(OPTIONS, "south");
  assert.equal(room.liveState, "connecting");
  assert.equal(app.referee, room, "the board answers to the room at once");
  assert.deepEqual(status(), ["Connecting to the live game…"]);
  assert.equal(app.refusal("south", 3), "liveOffline");
  socket.up();
  assert.deepEqual(socket.sent, [{ type: "create", options: OPTIONS, side: "south" }]);
  socket.frame(joined({ seat: "south", token: "T1" }));
  assert.equal(room.liveState, "waiting");
  assert.equal(app.kind.mode, "live");
  assert.equal(app.setup.seat, "south");
  assert.deepEqual(app.about.live, { room: ROOM, number: 1, seat: "south" });
  assert.deepEqual(said.links, [ROOM]);
  assert.deepEqual(status(), ["TURN"], "who is there is said once the room has said it");
  assert.equal(seatTokens.readToken(ROOM), "T1", "the seat's token is kept for the room");
  // The room says who is there: the maker alone, then the friend comes.
  socket.frame(presence(true, false));
  assert.equal(room.liveState, "waiting");
  assert.deepEqual(status(), ["Waiting for your friend to open the link.", "TURN"]);
  assert.deepEqual(said.announced, []);
  socket.frame(presence(true, true));
  assert.equal(room.liveState, "playing");
  assert.deepEqual(said.announced, ["Your friend is here."]);
  assert.deepEqual(status(), ["Your friend is here.", "TURN"]);
  mock.timers.tick(SAID_MS);
  assert.deepEqual(status(), ["TURN"], "said for five seconds");
});

test("moves in order: the person's is sent and played once the room has played it, the friend's comes through the opponent seam", async () => {
  const { app, room, socket, shown, status } = await seated({ seat: "south" });
  assert.equal(app.play(3), true);
  assert.deepEqual(socket.sent, [{ type: "move", ply: 0, hole: 3 }]);
  assert.equal(app.state.record, "", "not played before the room says so");
  assert.equal(app.refusal("south", 4), "liveSent");
  socket.frame(moved(1, "south", 3));
  await settle();
  assert.equal(app.state.record, "3");
  assert.equal(room.state.pending, null);
  assert.equal(app.refusal("north", app.state.legal[0]), "liveFriend", "the friend's turn is theirs");
  const friend = app.state.legal[0];
  socket.frame(moved(2, "north", friend));
  await settle();
  assert.equal(app.state.record, `3${friend}`);
  assert.deepEqual(shown, ["south 3", `north ${friend}`], "each move shown as it is played");
  assert.deepEqual(status(), ["TURN"]);
  // A move the board has already (it came with a `joined`) is not played twice.
  socket.frame(moved(2, "north", friend));
  await settle();
  assert.equal(app.state.record, `3${friend}`);
  assert.equal(room.liveState, "playing");
});

test("a move missed (a gap in the room's moves): the room is asked again, and the moves missed are played on, each shown", async () => {
  const { app, room, socket, shown } = await seated({ seat: "north", moves: "" });
  const line = lineAfter("", 4);
  socket.frame(moved(1, "south", Number(line[0])));
  await settle();
  assert.equal(app.state.record, line.slice(0, 1));
  shown.length = 0;
  // Moves 2 and 3 never came: 4 does.
  socket.frame(moved(4, "south", Number(line[3])));
  assert.equal(room.liveState, "reconnecting");
  assert.deepEqual(socket.sent, [{ type: "join", room: ROOM, token: "token-north" }], "asked again, on the same socket, with the seat's token");
  assert.equal(socket.restarts, 0);
  assert.equal(app.refusal("north", 1), "liveOffline");
  socket.frame(joined({ seat: "north", moves: line }));
  assert.equal(room.liveState, "playing", "the friend was there when the room last said");
  await settle();
  assert.equal(app.state.record, line);
  assert.equal(shown.length, 3, `each move missed shown: ${shown.join(", ")}`);
});

test("a gap with the socket down opens another", async () => {
  const { room, socket } = await seated({ seat: "north" });
  socket.isUp = false; // gone in all but name: nothing can be sent
  socket.frame(moved(3, "south", 1));
  assert.equal(socket.restarts, 1);
  assert.equal(room.liveState, "reconnecting");
});

test("a refused move is said by the board, in the page's words, and the move may be tried again", async () => {
  const { app, room, socket, said } = await seated({ seat: "south" });
  app.play(3);
  socket.frame({ type: "refused", reason: "stale", message: "stale move" });
  assert.deepEqual(said.refused, ["The game had moved on: that move was not played."]);
  assert.equal(room.state.pending, null);
  assert.equal(room.liveState, "playing");
  assert.equal(app.refusal("south", 3), null);
  socket.frame({ type: "refused", reason: "too_long", message: "frame too long" });
  socket.frame({ type: "refused", reason: "surprise", message: "something new" });
  assert.deepEqual(said.refused.slice(1), [
    "The server could not read what this page sent (too_long): reload the page.",
    "The server refused: something new",
  ]);
});

test("a room that cannot be entered leaves the board as it was, and says why", async () => {
  const record = lineAfter("", 2);
  const { app, room, socket, said } = page({ record });
  room.join(ROOM);
  assert.equal(app.referee, room);
  assert.equal(app.refusal(app.state.to_move, app.state.legal[0]), "liveOffline", "no tap taken while the room is entered");
  socket.up();
  assert.deepEqual(socket.sent, [{ type: "join", room: ROOM, token: null }]);
  socket.frame({ type: "refused", reason: "no_such_room", message: "no such room" });
  assert.equal(room.liveState, "idle");
  assert.equal(app.referee, null);
  assert.equal(socket.wanted, false, "the socket is closed");
  assert.deepEqual(said.notices, [
    "This live game could not be entered. There is no such room: the link may be wrong, or the room closed after a day without moves.",
  ]);
  assert.equal(app.kind.mode, "two");
  assert.equal(app.state.record, record);
  assert.equal(app.canPlay(app.state.legal[0]), true);
});

test("a room gone while the page was away from it is closed, the game kept on the board; another game then leaves it", async () => {
  const { app, room, socket, status } = await seated({ seat: "south", moves: "" });
  app.play(2);
  socket.frame(moved(1, "south", 2));
  await settle();
  socket.drop();
  assert.equal(room.liveState, "reconnecting");
  assert.deepEqual(status(), ["Reconnecting…", "TURN"]);
  socket.up();
  assert.deepEqual(socket.sent.at(-1), { type: "join", room: ROOM, token: "token-south" });
  socket.frame({ type: "refused", reason: "no_such_room", message: "no such room" });
  assert.equal(room.liveState, "closed");
  assert.equal(socket.wanted, false, "no more reconnecting");
  assert.equal(app.state.record, "2", "the game stays on the board");
  assert.equal(app.referee, room);
  assert.deepEqual(status(), [
    "The live game is closed. There is no such room: the link may be wrong, or the room closed after a day without moves.",
  ]);
  assert.equal(app.refusal("north", app.state.legal[0]), "liveClosed");
  // Frames mean nothing any more.
  socket.frame(moved(2, "north", 1));
  assert.equal(room.state.record, "2");
  // A new game is nobody's room's.
  app.newGame({ setup: { mode: "two" } });
  room.follow();
  assert.equal(room.liveState, "idle");
  assert.equal(app.referee, null);
  assert.equal(app.canPlay(3), true);
});

test("the friend goes and comes back: away said at once, back for five seconds", async () => {
  const { room, socket, said, status } = await seated({ seat: "south" });
  socket.frame(presence(true, false));
  assert.equal(room.liveState, "waiting");
  assert.deepEqual(said.announced, ["Your friend is away: the game goes on when they come back."]);
  assert.deepEqual(status(), ["Your friend is away: the game goes on when they come back.", "TURN"]);
  socket.frame(presence(true, true));
  assert.equal(room.liveState, "playing");
  assert.deepEqual(status(), ["Your friend is back.", "TURN"]);
  mock.timers.tick(SAID_MS - 1);
  assert.deepEqual(status(), ["Your friend is back.", "TURN"]);
  mock.timers.tick(1);
  assert.deepEqual(status(), ["TURN"]);
  // The same presence again says nothing.
  socket.frame(presence(true, true));
  assert.equal(said.announced.length, 2);
});

test("a spectator watches: never waiting, refused every tap, both sides' moves through the opponent seam", async () => {
  const p = page();
  p.room.join(ROOM);
  p.socket.up();
  p.socket.frame(joined({ seat: "spectator", token: null }));
  p.socket.frame(presence(false, false));
  p.socket.sent.length = 0;
  assert.equal(p.room.liveState, "playing");
  assert.equal(seatTokens.readToken(ROOM), null, "no token for a spectator");
  assert.equal(p.app.refusal("south", 1), "liveSpectator");
  assert.deepEqual(p.status(), ["You are watching. TURN"]);
  assert.equal(p.room.barsHelp, false, "help is the spectator's to switch on");
  const line = lineAfter("", 2);
  p.socket.frame(moved(1, "south", Number(line[0])));
  await settle();
  p.socket.frame(moved(2, "north", Number(line[1])));
  await settle();
  assert.equal(p.app.state.record, line);
  // A frame only a player's page sends is never sent from here.
  p.room.resign();
  p.room.rematch();
  assert.deepEqual(p.socket.sent, []);
});

test("resign: sent once, then the game is over for the board, its words said and kept with the game", async () => {
  const { app, room, socket, said, status } = await seated({ seat: "south" });
  assert.equal(room.barsHelp, true);
  room.resign();
  assert.deepEqual(socket.sent, [{ type: "resign" }]);
  socket.frame({ type: "resigned", side: "south" });
  assert.equal(room.state.resigned, "south");
  assert.deepEqual(app.about.live, { room: ROOM, number: 1, seat: "south", resigned: "south" });
  assert.deepEqual(said.announced, ["You resigned (South): your friend won."]);
  assert.deepEqual(status(), ["You resigned (South): your friend won."]);
  assert.equal(app.refusal("south", 3), "liveResigned");
  assert.equal(room.barsHelp, false);
  assert.equal(room.over, true);
  room.resign();
  assert.equal(socket.sent.length, 1, "a game given up is not given up again");
});

test("rematch: asked by both, the room's next game comes on the board with the sides swapped, the finished one kept", async () => {
  const { app, room, socket, said, status } = await seated({ seat: "south", moves: "" });
  const record = lineAfter("", 1);
  app.play(Number(record));
  socket.frame(moved(1, "south", Number(record)));
  await settle();
  room.rematch();
  assert.deepEqual(socket.sent.filter((f) => f.type === "rematch"), [], "not before the game is over");
  socket.frame({ type: "resigned", side: "north" });
  room.rematch();
  assert.deepEqual(socket.sent.at(-1), { type: "rematch" });
  socket.frame({ type: "rematch", side: "south" });
  assert.equal(room.shown.asked, true);
  assert.deepEqual(status().at(-1), "You asked for a rematch: waiting for your friend.");
  socket.frame({ type: "rematch", side: "north" });
  assert.equal(said.announced.at(-1), "Your friend asks for a rematch.");
  assert.deepEqual(status().at(-1), "Your friend asks for a rematch.");
  socket.frame({ type: "rematched", number: 2 });
  socket.frame(joined({ seat: "north", number: 2, token: "token-north-2" }));
  assert.equal(app.setup.seat, "north");
  assert.deepEqual(app.about.live, { room: ROOM, number: 2, seat: "north" });
  assert.equal(app.state.record, "");
  assert.deepEqual(room.state.rematchAsked, {});
  assert.deepEqual(status(), ["The rematch begins, with the sides swapped.", "TURN"]);
  assert.equal(seatTokens.readToken(ROOM), "token-north-2");
  const kept = keptGames().games;
  assert.equal(kept.length, 1);
  assert.equal(kept[0].saved.record, record);
  assert.deepEqual(kept[0].live, { room: ROOM, number: 1, seat: "south", resigned: "north" });
});

test("a dropped socket: taps refused meanwhile, the seat taken back with the kept token, the friend's move played on", async () => {
  const { app, room, socket, shown } = await seated({ seat: "north" });
  const line = lineAfter("", 2);
  socket.frame(moved(1, "south", Number(line[0])));
  await settle();
  app.play(Number(line[1]));
  assert.notEqual(room.state.pending, null);
  socket.drop();
  assert.equal(room.liveState, "reconnecting");
  assert.equal(room.state.pending, null, "the move's fate is known from the room's answer");
  assert.equal(app.refusal("north", Number(line[1])), "liveOffline");
  socket.up();
  assert.deepEqual(socket.sent.at(-1), { type: "join", room: ROOM, token: "token-north" });
  // The move did go: the room has it, and the board plays it, shown.
  shown.length = 0;
  socket.frame(joined({ seat: "north", moves: line }));
  await settle();
  assert.equal(app.state.record, line);
  assert.deepEqual(shown, [`north ${line[1]}`]);
  assert.equal(room.liveState, "playing");
});

test("a reload takes the seat back: the new page enters the room with the token this browser kept", async () => {
  const first = await seated({ seat: "north" });
  assert.equal(seatTokens.readToken(ROOM), "token-north");
  const again = page();
  again.room.join(ROOM);
  again.socket.up();
  assert.deepEqual(again.socket.sent, [{ type: "join", room: ROOM, token: "token-north" }]);
  assert.equal(first.room.liveState, "playing");
});

test("a room entered from a game with moves: that game is kept among Your games first, and the page says so", async () => {
  const record = lineAfter("", 3);
  const { app, room, socket, said } = page({ record });
  room.join(ROOM);
  socket.up();
  socket.frame(joined({ seat: "north", moves: "" }));
  assert.equal(app.state.record, "");
  assert.equal(app.kind.mode, "live");
  assert.deepEqual(said.notices, ["The game you were playing is kept in Your games."]);
  assert.deepEqual(keptGames().games.map((game) => game.saved.record), [record]);
  assert.deepEqual(said.links, [], "a room entered, not made: no link to give");
});

test("a move neither played nor refused in 8 s: the socket is taken as dead and another opened", async () => {
  const { app, socket } = await seated({ seat: "south" });
  app.play(3);
  mock.timers.tick(ANSWER_MS - 1);
  assert.equal(socket.restarts, 0);
  mock.timers.tick(1);
  assert.equal(socket.restarts, 1);
});

test("the room's game follows the board: a live game put on the board enters its room, once", async () => {
  const { app, room, socket } = await seated({ seat: "south" });
  room.follow();
  room.join(ROOM);
  assert.equal(room.liveState, "playing", "the same room is not entered again");
  assert.equal(socket.sent.length, 0);
  // Another game on the board: the room is left.
  app.newGame({ setup: { mode: "two" } });
  room.follow();
  assert.equal(room.liveState, "idle");
  assert.equal(socket.wanted, false);
  assert.equal(app.kind.mode, "two");
});

test("leaving a room mid-wait gives the opponent seam no move", async () => {
  const { app, room, socket } = await seated({ seat: "south" });
  app.play(4);
  socket.frame(moved(1, "south", 4));
  await settle();
  // The board now waits for the friend's move through the seam.
  const asked = room.remote.moveAfter("4");
  room.leave();
  assert.equal(await asked, null);
  assert.equal(app.referee, null);
});

test("the seats' tokens: one per room, the newest fifty kept, and a storage that holds something else read as none", () => {
  for (let i = 0; i < 55; i++) seatTokens.keepToken(`ROOM${i}`, `T${i}`, 1000 + i);
  const kept = JSON.parse(storage.entries()["walak-pussa.live"]);
  assert.equal(Object.keys(kept).length, 50);
  assert.equal(seatTokens.readToken("ROOM54"), "T54");
  assert.equal(seatTokens.readToken("ROOM4"), null, "the oldest forgotten");
  assert.deepEqual(kept.ROOM5, { token: "T5", at: 1005 });
  localStorage.setItem("walak-pussa.live", "[1,2]");
  assert.equal(seatTokens.readToken("ROOM54"), null);
  seatTokens.keepToken("ROOMX", "TX", 1);
  assert.deepEqual(JSON.parse(localStorage.getItem("walak-pussa.live")), { ROOMX: { token: "TX", at: 1 } });
  localStorage.setItem("walak-pussa.live", "not json");
  assert.equal(seatTokens.readToken("ROOMX"), null);
});

test("the server loses its store: both boards say so, a move meanwhile is refused in words, and its next `joined` clears it", async () => {
  const { app, room, socket, said, status } = await seated({ seat: "south" });
  socket.frame({ type: "unavailable" });
  assert.equal(room.liveState, "playing", "the game is still the room's");
  assert.deepEqual(status(), ["The server cannot reach its games just now: the game will go on as soon as it can.", "TURN"]);
  assert.deepEqual(said.announced, ["The server cannot reach its games just now: the game will go on as soon as it can."]);
  app.play(3);
  socket.frame({ type: "refused", reason: "unavailable", message: "the store is unavailable" });
  assert.deepEqual(said.refused, ["The server cannot reach its games just now: try again in a moment."]);
  assert.equal(room.state.pending, null);
  assert.equal(app.refusal("south", 3), null, "the move may be tried again");
  // The store is back: the server sends each connection its `joined` again.
  socket.frame(joined({ seat: "south" }));
  socket.frame(presence(true, true));
  assert.equal(room.state.unavailable, false);
  assert.deepEqual(status(), ["TURN"]);
});

test("the friend's board is told too: an `unavailable` comes to every page in the room, the one who did not tap too", async () => {
  const friend = await seated({ seat: "north" });
  friend.socket.frame({ type: "unavailable" });
  assert.deepEqual(friend.status(), ["The server cannot reach its games just now: the game will go on as soon as it can.", "TURN"]);
  friend.socket.frame(joined({ seat: "north" }));
  assert.deepEqual(friend.status(), ["TURN"]);
});

test("a room that cannot be made while the server's store is out of reach: not left connecting, the board as it was, words to try again", async () => {
  const record = lineAfter("", 2);
  const { app, room, socket, said, status } = page({ record });
  app.changeSetup({ mode: "computer" });
  room.create(OPTIONS, "north");
  assert.equal(app.kind.modeWords(), "A live game with a friend: you are North", "the mode line is the room's being made");
  assert.deepEqual(status(), ["Connecting to the live game…"]);
  socket.up();
  socket.frame({ type: "refused", reason: "unavailable", message: "the store is unavailable" });
  assert.equal(room.liveState, "idle");
  assert.equal(socket.wanted, false);
  assert.equal(app.referee, null);
  assert.deepEqual(said.notices, ["The live game could not be started. The server cannot reach its games just now: try again in a moment."]);
  assert.equal(app.kind.mode, "computer");
  assert.equal(app.state.record, record);
  // Trying again makes the room.
  room.create(OPTIONS, "north");
  socket.up();
  assert.deepEqual(socket.sent.at(-1), { type: "create", options: OPTIONS, side: "north" });
  socket.frame(joined({ seat: "north", token: "T2" }));
  assert.equal(room.liveState, "waiting");
  assert.equal(app.kind.mode, "live");
});

test("a room asked for again while the server's store is out of reach: still reconnecting, said, and asked once more a little later", async () => {
  const { room, socket, status } = await seated({ seat: "south" });
  socket.drop();
  socket.up();
  socket.frame({ type: "refused", reason: "unavailable", message: "the store is unavailable" });
  assert.equal(room.liveState, "reconnecting");
  assert.deepEqual(status(), ["Reconnecting…", "The server cannot reach its games just now: the game will go on as soon as it can.", "TURN"]);
  socket.sent.length = 0;
  mock.timers.tick(RETRY_MS);
  assert.deepEqual(socket.sent, [{ type: "join", room: ROOM, token: "token-south" }]);
  socket.frame(joined({ seat: "south" }));
  socket.frame(presence(true, true));
  assert.equal(room.liveState, "playing");
  assert.deepEqual(status(), ["TURN"]);
});

test("after a reload, a friend who has moved and is away is away, not yet to open the link", async () => {
  const line = lineAfter("", 2);
  const p = page();
  p.room.join(ROOM);
  p.socket.up();
  p.socket.frame(joined({ seat: "south", moves: line }));
  p.socket.frame(presence(true, false));
  await settle();
  assert.equal(p.room.liveState, "waiting");
  assert.deepEqual(p.status(), ["Your friend is away: the game goes on when they come back.", "TURN"]);
});

test("looking back while the friend moves: the status says how to go on, never the turn of a position that refuses taps", async () => {
  const { app, socket, said, status } = await seated({ seat: "south" });
  const line = lineAfter("", 3);
  app.play(Number(line[0]));
  socket.frame(moved(1, "south", Number(line[0])));
  await settle();
  socket.frame(moved(2, "north", Number(line[1])));
  await settle();
  app.goTo(0);
  assert.equal(app.refusal("south", app.state.legal[0]), "liveBehind");
  assert.deepEqual(status(), ["You are looking back: go to the last move in the list of moves to play."]);
  // The friend cannot move now (it is the person's turn): a spectator's view of a move meanwhile is below.
  app.goTo(2);
  assert.deepEqual(status(), ["TURN"]);
  app.play(Number(line[2]));
  socket.frame(moved(3, "south", Number(line[2])));
  await settle();
  app.goTo(1);
  const friendMove = lineAfter(line, 1).at(-1);
  socket.frame(moved(4, "north", Number(friendMove)));
  await settle();
  assert.equal(app.state.record, line.slice(0, 1), "the board stays where the person looks");
  assert.deepEqual(status(), ["Your friend has played: go to the last move in the list of moves to see it."]);
  assert.equal(said.announced.at(-1), "Your friend has played: go to the last move in the list of moves to see it.");
  app.goTo(3);
  await settle();
  assert.equal(app.state.record, line + friendMove, "at the end of the line, the friend's move is played on");
  assert.deepEqual(status(), ["TURN"]);
});

test("help and review: barred for the players while the room's game goes on, also looking back; given once it is over", async () => {
  const { app, room, socket } = await seated({ seat: "south" });
  assert.equal(room.barsHelp, true);
  socket.frame({ type: "resigned", side: "north" });
  assert.equal(room.over, true);
  assert.equal(room.resigned, "north");
  assert.equal(app.kind.resigned(), "north");
  assert.equal(room.barsHelp, false);
  assert.equal(app.kind.noHelp(app.state), null);
});

test("a finished live game taken up from Your games is looked at as it ended: its room, playing the next game, is not entered for it", async () => {
  const { app, room, socket } = await seated({ seat: "south" });
  const record = lineAfter("", 1);
  app.play(Number(record));
  socket.frame(moved(1, "south", Number(record)));
  await settle();
  socket.frame({ type: "resigned", side: "south" });
  socket.frame({ type: "rematch", side: "south" });
  socket.frame({ type: "rematch", side: "north" });
  socket.frame({ type: "rematched", number: 2 });
  socket.frame(joined({ seat: "north", number: 2 }));
  socket.frame(moved(1, "south", Number(record)));
  await settle();
  const [kept] = keptGames().games;
  assert.deepEqual(kept.live, { room: ROOM, number: 1, seat: "south", resigned: "south" });
  assert.equal(resumeKept(app, kept), true);
  room.follow({ takenUp: true });
  assert.equal(room.liveState, "idle", "the room is left: the board is the finished game's");
  assert.equal(app.referee, null);
  assert.equal(app.kind.mode, "live");
  assert.equal(app.kind.resigned(), "south");
  assert.equal(app.kind.modeWords(), "A live game with a friend: you are South");
  assert.deepEqual(app.kind.statusWords("TURN"), ["You resigned (South): your friend won."]);
  assert.equal(app.refusal("south", app.state.legal[0]), "liveResigned");
  // The rematch, kept in turn, is followed in its room again.
  const [next] = keptGames().games;
  assert.equal(next.live.number, 2);
  resumeKept(app, next);
  room.follow({ takenUp: true });
  assert.equal(room.liveState, "connecting");
});

test("after a reload, a friend who came and went without a move is away too: this browser noted that they came", async () => {
  const first = page();
  first.room.create(OPTIONS, "south");
  first.socket.up();
  first.socket.frame(joined({ seat: "south", token: "T1" }));
  first.socket.frame(presence(true, false));
  first.socket.frame(presence(true, true));
  first.socket.frame(presence(true, false));
  assert.deepEqual(JSON.parse(localStorage.getItem("walak-pussa.live"))[ROOM], { token: "T1", at: JSON.parse(localStorage.getItem("walak-pussa.live"))[ROOM].at, friend: true });
  const again = page();
  again.room.join(ROOM);
  again.socket.up();
  again.socket.frame(joined({ seat: "south", token: "T1" }));
  again.socket.frame(presence(true, false));
  assert.deepEqual(again.status(), ["Your friend is away: the game goes on when they come back.", "TURN"]);
  // A room whose friend never came still waits for them.
  const other = page();
  other.room.create(OPTIONS, "south");
  other.socket.up();
  other.socket.frame({ ...joined({ seat: "south", token: "T2" }), room: "QRSTUVWXYZ234567" });
  other.socket.frame(presence(true, false));
  assert.deepEqual(other.status(), ["Waiting for your friend to open the link.", "TURN"]);
});
