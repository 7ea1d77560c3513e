// The end of a game, as game sites show it: the result said once, as the panel's headline (the
// status line only says what the last move did and that the game is over), the panel's actions
// (Rematch, Swap sides, Review, Share; New game stays in the bar) and its summary of the game,
// checked against the engine's own traces of every move.
import {
  test, expect, ARTIFACTS, openPage, phonePage, playMove, previewMoves, randomGame, readBoard, settled, watchErrors,
  budget,
} from "./helpers.mjs";

/**
 * The summary worked out here, apart from the page: each move of `record` previewed in the engine
 * from the position before it, its laps (the lift and each relay) and captures read from its trace.
 */
async function expectedSummary(page, record, options = null) {
  let relay = { laps: 0, move: "" };
  let necklace = { beads: 0, seeds: 0, move: "" };
  const captured = { south: 0, north: 0 };
  const previews = await previewMoves(page, [...record].map((hole, i) => [record.slice(0, i), Number(hole)]), options);
  for (let i = 0; i < record.length; i++) {
    const { before, trace } = previews[i];
    const laps = trace.filter((e) => e.event === "lift" || e.event === "relay").length;
    const captures = trace.filter((e) => e.event === "capture");
    const seeds = captures.reduce((sum, e) => sum + e.seeds, 0);
    captured[before.to_move] += seeds;
    if (laps > relay.laps) relay = { laps, move: String(i + 1) };
    const beads = captures.length;
    if (beads > necklace.beads || (beads > 0 && beads === necklace.beads && seeds > necklace.seeds)) {
      necklace = { beads, seeds, move: String(i + 1) };
    }
  }
  return {
    longestRelay: String(relay.laps),
    longestRelayMove: relay.move,
    biggestNecklace: String(necklace.beads),
    biggestNecklaceSeeds: String(necklace.seeds),
    biggestNecklaceMove: necklace.move,
    captured: `${captured.south},${captured.north}`,
  };
}

const shownSummary = (page) =>
  page.locator("#game-summary").evaluate((list) => {
    const { longestRelay, longestRelayMove, biggestNecklace, biggestNecklaceSeeds, biggestNecklaceMove, captured } = list.dataset;
    return { longestRelay, longestRelayMove, biggestNecklace, biggestNecklaceSeeds, biggestNecklaceMove, captured };
  });

/** A page in a new context with a desktop's window of `[width, height]`, watched for errors. */
async function desktopPage(browser, [width, height]) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

// The finished games worked out so far in this file, by seed and options.
const finished = new Map();

/**
 * A finished game (or match) between random players, as its record: worked out by the engine on
 * the page opened with `query` the first time it is asked for, remembered afterwards (the page is
 * then left unopened: the caller goes to the game's link).
 */
async function finishedRecord(page, seed, options = null, query = "?mode=two&speed=instant") {
  const key = JSON.stringify([seed, options]);
  if (!finished.has(key)) {
    await openPage(page, query);
    const moves = await randomGame(page, { seed, minMoves: 20, maxMoves: 3000, options });
    finished.set(key, moves.join(""));
  }
  return finished.get(key);
}

test("a game played to its end: the result said once, the panel's actions, its summary the engine's", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 17, minMoves: 20, maxMoves: 400 });
  for (const n of moves) await playMove(page, n);
  const end = await readBoard(page);
  expect(end.status).toBe("game_over");

  // One headline: in the panel, not again in the status, which says the last move and no more.
  const panel = page.locator("#game-over");
  await expect(panel).toBeVisible();
  const headline = (await page.locator("#result").textContent()).trim();
  expect(headline).toMatch(/wins|draw/i);
  const status = (await page.locator("#status").textContent()).trim();
  expect(status).not.toContain(headline);
  expect(status).toMatch(/^(South|North) played hole \d: .* Game over\.$/);
  // Nowhere else on the page either (the screen reader's announcement is heard, not seen).
  const seen = await page.evaluate(() => {
    const announcer = document.getElementById("announcer");
    return document.querySelector("main").innerText.replace(announcer.innerText, "");
  });
  expect(seen.split(headline).length - 1, "the headline on the page").toBe(1);

  // The panel's actions: no second New game (the bar has one), and Share.
  await expect(page.locator("#game-over-new")).toHaveCount(0);
  await expect(page.locator("#new-game")).toBeVisible();
  expect(await panel.locator("button").evaluateAll((buttons) => buttons.map((b) => b.id))).toEqual([
    "game-over-close", "game-over-rematch", "game-over-swap", "game-over-review", "game-over-share",
  ]);
  await page.locator("#game-over-share").click();
  await expect(page.locator("#share-dialog")).toBeVisible();
  await expect(page.locator("#share-link")).toHaveValue(new RegExp(`moves=${end.record}(&|$)`));
  await page.keyboard.press("Escape");
  await expect(page.locator("#share-dialog")).toBeHidden();

  // The summary, from the engine's traces.
  const summary = page.locator("#game-summary");
  await expect(summary).toBeVisible();
  const expected = await expectedSummary(page, end.record);
  expect(await shownSummary(page)).toEqual(expected);
  await expect(summary.locator("dt").first()).toHaveText("Longest relay");
  const laps = Number(expected.longestRelay);
  await expect(summary.locator("dd").first()).toHaveText(
    new RegExp(`^(South|North), move ${expected.longestRelayMove}: ${laps} laps?$`));
  const [south, north] = expected.captured.split(",");
  await expect(summary.locator("dt").last()).toHaveText("Seeds captured");
  await expect(summary.locator("dd").last()).toHaveText(
    Number(south) + Number(north) === 0 ? "None" : `South ${south} · North ${north}`);
  await page.screenshot({ path: `${ARTIFACTS}game-over-played.png`, fullPage: true });

  // Closed, the panel leaves the final board in view, and the status says the result instead.
  await page.locator("#game-over-close").click();
  await expect(panel).toBeHidden();
  await expect(page.locator("#status")).toContainText(headline);

  // Undo reopens the game: the status says whose turn it is again, the panel goes.
  await page.locator("#undo").click();
  await settled(page, { status: "playing", record: end.record.slice(0, -1) });
  await expect(panel).toBeHidden();
  await expect(page.locator("#status")).toHaveText(/to move$/);
});

