// Parker's rule sets on the page: chosen in New game (against the computer: parker-computer.spec.mjs), played
// at one device with the first move's direction chosen by a tap and a button (or a key), opened by
// a link, the board's marks (the direction, tied and puta/naga holes) and the words of what a move
// did, refusals in the rules' words, and the rules panel with its sources.
import {
  test, expect, closeDialog, holeButton, openPage, readBoard, settled, startNewGame, trackIndex, budget, SAVE_KEY,
} from "./helpers.mjs";

test.use({ actionTimeout: budget(15_000) });

// Games found by playing the engine (each ends its record with the move that makes the mark).
const KOTU_TIE = "7+ 1 1"; // North's hole 1 is tied to South
const KOTU_EAT = "1+ 7 6"; // seeds pass over holes of three, four are eaten
const WALAK_SHORTS = "6+ 7 7 6 4 1 1 4 5 7 3 5 1 1 7 2 3 4 2 6 6 1 1 3 4 + 6 4 4 2 6 3 1 3 4 2 3 2 4 2 1 5 2 1 4 7 3 3 5 5 2 7 2 -";

/** A link's fragment for a record of a rule set. */
const linkTo = (rules, moves, extra = "") => `#walak=1&rules=${rules}&moves=${encodeURIComponent(moves).replace(/%20/g, "+")}${extra}`;

/** The board element's `data-NAME` (docs/page-contract.md). */
const boardData = (page, name) => page.locator("#board").getAttribute(`data-${name}`);

/** Opens the page on a link, waiting for its game. */
async function openLink(page, fragment, expected = {}) {
  await page.goto(`./?speed=instant${fragment}`);
  await settled(page, expected);
}

test("New game offers the three rule sets, each with its line, and keeps the one chosen", async ({ page }) => {
  await openPage(page);
  await page.locator("#new-game").click();
  const dialog = page.locator("#new-game-dialog");
  const rules = dialog.locator("#new-game-rules");
  await expect(rules).toContainText("As Mancala World describes it.");
  await expect(rules).toContainText("As Parker recorded it in 1909.");
  await expect(rules).toContainText("Parker's Kotu-baendum.");
  await expect(dialog.locator('input[name="rules"][value="mancala-world"]')).toBeChecked();
  await dialog.locator('input[name="rules"][value="parker-walak"]').check();
  await startNewGame(page, { mode: "two" }, { mode: "two", rules: "parker-walak", direction: "" });
  await expect(page.locator("#mode-line")).toContainText("Walak-pussa (1909)");
  await expect(page.locator("#status")).toContainText("The first move chooses the direction");
  await expect(page.locator("#hint")).toBeEnabled();
  // The rule set is kept with the game.
  const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY));
  expect(saved.options.rules).toBe("parker-walak");
  await page.locator("#new-game").click();
  await expect(dialog.locator('input[name="rules"][value="parker-walak"]')).toBeChecked();
  await dialog.locator('input[name="rules"][value="mancala-world"]').check();
  await startNewGame(page, {}, { mode: "two" });
  expect(await boardData(page, "rules")).toBeNull();
});

test("a Parker game at one device: a hole, then its direction; later moves are taps; the record is written in the notation", async ({ page }) => {
  await openPage(page);
  await startNewGame(page, { rules: "parker-walak" }, { rules: "parker-walak" });
  const choice = page.locator("#direction-choice");
  await expect(choice).toBeHidden();
  // A tap on South's hole 4 asks which way; another hole may be chosen instead.
  await holeButton(page, trackIndex("south", 4)).click();
  await expect(choice).toBeVisible();
  await expect(page.locator("#direction-said")).toHaveText("South's hole 4: which way do the seeds go?");
  await expect(page.locator("#direction-ccw")).toBeFocused();
  await page.locator("#direction-cancel").click();
  await expect(choice).toBeHidden();
  await holeButton(page, trackIndex("south", 1)).click();
  await page.locator("#direction-ccw").click();
  // Parker's A1 opening (docs/rules.md): three laps, the direction fixed counterclockwise.
  await settled(page, { record: "1+", direction: "+", toMove: "north" });
  expect((await readBoard(page)).board).toEqual([1, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5]);
  await expect(page.locator("#status")).toContainText("South chose to sow counterclockwise.");
  await expect(page.locator("#direction-shown")).toHaveText("⟲ Seeds travel counterclockwise.");
  await expect(choice).toBeHidden();
  // North's move is a plain tap now; the move list writes the moves as the record does.
  await holeButton(page, trackIndex("north", 1)).click();
  await settled(page, { record: "1+ 1" });
  await expect(page.locator("#move-list")).toContainText("1+");
  // By keys: a digit chooses the hole of a first move, + or - its direction (after Undo twice).
  await page.locator("#undo").click();
  await page.locator("#undo").click();
  await settled(page, { record: "" });
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("7");
  await expect(choice).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(choice).toBeHidden();
  await page.keyboard.press("7");
  await page.keyboard.press("-");
  // A2, the mirror image.
  await settled(page, { record: "7-", direction: "-" });
  expect((await readBoard(page)).board).toEqual([5, 0, 5, 5, 5, 5, 1, 5, 5, 5, 0, 5, 5, 5]);
  await expect(page.locator("#direction-shown")).toHaveText("⟳ Seeds travel clockwise.");
});

