// Screenshots of key states (tests/e2e/artifacts/), with the checks that make them worth looking
// at: the page fits a phone, and the rules open in a dialog.
import { test, expect, ARTIFACTS, expectMatchesEngine, openPage, playMove, randomGame, phonePage, settled, tap } from "./helpers.mjs";

test("a game in progress fits a phone 390 px wide", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 21, minMoves: 8 });
  for (const hole of moves.slice(0, 4)) await playMove(page, hole);
  await expectMatchesEngine(page, { mode: "two" });
  // Photographed before the tap below, whose highlight would show.
  await page.screenshot({ path: `${ARTIFACTS}phone-390.png`, fullPage: true });

  const layout = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    holes: [...document.querySelectorAll("button.hole")].map((b) => b.getBoundingClientRect().toJSON()),
  }));
  expect(layout.pageWidth).toBeLessThanOrEqual(390);
  for (const rect of layout.holes) {
    expect(rect.left).toBeGreaterThanOrEqual(0);
    expect(rect.right).toBeLessThanOrEqual(390);
    // Big enough to tap.
    expect(Math.min(rect.width, rect.height)).toBeGreaterThanOrEqual(24);
  }
  // A tap plays a move.
  const before = (await page.locator("#board").getAttribute("data-record")) ?? "";
  const legal = ((await page.locator("#board").getAttribute("data-legal")) ?? "").split(",").map(Number);
  const toMove = await page.locator("#board").getAttribute("data-to-move");
  const index = toMove === "south" ? legal[0] - 1 : legal[0] + 6;
  await tap(page.locator(`button.hole[data-hole="${index}"]`));
  await settled(page, { record: before + legal[0] });
  await expectMatchesEngine(page, { mode: "two" });
  expect(errors).toEqual([]);
  await context.close();
});

test("a game in progress on a desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 22, minMoves: 10 });
  for (const hole of moves.slice(0, 7)) await playMove(page, hole);
  await expectMatchesEngine(page, { mode: "two" });
  await page.screenshot({ path: `${ARTIFACTS}desktop-mid-game.png`, fullPage: true });
});

test("the rules open in a dialog", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#rules-button").click();
  const dialog = page.locator("dialog[open]");
  await expect(dialog).toHaveCount(1);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/necklace|capture/i);
  await page.screenshot({ path: `${ARTIFACTS}rules-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(page.locator("dialog[open]")).toHaveCount(0);
});
