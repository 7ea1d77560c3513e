// The rules dialog speaks of the board the person sees: on an upright phone the board is turned (South's
// row up the right-hand side), so the rules' words and their example boards are those of the turned
// board, in every language; turning the phone while the rules are open turns them too.
import { test, expect, openPage, phonePage } from "./helpers.mjs";
import { LANGUAGES } from "../../www/i18n/index.js";

/** What the rules say of the board and of the order of the holes, and how their examples are drawn. */
function readRules(page) {
  return page.evaluate(() => {
    const body = document.getElementById("rules-body");
    return {
      board: body.querySelector("p").textContent,
      sow: body.querySelector("ol li:nth-child(2)").textContent,
      examples: [...body.querySelectorAll("canvas.example-board")].map((canvas) => canvas.dataset.orientation),
      main: document.getElementById("board").dataset.orientation,
    };
  });
}

async function openRules(page) {
  if (!(await page.locator("#rules-button").isVisible())) await page.click("#more");
  await page.click("#rules-button");
  await expect(page.locator("#rules")).toBeVisible();
  await expect(page.locator(".example-caption").first()).not.toBeEmpty();
}

test("on an upright phone the rules describe the turned board, and follow the phone when it is turned", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=instant&lang=en");
  await openRules(page);
  let rules = await readRules(page);
  expect(rules.main).toBe("portrait");
  expect(rules.board).not.toContain("bottom row");
  expect(rules.board).toContain("right-hand side");
  expect(rules.sow).not.toContain("under and above");
  expect(rules.sow).toContain("beside the holes");
  expect(rules.examples).toEqual(["portrait", "portrait"]);

  // The phone turned on its side while the rules are open: the long board, its words and pictures.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect(page.locator("#board")).toHaveAttribute("data-orientation", "landscape");
  await expect.poll(async () => (await readRules(page)).examples).toEqual(["landscape", "landscape"]);
  rules = await readRules(page);
  expect(rules.board).toContain("South owns the bottom row");
  expect(rules.sow).toContain("under and above");

  // Upright again, and the rules opened anew.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("#board")).toHaveAttribute("data-orientation", "portrait");
  await openRules(page);
  rules = await readRules(page);
  expect(rules.board).toContain("right-hand side");
  expect(rules.examples).toEqual(["portrait", "portrait"]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a wide screen keeps the long board's rules", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await openPage(page, "?mode=two&speed=instant&lang=en");
  await openRules(page);
  const rules = await readRules(page);
  expect(rules.main).toBe("landscape");
  expect(rules.board).toContain("South owns the bottom row");
  expect(rules.examples).toEqual(["landscape", "landscape"]);
});

for (const { code } of LANGUAGES) {
  test(`the rules have words of their own for the turned board (${code})`, async ({ browser }) => {
    const { context, page, errors } = await phonePage(browser, [360, 740]);
    await openPage(page, `?mode=two&speed=instant&lang=${code}`);
    await openRules(page);
    const turned = await readRules(page);
    await page.setViewportSize({ width: 740, height: 360 });
    await expect.poll(async () => (await readRules(page)).examples).toEqual(["landscape", "landscape"]);
    const long = await readRules(page);
    expect(turned.examples).toEqual(["portrait", "portrait"]);
    expect(turned.board, "the board's description").not.toBe(long.board);
    expect(turned.sow, "where the holes' numbers are").not.toBe(long.sow);
    expect(errors).toEqual([]);
    await context.close();
  });
}
