// The kinds of game (www/game/kinds/), each asked what the page asks of it, with plain objects
// standing in for the controller, a live game's room, a lesson and the computer: who plays which
// side, whose taps are taken and why others are refused, whether help is given, how the game is
// kept (the saved document read back as the same kind), its words, and what a rematch is.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTable } from "../../www/i18n/index.js";
import { DEFAULT_SETUP, keptKind, kindOf, setupOfKept } from "../../www/game/kinds/index.js";
import { keptAgainstComputer, keptByLinks } from "../../www/game/kinds/documents.js";
import { reviewable } from "../../www/game/kinds/kind.js";
import { ruleReason } from "../../www/board/board-words.js";

// The words are English's, as the page says them before any other table has loaded.
await loadTable("en");

const setup = (changes = {}) => ({ ...DEFAULT_SETUP, ...changes });

/** The controller as a kind sees it: the game's state, a move being shown or not, the opponents' sides. */
function game({ toMove = "south", status = "playing", redo = "", animating = false, opponents = [] } = {}) {
  const moves = [];
  return {
    state: { status, to_move: toMove, record: "", redo },
    animating,
    turns: { plays: (side) => opponents.includes(side) },
    move: (number) => moves.push(number),
    moves,
  };
}

/** The computer player, as the opponent seam asks it (analysis/computer.js). */
function computer() {
  const asked = [];
  return {
    asked,
    think: async (question) => {
      asked.push(question);
      return { number: 3, exact: true };
    },
    cancel: () => {},
  };
}

/** A live game's room (live/room-controller.js), refusing with `refusal` and recording what it is asked. */
function room({ seat = "south", refusal = null, barsHelp = false } = {}) {
  const asked = [];
  return {
    asked,
    seat,
    liveState: "playing",
    barsHelp,
    resigned: null,
    enteringWords: () => "Entering the room",
    remote: { moveAfter: async () => null, cancelWaits: () => {} },
    propose: (number) => asked.push(["propose", number]),
    refusal: () => refusal,
    settled: () => asked.push(["settled"]),
    statusWords: (turn) => ["In the room.", turn],
    rematch: () => asked.push(["rematch"]),
  };
}

/** A lesson or a puzzle (trainer/), seen from `side`, with what it rings and writes on the holes. */
function training(side = "north") {
  const shown = [];
  return { shown, side: () => side, moveShown: (app) => shown.push(app), rings: () => ({ hint: 3 }), values: () => null };
}

test("two players at one device: nobody else plays, each side's holes are taken in turn, the game is kept", () => {
  const kind = kindOf(setup());
  assert.equal(kind.mode, "two");
  assert.equal(kind.rival, null);
  assert.deepEqual(kind.opponents(computer()), {});
  assert.equal(kind.refusal(game({ toMove: "south" }), "south"), null);
  assert.equal(kind.refusal(game({ toMove: "south" }), "north"), "otherSide");
  const played = game();
  kind.play(played, 4);
  assert.deepEqual(played.moves, [4], "a tap is played at once");
  assert.equal(kind.noHelp(played.state), null);
  assert.equal(kind.keeps, true);
  assert.equal(kind.undoes, true);
  assert.equal(kind.mayGoByLinks, true, "its move may be sent to a friend");
  assert.deepEqual(kind.document(), { mode: "two", side: "south" });
  assert.equal(kind.modeWords(), "Two players");
  assert.equal(kind.label(), "Two players");
  assert.equal(kind.seenFrom(), "south");
  assert.equal(kind.computerSide, null);
  assert.equal(kind.friendSide, null);
});

test("every kind refuses a tap once the game is over, and while a move is being shown", () => {
  const kinds = [kindOf(setup()), kindOf(setup({ mode: "computer" })), kindOf(setup({ mode: "link", game: "abc" })),
    kindOf(setup({ mode: "live", seat: "south" }), { room: room() })];
  for (const kind of kinds) {
    assert.equal(kind.refusal(game({ status: "game_over" }), "south"), "over", kind.mode);
    assert.equal(kind.refusal(game({ animating: true }), "south"), "animating", kind.mode);
  }
});

test("against the computer: it plays the other side at the set-up's level, its turn is refused, Undo steps past it", async () => {
  const kind = kindOf(setup({ mode: "computer", side: "north", level: "club" }));
  assert.deepEqual(kind.rival, { side: "south", words: kind.rival.words });
  assert.equal(kind.computerSide, "south", "Undo, Redo and the arrows step past its replies; the level menu shows");
  const player = computer();
  const opponents = kind.opponents(player);
  assert.deepEqual(Object.keys(opponents), ["south"]);
  assert.equal(opponents.south.level, "club");
  assert.deepEqual(await opponents.south.think({ start: null, record: "", options: {} }), { number: 3, exact: true });
  assert.equal(player.asked[0].level, "club", "the computer is asked at the game's level");
  assert.equal(kind.refusal(game({ toMove: "south", opponents: ["south"] }), "south"), "computer");
  assert.equal(kind.refusal(game({ toMove: "north", opponents: ["south"] }), "north"), null);
  assert.equal(kind.seenFrom(), "north", "the board is seen from the person's side");
  assert.deepEqual(kind.document(), { mode: "computer", side: "north" });
  assert.equal(kind.modeWords(), "You play North against the computer (club)");
  assert.equal(kind.label(), "Against the computer (Club), you played North");
  assert.equal(kind.mayGoByLinks, false);
});

