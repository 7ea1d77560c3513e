// Game set-ups: against the computer, the new game dialog, set-ups from the URL query; and the
// preview shown when hovering a hole.
import {
  test,
  expect,
  ARTIFACTS,
  START_BOARD,
  choose,
  expectMatchesEngine,
  holeButton,
  openPage,
  pause,
  playMove,
  readBoard,
  savedGame,
  seededRandom,
  settled,
  startNewGame,
  closeDialog,
  budget,
} from "./helpers.mjs";

/** Waits until the computer has moved (the record is longer than `length`) and it is the person's turn or the game is over. */
const waitForPerson = (page, person, length) => settled(page, { person, moves: length + 1 }, 20_000);

const COMPUTER_NORTH = { mode: "computer", person: "north" };

test("against the computer: it moves first as South, refuses clicks on its holes, and a whole game completes", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.goto("./?mode=computer&side=north&speed=instant");
  await waitForPerson(page, "north", 0);
  let shown = await expectMatchesEngine(page, COMPUTER_NORTH);
  expect(shown.record).toHaveLength(1);
  expect(shown.to_move).toBe("north");
  expect(shown.mode).toBe("computer");

  // Clicks on the computer's holes are refused.
  const full = shown.board.flatMap((seeds, hole) => (hole < 7 && seeds > 0 ? [hole] : []));
  for (const hole of full) {
    await holeButton(page, hole).click({ force: true });
    await expect(page.locator("#tap-said")).toHaveText("South's hole: it is North's turn.");
  }
  expect(await readBoard(page)).toEqual(shown);

  const random = seededRandom(5);
  let moves = 1;
  while (shown.status === "playing") {
    expect(moves, "the game should end within 400 moves").toBeLessThan(400);
    expect(shown.to_move).toBe("north");
    const hole = choose(random, shown.legal);
    const length = shown.record.length;
    await holeButton(page, hole + 6).click();
    await waitForPerson(page, "north", length);
    shown = await expectMatchesEngine(page, COMPUTER_NORTH);
    expect(shown.record[length], "the person's move").toBe(String(hole));
    moves = shown.record.length;
  }
  await expect(page.locator("#game-over")).toBeVisible();
  await expect(page.locator("#result")).toContainText(shown.winner === "draw" ? /draw/i : new RegExp(shown.winner, "i"));
  await page.screenshot({ path: `${ARTIFACTS}end-of-game-computer.png`, fullPage: true });
});

test("the new game dialog starts the chosen set-up: rounds, North first", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await playMove(page, 3);

  // The new game, not the one it replaced, whose move is still on the board a moment.
  await startNewGame(page, { mode: "two", rounds: true, first: "north" }, { toMove: "north" });
  const options = { rounds: true, first: "north" };
  let shown = await expectMatchesEngine(page, { options, mode: "two" });
  expect(shown).toMatchObject({ record: "", to_move: "north", round: 1, board: START_BOARD, legal: [1, 2, 3, 4, 5, 6, 7] });
  await expect.poll(() => savedGame(page).then((saved) => saved?.options)).toEqual(options);

  await playMove(page, 2);
  shown = await expectMatchesEngine(page, { options, mode: "two" });
  expect(shown.to_move).toBe("south");
  expect((await savedGame(page))?.mode).toBe("two");
});

test("the new game dialog starts a game against the computer", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  // Until the dialog's choice is taken, the game for two it replaces is still on the board.
  await startNewGame(page, { mode: "computer", side: "south", rounds: false, first: "south" }, { person: "south" });
  let shown = await expectMatchesEngine(page, { mode: "computer", person: "south" });
  expect(shown.record).toBe("");
  // The person plays South's hole 1; the computer answers.
  await holeButton(page, 0).click();
  await waitForPerson(page, "south", 1);
  shown = await expectMatchesEngine(page, { mode: "computer", person: "south" });
  expect(shown.record).toMatch(/^1[1-7]$/);
});

