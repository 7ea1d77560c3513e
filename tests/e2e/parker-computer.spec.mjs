// The computer in Parker's rule sets: New game offers it; it chooses a round's direction with its
// first move and plays on (Walak-pussa and Kotu-baendum), chooses a match's next direction in a
// saved game it plays, gives a hint in the notation's words, and a Parker game's review runs.
import { test, expect, closeDialog, holeButton, openPage, settled, startNewGame, trackIndex, budget, seedSavedGame, engineState } from "./helpers.mjs";

test.use({ actionTimeout: budget(15_000) });

// A Walak-pussa match up to the end of its first round: its loser chooses the next direction
// (parker.spec.mjs plays it on).
const WALAK_ROUND = "6+ 7 7 6 4 1 1 4 5 7 3 5 1 1 7 2 3 4 2 6 6 1 1 3 4";

/** The board's record, as moves. */
const movesShown = async (page) => ((await page.locator("#board").getAttribute("data-record")) ?? "").split(" ").filter(Boolean);

/** Waits until the board shows at least `count` moves, settled, with the person to move (or the game over). */
async function movesPlayed(page, count, person) {
  await page.waitForFunction((count) => (document.getElementById("board")?.dataset.record ?? "").split(" ").filter(Boolean).length >= count,
    count, { timeout: budget(30_000), polling: 50 });
  await settled(page, { person }, 30_000);
}

test("New game offers the computer for Parker's rule sets; it chooses the direction with its first move and plays on", async ({ page }) => {
  await openPage(page);
  await page.locator("#new-game").click();
  const dialog = page.locator("#new-game-dialog");
  await dialog.locator('input[name="rules"][value="parker-walak"]').check();
  const computer = dialog.locator('input[name="mode"][value="computer"]');
  await expect(computer).toBeEnabled();
  await computer.check();
  await expect(dialog.locator("#new-game-level")).toBeVisible();
  // The person plays North: the computer moves first, and chooses the direction.
  await dialog.locator('input[name="side"][value="north"]').check();
  await dialog.locator('input[name="level"][value="casual"]').check();
  await closeDialog(page, "new-game-dialog", () => dialog.locator("#start-game").click());
  await movesPlayed(page, 1, "north");
  await settled(page, { mode: "computer", rules: "parker-walak" });
  const [first] = await movesShown(page);
  expect(first).toMatch(/^[1-7][+-]$/);
  expect(await page.locator("#board").getAttribute("data-direction")).toBe(first.slice(-1));
  await expect(page.locator("#status")).toContainText(/South \(computer\) chose to sow (counterclockwise|clockwise)\./);
  await expect(page.locator("#mode-line")).toContainText("Walak-pussa (1909)");
  // The person's move is a plain tap; the computer answers with a plain hole.
  const legal = (await page.locator("#board").getAttribute("data-legal")).split(",");
  await holeButton(page, trackIndex("north", Number(legal[0]))).click();
  await movesPlayed(page, 3, "north");
  const moves = await movesShown(page);
  expect(moves[1]).toBe(legal[0]);
  expect(moves[2]).toMatch(/^[1-7]$/);
  await expect(page.locator("#direction-choice")).toBeHidden();
});

test("Kotu-baendum against the computer: its first turn starts from an end hole", async ({ page }) => {
  await openPage(page);
  await startNewGame(page, { rules: "parker-kotu", mode: "computer", side: "south", level: "club" }, { rules: "parker-kotu" });
  await holeButton(page, trackIndex("south", 1)).click();
  await page.locator("#direction-ccw").click();
  await movesPlayed(page, 2, "south");
  const moves = await movesShown(page);
  expect(moves[0]).toBe("1+");
  expect(["1", "7"]).toContain(moves[1]);
});