test("a friend by links: the friend's turn is refused with its reason, kept with the game's id, a new game is another", () => {
  const kind = kindOf(setup({ mode: "link", side: "south", game: "mj3k2x9q1a2b" }));
  assert.equal(kind.friendSide, "north");
  assert.equal(kind.rival.side, "north");
  assert.deepEqual(kind.opponents(computer()), {}, "the friend's moves come by their links");
  assert.equal(kind.refusal(game({ toMove: "north" }), "north"), "friend");
  assert.equal(kind.refusal(game({ toMove: "south" }), "south"), null);
  assert.deepEqual(kind.document(), { mode: "link", side: "south", game: "mj3k2x9q1a2b" });
  assert.equal(kind.modeWords(), "A game by links with a friend: you are South");
  assert.equal(kind.label(), "Link game · you are South");
  const fresh = kind.fresh();
  assert.equal(fresh.mode, "link");
  assert.match(fresh.game, /^[0-9a-z]+$/);
  assert.notEqual(fresh.game, "mj3k2x9q1a2b", "a new game by links, a rematch too, is a game of its own");
});

test("a live player: the room refuses and plays the person's taps, the friend's moves come from it, no help, no Undo", () => {
  const referee = room({ seat: "north", refusal: "liveFriend" });
  const kind = kindOf(setup({ mode: "live", seat: "north", side: "north", game: "liveabc1" }), { room: referee });
  assert.equal(kind.mode, "live");
  assert.equal(kind.seat, "north");
  assert.equal(kind.room, referee);
  assert.equal(kind.inRoom, true);
  assert.equal(kind.rival.side, "south");
  assert.deepEqual(Object.keys(kind.opponents(computer())), ["south"], "the friend's side, through the opponent seam");
  assert.equal(kind.refusal(game({ toMove: "south" }), "south"), "liveFriend", "the room's reason");
  const played = game({ toMove: "north" });
  kind.play(played, 5);
  assert.deepEqual(played.moves, [], "nothing is played before the room has taken it");
  assert.deepEqual(referee.asked, [["propose", 5]]);
  kind.settled();
  assert.deepEqual(referee.asked.at(-1), ["settled"]);
  assert.equal(kind.noHelp(played.state), null);
  const barred = kindOf(kind.setup, { room: room({ seat: "north", barsHelp: true }) });
  assert.equal(barred.noHelp(played.state).said.key, "live.noHelp", "no help for the players while their game goes on");
  assert.equal(kind.undoes, false);
  assert.equal(kind.reviews, true, "a live game may be reviewed, as before");
  assert.deepEqual(kind.statusWords("Your move (North)"), ["In the room.", "Your move (North)"]);
  assert.equal(kind.rematch(false), null, "the room decides the next game");
  assert.deepEqual(referee.asked.at(-1), ["rematch"]);
  assert.deepEqual(kind.document(), { mode: "link", side: "north", game: "liveabc1" }, "kept as a game by links");
  assert.equal(kind.modeWords(), "A live game with a friend: you are North");
  assert.equal(kind.label(), "Live game · you are North");
  assert.equal(kind.dialogMode, "two", "the New game dialog offers two players at one device");
  assert.deepEqual(kind.fresh(), { ...DEFAULT_SETUP, side: "north", mode: "two" }, "a new game from it is two players'");
});

test("a live spectator: the room plays both sides, nobody here moves, kept as two players'", () => {
  const kind = kindOf(setup({ mode: "live", seat: "spectator", game: "liveabc1" }), { room: room({ seat: "spectator" }) });
  assert.equal(kind.rival, null);
  assert.deepEqual(Object.keys(kind.opponents(computer())).sort(), ["north", "south"]);
  assert.deepEqual(kind.document(), { mode: "two", side: "south" });
  assert.equal(kind.modeWords(), "A live game: you are watching");
  assert.equal(kind.label(), "Watched live");
});

