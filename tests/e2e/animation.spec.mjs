// The animation of a move and its controls: pause, one event, one lap, skip, replay, speed. The
// opening move is used throughout: every first move relays for seven laps.
import {
  test,
  expect,
  ARTIFACTS,
  expectMatchesEngine,
  frameIndices,
  holeButton,
  isOneEventStep,
  openPage,
  pause,
  previewMove,
  randomGame,
  readBoard,
  readCounts,
  settled,
  closeDialog,
  trackIndex,
  traceFrames,
  watchErrors,
  budget,
  changedPixels,
  keepPixels,
  phonePage,
} from "./helpers.mjs";

const TWO = { mode: "two" };

/**
 * Asserts that the move being shown ended at once: by the time the click, key or choice that ends
 * it has been handled (the page ends it in the handler), not when a slow move would have ended.
 */
async function expectEndedAtOnce(page, what) {
  expect(await page.locator("#board").getAttribute("data-animating"), `${what}: the move shown ends at once`).toBe("false");
}

/** The lap number shown by `#lap-counter` ("Lap 3"). */
async function lapShown(page) {
  const text = await page.locator("#lap-counter").textContent();
  const match = /Lap (\d+)/.exec(text ?? "");
  expect(match, `#lap-counter text "${text}"`).not.toBeNull();
  return Number(match[1]);
}

/** The frames (counts after each event) of South's opening move `hole`. */
async function openingFrames(page, hole) {
  const { before, trace } = await previewMove(page, "", hole);
  expect(trace.filter((e) => e.event === "relay")).toHaveLength(6);
  expect(trace.find((e) => e.event === "sowing_end")).toMatchObject({ laps: 7 });
  return traceFrames(before, trace);
}

/** Waits up to `ms` for the drawn counts to differ from `counts`; returns the new counts or null. */
async function countsChangeFrom(page, counts, ms) {
  const drawn = ({ board, reserves }) => `${board.join(",")} ${reserves.join(",")}`;
  try {
    await page.waitForFunction(
      (was) => {
        const { board, reserves } = document.getElementById("board").dataset;
        return `${board} ${reserves}` !== was;
      },
      drawn(counts),
      { timeout: ms, polling: 20 },
    );
  } catch {
    return null;
  }
  return readCounts(page);
}

test("pause, step one event, step one lap, resume and skip", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?mode=two&speed=slow");
  await expect(page.locator("#speed")).toHaveValue("slow");
  const board = page.locator("#board");
  const frames = await openingFrames(page, 1);

  await holeButton(page, 0).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await expect(page.locator("#lap-counter")).toBeVisible();
  expect(await lapShown(page)).toBe(1);

  // Pause: nothing moves.
  const pauseButton = page.locator("#pause");
  await pauseButton.click();
  await expect(pauseButton).toHaveAttribute("aria-pressed", "true");
  const frozen = await readCounts(page);
  expect(frameIndices(frames, frozen).length, "the paused board is a frame of the move").toBeGreaterThan(0);
  // Deliberately a while of nothing: a slow move draws a frame every few hundred ms.
  await pause(page, 500);
  expect(await readCounts(page), "no progress while paused").toEqual(frozen);
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.screenshot({ path: `${ARTIFACTS}mid-animation.png`, fullPage: true });

  // One event at a time: each step moves the drawn board on by exactly one event of the trace.
  let changedSteps = 0;
  for (let step = 0; step < 5; step++) {
    const before = await readCounts(page);
    await page.locator("#step-event").click();
    const after = await countsChangeFrom(page, before, 1000);
    if (after) {
      changedSteps += 1;
      expect(isOneEventStep(frames, before, after), `step ${step + 1}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`).toBe(true);
      // Seeds on the board and in the reserves change as one event says: a drop adds one seed
      // to one hole; a lift or relay empties one hole into the hand; a capture moves one hole
      // into a reserve.
      const changedHoles = after.board.filter((n, i) => n !== before.board[i]).length;
      expect(changedHoles, `holes changed by step ${step + 1}`).toBe(1);
    }
    await expect(board).toHaveAttribute("data-animating", "true");
    await expect(pauseButton).toHaveAttribute("aria-pressed", "true");
  }
  expect(changedSteps, "steps that changed the board").toBeGreaterThanOrEqual(4);
  // Still paused after stepping.
  const afterSteps = await readCounts(page);
  // Deliberately a while of nothing, as above.
  await pause(page, 400);
  expect(await readCounts(page)).toEqual(afterSteps);

  // One lap at a time.
  for (let step = 0; step < 2; step++) {
    const lap = await lapShown(page);
    await page.locator("#step-lap").click();
    await expect(page.locator("#lap-counter")).toHaveText(new RegExp(`Lap ${lap + 1}\\b`));
    const counts = await readCounts(page);
    expect(frameIndices(frames, counts).length, `board after stepping to lap ${lap + 1}`).toBeGreaterThan(0);
    await expect(board).toHaveAttribute("data-animating", "true");
  }

  // Resume: the board moves again.
  const resumedFrom = await readCounts(page);
  await pauseButton.click();
  await expect(pauseButton).not.toHaveAttribute("aria-pressed", "true");
  expect(await countsChangeFrom(page, resumedFrom, 3000), "progress after resuming").not.toBeNull();

  // Skip: the engine's state at once.
  await page.locator("#skip").click();
  await expectEndedAtOnce(page, "Skip");
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe("1");
  expect(shown.board).toEqual([2, 1, 7, 7, 7, 0, 7, 0, 0, 6, 1, 6, 6, 0]);
});

