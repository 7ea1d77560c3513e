// Undo, redo and the move list: going back and forth through a game shows the engine's state for
// the record at that point, and a new move from an earlier point discards the later moves.
import {
  test,
  expect,
  expectMatchesEngine,
  openPage,
  playMove,
  randomGame,
  readBoard,
  settled,
} from "./helpers.mjs";

const TWO = { mode: "two" };

/** Plays the first `count` moves of a seeded random game; returns the whole game's moves. */
async function playOpening(page, count) {
  const moves = await randomGame(page, { seed: 3, minMoves: 12 });
  expect(moves.length).toBeGreaterThanOrEqual(12);
  for (const hole of moves.slice(0, count)) await playMove(page, hole);
  return moves;
}

/** Clicks `selector` and waits for the record to become `record`, then checks it against the engine. */
async function goTo(page, selector, record) {
  await page.locator(selector).click();
  await settled(page, { record });
  return expectMatchesEngine(page, TWO);
}

const moveButton = (page, ply) => page.locator(`#move-list button.move[data-ply="${ply}"]`);

async function expectCurrentPly(page, ply) {
  await expect(moveButton(page, ply)).toHaveAttribute("aria-current", "step");
  await expect(page.locator('#move-list button.move[aria-current="step"]')).toHaveCount(1);
}

test("undo and redo after six moves", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const moves = await playOpening(page, 6);
  const record = (n) => moves.slice(0, n).join("");
  await expectMatchesEngine(page, TWO);

  await goTo(page, "#undo", record(5));
  await goTo(page, "#undo", record(4));
  await goTo(page, "#undo", record(3));
  await goTo(page, "#redo", record(4));
  await goTo(page, "#redo", record(5));
  await goTo(page, "#redo", record(6));

  // Nothing left to redo: the button is disabled, and a click on it does nothing.
  await expect(page.locator("#redo")).toBeDisabled();
  await page.locator("#redo").click({ force: true });
  await settled(page);
  expect((await readBoard(page)).record).toBe(record(6));
  await expectMatchesEngine(page, TWO);

  // Undo all the way to the start; then nothing left to undo.
  for (let n = 5; n >= 0; n--) await goTo(page, "#undo", record(n));
  await expect(page.locator("#undo")).toBeDisabled();
  await page.locator("#undo").click({ force: true });
  await settled(page);
  expect((await readBoard(page)).record).toBe("");
});

test("the move list goes to any position; a new move discards the later ones", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const moves = await playOpening(page, 6);
  const record = (n) => moves.slice(0, n).join("");

  await expect(page.locator("#move-list button.move")).toHaveCount(7);
  for (let ply = 0; ply <= 6; ply++) await expect(moveButton(page, ply)).toHaveCount(1);
  await expectCurrentPly(page, 6);

  await goTo(page, '#move-list button.move[data-ply="2"]', record(2));
  await expectCurrentPly(page, 2);
  // The later moves can still be gone back to.
  await expect(page.locator("#move-list button.move")).toHaveCount(7);

  await goTo(page, '#move-list button.move[data-ply="5"]', record(5));
  await expectCurrentPly(page, 5);

  await goTo(page, '#move-list button.move[data-ply="0"]', "");
  await expectCurrentPly(page, 0);

  await goTo(page, '#move-list button.move[data-ply="2"]', record(2));
  const atTwo = await readBoard(page);
  const other = atTwo.legal.find((hole) => hole !== moves[2]) ?? moves[2];
  await playMove(page, other);
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe(record(2) + other);
  await expect(page.locator("#move-list button.move")).toHaveCount(4);
  await expect(moveButton(page, 4)).toHaveCount(0);
  await expectCurrentPly(page, 3);

  // The discarded moves cannot be redone.
  await expect(page.locator("#redo")).toBeDisabled();
  await page.locator("#redo").click({ force: true });
  await settled(page);
  expect((await readBoard(page)).record).toBe(record(2) + other);
});
