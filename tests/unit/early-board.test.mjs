// The board drawn before the engine (www/page/early-board.js). What a person relies on: the
// board that shows first is the true position the page then opens, never one that changes once
// the engine is in: the opening of a first visit is the engine's own, the saved game's position
// is drawn only for the very game it was kept with, and anything unsure draws nothing early.

import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { installStorage } from "./support/storage.mjs";
import { save } from "../../www/game/storage.js";
import { PLAIN_ROUTE, SHOWN_KEY, earlyComparison, earlyPosition, fingerprint, keepShown, plainAddress } from "../../www/page/early-board.js";
import { routeOf } from "../../www/page/router.js";
import { DEFAULT_SETUP, kindOf } from "../../www/game/kinds/index.js";
import { loadTable } from "../../www/i18n/index.js";
import { linkFragment, readLink } from "../../www/share/share.js";
import { openGame } from "../../www/game/game-start.js";
import { firstMoves, optionsOf } from "../../www/lib/records.js";
import { OPENING } from "../../www/board/opening.js";
import { KEPT_PREFIX, TURNED_KEY } from "../../www/game/first-visit.js";

const { Game } = await loadEngine();
await loadTable("en");

beforeEach(() => {
  installStorage();
});

const OPTIONS = { rounds: false, first: "south" };
/** A position set up by hand (South to move), as a link carries it. */
const START = { board: [0, 0, 3, 0, 1, 0, 7, 2, 0, 0, 1, 0, 0, 5], reserves: [20, 17], to_move: "south" };
/** The full page's address with nothing in it but the page. */
const PLAIN = { frame: null, setup: null, lesson: false, puzzles: false, target: { to: "nothing" }, problems: [] };
const stateAfter = (record) => {
  const game = Game.fromRecord(record, OPTIONS);
  const state = game.state();
  game.free();
  return state;
};
const app = (record, kind = {}) => ({ hasGame: true, kind: { keeps: true, inRoom: false, ...kind }, state: stateAfter(record) });
/** A game's record of `count` moves (fewer if it ends), each the `pick`th legal move, in a cycle. */
const recordOf = (options, count, pick = 3) => {
  const game = Game.fromRecord("", options);
  for (let i = 0; i < count; i++) {
    const { legal, status } = game.state();
    if (status !== "playing") break;
    game.play(legal[(i * pick) % legal.length]);
  }
  const { record } = game.state();
  game.free();
  return record;
};
/** The position the engine opens a link's `fragment` at. */
const stateAfterLink = (fragment) => {
  const { options, start, moves, at } = readLink(fragment);
  const game = openGame(Game, { start, options, record: firstMoves(moves, at) });
  const state = game.state();
  game.free();
  return state;
};
const drawn = ({ board, reserves, in_play, to_move, round, status, rules }) => ({ board, reserves, in_play, to_move, round, status, rules });

test("a first visit's early board is the engine's own opening", () => {
  assert.deepEqual(drawn(OPENING), drawn(stateAfter("")));
  const early = earlyPosition(PLAIN);
  assert.deepEqual(drawn(early.state), drawn(stateAfter("")));
  assert.equal(early.flipped, false);
});

test("the saved game's position is drawn as it was kept, turned as it was", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264"), true);
  const early = earlyPosition(PLAIN);
  assert.deepEqual(drawn(early.state), drawn(stateAfter("7264")));
  assert.equal(early.flipped, true);
});

test("a position kept for another saved game, or unreadable, is not drawn", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264"), false);
  // Another page saved another game since (its position not kept).
  save({ options: OPTIONS, mode: "two", side: "south", record: "72641", redo: "" });
  assert.equal(earlyPosition(PLAIN), null);
  for (const broken of ["{", "null", JSON.stringify({ of: "x", state: {} }), JSON.stringify({ of: fingerprint(localStorage.getItem("walak-pussa.game")), state: { board: [1] } })]) {
    localStorage.setItem(SHOWN_KEY, broken);
    assert.equal(earlyPosition(PLAIN), null, broken);
  }
});

