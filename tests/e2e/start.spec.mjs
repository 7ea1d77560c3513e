// The page loads the engine and shows the start position.
import { test } from "@playwright/test";
import { expect, ARTIFACTS, phonePage, watchErrors } from "./helpers.mjs";

const START_BOARD = Array(14).fill(4).join(",");

test("shows the start position, South to move", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto("./");

  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-status", "playing");
  await expect(board).toHaveAttribute("data-board", START_BOARD);
  await expect(board).toHaveAttribute("data-reserves", "0,0");
  await expect(board).toHaveAttribute("data-to-move", "south");
  await expect(board).toHaveAttribute("data-round", "1");
  await expect(board).toHaveAttribute("data-legal", "1,2,3,4,5,6,7");
  // The status line says whose turn it is (docs/page-contract.md).
  await expect(page.locator("#status")).toBeVisible();
  await expect(page.locator("#status")).toContainText("South");
  await expect(page).toHaveTitle("Walak-pussa");

  await page.screenshot({ path: `${ARTIFACTS}start-desktop.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("fits a phone and draws at the device pixel ratio", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  await page.goto("./");

  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-board", START_BOARD);
  const size = await board.evaluate((canvas) => ({
    cssWidth: canvas.clientWidth,
    cssHeight: canvas.clientHeight,
    pixelWidth: canvas.width,
    pageWidth: document.documentElement.scrollWidth,
  }));
  expect(size.pageWidth).toBeLessThanOrEqual(390);
  // Upright, the board is turned a quarter and takes most of the height.
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  expect(size.cssHeight).toBeGreaterThan(844 / 2);
  expect(size.pixelWidth).toBe(size.cssWidth * 3);

  await page.screenshot({ path: `${ARTIFACTS}start-phone.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("uses only relative URLs, so it works under any path", async ({ request }) => {
  const html = await (await request.get("./")).text();
  expect(html).not.toMatch(/(?:src|href)=["']\/(?!\/)/);
  expect(html).not.toMatch(/from ["']\/(?!\/)/);
  expect(html).not.toMatch(/module_or_path: ["']\/(?!\/)/);
});

test("says so clearly when the engine cannot be loaded", async ({ page }) => {
  await page.route("**/*.wasm", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto("./");

  await expect(page.locator("#board")).toHaveAttribute("data-status", "error");
  const status = page.locator("#status");
  await expect(status).toBeVisible();
  await expect(status).toContainText("could not be loaded");
  await page.screenshot({ path: `${ARTIFACTS}load-error.png` });
});
