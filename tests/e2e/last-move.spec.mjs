// The last move, always visible: the board publishes the hole played last and the holes its
// necklace took (data-last-move, data-last-captures, track indices) and marks them until the
// next move — after moves, undo and redo, a reload and a received link — checked against the
// engine's own trace of that move.
import { test, expect, ARTIFACTS, openPage, playMove, readBoard, settled, trackIndex, budget } from "./helpers.mjs";

/** What the engine says the record's last move was: the hole played and the holes captured. */
function engineLast(page, record) {
  return page.evaluate((record) => {
    if (!record) return { move: "", captures: "" };
    const game = window.wasmBindings.Game.fromRecord(record.slice(0, -1), null);
    const number = Number(record.at(-1));
    const side = game.state().to_move;
    const trace = game.preview(number);
    game.free();
    const captures = trace.filter((e) => e.event === "capture").map((e) => e.hole);
    return { move: String((side === "south" ? 0 : 7) + number - 1), captures: captures.join(",") };
  }, record);
}

async function expectLastMove(page) {
  const board = page.locator("#board");
  const record = (await board.getAttribute("data-record")) ?? "";
  const expected = await engineLast(page, record);
  await expect(board).toHaveAttribute("data-last-move", expected.move);
  await expect(board).toHaveAttribute("data-last-captures", expected.captures);
  return expected;
}

test("the last move and its captures are published and kept through undo, redo and a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant");
  await expectLastMove(page); // empty at the start
  // South's hole 1 from the opening captures (a seven-lap relay and a necklace).
  await playMove(page, 1);
  const first = await expectLastMove(page);
  expect(first.move).toBe(String(trackIndex("south", 1)));
  expect(first.captures).not.toBe("");
  await page.screenshot({ path: `${ARTIFACTS}last-move-1280.png` });
  const { legal } = await readBoard(page);
  await playMove(page, legal[0]);
  await expectLastMove(page);
  await page.locator("#undo").click();
  await settled(page, { record: "1" });
  expect(await expectLastMove(page)).toEqual(first);
  await page.locator("#redo").click();
  await settled(page, { record: `1${legal[0]}` });
  await expectLastMove(page);
  await page.reload();
  await settled(page, { record: `1${legal[0]}` });
  await expectLastMove(page);
});

test("a received link opens with its last move marked and replayable", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("./?speed=slow#walak=1&moves=3562");
  await settled(page, { record: "3562" });
  const last = await expectLastMove(page);
  expect(last.move).toBe(String(trackIndex("north", 2)));
  // Replay shows the move sent, from the position before it; the status does not tell its outcome
  // before the replay has shown it.
  const after = await page.locator("#board").getAttribute("data-board");
  await expect(page.locator("#replay")).toBeEnabled();
  await page.locator("#replay").click();
  await expect(page.locator("#board")).toHaveAttribute("data-animating", "true");
  await expect(page.locator("#status")).toHaveText(/^North plays hole 2…$/);
  await expect(page.locator("#board")).toHaveAttribute("data-animating", "false", { timeout: budget(20_000) });
  await expect(page.locator("#board")).toHaveAttribute("data-board", after);
  await expect(page.locator("#status")).toContainText("North played hole 2");
  // A link that stops part-way marks the last move played, not the last one of the record.
  await page.goto("./?speed=instant#walak=1&moves=3562&at=3");
  await settled(page, { record: "356" });
  await page.locator("#notice-close").click();
  expect((await expectLastMove(page)).move).toBe(String(trackIndex("south", 6)));
});