test("the address sets up a Parker game against the computer: ?rules=parker-kotu&level=club&side=north", async ({ page }) => {
  await page.goto("./?speed=instant&rules=parker-kotu&level=club&side=north");
  await movesPlayed(page, 1, "north");
  await settled(page, { mode: "computer", rules: "parker-kotu" });
  const [first] = await movesShown(page);
  expect(first).toMatch(/^[17][+-]$/);
  await expect(page.locator("#level")).toHaveValue("club");
  // The set-up leaves the address, so that a reload keeps the game.
  expect(new URL(page.url()).search).toBe("?speed=instant");
});

test("a saved Parker match against the computer: it chooses the next round's direction and starts it", async ({ page }) => {
  await openPage(page);
  const options = { rounds: true, first: "south", rules: "parker-walak" };
  const choosing = await engineState(page, WALAK_ROUND, options);
  expect(choosing.phase).toBe("choose");
  const person = choosing.to_move === "south" ? "north" : "south";
  await seedSavedGame(page, JSON.stringify({ version: 1, options, mode: "computer", side: person, level: "beginner", record: WALAK_ROUND, redo: "" }));
  await page.goto("./?speed=instant");
  const count = WALAK_ROUND.split(" ").length;
  await movesPlayed(page, count + 1, person);
  const moves = await movesShown(page);
  expect(moves.slice(0, count).join(" ")).toBe(WALAK_ROUND);
  expect(["+", "-"]).toContain(moves[count]);
  expect(await page.locator("#board").getAttribute("data-mode")).toBe("computer");
});

test("a hint in a Parker game names the direction of the first move, then a hole", async ({ page }) => {
  await openPage(page);
  await startNewGame(page, { rules: "parker-walak", mode: "two" }, { rules: "parker-walak" });
  await page.locator("#hint").click();
  await expect(page.locator("#hint-text")).toHaveText(/^Hint: play hole [1-7] (counterclockwise|clockwise)( or hole [1-7] (counterclockwise|clockwise))*\./,
    { timeout: budget(15_000) });
  await holeButton(page, trackIndex("south", 4)).click();
  await page.locator("#direction-ccw").click();
  await settled(page, { record: "4+" });
  await expect(page.locator("#hint-text")).toHaveText("");
  await page.locator("#hint").click();
  await expect(page.locator("#hint-text")).toHaveText(/^Hint: play hole [1-7]( or [1-7])*\. /, { timeout: budget(15_000) });
});

test("the review of a short Parker game runs, and stops when asked", async ({ page }) => {
  await page.goto("./?speed=instant#walak=1&rules=parker-kotu&moves=1%2B+7+6");
  await settled(page, { rules: "parker-kotu", record: "1+ 7 6" });
  await expect(page.locator("#review")).toBeEnabled();
  await page.locator("#review").click();
  const graph = page.locator("#review-graph");
  await expect(graph).toHaveAttribute("data-state", "running");
  await expect(page.locator("#review-status")).toContainText("of 3");
  await page.locator("#review-cancel").click();
  await expect(graph).toHaveAttribute("data-state", "cancelled");
  await expect(page.locator("#review")).toBeEnabled();
});

test("move values and a proved hint in a Kotu-baendum game near its end, keyed by hole", async ({ page }) => {
  // A game played at random: its last moves are proved at once (walak solve --rules parker-kotu).
  const record = "1- 1 2 5 2 4 4 1 7 5 4 6 2 3 3 5 6 1 2 3 4 1 3 5 2 2 5 3 2 4 3";
  await page.goto(`./?speed=instant#walak=1&rules=parker-kotu&moves=${encodeURIComponent(record).replace(/%20/g, "+")}`);
  await settled(page, { rules: "parker-kotu", record });
  await page.locator("#show-values").check();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", "2:28,3:26");
  await expect(page.locator("#values-note")).toContainText("Move values, with best play");
  await page.locator("#hint").click();
  await expect(page.locator("#hint-text")).toHaveText("Hint: play hole 2. With best play North wins by 28 seeds.");
});
