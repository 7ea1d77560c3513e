// A game by links is one game: two people play apart, each sending the other a link after their
// move. Each link brings the kept game up to date in place (the friend's move shown as if played
// now), each player plays only their own side and sees it at the bottom, Your games keeps one entry
// per game and knows whose move it is, a link that tells another story is kept beside the game,
// and a broken move link changes nothing.
import {
  test, expect, choose, dialogsSettled, holeButton, openPage, readBoard, seededRandom, settled, showControl, startNewGame, trackIndex,
  waitForRecordLength, watchErrors, budget, tap,
} from "./helpers.mjs";

// A click that cannot happen fails in a moment, not at the test's end.
test.use({ actionTimeout: budget(15_000) });

const CLIPBOARD = ["clipboard-read", "clipboard-write"];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
const SPEED_KEY = "walak-pussa.speed";

// ── Watching what the page shows ───────────────────────────────────────────────────────────────

/**
 * Installed before the page's scripts: keeps every value the board's `data-animating` and
 * `data-record` take (also those set and replaced within one task, from the mutations' old values)
 * and every text `#announcer` says, in `window.walakSeen`.
 */
function watchShown() {
  const seen = { animating: [], records: [], announced: [] };
  seen.clear = () => {
    seen.animating.length = 0;
    seen.records.length = 0;
    seen.announced.length = 0;
  };
  window.walakSeen = seen;
  new MutationObserver((mutations) => {
    mutations.forEach((m, i) => {
      if (m.type === "attributes" && m.target.id === "board") {
        const next = mutations.slice(i + 1).find((n) => n.type === "attributes" && n.target === m.target && n.attributeName === m.attributeName);
        const value = next ? next.oldValue : m.target.getAttribute(m.attributeName);
        (m.attributeName === "data-animating" ? seen.animating : seen.records).push(value);
      } else if (m.type === "childList" && m.target.id === "announcer") {
        const text = [...m.addedNodes].map((node) => node.textContent).join("");
        if (text) seen.announced.push(text);
      }
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true,
    attributeFilter: ["data-animating", "data-record"] });
}

/** What the page was seen to show since the last `clear`: records in order (repeats dropped), animating values, announcements. */
async function seenSince(page) {
  const seen = await page.evaluate(() => ({
    animating: [...window.walakSeen.animating], records: [...window.walakSeen.records], announced: [...window.walakSeen.announced],
  }));
  seen.records = seen.records.filter((r, i) => r !== seen.records[i - 1]);
  return seen;
}

/** Installed before the page's scripts: the speed a person chose on an earlier visit (not on about:blank, which has no storage). */
function rememberSpeed([key, speed]) {
  if (location.protocol.startsWith("http") && localStorage.getItem(key) === null) localStorage.setItem(key, speed);
}

/** A player in a context of their own: a desktop or a phone, watched for errors and for what is shown. */
async function player(browser, baseURL, { phone = false, locale = undefined, speed = null } = {}) {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block", permissions: CLIPBOARD, ...(phone ? PHONE : {}), ...(locale ? { locale } : {}) });
  await context.addInitScript(watchShown);
  // A person who chose this speed on an earlier visit.
  if (speed) await context.addInitScript(rememberSpeed, [SPEED_KEY, speed]);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page), phone };
}

/** The test's own page as a player: clipboard allowed, watched for what is shown (before it loads). */
async function mainPlayer(page, { speed = null } = {}) {
  await page.context().grantPermissions(CLIPBOARD);
  await page.context().addInitScript(watchShown);
  if (speed) await page.context().addInitScript(rememberSpeed, [SPEED_KEY, speed]);
  return { context: page.context(), page, errors: [], phone: false };
}

// ── Storage ────────────────────────────────────────────────────────────────────────────────────

/** How many copies of link game `id` this browser keeps: the game on the board and among Your games. */
async function copiesKept(page, id) {
  return page.evaluate((id) => {
    const games = [];
    const board = JSON.parse(localStorage.getItem("walak-pussa.game") ?? "null");
    if (board?.mode === "link" && board.game === id) games.push(board.record + board.redo);
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith("walak-pussa.games.")) continue;
      const entry = JSON.parse(localStorage.getItem(key));
      if (entry.game?.mode === "link" && entry.game.game === id) games.push(entry.game.record + entry.game.redo);
    }
    return games;
  }, id);
}

