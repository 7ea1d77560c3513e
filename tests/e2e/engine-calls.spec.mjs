// The page reads the engine's state once per change of the game: a move on the board is one
// `state()` read, and undo, redo or a jump through the move list read it once more, whatever the
// number of moves they step over. The engine's other calls are counted too.
import { test, expect, openPage, playMove, readBoard, settled } from "./helpers.mjs";

const COUNTED = ["state", "play", "preview", "undo", "redo", "setRedo", "record"];

/** From now on, counts the calls of the engine's game methods in the page (every game it has). */
async function countEngineCalls(page) {
  await page.evaluate((names) => {
    const proto = window.wasmBindings.Game.prototype;
    window.engineCalls = {};
    for (const name of names) {
      const original = proto[name];
      proto[name] = function counted(...args) {
        window.engineCalls[name] = (window.engineCalls[name] ?? 0) + 1;
        return original.apply(this, args);
      };
    }
  }, COUNTED);
}

/**
 * The calls counted since the last look, once the page is still: no move shown, and what the change
 * set off for later (a frame drawn, a task queued: the computer's turn, the saved game) has run.
 */
async function callsSince(page) {
  await settled(page);
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const calls = window.engineCalls;
    window.engineCalls = {};
    return calls;
  });
}

test("a move reads the engine's state once, and undo, redo and jumps once each", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await countEngineCalls(page);

  for (const hole of [3, 5, 1, 4]) {
    const before = await readBoard(page);
    await playMove(page, hole, "digit", before);
    const calls = await callsSince(page);
    expect(calls.state, `state() reads for hole ${hole}`).toBe(1);
    expect(calls.play ?? 0, "the move itself").toBe(1);
  }

  await page.locator("#undo").click();
  await expect(page.locator("#board")).toHaveAttribute("data-record", "351");
  expect((await callsSince(page)).state).toBe(1);

  await page.locator("#redo").click();
  await expect(page.locator("#board")).toHaveAttribute("data-record", "3514");
  expect((await callsSince(page)).state).toBe(1);

  // Home steps back over four moves, End forward again: one read each.
  await page.keyboard.press("Home");
  await expect(page.locator("#board")).toHaveAttribute("data-record", "");
  const home = await callsSince(page);
  expect(home.state).toBe(1);
  expect(home.undo).toBe(4);
  await page.keyboard.press("End");
  await expect(page.locator("#board")).toHaveAttribute("data-record", "3514");
  const end = await callsSince(page);
  expect(end.state).toBe(1);
  expect(end.redo).toBe(4);
});

test("against the computer, a move and the computer's reply read the state once each", async ({ page }) => {
  await openPage(page, "?mode=computer&side=south&level=beginner&speed=instant");
  await countEngineCalls(page);
  // At the instant speed the computer answers at once: wait for its reply, not for the move.
  await page.keyboard.press("3");
  await settled(page, { moves: 2, person: "south" });
  const calls = await callsSince(page);
  expect(calls.play).toBe(2);
  expect(calls.state).toBe(2);
  // Undo takes back the reply and the move: one read.
  await page.locator("#undo").click();
  await expect(page.locator("#board")).toHaveAttribute("data-record", "");
  const undo = await callsSince(page);
  expect(undo.undo).toBe(2);
  expect(undo.state).toBe(1);
});
