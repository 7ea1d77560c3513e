// Links and addresses (www/share/share.js, url.js, embed.js): a link carries a game whole and
// opens on the position it was made at, its lines and, in a game by links, its id and the
// receiver's side; a broken link says what is wrong with it; an address's set-up, language and
// embed options are read, and whatever is not understood is said, never guessed at.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { say, setLanguage } from "../../www/i18n/index.js";
import { linkFragment, linkTo, pageLink, readLink } from "../../www/share/share.js";
import { readQuery } from "../../www/share/url.js";

await loadEngine();
await setLanguage("en");
// The page's address, where a link is made (share.js reads it when it makes one).
globalThis.location = new URL("https://example.org/games/walak/index.html?lang=sl&mode=two#walak=1&moves=7");
// ui/theme.js, which embed.js uses, asks the browser for the system's colours when it loads.
globalThis.matchMedia = () => ({ matches: false, addEventListener() {} });
const { readEmbedOptions } = await import("../../www/share/embed.js");

const SINGLE = { rounds: false, first: "south" };
const START = { board: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], reserves: [30, 24], to_move: "south" };

test("a link opens the game it was made of, at the move it was made at", () => {
  const fragment = linkFragment({ rounds: true, first: "north" }, "72", "64");
  assert.deepEqual(readLink(`#${fragment}`), {
    options: { rounds: true, first: "north" }, start: null, moves: "7264", at: 2, variations: [], shown: 0, position: false,
    values: null,
  });
  // The link a page gives to look at a game writes out the position it shows, for a first visit
  // to draw before its engine; read the same.
  const given = new URL(linkTo({ rounds: true, first: "north" }, "72", "64")).hash;
  assert.match(given, /&position=[\d.]+-[\d.]+-(south|north)-1-[01]{14}$/);
  assert.deepEqual(readLink(given), { ...readLink(`#${fragment}`), position: true });
});

test("a link carries the move values proved where it opens, where they can be that position's", () => {
  const values = "x.x.x.x.x.-44.-44";
  const given = new URL(linkTo(SINGLE, "72", "64", null, { values })).hash;
  assert.match(given, /&values=x\.x\.x\.x\.x\.-44\.-44$/);
  assert.deepEqual(readLink(given).values, values);
  // Not for a move sent in a game by links (its receiver sees the position after it), nor where
  // they cannot be the position's.
  assert.doesNotMatch(linkFragment(SINGLE, "72", "", null, { game: "mj3k2x9q1a2b", you: "north", values }), /values/);
  assert.doesNotMatch(linkFragment(SINGLE, "7", "", null, { values }), /values/);
  // Read strictly: a hand-made link whose values name a hole that cannot be played is refused.
  const refused = readLink("#walak=1&moves=72&values=1.x.x.x.x.-44.-44");
  assert.match(String(refused && "error" in refused ? say(refused.error) : ""), /^its move values must be 7, joined by dots/);
});

test("a link from a position set up by hand carries the position, and the moves played from it", () => {
  const link = readLink(`#${linkFragment(SINGLE, "7", "", START)}`);
  assert.deepEqual(link.start, START);
  assert.equal(link.moves, "7");
  assert.equal(link.at, 1);
});

test("a link carries the move list's other lines, and which one is shown", () => {
  const lines = ["7264", "727", "7273"];
  const fragment = linkFragment(SINGLE, "727", "3", null, { lines, lineAt: 2 });
  const link = readLink(fragment);
  assert.equal(link.moves, "7273");
  assert.deepEqual(link.variations, ["7264", "727"], "the others, in the list's order");
  assert.equal(link.shown, 2, "the line shown goes back where it was");
});

test("a move in a game by links carries the game's id and the side it is sent to", () => {
  const link = readLink(linkFragment(SINGLE, "72", "", null, { game: "mj3k2x9q1a2b", you: "north" }));
  assert.equal(link.game, "mj3k2x9q1a2b");
  assert.equal(link.you, "north");
  assert.equal("game" in readLink(linkFragment(SINGLE, "72", "")), false, "another link has none");
});

test("a link is the page's own address, without its query, with the game in the fragment", () => {
  assert.equal(pageLink("walak=1&moves=72"), "https://example.org/games/walak/index.html#walak=1&moves=72");
  const url = new URL(linkTo(SINGLE, "7", "2"));
  assert.equal(url.search, "");
  assert.deepEqual(readLink(url.hash).moves, "72");
});

test("a fragment that carries no game is no link", () => {
  assert.equal(readLink("#top"), null);
  assert.equal(readLink(""), null);
});

test("a broken link says what is wrong with it, in the page's words", () => {
  const broken = [
    ["#walak=7&moves=12", "it was made by a newer version of the game (link version 7); reload the page to update it"],
    ["#walak=x&moves=12", 'its version "x" is not a number'],
    ["#walak=1&moves=7a", 'character 2 of its moves, "a", is not a hole number 1 to 7'],
    ["#walak=1&moves=72&at=9", 'its position "at=9" is not a number from 0 to 2'],
    ["#walak=1&moves=72&colour=red", "it has parts this game does not know (colour)"],
    ["#walak=1&moves=12", "it describes a game that cannot be played: move 2 of the record is illegal: North's hole 2 is empty"],
    ["#walak=1&moves=72&game=mj3k2x9q1a2b", 'it is a move in a game by links, but has no "you"'],
    ["#walak=1&board=1.2&reserves=0.0&turn=south", "its board must list the seeds of 14 holes as numbers joined by dots"],
  ];
  for (const [fragment, reason] of broken) {
    const read = readLink(fragment);
    assert.ok(read && "error" in read, fragment);
    assert.equal(say(read.error), reason, fragment);
  }
});

