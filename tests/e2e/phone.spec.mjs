// The board on phones: a whole game tapped in portrait, the board's size and its tap targets in
// both orientations and in the languages with the longest words and right-to-left script, a
// phone turned in the middle of a move, and what a tap on a hole that cannot be played says.
import {
  test, expect, ARTIFACTS, expectMatchesEngine, openPage, phonePage, randomGame, readBoard, showControl, trackIndex, hold,
  waitForRecordLength,
} from "./helpers.mjs";

const PORTRAIT = [[360, 640], [390, 844], [412, 915]];
const LANDSCAPE = [[640, 360], [844, 390]];

/** Where the board and its hole buttons lie, and whether anything spills out sideways. */
function measure(page) {
  return page.evaluate(() => {
    const rect = (el) => el.getBoundingClientRect().toJSON();
    return {
      board: rect(document.getElementById("board")),
      orientation: document.getElementById("board").dataset.orientation,
      holes: [...document.querySelectorAll("button.hole")].map(rect),
      firstRow: ["new-game", "undo", "hint", "skip", "more"].map((id) => rect(document.getElementById(id))),
      scrollWidth: document.documentElement.scrollWidth,
      view: [innerWidth, innerHeight],
    };
  });
}

function expectPhoneFit(m, label, { portrait }) {
  const [width, height] = m.view;
  expect(m.orientation, `${label}: the board's orientation`).toBe(portrait ? "portrait" : "landscape");
  expect(m.scrollWidth, `${label}: no sideways scrolling`).toBeLessThanOrEqual(width);
  if (portrait) expect(m.board.height, `${label}: the board is at least half the screen high`).toBeGreaterThanOrEqual(height / 2);
  for (const [i, hole] of m.holes.entries()) {
    expect(Math.min(hole.width, hole.height), `${label}: hole ${i}'s tap target`).toBeGreaterThanOrEqual(48);
    expect(hole.left, `${label}: hole ${i} left`).toBeGreaterThanOrEqual(0);
    expect(hole.right, `${label}: hole ${i} right`).toBeLessThanOrEqual(width + 0.5);
  }
  // The main actions are in view with the board, without scrolling.
  for (const button of m.firstRow) {
    expect(button.bottom, `${label}: the main actions are in view`).toBeLessThanOrEqual(height + 0.5);
    expect(button.height, `${label}: the main actions are big enough to tap`).toBeGreaterThanOrEqual(48);
  }
}

