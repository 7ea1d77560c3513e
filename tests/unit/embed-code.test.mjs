// The code the Embed dialog gives an author to paste (www/share/embed-dialog.js `embedCode`):
// an iframe whose address asks for what was chosen — the game as shown (to play on, or only to
// watch, against the computer as here), one of its moves on a loop, a demo, the lesson, the
// puzzles — in the page's language, with a title a screen reader says, and sized as chosen: a
// frame that follows its page's width in proportion, or one of a fixed size.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { setLanguage } from "../../www/i18n/index.js";
import { DEFAULT_SETUP, kindOf } from "../../www/game/kinds/index.js";
import { embedCode, frameLook, NARROW, SHAPES, TRAINER_SHAPES } from "../../www/share/embed-dialog.js";

const { Game } = await loadEngine();
await setLanguage("en");
// The page's address, where a link is made (share.js reads it for the game's fragment).
const PAGE = "https://example.org/walak/index.html?lang=sl#walak=1&moves=7";
globalThis.location = new URL(PAGE);

const SINGLE = { rounds: false, first: "south" };
const CHOICES = { show: "game", loopMove: "last", south: "casual", north: "master", view: false, theme: "", shape: "wide", width: 640, height: 280 };

/** The game the dialog describes, as the controller gives it: after `record`, with `redo` to come. */
function game({ record = "", redo = "", options = SINGLE, mode = "two", start = null } = {}) {
  const engineGame = start ? Game.fromPosition({ ...start, rounds: options.rounds }, record) : Game.fromRecord(record, options);
  if (redo) engineGame.setRedo(redo);
  const state = engineGame.state();
  engineGame.free();
  return { options, state, start, kind: kindOf({ ...DEFAULT_SETUP, mode, side: "south", level: "club" }) };
}

/** The code for `choices` changed by `change`, for `described`. */
const code = (change, described = game()) => embedCode({ ...CHOICES, ...change }, described, PAGE);
const query = (src) => Object.fromEntries(new URL(src).searchParams);

test("the game as shown: its moves and the position shown travel in the fragment, as in a link", () => {
  const { src, title, html } = code({}, game({ record: "72", redo: "64" }));
  const url = new URL(src);
  assert.equal(`${url.origin}${url.pathname}`, "https://example.org/walak/index.html");
  assert.deepEqual(query(src), { embed: "1" }, "the page's own query is not the frame's");
  // The position shown written out, for the frame to draw before its engine has come.
  assert.equal(url.hash, "#walak=1&moves=7264&at=2&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south");
  assert.equal(title, "Walak-pussa, the two-row mancala of Sri Lanka: a game you can play");
  assert.ok(html.startsWith(`<iframe src="${src.replaceAll("&", "&amp;")}" title="${title}" loading="lazy" style="`), html);
  assert.ok(html.endsWith('"></iframe>'), html);
});

test("the opening with the usual options needs no fragment; another start or options do", () => {
  assert.equal(new URL(code({}).src).hash, "");
  assert.equal(new URL(code({}, game({ options: { rounds: true, first: "north" } })).src).hash, "#walak=1&moves=&rounds=1&first=north");
  const start = { board: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], reserves: [30, 24], to_move: "south" };
  assert.match(new URL(code({}, game({ start })).src).hash, /board=0\.0\.0\.0\.0\.0\.1\.0\.0\.0\.0\.0\.0\.1&reserves=30\.24&turn=south/);
});

test("a game to watch, or to play on against the computer as here", () => {
  const watched = code({ view: true });
  assert.deepEqual(query(watched.src), { embed: "1", view: "1" });
  assert.equal(watched.title, "Walak-pussa, the two-row mancala of Sri Lanka: a game position");
  assert.deepEqual(query(code({}, game({ mode: "computer" })).src), { embed: "1", side: "south", level: "club" });
  // Watched, it is nobody's game to play against.
  assert.deepEqual(query(code({ view: true }, game({ mode: "computer" })).src), { embed: "1", view: "1" });
});

test("a move on a loop: the last move, from the position before it; or a move of the player to move", () => {
  const last = code({ show: "loop", loopMove: "last" }, game({ record: "72" }));
  assert.deepEqual(query(last.src), { embed: "1", loop: "2" });
  assert.equal(new URL(last.src).hash, "#walak=1&moves=72&at=1", "the move itself still to come");
  assert.equal(last.title, "Walak-pussa, the two-row mancala of Sri Lanka: North plays hole 2, again and again");
  const now = code({ show: "loop", loopMove: "5" }, game({ record: "72" }));
  assert.deepEqual(query(now.src), { embed: "1", loop: "5" });
  assert.equal(new URL(now.src).hash, "#walak=1&moves=72");
  assert.match(now.title, /South plays hole 5, again and again$/);
});