/** Everything the page keeps of games: the saved game, its particulars and every kept game (read as data). */
async function keptStorage(page) {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.startsWith("walak-pussa.game")).sort()
    .map((key) => {
      const raw = localStorage.getItem(key);
      try {
        return [key, JSON.parse(raw)];
      } catch {
        return [key, raw];
      }
    })));
}

// ── Acting ─────────────────────────────────────────────────────────────────────────────────────

/** Clicks a control of the page, under More on a phone. */
async function press(who, selector) {
  const control = who.phone ? await showControl(who.page, selector) : who.page.locator(selector);
  await control.click();
}

/** Chooses the speed in the menu (remembered by the page). */
async function chooseSpeed(who, speed) {
  const menu = who.phone ? await showControl(who.page, "#speed") : who.page.locator("#speed");
  await menu.selectOption(speed);
  if (who.phone && (await who.page.locator("#more").getAttribute("aria-expanded")) === "true") await who.page.click("#more");
}

/** Plays the person's hole `n` by tapping (phone) or clicking it; returns the new record. */
async function playHole(who, n) {
  const { page } = who;
  const before = await readBoard(page);
  expect(before.playable, "the person's holes to play").toContain(n);
  const button = holeButton(page, trackIndex(before.to_move, n));
  if (who.phone) await tap(button);
  else await button.click();
  await waitForRecordLength(page, before.record.length + 1);
  const after = await readBoard(page);
  expect(after.record).toBe(before.record + n);
  return after.record;
}

/** Sends the person's move with "Send your move": the dialog's move form, Copy. Returns {link, text}. */
async function sendMove(who) {
  const { page } = who;
  await expect(page.locator("#send-move")).toBeVisible();
  await page.click("#send-move");
  return copyMove(page);
}

/**
 * In the open share dialog's move form: the link and its words, copied; the dialog closed.
 */
