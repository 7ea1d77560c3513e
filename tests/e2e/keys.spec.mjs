// Keys as on game sites, and settings kept: ← and → step through the move list, Home and End go
// to its ends (not while a menu has the focus); "Show who is ahead" survives a reload.
import { test, expect, openPage, pause, playMove, readBoard, settled } from "./helpers.mjs";

test("← → Home End move through the move list, and a menu keeps its own arrows", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  for (const n of [3, 5, 6]) {
    const { legal } = await readBoard(page);
    await playMove(page, legal.includes(n) ? n : legal[0]);
  }
  const full = (await readBoard(page)).record;
  const board = page.locator("#board");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("ArrowLeft");
  await settled(page, { record: full.slice(0, 2) });
  await page.keyboard.press("ArrowLeft");
  await settled(page, { record: full.slice(0, 1) });
  await page.keyboard.press("ArrowRight");
  await settled(page, { record: full.slice(0, 2) });
  await page.keyboard.press("Home");
  await settled(page, { record: "" });
  await page.keyboard.press("End");
  await settled(page, { record: full });
  // In the speed menu the arrows choose a speed, not a move.
  await page.locator("#speed").focus();
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  await expect(board).toHaveAttribute("data-record", full);
});

test("Show who is ahead is remembered across a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#show-evaluation").check();
  await expect(page.locator("#evaluation")).toBeVisible();
  await page.reload();
  await expect(page.locator("#show-evaluation")).toBeChecked();
  await expect(page.locator("#evaluation")).toBeVisible();
  await page.locator("#show-evaluation").uncheck();
  await page.reload();
  await expect(page.locator("#show-evaluation")).not.toBeChecked();
  await expect(page.locator("#evaluation")).toBeHidden();
});

test("against the computer the status says it is your move, and a background tab's title says so too", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=computer&side=south&level=beginner&speed=instant");
  // At the start the person is told which side is theirs and what to do.
  await expect(page.locator("#status")).toHaveText("You are South: click one of your ringed holes");
  await page.keyboard.press("3");
  await settled(page, { moves: 2, person: "south" });
  await expect(page.locator("#status")).toContainText("Your move (South)");
  await expect(page).toHaveTitle("Walak-pussa");
  // The page hidden (another tab in front): the title carries the status.
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page).toHaveTitle(/Your move \(South\) · Walak-pussa$/);
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page).toHaveTitle("Walak-pussa");
});

test("? opens the list of keys, in the page's language", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant&lang=th");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const dialog = page.locator("#keys-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("li")).toHaveCount(8);
  await expect(dialog).toContainText("F: กลับกระดาน");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.locator("#keys-button").click();
  await expect(dialog).toBeVisible();
});

test("U takes back a move and P pauses and resumes the move being shown", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=slow");
  const board = page.locator("#board");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  // South's hole 1 at the opening runs seven laps: long enough to pause.
  await page.keyboard.press("1");
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.keyboard.press("p");
  await expect(page.locator("#pause")).toHaveAttribute("aria-pressed", "true");
  const paused = await board.getAttribute("data-board");
  // Deliberately a while of nothing: a slow move draws a frame every few hundred ms.
  await pause(page, 400);
  expect(await board.getAttribute("data-board"), "a paused move stays still").toBe(paused);
  await page.keyboard.press("p");
  await expect(page.locator("#pause")).toHaveAttribute("aria-pressed", "false");
  await page.locator("#skip").click();
  await settled(page, { record: "1" });
  await page.keyboard.press("u");
  await settled(page, { record: "" });
});