test("a set-up in the URL query starts that game, and the query is removed", async ({ page }) => {
  await page.goto("./?mode=two&rounds=1&first=north");
  await settled(page, { mode: "two", toMove: "north" });
  const options = { rounds: true, first: "north" };
  let shown = await expectMatchesEngine(page, { options, mode: "two" });
  expect(shown).toMatchObject({ record: "", to_move: "north", round: 1 });
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect.poll(() => savedGame(page).then((saved) => saved && [saved.mode, saved.options])).toEqual(["two", options]);

  // A reload restores the saved game instead of starting the query's game again.
  await page.locator("#speed").selectOption("instant");
  await playMove(page, 6);
  await expect.poll(() => savedGame(page).then((saved) => saved?.record)).toBe("6");
  await page.reload();
  await settled(page, { record: "6" });
  shown = await expectMatchesEngine(page, { options, mode: "two" });
});

test("hovering a playable hole previews the move without changing the game", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const start = await readBoard(page);
  await holeButton(page, 2).hover();
  await expect(page.locator("#preview")).toContainText("Hole 3");
  const hovering = await readBoard(page);
  expect({ ...hovering, board: null, reserves: null }).toEqual({ ...start, board: null, reserves: null });
  await page.screenshot({ path: `${ARTIFACTS}hover-preview.png` });

  // Hovering a disabled hole, then leaving the board: the start position is drawn again.
  await holeButton(page, 9).hover({ force: true });
  await page.mouse.move(1, 1);
  await expect(page.locator("#preview")).toBeEmpty();
  await expect.poll(() => readBoard(page)).toEqual(start);
  await expectMatchesEngine(page, { mode: "two" });

  // The hovered hole still plays.
  await holeButton(page, 2).hover();
  await holeButton(page, 2).click();
  await settled(page, { record: "3" });
  await expectMatchesEngine(page, { mode: "two" });
});

test("a rounds match against the computer goes on across rounds, whoever starts them", async ({ page }) => {
  test.setTimeout(budget(120_000));
  const options = { rounds: true };
  const person = { options, mode: "computer", person: "south" };
  await page.goto("./?mode=computer&side=south&rounds=1&speed=instant");
  await settled(page, { mode: "computer", person: "south" });
  let shown = await expectMatchesEngine(page, person);
  const random = seededRandom(77);
  let personMoves = 0;
  // Until the third round starts (two round changes, each started by whoever holds fewer seeds).
  while (shown.status === "playing" && personMoves < 80 && shown.round < 3) {
    expect(shown.to_move).toBe("south");
    const hole = choose(random, shown.legal);
    await holeButton(page, hole - 1).click();
    await waitForPerson(page, "south", shown.record.length);
    shown = await expectMatchesEngine(page, person);
    personMoves += 1;
  }
  test.info().annotations.push({
    type: "rounds against the computer",
    description: `${personMoves} moves by the person, ${shown.record.length} in all, round ${shown.round}, ${shown.status}`,
  });
  expect(shown.round, "the match reached a second round").toBeGreaterThanOrEqual(2);
});

test("the end of a round is said: how it ended and who starts the next", async ({ page }) => {
  // A match position where South's hole 1 captures and leaves North with no move: the round ends,
  // South takes the seed left on the board, and North (fewer seeds) starts round 2.
  await openPage(page, "?speed=instant#walak=1&board=1.0.0.5.0.0.0.0.0.0.0.0.0.0&reserves=25.25&turn=south&rounds=1&round=1");
  await playMove(page, 1);
  const shown = await readBoard(page);
  expect([shown.round, shown.to_move]).toEqual([2, "north"]);
  const said = "Round 1 is over. North had no move left, so South took the seeds still on the board. Round 2: North starts.";
  await expect(page.locator("#status")).toContainText(said);
  await expect(page.locator("#announcer")).toContainText(said);
  // In another language, in its own words.
  await page.selectOption("#language", "sl");
  await expect(page.locator("#status")).toContainText("1. kolo je končano.");
  await expect(page.locator("#status")).toContainText("2. kolo: začne Sever.");
});

