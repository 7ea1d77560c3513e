// Live play (docs/page-contract.md, *Live play*): two friends play at once, each in a browser of
// their own (one a touch phone), through a room of the project's server (`walak serve`, started
// by playwright.config.mjs beside the static server). The server is the referee: each board plays
// a move only once the room says it was played. A spectator joins midway and sees the position,
// and is refused a move by the server; a dropped connection loses no move; resign and rematch;
// the finished game among Your games; a game of Parker's rule set, its moves sent in the notation. On
// the static server, live play is not offered.
import { test, expect, holeButton, readBoard, seededRandom, settled, trackIndex, watchErrors, budget, tap } from "./helpers.mjs";
import { QUIET_MS, SILENT_MS } from "../../www/live/connection.js";

// The live server: the port after the static server's (playwright.config.mjs).
const LIVE = `http://127.0.0.1:${Number(process.env.WALAK_E2E_PORT || 8099) + 1}/`;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
const CLIPBOARD = ["clipboard-read", "clipboard-write"];

test.use({ actionTimeout: budget(15_000) });

/** Installed before the page's scripts: every value `data-animating` and `data-live` take, and what `#announcer` says. */
function watchShown() {
  const seen = { animating: [], live: [], announced: [] };
  window.walakSeen = seen;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === "attributes" && m.target.id === "board") {
        (m.attributeName === "data-animating" ? seen.animating : seen.live).push(m.target.getAttribute(m.attributeName));
      } else if (m.type === "childList" && m.target.id === "announcer") {
        const text = m.target.textContent;
        if (text) seen.announced.push(text);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-animating", "data-live"] });
}

/** Installed before the page's scripts: a speed chosen on an earlier visit. */
function rememberSpeed(speed) {
  if (location.protocol.startsWith("http") && localStorage.getItem("walak-pussa.speed") === null) localStorage.setItem("walak-pussa.speed", speed);
}

/** A person in a browser of their own on the live server: a desktop or a touch phone. */
async function person(browser, { phone = false, speed = "instant", locale = undefined } = {}) {
  const context = await browser.newContext({ baseURL: LIVE, serviceWorkers: "block", permissions: CLIPBOARD, ...(phone ? PHONE : {}),
    ...(locale ? { locale } : {}) });
  await context.addInitScript(watchShown);
  await context.addInitScript(rememberSpeed, speed);
  const page = await context.newPage();
  // Every frame the page sends to the server, parsed.
  const sent = [];
  page.on("websocket", (socket) => socket.on("framesent", ({ payload }) => sent.push(JSON.parse(String(payload)))));
  return { context, page, phone, sent, errors: watchErrors(page) };
}

const board = (who) => who.page.locator("#board");

/**
 * Waits until the page shows the game in the room: `record` on the board, nothing moving, `live`
 * as given (null: whatever the friend's presence makes it).
 */
/** Each person's page said nothing in its console; their browsers are closed. */
async function leave(...people) {
  for (const who of people) {
    expect(who.errors, "console errors").toEqual([]);
    await who.context.close();
  }
}

async function showsRoom(who, { record, live = "playing" }) {
  await settled(who.page, { record, ...(live ? { live } : {}) }, 20_000);
}

