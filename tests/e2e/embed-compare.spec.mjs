// Two rule sets compared in an embed (`?embed=1&compare=RULES,RULES&loop=HOLE`): each board plays the
// move by its own engine and shows its own trace, and says what the move did there; a bad value is
// said instead of a broken frame. The Embed dialog writes the rules and the comparison into its
// code, and the Share dialog saves the position and the last move as SVG pictures.
import { readFileSync } from "node:fs";
import { test, expect, ARTIFACTS, settled, budget } from "./helpers.mjs";

test.use({ actionTimeout: budget(15_000) });

const PARKER = { rounds: false, first: "south", rules: "parker-walak" };

/** The board after `record` under `options`, from the page's engine, as the frame publishes it. */
const boardAfter = (page, record, options) =>
  page.evaluate(([record, options]) => {
    const game = window.wasmBindings.Game.fromRecord(record, options);
    try {
      return game.state().board.join(",");
    } finally {
      game.free();
    }
  }, [record, options]);

test("a comparison plays the same hole under two rule sets, each board its own trace, again and again", async ({ page }) => {
  // The page's clock is the test's: the loop's holds and the sowing pass as the test moves it on.
  await page.clock.install();
  // The boards' changes are watched from the page's first moment: a board that sows before the test
  // could look would otherwise never be seen sowing.
  await page.addInitScript(() => {
    window.seen = [];
    new MutationObserver((records) => {
      for (const { target } of records) {
        if (!target.matches?.("figure.compare-board")) continue;
        const { rules, animating, board } = target.dataset;
        window.seen.push({ rules, animating, board });
      }
    }).observe(document, { attributes: true, subtree: true });
  });
  await page.setViewportSize({ width: 800, height: 350 });
  await page.goto("./?embed=1&compare=mancala-world,parker-walak&loop=4&speed=fast");
  const boards = page.locator("figure.compare-board");
  await expect(boards).toHaveCount(2);
  const [world, walak] = [boards.nth(0), boards.nth(1)];
  await expect(world).toHaveAttribute("data-rules", "mancala-world");
  await expect(walak).toHaveAttribute("data-rules", "parker-walak");
  // A bare hole is sown counterclockwise under Parker's rules, as today's rules sow.
  await expect(world).toHaveAttribute("data-move", "4");
  await expect(walak).toHaveAttribute("data-move", "4+");
  await expect(world.locator("figcaption")).toContainText("Walak-pussa As Mancala World describes it.");
  await expect(walak.locator("figcaption")).toContainText("Walak-pussa (1909) As Parker recorded it in 1909.");
  await expect(page.locator("#status")).toHaveText("South plays hole 4 under each rule set, again and again.");

  const opening = Array(14).fill(4).join(",");
  const afterWorld = await boardAfter(page, "4", null);
  const afterWalak = await boardAfter(page, "4+", PARKER);
  expect(afterWorld).not.toBe(afterWalak);
  // Each board is seen sowing, and each comes to rest on its own engine's position.
  await expect.poll(async () => {
    await page.clock.runFor(500);
    return [await world.getAttribute("data-board"), await walak.getAttribute("data-board")];
  }, { timeout: budget(25_000), intervals: [0] }).toEqual([afterWorld, afterWalak]);
  const seen = await page.evaluate(() => window.seen);
  for (const rules of ["mancala-world", "parker-walak"]) {
    expect(seen.some((s) => s.rules === rules && s.animating === "true"), rules).toBe(true);
  }
  await expect(world.locator(".compare-status")).toContainText("South played hole 4:");
  await expect(walak.locator(".compare-status")).toContainText("South chose to sow counterclockwise. South played hole 4:");
  await page.screenshot({ path: `${ARTIFACTS}embed-compare.png` });
  // Held, then back to the position before, and again.
  await expect.poll(async () => {
    await page.clock.runFor(500);
    return world.getAttribute("data-board");
  }, { timeout: budget(10_000), intervals: [0] }).toBe(opening);
  // Pause holds both boards.
  await page.click("#embed-pause");
  await expect(page.locator("#embed-pause")).toHaveAttribute("aria-pressed", "true");
  const held = [await world.getAttribute("data-board"), await walak.getAttribute("data-board")];
  await page.clock.runFor(3000);
  expect([await world.getAttribute("data-board"), await walak.getAttribute("data-board")]).toEqual(held);
});

test("a move one rule set refuses is said on its board; a bad comparison is said, in the frame's language", async ({ page }) => {
  await page.goto("./?embed=1&compare=mancala-world,parker-kotu&loop=4&speed=instant");
  const kotu = page.locator('figure.compare-board[data-rules="parker-kotu"]');
  await expect(kotu).toHaveAttribute("data-refused", "notAnEndHole");
  await expect(kotu.locator(".compare-status")).toHaveText(
    "South's hole 4 cannot be played under these rules: A first turn of the round starts from an end hole: hole 1 or 7.");

  await page.goto("./?embed=1&compare=mancala-world,walak&loop=4");
  await expect(page.locator("#notice-text")).toContainText(
    '"compare=mancala-world,walak" is not two different rule sets joined by a comma');
  await expect(page.locator("figure.compare-board")).toHaveCount(0);
  await settled(page);
  await page.goto("./?embed=1&compare=parker-walak&lang=si");
  await expect(page.locator("#notice-text")).toContainText('"compare=parker-walak" යනු කොමාවකින් යා කළ වෙනස් නීති මාලා දෙකක් නොවේ');
});