async function copyMove(page) {
  const dialog = page.locator("#share-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("data-send", "move");
  await expect(page.locator("#share-text")).toBeVisible();
  const link = await page.inputValue("#share-link");
  const text = await page.locator("#share-text").textContent();
  expect(text, "the words sent carry the link").toContain(link);
  await page.click("#share-copy");
  await expect(page.locator("#share-said")).not.toBeEmpty();
  await dialog.locator("button[type=submit]").click();
  await expect(dialog).toBeHidden();
  return { link, text };
}

/** In a two-player game: Share, sent as the person's move (the game becomes a game by links). Returns {link, text, id}. */
async function shareAsMove(page) {
  await page.click("#share");
  await expect(page.locator("#share-dialog")).toBeVisible();
  await expect(page.locator("#share-dialog")).toHaveAttribute("data-send", "game");
  await page.check("#share-as-move");
  const sent = await copyMove(page);
  await expect(page.locator("#board")).toHaveAttribute("data-mode", "link");
  return { ...sent, id: new URL(sent.link).hash.match(/[#&]game=([a-z0-9]+)/)[1] };
}

/** The link's `you`. */
const youOf = (link) => new URL(link).hash.match(/[#&]you=(south|north)/)?.[1];

/**
 * Opens a link in the player's browser: in the page already open (the address changes), or
 * `fresh` in a page opened for it. Waits until the page shows `record` and no move is being shown.
 */
async function openLink(who, link, { fresh = false, record }) {
  const { page } = who;
  await dialogsSettled(page);
  if (page.url().startsWith("http")) await page.evaluate(() => window.walakSeen.clear());
  if (fresh) await page.goto("about:blank");
  await page.goto(link);
  // The page takes the link out of the address once it has read it.
  await page.waitForFunction(() => location.hash === "", null, { timeout: budget(30_000) });
  await settled(page, { record }, 30_000);
}

/** The list in Your games, as its items say: [{record, current, link, you, turn, status}]; the dialog closed again. */
async function listedGames(who) {
  const { page } = who;
  await dialogsSettled(page);
  await press(who, "#games");
  await expect(page.locator("#games-dialog")).toBeVisible();
  const items = await page.locator(".saved-game").evaluateAll((items) => items.map((item) => ({
    record: item.dataset.record, current: item.dataset.current === "true", link: item.dataset.linkGame === "true",
    you: item.dataset.you ?? null, turn: item.dataset.turn ?? null, status: item.dataset.status,
  })));
  await page.locator("#games-dialog button[type=submit]").click();
  await expect(page.locator("#games-dialog")).toBeHidden();
  return items;
}

// ── Checking ───────────────────────────────────────────────────────────────────────────────────

/** The player sees their own side at the bottom (on a phone's upright board: up its right-hand side). */
async function expectOwnSideNearest(who, you) {
  const board = who.page.locator("#board");
  await expect(board).toHaveAttribute("data-flipped", String(you === "north"));
  await expect(board).toHaveAttribute("data-orientation", who.phone ? "portrait" : "landscape");
  const own = await holeButton(who.page, trackIndex(you, 4)).boundingBox();
  const friend = await holeButton(who.page, trackIndex(you === "south" ? "north" : "south", 4)).boundingBox();
  if (who.phone) expect(own.x, "own row on the right").toBeGreaterThan(friend.x + friend.width / 2);
  else expect(own.y, "own row at the bottom").toBeGreaterThan(friend.y + friend.height / 2);
}

/**
 * The friend's move that came with a link was shown as a move: the board showed the position
 * before it and then after it, the move was announced once shown, and the status names it.
 * `animated`: the page was seen in the middle of the move (a speed other than instant).
 */
async function expectReplyShown(who, { record, you, animated = false }) {
  const { page } = who;
  const hole = record.at(-1);
  const seen = await seenSince(page);
  expect(seen.records.slice(-2), "the position before the friend's move, then after it").toEqual([record.slice(0, -1), record]);
  if (animated) expect(seen.animating, "the move was animated").toContain("true");
  await expect.poll(async () => (await seenSince(page)).announced, { message: "the move announced once shown" })
    .toContainEqual(expect.stringMatching(new RegExp(`^Your friend played hole ${hole}\\b`)));
  await expect(page.locator("#status")).toHaveText(new RegExp(`^Your friend played hole ${hole}: .*(Your move \\(${you === "south" ? "South" : "North"}\\)|Game over\\.)$`));
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-mode", "link");
  await expect(board).toHaveAttribute("data-you", you);
}

/** Opening the same link again changes nothing: same record and storage, nothing shown again, no notice. */
async function expectSameLinkChangesNothing(who, link, { record, id, fresh }) {
  const { page } = who;
  const kept = await keptStorage(page);
  await openLink(who, link, { fresh, record });
  const seen = await seenSince(page);
  expect(seen.animating, "no move shown again").not.toContain("true");
  expect(seen.records.every((r) => r === record), `no other position shown (${seen.records})`).toBe(true);
  await expect(page.locator("#notice")).toBeHidden();
  expect(await keptStorage(page), "what is kept").toEqual(kept);
  expect(await copiesKept(page, id)).toEqual([record]);
  expect(seen.announced, "nothing announced").toEqual([]);
}

const other = (side) => (side === "south" ? "north" : "south");

// ── 1. A whole game ────────────────────────────────────────────────────────────────────────────

test("two friends play a whole game by links, a desktop and a phone, and it stays one game on each", async ({ page, browser, baseURL }) => {
  test.setTimeout(budget(180_000));
  const a = await mainPlayer(page);
  const b = await player(browser, baseURL, { phone: true });
  const players = { south: a, north: b };
  // A random game that ends in ten moves (each move is a page opened from a link: a long game
  // would only repeat them).
  const random = seededRandom(13);

  // A starts a game for two on this device, plays South's first move and sends it as their move.
  await openPage(page, "?mode=two&speed=instant");
  await expect(page.locator("#send-move")).toBeHidden();
  let record = await playHole(a, choose(random, (await readBoard(page)).playable));
  await page.click("#share");
  await page.check("#share-as-move");
  await expect(page.locator("#share-text")).toHaveText(
    new RegExp(`^I played hole ${record} \\(\\d+ laps?, (\\d+ seeds?|no capture)\\)\\. Your move: http\\S+$`));
  let { link, text, id } = await (async () => {
    const link = await page.inputValue("#share-link");
    const text = await page.locator("#share-text").textContent();
    await page.click("#share-copy");
    // The dialog turns to the move form of a game by links.
    await expect(page.locator("#share-dialog #share-title")).toHaveText("Send your move");
    await page.locator("#share-dialog button[type=submit]").click();
    return { link, text, id: new URL(link).hash.match(/[#&]game=([a-z0-9]+)/)?.[1] };
  })();
  expect(id, "the link carries the game's id").toMatch(/^[a-z0-9]{4,32}$/);
  expect(youOf(link), "the link's receiver plays North").toBe("north");
  expect(text).toContain(link);
  expect(await page.evaluate(() => navigator.clipboard.readText()), "what was copied").toBe(text);
  // Sent: the game is played by links, A keeping South.
  await expect(page.locator("#board")).toHaveAttribute("data-mode", "link");
  await expect(page.locator("#board")).toHaveAttribute("data-you", "south");
  expect(await copiesKept(page, id)).toEqual([record]);

  let mover = "north";
  const first = { south: true, north: true }; // each player's first reply is seen at the page's normal speed
  let step = 0;
  while (true) {
    step++;
    const receiver = players[mover];
    const sender = players[other(mover)];
    // The receiver opens the link; every other time in a page opened for it.
    await openLink(receiver, link, { fresh: step % 2 === 0, record });
    await expectReplyShown(receiver, { record, you: mover, animated: first[mover] });
    if (first[mover]) {
      first[mover] = false;
      await chooseSpeed(receiver, "instant");
    }
    for (const [side, who] of Object.entries(players)) {
      expect(await copiesKept(who.page, id), `${side}'s copies of the game after move ${record.length}`).toEqual([record]);
      await expectOwnSideNearest(who, side);
    }
    // Opened a second time, the same link changes nothing.
    await expectSameLinkChangesNothing(receiver, link, { record, id, fresh: step % 2 === 1 });
    const state = await readBoard(receiver.page);
    if (step === 1 || step % 5 === 0) {
      const listed = (await listedGames(receiver)).filter((g) => g.link);
      const turn = state.status === "game_over" ? "over" : "you";
      expect(listed, "one entry for the game in Your games").toEqual([
        { record, current: true, link: true, you: mover, turn, status: state.status },
      ]);
    }
    if (state.status === "game_over") break;
    expect(step, "the game ends").toBeLessThan(200);

    // The receiver's turn: the friend's holes are not theirs; they play one of their own and send it back.
    expect(state.to_move).toBe(mover);
    await expect(receiver.page.locator("#send-move")).toBeHidden();
    if (step === 1) {
      await tap(holeButton(receiver.page, trackIndex(other(mover), 1)), { force: true });
      await expect(receiver.page.locator("#tap-said")).toHaveText("South's hole: it is North's turn.");
    }
    record = await playHole(receiver, choose(random, state.playable));
    await expect(receiver.page.locator("#board")).toHaveAttribute("data-playable", "");
    if (step === 1) {
      // Now it is the friend's turn: the person's own holes wait for the friend's move.
      await tap(holeButton(receiver.page, trackIndex(mover, 4)), { force: true });
      await expect(receiver.page.locator("#tap-said")).toBeVisible();
      await expect(receiver.page.locator("#tap-said")).toHaveText("It is your friend's turn: send them your move.");
      expect((await readBoard(receiver.page)).record).toBe(record);
    }
    ({ link, text } = await sendMove(receiver));
    expect(youOf(link)).toBe(other(mover));
    expect(new URL(link).hash).toContain(`game=${id}`);
    const over = (await readBoard(receiver.page)).status === "game_over";
    expect(text).toMatch(over
      ? new RegExp(`^I played hole ${record.at(-1)} \\(.*\\)\\. .+\\. http\\S+$`)
      : new RegExp(`^I played hole ${record.at(-1)} \\(\\d+ laps?, (\\d+ seeds?|no capture)\\)\\. Your move: http\\S+$`));
    // Sending changes nothing kept: the sender still has the one game.
    expect(await copiesKept(sender.page, id)).toHaveLength(1);
    mover = other(mover);
  }

  // Both have the game over, the same result, each one entry, marked over.
  const [endA, endB] = [await readBoard(a.page), await readBoard(b.page)];
  expect(endA.status).toBe("game_over");
  expect(endB.record).toBe(endA.record);
  expect(endB.winner).toBe(endA.winner);
  for (const [side, who] of Object.entries(players)) {
    const listed = (await listedGames(who)).filter((g) => g.link);
    expect(listed, `${side}'s Your games at the end`).toEqual([
      { record, current: true, link: true, you: side, turn: "over", status: "game_over" },
    ]);
  }
  expect(b.errors).toEqual([]);
  await b.context.close();
});

// ── 2. A link that goes another way ────────────────────────────────────────────────────────────

test("a link whose line differs (a move taken back and played otherwise) is kept beside the game, and the notice says so", async ({ page, browser, baseURL }) => {
  const a = await mainPlayer(page, { speed: "instant" });
  const b = await player(browser, baseURL, { speed: "instant" });
  await openPage(page, "?mode=two&speed=instant");
  await playHole(a, 3);
  const { link: first, id } = await shareAsMove(page);
  await openLink(b, first, { record: "3" });
  const [r1, r2] = (await readBoard(b.page)).playable;
  await playHole(b, r1);
  const { link: reply } = await sendMove(b);
  await openLink(a, reply, { record: `3${r1}` });
  expect(await copiesKept(page, id)).toEqual([`3${r1}`]);

  // B takes the move back and plays another: the same game's id, another line.
  await b.page.click("#undo");
  await settled(b.page, { record: "3" });
  await playHole(b, r2);
  const { link: otherReply } = await sendMove(b);
  expect(new URL(otherReply).hash).toContain(`game=${id}`);

  await openLink(a, otherReply, { record: `3${r2}` });
  await expect(page.locator("#notice")).toBeVisible();
  await expect(page.locator("#notice-text")).toHaveText(/goes another way .* both are kept in Your games/);
  // It only informs: drawn as information, with no Start a new game as if something broke.
  await expect(page.locator("#notice")).toHaveAttribute("data-tone", "info");
  await expect(page.locator("#notice-new-game")).toBeHidden();
  expect((await copiesKept(page, id)).sort()).toEqual([`3${r1}`, `3${r2}`].sort());
  // The notice's button opens Your games: both, each A's move.
  await expect(page.locator("#notice-games")).toBeVisible();
  await page.click("#notice-games");
  await expect(page.locator("#games-dialog")).toBeVisible();
  const listed = await page.locator('.saved-game[data-link-game="true"]').evaluateAll((items) =>
    items.map((item) => [item.dataset.record, item.dataset.current === "true", item.dataset.you, item.dataset.turn]));
  expect(listed).toEqual([[`3${r2}`, true, "south", "you"], [`3${r1}`, false, "south", "you"]]);
  expect(b.errors).toEqual([]);
  await b.context.close();
});

// ── 3. One's own side only ─────────────────────────────────────────────────────────────────────

test("in a game by links each plays only their own side: other holes are refused with the reason", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  // A new game by links, from the New game dialog: the side is asked for.
  await page.click("#new-game");
  await page.check('input[name="mode"][value="link"]');
  await expect(page.locator("#new-game-side")).toBeVisible();
  await startNewGame(page, { mode: "link", side: "south" }, { you: "south" });
  const board = page.locator("#board");
  await expect(page.locator("#send-move")).toBeHidden();
  const said = page.locator("#tap-said");

  // The person's turn: the friend's holes are not theirs.
  await holeButton(page, trackIndex("north", 3)).click({ force: true });
  await expect(said).toBeVisible();
  await expect(said).toHaveText("North's hole: it is South's turn.");
  await playHole({ page, phone: false }, 3);
  await expect(page.locator("#send-move")).toBeVisible();

  // The friend's turn: neither their holes nor the person's own can be played here, by tap or key.
  await expect(board).toHaveAttribute("data-playable", "");
  const { legal } = await readBoard(page);
  await holeButton(page, trackIndex("north", legal[0])).click({ force: true });
  await expect(said).toHaveText("It is your friend's turn: send them your move.");
  await holeButton(page, trackIndex("south", 4)).click({ force: true });
  await expect(said).toHaveText("It is your friend's turn: send them your move.");
  await page.keyboard.press(String(legal[0]));
  await expect(page.locator("#status")).toHaveText(/Your friend's move \(North\): send them yours\.$/);
  expect((await readBoard(page)).record).toBe("3");

  // A game by links where the friend starts: the person (North) invites them, and waits.
  await startNewGame(page, { mode: "link", side: "north", first: "south" }, { you: "north" });
  await expect(board).toHaveAttribute("data-flipped", "true");
  await expect(board).toHaveAttribute("data-playable", "");
  await holeButton(page, trackIndex("north", 2)).click({ force: true });
  await expect(said).toHaveText("It is your friend's turn: send them your move.");
  await page.click("#send-move");
  await expect(page.locator("#share-dialog")).toHaveAttribute("data-send", "move");
  await expect(page.locator("#share-text")).toHaveText(/^Your move in our game of Walak-pussa: http\S+you=south/);
  await page.locator("#share-dialog button[type=submit]").click();
});

// ── 4. Flip board ──────────────────────────────────────────────────────────────────────────────

test("Flip board is kept with each game across a reload, and a new game takes the last choice", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const board = page.locator("#board");
  // A game by links as North, who starts: seen from North's side.
  await startNewGame(page, { mode: "link", side: "north", first: "north" }, { you: "north" });
  await expect(board).toHaveAttribute("data-flipped", "true");
  await playHole({ page, phone: false }, 2);
  const linkRecord = (await readBoard(page)).record;

  await page.click("#flip");
  await expect(board).toHaveAttribute("data-flipped", "false");
  await expect(page.locator("#flip")).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await settled(page, { record: linkRecord, you: "north" });
  await expect(board).toHaveAttribute("data-flipped", "false");

  // A new game for two takes the last choice: turned round (North's row at the bottom).
  await dialogsSettled(page);
  await startNewGame(page, { mode: "two" });
  await expect(board).toHaveAttribute("data-flipped", "true");
  await playHole({ page, phone: false }, 5);
  const twoRecord = (await readBoard(page)).record;
  await page.reload();
  await settled(page, { record: twoRecord, mode: "two" });
  await expect(board).toHaveAttribute("data-flipped", "true");

  // The link game taken up again comes as it was left; the game for two keeps its own.
  await page.click("#games");
  await page.locator(`.saved-game[data-link-game="true"][data-record="${linkRecord}"] .saved-game-resume`).click();
  await settled(page, { record: linkRecord, mode: "link" });
  await expect(board).toHaveAttribute("data-flipped", "false");
  await dialogsSettled(page);
  await page.reload();
  await settled(page, { record: linkRecord, mode: "link" });
  await expect(board).toHaveAttribute("data-flipped", "false");
  await dialogsSettled(page);
  await page.click("#games");
  await page.locator(`.saved-game[data-record="${twoRecord}"] .saved-game-resume`).click();
  await settled(page, { record: twoRecord, mode: "two" });
  await expect(board).toHaveAttribute("data-flipped", "true");
});

// ── 5. Your games ──────────────────────────────────────────────────────────────────────────────

test("Your games says whose move each game by links waits for, lists the person's first, and counts them on its button", async ({ page, browser, baseURL }) => {
  const a = await mainPlayer(page, { speed: "instant" });
  const b = await player(browser, baseURL, { speed: "instant" });
  const badge = page.locator("#games-your-move");
  const board = page.locator("#board");
  const newGameForTwo = async () => {
    await dialogsSettled(page);
    await startNewGame(page, { mode: "two" });
  };

  // Game 1: A sends, B answers, A opens the answer: A's move, on the board (not counted).
  await openPage(page, "?mode=two&speed=instant");
  await playHole(a, 1);
  const one = await shareAsMove(page);
  await openLink(b, one.link, { record: "1" });
  const bMove = (await readBoard(b.page)).playable[0];
  await playHole(b, bMove);
  const oneReply = await sendMove(b);
  await openLink(a, oneReply.link, { record: `1${bMove}` });
  await expect(badge).toHaveAttribute("data-count", "0");
  await expect(badge).toBeHidden();

  // A puts it aside for a new game while it is A's move: one game waits for A.
  await newGameForTwo();
  await expect(badge).toHaveAttribute("data-count", "1");
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText("1");
  await page.reload();
  await settled(page, { record: "", mode: "two" });
  await expect(badge).toHaveAttribute("data-count", "1");

  // Game 2: sent to B, then put aside for a third game (no move yet): it waits for B.
  await playHole(a, 6);
  const two = await shareAsMove(page);
  await newGameForTwo();
  await expect(badge).toHaveAttribute("data-count", "1");
  // A finished game by links, kept earlier (the newest of all).
  const finished = await page.evaluate(() => {
    const { Game, savedGameJson } = window.wasmBindings;
    const game = new Game(null);
    while (game.state().status === "playing") game.play(game.state().legal[0]);
    const record = game.state().record;
    game.free();
    const saved = savedGameJson({ options: { rounds: false, first: "south" }, mode: "link", side: "north", game: "finishedgame1",
      record, redo: "" });
    const now = Date.now() + 60_000;
    localStorage.setItem("walak-pussa.games.finished1", JSON.stringify({ id: "finished1", created: now, updated: now, game: JSON.parse(saved), lines: [] }));
    return record;
  });

  // The game on the board first, then the one waiting for A (though older), then the others newest first.
  expect(await listedGames(a)).toEqual([
    { record: "", current: true, link: false, you: null, turn: null, status: "playing" },
    { record: `1${bMove}`, current: false, link: true, you: "south", turn: "you", status: "playing" },
    { record: finished, current: false, link: true, you: "north", turn: "over", status: "game_over" },
    { record: "6", current: false, link: true, you: "south", turn: "friend", status: "playing" },
  ]);

  // B answers game 2; A opens the answer over the empty new game: game 2 is brought up to date in
  // place, its answer shown, no new entry and nothing said about keeping.
  await openLink(b, two.link, { record: "6" });
  const bSecond = (await readBoard(b.page)).playable.at(-1);
  await playHole(b, bSecond);
  const twoReply = await sendMove(b);
  await openLink(a, twoReply.link, { record: `6${bSecond}` });
  await expectReplyShown(a, { record: `6${bSecond}`, you: "south" });
  await expect(page.locator("#notice")).toBeHidden();
  expect(await copiesKept(page, two.id)).toEqual([`6${bSecond}`]);
  expect(await copiesKept(page, one.id)).toEqual([`1${bMove}`]);
  await expect(badge).toHaveAttribute("data-count", "1");
  expect((await listedGames(a)).map((g) => [g.record, g.current, g.turn])).toEqual([
    [`6${bSecond}`, true, "you"], [`1${bMove}`, false, "you"], [finished, false, "over"],
  ]);

  // Game 1 taken up again: game 2, put aside, now waits for A.
  await dialogsSettled(page);
  await page.click("#games");
  await page.locator(`.saved-game[data-record="1${bMove}"] .saved-game-resume`).click();
  await settled(page, { record: `1${bMove}`, mode: "link" });
  await expect(badge).toHaveAttribute("data-count", "1");
  // Played and sent, game 1 waits for B; game 2 still for A.
  await playHole(a, (await readBoard(page)).playable[0]);
  await sendMove(a);
  expect((await listedGames(a)).map((g) => [g.current, g.turn])).toEqual([[true, "friend"], [false, "you"], [false, "over"]]);
  expect(b.errors).toEqual([]);
  await b.context.close();
});

// ── 6. In Urdu ─────────────────────────────────────────────────────────────────────────────────

test("in Urdu the move links go back and forth right to left, in Urdu's words", async ({ page, browser, baseURL }) => {
  const a = await mainPlayer(page, { speed: "instant" });
  const b = await player(browser, baseURL, { speed: "instant", locale: "ur-PK", phone: true });
  const english = /\b(played|hole|move|friend|South|North|turn)\b/i;
  // A chooses Urdu in the menu (remembered: the friend's links, which name no language, open in it
  // too); B's browser prefers Urdu.
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#language").selectOption("ur");
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await playHole(a, 4);
  await page.click("#share");
  await page.check("#share-as-move");
  const text = await page.locator("#share-text").textContent();
  const link = await page.inputValue("#share-link");
  expect(text).toContain(link);
  expect(text.replace(link, "").trim()).not.toBe("");
  expect(text.replace(link, ""), "the words sent are Urdu's").not.toMatch(english);
  await page.click("#share-copy");
  await page.locator("#share-dialog button[type=submit]").click();
  await expect(page.locator("#board")).toHaveAttribute("data-mode", "link");

  // B's browser speaks Urdu: the game comes as B's, North at the bottom (up the right on the phone).
  await openLink(b, link, { record: "4" });
  await expect(b.page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(b.page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(b.page.locator("#board")).toHaveAttribute("data-you", "north");
  await expectOwnSideNearest(b, "north");
  await expect(b.page.locator("#status")).not.toBeEmpty();
  await expect(b.page.locator("#status")).not.toHaveText(english);
  expect(await seenSince(b.page)).toMatchObject({ records: ["", "4"] });
  await expect.poll(async () => (await seenSince(b.page)).announced.length).toBeGreaterThan(0);

  const reply = (await readBoard(b.page)).playable[0];
  await playHole(b, reply);
  await tap(holeButton(b.page, trackIndex("north", 1)), { force: true });
  await expect(b.page.locator("#tap-said")).not.toBeEmpty();
  await expect(b.page.locator("#tap-said")).not.toHaveText(english);
  const back = await sendMove(b);
  expect(back.text.replace(back.link, "")).not.toMatch(english);

  await openLink(a, back.link, { record: `4${reply}` });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("#board")).toHaveAttribute("data-you", "south");
  await expect(page.locator("#status")).not.toHaveText(english);
  expect((await seenSince(page)).records.slice(-2)).toEqual(["4", `4${reply}`]);
  expect(await copiesKept(page, new URL(link).hash.match(/game=([a-z0-9]+)/)[1])).toEqual([`4${reply}`]);
  expect(b.errors).toEqual([]);
  await b.context.close();
});

// ── 7. A broken move link ──────────────────────────────────────────────────────────────────────

test("a broken move link says what is wrong with it and changes nothing kept", async ({ page }) => {
  await mainPlayer(page, { speed: "instant" });
  await openPage(page, "?mode=two&speed=instant");
  await playHole({ page, phone: false }, 2);
  const { id } = await shareAsMove(page);
  // Something kept beside it too: a game for two (played only once it is on the board: until the
  // dialog's choice is taken, the game by links, whose turn is the friend's, is still there).
  await dialogsSettled(page);
  await startNewGame(page, { mode: "two" });
  await playHole({ page, phone: false }, 7);
  await dialogsSettled(page);
  await page.click("#games");
  await page.locator('.saved-game[data-link-game="true"] .saved-game-resume').click();
  await settled(page, { record: "2", mode: "link" });
  const kept = await keptStorage(page);

  const BROKEN = [
    ["game=BAD!&you=north", /^This link could not be opened: its game "BAD!" is not a game's id/],
    [`game=${id}&you=west`, /^This link could not be opened: its "you" must be south or north, not "west"/],
    [`game=${id}`, /^This link could not be opened: it is a move in a game by links, but has no "you"/],
    ["you=north", /^This link could not be opened: it is a move in a game by links, but has no "game"/],
  ];
  for (const [i, [part, said]] of BROKEN.entries()) {
    await dialogsSettled(page);
    // Opened in a page of its own, or in the page already open.
    if (i % 2 === 0) await page.goto("about:blank");
    await page.goto(`./#walak=1&moves=21&${part}`);
    // Opened in the page already open, the link is read on `hashchange`, which takes it out of the
    // address: until then the board shows the game as it was.
    await page.waitForFunction(() => location.hash === "");
    await settled(page, { record: "2", mode: "link" });
    await expect(page.locator("#notice")).toBeVisible();
    await expect(page.locator("#notice-text"), part).toHaveText(said);
    await expect(page.locator("#notice"), "a link that cannot be opened is trouble").toHaveAttribute("data-tone", "problem");
    await expect(page.locator("#board")).toHaveAttribute("data-record", "2");
    await expect(page.locator("#board")).toHaveAttribute("data-you", "south");
    expect(await keptStorage(page), part).toEqual(kept);
    await page.click("#notice-close");
  }
});

// ── Copy, and the count on Your games ─────────────────────────────────────────────────────────────

test("Copy that turns a game for two into a game by links says it copied", async ({ page }) => {
  await mainPlayer(page);
  await openPage(page, "?mode=two&speed=instant");
  await playHole({ page, phone: false }, 3);
  await page.click("#share");
  await page.check("#share-as-move");
  await page.click("#share-copy");
  await expect(page.locator("#board")).toHaveAttribute("data-mode", "link");
  await expect(page.locator("#share-said")).toHaveText("Copied.");
});

test("the Your games badge is hidden while no game waits for the person's move", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await expect(page.locator("#games-your-move")).toHaveAttribute("data-count", "0");
  await expect(page.locator("#games-your-move")).toBeHidden();
});

test("on a phone, where Your games is behind More, More carries the count too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // A move link of a game not kept here: the person (North) is to move in it.
  await page.goto("./#walak=1&moves=3&game=abcd1234&you=north");
  await expect(page.locator("#board")).toHaveAttribute("data-you", "north");
  await expect(page.locator("#more")).not.toHaveAttribute("data-waiting", /.*/);
  // Put aside for a game at this device, it waits for the person's move.
  await startNewGame(page, { mode: "two" });
  await expect(page.locator("#more")).toHaveAttribute("data-waiting", "1");
  await expect(page.locator("#games-your-move")).toHaveAttribute("data-count", "1");
  expect(errors).toEqual([]);
  await context.close();
});
