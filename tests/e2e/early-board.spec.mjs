// The board before the engine (www/page/early-board.js): while the engine (WebAssembly) is still
// on its way, the page shows the position it is about to open, at its real size and place, and
// becomes playable once the engine is in, with the board where it was. Here the engine's request
// is held until the test lets it go, as a slow network would hold it.
import { test, expect, ARTIFACTS, changedPixels, keepPixels, phonePage, playMove, randomGame, readBoard, settled } from "./helpers.mjs";

/** Holds every request for the page's engine until the returned `release()`. */
async function holdEngine(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route("**/walak-pussa-*_bg.wasm", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `address` on a phone with its engine held, and waits until its words are in and a moment
 * more: what it shows then is what it shows before the engine. Returns the engine's `release()`.
 */
async function whileEngineHeld(browser, address) {
  const { context, page } = await phonePage(browser);
  const release = await holdEngine(page);
  await page.goto(address);
  await expect(page.locator("#status")).not.toBeEmpty();
  await page.waitForTimeout(300);
  return { context, page, release };
}

/** Whether the canvas holds a drawing, its CSS box, and whether the early board was drawn. */
const drawnBoard = (page) =>
  page.locator("#board").evaluate((canvas) => {
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4 * 97) if (pixels[i] > 0) painted += 1;
    const box = canvas.getBoundingClientRect();
    return {
      painted: painted > 0,
      box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
      early: performance.getEntriesByName("walak-board-drawn").length > 0,
      status: canvas.dataset.status,
    };
  });

test("a first visit shows the opening before the engine, then plays on the same board", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  const release = await holdEngine(page);
  await page.goto("./");
  await expect.poll(async () => (await drawnBoard(page)).early).toBe(true);
  const before = await drawnBoard(page);
  expect(before.painted).toBe(true);
  expect(before.status).toBe("loading"); // not playable yet: the engine is held
  release();
  await settled(page);
  const after = await drawnBoard(page);
  expect(after.box).toEqual(before.box);
  const board = await readBoard(page);
  expect(board.board).toEqual(Array(14).fill(4));
  expect(board.to_move).toBe("south");
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Where the board and what is under it stand on the page (CSS pixels, rounded): the board's box,
 * and the tops of the status, the controls and "New game" (the controls may grow downwards as the
 * game fills them in, which moves nothing seen above).
 */
const places = (page) =>
  page.evaluate(() => {
    const box = (/** @type {string} */ id) => document.getElementById(id).getBoundingClientRect();
    const { x, y, width, height } = box("board");
    return {
      board: [x, y, width, height].map(Math.round).join(","),
      status: Math.round(box("status").top),
      controls: Math.round(box("controls").top),
      "new-game": [box("new-game").left, box("new-game").top].map(Math.round).join(","),
    };
  });

// The header above the board (its language chooser as wide as the language it shows, on a
// phone), the room kept for the status under it, and the controls' words (Pause's among them)
// are as the page then keeps them, in every language: nothing moves when the engine comes and the
// first status replaces "Loading the game…", on a tall phone, a short one, a phone turned on its
// side and an upright tablet (where a row of controls a line taller would have turned the board
// from upright to long).
for (const code of ["en", "ml", "th", "ur", "pa", "sl", "si"]) {
  for (const size of [[390, 844], [360, 640], [844, 390], [768, 1024]]) {
    test(`${code}, ${size.join("×")}: the first board and the controls under it stay where they are when the engine comes`, async ({ browser }) => {
      const { context, page, errors } = await phonePage(browser, size);
      const release = await holdEngine(page);
      await page.goto(`./?lang=${code}`);
      await expect.poll(async () => (await drawnBoard(page)).early).toBe(true);
      await page.waitForTimeout(300); // the rest of the words' table, and any late change of the page
      const before = await places(page);
      release();
      await settled(page);
      await expect(page.locator("#status")).not.toHaveText(/…$/);
      // As painted: a sentence is fitted to its room before the next frame (ui/status-fit.js).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await places(page)).toEqual(before);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

test("on a phone an embed's status keeps its bar's size when the game begins: its bar keeps no room to fit it to", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  const release = await holdEngine(page);
  await page.goto("./?embed=1");
  await expect.poll(async () => (await drawnBoard(page)).early).toBe(true);
  const sizes = () => page.locator("#status").evaluate((status) => ({
    status: getComputedStyle(status).fontSize, bar: getComputedStyle(status.closest(".embed-bar")).fontSize,
  }));
  const before = await sizes();
  expect(before.status).toBe(before.bar);
  release();
  await settled(page);
  await expect(page.locator("#status")).toHaveText("South to move");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await sizes(), "the status's words as big as the bar's, before the engine and after").toEqual(before);
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Holds every request for a words' table (`code`, e.g. "en": its file `en-<hash>.js`; with
 * `part` "page", another language's page words, `ml-page-<hash>.js`) until the returned `release()`.
 */
async function holdTable(page, code, part = "") {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(new RegExp(`/www/${code}-${part ? `${part}-` : ""}[A-Z0-9]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("in English, the page's own words, the first board comes before the words' table too, and stays as the table comes; in Malayalam it waits for the page's words, not the whole table", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  const releaseEngine = await holdEngine(page);
  const releaseTable = await holdTable(page, "en");
  await page.goto("./");
  await expect.poll(async () => (await drawnBoard(page)).early).toBe(true);
  const before = await drawnBoard(page);
  expect(before.painted).toBe(true);
  expect(before.status).toBe("loading");
  await keepPixels(page);
  // The table comes: the page is in its words, and the board is the same picture.
  const tableIn = page.waitForResponse((response) => /\/www\/en-[^/]*\.js$/.test(response.url()));
  releaseTable();
  await tableIn;
  await expect(page.locator("#status")).toHaveText(/Loading/);
  expect((await drawnBoard(page)).box, "the page in the table's words keeps the board where it is").toEqual(before.box);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await changedPixels(page), "the board drawn with the table's words is the one drawn before it").toBeLessThan(50);
  releaseEngine();
  await settled(page);
  expect((await drawnBoard(page)).box).toEqual(before.box);
  expect((await readBoard(page)).board).toEqual(Array(14).fill(4));
  expect(errors).toEqual([]);

  // Another language's board waits for the page's words in it (they, and the page around the
  // board in them, would change the picture), but not for the rest of its table.
  const other = await context.newPage();
  const releaseOtherEngine = await holdEngine(other);
  const releasePageWords = await holdTable(other, "ml", "page");
  const releaseRest = await holdTable(other, "ml");
  await other.goto("./?lang=ml");
  await other.waitForTimeout(500);
  expect((await drawnBoard(other)).early, "nothing is drawn before the page's words").toBe(false);
  releasePageWords();
  await expect.poll(async () => (await drawnBoard(other)).early).toBe(true);
  await expect(other.locator("html")).toHaveAttribute("lang", "ml");
  await expect(other.locator("#status")).toHaveText("കളി ലോഡ് ചെയ്യുന്നു…");
  await expect(other.locator("#new-game")).not.toHaveText("New game");
  await expect(other.locator("#language"), "the chooser shows the page's language").toHaveValue("ml");
  const early = await drawnBoard(other);
  expect(early.status).toBe("loading");
  await keepPixels(other);
  await other.screenshot({ path: `${ARTIFACTS}early-board-page-words-ml.png` });
  const restIn = other.waitForResponse((response) => /\/www\/ml-[A-Z0-9]+\.js$/.test(response.url()));
  releaseRest();
  await restIn;
  await other.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect((await drawnBoard(other)).box, "the whole table keeps the board where it is").toEqual(early.box);
  expect(await changedPixels(other), "the board is the one drawn with the page's words").toBeLessThan(50);
  await other.screenshot({ path: `${ARTIFACTS}early-board-whole-table-ml.png` });
  releaseOtherEngine();
  await settled(other);
  expect((await drawnBoard(other)).box).toEqual(early.box);
  expect((await drawnBoard(other)).painted).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test("a returning visit draws its saved game before the engine, pixel for pixel as the engine then does; a link waits", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  await page.goto("./?mode=two&speed=instant");
  await settled(page);
  // A whole game, turned round: once it is over the engine's board rings no hole, so the board
  // drawn before the engine and the engine's own must be the same picture.
  const moves = await randomGame(page, { seed: 13, minMoves: 10, maxMoves: 400 });
  for (const n of moves) await playMove(page, n);
  await page.locator("#flip").evaluate((button) => button.click());
  const kept = await readBoard(page);
  expect(kept.status).toBe("game_over");

  const again = await context.newPage();
  const release = await holdEngine(again);
  await again.goto("./");
  await expect.poll(async () => (await drawnBoard(again)).early).toBe(true);
  const before = await drawnBoard(again);
  expect(before.status).toBe("loading");
  await keepPixels(again);
  await again.screenshot({ path: `${ARTIFACTS}early-board-before-engine.png` });
  release();
  await settled(again, { status: "game_over" });
  const board = await readBoard(again);
  expect(board.board).toEqual(kept.board);
  expect(board.reserves).toEqual(kept.reserves);
  await expect(again.locator("#board")).toHaveAttribute("data-flipped", "true");
  expect((await drawnBoard(again)).box).toEqual(before.box);
  expect(await changedPixels(again), "the engine's board is the one drawn before it").toBe(0);
  await again.screenshot({ path: `${ARTIFACTS}early-board-playable.png` });

  // A link opens another game: nothing is drawn before the engine tells its position. In Urdu,
  // so that the moment the words are in (the page turns right to left), when the board would
  // be drawn, can be seen.
  const link = await context.newPage();
  const releaseLink = await holdEngine(link);
  await link.goto("./?lang=ur#walak=1&moves=7264");
  await link.waitForFunction(() => document.documentElement.dir === "rtl");
  expect((await drawnBoard(link)).early).toBe(false);
  releaseLink();
  await settled(link);
  expect((await readBoard(link)).record).toBe("7264");
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Opens `address` with the engine held, and checks the board drawn before it: painted, not yet
 * playable, turned as `flipped` says (its screenshot kept as `shot`, unless null). Resolves with
 * the board and a way to let the engine come.
 */
async function drawnBeforeEngine(page, address, { name, flipped, shot = name }) {
  const release = await holdEngine(page);
  await page.goto(address);
  await expect.poll(async () => (await drawnBoard(page)).early, name).toBe(true);
  const before = await drawnBoard(page);
  expect(before.painted, name).toBe(true);
  expect(before.status, name).toBe("loading");
  await expect(page.locator("#board"), name).toHaveAttribute("data-flipped", flipped);
  if (shot) await page.screenshot({ path: `${ARTIFACTS}early-board-${shot}.png` });
  return { release, before };
}

/** Checks that `what`, opened by the engine, took the board drawn before it (`before`), turned the same. */
async function expectSameBoard(page, before, { name, flipped, what }) {
  await expect(page.locator("#board"), name).toHaveAttribute("data-flipped", flipped);
  expect((await drawnBoard(page)).box, `${name}: ${what} takes the board where it was drawn`).toEqual(before.box);
  await page.screenshot({ path: `${ARTIFACTS}early-board-${name}-playable.png` });
}

test("a first visit by a link that writes out its position shows that position before the engine, then opens the link's game on the same board", async ({ browser }) => {
  // The link a page gives for a game to look at (share/share.js): two moves played, five to redo;
  // also in Sinhala on a small phone, and in an embed's frame (the embed dialog's code for a game).
  // Then a move of a game by links sent to North (share/link-game.js): the position before it,
  // seen from North's side, where the page then plays it. A game of Parker's, its direction and
  // marked holes written out too, its direction said under the board (in a frame, out of the
  // board's room), also in Sinhala. The position written out is the one the engine opens
  // (tests/unit/early-board.test.mjs checks the early board's reading of it).
  const shown = "0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-south";
  const looked = { record: "72", board: [0, 0, 0, 0, 0, 1, 6, 5, 1, 2, 12, 1, 12, 0], reserves: [6, 10], flipped: "false" };
  // A game of Parker's Kotu-baendum: its direction chosen, North's tie on South's reserve side.
  const kotu = "walak=1&rules=parker-kotu&moves=1%2B+7+1+6+1+4+4+5+7+5+1+6+2+1+1+3+2+4&at=16" +
    "&position=0.3.3.3.3.1.3.0.3.0.3.1.1.4-12.16-south-ccw-0000000000000n";
  const tied = { record: "1+ 7 1 6 1 4 4 5 7 5 1 6 2 1 1 3", board: [0, 3, 3, 3, 3, 1, 3, 0, 3, 0, 3, 1, 1, 4], reserves: [12, 16], flipped: "false" };
  for (const { address, size, name, record, board, reserves, flipped } of [
    { address: `./#walak=1&moves=7264131&at=2&position=${shown}`, name: "link", ...looked },
    { address: `./?lang=si#walak=1&moves=7264131&at=2&position=${shown}`, size: [320, 568], name: "link-si", ...looked },
    { address: `./?embed=1&view=1#walak=1&moves=7264131&at=2&position=${shown}`, size: [640, 280], name: "link-embed", ...looked },
    { address: `./#walak=1&moves=7264131&at=3&game=abcd1234&you=north&position=${shown}`, name: "move-link",
      record: "726", board: [0, 0, 0, 0, 0, 0, 7, 0, 2, 3, 13, 2, 13, 0], reserves: [6, 10], flipped: "true" },
    { address: `./#${kotu}`, name: "link-kotu", ...tied },
    { address: `./?embed=1&view=1#${kotu}`, size: [640, 280], name: "link-kotu-embed", ...tied },
    { address: `./?embed=1&view=1&lang=si#${kotu}`, name: "link-kotu-embed-si", ...tied },
  ]) {
    const { context, page, errors } = await phonePage(browser, size);
    const { release, before } = await drawnBeforeEngine(page, address, { name, flipped });
    const direction = page.locator("#direction-shown");
    const parker = address.includes("rules=parker");
    const said = parker ? await direction.textContent() : "";
    // Kotu-baendum's round goes counterclockwise here: said before the engine, in any language.
    if (parker) expect(said, `${name}: the direction said before the engine`).toMatch(/^⟲ \S/);
    release();
    await settled(page, { record });
    if (parker) await expect(direction, `${name}: the engine's page says the direction said before it`).toHaveText(said);
    const opened = await readBoard(page);
    expect(opened.board, name).toEqual(board);
    expect(opened.reserves, name).toEqual(reserves);
    await expectSameBoard(page, before, { name, flipped, what: "the link's game" });
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("a first visit by an address that sets up a game shows its opening before the engine, then opens that game on the same board", async ({ browser }) => {
  // A history page's links to play: Parker's Kotu-baendum against the computer from North's side
  // (North first, so that nothing moves once the page is playable), Parker's Walak-pussa for two
  // in Sinhala on a small phone, and today's rules against the computer from North's side.
  for (const { address, size, name, flipped, first } of [
    { address: "./?rules=parker-kotu&side=north&first=north&level=casual", name: "setup-kotu", flipped: "true", first: "north" },
    { address: "./?mode=two&rules=parker-walak&lang=si", size: [320, 568], name: "setup-walak-si", flipped: "false", first: "south" },
    { address: "./?level=club&side=north&first=north", name: "setup-north", flipped: "true", first: "north" },
  ]) {
    const { context, page, errors } = await phonePage(browser, size);
    const { release, before } = await drawnBeforeEngine(page, address, { name, flipped });
    release();
    await settled(page, { record: "" });
    const opened = await readBoard(page);
    expect(opened.board, name).toEqual(Array(14).fill(4));
    expect(opened.to_move, name).toBe(first);
    await expectSameBoard(page, before, { name, flipped, what: "the game set up" });
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("a first visit by a link whose written position is not the one its moves reach draws it, then says the link is broken", async ({ browser }) => {
  // Made by hand: only such a link shows a board early that the engine then does not open.
  const { context, page, errors } = await phonePage(browser);
  const release = await holdEngine(page);
  await page.goto("./#walak=1&moves=72&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-north");
  await expect.poll(async () => (await drawnBoard(page)).early).toBe(true);
  release();
  await settled(page);
  await expect(page.locator("#notice-text")).toHaveText(/could not be opened: the position it shows is not the one its moves reach/);
  expect((await readBoard(page)).board, "the first visit's own game instead").toEqual(Array(14).fill(4));
  expect(errors).toEqual([]);
  await context.close();
});

test("an embed's frame, every visit a first one, shows its game's opening before the engine, pixel for pixel as the engine then does", async ({ browser }) => {
  // View only, so that the engine's board rings no hole either; then a game against the computer
  // from North's side, seen from there (once playable, the engine's board rings the holes the
  // person may play: the rest is the same), also in Malayalam in a narrow frame, whose status then
  // takes two lines; a demo and a loop from the opening, whose moves then begin in the same place.
  for (const [address, flipped, size] of [
    ["./?embed=1&view=1", "false", undefined],
    ["./?embed=1&level=club&side=north&first=north", "true", undefined],
    ["./?embed=1&level=club&side=north&first=north&lang=ml", "true", [320, 568]],
    ["./?embed=1&demo=casual-master&speed=slow", "false", [640, 280]],
    ["./?embed=1&loop=3&speed=slow", "false", undefined],
    // Parker's games, as a history page shows them: the same opening, no direction chosen yet.
    ["./?embed=1&view=1&rules=parker-walak", "false", undefined],
    ["./?embed=1&view=1&rules=parker-kotu&lang=si", "false", [640, 280]],
    ["./?embed=1&rules=parker-kotu&level=club", "false", undefined],
    // A loop of one of Parker's first moves: a bare hole played counterclockwise, or either way.
    ["./?embed=1&rules=parker-walak&loop=3&speed=slow", "false", undefined],
    ["./?embed=1&rules=parker-kotu&loop=7-&speed=slow&lang=ur", "false", [640, 280]],
  ]) {
    const { context, page, errors } = await phonePage(browser, size);
    const shot = flipped === "true" && !size ? "embed-north" : null;
    const { release, before } = await drawnBeforeEngine(page, address, { name: address, flipped, shot });
    await keepPixels(page);
    const still = address.includes("view=1");
    release();
    await expect.poll(async () => (await drawnBoard(page)).status, address).not.toBe("loading");
    expect((await drawnBoard(page)).box, address).toEqual(before.box);
    await expect(page.locator("#board")).toHaveAttribute("data-flipped", flipped);
    if (still) {
      await settled(page);
      expect((await readBoard(page)).board, address).toEqual(Array(14).fill(4));
      expect(await changedPixels(page), `${address}: the engine's board is the one drawn before it`).toBe(0);
    } else if (shot) {
      await settled(page);
      await page.screenshot({ path: `${ARTIFACTS}early-board-${shot}-playable.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  }
  // A loop of a hole Kotu-baendum's first turn may not start from, which the frame says above the
  // board: drawn by the engine.
  const { context, page, release } = await whileEngineHeld(browser, "./?embed=1&rules=parker-kotu&loop=4");
  expect((await drawnBoard(page)).early).toBe(false);
  release();
  await expect(page.locator("#notice")).toContainText("4");
  await context.close();
});

/** Each board of a comparison: its rule set, the move it plays, its box, and its pixels. */
const comparedBoards = (page) =>
  page.locator("figure.compare-board").evaluateAll((figures) => figures.map((figure) => {
    const canvas = figure.querySelector("canvas");
    const box = canvas.getBoundingClientRect();
    return {
      rules: figure.dataset.rules, move: figure.dataset.move ?? null, status: figure.querySelector(".compare-status")?.textContent,
      box: [box.x, box.y, box.width, box.height].map(Math.round), pixels: canvas.toDataURL(),
    };
  }));

test("an embed's comparison of two rule sets, every visit a first one, shows both openings before the engine, then plays its loop on the same boards", async ({ browser }) => {
  for (const [address, rules, moves, size] of [
    ["./?embed=1&compare=mancala-world,parker-walak&loop=4&speed=slow", ["mancala-world", "parker-walak"], ["4", "4+"], [640, 360]],
    ["./?embed=1&compare=parker-walak,parker-kotu&loop=1-&lang=si", ["parker-walak", "parker-kotu"], ["1-", "1-"], undefined],
    ["./?embed=1&compare=mancala-world,parker-kotu", ["mancala-world", "parker-kotu"], [null, null], [640, 360]],
  ]) {
    const { context, page, errors } = await phonePage(browser, size);
    const release = await holdEngine(page);
    await page.goto(address);
    await expect(page.locator("figure.compare-board"), address).toHaveCount(2);
    const before = await comparedBoards(page);
    expect(before.map((board) => board.rules), address).toEqual(rules);
    expect(before.map((board) => board.move), address).toEqual(moves);
    expect(await page.evaluate(() => performance.getEntriesByName("walak-first-board").length), `${address}: still loading`).toBe(0);
    if (!size) await page.screenshot({ path: `${ARTIFACTS}early-board-compare-si.png` });
    release();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("walak-first-board").length), address).toBe(1);
    const after = await comparedBoards(page);
    // The same two boards, in their place, each as it was drawn: the engine's opening is the same.
    expect(after.map(({ box, status }) => ({ box, status })), address).toEqual(before.map(({ box, status }) => ({ box, status })));
    if (moves[0] === null) expect(after.map((board) => board.pixels), address).toEqual(before.map((board) => board.pixels));
    else await expect(page.locator("figure.compare-board").first(), `${address}: the loop plays`).toHaveAttribute("data-animating", "true", { timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  }
  // A loop of a hole that does not open a game under one of them (Kotu-baendum's first turn starts
  // from an end hole): that board says why, in words the engine gives, so both wait for it.
  const { context, page, release } = await whileEngineHeld(browser, "./?embed=1&compare=mancala-world,parker-kotu&loop=4");
  await expect(page.locator("figure.compare-board")).toHaveCount(0);
  release();
  await expect(page.locator("figure.compare-board").nth(1)).toHaveAttribute("data-refused", "notAnEndHole");
  await context.close();
});
