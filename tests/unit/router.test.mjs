// The page's router (www/page/router.js): every address the page may be opened at, or move to,
// read as a route — the full page or an embed's frame, a game set up, the lesson or the puzzles,
// a room, a puzzle, a game's link — with broken links and parts not understood said, never
// guessed at.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTable, say } from "../../www/i18n/index.js";
import { problemsNotice, routeOf, targetOf } from "../../www/page/router.js";

await loadTable("en");

const route = (address) => {
  const url = new URL(address, "https://walak.example/play/");
  return routeOf({ search: url.search, hash: url.hash });
};
const said = (messages) => messages.map(say);

test("a plain address is the full page with nothing to open: the saved game, or a first visit's", () => {
  const plain = route("");
  assert.equal(plain.frame, null);
  assert.equal(plain.setup, null);
  assert.equal(plain.speed, null);
  assert.equal(plain.lesson, false);
  assert.equal(plain.puzzles, false);
  assert.deepEqual(plain.target, { to: "nothing" });
  assert.deepEqual(plain.problems, []);
});

test("?embed=1 is an embed's frame, with what it shows; a demo or a loop is only watched", () => {
  const frame = route("?embed=1").frame;
  assert.equal(frame.embed, true);
  assert.equal(frame.kind, "game");
  assert.equal(frame.view, false);
  const demo = route("?embed=1&demo=beginner-master").frame;
  assert.deepEqual(demo.demo, { south: "beginner", north: "master" });
  assert.equal(demo.view, true);
  assert.equal(route("?embed=1&loop=3").frame.loop, 3);
  assert.equal(route("?embed=1&view=1").frame.view, true);
  assert.equal(route("?embed=0").frame, null, "embed=0 is the full page");
});

test("an embed's own parts on the full page, and a frame's wrong values, are said; the frame's go with the frame", () => {
  const full = route("?demo=club");
  assert.equal(full.frame, null);
  assert.equal(full.problems.length, 1);
  assert.match(said(full.problems)[0], /demo/);
  const frame = route("?embed=1&loop=9");
  assert.deepEqual(frame.problems, [], "the frame says its own problems (share/embed-driver.js)");
  assert.equal(frame.frame.problems.length, 1);
  assert.equal(frame.frame.loop, null, "a wrong loop is left out, never guessed at");
});

test("a set-up in the query starts that game; side or level alone mean the computer; a wrong value is said", () => {
  assert.deepEqual(route("?mode=two&rounds=1&first=north").setup, { mode: "two", side: "south", rounds: true, first: "north" });
  assert.deepEqual(route("?side=north&level=club").setup,
    { mode: "computer", side: "north", rounds: false, first: "south", level: "club" });
  const wrong = route("?mode=computer&level=godlike");
  assert.deepEqual(wrong.setup, { mode: "computer", side: "south", rounds: false, first: "south" });
  assert.equal(wrong.problems.length, 1);
  assert.match(said(wrong.problems)[0], /level=godlike/);
  assert.equal(route("?speed=slow").speed, "slow");
  assert.equal(route("?speed=warp").speed, null);
});

test("?lesson=1 opens the lesson, ?puzzles=1 the puzzles; the lesson comes first, and a puzzle's link before both", () => {
  assert.equal(route("?lesson=1").lesson, true);
  assert.equal(route("?puzzles=1").puzzles, true);
  const both = route("?lesson=1&puzzles=1");
  assert.equal(both.lesson, true);
  assert.equal(both.puzzles, false);
  const linked = route("?lesson=1&puzzles=1#walak=1&puzzle=ab3de");
  assert.equal(linked.lesson, false);
  assert.equal(linked.puzzles, false);
  assert.deepEqual(linked.target, { to: "puzzle", id: "ab3de" });
  assert.equal(route("?lesson=0").lesson, false);
  assert.equal(route("?lesson=yes").problems.length, 1);
  const broken = route("?lesson=1#walak=1&puzzle=x");
  assert.equal(broken.lesson, true, "a broken puzzle link opens nothing: the lesson still opens");
});

test("a room's link is a room, its code read in capitals; a code of the wrong shape is no room", () => {
  assert.deepEqual(targetOf("#live=abcdefgh23"), { to: "room", room: "ABCDEFGH23" });
  assert.deepEqual(targetOf("#live=ABC"), { to: "nothing" });
  assert.deepEqual(targetOf("#live=ABCDEFGH&x=1"), { to: "nothing" });
  assert.deepEqual(route("#live=QRSTUVWX").target, { to: "room", room: "QRSTUVWX" });
});

test("a puzzle's link is a puzzle; a broken one says what is wrong with it", () => {
  assert.deepEqual(targetOf("#walak=1&puzzle=0a1b2"), { to: "puzzle", id: "0a1b2" });
  const cases = [
    ["#walak=2&puzzle=0a1b2", "puzzle.linkVersion"],
    ["#walak=1&puzzle=0a1b2&moves=3", "puzzle.linkExtra"],
    ["#walak=1&puzzle=TOOLONG", "puzzle.linkId"],
  ];
  for (const [hash, key] of cases) {
    const target = targetOf(hash);
    assert.equal(target.to, "badPuzzle", hash);
    assert.equal(target.error.key, key, hash);
    assert.ok(say(target.error).length > 0, "said in words once the tables are there");
  }
});

test("a game's link is left to the engine to read, a broken one too; any other fragment opens nothing", () => {
  assert.deepEqual(targetOf("#walak=1&moves=7264&at=3"), { to: "game", fragment: "#walak=1&moves=7264&at=3" });
  assert.deepEqual(targetOf("#walak=9&moves=77"), { to: "game", fragment: "#walak=9&moves=77" });
  assert.deepEqual(targetOf("#walak"), { to: "game", fragment: "#walak" });
  for (const hash of ["", "#", "#top", "#moves=7264", "#lesson=1"]) assert.deepEqual(targetOf(hash), { to: "nothing" }, hash);
});

test("on load and on a later change of the fragment the same fragment is the same target", () => {
  for (const hash of ["#live=ABCDEFGH", "#walak=1&puzzle=0a1b2", "#walak=1&puzzle=x", "#walak=1&moves=3", "#nothing"]) {
    assert.deepEqual(route(`?mode=two${hash}`).target, targetOf(hash), hash);
  }
  assert.equal(route("?embed=1#walak=1&moves=3").fragment, "#walak=1&moves=3", "an embed reads its game's link itself");
});

test("the parts of an address not understood make one notice, said in the page's words", () => {
  assert.equal(problemsNotice([]), null);
  const notice = problemsNotice(route("?mode=three&side=up").problems);
  assert.equal(notice.key, "notice.address");
  const words = say(notice);
  assert.match(words, /mode=three/);
  assert.match(words, /side=up/);
});