test("a live game taken up again takes no tap until its room has answered", () => {
  const kind = kindOf(setup({ mode: "live", seat: "south" }));
  assert.equal(kind.room, null);
  assert.equal(kind.inRoom, true, "its room is to be entered");
  assert.equal(kind.refusal(game(), "south"), "liveOffline");
  assert.deepEqual(kind.opponents(computer()), {});
  assert.equal(reviewable(kind, game().state), false, "no help nor review before the room says the game is over");
  assert.equal(reviewable(kind, game({ status: "game_over" }).state), true, "a finished one, looked at again, may be reviewed");
  assert.equal(reviewable(kind, game({ redo: "35" }).state), true, "looking back through a finished one too");
});

test("a room entered from another game: the room refuses every tap, nobody moves, the mode line says the room is entered", () => {
  const referee = room({ seat: null, refusal: "liveOffline" });
  const kind = kindOf(setup({ mode: "computer" }), { room: referee });
  assert.equal(kind.room, referee);
  assert.equal(kind.inRoom, false, "the game on the board is not the room's yet");
  assert.equal(kind.mode, "computer");
  assert.deepEqual(kind.opponents(computer()), {}, "the computer waits with the room");
  assert.equal(kind.refusal(game(), "south"), "liveOffline");
  assert.equal(kind.modeWords(), "Entering the room", "not the game's own: it is being left for the room's");
  assert.equal(kind.label(), "Against the computer (Casual), you played South", "kept as what it is");
});

test("a live game given up, looked at again outside its room: over for the board, its words the resignation's", () => {
  const kind = kindOf(setup({ mode: "live", seat: "north", side: "north", resigned: "north", game: "liveabc1" }));
  assert.equal(kind.room, null);
  assert.equal(kind.resigned(), "north");
  assert.equal(kind.refusal(game(), "north"), "liveResigned");
  assert.deepEqual(kind.statusWords("Your move (North)"), ["You resigned (North): your friend won."]);
  assert.equal(kind.modeWords(), "A live game with a friend: you are North", "the seat the person played");
  assert.equal(kind.seenFrom(), "north");
  assert.equal(reviewable(kind, game().state), true, "a game over may be reviewed");
  assert.equal(kind.fresh().resigned, undefined, "a new game from it gives nothing up");
});

test("review follows help: never for the players of a live game while it goes on, a spectator's or a finished one's", () => {
  const player = kindOf(setup({ mode: "live", seat: "south" }), { room: room({ seat: "south", barsHelp: true }) });
  assert.equal(player.reviews, true);
  assert.equal(reviewable(player, game().state), false);
  const spectator = kindOf(setup({ mode: "live", seat: "spectator" }), { room: room({ seat: "spectator" }) });
  assert.equal(reviewable(spectator, game().state), true);
  const over = kindOf(setup({ mode: "live", seat: "south" }), { room: room({ seat: "south", barsHelp: false }) });
  assert.equal(reviewable(over, game().state), true);
  assert.equal(player.brisk, true, "the friend waits for each move shown");
  assert.equal(kindOf(setup()).brisk, false);
  assert.equal(reviewable(kindOf(setup(), { training: training() }), game().state), false);
});

test("a lesson or a puzzle: nothing kept, no help, its panel takes moves back, its side and marks on the board", () => {
  const lesson = training("north");
  const kind = kindOf(setup(), { training: lesson });
  assert.equal(kind.training, lesson);
  assert.equal(kind.keeps, false);
  assert.deepEqual(kind.noHelp(game().state), { said: null }, "no help, and nothing said of it: the panel speaks");
  assert.equal(kind.undoes, false);
  assert.equal(kind.browses, false);
  assert.equal(kind.reviews, false);
  assert.equal(kind.seenFrom(), "north");
  assert.deepEqual(kind.marks(), { rings: { hint: 3 }, values: null });
  assert.equal(kind.refusal(game(), "south"), null);
  const app = {};
  assert.equal(kind.followMove(app), true, "the lesson says what follows a move");
  assert.deepEqual(lesson.shown, [app]);
  const waiting = kindOf(setup(), { training: lesson, watching: true });
  assert.equal(waiting.refusal(game(), "south"), "training", "while its step waits for the panel");
  assert.equal(kindOf(setup()).followMove(app), false, "elsewhere the page says what the move did");
});

test("a lesson comes before a room, and a room before a frame; a frame keeps nothing", () => {
  assert.equal(kindOf(setup(), { training: training(), room: room() }).room, null);
  assert.ok(kindOf(setup(), { room: room(), frame: { view: true, demo: null } }).room);
  const framed = kindOf(setup({ mode: "computer" }), { frame: { view: false, demo: null } });
  assert.equal(framed.computerSide, "north", "a game against the computer in a frame");
  assert.equal(framed.keeps, false);
  assert.equal(framed.reviews, false);
  assert.equal(framed.mayGoByLinks, false);
});

