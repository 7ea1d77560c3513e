// Games played apart by links (www/share/link-game.js), on two devices: each a real controller
// (www/game/app.js) with its own browser storage, moves shown at once. What the players rely on:
// the words sent with a move; a move's link opening on the friend's device as a game by links,
// the move shown as just played and the game that was there kept; a link that goes on from the
// game kept here bringing it up to date in place, the same one or an older one changing nothing;
// a link of a game put away among Your games taking it up again; a link that goes another way
// than the game kept here kept beside it, never over it; a broken link changing nothing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { installStorage } from "./support/storage.mjs";
import { say, setLanguage } from "../../www/i18n/index.js";
import { App } from "../../www/game/app.js";
import { keptGames, newGameId } from "../../www/game/games.js";
import { otherSide } from "../../www/lib/sides.js";
import { goOnByLinks, moveLink, openLink, receiverOf, shareText } from "../../www/share/link-game.js";
import { linkTo } from "../../www/share/share.js";
import { describeResult } from "../../www/ui/words.js";

const { Game } = await loadEngine();
await setLanguage("en");

// The page's address, which a link is made of and which opening a link takes the game out of.
globalThis.location = new URL("https://example.org/walak/");
globalThis.history = { state: null, replaceState: (state, title, url) => (globalThis.location = new URL(url)) };

const HOOKS = {
  computer: { think: async () => ({ number: 1, exact: false }), cancel: () => {} },
  onChange: () => {},
  onFrame: () => {},
  onEvent: () => {},
  onTrouble: (message) => assert.fail(`trouble: ${say(message)}`),
};

/**
 * A device: its controller and the browser's storage there, made the browser's own while it acts
 * (`on`). It starts with a two-player game, after `record`.
 */
function device(record = "") {
  const { storage } = installStorage();
  const app = new App(Game, HOOKS);
  app.animator.setSpeed("instant");
  app.newGame({ record });
  const on = (act) => {
    globalThis.localStorage = storage;
    return act(app);
  };
  return { app, on };
}

/**
 * Sends the person's move, as the Share dialog does: a two-player game goes on by links (the
 * person keeping the side just played) under a new id, a game by links keeps its own.
 */
function send(app) {
  if (app.kind.friendSide !== null) return moveLink(app);
  const id = newGameId();
  const link = moveLink(app, id);
  goOnByLinks(app, otherSide(receiverOf(app)), id);
  return link;
}

/** Opens a link as the page does when it is the address: the messages said, by key. */
const open = (app, link) => openLink(app, new URL(link).hash).map((message) => message.key);

/** The records of the games kept among Your games on the device acting now. */
const kept = () => keptGames().games.map((entry) => entry.saved.record);

/**
 * Two moves exchanged: on my device South plays hole 7 and sends it (`first`); my friend opens it,
 * plays hole 2 and sends it back (`reply`).
 */
function exchange() {
  const me = device();
  const first = me.on((app) => {
    app.move(7);
    return send(app);
  });
  const friend = device();
  const reply = friend.on((app) => {
    open(app, first);
    app.move(2);
    return send(app);
  });
  return { me, friend, first, reply };
}

test("the words sent with a move: what it did and the link, an invitation, the result after the last move", () => {
  const { app, on } = device();
  on(() => {
    assert.equal(shareText(app, "LINK"), "Your move in our game of Walak-pussa: LINK", "before any move");
    app.move(1);
    assert.equal(receiverOf(app), "north", "a two-player game's move goes to the player to move");
    assert.equal(shareText(app, "LINK"), "I played hole 1 (7 laps, 6 seeds). Your move: LINK");
  });
  // A move that captures nothing says so; the last move of a game says the result.
  const game = Game.fromRecord("", { rounds: false, first: "south" });
  while (game.state().status === "playing") game.play(game.state().legal.at(-1));
  const record = game.state().record;
  game.free();
  const last = device(record.slice(0, -1));
  last.on((app) => {
    app.move(Number(record.at(-1)));
    assert.equal(app.state.status, "game_over");
    const text = shareText(app, "LINK");
    assert.ok(text.startsWith(`I played hole ${record.at(-1)} (`), text);
    assert.ok(text.endsWith(`. ${describeResult(app.state).headline}. LINK`), text);
  });
});

