// What the page keeps in the browser (www/game/storage.js, www/game/games.js): the game on the
// board and every game among Your games. What a person relies on: a kept game comes back as it
// was; a kept game that cannot be read is never lost, only put aside, with the reason said; a
// full or refused storage stops nothing; and what older pages kept is still read.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { installStorage } from "./support/storage.mjs";
import { say, setLanguage } from "../../www/i18n/index.js";
import {
  SAVE_KEY, UNREADABLE_KEPT, UNREADABLE_KEY, keepUnreadable, levelOf, load, save, storageRefused,
} from "../../www/game/storage.js";
import {
  ABOUT_KEY, KEPT_PREFIX, SET_ASIDE_PREFIX, keep, keptGames, linkGame, newAbout, readAbout, readLive, resultsByLevel,
  setAsideCount, statesOf, turnOf, yourMoveCount,
} from "../../www/game/games.js";
import { openSaved } from "../../www/game/game-start.js";

const { Game } = await loadEngine();
await setLanguage("en");

let kept;
beforeEach(() => {
  kept = installStorage();
});

const OPTIONS = { rounds: false, first: "south" };
const START = { board: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], reserves: [30, 24], to_move: "south" };

/** A saved game's document as the page hands it over, with `change` made. */
const document = (change = {}) => ({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "", ...change });

/** The moves of a whole game, played by the first legal move each time from `record`. */
function finished(record = "") {
  const game = Game.fromRecord(record, OPTIONS);
  while (game.state().status === "playing") game.play(game.state().legal[0]);
  const { record: moves, winner } = game.state();
  game.free();
  return { record: moves, winner };
}

// ── The game on the board ──────────────────────────────────────────────────────────────────────

test("the game on the board comes back as it was kept: its moves, those to redo, its start and who plays", () => {
  for (const saved of [
    document({ mode: "computer", side: "north", level: "club", record: "7264", redo: "13" }),
    document({ start: START, record: "7" }),
    document({ mode: "link", game: "mj3k2x9q1a2b", side: "north", record: "72" }),
  ]) {
    assert.equal(save(saved), true);
    let built = null;
    const loaded = load((read) => {
      built = openSaved(Game, read);
    });
    assert.ok(loaded && "saved" in loaded, `read back: ${JSON.stringify(loaded)}`);
    const { version, ...read } = loaded.saved;
    assert.equal(version, 1);
    const expected = { ...saved };
    if (!expected.start) delete expected.start;
    assert.deepEqual(read, expected);
    assert.equal(built.state().record, saved.record);
    assert.equal(built.state().redo, saved.redo);
  }
});

test("with no game kept there is nothing to read", () => {
  assert.equal(load(() => {}), null);
});

test("a kept game that cannot be read is said to be unreadable, and left where it is", () => {
  const broken = [
    ["{not json", "it is not valid data"],
    ["[1, 2]", "it is not a saved game"],
    ['{"options": {"rounds": false, "first": "south"}}', "it has no version"],
    [JSON.stringify({ ...document(), version: 2 }), "it comes from a newer version of the game (2)"],
    [JSON.stringify({ ...document(), version: 0 }), "its version (0) is not known"],
    [JSON.stringify({ ...document({ mode: "three" }), version: 1 }), "its mode is unknown"],
    [JSON.stringify({ ...document({ record: "79" }), version: 1 }), "its move record is malformed"],
    [JSON.stringify({ ...document({ record: "12" }), version: 1 }), "move 2 of the record is illegal: North's hole 2 is empty"],
  ];
  for (const [raw, reason] of broken) {
    localStorage.setItem(SAVE_KEY, raw);
    let built = false;
    const loaded = load(() => {
      built = true;
    });
    assert.equal(built, false, "a game that cannot be read is never built");
    assert.ok(loaded && "error" in loaded, raw);
    assert.equal(say(loaded.error), reason, raw);
    assert.equal(loaded.raw, raw);
    assert.equal(localStorage.getItem(SAVE_KEY), raw, "reading never drops it");
  }
});

test("a game the page cannot take up is reported with the reason, and kept", () => {
  save(document());
  const loaded = load(() => {
    throw new Error("no room for it");
  });
  assert.equal(loaded.error, "no room for it");
  assert.ok(localStorage.getItem(SAVE_KEY));
});

