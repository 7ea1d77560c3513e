// The computer player thinks in a Web Worker: the page never blocks while it searches, stopping
// it is clean, and hints and the evaluation come from the same engine.
import {
  test, expect, openPage, readBoard, waitForGame, waitForRecordLength, playMove, seededRandom, choose,
  expectMatchesEngine, ARTIFACTS,
} from "./helpers.mjs";

const thinking = (page) => page.locator('#board[data-thinking="true"]');

/** The person presses hole key `n`; the computer may answer at once, so only the prefix is checked. */
async function personPlays(page, n) {
  const { record } = await readBoard(page);
  await page.keyboard.press(String(n));
  await waitForRecordLength(page, record.length + 1);
  expect((await readBoard(page)).record.startsWith(record + String(n))).toBe(true);
}

test("the strongest level thinks without blocking the page (no long task over 50 ms)", async ({ page }) => {
  await openPage(page, "?mode=computer&side=south&level=master&speed=instant");
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({
      type: "longtask",
    });
    // Count frames while the computer thinks: the page keeps drawing.
    window.frames = 0;
    const tick = () => {
      window.frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const random = seededRandom(4);
  for (let move = 0; move < 3; move++) {
    const { record, legal } = await readBoard(page);
    const framesBefore = await page.evaluate(() => window.frames);
    const started = Date.now();
    await personPlays(page, choose(random, legal));
    await waitForRecordLength(page, record.length + 2, 20_000);
    const seconds = (Date.now() - started) / 1000;
    const frames = (await page.evaluate(() => window.frames)) - framesBefore;
    expect(frames / seconds, "frames per second while the computer thinks").toBeGreaterThan(20);
  }
  const longTasks = await page.evaluate(() => window.longTasks);
  expect(longTasks.filter((ms) => ms > 50), "main-thread tasks over 50 ms").toEqual([]);
  await expectMatchesEngine(page, { person: "south", mode: "computer" });
});

test("undo, a new game or another level stop the computer's search cleanly", async ({ page }) => {
  await openPage(page, "?mode=computer&side=south&level=master&speed=instant");
  await personPlays(page, 3);
  await expect(thinking(page)).toHaveCount(1);
  await page.click("#undo");
  await expect(thinking(page)).toHaveCount(0);
  expect((await readBoard(page)).record).toBe("");
  await page.waitForTimeout(1500); // the dropped search would have answered by now
  expect((await readBoard(page)).record).toBe("");

  await personPlays(page, 3);
  await expect(thinking(page)).toHaveCount(1);
  await page.selectOption("#level", "beginner");
  await waitForRecordLength(page, 2, 10_000);
  await expect(page.locator("#mode-line")).toContainText("beginner");

  await page.locator("#board").focus();
  await personPlays(page, (await readBoard(page)).legal[0]);
  await page.click("#new-game");
  await page.click("#start-game");
  await waitForGame(page);
  await page.waitForTimeout(1500);
  expect((await readBoard(page)).record).toBe("");
});

test("a whole game against a searching level completes", async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page, "?mode=computer&side=north&level=strong&speed=instant");
  const random = seededRandom(9);
  for (let i = 0; i < 200; i++) {
    await page.waitForFunction(() => {
      const d = document.getElementById("board").dataset;
      return d.animating === "false" && d.thinking === "false" && (d.status === "game_over" || d.toMove === "north");
    }, null, { timeout: 20_000, polling: 20 });
    const board = await readBoard(page);
    if (board.status === "game_over") break;
    await personPlays(page, choose(random, board.legal));
  }
  const end = await readBoard(page);
  expect(end.status).toBe("game_over");
  await expect(page.locator("#result")).toContainText(/wins|draw/);
  await expectMatchesEngine(page, { person: "north", mode: "computer" });
  await page.screenshot({ path: `${ARTIFACTS}computer-game-over.png`, fullPage: true });
});

test("a hint names a legal hole and the evaluation says who is ahead", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await playMove(page, 2, "digit");
  await page.click("#hint");
  await expect(page.locator("#hint-text")).toHaveText(/^Hint: play hole [1-7]\./, { timeout: 10_000 });
  const hole = Number((await page.textContent("#hint-text")).match(/hole (\d)/)[1]);
  expect((await readBoard(page)).legal).toContain(hole);
  await page.check("#show-evaluation");
  await expect(page.locator("#evaluation")).toHaveText(/ahead by about|even|wins by|draw/, { timeout: 10_000 });
  // The hint belongs to its position: playing on clears it.
  await playMove(page, hole, "click");
  await expect(page.locator("#hint-text")).toHaveText("");
  await page.screenshot({ path: `${ARTIFACTS}hint-and-evaluation.png`, fullPage: true });
});