test("a whole game tapped on a phone in portrait, every position the engine's", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, PORTRAIT[0]);
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 31, minMoves: 30, maxMoves: 400 });
  let shown = await readBoard(page);
  for (const n of moves) {
    const { to_move: side, record } = shown;
    await page.locator(`button.hole[data-hole="${trackIndex(side, n)}"]`).tap();
    await waitForRecordLength(page, record.length + 1);
    shown = await expectMatchesEngine(page, { mode: "two" });
    expect(shown.record, "the record after the tap").toBe(record + n);
  }
  expect((await readBoard(page)).status).toBe("game_over");
  await page.screenshot({ path: `${ARTIFACTS}phone-game-over-360.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

for (const lang of ["en", "si", "th", "ur"]) {
  test(`the board fits phones in both orientations, with targets of 48 px (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    // One phone, given each size in turn and opening the page afresh at it: each time a first
    // visit, as nothing is remembered from the one before.
    const { context, page, errors } = await phonePage(browser, PORTRAIT[0]);
    await page.addInitScript(() => localStorage.clear());
    for (const size of [...PORTRAIT, ...LANDSCAPE]) {
      await page.setViewportSize({ width: size[0], height: size[1] });
      await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
      const portrait = size[1] > size[0];
      expectPhoneFit(await measure(page), `${lang} ${size.join("×")}`, { portrait });
      if (lang !== "en" || size[0] === 360) {
        await page.screenshot({ path: `${ARTIFACTS}phone-${lang}-${size.join("x")}.png` });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("a phone turned in the middle of a move redraws at once and loses nothing", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=slow");
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  await page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`).tap();
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.setViewportSize({ width: 844, height: 390 });
  // Turned while the move is still being shown: the long board at once, the move going on.
  await expect(board).toHaveAttribute("data-orientation", "landscape");
  expect(await board.getAttribute("data-animating")).toBe("true");
  expectPhoneFit(await measure(page), "turned to landscape", { portrait: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  await page.locator("#skip").tap();
  await expect(board).toHaveAttribute("data-animating", "false");
  expect((await readBoard(page)).record).toBe("3");
  await expectMatchesEngine(page, { mode: "two" });
  expectPhoneFit(await measure(page), "turned back", { portrait: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("a tap on a hole that cannot be played says why", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openPage(page, "?mode=two&speed=instant");
  const said = page.locator("#tap-said");
  // A hole that cannot be played is marked aria-disabled, yet a finger can still tap it.
  const tapRefused = (side, n) => page.locator(`button.hole[data-hole="${trackIndex(side, n)}"]`).tap({ force: true });
  await tapRefused("north", 2);
  await expect(said).toBeVisible();
  await expect(said).toHaveText("North's hole: it is South's turn.");
  await page.screenshot({ path: `${ARTIFACTS}phone-refused-360.png` });
  // South plays hole 1, which leaves it empty; North plays; South's hole 1 is then empty.
  await page.locator(`button.hole[data-hole="${trackIndex("south", 1)}"]`).tap();
  await expect(page.locator("#board")).toHaveAttribute("data-record", "1");
  await expect(said).toBeHidden();
  const { legal } = await readBoard(page);
  await page.locator(`button.hole[data-hole="${trackIndex("north", legal[0])}"]`).tap();
  await expect(page.locator("#board")).toHaveAttribute("data-record", `1${legal[0]}`);
  const { board, to_move: side } = await readBoard(page);
  const empty = [1, 2, 3, 4, 5, 6, 7].find((n) => board[trackIndex(side, n)] === 0);
  expect(empty, `an empty hole of ${side}'s after "1${legal[0]}"`).toBeDefined();
  await tapRefused(side, empty);
  await expect(said).toHaveText("This hole is empty.");
  // Nothing was played by the refused taps.
  expect((await readBoard(page)).record).toBe(`1${legal[0]}`);
  // Said in the page's language, right to left in Urdu.
  await page.locator("#language").selectOption("ur");
  // (Once its words have loaded: a tap before then is answered in the language still in use.)
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await tapRefused(side === "south" ? "north" : "south", 1);
  await expect(said).toContainText("باری");
  expect(errors).toEqual([]);
  await context.close();
});


test("holding a hole shows where its move ends; with tap-twice on, a first tap only shows", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=instant");
  const hole3 = page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`);
  await hold(page, hole3, 700);
  await expect(page.locator("#preview")).toContainText(/hole 3/i);
  await page.waitForTimeout(200);
  expect((await readBoard(page)).record, "a hold plays nothing").toBe("");
  // A plain tap plays at once.
  await hole3.tap();
  await expect(page.locator("#board")).toHaveAttribute("data-record", "3");

  await (await showControl(page, "#confirm-taps")).check();
  const { legal } = await readBoard(page);
  const north = page.locator(`button.hole[data-hole="${trackIndex("north", legal[0])}"]`);
  await north.tap();
  await expect(page.locator("#preview")).toContainText(/again/);
  expect((await readBoard(page)).record, "a first tap only shows").toBe("3");
  await north.tap();
  await expect(page.locator("#board")).toHaveAttribute("data-record", `3${legal[0]}`);
  // The choice is remembered.
  await page.reload();
  await expect(page.locator("#confirm-taps")).toBeChecked();
  expect(errors).toEqual([]);
  await context.close();
});

test("on a phone the controls past the main row open under More", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openPage(page, "?mode=two&speed=instant");
  for (const id of ["#new-game", "#undo", "#hint", "#skip", "#more"]) await expect(page.locator(id)).toBeVisible();
  for (const id of ["#share", "#rules-button", "#speed", "#redo"]) await expect(page.locator(id)).toBeHidden();
  await expect(page.locator("#more")).toHaveAttribute("aria-expanded", "false");
  await page.locator("#more").tap();
  await expect(page.locator("#more")).toHaveAttribute("aria-expanded", "true");
  for (const id of ["#share", "#rules-button", "#speed", "#redo"]) await expect(page.locator(id)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${ARTIFACTS}phone-more-360.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("a touch screen's More offers no Keyboard help; a screen with a keyboard and a mouse keeps it", async ({ browser, page }) => {
  const { context, page: phone, errors } = await phonePage(browser, [390, 844]);
  await openPage(phone, "?mode=two&speed=instant");
  await phone.locator("#more").tap();
  await expect(phone.locator("#rules-button")).toBeVisible();
  await expect(phone.locator("#keys-button")).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();

  // A small window on a computer: More has it, and ? opens it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#more").click();
  await expect(page.locator("#keys-button")).toBeVisible();
  await page.locator("#keys-button").click();
  await expect(page.locator("#keys-dialog")).toBeVisible();
});