test("unreadable games are kept aside, the latest first, none twice, the five latest", () => {
  keepUnreadable("first");
  keepUnreadable("second");
  keepUnreadable("second");
  assert.equal(localStorage.getItem(UNREADABLE_KEY), "second");
  assert.equal(localStorage.getItem(`${UNREADABLE_KEY}.2`), "first");
  assert.equal(localStorage.getItem(`${UNREADABLE_KEY}.3`), null, "the same one is not kept twice");
  for (const raw of ["3", "4", "5", "6"]) keepUnreadable(raw);
  const aside = [1, 2, 3, 4, 5].map((n) => localStorage.getItem(n === 1 ? UNREADABLE_KEY : `${UNREADABLE_KEY}.${n}`));
  assert.deepEqual(aside, ["6", "5", "4", "3", "second"]);
  assert.equal(UNREADABLE_KEPT, 5);
});

test("when the browser refuses to keep the game, play goes on and the page knows", () => {
  kept.refuse(true);
  assert.equal(save(document()), false);
  assert.equal(storageRefused(), true);
  kept.refuse(false);
  assert.equal(save(document()), true);
  assert.equal(storageRefused(), false);
  assert.equal(save({ ...document(), record: "9" }), false, "a game the engine refuses is not written");
  assert.equal(levelOf({}), "casual", "a game kept without a level is against the default one");
  assert.equal(levelOf({ level: "master" }), "master");
});

// ── Your games ─────────────────────────────────────────────────────────────────────────────────

/** Writes a kept entry as the page writes it (`walak-pussa.games.<id>`), with `fields`. */
function writeEntry(id, fields) {
  const game = fields.game ?? { version: 1, ...document() };
  localStorage.setItem(KEPT_PREFIX + id, JSON.stringify({ id, created: 1, updated: 1, game, lines: [], turned: false, ...fields }));
}

test("a kept game comes back with its particulars, its moves and lines, newest first", () => {
  const about = { ...newAbout(), lines: ["7264", "727"], turned: true };
  assert.equal(keep(document({ redo: "1" }), about), true);
  writeEntry("older", { updated: 5, game: { version: 1, ...document({ record: "7" }) } });
  const { games, problems } = keptGames();
  assert.deepEqual(problems, []);
  assert.deepEqual(games.map((g) => g.id), [about.id, "older"]);
  const [first] = games;
  assert.equal(first.saved.record, "7264");
  assert.equal(first.saved.redo, "1");
  assert.deepEqual(first.lines, ["7264", "727"]);
  assert.equal(first.turned, true);
  assert.equal(first.created, about.created);
});

test("a game with no move and no position of its own is not kept: there is nothing to lose", () => {
  assert.equal(keep(document({ record: "" }), newAbout()), false);
  assert.equal(keep(document({ record: "", start: START }), newAbout()), true);
  assert.equal(keptGames().games.length, 1);
});

test("a kept entry that cannot be read is put aside as it was, said, and the other games still read", () => {
  keep(document(), { ...newAbout(), id: "good" });
  localStorage.setItem(`${KEPT_PREFIX}garbled`, "{garbled");
  writeEntry("nogame", { game: null });
  writeEntry("illegal", { game: { version: 1, ...document({ record: "12" }) } });
  const { games, problems } = keptGames();
  assert.deepEqual(games.map((g) => g.id), ["good"]);
  assert.deepEqual(problems.map(say).sort(), [
    "it is not a saved game", "it is not valid data", "move 2 of the record is illegal: North's hole 2 is empty",
  ]);
  assert.equal(localStorage.getItem(`${SET_ASIDE_PREFIX}garbled`), "{garbled", "kept aside exactly as it was");
  assert.equal(localStorage.getItem(`${KEPT_PREFIX}garbled`), null);
  assert.equal(setAsideCount(), 3);
  // Read again: only the good one is left to read, and nothing more is put aside.
  assert.deepEqual(keptGames().problems, []);
  assert.equal(setAsideCount(), 3);
});

test("an entry that cannot be put aside (storage full) stays where it is: never lost", () => {
  localStorage.setItem(`${KEPT_PREFIX}garbled`, "{garbled");
  kept.refuse(true);
  const { problems } = keptGames();
  assert.equal(problems.length, 1);
  assert.equal(localStorage.getItem(`${KEPT_PREFIX}garbled`), "{garbled");
  assert.equal(setAsideCount(), 0);
});