test("undo against the computer goes back to the person's turn, and stays there", async ({ page }) => {
  const person = { mode: "computer", person: "south" };
  await page.goto("./?mode=computer&side=south&speed=instant");
  await settled(page, { mode: "computer", person: "south" });
  for (const hole of [1, 3, 5]) {
    const before = await readBoard(page);
    const legal = before.legal.includes(hole) ? hole : before.legal[0];
    await holeButton(page, legal - 1).click();
    await waitForPerson(page, "south", before.record.length);
  }
  const full = await expectMatchesEngine(page, person);
  expect(full.record).toHaveLength(6);

  await page.locator("#undo").click();
  await settled(page, { record: full.record.slice(0, 4), person: "south" });
  // Deliberately a moment of nothing: the computer, whose move is the line's next, does not play it by itself.
  await pause(page, 500);
  let shown = await expectMatchesEngine(page, person);
  expect(shown.record, "the computer does not move again by itself").toBe(full.record.slice(0, 4));
  expect(shown.to_move).toBe("south");

  await page.locator("#redo").click();
  await settled(page, { record: full.record, person: "south" });
  shown = await expectMatchesEngine(page, person);
  expect(shown.to_move).toBe("south");
});

test("a reload while the computer is to move: it moves after the reload", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await page.goto("./?mode=computer&side=south&speed=slow");
  await settled(page, { mode: "computer", person: "south" });
  await holeButton(page, 0).click();
  await expect(page.locator("#board")).toHaveAttribute("data-animating", "true");
  // The person's move is saved as it is played: reloaded in the middle of its animation, the page
  // has the computer to move.
  await expect.poll(() => savedGame(page).then((saved) => saved?.record)).toBe("1");
  await page.reload();
  await page.waitForFunction(() => document.getElementById("board")?.dataset.status === "playing");
  await page.locator("#speed").selectOption("instant");
  await waitForPerson(page, "south", 1);
  const shown = await expectMatchesEngine(page, { mode: "computer", person: "south" });
  expect(shown.record).toMatch(/^1[1-7]$/);
});

test("cancelling the new game dialog keeps the game (Cancel, or Escape after an earlier start)", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const dialog = page.locator("dialog#new-game-dialog");

  // Start a game from the dialog, and play a move in it.
  await startNewGame(page, { first: "north" }, { toMove: "north" });
  await playMove(page, 4);
  const kept = await expectMatchesEngine(page, { options: { rounds: false, first: "north" }, mode: "two" });
  expect(kept.record).toBe("4");

  // Cancel.
  await page.locator("#new-game").click();
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="rounds"]').check();
  // Once the dialog's closing has been handled, a game it started would be on the board.
  await closeDialog(page, "new-game-dialog", () => dialog.getByRole("button", { name: "Cancel" }).click());
  await expect(dialog).toBeHidden();
  await settled(page);
  expect(await readBoard(page)).toEqual(kept);

  // Escape.
  await page.locator("#new-game").click();
  await expect(dialog).toBeVisible();
  await closeDialog(page, "new-game-dialog", () => page.keyboard.press("Escape"));
  await expect(dialog).toBeHidden();
  await settled(page);
  expect(await readBoard(page), "Escape does not start a new game").toEqual(kept);
});

test("keys 1–7 do not play while a dialog is open", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const start = await readBoard(page);
  await page.locator("#new-game").click();
  await expect(page.locator("dialog#new-game-dialog")).toBeVisible();
  await page.keyboard.press("3");
  await page.keyboard.press("Escape");
  await page.locator("#rules-button").click();
  await expect(page.locator("dialog[open]")).toBeVisible();
  await page.keyboard.press("5");
  await page.keyboard.press("Escape");
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  // A key the page took would have started a move at once (instant speed): nothing has.
  await settled(page);
  expect(await readBoard(page)).toEqual(start);
});

test("side= alone in the address means a game against the computer", async ({ page }) => {
  await page.goto("./?side=north&speed=instant");
  await waitForPerson(page, "north", 0);
  const shown = await expectMatchesEngine(page, { mode: "computer", person: "north" });
  expect(shown.record).toHaveLength(1);
  await expect.poll(() => new URL(page.url()).searchParams.has("side")).toBe(false);
});