test("a match in rounds: the summary counts the captures of the whole match", async ({ page }) => {
  test.setTimeout(budget(120_000));
  const options = { rounds: true, first: "south" };
  // Seed 6 gives a match of twelve rounds, 264 moves.
  const record = await finishedRecord(page, 6, options);
  await page.goto(`./?speed=instant#walak=1&moves=${record}&rounds=1`);
  await settled(page, { status: "game_over", record });
  expect((await readBoard(page)).round).toBeGreaterThan(1);
  // The status says at most the last move, then that the game is over; the result is the panel's.
  await expect(page.locator("#result")).toHaveText(/wins the match|draw/i);
  await expect(page.locator("#status")).toHaveText(/(^|\. )Game over\.$/);
  await expect(page.locator("#status")).not.toContainText(await page.locator("#result").textContent());
  expect(await shownSummary(page)).toEqual(await expectedSummary(page, record, options));
  await expect(page.locator("#game-summary dt").last()).toHaveText("Seeds captured in the match");
});

test("a game without a capture says so plainly", async ({ page }) => {
  // South's one seed goes over to North's first hole, North's on to its second; then South has no
  // move and North takes the board: two moves of one lap, nothing captured.
  await openPage(page, "?speed=instant#walak=1&board=0.0.0.0.0.0.1.1.0.0.0.0.0.0&reserves=27.27&turn=south");
  await playMove(page, 7);
  await playMove(page, 1);
  expect((await readBoard(page)).status).toBe("game_over");
  const summary = page.locator("#game-summary");
  expect(await shownSummary(page)).toEqual({
    longestRelay: "1", longestRelayMove: "1", biggestNecklace: "0", biggestNecklaceSeeds: "0", biggestNecklaceMove: "",
    captured: "0,0",
  });
  await expect(summary.locator("dt")).toHaveText(["Longest relay", "Seeds captured"]);
  await expect(summary.locator("dd")).toHaveText(["South, move 1: 1 lap", "None"]);
});

test("an embedded game, which has no end-of-game panel, says the result in its status", async ({ page }) => {
  const record = await finishedRecord(page, 17);
  await page.goto(`./?embed=1&speed=instant#walak=1&moves=${record}`);
  await settled(page, { status: "game_over", record });
  await expect(page.locator("#game-over")).toBeHidden();
  await expect(page.locator("#status")).toHaveText(/wins|draw/i);
});

test.describe("the end-of-game panel in English, Urdu and Thai, on a desktop and a phone", () => {
  for (const lang of ["en", "ur", "th"]) {
    test(lang, async ({ browser }) => {
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        const phone = width < 600;
        const { context, page, errors } = phone ? await phonePage(browser, [width, height]) : await desktopPage(browser, [width, height]);
        const record = await finishedRecord(page, 17, null, `?mode=two&speed=instant&lang=${lang}`);
        await page.goto(`./?speed=instant&lang=${lang}#walak=1&moves=${record}`);
        await settled(page, { status: "game_over", record });
        await expect(page.locator("#game-summary")).toBeVisible();
        // Every word in the panel in the language asked for.
        if (lang !== "en") await expect(page.locator("#game-over")).not.toContainText(/[A-Za-z]/);
        // The panel lies over the board, whole: nothing below the board moves when it comes or goes.
        const boxes = () => page.evaluate(() => ({
          panel: document.getElementById("game-over").getBoundingClientRect().toJSON(),
          board: document.getElementById("board").getBoundingClientRect().toJSON(),
          moves: document.getElementById("move-list").getBoundingClientRect().toJSON(),
          scrolls: document.getElementById("game-over").scrollHeight > document.getElementById("game-over").clientHeight,
        }));
        const open = await boxes();
        expect(open.panel.top).toBeGreaterThanOrEqual(open.board.top);
        expect(open.panel.bottom).toBeLessThanOrEqual(open.board.bottom);
        // (Across, it may reach past an upright phone's narrow board, within the window.)
        expect(open.panel.left).toBeGreaterThanOrEqual(phone ? 0 : open.board.left);
        expect(open.panel.right).toBeLessThanOrEqual(phone ? width : open.board.right);
        if (phone) expect(open.scrolls, "the whole panel in view on a phone").toBe(false);
        await page.screenshot({ path: `${ARTIFACTS}game-over-${lang}-${width}x${height}.png`, fullPage: true });
        await page.locator("#game-over-close").click();
        await expect(page.locator("#game-over")).toBeHidden();
        expect((await boxes()).moves.top, "the move list stays where it was").toBe(open.moves.top);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  }
});