test("a live room's position, and every other address, waits for the engine", () => {
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264", { inRoom: true }), false);
  assert.equal(localStorage.getItem(SHOWN_KEY), null);
  keepShown(app("7264"), false);
  for (const route of [
    { ...PLAIN, setup: { mode: "two" } },
    { ...PLAIN, target: { to: "game", fragment: "walak=1&moves=72" } },
    { ...PLAIN, target: { to: "game", fragment: linkFragment(OPTIONS, "72", "", null, { position: true }) } },
    { ...PLAIN, target: { to: "room", room: "abc" } },
    { ...PLAIN, lesson: true },
    { ...PLAIN, puzzles: true },
    { ...PLAIN, frame: { kind: "compare", problems: [] } },
  ]) {
    assert.equal(earlyPosition(route), null, JSON.stringify(route));
  }
  assert.notEqual(earlyPosition(PLAIN), null);
});

test("the first board's file draws only at a plain address, one the router reads as opening nothing", () => {
  const read = (address) => {
    const url = new URL(address, "https://walak.example/play/");
    return { plain: plainAddress({ search: url.search, hash: url.hash }), route: routeOf({ search: url.search, hash: url.hash }) };
  };
  for (const address of ["", "?lang=si", "?theme=dark", "?lang=ur&theme=light", "#"]) {
    const { plain, route } = read(address);
    assert.equal(plain, true, address);
    for (const key of Object.keys(PLAIN_ROUTE)) assert.deepEqual(route[key], PLAIN_ROUTE[key], `${address}: ${key}`);
  }
  for (const address of ["?mode=two", "?embed=1", "?lesson=1", "?puzzles=1", "?speed=instant", "#walak=1&moves=72", "#room=abc", "?lang=si#walak=1&moves=7"]) {
    assert.equal(read(address).plain, false, address);
  }
});

test("an embed's frame draws the opening of a game, a demo or a loop from it early, as its game is seen, and nothing of the visitor's", () => {
  // The visitor's own game is kept on the full page: a frame never shows it.
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  keepShown(app("7264"), true);
  const frame = (address) => {
    const url = new URL(address, "https://walak.example/play/");
    return earlyPosition(routeOf({ search: url.search, hash: url.hash }));
  };
  const opening = (first) => {
    const game = Game.fromRecord("", { rounds: false, first });
    const state = game.state();
    game.free();
    return drawn(state);
  };
  for (const [address, first, flipped] of [
    ["?embed=1", "south", false],
    ["?embed=1&view=1&lang=si&theme=dark", "south", false],
    ["?embed=1&first=north&rounds=1", "north", false],
    ["?embed=1&level=club&side=north", "south", true],
    ["?embed=1&level=club&side=north&view=1", "south", false],
    ["?embed=1&mode=two&side=north", "south", false],
    ["?embed=1#", "south", false],
    ["?embed=1&demo=casual-master", "south", false],
    ["?embed=1&demo=club&first=north&side=north", "north", false],
    ["?embed=1&loop=3", "south", false],
    // A sign is Parker's notation: today's rules play the hole alone.
    ["?embed=1&loop=4%2B", "south", false],
  ]) {
    const early = frame(address);
    assert.notEqual(early, null, address);
    // Seen from the side the frame's game is seen from (game/kinds), Flip board kept on the full page or not.
    const url = new URL(address, "https://walak.example/play/");
    const { setup, frame: options } = routeOf({ search: url.search, hash: url.hash });
    const seenFrom = kindOf({ ...DEFAULT_SETUP, ...setup }, { frame: { view: options.view, demo: options.demo } }).seenFrom();
    assert.equal(seenFrom === "north", flipped, address);
    assert.deepEqual(drawn(early.state), opening(first), address);
    assert.equal(early.flipped, flipped, address);
    assert.equal(early.last, null, address);
  }
  // A game's link that writes out its position (the embed dialog's code for a game), the
  // visitor's own game kept or not: that position, seen as the frame's game is.
  const shown = "0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south";
  const position = stateAfterLink(`#walak=1&moves=72&position=${shown}`);
  for (const [address, flipped] of [
    [`?embed=1#walak=1&moves=7264131&at=2&position=${shown}`, false],
    [`?embed=1&view=1#walak=1&moves=72&position=${shown}`, false],
    [`?embed=1&level=club&side=north#walak=1&moves=72&position=${shown}`, true],
    [`?embed=1&demo=casual-master#walak=1&moves=72&position=${shown}`, false],
    ["?embed=1#walak=1&moves=&rounds=1&first=north", false],
  ]) {
    const early = frame(address);
    assert.notEqual(early, null, address);
    assert.deepEqual(drawn(early.state), drawn(address.includes("position") ? position : stateAfterLink(address.split("?embed=1")[1])), address);
    assert.equal(early.flipped, flipped, address);
  }
  // A comparison, a loop's move with a direction, the lesson, the puzzles, a game in the fragment
  // that does not write out its position or a loop on it (whose move may not be legal there),
  // Parker's rules, or a notice about the address (which takes room above the board): the
  // engine's board is the first.
  // A loop of a hole that is not a first move of its rules (Kotu-baendum's first turn starts from
  // an end hole: the frame says so above the board).
  for (const address of ["?embed=1&demo=casual-master&loop=3", "?embed=1&compare=mancala-world,parker-walak",
    "?embed=1&lesson=1", "?embed=1&puzzles=1", "?embed=1#walak=1&moves=72", `?embed=1&loop=3#walak=1&moves=72&position=${shown}`,
    "?embed=1&rules=parker-walak#walak=1&rules=parker-walak&moves=4%2B", "?embed=1&rules=parker-kotu&loop=4",
    "?embed=1&rules=parker-kotu&loop=2-&first=north", "?embed=1&loop=8", "?embed=1&rules=parker-walak&loop=0",
    "?embed=2", "?embed=1&view=maybe", "?embed=1&level=grandmaster"]) {
    assert.equal(frame(address), null, address);
  }
  // Parker's games open as the engine opens them: no direction chosen yet, nothing blocked or tied.
  // A loop from it, of a first move of their rules (a bare hole played counterclockwise), too.
  for (const [address, rules, first] of [["?embed=1&view=1&rules=parker-walak", "parker-walak", "south"],
    ["?embed=1&rules=parker-kotu&level=club&first=north", "parker-kotu", "north"], ["?embed=1&demo=casual-master&rules=parker-walak", "parker-walak", "south"],
    ["?embed=1&rules=parker-walak&loop=3", "parker-walak", "south"], ["?embed=1&rules=parker-kotu&loop=7-&first=north", "parker-kotu", "north"],
    ["?embed=1&rules=parker-kotu&loop=1", "parker-kotu", "south"]]) {
    const game = Game.fromRecord("", { rounds: false, first, rules });
    const engine = game.state();
    game.free();
    const { legal: none, ...early } = /** @type {any} */ (frame(address)?.state ?? {});
    const fields = ["board", "reserves", "in_play", "to_move", "round", "status", "rules", "direction", "phase", "blocked", "tied_by"];
    assert.deepEqual(Object.keys(early).sort(), [...fields].sort(), address);
    for (const field of fields) assert.deepEqual(early[field], engine[field], `${address}: ${field}`);
  }
});

