// Whole games played on the page, by mouse and by keyboard: after every move the board element
// must show exactly the engine's state for the record it shows (docs/page-contract.md).
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
  randomGame,
  readBoard,
  seededRandom,
  settled,
  budget,
} from "./helpers.mjs";

const TWO = { mode: "two" };

test("a whole two-player game by clicking holes", async ({ page }) => {
  test.setTimeout(budget(90_000));
  await openPage(page, "?mode=two&speed=instant");
  let shown = await expectMatchesEngine(page, TWO);
  expect(shown.board).toEqual(START_BOARD);
  expect(shown.record).toBe("");

  const random = seededRandom(20240611);
  let moves = 0;
  while (shown.status === "playing") {
    expect(moves, "the game should end within 400 moves").toBeLessThan(400);
    await playMove(page, choose(random, shown.legal), "click", shown);
    moves += 1;
    shown = await expectMatchesEngine(page, TWO);
  }

  expect(shown.status).toBe("game_over");
  expect(shown.winner).toMatch(/^(south|north|draw)$/);
  expect(shown.ending).toMatch(/^(no_moves|repetition)$/);
  expect(shown.reserves[0] + shown.reserves[1] + shown.board.reduce((a, b) => a + b, 0)).toBe(56);
  const gameOver = page.locator("#game-over");
  await expect(gameOver).toBeVisible();
  const result = page.locator("#result");
  await expect(result).toBeVisible();
  await expect(result).toContainText(shown.winner === "draw" ? /draw/i : new RegExp(shown.winner, "i"));
  // The score is part of the result.
  await expect(result).toContainText(String(Math.max(...shown.reserves)));
  await page.screenshot({ path: `${ARTIFACTS}end-of-game.png`, fullPage: true });

  // Undo reopens the game.
  await page.locator("#undo").click();
  await settled(page, { record: shown.record.slice(0, -1) });
  const reopened = await expectMatchesEngine(page, TWO);
  expect(reopened.status).toBe("playing");
  await expect(gameOver).toBeHidden();
});

test("a game played by keyboard: Enter, Space and the keys 1–7", async ({ page }) => {
  test.setTimeout(budget(60_000));
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 7, minMoves: 24 });
  expect(moves.length).toBeGreaterThanOrEqual(20);

  const ways = ["enter", "space", "digit"];
  let shown = await readBoard(page);
  for (const [i, hole] of moves.entries()) {
    await playMove(page, hole, ways[i % ways.length], shown);
    shown = await expectMatchesEngine(page, TWO);
  }
  expect((await readBoard(page)).record).toBe(moves.join(""));
});

test("clicking a disabled hole (the opponent's, or an empty one) changes nothing", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const start = await expectMatchesEngine(page, TWO);

  // South to move: North's holes are disabled.
  for (const index of [7, 10, 13]) {
    await holeButton(page, index).click({ force: true });
  }
  // Deliberately a moment of nothing: a click the page took would have started a move at once.
  await pause(page, 300);
  expect(await readBoard(page)).toEqual(start);

  // After South's hole 1: `2 1 7 7 7 0 7 | 0 0 6 1 6 6 0`, North to move; North's holes 1, 2 and 7
  // are empty.
  await playMove(page, 1);
  const after = await expectMatchesEngine(page, TWO);
  expect(after.board).toEqual([2, 1, 7, 7, 7, 0, 7, 0, 0, 6, 1, 6, 6, 0]);
  for (const index of [7, 8, 13, 0, 2, 6]) {
    await holeButton(page, index).click({ force: true });
  }
  // Keys for North's empty holes.
  await page.keyboard.press("1");
  await page.keyboard.press("7");
  // Deliberately a moment of nothing, as above.
  await pause(page, 300);
  expect(await readBoard(page)).toEqual(after);
  await expectMatchesEngine(page, TWO);
});

test("a rounds game: 60 moves, through two new rounds", async ({ page }) => {
  test.setTimeout(budget(120_000));
  const options = { rounds: true };
  await openPage(page, "?mode=two&rounds=1&speed=instant");
  let shown = await expectMatchesEngine(page, { options, mode: "two" });
  expect(shown.round).toBe(1);

  const random = seededRandom(99);
  let moves = 0;
  let screenshotTaken = false;
  let lastRound = 1;
  // Seed 99's moves end round 1 after 20 moves and round 2 after 44: every move is checked against
  // the engine, so more rounds would only repeat them.
  while (shown.status === "playing" && moves < 60) {
    // Mostly by the number keys, which are quicker to drive than clicks; every third move a click.
    await playMove(page, choose(random, shown.legal), moves % 3 === 0 ? "click" : "digit", shown);
    moves += 1;
    shown = await expectMatchesEngine(page, { options, mode: "two" });
    expect(shown.round).toBeGreaterThanOrEqual(lastRound);
    lastRound = shown.round;
    if (shown.round >= 2 && !screenshotTaken) {
      await page.screenshot({ path: `${ARTIFACTS}rounds-round-${shown.round}.png`, fullPage: true });
      screenshotTaken = true;
    }
  }
  test.info().annotations.push({
    type: "rounds game",
    description: `${moves} moves, round ${shown.round}, status ${shown.status}`,
  });
  expect(shown.round, "two rounds ended and a third began").toBeGreaterThanOrEqual(3);
});
