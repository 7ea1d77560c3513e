// The board seen from the person's side: North's row at the bottom for a person playing North
// against the computer, and Flip (#flip, the F key) turning it round in any mode. Hole buttons
// keep their track indices; only where they lie changes.
import {
  test, expect, ARTIFACTS, expectMatchesEngine, openPage, phonePage, readBoard, settled, showControl, trackIndex, tap,
} from "./helpers.mjs";

/** The middle height of each row's hole buttons: which row is drawn at the bottom. */
async function rowHeights(page) {
  return page.evaluate(() => {
    const middle = (from, to) => {
      const ys = [...document.querySelectorAll("button.hole")]
        .filter((b) => Number(b.dataset.hole) >= from && Number(b.dataset.hole) < to)
        .map((b) => {
          const r = b.getBoundingClientRect();
          return r.top + r.height / 2;
        });
      return ys.reduce((a, b) => a + b, 0) / ys.length;
    };
    return { south: middle(0, 7), north: middle(7, 14) };
  });
}

test("playing North against the computer, North's row is at the bottom and plays by tap and key", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=computer&side=north&first=south&level=beginner&speed=instant");
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-flipped", "true");
  // The computer (South) opens; then it is North's turn.
  await settled(page, { moves: 1, person: "north" });
  let heights = await rowHeights(page);
  expect(heights.north, "North's row below South's").toBeGreaterThan(heights.south);
  // North's hole 1 is at the bottom right, as South's is on the usual board: the person's own left.
  const hole1 = await page.locator(`button.hole[data-hole="${trackIndex("north", 1)}"]`).boundingBox();
  const hole7 = await page.locator(`button.hole[data-hole="${trackIndex("north", 7)}"]`).boundingBox();
  expect(hole1.x, "North's holes run 1 to 7 from the person's left").toBeLessThan(hole7.x);
  await page.screenshot({ path: `${ARTIFACTS}flip-north-1280.png` });

  // A click on one of North's holes plays it.
  const { record, legal } = await readBoard(page);
  await page.locator(`button.hole[data-hole="${trackIndex("north", legal[0])}"]`).click();
  await settled(page, { moves: record.length + 2, person: "north" });
  expect((await readBoard(page)).record.slice(0, record.length + 1)).toBe(record + legal[0]);
  await expectMatchesEngine(page, { person: "north", mode: "computer" });
  // A key plays the mover's hole of that number, whatever way the board is drawn.
  const after = await readBoard(page);
  await page.keyboard.press(String(after.legal[0]));
  await settled(page, { moves: after.record.length + 2, person: "north" });
  expect((await readBoard(page)).record.slice(0, after.record.length + 1)).toBe(after.record + after.legal[0]);
  await expectMatchesEngine(page, { person: "north", mode: "computer" });

  // Flip turns it back: South's row at the bottom again.
  await page.locator("#flip").click();
  await expect(board).toHaveAttribute("data-flipped", "false");
  await expect(page.locator("#flip")).toHaveAttribute("aria-pressed", "false");
  heights = await rowHeights(page);
  expect(heights.south).toBeGreaterThan(heights.north);
});

test("Flip turns the board in a two-player game, by button and by the F key, on a phone too", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser);
  await openPage(page, "?mode=two&speed=instant");
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-flipped", "false");
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  // Upright, South's row runs up the right-hand side; flipped, North's does.
  const side = async (index) => (await page.locator(`button.hole[data-hole="${index}"]`).boundingBox()).x;
  expect(await side(trackIndex("south", 1))).toBeGreaterThan(await side(trackIndex("north", 1)));
  await (await showControl(page, "#flip")).tap();
  await expect(board).toHaveAttribute("data-flipped", "true");
  expect(await side(trackIndex("north", 1))).toBeGreaterThan(await side(trackIndex("south", 1)));
  // South still plays by tapping its own holes, wherever they are drawn.
  await tap(page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`));
  await settled(page, { record: "3" });
  await expectMatchesEngine(page, { mode: "two" });
  await page.keyboard.press("f");
  await expect(board).toHaveAttribute("data-flipped", "false");
  await page.keyboard.press("F");
  await expect(board).toHaveAttribute("data-flipped", "true");
  // The turned board's words follow the language; the board itself does not.
  await page.locator("#language").selectOption("ur");
  await expect(board).toHaveAttribute("data-flipped", "true");
  await page.screenshot({ path: `${ARTIFACTS}flip-ur-390.png` });
  expect(errors).toEqual([]);
  await context.close();
});