test("a link the engine cannot give out is never written", () => {
  assert.throws(() => linkFragment(SINGLE, "12", ""), /cannot be played/);
});

test("the address's set-up: a game against the computer or of two players, a side, a match, a level, a rule set", () => {
  assert.deepEqual(readQuery("?mode=computer&side=north&rounds=1&first=north&level=club").setup,
    { mode: "computer", side: "north", rounds: true, first: "north", level: "club" });
  assert.deepEqual(readQuery("?level=master").setup, { mode: "computer", side: "south", rounds: false, first: "south", level: "master" },
    "a level alone means a game against the computer");
  assert.deepEqual(readQuery("?rounds=true").setup, { mode: "two", side: "south", rounds: true, first: "south" });
  assert.deepEqual(readQuery("?rules=parker-kotu&level=club").setup,
    { mode: "computer", side: "south", rounds: false, first: "south", level: "club", rules: "parker-kotu" }, "Parker's Kotu-baendum against the computer");
  assert.deepEqual(readQuery("?rules=mancala-world").setup, { mode: "two", side: "south", rounds: false, first: "south" }, "today's rules are the default");
  assert.match(say(readQuery("?rules=ludii").problems[0]), /"rules=ludii" is not understood \(use mancala-world, parker-walak, or parker-kotu\)/);
  assert.equal(readQuery("?lang=sl&speed=fast").setup, null, "no set-up: the kept game goes on");
  const { speed, lang, lesson, puzzles, problems } = readQuery("?lang=sl&speed=fast&lesson=1&puzzles=0");
  assert.deepEqual({ speed, lang, lesson, puzzles, problems }, { speed: "fast", lang: "sl", lesson: true, puzzles: false, problems: [] });
});

test("a part of the address that is not understood is said, with the values it may take, and left out", () => {
  const { setup, speed, problems } = readQuery("?mode=three&speed=warp&side=north");
  assert.deepEqual(setup, { mode: "computer", side: "north", rounds: false, first: "south" });
  assert.equal(speed, null);
  assert.deepEqual(problems.map(say), [
    '"mode=three" is not understood (use two or computer)',
    '"speed=warp" is not understood (use slow, normal, fast, or instant)',
  ]);
});

test("an embed's address: a frame, a demo, a loop, a board to watch, its colours", () => {
  assert.equal(readEmbedOptions("").embed, false);
  assert.deepEqual(readEmbedOptions("?embed=1"),
    { embed: true, kind: "game", demo: null, loop: null, compare: null, view: false, theme: null, problems: [] });
  assert.deepEqual(readEmbedOptions("?embed=1&demo=casual-master").demo, { south: "casual", north: "master" });
  assert.deepEqual(readEmbedOptions("?embed=1&demo=club").demo, { south: "club", north: "club" }, "one level plays both sides");
  const loop = readEmbedOptions("?embed=1&loop=4&theme=dark");
  assert.deepEqual([loop.kind, loop.loop, loop.view, loop.theme], ["loop", 4, true, "dark"], "a loop is watched");
  assert.equal(readEmbedOptions("?embed=1&interactive=0").view, true);
  assert.equal(readEmbedOptions("?embed=1&theme=auto").theme, null);
  // Parker's first move names its direction; a bare hole is written as a number.
  assert.equal(readEmbedOptions("?embed=1&loop=4-").loop, "4-");
  const compare = readEmbedOptions("?embed=1&compare=parker-kotu,mancala-world&loop=4");
  assert.deepEqual([compare.kind, compare.compare, compare.loop, compare.view], ["compare", ["parker-kotu", "mancala-world"], 4, true]);
});

test("a comparison names exactly two different rule sets", () => {
  const said = (search) => readEmbedOptions(search).problems.map(say);
  for (const value of ["mancala-world", "mancala-world,mancala-world", "mancala-world,parker-walak,parker-kotu", "today,parker-walak"]) {
    const options = readEmbedOptions(`?embed=1&compare=${value}&loop=3`);
    assert.equal(options.compare, null, value);
    assert.equal(options.kind, "loop", "the loop is still shown, under the position's own rules");
    assert.deepEqual(said(`?embed=1&compare=${value}`), [
      `"compare=${value}" is not two different rule sets joined by a comma, each one of mancala-world, parker-walak, and parker-kotu (e.g. compare=mancala-world,parker-walak)`,
    ]);
  }
  assert.equal(readEmbedOptions("?embed=1&compare=parker-walak,parker-kotu&demo=club").kind, "demo");
});

test("an embed's address that is not understood is said, and the frame shows what it can", () => {
  const said = (search) => readEmbedOptions(search).problems.map(say);
  assert.deepEqual(said("?embed=2"), ['"embed=2" is not understood (use embed=1)']);
  assert.deepEqual(said("?embed=1&demo=casual-wizard"),
    ['"demo=casual-wizard" is not two computer levels joined by "-", each beginner, casual, club, strong, master, or perfect (e.g. demo=casual-master)']);
  const both = readEmbedOptions("?embed=1&demo=club&loop=3");
  assert.equal(both.kind, "demo", "a demo and a loop: the demo");
  assert.equal(both.loop, null);
  assert.equal(both.problems.length, 1);
  assert.deepEqual(said("?demo=club&view=1"), ["only an embedded game uses demo and view (add embed=1)"]);
  const broken = readEmbedOptions("?embed=1&loop=9");
  assert.deepEqual([broken.kind, broken.view], ["game", true], "a loop that cannot be read leaves a position to look at");
});
