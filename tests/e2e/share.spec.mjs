// Sharing a game by link: the link opens exactly that game elsewhere, and a bad link says what
// is wrong and leaves the person's own saved game alone.
import { test, expect, openPage, readBoard, playMove, randomGame, savedGame, settled, watchErrors, expectMatchesEngine } from "./helpers.mjs";

test("a shared link opens the same game, at the same position, in a fresh browser", async ({ page, browser, baseURL }) => {
  await openPage(page, "?mode=two&rounds=1&first=north&speed=instant");
  const moves = await randomGame(page, { seed: 5, minMoves: 8, options: { rounds: true, first: "north" } });
  for (const hole of moves) await playMove(page, hole, "digit");
  await page.click("#undo");
  await page.click("#undo");
  await settled(page, { record: moves.slice(0, -2).join("") });
  const shown = await readBoard(page);
  await page.click("#share");
  await expect(page.locator("#share-dialog")).toBeVisible();
  const link = await page.inputValue("#share-link");
  expect(link).toContain(`moves=${moves.join("")}`);
  expect(link).toContain("at=6");
  expect(link).toContain("rounds=1");
  expect(link).toContain("first=north");
  // The position shown written out, for a first visit to draw before its engine: in rounds, the
  // round and the holes in play too.
  const position = `${shown.board.join(".")}-${shown.reserves.join(".")}-${shown.to_move}-${shown.round}-`;
  expect(link).toContain(`&position=${position}`);
  await page.click("#share-dialog button[type=submit]");

  const other = await browser.newContext({ baseURL });
  const friend = await other.newPage();
  const errors = watchErrors(friend);
  await friend.goto(link);
  await settled(friend, { record: shown.record });
  const opened = await readBoard(friend);
  expect(opened.record).toBe(shown.record);
  expect(opened.board).toEqual(shown.board);
  expect(opened.to_move).toBe(shown.to_move);
  await expectMatchesEngine(friend, { options: { rounds: true, first: "north" } });
  // The rest of the line is there to step forward through.
  await expect(friend.locator('button.move[data-ply="8"]')).toHaveCount(1);
  await friend.click('button.move[data-ply="8"]');
  await settled(friend, { record: moves.join("") });
  // The address no longer carries the game, and the game is now the friend's saved game.
  expect(new URL(friend.url()).hash).toBe("");
  expect((await savedGame(friend)).record).toBe(moves.join(""));
  expect(errors).toEqual([]);
  await other.close();
});

const BAD_LINKS = [
  ["#walak=1&moves=7261", /could not be opened: it describes a game that cannot be played: move 4 of the record is illegal/],
  ["#walak=7&moves=12", /newer version/],
  ["#walak=1&moves=12x4", /character 3 of its moves/],
  ["#walak=1&moves=12&at=9", /at=9/],
  ["#walak=1&moves=12&rounds=maybe", /rounds/],
  ["#walak=1&moves=12&colour=red", /does not know \(colour\)/],
  ["#walak=one", /not a number/],
  ["#walak=1&moves=12&moves=34", /gives "moves" more than once/],
  ["#walak=1&moves=72&position=0.0.0.0.0.1.6.5.1.2.12.1.12.0-6.10-north", /the position it shows is not the one its moves reach/],
  ["#walak=1&moves=72&position=0.0.0-6.10-south", /its position must list the seeds of 14 holes/],
];

test("a bad link says what is wrong and keeps the saved game", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  for (const hole of await randomGame(page, { seed: 2, minMoves: 3 })) await playMove(page, hole, "digit");
  const mine = await readBoard(page);
  for (const [hash, message] of BAD_LINKS) {
    await page.goto("about:blank");
    await page.goto(`./${hash}`);
    await settled(page, { record: mine.record });
    await expect(page.locator("#notice")).toBeVisible();
    await expect(page.locator("#notice-text")).toHaveText(message);
    const now = await readBoard(page);
    expect(now.record, hash).toBe(mine.record);
    expect((await savedGame(page)).record, hash).toBe(mine.record);
  }
});

test("a bad link is explained in the page's language, the engine's reason too", async ({ page }) => {
  await page.goto("./?lang=sl&mode=two&speed=instant#walak=1&moves=7261");
  await settled(page);
  await expect(page.locator("#notice-text")).toHaveText(/poteza 4 v zapisu ni dovoljena: Sever, jamica 1 je prazna/);
  await expect(page.locator("#notice-text")).not.toHaveText(/illegal|empty/);
});
