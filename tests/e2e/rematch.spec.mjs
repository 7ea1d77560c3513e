// The end of a game offers a rematch with the same set-up and one with the sides swapped.
import { test, expect, openPage, randomGame, readBoard, settled } from "./helpers.mjs";

test("Rematch starts the same game again; Swap sides lets the other player start", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 41, minMoves: 20, maxMoves: 400 });
  await page.goto(`./?speed=instant#walak=1&moves=${moves.join("")}`);
  await settled(page, { status: "game_over", record: moves.join("") });
  await expect(page.locator("#game-over")).toBeVisible();

  await page.locator("#game-over-rematch").click();
  await settled(page, { status: "playing", record: "" });
  let board = await readBoard(page);
  expect(board.record).toBe("");
  expect(board.to_move).toBe("south");
  expect(board.mode).toBe("two");

  // Play it to its end again, then swap: North starts.
  await page.goto(`./?speed=instant#walak=1&moves=${moves.join("")}`);
  await settled(page, { status: "game_over", record: moves.join("") });
  await page.locator("#game-over-swap").click();
  await settled(page, { status: "playing", record: "" });
  board = await readBoard(page);
  expect(board.record).toBe("");
  expect(board.to_move).toBe("north");
});

test("the New game dialog asks for side and level only against the computer; Start stands out", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#new-game").click();
  const dialog = page.locator("dialog#new-game-dialog");
  await expect(dialog.locator("#new-game-side")).toBeHidden();
  await expect(dialog.locator("#new-game-level")).toBeHidden();
  await dialog.locator('input[name="mode"][value="computer"]').check();
  await expect(dialog.locator("#new-game-side")).toBeVisible();
  await expect(dialog.locator("#new-game-level")).toBeVisible();
  const colours = await dialog.locator(".dialog-buttons button").evaluateAll((buttons) =>
    buttons.map((b) => [b.id, getComputedStyle(b).backgroundColor]));
  const start = colours.find(([id]) => id === "start-game")[1];
  expect(colours.filter(([id]) => id !== "start-game").every(([, colour]) => colour !== start), "Start looks unlike the others").toBe(true);
});