test("replay shows the last move again and ends in the same state", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?mode=two&speed=instant");
  const frames = await openingFrames(page, 4);
  await holeButton(page, 3).click();
  await settled(page, { record: "4" });
  const played = await expectMatchesEngine(page, TWO);
  expect(played.record).toBe("4");

  await page.locator("#speed").selectOption("fast");
  await page.locator("#replay").click();
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-animating", "true");
  // The replay starts from the position before the move.
  const during = await readCounts(page);
  expect(frameIndices(frames, during).length, "the replayed board is a frame of the move").toBeGreaterThan(0);
  await expect(board).toHaveAttribute("data-animating", "false", { timeout: budget(30_000) });
  const replayed = await expectMatchesEngine(page, TWO);
  expect(replayed).toEqual(played);
});

test("changing the speed to instant finishes the animation at once", async ({ page }) => {
  test.setTimeout(budget(30_000));
  await openPage(page, "?mode=two&speed=slow");
  await holeButton(page, 2).click();
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#speed").selectOption("instant");
  await expectEndedAtOnce(page, "the instant speed");
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe("3");
});

test("no move is accepted while a move is being animated", async ({ page }) => {
  test.setTimeout(budget(30_000));
  await openPage(page, "?mode=two&speed=slow");
  await holeButton(page, 0).click();
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-animating", "true");

  // North's hole 3 has seeds now and after the move; South's hole 3 too (before the move).
  await holeButton(page, 9).click({ force: true });
  await holeButton(page, 2).click({ force: true });
  await holeButton(page, 11).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("4");
  // The page refuses a tap or a key as it comes: the move is still being shown, alone.
  expect((await readBoard(page)).animating).toBe("true");
  // No hole can be played now.
  const enabled = await page.locator('button.hole:not([aria-disabled="true"]):not([disabled])').count();
  expect(enabled, "enabled holes during the animation").toBe(0);

  await page.locator("#skip").click();
  await expectEndedAtOnce(page, "Skip");
  // Deliberately a moment of nothing: no refused move was kept to be played once the board is free.
  await pause(page, 600);
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record, "only the first move was played").toBe("1");
});

test("undo, the move list or a new move during an animation: the page settles on the engine's state", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?mode=two&speed=slow");
  const board = page.locator("#board");

  // Undo in the middle of the opening.
  await holeButton(page, 0).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#undo").click();
  await expectEndedAtOnce(page, "Undo");
  let shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe("");

  // Redo, then go to the start from the move list while it is shown.
  await page.locator("#redo").click();
  if ((await readBoard(page)).animating === "true") {
    await page.locator('#move-list button.move[data-ply="0"]').click();
  }
  await expectEndedAtOnce(page, "the move list");
  shown = await expectMatchesEngine(page, TWO);

  // A new game from the dialog while a move is animated.
  await page.locator("#speed").selectOption("slow");
  const hole = shown.legal[0];
  await holeButton(page, shown.to_move === "south" ? hole - 1 : hole + 6).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#new-game").click();
  await closeDialog(page, "new-game-dialog", () => page.locator("dialog#new-game-dialog #start-game").click());
  await expectEndedAtOnce(page, "a new game");
  await settled(page, { record: "" });
  shown = await expectMatchesEngine(page, TWO);
});

test("stepping through a whole move, event by event and lap by lap, ends in the engine's state", async ({ page }) => {
  test.setTimeout(budget(90_000));
  await openPage(page, "?mode=two&speed=slow");
  const board = page.locator("#board");
  const frames = await openingFrames(page, 2);

  // Event by event: pause at once, then step until the animation ends.
  await holeButton(page, 1).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#pause").click();
  let steps = 0;
  let previous = await readCounts(page);
  while ((await readBoard(page)).animating === "true") {
    expect(steps, "steps needed").toBeLessThanOrEqual(frames.length + 2);
    await page.locator("#step-event").click();
    steps += 1;
    const now = await readCounts(page);
    if (JSON.stringify(now) !== JSON.stringify(previous)) {
      expect(isOneEventStep(frames, previous, now), `step ${steps}: ${JSON.stringify(previous)} → ${JSON.stringify(now)}`).toBe(true);
    }
    previous = now;
  }
  const afterEvents = await expectMatchesEngine(page, TWO);
  expect(afterEvents.record).toBe("2");
  test.info().annotations.push({ type: "event steps", description: `${steps} steps for ${frames.length - 1} events` });

  // Lap by lap, on North's answer: the counter goes up one lap at a time.
  await page.locator("#replay").click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#pause").click();
  await page.locator("#skip").click();
  await expect(board).toHaveAttribute("data-animating", "false");
  const north = afterEvents.legal[0];
  const { before, trace } = await previewMove(page, "2", north);
  const laps = trace.find((e) => e.event === "sowing_end").laps;
  await holeButton(page, north + 6).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#pause").click();
  const seen = [await lapShown(page)];
  while ((await readBoard(page)).animating === "true") {
    expect(seen.length, "lap steps needed").toBeLessThanOrEqual(laps + 2);
    await page.locator("#step-lap").click();
    if ((await readBoard(page)).animating === "true") seen.push(await lapShown(page));
  }
  // Each step shows the next lap; on the last lap a step may stop once more before the captures.
  const distinct = [...new Set(seen)];
  expect(distinct, `laps shown while stepping a ${laps}-lap move: ${seen}`).toEqual(
    [...Array(laps).keys()].map((i) => i + 1),
  );
  expect(seen.length, `lap steps: ${seen}`).toBeLessThanOrEqual(laps + 1);
  expect(before.to_move).toBe("north");
  const shown = await expectMatchesEngine(page, TWO);
  expect(shown.record).toBe(`2${north}`);
});

