// Puzzles (the Puzzles button, `#walak=1&puzzle=ID`): a right answer and a wrong one, the exact
// values shown after the answer and the best line played out, progress and the rating, the
// puzzle of the day, links to a puzzle and broken ones. The puzzles are read from the page's own
// file (WALAK_PUZZLES names another).
import {
  test, expect, ARTIFACTS, holeButton, openPage, playMove, readBoard, settled, shippedPuzzles, trackIndex, budget,
} from "./helpers.mjs";

const PUZZLES = shippedPuzzles();

/** A puzzle with North to move and one with South to move. */
const northPuzzle = PUZZLES.find((p) => p.record.length % 2 === 1);
const southPuzzle = PUZZLES.find((p) => p.record.length % 2 === 0);

/** The puzzle of the day, worked out as the page says it does (UTC days, multiplicative hash). */
function dailyId(date = new Date()) {
  const day = BigInt(Math.floor(date.getTime() / 86_400_000));
  return PUZZLES[Number((day * 2654435761n) % BigInt(PUZZLES.length))].id;
}

/** Answers the puzzle with the mover's hole `n` (the best line then plays on from the position). */
async function answer(page, n) {
  const { to_move: side } = await readBoard(page);
  await holeButton(page, trackIndex(side, n)).click();
}

async function openPuzzle(page, id, query = "?speed=instant") {
  await openPage(page, `${query}#walak=1&puzzle=${id}`);
  await expect(page.locator("#puzzle")).toHaveAttribute("data-id", id);
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "ready");
  await settled(page);
}

test("a right answer: the values of every move, then the best line played out", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const puzzle = southPuzzle;
  await openPuzzle(page, puzzle.id);
  expect((await readBoard(page)).record).toBe(puzzle.record);
  await expect(page.locator("#puzzle-instruction")).toHaveText(
    puzzle.value > 0 ? "South to move: find the move that wins the most." : "South to move: find the move that saves the draw.");
  await answer(page, puzzle.best);
  const panel = page.locator("#puzzle");
  await expect(panel).toHaveAttribute("data-state", /right|line|done/);
  await expect(page.locator("#puzzle-said")).toContainText(`Right! Hole ${puzzle.best} is the only move`);
  const items = page.locator("#puzzle-values li");
  await expect(items).toHaveCount(puzzle.values.size);
  for (const [hole, value] of puzzle.values) {
    await expect(page.locator(`#puzzle-values li[data-hole="${hole}"]`)).toHaveAttribute("data-value", String(value));
  }
  await expect(page.locator('#puzzle-values li[data-best="true"]')).toHaveAttribute("data-hole", String(puzzle.best));
  // The best line plays out to its end, from the puzzle's position.
  await expect(panel).toHaveAttribute("data-state", "done", { timeout: budget(20_000) });
  expect((await readBoard(page)).record).toBe(puzzle.record + puzzle.line);
  expect(puzzle.line[0]).toBe(String(puzzle.best));
  await expect(page.locator("#puzzle-progress")).toContainText(`Solved 1 of ${PUZZLES.length} · streak 1`);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("walak-pussa.puzzles")));
  expect(saved.rating).toBeGreaterThan(1000);
  expect(saved.results[puzzle.id]).toBe(1);
  await page.screenshot({ path: `${ARTIFACTS}puzzle-1280-done.png` });
});

test("a wrong answer says what it gave away, and the next puzzle follows", async ({ page }) => {
  const puzzle = northPuzzle;
  await openPuzzle(page, puzzle.id);
  // The board is seen from North's side: North's row at the bottom.
  await expect(page.locator("#flip")).toHaveAttribute("aria-pressed", "true");
  const [wrong, played] = [...puzzle.values].find(([hole]) => hole !== puzzle.best);
  await answer(page, wrong);
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", /wrong|line|done/);
  const lost = puzzle.value - played;
  await expect(page.locator("#puzzle-said")).toContainText(`Hole ${wrong} gives away ${lost} seed`);
  await expect(page.locator("#puzzle-said")).toContainText(`The move was hole ${puzzle.best}.`);
  await expect(page.locator("#puzzle-values")).toContainText(`Hole ${wrong}:`);
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "done", { timeout: budget(20_000) });
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("walak-pussa.puzzles")));
  expect(saved.rating).toBeLessThan(1000);
  expect(saved.streak).toBe(0);
  await page.locator("#puzzle-next").click();
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "ready");
  await expect(page.locator("#puzzle")).not.toHaveAttribute("data-id", puzzle.id);
  const next = await page.locator("#puzzle").getAttribute("data-id");
  expect(PUZZLES.some((p) => p.id === next)).toBe(true);
});

test("the puzzle of the day, and the game on the board comes back afterwards", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await playMove(page, 2);
  const record = (await readBoard(page)).record;
  // A newcomer starts near their rating (1000); the day's puzzle is a button away.
  await page.locator("#puzzles-button").click();
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "ready");
  const first = Number(await page.locator("#puzzle").getAttribute("data-rating"));
  const nearest = Math.min(...PUZZLES.map((p) => Math.abs(p.rating - 1000)));
  expect(Math.abs(first - 1000)).toBe(nearest);
  if (dailyId() !== (await page.locator("#puzzle").getAttribute("data-id"))) await page.locator("#puzzle-daily").click();
  await expect(page.locator("#puzzle")).toHaveAttribute("data-id", dailyId());
  await expect(page.locator("#puzzle")).toHaveAttribute("data-daily", "true");
  await expect(page.locator("#puzzle-about")).toContainText("Puzzle of the day");
  // The hint and the move values are not there to give it away.
  await expect(page.locator("#hint")).toBeHidden();
  await page.locator("#puzzle-close").click();
  await expect(page.locator("#puzzle")).toBeHidden();
  await settled(page, { record });
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("walak-pussa.games.")));
  expect(kept).toEqual([]);
});

test("a link to a puzzle opens it; a broken one says why", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#puzzles-button").click();
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "ready");
  await page.locator("#puzzle-share").click();
  const link = await page.locator("#puzzle-link").inputValue();
  const id = await page.locator("#puzzle").getAttribute("data-id");
  expect(link).toMatch(new RegExp(`#walak=1&puzzle=${id}$`));
  await page.locator("#puzzle-close").click();
  await page.goto(link);
  await settled(page);
  await expect(page.locator("#puzzle")).toHaveAttribute("data-id", id);
  await page.goto("./?speed=instant#walak=1&puzzle=NOPE!");
  await settled(page);
  await expect(page.locator("#notice-text")).toContainText("This puzzle link is broken");
  await page.goto("./?speed=instant#walak=1&puzzle=zzzzz");
  await settled(page);
  await expect(page.locator("#puzzle-said")).toContainText('There is no puzzle "zzzzz" here');
  await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "ready");
});

for (const lang of ["en", "ur"]) {
  test(`a puzzle on a phone with the keys alone, in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const puzzle = southPuzzle;
    await openPuzzle(page, puzzle.id, `?speed=instant&lang=${lang}`);
    await page.keyboard.press(String(puzzle.best));
    await expect(page.locator("#puzzle")).toHaveAttribute("data-state", "done", { timeout: budget(20_000) });
    await expect(page.locator("#puzzle-next")).toBeFocused();
    await expect(page.locator("#puzzle-next")).toBeInViewport();
    await page.screenshot({ path: `${ARTIFACTS}puzzle-390-${lang}.png` });
  });
}
