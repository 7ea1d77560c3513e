// The computer player thinks in a Web Worker: its search never runs on the page's own thread, the
// page answers while it thinks, stopping it is clean, and hints and the evaluation come from the
// same engine. How long the page's own tasks take meanwhile is measured, not tested:
// scripts/measure-page.mjs reports it.
import {
  test, expect, openPage, readBoard, settled, startNewGame, waitForRecordLength, playMove, seededRandom, choose,
  expectMatchesEngine, ARTIFACTS, WORKER_PROBE, budget,
} from "./helpers.mjs";

const thinking = (page) => page.locator('#board[data-thinking="true"]');

/** The person presses hole key `n`; the computer may answer at once, so only the prefix is checked. */
async function personPlays(page, n) {
  const { record } = await readBoard(page);
  await page.keyboard.press(String(n));
  await waitForRecordLength(page, record.length + 1);
  expect((await readBoard(page)).record.startsWith(record + String(n))).toBe(true);
}

test("the strongest level searches in its Web Worker, and the page answers while it thinks", async ({ page }) => {
  await page.addInitScript(WORKER_PROBE);
  await openPage(page, "?mode=computer&side=south&level=master&speed=instant");
  // The page's own engine cannot search at all: the search is built only into the worker's.
  expect(await page.evaluate(() => typeof window.wasmBindings.Thinker)).toBe("undefined");
  expect(await page.evaluate(() => typeof window.wasmBindings.Game)).toBe("function");
  // Nor draw pictures or work out the lesson: the page loads the computer's engine for a picture,
  // and the build wrote the lesson's steps into its script.
  expect(await page.evaluate(() => [typeof window.wasmBindings.lesson, typeof window.wasmBindings.walkthrough,
    typeof window.wasmBindings.Game.prototype.svg])).toEqual(["undefined", "undefined", "undefined"]);
  await page.evaluate(() => {
    window.holdThinks = true;
  });

  await personPlays(page, 3);
  await expect(thinking(page)).toHaveCount(1);
  // The question has gone to the worker (held there by the probe): the page is waiting for it.
  await expect.poll(() => page.evaluate(() => window.toWorker.filter((m) => m.type === "think"))).toEqual([
    { type: "think", id: 1, purpose: "move", level: "master" },
  ]);
  // Meanwhile the page answers: the rules open and close, a control changes, a hole key is refused.
  await page.click("#rules-button");
  await expect(page.locator("#rules")).toBeVisible();
  await expect(page.locator(".example-caption").first()).not.toBeEmpty();
  await page.keyboard.press("Escape");
  await expect(page.locator("#rules")).toBeHidden();
  await page.selectOption("#speed", "fast");
  await expect(page.locator("#speed")).toHaveValue("fast");
  await page.locator("#board").focus();
  await page.keyboard.press("1");
  await expect(thinking(page)).toHaveCount(1);
  expect((await readBoard(page)).record).toBe("3");

  // Let the question through: the worker searches and answers, and the computer moves.
  await page.evaluate(() => window.releaseThinks());
  await settled(page, { moves: 2, person: "south" }, 20_000);
  await expect(thinking(page)).toHaveCount(0);
  const fromWorker = await page.evaluate(() => window.fromWorker);
  expect(fromWorker).toEqual([{ type: "ready" }, { type: "result", id: 1 }]);
  await expectMatchesEngine(page, { person: "south", mode: "computer" });
});

test("undo, a new game or another level stop the computer's search cleanly", async ({ page }) => {
  await page.addInitScript(WORKER_PROBE);
  await openPage(page, "?mode=computer&side=south&level=master&speed=instant");
  // Each time, the computer's question is held back (the probe), so that Undo, the level or the new
  // game comes while it thinks, however quickly it would have answered; released after, it is the
  // page's to drop.
  const holdQuestions = () => page.evaluate(() => (window.holdThinks = true));
  const releaseQuestions = async () => {
    await page.evaluate(() => window.releaseThinks());
    // Every question has ended (its worker stopped, or its answer came): none can answer later.
    await expect.poll(() => page.evaluate(() => window.questionsOpen()), { timeout: budget(20_000) }).toBe(0);
    await settled(page);
  };

  await holdQuestions();
  await personPlays(page, 3);
  await expect(thinking(page)).toHaveCount(1);
  await page.click("#undo");
  await expect(thinking(page)).toHaveCount(0);
  await settled(page, { record: "", person: "south" });
  await releaseQuestions();
  expect((await readBoard(page)).record).toBe("");

  await holdQuestions();
  await personPlays(page, 3);
  await expect(thinking(page)).toHaveCount(1);
  // The new level's question is held as well: released, it is the one answered.
  await page.selectOption("#level", "beginner");
  await page.evaluate(() => window.releaseThinks());
  await settled(page, { moves: 2, person: "south" }, 20_000);
  await expect(page.locator("#mode-line")).toContainText("beginner");
  const levels = await page.evaluate(() => window.toWorker.filter((m) => m.type === "think").map((m) => m.level));
  expect(levels.at(-1), "the question answered is the new level's").toBe("beginner");

  await holdQuestions();
  await page.locator("#board").focus();
  await personPlays(page, (await readBoard(page)).legal[0]);
  await expect(thinking(page)).toHaveCount(1);
  await startNewGame(page, {}, { person: "south" });
  await releaseQuestions();
  expect((await readBoard(page)).record).toBe("");
});