test("an embed's comparison is drawn early from both openings where its loop opens a game under both rule sets", () => {
  const comparison = (address) => {
    const url = new URL(address, "https://walak.example/play/");
    return earlyComparison(routeOf({ search: url.search, hash: url.hash }));
  };
  for (const [address, compare, loop] of [
    ["?embed=1&compare=mancala-world,parker-walak&loop=4", ["mancala-world", "parker-walak"], 4],
    ["?embed=1&compare=parker-kotu,parker-walak&loop=7-&lang=si", ["parker-kotu", "parker-walak"], "7-"],
    ["?embed=1&compare=mancala-world,parker-kotu", ["mancala-world", "parker-kotu"], null],
  ]) {
    assert.deepEqual(comparison(address), { compare, loop }, address);
  }
  // A move one of them refuses (Kotu-baendum's first turn starts from an end hole), a position in
  // the fragment, or anything to say about the address: the engine's boards are the first.
  for (const address of ["?embed=1&compare=mancala-world,parker-kotu&loop=4", "?embed=1&compare=mancala-world,parker-walak&loop=4#walak=1&moves=72",
    "?embed=1&compare=mancala-world,mancala-world", "?embed=1&compare=mancala-world,parker-walak&demo=club", "?embed=1&compare=mancala-world,parker-walak&level=grandmaster",
    "?embed=1&loop=4", "?embed=1", "?compare=mancala-world,parker-walak"]) {
    assert.equal(comparison(address), null, address);
  }
});

