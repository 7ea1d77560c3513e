// The saved game: a reload restores the game (also in the middle of an animation), and a saved
// game that cannot be read is kept aside and reported, never silently lost.
import {
  test,
  expect,
  SAVE_KEY,
  START_BOARD,
  UNREADABLE_KEY,
  expectMatchesEngine,
  holeButton,
  openPage,
  playMove,
  randomGame,
  readBoard,
  savedGame,
  seedSavedGame,
  settled,
  budget,
} from "./helpers.mjs";

const TWO = { mode: "two" };

/** Waits until the query that set up the game has been removed from the address. */
async function expectQueryRemoved(page) {
  await expect.poll(() => new URL(page.url()).searchParams.has("mode")).toBe(false);
}

test("a reload restores the game: record, board and mode", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 11, minMoves: 10 });
  for (const hole of moves.slice(0, 5)) await playMove(page, hole);
  const before = await expectMatchesEngine(page, TWO);
  expect(before.record).toBe(moves.slice(0, 5).join(""));
  await expectQueryRemoved(page);

  await expect.poll(() => savedGame(page).then((saved) => saved?.record)).toBe(before.record);
  const saved = await savedGame(page);
  expect(saved).toMatchObject({ version: 1, mode: "two", options: { rounds: false, first: "south" } });

  await page.reload();
  await settled(page, { record: before.record });
  const after = await expectMatchesEngine(page, TWO);
  expect(after).toEqual(before);
});

test("a reload keeps the moves taken back for redo", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 12, minMoves: 10 });
  for (const hole of moves.slice(0, 5)) await playMove(page, hole);
  for (let n = 4; n >= 3; n--) {
    await page.locator("#undo").click();
    await settled(page, { record: moves.slice(0, n).join("") });
  }
  await expect.poll(() => savedGame(page).then((saved) => saved && [saved.record, saved.redo])).toEqual([
    moves.slice(0, 3).join(""),
    moves.slice(3, 5).join(""),
  ]);

  await page.reload();
  await settled(page, { record: moves.slice(0, 3).join("") });
  await expectMatchesEngine(page, TWO);
  await page.locator("#redo").click();
  await settled(page, { record: moves.slice(0, 4).join("") });
  await expectMatchesEngine(page, TWO);
});

test("a reload in the middle of an animation restores the position after the move", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?mode=two&speed=slow");
  await expectQueryRemoved(page);
  await holeButton(page, 4).click(); // South's hole 5: a seven-lap opening
  await expect(page.locator("#board")).toHaveAttribute("data-animating", "true");
  // The move is saved as it is played, while it is still being shown.
  await expect.poll(() => savedGame(page).then((saved) => saved?.record)).toBe("5");

  await page.reload();
  await page.waitForFunction(() => ["playing", "game_over"].includes(document.getElementById("board")?.dataset.status));
  // Either no animation is pending, or the move replays cleanly: skip it.
  if ((await readBoard(page)).animating === "true") await page.locator("#skip").click();
  await settled(page, { record: "5" });
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe("5");
});

const GOOD = { version: 1, options: { rounds: false, first: "south" }, mode: "two", side: "south", redo: "" };
const UNREADABLE = {
  "garbage": "{this is not json",
  "an illegal record": JSON.stringify({ ...GOOD, record: "7261" }),
  "a future version": JSON.stringify({ ...GOOD, version: 99, record: "1" }),
};

for (const [what, value] of Object.entries(UNREADABLE)) {
  test(`a saved game that cannot be read (${what}) is kept and reported`, async ({ page }) => {
    await seedSavedGame(page, value);
    await page.goto("./?speed=instant");
    await settled(page);
    const notice = page.locator("#notice");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("role", "alert");
    await expect(notice).toContainText("saved game could not be read");
    expect(await page.evaluate((key) => localStorage.getItem(key), UNREADABLE_KEY)).toBe(value);

    await page.locator("#notice-new-game").click();
    await expect(notice).toBeHidden();
    await settled(page, { record: "" });
    const shown = await expectMatchesEngine(page);
    expect(shown.record).toBe("");
    expect(shown.board).toEqual(START_BOARD);
    expect(shown.status).toBe("playing");
    expect(shown.to_move).toBe("south");
    await expect(notice).toBeHidden();
    // The unreadable game is still kept after starting afresh.
    expect(await page.evaluate((key) => localStorage.getItem(key), UNREADABLE_KEY)).toBe(value);
  });
}

test("a second unreadable saved game is kept beside the first, not over it", async ({ page }) => {
  const first = "{this is not json";
  const second = '{"version": 99}';
  const kept = () =>
    page.evaluate((key) => [1, 2, 3].map((n) => localStorage.getItem(n === 1 ? key : `${key}.${n}`)), UNREADABLE_KEY);
  await seedSavedGame(page, first);
  await page.goto("./?speed=instant");
  await settled(page);
  await expect(page.locator("#notice")).toBeVisible();
  expect(await kept()).toEqual([first, null, null]);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SAVE_KEY, second]);
  await page.reload();
  await settled(page);
  await expect(page.locator("#notice")).toBeVisible();
  expect(await kept()).toEqual([second, first, null]);
  // The same unreadable game found again is not kept twice.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SAVE_KEY, second]);
  await page.reload();
  await settled(page);
  await expect(page.locator("#notice")).toBeVisible();
  expect(await kept()).toEqual([second, first, null]);
});

test("an unreadable saved game is reported even when the address sets up a new game", async ({ page }) => {
  const value = "{this is not json";
  await seedSavedGame(page, value);
  await page.goto("./?mode=two&speed=instant");
  await settled(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), UNREADABLE_KEY)).toBe(value);
  const notice = page.locator("#notice");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("saved game could not be read");
});