test("a Parker game opened by a link, and the rules' refusals in words", async ({ page }) => {
  await openLink(page, "#walak=1&rules=parker-walak&moves=4%2B+1", { rules: "parker-walak", record: "4+ 1", direction: "+" });
  await expect(page.locator("#mode-line")).toContainText("Walak-pussa (1909)");
  // Kotu-baendum: a first turn of the round starts from an end hole.
  await startNewGame(page, { rules: "parker-kotu" }, { rules: "parker-kotu" });
  // (A hole that cannot be played is aria-disabled: the click is forced, as a person's tap is taken.)
  await holeButton(page, trackIndex("south", 4)).click({ force: true });
  await expect(page.locator("#tap-said")).toHaveText("A first turn of the round starts from an end hole: hole 1 or 7.");
  await expect(page.locator("#direction-choice")).toBeHidden();
});

test("the board marks a tied hole, and the status says what the move did", async ({ page }) => {
  await openLink(page, linkTo("parker-kotu", KOTU_TIE), { rules: "parker-kotu", record: KOTU_TIE });
  expect(await boardData(page, "tied")).toBe("7:south");
  await expect(holeButton(page, 7)).toHaveAttribute("aria-label", /tied to South/);
  await expect(page.locator("#status")).toContainText("North's hole 1 is now tied to South.");
  // A tied hole is never lifted again: its refusal says so.
  await page.locator("#replay").click();
  await settled(page, { record: KOTU_TIE });
  await holeButton(page, 7).click({ force: true });
  await expect(page.locator("#tap-said")).toHaveText("A tied hole is never lifted again this round.");
  // Four eaten, and seeds passing over holes of three.
  await openLink(page, linkTo("parker-kotu", KOTU_EAT), { record: KOTU_EAT });
  await expect(page.locator("#status")).toContainText(/ate 4 seeds from/);
  await expect(page.locator("#status")).toContainText(/passed over/);
});

test("a match of Parker's: puta and naga holes marked, a new round's direction chosen by the loser", async ({ page }) => {
  await openLink(page, linkTo("parker-walak", WALAK_SHORTS, "&rounds=1"), { rules: "parker-walak", record: WALAK_SHORTS });
  const blocked = await boardData(page, "blocked");
  expect(blocked).toMatch(/\d+:(puta|naga)/);
  await expect(page.locator("#status")).toContainText(/is a (puta|naga|wala) hole: .* gives up/);
  const [hole, mark] = blocked.split(",")[0].split(":");
  await expect(holeButton(page, Number(hole))).toHaveAttribute("aria-label", new RegExp(`, ${mark}$`));
  // Back one move: the round waits for its loser's direction, chosen by a button (not by a hole).
  await page.keyboard.press("ArrowLeft");
  await settled(page, { direction: await boardData(page, "direction") });
  await expect(page.locator("#status")).toContainText(/chooses the direction of round \d/);
  await expect(page.locator("#direction-choice")).toBeVisible();
  await expect(page.locator("#direction-cancel")).toBeHidden();
  await page.locator("#direction-cw").click();
  await settled(page, { record: WALAK_SHORTS });
});

test("the rules panel describes the rule set in play, with its sources", async ({ page }) => {
  await openLink(page, linkTo("parker-kotu", KOTU_TIE), { rules: "parker-kotu" });
  await page.locator("#rules-button").click();
  const rules = page.locator("#rules");
  await expect(rules.locator("#rules-parker")).toBeVisible();
  await expect(rules.locator("#rules-world")).toBeHidden();
  await expect(rules).toContainText("Kotu-baendum: each player's first turn");
  await expect(rules.locator('p[data-i18n="rules.parkerWalak"]')).toBeHidden();
  await expect(rules.locator("#rules-sources")).toContainText("Sources");
  await expect(rules.locator("#rules-sources")).toContainText("Mancala World");
  await closeDialog(page, "rules", () => page.keyboard.press("Escape"));
  // Today's rules show their own text and examples.
  await openPage(page);
  await page.locator("#rules-button").click();
  await expect(rules.locator("#rules-world")).toBeVisible();
  await expect(rules.locator("#rules-parker")).toBeHidden();
});

test("the new words in another language", async ({ page }) => {
  await page.goto(`./?speed=instant&lang=sl${linkTo("parker-kotu", KOTU_TIE)}`);
  await settled(page, { record: KOTU_TIE });
  await expect(page.locator("#status")).toContainText("zvezana");
  await expect(page.locator("#direction-shown")).toContainText("Semena potujejo");
});