test("a game the address sets up is drawn early from its opening where nothing is kept, seen as its game is", () => {
  const page = (address) => {
    const url = new URL(address, "https://walak.example/play/");
    return routeOf({ search: url.search, hash: url.hash });
  };
  const fields = ["board", "reserves", "in_play", "to_move", "round", "status", "rules", "direction", "phase", "blocked", "tied_by"];
  for (const turned of [false, true]) {
    if (turned) localStorage.setItem(TURNED_KEY, "1");
    for (const address of ["?mode=computer&side=north", "?level=club", "?mode=two&side=north&first=north", "?rounds=1&lang=si",
      "?rules=parker-walak", "?rules=parker-kotu&side=north&level=casual&first=north", "?mode=two&rules=parker-kotu&rounds=1"]) {
      const route = page(address);
      const early = earlyPosition(route);
      assert.notEqual(early, null, address);
      // The engine's own opening, field by field (Parker's: no direction yet, nothing blocked or tied).
      const game = Game.fromRecord("", optionsOf({ ...DEFAULT_SETUP, ...route.setup }));
      const engine = game.state();
      game.free();
      for (const field of fields) assert.deepEqual(early.state[field], engine[field], `${address}: ${field}`);
      // Seen from the side its game is (game/kinds), turned by Flip board's last choice as a new game is.
      const seenFrom = kindOf({ ...DEFAULT_SETUP, ...route.setup }).seenFrom();
      assert.equal(early.flipped, (seenFrom === "north") !== turned, address);
    }
  }
  // A game kept here (it would go among Your games), something in the address to say, or a set-up
  // beside a link, the lesson or the puzzles: the engine's board is the first.
  for (const address of ["?mode=computer&level=grandmaster", "?rules=parker-walak#walak=1&moves=72", "?rules=parker-walak&lesson=1", "?level=club&puzzles=1"]) {
    assert.equal(earlyPosition(page(address)), null, address);
  }
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  assert.equal(earlyPosition(page("?mode=computer&side=north")), null);
});

test("a link that writes out its position is drawn early where nothing is kept, as the engine then opens it", () => {
  const link = (options, record, redo = "", start = null) => `#${linkFragment(options, record, redo, start, { position: true })}`;
  const early = (fragment) => earlyPosition({ ...PLAIN, target: { to: "game", fragment } });
  for (const fragment of [
    link(OPTIONS, recordOf(OPTIONS, 9)),
    link(OPTIONS, recordOf(OPTIONS, 2), recordOf(OPTIONS, 9).slice(2)),
    // A later round of a match, holes out of play.
    link({ rounds: true, first: "north" }, recordOf({ rounds: true, first: "north" }, 11, 8)),
    link(OPTIONS, "", ""),
    // A position set up: shown before its moves, its board says it; after them, written out.
    link(OPTIONS, "", "", START),
    link(OPTIONS, "7", "", START),
  ]) {
    // Written out once a move is played; before, the start (the opening, or a board) says it.
    assert.match(fragment, /&position=|&board=|moves=$/);
    const position = early(fragment);
    assert.notEqual(position, null, fragment);
    assert.deepEqual(drawn(position.state), drawn(stateAfterLink(fragment)), fragment);
    if (fragment.includes("rounds=1")) assert.ok(position.state.round > 1 && position.state.in_play.includes(false), fragment);
    assert.equal(position.flipped, false);
  }
  // Turned round where Flip board was chosen, as a two players' game is.
  localStorage.setItem(TURNED_KEY, "1");
  assert.equal(early(link(OPTIONS, "72")).flipped, true);
});