test("a whole game against a searching level completes", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await openPage(page, "?mode=computer&side=north&level=strong&speed=instant");
  const random = seededRandom(9);
  for (let i = 0; i < 200; i++) {
    await settled(page, { person: "north" }, 20_000);
    const board = await readBoard(page);
    if (board.status === "game_over") break;
    await personPlays(page, choose(random, board.legal));
  }
  const end = await readBoard(page);
  expect(end.status).toBe("game_over");
  await expect(page.locator("#result")).toContainText(/wins|draw/);
  await expectMatchesEngine(page, { person: "north", mode: "computer" });
  await page.screenshot({ path: `${ARTIFACTS}computer-game-over.png`, fullPage: true });
});

test("a hint names a legal hole and the evaluation says who is ahead", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await playMove(page, 2, "digit");
  await page.click("#hint");
  await expect(page.locator("#hint-text")).toHaveText(/^Hint: play hole [1-7]\./, { timeout: budget(10_000) });
  const hole = Number((await page.textContent("#hint-text")).match(/hole (\d)/)[1]);
  expect((await readBoard(page)).legal).toContain(hole);
  await page.check("#show-evaluation");
  await expect(page.locator("#evaluation")).toHaveText(/ahead by about|even|wins by|draw/, { timeout: budget(10_000) });
  // Both speak from the same search: the hint's words about who is ahead are the evaluation's.
  expect(await page.textContent("#hint-text")).toContain(await page.textContent("#evaluation"));
  // The hint belongs to its position: playing on clears it.
  await playMove(page, hole, "click");
  await expect(page.locator("#hint-text")).toHaveText("");
  await page.screenshot({ path: `${ARTIFACTS}hint-and-evaluation.png`, fullPage: true });
});

test("the board rings holes only when the person may play them: not on the computer's turn, nor once the game is over", async ({ page }) => {
  await page.addInitScript(WORKER_PROBE);
  await page.addInitScript(() => (window.holdThinks = true));
  // The person plays North: the computer, South, moves first, and its answer is held back.
  await openPage(page, "?mode=computer&side=north&level=beginner&speed=instant");
  await expect(thinking(page)).toHaveCount(1);
  let shown = await readBoard(page);
  expect(shown.to_move).toBe("south");
  expect(shown.legal.length).toBeGreaterThan(0);
  expect(shown.playable, "no ring on the computer's turn").toEqual([]);
  await page.evaluate(() => window.releaseThinks());
  await settled(page, { moves: 1, person: "north" });
  shown = await readBoard(page);
  expect(shown.to_move).toBe("north");
  expect(shown.playable, "the person's legal holes are ringed on their turn").toEqual(shown.legal);

  // A finished game, opened from a link: nothing to play, nothing ringed.
  const moves = await page.evaluate(() => {
    const game = new window.wasmBindings.Game(null);
    const played = [];
    for (let i = 0; i < 500 && game.state().status === "playing"; i++) {
      const { legal } = game.state();
      const hole = legal[(i * 7 + 3) % legal.length];
      game.play(hole);
      played.push(hole);
    }
    const over = game.state().status === "game_over";
    game.free();
    return over ? played.join("") : null;
  });
  expect(moves, "a game played to its end").not.toBeNull();
  await page.goto(`./?mode=two&speed=instant#walak=1&moves=${moves}`);
  await settled(page, { status: "game_over", record: moves });
  shown = await readBoard(page);
  expect(shown.playable).toEqual([]);
});

test("a move of the computer's is said as the computer's, in the status and to screen readers", async ({ page }) => {
  await openPage(page, "?mode=computer&side=south&level=casual&speed=instant");
  await personPlays(page, 1);
  await waitForRecordLength(page, 2, 20_000);
  await expect(page.locator("#status")).toContainText(/^North \(computer\) played hole \d/);
  await expect(page.locator("#announcer")).toContainText(/^North \(computer\) played hole \d/);
});