/** Opens the page on the live server and makes a room from the New game dialog; returns the room's link. */
async function makeRoom(who, { first = "south", rules = "mancala-world" } = {}) {
  const { page } = who;
  await page.goto("./?mode=two");
  await expect(board(who)).toHaveAttribute("data-status", "playing");
  await page.click("#new-game");
  await expect(page.locator("#live-create")).toBeVisible();
  await page.locator("#live-create").check();
  await page.locator(`#new-game-form input[name=rules][value=${rules}]`).check();
  await page.locator(`#new-game-form input[name=first][value=${first}]`).check();
  await page.click("#start-game");
  await expect(page.locator("#live-dialog")).toBeVisible();
  const link = await page.inputValue("#live-link");
  expect(link).toMatch(/#live=[A-Z2-7]{16}$/);
  await page.click("#live-copy");
  await expect(page.locator("#live-said")).toHaveText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.locator("#live-dialog button[type=submit]").click();
  await expect(board(who)).toHaveAttribute("data-live", "waiting");
  await expect(board(who)).toHaveAttribute("data-seat", "south");
  await expect(board(who)).toHaveAttribute("data-mode", "live");
  await expect(page.locator("#status")).toContainText("Waiting for your friend to open the link.");
  return link;
}

/** Opens the room's link in a person's browser and waits for the room's game. */
async function enterRoom(who, link, { record = "", live = "playing" } = {}) {
  await who.page.goto(link);
  await showsRoom(who, { record, live });
  expect(new URL(who.page.url()).hash, "the room's link is taken out of the address").toBe("");
}

/** The person to move plays `hole`: a tap on a phone, a click, or key `hole` with `keys`; both boards then show it. */
async function play(mover, others, hole, { keys = false } = {}) {
  const before = await readBoard(mover.page);
  expect(before.playable, `${before.to_move}'s holes to play after "${before.record}"`).toContain(hole);
  const button = holeButton(mover.page, trackIndex(before.to_move, hole));
  if (keys) await mover.page.keyboard.press(String(hole));
  else if (mover.phone) await tap(button);
  else await button.click();
  const record = before.record + hole;
  for (const who of [mover, ...others]) await showsRoom(who, { record, live: null });
  return record;
}

/**
 * The person's network, which the test can cut: each socket to the live endpoint passes through
 * (the page and the server talk as ever) until `cut()`, which closes the open ones (both ends) and
 * refuses new ones until `mend()`. (Chromium's offline emulation leaves an open WebSocket open.)
 */
async function network(who) {
  const line = { up: true, sockets: new Set() };
  await who.page.routeWebSocket(/\/live$/, (socket) => {
    if (!line.up) {
      socket.close();
      return;
    }
    socket.connectToServer();
    line.sockets.add(socket);
  });
  // The browser goes offline too (the page hears `offline`, then `online` when mended), though
  // that alone does not close an open WebSocket in Chromium: the route closes it.
  line.cut = async () => {
    line.up = false;
    await who.context.setOffline(true);
    for (const socket of line.sockets) await socket.close();
    line.sockets.clear();
  };
  line.mend = async () => {
    line.up = true;
    await who.context.setOffline(false);
  };
  return line;
}

/** The shortest of many seeded random games that end, worked out by the engine in the page: its holes. */
async function shortGame(page, seeds = 400) {
  return page.evaluate(({ seeds, source }) => {
    const random = new Function(`return ${source}`)()(7);
    let best = null;
    for (let n = 0; n < seeds; n++) {
      const game = new window.wasmBindings.Game(null);
      const moves = [];
      while (moves.length < (best?.length ?? 200)) {
        const state = game.state();
        if (state.status !== "playing") break;
        const hole = state.legal[Math.floor(random() * state.legal.length)];
        game.play(hole);
        moves.push(hole);
      }
      if (game.state().status === "game_over" && (!best || moves.length < best.length)) best = moves;
      game.free();
    }
    return best;
  }, { seeds, source: seededRandom.toString() });
}

/** Whose seat plays the move after `record`: the page of the side to move. */
async function moverOf(players, record) {
  for (const who of players) {
    const d = await readBoard(who.page);
    const seat = await board(who).getAttribute("data-seat");
    if (d.record === record && d.to_move === seat) return who;
  }
  throw new Error(`nobody to move after "${record}"`);
}

test.describe("on the project's server", () => {
  test.describe.configure({ timeout: budget(180_000) });

  test("two friends play a whole live game, a desktop and a phone, a spectator joins midway, then a rematch with the sides swapped", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser, { phone: true });
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    await expect(board(ben)).toHaveAttribute("data-seat", "north");
    // Each sees the board from their own side: the phone's North row nearest (turned upright).
    await expect(board(ann)).toHaveAttribute("data-flipped", "false");
    await expect(board(ben)).toHaveAttribute("data-flipped", "true");
    await expect(board(ben)).toHaveAttribute("data-orientation", "portrait");
    await expect(board(ann)).toHaveAttribute("data-live", "playing");
    await expect(ann.page.locator("#status")).toContainText(/Your friend is here\.|Your move \(South\)/);
    await expect(ben.page.locator("#status")).toContainText("Your friend's move (South).");
    await expect(ben.page.locator("#mode-line")).toHaveText("A live game with a friend: you are North");

    const moves = await shortGame(ann.page);
    expect(moves.length, "a game that ends").toBeGreaterThan(0);
    const players = [ann, ben];
    let record = "";
    let spectator = null;
    for (const [i, hole] of moves.entries()) {
      const mover = await moverOf(players, record);
      const others = [...players, ...(spectator ? [spectator] : [])].filter((who) => who !== mover);
      // The other player may not move for them: refused on the board, in words, and nothing sent.
      const waiting = players.find((who) => who !== mover);
      if (i === 2) {
        const sentBefore = waiting.sent.length;
        const d = await readBoard(waiting.page);
        await holeButton(waiting.page, trackIndex(d.to_move, d.legal[0])).click({ force: true });
        await expect(waiting.page.locator("#tap-said")).toHaveText("It is your friend's turn.");
        expect(waiting.sent.length).toBe(sentBefore);
      }
      record = await play(mover, others, hole, { keys: i % 5 === 4 && !mover.phone });
      if (i === Math.floor(moves.length / 2)) {
        // A spectator opens the link midway: the position as it is, read only.
        spectator = await person(browser);
        await enterRoom(spectator, link, { record });
        await expect(board(spectator)).toHaveAttribute("data-seat", "spectator");
        await expect(spectator.page.locator("#status")).toContainText("You are watching.");
        expect((await readBoard(spectator.page)).playable, "nothing to play for a spectator").toEqual([]);
      }
    }
    // The game is over for all three: the same final position and result.
    for (const who of [ann, ben, spectator]) {
      await expect(board(who)).toHaveAttribute("data-status", "game_over");
      await expect(board(who)).toHaveAttribute("data-record", record);
    }
    const { winner } = await readBoard(ann.page);
    if (winner === "south") await expect(ann.page.locator("#result")).toContainText("you won");
    await expect(ann.page.locator("#game-over-swap")).toBeHidden();
    // Both ask for a rematch: the sides swap, the finished game goes among Your games.
    await ann.page.click("#game-over-rematch");
    await expect(ben.page.locator("#status")).toContainText("Your friend asks for a rematch.");
    await expect(ann.page.locator("#status")).toContainText("You asked for a rematch: waiting for your friend.");
    await expect(ben.page.locator("#game-over-rematch")).toHaveText("Accept the rematch");
    await ben.page.locator("#game-over-rematch").tap();
    await showsRoom(ann, { record: "" });
    await showsRoom(ben, { record: "" });
    await expect(board(ann)).toHaveAttribute("data-seat", "north");
    await expect(board(ben)).toHaveAttribute("data-seat", "south");
    await expect(board(ann)).toHaveAttribute("data-flipped", "true");
    await expect(board(spectator)).toHaveAttribute("data-record", "");
    await expect(ann.page.locator("#status")).toContainText("The rematch begins, with the sides swapped.");
    // The finished game is among Your games, and Review works on it as on any game.
    await ann.page.click("#games");
    const kept = ann.page.locator(`.saved-game[data-record="${record}"]`);
    await expect(kept).toHaveAttribute("data-live", "south");
    await expect(kept).toHaveAttribute("data-status", "game_over");
    await expect(kept.locator(".saved-game-who")).toHaveText("Live game · you are South");
    await kept.locator(".saved-game-resume").click();
    await expect(board(ann)).toHaveAttribute("data-record", record);
    await expect(ann.page.locator("#game-over-review")).toBeEnabled();
    await leave(ann, ben, spectator);
  });

  test("a live game of Parker's Walak-pussa: the room keeps the rule set, the first move's direction reaches both boards", async ({ browser }) => {
    const south = await person(browser);
    const north = await person(browser, { phone: true });
    const link = await makeRoom(south, { rules: "parker-walak" });
    await expect(board(south)).toHaveAttribute("data-rules", "parker-walak");
    await enterRoom(north, link);
    await expect(board(north)).toHaveAttribute("data-rules", "parker-walak");
    await expect(north.page.locator("#mode-line")).toContainText("Walak-pussa (1909)");
    // South's hole 1, then its direction: the move goes to the room in the notation.
    await holeButton(south.page, trackIndex("south", 1)).click();
    await south.page.locator("#direction-ccw").click();
    for (const who of [south, north]) {
      await showsRoom(who, { record: "1+", live: null });
      await expect(board(who)).toHaveAttribute("data-direction", "+");
      await expect(who.page.locator("#status")).toContainText("chose to sow counterclockwise.");
    }
    expect(south.sent.filter((frame) => frame.type === "move").map((frame) => frame.move)).toEqual(["1+"]);
    // North's reply is a plain tap.
    await tap(holeButton(north.page, trackIndex("north", 2)));
    for (const who of [south, north]) await showsRoom(who, { record: "1+ 2", live: null });
    expect(north.sent.filter((frame) => frame.type === "move").length).toBe(1);
    await leave(south, north);
  });

  test("a spectator is refused a move, in words, by the page and by the server; move values work for them and send nothing", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser, { phone: true });
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    let record = await play(ann, [ben], 3);
    record = await play(ben, [ann], 5);
    const eve = await person(browser);
    // The spectator's socket, passed through, so that the test can send the server what the page never would.
    let toServer = null;
    await eve.page.routeWebSocket(/\/live$/, (socket) => {
      toServer = socket.connectToServer();
    });
    await enterRoom(eve, link, { record });
    await expect(board(eve)).toHaveAttribute("data-seat", "spectator");
    // A tap: refused on the board, nothing sent.
    const sentBefore = eve.sent.length;
    const d = await readBoard(eve.page);
    await holeButton(eve.page, trackIndex(d.to_move, d.legal[0])).click({ force: true });
    await expect(eve.page.locator("#tap-said")).toHaveText("You are watching this game: only its two players move.");
    expect(eve.sent.length).toBe(sentBefore);
    // A move frame sent anyway: the server refuses it, the page says so in its words, nothing changes.
    await eve.page.evaluate(() => {
      document.getElementById("tap-said").hidden = true;
    });
    toServer.send(JSON.stringify({ type: "move", ply: record.length, hole: d.legal[0] }));
    await expect(eve.page.locator("#tap-said")).toBeVisible();
    await expect(eve.page.locator("#tap-said")).toHaveText("You are watching this game: only its two players move.");
    await expect(board(ann)).toHaveAttribute("data-record", record);
    // Move values: the spectator's own browser works them out; the players get none while they play.
    const framesBefore = eve.sent.length;
    await eve.page.check("#show-values");
    await expect(board(eve)).toHaveAttribute("data-move-values", /^\d:-?\d+(,\d:-?\d+)*$/, { timeout: budget(20_000) });
    expect(eve.sent.length, "nothing sent for move values").toBe(framesBefore);
    await ann.page.check("#show-values");
    await expect(ann.page.locator("#values-note")).toHaveText("No help from the computer for the players while a live game goes on.");
    await expect(ann.page.locator("#hint")).toBeDisabled();
    await expect(board(ann)).toHaveAttribute("data-move-values", "");
    // Review is help too: not for the players while their game goes on, also looking back; a spectator's own.
    await expect(ann.page.locator("#review")).toBeDisabled();
    await ann.page.locator('#move-list button.move[data-ply="1"]').click();
    await expect(ann.page.locator("#review")).toBeDisabled();
    await expect(eve.page.locator("#review")).toBeEnabled();
    await leave(ann, ben, eve);
  });

  test("a dropped connection loses no move: the friend plays meanwhile, and the move is shown when the phone is back", async ({ browser }) => {
    const ann = await person(browser, { speed: "fast" });
    const ben = await person(browser, { phone: true, speed: "fast" });
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    let record = await play(ann, [ben], 2);
    // The phone loses the network: its page says so, and refuses taps meanwhile.
    const line = await network(ben);
    await ben.page.reload();
    await showsRoom(ben, { record });
    await line.cut();
    await expect(board(ben)).toHaveAttribute("data-live", "reconnecting");
    await expect(ben.page.locator("#status")).toContainText("Reconnecting…");
    await expect(board(ann)).toHaveAttribute("data-live", "waiting");
    await expect(ann.page.locator("#status")).toContainText("Your friend is away");
    const mine = (await readBoard(ben.page)).legal[0];
    await tap(holeButton(ben.page, trackIndex("north", mine)), { force: true });
    await expect(ben.page.locator("#tap-said")).toHaveText("Connecting to the live game: wait a moment.");
    // Back: the seat again, by its token; Ann is told, and Ben plays.
    await line.mend();
    await showsRoom(ben, { record });
    await expect(board(ben)).toHaveAttribute("data-seat", "north");
    await expect(ann.page.locator("#status")).toContainText("Your friend is back.");
    record = await play(ben, [ann], (await readBoard(ben.page)).playable[0]);
    // Ann moves while Ben is away again: the server keeps it, and Ben's board plays it, shown, once he is back.
    await line.cut();
    await expect(board(ben)).toHaveAttribute("data-live", "reconnecting");
    await ben.page.evaluate(() => {
      window.walakSeen.animating.length = 0;
    });
    const hole = (await readBoard(ann.page)).playable[0];
    await holeButton(ann.page, trackIndex("south", hole)).click();
    record += hole;
    await showsRoom(ann, { record, live: "waiting" });
    expect((await readBoard(ben.page)).record, "nothing reached the phone while it was cut off").toBe(record.slice(0, -1));
    await line.mend();
    await showsRoom(ben, { record });
    const seen = await ben.page.evaluate(() => window.walakSeen);
    expect(seen.animating, "the move missed was shown as a move").toContain("true");
    await expect.poll(async () => (await ben.page.evaluate(() => window.walakSeen.announced)).join(" | "))
      .toMatch(new RegExp(`Your friend played hole ${hole}`));
    // A reload keeps the seat: the token is kept for the room.
    await ben.page.reload();
    await showsRoom(ben, { record });
    await expect(board(ben)).toHaveAttribute("data-seat", "north");
    record = await play(ben, [ann], (await readBoard(ben.page)).playable[0]);
    await leave(ann, ben);
  });

  test("resign: pressed twice, the friend is told and wins; then a rematch", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser, { phone: true, locale: "sl-SI" });
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    await play(ann, [ben], 1);
    await ann.page.click("#live-resign");
    await expect(ann.page.locator("#live-resign")).toHaveText("Resign? Press again");
    expect(ann.sent.some((frame) => frame.type === "resign"), "one press gives nothing up").toBe(false);
    const legal = (await readBoard(ben.page)).legal;
    await ann.page.click("#live-resign");
    await expect(ann.page.locator("#status")).toContainText("You resigned (South): your friend won.");
    // The game is over for the board as a finished one is: its panel, and #board no longer playing.
    await expect(ann.page.locator("#game-over")).toBeVisible();
    await expect(ann.page.locator("#result")).toHaveText("You resigned (South): your friend won.");
    for (const who of [ann, ben]) {
      await expect(board(who)).toHaveAttribute("data-status", "game_over");
      await expect(board(who)).toHaveAttribute("data-winner", "north");
      await expect(board(who)).toHaveAttribute("data-ending", "resigned");
      await expect(board(who)).toHaveAttribute("data-legal", "");
    }
    await expect(ann.page.locator("#game-over-review"), "a player may review once the game is over").toBeEnabled();
    // The phone speaks Slovenian: the resignation in its words.
    await expect(ben.page.locator("#status")).toContainText("Prijatelj je predal (Jug): zmagali ste!");
    await expect(ben.page.locator("#result")).toHaveText("Prijatelj je predal (Jug): zmagali ste!");
    await expect(ben.page.locator("#live-resign")).toBeHidden();
    // The panel closed, the final position: taps refused in words, and the bar's Rematch.
    await ben.page.locator("#game-over-close").tap();
    await tap(holeButton(ben.page, trackIndex("north", legal[0])), { force: true });
    await expect(ben.page.locator("#tap-said")).toHaveText("Igre je konec: igralec je predal.");
    await ben.page.locator("#live-rematch").tap();
    await expect(ann.page.locator("#status")).toContainText("Your friend asks for a rematch.");
    // Ann's panel still shows: its Rematch accepts.
    await expect(ann.page.locator("#game-over-rematch")).toHaveText("Accept the rematch");
    await ann.page.click("#game-over-rematch");
    await showsRoom(ann, { record: "" });
    await expect(board(ann)).toHaveAttribute("data-seat", "north");
    await expect(board(ben)).toHaveAttribute("data-seat", "south");
    await leave(ann, ben);
  });

  test("screens of live play, on a phone and a desktop, in English and Slovenian", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser, { phone: true, locale: "sl-SI" });
    const link = await makeRoom(ann);
    await ann.page.screenshot({ path: "tests/e2e/artifacts/live-desktop-waiting.png" });
    await ann.page.click("#live-share");
    await expect(ann.page.locator("#live-dialog")).toBeVisible();
    await ann.page.screenshot({ path: "tests/e2e/artifacts/live-desktop-dialog.png" });
    await ann.page.locator("#live-dialog button[type=submit]").click();
    await enterRoom(ben, link);
    await play(ann, [ben], 4);
    await ben.page.screenshot({ path: "tests/e2e/artifacts/live-phone-sl-playing.png", fullPage: true });
    await ann.page.screenshot({ path: "tests/e2e/artifacts/live-desktop-playing.png" });
    await leave(ann, ben);
  });

  test("a game given up, taken up from Your games after the rematch: shown as it ended, from the player's own side", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser);
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    let record = await play(ann, [ben], 3);
    record = await play(ben, [ann], (await readBoard(ben.page)).playable[0]);
    await ben.page.click("#live-resign");
    await ben.page.click("#live-resign");
    await expect(ben.page.locator("#game-over")).toBeVisible();
    await ben.page.click("#game-over-rematch");
    await ann.page.click("#game-over-rematch");
    await showsRoom(ann, { record: "" });
    await showsRoom(ben, { record: "" });
    await expect(board(ben)).toHaveAttribute("data-seat", "south");
    // Your games: the game Ben played as North and gave up, drawn from his side, not to play on.
    await ben.page.click("#games");
    const kept = ben.page.locator(`.saved-game[data-record="${record}"]`);
    await expect(kept).toHaveAttribute("data-live", "north");
    await expect(kept).toHaveAttribute("data-status", "game_over");
    await expect(kept.locator(".saved-game-board")).toHaveAttribute("data-flipped", "true");
    await expect(kept.locator(".saved-game-result")).toContainText("You resigned (North): your friend won.");
    await expect(kept.locator(".saved-game-resume")).toHaveText("Open");
    await ben.page.screenshot({ path: "tests/e2e/artifacts/live-games-kept.png" });
    await kept.locator(".saved-game-resume").click();
    await settled(ben.page, { record, status: "game_over" });
    await expect(ben.page.locator("#mode-line")).toHaveText("A live game with a friend: you are North");
    await expect(ben.page.locator("#status")).toContainText("You resigned (North): your friend won.");
    await expect(ben.page.locator("#status")).not.toContainText(/Waiting|Your move/);
    await expect(ben.page.locator("#result")).toHaveText("You resigned (North): your friend won.");
    await expect(board(ben)).toHaveAttribute("data-flipped", "true");
    await expect(board(ben)).toHaveAttribute("data-winner", "south");
    await expect(ben.page.locator("#live-resign")).toBeHidden();
    await expect(ben.page.locator("#game-over-rematch"), "the room's rematch is the next game's, not this one's").toBeHidden();
    await expect(ben.page.locator("#game-over-review")).toBeEnabled();
    await ben.page.screenshot({ path: "tests/e2e/artifacts/live-taken-up.png" });
    await leave(ann, ben);
  });

  test("the status after a reload, and while looking back as the friend moves; Share and a notice that only informs", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser);
    const link = await makeRoom(ann);
    // Ben was playing a game of his own: it is kept, and the notice only informs.
    await ben.page.goto("./?mode=two");
    await settled(ben.page, { record: "" });
    await holeButton(ben.page, trackIndex("south", 3)).click();
    await settled(ben.page, { record: "3" });
    await enterRoom(ben, link);
    await expect(ben.page.locator("#notice-text")).toHaveText("The game you were playing is kept in Your games.");
    await expect(ben.page.locator("#notice")).toHaveAttribute("data-tone", "info");
    await expect(ben.page.locator("#notice")).toHaveAttribute("role", "status");
    await expect(ben.page.locator("#notice-new-game")).toBeHidden();
    await expect(ben.page.locator("#notice-games")).toBeVisible();
    let record = await play(ann, [ben], 2);
    record = await play(ben, [ann], (await readBoard(ben.page)).playable[0]);
    record = await play(ann, [ben], (await readBoard(ann.page)).playable[0]);
    // Share, in a live game: a link to look at, never one to send back after a move.
    await ann.page.click("#share");
    await expect(ann.page.locator("#share-explain")).toHaveText(/send the room's link instead/);
    await expect(ann.page.locator("#share-explain")).not.toContainText("correspondence");
    await expect(ann.page.locator("#share-as-move-label")).toBeHidden();
    await ann.page.locator("#share-dialog button[type=submit]").first().click();
    // Ann looks back; Ben moves meanwhile: she is told, and how to see it.
    await ann.page.locator('#move-list button.move[data-ply="1"]').click();
    await settled(ann.page, { record: record.slice(0, 1) });
    await expect(ann.page.locator("#status")).toContainText("You are looking back: go to the last move in the list of moves to play.");
    const hole = (await readBoard(ben.page)).playable[0];
    await holeButton(ben.page, trackIndex("north", hole)).click();
    await showsRoom(ben, { record: record + hole });
    await expect(ann.page.locator("#status")).toHaveText("Your friend has played: go to the last move in the list of moves to see it.");
    await expect(ann.page.locator("#status")).not.toContainText("ringed holes");
    const d = await readBoard(ann.page);
    await holeButton(ann.page, trackIndex(d.to_move, d.legal[0])).click({ force: true });
    await expect(ann.page.locator("#tap-said")).toHaveText("You are looking back: go to the last move to play.");
    await ann.page.locator(`#move-list button.move[data-ply="${record.length}"]`).click();
    record += hole;
    await showsRoom(ann, { record });
    await expect(ann.page.locator("#status")).toContainText("Your move (South)");
    // Ben goes; Ann reloads: her friend has played, so is away, not yet to open the link.
    await ben.context.close();
    await expect(board(ann)).toHaveAttribute("data-live", "waiting");
    await ann.page.reload();
    await showsRoom(ann, { record, live: "waiting" });
    await expect(ann.page.locator("#status")).toContainText("Your friend is away: the game goes on when they come back.");
    await expect(ann.page.locator("#status")).not.toContainText("Waiting for your friend to open the link.");
    expect(ann.errors, "console errors").toEqual([]);
    expect(ben.errors, "console errors").toEqual([]);
    await ann.context.close();
  });

  test("a long relay is shown briskly, at Normal speed, on both boards", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser);
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    // The README's relay: after 256353, South's hole 4 sows eighteen laps, then takes a necklace.
    // The moves before it are shown at once; then both choose Normal speed, for the relay.
    let record = "";
    for (const hole of "256353") {
      const mover = await moverOf([ann, ben], record);
      record = await play(mover, [ann, ben].filter((who) => who !== mover), Number(hole));
    }
    for (const who of [ann, ben]) {
      await who.page.locator("#speed").selectOption("normal");
      await expect(who.page.locator("#speed")).toHaveValue("normal");
    }
    for (const who of [ann, ben]) await who.page.evaluate(() => (window.walakTimes = []));
    for (const who of [ann, ben]) {
      await who.page.evaluate(() => new MutationObserver(() => window.walakTimes.push([performance.now(),
        document.getElementById("board").dataset.animating])).observe(document.getElementById("board"),
      { attributes: true, attributeFilter: ["data-animating"] }));
    }
    record = await play(ann, [ben], 4);
    for (const who of [ann, ben]) {
      const times = await who.page.evaluate(() => window.walakTimes);
      const start = times.find(([, on]) => on === "true")?.[0];
      const end = times.findLast(([, on]) => on === "false")?.[0];
      expect(start, "the move was shown").toBeDefined();
      // Sown within a few seconds (the pace itself: tests/unit/pace.test.mjs); a loaded machine draws late, never slower.
      expect(end - start, "the move's showing, in ms").toBeLessThan(budget(9000));
    }
    await leave(ann, ben);
  });

  test("a quiet socket is pinged and answered; one that says nothing at all is let go and the room entered again", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser);
    // Ann's page runs on a clock of the test's (Playwright's `clock`), which goes at the real pace
    // until the test moves it on: the page's own waits (connection.js: a ping after QUIET_MS of
    // silence, the socket let go after SILENT_MS) pass at once, every timer firing in order as
    // if that time had passed, rather than in 40 real seconds. The server's side is real.
    await ann.context.clock.install();
    // Ann's sockets pass through, with what the server says to them heard by the test, and silenced at will.
    const line = { mute: false, heard: [] };
    await ann.page.routeWebSocket(/\/live$/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        line.heard.push(JSON.parse(String(message)));
        if (!line.mute) socket.send(message);
      });
    });
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    await showsRoom(ann, { record: "" });
    // Nothing happens for ten seconds: the page asks, and the server answers.
    await ann.page.clock.runFor(QUIET_MS);
    await expect.poll(() => ann.sent.filter((f) => f.type === "ping").length, { timeout: budget(10_000) }).toBeGreaterThan(0);
    await expect.poll(() => line.heard.filter((f) => f.type === "pong").length, { timeout: budget(10_000) }).toBeGreaterThan(0);
    await expect(board(ann)).toHaveAttribute("data-live", "playing");
    // The server's words stop reaching the page: within half a minute it lets the socket go and comes back.
    line.mute = true;
    await ann.page.clock.runFor(SILENT_MS);
    await expect(board(ann)).toHaveAttribute("data-live", "reconnecting", { timeout: budget(10_000) });
    line.mute = false;
    await showsRoom(ann, { record: "" });
    await expect(board(ann)).toHaveAttribute("data-seat", "south");
    await play(ann, [ben], 5);
    await leave(ann, ben);
  });

  test("the server loses its store: both boards say so in their languages until the room is back; a room not made says so too", async ({ browser }) => {
    const ann = await person(browser);
    const ben = await person(browser, { phone: true, locale: "ur-PK" });
    // Each page's socket passes through; the test can send the page a frame as the server would.
    const sockets = new Map();
    for (const who of [ann, ben]) {
      await who.page.routeWebSocket(/\/live$/, (socket) => {
        const server = socket.connectToServer();
        sockets.set(who, { socket, server });
      });
    }
    const link = await makeRoom(ann);
    await enterRoom(ben, link);
    await play(ann, [ben], 1);
    for (const who of [ann, ben]) sockets.get(who).socket.send(JSON.stringify({ type: "unavailable" }));
    await expect(ann.page.locator("#status")).toContainText("The server cannot reach its games just now: the game will go on as soon as it can.");
    await expect(ben.page.locator("#status")).toContainText("سرور ابھی اپنے کھیلوں تک نہیں پہنچ پا رہا: جیسے ہی ممکن ہوا کھیل جاری رہے گا۔");
    await ben.page.screenshot({ path: "tests/e2e/artifacts/live-phone-ur-unavailable.png" });
    // The store back, the server sends each page its `joined` again (asked for here on the page's behalf).
    const room = new URL(link).hash.slice("#live=".length);
    for (const who of [ann, ben]) {
      const token = await who.page.evaluate((room) => JSON.parse(localStorage.getItem("walak-pussa.live"))[room].token, room);
      sockets.get(who).server.send(JSON.stringify({ type: "join", room, token }));
    }
    for (const who of [ann, ben]) await expect(who.page.locator("#status")).not.toContainText(/cannot reach|نہیں پہنچ/);
    await play(ben, [ann], (await readBoard(ben.page)).playable[0]);
    // Making a room while the store is away: refused, and the page says so and lets the person try again.
    const cat = await person(browser);
    let refuse = true;
    await cat.page.routeWebSocket(/\/live$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        if (refuse && JSON.parse(String(message)).type === "create") {
          socket.send(JSON.stringify({ type: "refused", reason: "unavailable", message: "the store is unavailable" }));
        } else server.send(message);
      });
    });
    await cat.page.goto("./?mode=two");
    await settled(cat.page, { record: "" });
    await cat.page.click("#new-game");
    await cat.page.locator("#live-create").check();
    await cat.page.click("#start-game");
    await expect(cat.page.locator("#notice-text")).toHaveText(
      "The live game could not be started. The server cannot reach its games just now: try again in a moment.");
    await expect(cat.page.locator("#notice-new-game")).toBeHidden();
    await expect(board(cat)).not.toHaveAttribute("data-live", /.*/);
    await expect(cat.page.locator("#status")).not.toContainText("Connecting");
    await expect(cat.page.locator("#mode-line")).toHaveText("Two players");
    refuse = false;
    await cat.page.click("#new-game");
    await cat.page.locator("#live-create").check();
    await cat.page.click("#start-game");
    await expect(cat.page.locator("#live-dialog")).toBeVisible();
    await expect(board(cat)).toHaveAttribute("data-live", "waiting");
    await leave(ann, ben, cat);
  });

  test("the New game dialog: a friend live is a choice of its own, in English, Urdu and Sinhala, on a phone and a desktop", async ({ browser }) => {
    for (const locale of ["en-GB", "ur-PK", "si-LK"]) {
      for (const phone of [false, true]) {
        const who = await person(browser, { phone, locale });
        await who.page.goto("./?mode=two");
        await settled(who.page, { record: "" });
        await who.page.click("#new-game");
        const live = who.page.locator("#live-create");
        await expect(live).toBeVisible();
        await live.check();
        // Live: the side to play, who starts and rounds; no level, no position set up by hand.
        await expect(who.page.locator("#new-game-side")).toBeVisible();
        await expect(who.page.locator("#new-game-level")).toBeHidden();
        await expect(who.page.locator("#new-game-position")).toBeHidden();
        const fits = await who.page.locator("#new-game-dialog").evaluate((d) => d.scrollWidth <= d.clientWidth + 1);
        expect(fits, "nothing wider than the dialog").toBe(true);
        const name = `tests/e2e/artifacts/new-game-${locale.slice(0, 2)}-${phone ? "phone" : "desktop"}.png`;
        await who.page.locator("#new-game-dialog").screenshot({ path: name });
        await who.page.locator("#new-game-form input[name=mode][value=link]").check();
        await expect(who.page.locator("#new-game-position")).toBeVisible();
        expect(who.errors, "console errors").toEqual([]);
        await who.context.close();
      }
    }
  });
});

test("on a static host live play is not offered: no Play a friend live, and games by links remain", async ({ page }) => {
  await page.goto("./?mode=two");
  await expect(page.locator("#board")).toHaveAttribute("data-status", "playing");
  // The page has asked its server by now (after the first board).
  await page.waitForLoadState("networkidle");
  await page.click("#new-game");
  await expect(page.locator("#new-game-dialog")).toBeVisible();
  await expect(page.locator("#live-create")).toBeHidden();
  await expect(page.locator("#live-offer")).toBeHidden();
  await expect(page.locator("#new-game-form input[name=mode][value=link]")).toBeVisible();
});