test("a Parker game's link that writes out its position is drawn early, its direction and marked holes too", () => {
  const fields = ["board", "reserves", "in_play", "to_move", "round", "status", "rules", "direction", "phase", "blocked", "tied_by"];
  const parkerDrawn = (state) => Object.fromEntries(fields.map((field) => [field, state[field]]));
  const frame = { kind: "game", view: true, problems: [] };
  let directions = 0;
  let marked = 0;
  for (const rules of ["parker-walak", "parker-kotu"]) {
    for (const rounds of [false, true]) {
      for (const count of [1, 2, 9, 30, 60, 90]) {
        const options = { rounds, first: "south", rules };
        const fragment = `#${linkFragment(options, recordOf(options, count), "", null, { position: true })}`;
        // Not written once the game is over, nor while a match waits for a round's direction.
        if (!fragment.includes("&position=")) continue;
        const engine = parkerDrawn(stateAfterLink(fragment));
        directions += engine.direction === null ? 0 : 1;
        marked += engine.blocked.some((mark) => mark !== null) || engine.tied_by.some((side) => side !== null) ? 1 : 0;
        assert.deepEqual(parkerDrawn(earlyPosition({ ...PLAIN, target: { to: "game", fragment } }).state), engine, fragment);
        // In a frame too, whatever the frame's own rules: the link's game is shown (a chosen
        // direction is then said under the board, ui/direction-shown.js, as the engine's frame says it).
        for (const setup of [null, { rules: "mancala-world" }]) {
          const framed = earlyPosition({ ...PLAIN, setup, frame, target: { to: "game", fragment } });
          assert.deepEqual(parkerDrawn(framed.state), engine, fragment);
        }
      }
    }
  }
  assert.ok(directions > 0 && marked > 0, `${directions} with a direction, ${marked} with marked holes`);
  // A link of Parker's opening, no move yet: that opening.
  const opening = `#${linkFragment({ rounds: false, first: "north", rules: "parker-kotu" }, "", "", null, { position: true })}`;
  assert.deepEqual(parkerDrawn(earlyPosition({ ...PLAIN, target: { to: "game", fragment: opening } }).state), parkerDrawn(stateAfterLink(opening)));
  // Written as today's rules write it, or with a mark the engine does not write: not drawn.
  const written = `#${linkFragment({ rounds: false, first: "south", rules: "parker-walak" }, "4- 2", "", null, { position: true })}`;
  assert.match(written, /-south-cw-00000000000000$/);
  for (const fragment of [written.replace("-cw-00000000000000", ""), written.replace("-cw-", "-+-"), written.replace(/0{14}$/, "x".repeat(14)),
    written.replace("rules=parker-walak", "rules=parker-x")]) {
    assert.equal(earlyPosition({ ...PLAIN, target: { to: "game", fragment } }), null, fragment);
  }
});

test("a move of a game by links is drawn early as the page opens it: before the move sent, which it then plays, seen from the receiver's side", () => {
  const record = recordOf(OPTIONS, 9);
  const early = (fragment) => earlyPosition({ ...PLAIN, target: { to: "game", fragment } });
  for (const you of ["north", "south"]) {
    const move = `#${linkFragment(OPTIONS, record, "", null, { game: "abcd1234", you, position: true })}`;
    assert.match(move, /&position=/);
    const position = early(move);
    assert.deepEqual(drawn(position.state), drawn(stateAfter(record.slice(0, -1))), move);
    assert.equal(position.flipped, you === "north", move);
    // A frame shows a link's game at its position, not the move played: its engine draws it.
    assert.equal(earlyPosition({ ...PLAIN, frame: { kind: "game", view: true, problems: [] }, target: { to: "game", fragment: move } }), null);
  }
  // The first move sent: the opening, before it.
  const first = `#${linkFragment(OPTIONS, record.slice(0, 1), "", null, { game: "abcd1234", you: "north", position: true })}`;
  assert.doesNotMatch(first, /position/);
  assert.deepEqual(drawn(early(first).state), drawn(stateAfter("")));
  // One of Your games kept here may be a copy that the move brings up to date, elsewhere: the
  // engine's board first. A link to look at a game opens as it is all the same.
  localStorage.setItem(`${KEPT_PREFIX}abcd1234`, "{}");
  assert.equal(early(first), null);
  assert.notEqual(early(`#${linkFragment(OPTIONS, record, "", null, { position: true })}`), null);
});

test("a link is not drawn early where it would not open as written: a game kept here, a move of a game by links, a written position not as the engine writes it", () => {
  const fragment = `#${linkFragment(OPTIONS, "72", "", null, { position: true })}`;
  const early = (fragment, problems = []) => earlyPosition({ ...PLAIN, target: { to: "game", fragment }, problems });
  assert.notEqual(early(fragment), null);
  assert.equal(early(fragment, [{ key: "address.problem" }]), null);
  // A link that writes out no position, past its start: the engine's board is the first.
  assert.equal(early("#walak=1&moves=72"), null);
  assert.equal(early("#walak=1&moves=72&game=abcd1234&you=south"), null);
  for (const broken of ["x", "0.0.0-6.10-south", "0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-west", "0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south-1-11111111111111",
    "0.0.0.0.0.1.6.5.1.2.12.1.123.0-6.10-south"]) {
    assert.equal(early(`#walak=1&moves=72&position=${broken}`), null, broken);
  }
  assert.equal(early(`#walak=2&moves=72&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south`), null);
  // A game kept here: the link puts it aside, and says so above the board.
  save({ options: OPTIONS, mode: "two", side: "south", record: "7264", redo: "" });
  assert.equal(early(fragment), null);
});
