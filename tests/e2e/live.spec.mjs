// Live play (docs/page-contract.md, *Live play*): two friends play at once, each in a browser of
// their own (one a touch phone), through a room of the project's server (`walak serve`, started
// by playwright.config.mjs beside the static server). The server is the referee: each board plays
// a move only once the room says it was played. A spectator joins midway and sees the position,
// and is refused a move by the server; a dropped connection loses no move; resign and rematch;
// the finished game among Your games. On the static server, live play is not offered.
import { test, expect, holeButton, readBoard, seededRandom, settled, trackIndex, watchErrors, budget, tap } from "./helpers.mjs";

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
async function showsRoom(who, { record, live = "playing" }) {
  await settled(who.page, { record, ...(live ? { live } : {}) }, 20_000);
}

/** Opens the page on the live server and makes a room from the New game dialog; returns the room's link. */
async function makeRoom(who, { first = "south" } = {}) {
  const { page } = who;
  await page.goto("./?mode=two");
  await expect(board(who)).toHaveAttribute("data-status", "playing");
  await page.click("#new-game");
  await expect(page.locator("#live-create")).toBeVisible();
  await page.locator(`#new-game-form input[name=first][value=${first}]`).check();
  await page.click("#live-create");
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
    for (const who of [ann, ben, spectator]) {
      expect(who.errors, "console errors").toEqual([]);
      await who.context.close();
    }
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
    for (const who of [ann, ben, eve]) {
      expect(who.errors, "console errors").toEqual([]);
      await who.context.close();
    }
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
    for (const who of [ann, ben]) {
      expect(who.errors, "console errors").toEqual([]);
      await who.context.close();
    }
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
    await ann.page.click("#live-resign");
    await expect(ann.page.locator("#status")).toContainText("You resigned (South): your friend won.");
    // The phone speaks Slovenian: the resignation in its words.
    await expect(ben.page.locator("#status")).toContainText("Prijatelj je predal (Jug): zmagali ste!");
    await expect(ben.page.locator("#live-resign")).toBeHidden();
    const d = await readBoard(ben.page);
    await tap(holeButton(ben.page, trackIndex(d.to_move, d.legal[0])), { force: true });
    await expect(ben.page.locator("#tap-said")).toHaveText("Igre je konec: igralec je predal.");
    await ben.page.locator("#live-rematch").tap();
    await expect(ann.page.locator("#status")).toContainText("Your friend asks for a rematch.");
    await ann.page.click("#live-rematch");
    await showsRoom(ann, { record: "" });
    await expect(board(ann)).toHaveAttribute("data-seat", "north");
    await expect(board(ben)).toHaveAttribute("data-seat", "south");
    for (const who of [ann, ben]) {
      expect(who.errors, "console errors").toEqual([]);
      await who.context.close();
    }
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
    for (const who of [ann, ben]) {
      expect(who.errors, "console errors").toEqual([]);
      await who.context.close();
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
  await expect(page.locator("#new-game-form input[name=mode][value=link]")).toBeVisible();
});