test("a move's link opens on the friend's device as a game by links, the move shown as just played", () => {
  const me = device();
  const link = me.on((app) => {
    app.move(7);
    return send(app);
  });
  assert.equal(me.app.kind.mode, "link", "the game the move was sent from goes on by links");
  assert.equal(me.app.setup.side, "south", "the person keeps the side they just played");
  const id = me.app.setup.game;
  assert.match(link, new RegExp(`game=${id}&you=north$`));

  const friend = device("3");
  friend.on((app) => {
    assert.deepEqual(open(app, link), ["games.keptAside"]);
    assert.deepEqual([app.kind.mode, app.setup.side, app.setup.game], ["link", "north", id]);
    assert.equal(app.state.record, "7");
    assert.deepEqual([app.lastMove?.side, app.lastMove?.number], ["south", 7], "the friend's move is the one shown");
    assert.equal(receiverOf(app), "south", "a game by links' move goes to the friend");
    assert.deepEqual(kept(), ["3"], "the game that was on the board is kept");
    assert.equal(location.hash, "", "the link is taken out of the address");
  });
});

test("a link that goes on from the game on the board brings it up to date in place; the same or an older one changes nothing", () => {
  const { me, friend, first, reply } = exchange();
  const about = me.app.about.id;
  assert.match(friend.on((app) => shareText(app, reply)), /^I played hole 2 \(/);

  me.on((app) => {
    assert.deepEqual(open(app, reply), []);
    assert.equal(app.state.record, "72");
    assert.deepEqual([app.lastMove?.side, app.lastMove?.number], ["north", 2]);
    assert.equal(app.about.id, about, "the same game, kept in place");
    assert.deepEqual(kept(), [], "nothing else is kept");
    assert.deepEqual(open(app, reply), [], "the same link again");
    assert.equal(app.state.record, "72");
    assert.deepEqual(open(app, first), ["linkGame.older"], "an older link");
    assert.equal(app.state.record, "72");
  });
});

test("a link of a game put away among Your games takes it up again, up to date, and keeps the game on the board", () => {
  const { me, reply } = exchange();
  const { id } = me.app.about;
  me.on((app) => {
    app.newGame({ setup: { mode: "two" }, record: "3" });
    assert.deepEqual(kept(), ["7"]);
    assert.deepEqual(open(app, reply), ["games.keptAside"]);
    assert.deepEqual([app.kind.mode, app.setup.side, app.state.record], ["link", "south", "72"]);
    assert.equal(app.about.id, id, "the kept game itself, not a copy");
    assert.deepEqual(kept(), ["3"], "the game taken up is no longer among the kept ones; the one on the board is");
  });
});

test("a link that goes another way than the game kept here is kept beside it, never over it", () => {
  const { me, reply } = exchange();
  const game = me.app.setup.game;
  // Another North move after South's 7, under the same game's id: a move taken back and another played.
  const other = linkTo({ rounds: false, first: "south" }, "73", "", null, { game, you: "south" });
  me.on((app) => {
    open(app, reply);
    assert.deepEqual(open(app, other), ["linkGame.differs"]);
    assert.deepEqual([app.kind.mode, app.setup.game, app.state.record], ["link", game, "73"]);
    assert.deepEqual(kept(), ["72"], "the game kept here is kept, as it was");
  });
});

test("a link of a game to look at comes on the board, the game there kept first", () => {
  const link = linkTo({ rounds: true, first: "north" }, "72", "64");
  const { on } = device("3");
  on((app) => {
    assert.deepEqual(open(app, link), ["games.keptAside"]);
    assert.deepEqual([app.kind.mode, app.setup.rounds, app.setup.first], ["two", true, "north"]);
    assert.deepEqual([app.state.record, app.state.redo], ["72", "64"]);
    assert.deepEqual(kept(), ["3"]);
  });
});

test("a broken link says what is wrong with it and changes nothing kept", () => {
  const { on } = device("3");
  on((app) => {
    const said = openLink(app, "#walak=1&moves=7a");
    assert.equal(said.length, 1);
    assert.equal(said[0].key, "notice.badLink");
    assert.match(say(said[0]), /^This link could not be opened: character 2 of its moves, "a", is not a hole number/);
    assert.equal(app.state.record, "3");
    assert.deepEqual(kept(), []);
    assert.deepEqual(openLink(app, "#top"), [], "a fragment that is no link says nothing");
  });
});