test("what older pages kept is still read: particulars without lines, turn or room, and rooms that are not rooms", () => {
  localStorage.setItem(ABOUT_KEY, JSON.stringify({ id: "abc", created: 7 }));
  assert.deepEqual(readAbout(), { id: "abc", created: 7, lines: [], turned: false });
  localStorage.setItem(ABOUT_KEY, JSON.stringify({ id: "abc", created: 7, lines: ["72", "x9", 5, "7264"], turned: "yes",
    live: { room: "ABCDEFGH", number: 2, seat: "north", resigned: "south" } }));
  assert.deepEqual(readAbout(), { id: "abc", created: 7, lines: ["72", "7264"], turned: false,
    live: { room: "ABCDEFGH", number: 2, seat: "north", resigned: "south" } });
  // Unreadable particulars give fresh ones: they hold no moves (the saved game does).
  localStorage.setItem(ABOUT_KEY, "{oops");
  const fresh = readAbout();
  assert.notEqual(fresh.id, "abc");
  assert.deepEqual(fresh.lines, []);
  // A kept entry of an older page: no lines, no turn.
  localStorage.setItem(`${KEPT_PREFIX}old`, JSON.stringify({ id: "old", created: 1, updated: 2, game: { version: 1, ...document() } }));
  const [old] = keptGames().games;
  assert.deepEqual([old.id, old.lines, old.turned, "live" in old], ["old", [], false, false]);
});

test("a live game's room is read only when it is one", () => {
  const room = { room: "ABCDEFGH", number: 1, seat: "spectator" };
  assert.deepEqual(readLive(room), room);
  assert.deepEqual(readLive({ ...room, resigned: "east" }), room, "a resignation by no side is dropped");
  for (const bad of [null, "ABCDEFGH", { ...room, room: "abc" }, { ...room, number: 1.5 }, { ...room, seat: "west" }]) {
    assert.equal(readLive(bad), null, JSON.stringify(bad));
  }
});

test("the games by links are found among the kept ones, and whose move each waits for", () => {
  const link = (id, record) => ({ version: 1, ...document({ mode: "link", game: id, side: "south", record }) });
  writeEntry("mine", { game: link("aaaaaaaaaaaa", "72") }); // South to move: the person's
  writeEntry("theirs", { game: link("bbbbbbbbbbbb", "7") }); // North to move: the friend's
  writeEntry("live", { game: link("cccccccccccc", "72"), live: { room: "ABCDEFGH", number: 1, seat: "south" } });
  writeEntry("two", { game: { version: 1, ...document() } });
  assert.deepEqual(keptGames(linkGame()).games.map((g) => g.id).sort(), ["mine", "theirs"]);
  assert.deepEqual(keptGames(linkGame("bbbbbbbbbbbb")).games.map((g) => g.id), ["theirs"]);
  const turns = Object.fromEntries(keptGames(linkGame()).games.map(({ id, saved }) => [id, turnOf(saved, statesOf(Game, saved).final)]));
  assert.deepEqual(turns, { mine: "you", theirs: "friend" });
  assert.equal(yourMoveCount(Game), 1);
});

test("the states of a kept game: the position kept, and the end of its line", () => {
  const saved = { version: 1, ...document({ record: "72", redo: "64" }) };
  const { shown, final } = statesOf(Game, saved);
  assert.equal(shown.record, "72");
  assert.equal(final.record, "7264");
  const over = finished();
  assert.equal(turnOf({ side: "south" }, statesOf(Game, { ...saved, record: over.record, redo: "" }).final), "over");
});

test("results against each level count wins, draws and losses, the newest first, finished games only", () => {
  const over = finished();
  const state = statesOf(Game, { version: 1, ...document({ record: over.record }) }).final;
  const game = (side, level) => ({ saved: { version: 1, ...document({ mode: "computer", side, level, record: over.record }) }, state });
  const unfinished = { saved: { version: 1, ...document({ mode: "computer", level: "club" }) }, state: statesOf(Game, document()).final };
  const winner = over.winner;
  assert.ok(winner === "south" || winner === "north", `a game with a winner (${winner})`);
  const loser = winner === "south" ? "north" : "south";
  const results = resultsByLevel([game(winner, "club"), game(loser, "club"), unfinished, game(winner, undefined)]);
  assert.deepEqual(results, {
    club: { wins: 1, draws: 0, losses: 1, last: ["win", "loss"] },
    casual: { wins: 1, draws: 0, losses: 0, last: ["win"] },
  });
  const many = resultsByLevel(Array.from({ length: 7 }, () => game(loser, "master")));
  assert.deepEqual(many.master, { wins: 0, draws: 0, losses: 7, last: ["loss", "loss", "loss", "loss", "loss"] });
});