test("an embed's view-only board and demo: every tap refused, the demo's computer playing both sides at their levels", () => {
  const view = kindOf(setup({ mode: "computer" }), { frame: { view: true, demo: null } });
  assert.equal(view.mode, "two", "nobody plays against the computer in a frame that only shows");
  assert.equal(view.rival, null);
  assert.deepEqual(view.opponents(computer()), {});
  assert.equal(view.refusal(game(), "south"), "viewOnly");
  assert.equal(view.refusal(game({ status: "game_over" }), "south"), "viewOnly");
  const demo = kindOf(setup(), { frame: { view: true, demo: { south: "beginner", north: "master" } } });
  const opponents = demo.opponents(computer());
  assert.equal(opponents.south.level, "beginner");
  assert.equal(opponents.north.level, "master");
  assert.equal(demo.refusal(game(), "south"), "viewOnly");
  assert.equal(demo.keeps, false);
});

test("a rematch: the same set-up again; swapped, the person takes the other side, or at one device the other player starts", () => {
  const computerGame = kindOf(setup({ mode: "computer", side: "south", first: "south" }));
  assert.deepEqual(computerGame.rematch(false), computerGame.setup);
  assert.equal(computerGame.rematch(true).side, "north");
  assert.equal(computerGame.rematch(true).first, "south");
  const two = kindOf(setup({ first: "south" }));
  assert.equal(two.rematch(true).first, "north");
  assert.equal(two.rematch(true).side, "south");
});

test("kept games: every document the kinds write is read back as the same kind, live games with their room", () => {
  const options = { rounds: true, first: "north" };
  const cases = [
    [setup({ rounds: true, first: "north" }), null],
    [setup({ mode: "computer", side: "north", level: "strong", rounds: true, first: "north" }), null],
    [setup({ mode: "link", side: "north", game: "mj3k2x9q1a2b", rounds: true, first: "north" }), null],
    [setup({ mode: "live", seat: "north", side: "north", game: "liveabc1", rounds: true, first: "north" }), { seat: "north" }],
    [setup({ mode: "live", seat: "spectator", game: "liveabc1", rounds: true, first: "north" }), { seat: "spectator" }],
  ];
  for (const [set, live] of cases) {
    const kind = kindOf(set);
    const saved = { ...kind.document(), options, level: set.level, record: "", redo: "" };
    const back = keptKind(saved, live);
    assert.equal(back.mode, kind.mode, set.mode);
    assert.equal(back.label(), kind.label(), set.mode);
    assert.deepEqual(back.document(), kind.document(), set.mode);
    assert.equal(back.setup.rounds, true);
    assert.equal(back.setup.first, "north");
  }
  // A document saved before levels were kept plays at the default level.
  assert.equal(setupOfKept({ mode: "computer", side: "south", options }).level, DEFAULT_SETUP.level);
  assert.equal(keptByLinks({ mode: "link" }), true);
  assert.equal(keptByLinks({ mode: "two" }), false);
  assert.equal(keptByLinks(null), false);
  assert.equal(keptAgainstComputer({ mode: "computer" }), true);
});

test("a set-up of no known kind is refused, saying which", () => {
  assert.throws(() => kindOf(setup({ mode: "telepathy" })), /no kind of game is called "telepathy"/);
});

test("the engine's refusals of a move become the page's reasons", () => {
  assert.equal(ruleReason({ kind: "empty_hole" }), "empty");
  assert.equal(ruleReason({ kind: "game_over" }), "over");
  assert.equal(ruleReason({ kind: "something_new" }), null);
  assert.equal(ruleReason(null), null);
});

test("Parker's rule sets: help, review and the computer as in today's, the rule set kept with the game", () => {
  for (const rules of ["parker-walak", "parker-kotu"]) {
    const kind = kindOf(setup({ rules }));
    const played = game();
    assert.equal(kind.reviews, true);
    assert.equal(kind.noHelp(played.state), null);
    assert.equal(reviewable(kind, played.state), true);
    const computer = kindOf(setup({ rules, mode: "computer", side: "south", level: "master" }));
    assert.equal(computer.computerSide, "north", "the computer plays Parker's rule sets");
    kind.play(played, "4+");
    assert.deepEqual(played.moves, ["4+"], "a move in the notation is played as it is");
    assert.equal(setupOfKept({ mode: "two", side: "south", options: { rounds: false, first: "south", rules } }).rules, rules);
  }
  assert.equal(kindOf(setup()).noHelp(game().state), null, "today's rules keep their help");
  assert.equal(setupOfKept({ mode: "two", side: "south", options: { rounds: false, first: "south" } }).rules, undefined);
  for (const [kind, reason] of [["direction_needed", "directionNeeded"], ["singleton_waits", "singletonWaits"],
    ["blocked", "blocked"], ["tied", "tied"], ["not_an_end_hole", "notAnEndHole"], ["front_singleton", "frontSingleton"]]) {
    assert.equal(ruleReason(Object.assign(new Error("refused"), { kind })), reason);
  }
});
