// The lesson (`?lesson=1`, the Learn button, `?embed=1&lesson=1`): seven steps whose positions and
// moves come from the engine. Each step is made here as a newcomer would: a wrong move first
// where the step asks to find one (explained, then taken back), then the right one.
import { test, expect, ARTIFACTS, lessonSteps, openPage, playMove, readBoard, settled, shippedPuzzles, budget } from "./helpers.mjs";

/** A legal move of the step other than its own. */
function wrongMove(step) {
  const row = step.setup.board.slice(0, 7);
  return [1, 2, 3, 4, 5, 6, 7].find((n) => n !== step.hole && row[n - 1] > 0);
}

/** Waits for step `index` in `state`; a step ready for its move also has its position settled on the board. */
async function expectStep(page, index, state) {
  const panel = page.locator("#lesson");
  await expect(panel).toHaveAttribute("data-step", String(index + 1));
  await expect(panel).toHaveAttribute("data-state", state);
  if (state === "ready") await settled(page);
}

/** Makes step `index`: a wrong move first (taken back) where the step asks to find the move. */
async function makeStep(page, steps, index, how = "click") {
  const step = steps[index];
  await expectStep(page, index, "ready");
  expect((await readBoard(page)).board).toEqual(step.setup.board);
  if (step.find) {
    await playMove(page, wrongMove(step), how);
    await expectStep(page, index, "wrong");
    await expect(page.locator("#lesson-said")).not.toBeEmpty();
    await page.locator("#lesson-retry").click();
    await expectStep(page, index, "ready");
    expect((await readBoard(page)).board).toEqual(step.setup.board);
  }
  await playMove(page, step.hole, how);
  await expectStep(page, index, "done");
}

test("a newcomer goes through the whole lesson, and the game they were playing comes back", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  await playMove(page, 1);
  const record = (await readBoard(page)).record;
  await page.locator("#learn").click();
  await expect(page.locator("#lesson")).toBeVisible();
  await expect(page).toHaveURL(/lesson=1/);
  const steps = await lessonSteps();
  expect(steps.length).toBeGreaterThanOrEqual(6);
  expect(steps.length).toBeLessThanOrEqual(8);
  // The game's own controls stand aside; the move values never show.
  await expect(page.locator("#new-game")).toBeHidden();
  for (let i = 0; i < steps.length; i++) {
    await expect(page.locator("#lesson-progress")).toHaveText(`Step ${i + 1} of ${steps.length}`);
    await makeStep(page, steps, i);
    if (i === 0) await page.screenshot({ path: `${ARTIFACTS}lesson-1280-step1-done.png` });
    if (i < steps.length - 1) await page.locator("#lesson-next").click();
  }
  // The last step's claim is the engine's: South wins with those reserves.
  const last = steps.at(-1);
  await expect(page.locator("#lesson-said")).toContainText(`You win ${last.claim.reserves[0]} to ${last.claim.reserves[1]}`);
  await expect(page.locator("#lesson-said")).toContainText("Lesson complete");
  await page.screenshot({ path: `${ARTIFACTS}lesson-1280-complete.png` });
  await page.locator("#lesson-close").click();
  await expect(page.locator("#lesson")).toBeHidden();
  await expect(page).not.toHaveURL(/lesson=1/);
  expect((await readBoard(page)).record).toBe(record);
  await expect(page.locator("#new-game")).toBeVisible();
  // Nothing of the lesson went among Your games.
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("walak-pussa.games.")));
  expect(kept).toEqual([]);
});