test("a demo, the lesson and the puzzles carry no game of their own", () => {
  const demo = code({ show: "demo" }, game({ record: "72" }));
  assert.deepEqual(query(demo.src), { embed: "1", demo: "casual-master" });
  assert.equal(new URL(demo.src).hash, "");
  assert.equal(demo.title, "Walak-pussa, the two-row mancala of Sri Lanka: Casual and Master computer players play each other");
  assert.deepEqual(query(code({ show: "lesson" }, game({ record: "72" })).src), { embed: "1", lesson: "1" });
  assert.deepEqual(query(code({ show: "puzzle" }, game({ record: "72" })).src), { embed: "1", puzzles: "1" });
});

test("the frame's colours, and the page's language unless it is English", async () => {
  assert.deepEqual(query(code({ theme: "dark" }).src), { embed: "1", theme: "dark" });
  const english = code({}).title;
  await setLanguage("sl");
  try {
    const { src, title } = code({});
    assert.deepEqual(query(src), { embed: "1", lang: "sl" });
    assert.notEqual(title, english, "the title in the page's language");
  } finally {
    await setLanguage("en");
  }
});

test("a wide or tall frame follows its page's width in proportion, never too low on a phone; a fixed one keeps its size", () => {
  const wide = frameLook({ show: "game", shape: "wide", width: 0, height: 0 });
  assert.deepEqual(wide.attributes, {});
  assert.equal(wide.widest, SHAPES.wide.maxWidth);
  const style = Object.fromEntries(wide.style);
  assert.equal(style["max-width"], `${SHAPES.wide.maxWidth}px`);
  assert.equal(style["aspect-ratio"], SHAPES.wide.ratio.join(" / "));
  assert.equal(style.height, "auto");
  assert.equal(style["min-height"], `clamp(0px, (${NARROW.page}px - 100vw) * 100, ${NARROW.least.game}px)`);
  // A lesson and the puzzles have their panel under the board: shapes with room for it.
  const lesson = Object.fromEntries(frameLook({ show: "lesson", shape: "tall", width: 0, height: 0 }).style);
  assert.equal(lesson["aspect-ratio"], TRAINER_SHAPES.tall.ratio.join(" / "));
  assert.match(lesson["min-height"], new RegExp(`${NARROW.least.trainer}px\\)$`));
  const fixed = frameLook({ show: "game", shape: "fixed", width: 500, height: 300 });
  assert.deepEqual(fixed, { attributes: { width: 500, height: 300 }, style: [["border", "0"], ["max-width", "100%"]], widest: 500 });
  const { html } = code({ shape: "fixed", width: 500, height: 300 });
  assert.match(html, /" width="500" height="300" loading="lazy" style="border: 0; max-width: 100%;"><\/iframe>$/);
});

test("rules in the code: a Parker game's link carries them, other rules start a new game, a comparison names both", () => {
  const parker = { rounds: false, first: "south", rules: "parker-walak" };
  // A Parker game at its opening still needs its fragment: the rules are not today's.
  assert.match(new URL(code({}, game({ options: parker })).src).hash, /rules=parker-walak/);
  // Its first move, looped, keeps its direction.
  const looped = code({ show: "loop", loopMove: "last" }, game({ options: parker, record: "4-" }));
  assert.equal(query(looped.src).loop, "4-");
  // Other rules than this game's: a new game of them, from the opening.
  const kotu = new URL(code({ rules: "parker-kotu" }, game({ record: "72" })).src);
  assert.match(kotu.hash, /rules=parker-kotu/);
  assert.doesNotMatch(kotu.hash, /moves=7/);
  assert.equal(new URL(code({ rules: "mancala-world" }, game({ options: parker, record: "4+" })).src).hash, "", "today's opening needs no fragment");
  // A comparison: this game's rules beside the other chosen, the move, the position before it.
  const compared = code({ show: "compare", loopMove: "last", compareWith: "mancala-world" }, game({ options: parker, record: "4+ 1" }));
  assert.deepEqual(query(compared.src), { embed: "1", compare: "parker-walak,mancala-world", loop: "1" });
  assert.match(new URL(compared.src).hash, /rules=parker-walak/);
  assert.match(new URL(compared.src).hash, /at=1/);
  assert.equal(compared.title,
    "Walak-pussa, the two-row mancala of Sri Lanka: North's hole 1 under Walak-pussa (1909) and under Walak-pussa");
  assert.match(compared.html, /aspect-ratio: 16 \/ 7/);
});