/** Steps a paused move event by event to its end; returns what the board published before each step. */
async function stepToEnd(page) {
  const published = [];
  for (let board = await readBoard(page); board.animating === "true"; board = await readBoard(page)) {
    expect(published.length, "steps needed").toBeLessThan(400);
    published.push(board);
    await page.locator("#step-event").click();
  }
  return published;
}

test("while a move is shown the board publishes the position it was played from, until the move has been shown", async ({ page }) => {
  test.setTimeout(budget(90_000));
  await openPage(page, "?mode=two&speed=fast");
  const board = page.locator("#board");
  // Every state the board publishes while the opening move is shown.
  await page.evaluate(() => {
    const canvas = document.getElementById("board");
    window.published = [];
    new MutationObserver(() => {
      const d = canvas.dataset;
      if (d.animating === "true") window.published.push(`${d.toMove} ${d.status} ${d.round}`);
    }).observe(canvas, { attributes: true });
  });
  await holeButton(page, 0).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await expect(board).toHaveAttribute("data-animating", "false");
  // The turn passes to North only once the move has been shown, as the status line says it.
  const shown = await page.evaluate(() => window.published);
  expect(shown.length).toBeGreaterThan(10);
  expect([...new Set(shown)]).toEqual(["south playing 1"]);
  const after = await expectMatchesEngine(page, TWO);
  expect(after.to_move).toBe("north");

  // A move that ends the game: the result comes with the end of the move shown, not before.
  const moves = await randomGame(page, { seed: 7, minMoves: 20, maxMoves: 400 });
  await page.goto(`./?speed=slow#walak=1&moves=${moves.join("")}`);
  await settled(page, { status: "game_over", record: moves.join("") });
  const over = await readBoard(page);
  await page.keyboard.press("u");
  await settled(page, { status: "playing", record: moves.slice(0, -1).join("") });
  const mover = (await readBoard(page)).to_move;
  await holeButton(page, trackIndex(mover, moves.at(-1))).click();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.locator("#pause").click();
  const ending = await stepToEnd(page);
  expect([...new Set(ending.map((b) => `${b.status} ${b.to_move} ${b.winner}`))]).toEqual([`playing ${mover} null`]);
  const end = await readBoard(page);
  expect([end.status, end.winner, end.ending]).toEqual([over.status, over.winner, over.ending]);
});

test("with reduced motion asked for, the page starts at instant speed", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openPage(page, "?mode=two");
  await expect(page.locator("#speed")).toHaveValue("instant");
  await holeButton(page, 0).click();
  await settled(page, { record: "1" });
  await expectMatchesEngine(page, TWO);
  expect(errors).toEqual([]);
  await context.close();
});

test("a move shown frame by frame ends on the very board drawn at once for its position, on a phone's screen too", async ({ browser }) => {
  // The frames of a move copy the wood and the empty holes kept from the first of them, and stamp
  // every seed from one drawn seed (board/kept-drawings.js); a board drawn once draws them all.
  for (const size of [[390, 844], [1280, 800]]) {
    const { context, page, errors } = await phonePage(browser, size);
    await page.goto("./?mode=two&speed=fast");
    await settled(page);
    await holeButton(page, trackIndex("south", 1)).click();
    await expect(page.locator("#board")).toHaveAttribute("data-animating", "true");
    await settled(page, { record: "1" });
    const pixelSize = () => page.locator("#board").evaluate((canvas) => `${canvas.width}×${canvas.height}`);
    const kept = await pixelSize();
    await keepPixels(page);
    // Another room and back: the board is then drawn at once, from nothing kept for that room.
    const [width, height] = size;
    await page.setViewportSize({ width: Math.round(width * 0.7), height: Math.round(height * 0.85) });
    await expect.poll(pixelSize).not.toBe(kept);
    await page.setViewportSize({ width, height });
    await expect.poll(pixelSize).toBe(kept);
    const changed = await changedPixels(page);
    expect(changed, `${size.join("×")}: pixels that differ from the board drawn at once`).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }
});