test("each step's sentence says what the engine computed, and a wrong move what it did instead", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?lesson=1&speed=instant");
  const steps = await lessonSteps();
  const relay = steps.findIndex((s) => s.topic === "relay");
  await page.evaluate(() => localStorage.clear());
  for (let i = 0; i < relay; i++) await makeStep(page, steps, i).then(() => page.locator("#lesson-next").click());
  await expect(page.locator("#lesson-instruction")).toContainText(`Play hole ${steps[relay].hole}`);
  await playMove(page, steps[relay].hole);
  await expect(page.locator("#lesson-said")).toContainText(`${steps[relay].claim.laps} laps in one move`);
  await page.locator("#lesson-next").click();
  // "Where a sowing stops": the board rings the empty hole; a wrong move says where it stopped.
  const stop = steps[relay + 1];
  expect(stop.topic).toBe("stop");
  await expect(page.locator("#lesson-instruction")).toContainText(`North's hole ${(stop.target % 7) + 1}`);
  const wrong = wrongMove(stop);
  await playMove(page, wrong);
  await expect(page.locator("#lesson-said")).toContainText(`Hole ${wrong}:`);
  await expect(page.locator("#announcer")).toContainText(`Hole ${wrong}:`);
  // Show me takes it back and rings the step's hole.
  await page.locator("#lesson-show").click();
  await expectStep(page, relay + 1, "ready");
  await expect(page.locator("#lesson-said")).toHaveText(`Play the ringed hole, hole ${stop.hole}.`);
  // A hole tapped while the step waits for its buttons says so, and plays nothing.
  await playMove(page, stop.hole);
  const record = (await readBoard(page)).record;
  // (Marked aria-disabled, yet it still takes a click.)
  await page.locator('button.hole[data-hole="0"]').click({ force: true });
  await expect(page.locator("#tap-said")).toHaveText("Go on with the buttons under the board.");
  // Nor do the keys of the move list take the step's move back.
  await page.keyboard.press("u");
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  expect((await readBoard(page)).record).toBe(record);
  // Progress is remembered: a reload opens the same step.
  await page.reload();
  await settled(page);
  await expectStep(page, relay + 1, "ready");
  await expect(page.locator("#lesson-next")).toBeVisible(); // done before: Next is there
});

test("the lesson is done with the keyboard alone", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#learn").focus();
  await page.keyboard.press("Enter");
  const steps = await lessonSteps();
  for (let i = 0; i < 2; i++) {
    await expectStep(page, i, "ready");
    await page.keyboard.press(String(steps[i].hole));
    await expectStep(page, i, "done");
    // Next has the focus once the step is done.
    await expect(page.locator("#lesson-next")).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expectStep(page, 2, "ready");
});

test("an embedded lesson fits its frame, in Urdu on a phone-sized frame too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openPage(page, "?embed=1&lesson=1&lang=ur&speed=instant");
  const steps = await lessonSteps();
  await expect(page.locator("#lesson")).toBeVisible();
  await expect(page.locator("#lesson-close")).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await makeStep(page, steps, 0);
  const box = await page.locator("#lesson-actions").boundingBox();
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await page.screenshot({ path: `${ARTIFACTS}lesson-embed-ur-360.png` });
});

for (const lang of ["en", "ml", "th", "ur", "pa", "sl", "si"]) {
  test(`the lesson's first step on a phone in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `?lesson=1&lang=${lang}&speed=instant`);
    const steps = await lessonSteps();
    await makeStep(page, steps, 0, "click");
    await expect(page.locator("#lesson-next")).toBeInViewport();
    await page.screenshot({ path: `${ARTIFACTS}lesson-390-${lang}.png` });
  });
}

test("at the lesson's end a newcomer goes on to a puzzle, keyboard only", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const steps = await lessonSteps();
  // Every step but the last done before: the lesson opens at the last one.
  await page.evaluate((last) => localStorage.setItem("walak-pussa.lesson", JSON.stringify({ at: last, done: [...Array(last).keys()] })), steps.length - 1);
  await page.goto("./?lesson=1&speed=instant");
  await settled(page);
  await expectStep(page, steps.length - 1, "ready");
  await page.keyboard.press(String(steps.at(-1).hole));
  await expectStep(page, steps.length - 1, "done");
  await expect(page.locator("#lesson-puzzle")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#lesson")).toBeHidden();
  const puzzle = page.locator("#puzzle");
  await expect(puzzle).toHaveAttribute("data-state", "ready");
  await settled(page);
  // The puzzle's best move, from the page's own puzzle file.
  const id = await puzzle.getAttribute("data-id");
  const { best } = shippedPuzzles().find((p) => p.id === id);
  await page.keyboard.press(String(best));
  await expect(puzzle).toHaveAttribute("data-state", /right|line|done/);
  await expect(page.locator("#puzzle-said")).toContainText("Right!");
});

test("the step with no move left speaks of North's seeds in the right number", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const steps = await lessonSteps();
  const index = steps.findIndex((s) => s.topic === "no_move");
  const left = steps[index].setup.board.slice(7).reduce((a, b) => a + b, 0);
  await page.evaluate((at) => localStorage.setItem("walak-pussa.lesson", JSON.stringify({ at, done: [] })), index);
  await openPage(page, "?lesson=1&speed=instant");
  await expectStep(page, index, "ready");
  const text = await page.locator("#lesson-instruction").textContent();
  expect(text).toContain(`North has only ${left} seed${left === 1 ? "" : "s"} left`);
  expect(text).toMatch(left === 1 ? /captures it\.$/ : /captures them\.$/);
});