test("the Embed dialog of a Parker game: its rules in the code, another rule set's new game, and a comparison", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("./?speed=instant#walak=1&rules=parker-walak&moves=4%2B+1");
  await settled(page, { rules: "parker-walak", record: "4+ 1" });
  await page.click("#embed-button");
  const code = () => page.inputValue("#embed-code").then((html) => new URL(html.match(/src="([^"]*)"/)[1].replaceAll("&amp;", "&")));
  await expect(page.locator("#embed-rules")).toHaveValue("parker-walak");
  expect((await code()).hash).toContain("rules=parker-walak");
  // Another rule set: a new game of it.
  await page.selectOption("#embed-rules", "parker-kotu");
  await expect(page.locator("#embed-rules-note")).toBeVisible();
  const kotu = await code();
  expect(kotu.hash).toContain("rules=parker-kotu");
  expect(kotu.hash).not.toContain("moves=4");
  // The last move under this game's rules and today's, side by side, with its preview.
  await page.check('input[name="embed-show"][value="compare"]');
  await page.selectOption("#embed-compare-with", "mancala-world");
  await expect.poll(async () => (await code()).searchParams.get("compare")).toBe("parker-walak,mancala-world");
  const compared = await code();
  expect(compared.searchParams.get("loop")).toBe("1");
  expect(compared.hash).toContain("at=1");
  const preview = page.frameLocator("#embed-preview");
  await expect(preview.locator('figure.compare-board[data-rules="parker-walak"]')).toHaveAttribute("data-move", "1");
  await expect(preview.locator('figure.compare-board[data-rules="mancala-world"]')).toHaveAttribute("data-move", "1");
  await page.keyboard.press("Escape");

  // Before the direction is chosen, each hole is offered both ways: a clockwise first move compared.
  await page.goto("./?speed=instant#walak=1&rules=parker-walak");
  await settled(page, { rules: "parker-walak", record: "" });
  await page.click("#embed-button");
  await page.check('input[name="embed-show"][value="compare"]');
  const moves = page.locator("#embed-loop-move option");
  await expect(moves).toHaveCount(14);
  await expect(page.locator('#embed-loop-move option[value="4-"]')).toHaveText("South's hole 4 clockwise, from the position shown");
  await page.selectOption("#embed-loop-move", "4-");
  await expect.poll(async () => (await code()).searchParams.get("loop")).toBe("4-");
  await expect(preview.locator('figure.compare-board[data-rules="parker-walak"]')).toHaveAttribute("data-move", "4-");
  await expect(preview.locator('figure.compare-board[data-rules="mancala-world"]')).toHaveAttribute("data-move", "4");
});

test("Share saves the position and the last move's frames as SVG pictures", async ({ page }) => {
  await page.goto("./?speed=instant#walak=1&rules=parker-walak&moves=4%2B+1");
  await settled(page, { rules: "parker-walak", record: "4+ 1" });
  const board = await page.locator("#board").getAttribute("data-board");
  await page.click("#share");
  const saved = async (button) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), "utf8") };
  };
  const still = await saved("#share-picture");
  expect(still.name).toBe("walak-pussa-2.svg");
  expect(still.text.startsWith("<svg")).toBe(true);
  expect(still.text).toContain("<title>Walak-pussa (1909): the position</title>");
  // Every hole's seeds are written on it.
  for (const seeds of new Set(board.split(","))) expect(still.text).toContain(`>${seeds}</text>`);
  await expect(page.locator("#share-said")).toHaveText("Saved as walak-pussa-2.svg.");
  const frames = await saved("#share-frames");
  expect(frames.name).toBe("walak-pussa-2-frames.svg");
  expect(frames.text.startsWith("<svg")).toBe(true);
  expect(frames.text).toContain("North plays hole 1, step by step");
  // The position before, a frame per step, the position after: one picture each, inside the sheet.
  expect(frames.text.match(/<svg /g).length).toBeGreaterThan(3);
});

test("an embed's bar saves what the frame shows as a picture: a game's position, a looped move's frames", async ({ page }) => {
  const saved = async (button) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), "utf8") };
  };
  // A Parker game in a frame: the picture is of the position shown, in its rule set.
  await page.goto("./?embed=1&speed=instant#walak=1&rules=parker-walak&moves=1%2B+2");
  await settled(page, { rules: "parker-walak", record: "1+ 2" });
  // The direction is said under the board, which keeps the frame's width.
  const board = await page.locator("#board").boundingBox();
  const direction = await page.locator("#direction-shown").boundingBox();
  expect(direction.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  expect(board.x + board.width).toBeLessThanOrEqual(page.viewportSize().width + 1);
  await expect(page.locator("#embed-picture")).toHaveAttribute("aria-label", "Save picture (SVG)");
  const still = await saved("#embed-picture");
  expect(still.name).toBe("walak-pussa-2.svg");
  expect(still.text).toContain("<title>Walak-pussa (1909): the position</title>");
  // A looped move: its frames, from the position before it, whatever the loop shows at the time.
  await page.goto("./?embed=1&loop=3&lang=en");
  await expect(page.locator("#embed-picture")).toHaveAttribute("aria-label", "Save move frames (SVG)");
  const frames = await saved("#embed-picture");
  expect(frames.name).toBe("walak-pussa-1-frames.svg");
  expect(frames.text).toContain("South plays hole 3, step by step");
  // A comparison has no such button (each board is its own rule set's).
  await page.goto("./?embed=1&compare=mancala-world,parker-kotu&loop=1");
  await expect(page.locator(".compare-board").first()).toBeVisible();
  await expect(page.locator("#embed-picture")).toHaveCount(0);
});
