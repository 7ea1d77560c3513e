// A page that embeds the game in an iframe hears of every move, of a position changed otherwise
// (undo, a restart), and of the end of the game.
import { test, expect, openHost, settled } from "./helpers.mjs";

test("the embedded game posts its moves and its end to the host page", async ({ page, baseURL }) => {
  const { frames } = await openHost(page, baseURL, [{ id: "game", src: "./?mode=two&speed=instant", width: 800, height: 700 }]);
  const game = frames.game;
  await game.locator('button.hole[data-hole="2"]').click();
  await expect.poll(() => page.evaluate(() => window.heard.length)).toBe(1);
  const [move] = await page.evaluate(() => window.heard);
  expect(move).toMatchObject({ version: 1, type: "move", side: "south", hole: 3, laps: 7, captured: 6, record: "3" });
  expect(move.state.reserves).toEqual([6, 0]);
  expect(move.state.to_move).toBe("north");

  // Play on with the engine's own legal moves until the game ends.
  for (let i = 0; i < 300; i++) {
    const data = await game.locator("#board").evaluate((b) => ({ ...b.dataset }));
    if (data.status === "game_over") break;
    const hole = Number(data.legal.split(",")[0]);
    const index = data.toMove === "south" ? hole - 1 : hole + 6;
    await game.locator(`button.hole[data-hole="${index}"]`).click();
    await settled(game, { moves: data.record.length + 1 });
  }
  // The host hears by postMessage, so the end may arrive a moment after the board shows it.
  await expect.poll(async () => (await page.evaluate(() => window.heard)).at(-1).type).toBe("game_over");
  const heard = await page.evaluate(() => window.heard);
  const end = heard.at(-1);
  expect(["south", "north", "draw"]).toContain(end.winner);
  expect(heard.filter((m) => m.type === "move").length).toBe(end.record.length);
});

const heard = (page) => page.evaluate(() => window.heard);

test("an embed tells the host page of a move taken back and of a game started again", async ({ page, baseURL }) => {
  const { frames } = await openHost(page, baseURL, [
    { id: "game", src: "./?embed=1&speed=instant#walak=1&moves=35", width: 640, height: 280 },
  ]);
  const game = frames.game;
  await game.locator('button.hole[data-hole="0"]').click();
  await settled(game, { record: "351" });

  await game.locator("#embed-undo").click();
  await settled(game, { record: "35" });
  await expect.poll(async () => (await heard(page)).length).toBe(2);
  const undone = (await heard(page))[1];
  expect(undone).toMatchObject({ version: 1, type: "position", record: "35" });
  expect(undone.state).toMatchObject({ to_move: "south", round: 1, status: "playing" });
  const board = await game.locator("#board").evaluate((b) => b.dataset.board);
  expect(undone.state.board.join(",")).toBe(board);

  await game.locator("#embed-undo").click();
  await settled(game, { record: "3" });
  await game.locator("#embed-restart").click();
  await expect.poll(async () => (await heard(page)).map((m) => `${m.type} ${m.record}`)).toEqual(
    ["move 351", "position 35", "position 3", "position 35"]);
});
