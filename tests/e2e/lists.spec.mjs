// The page's own lists that something else also lists: the computer's levels (the engine's
// `levels()`, which the page cannot wait for when it reads the address) and the animation's speeds
// (the Speed menu in index.html). Each pair must never drift apart.
import { test, expect, openPage } from "./helpers.mjs";
import { LEVELS } from "../../www/game/levels.js";
import { SPEEDS } from "../../www/board/speeds.js";

test("the page's levels are the engine's, weakest first", async ({ page }) => {
  await openPage(page);
  const engine = await page.evaluate(() => window.wasmBindings.levels().map((level) => level.name));
  expect(engine).toEqual(LEVELS);
});

test("the Speed menu offers the animation's speeds", async ({ page }) => {
  await openPage(page);
  const offered = await page.locator("#speed option").evaluateAll((options) => options.map((o) => o.value));
  expect(offered).toEqual(Object.keys(SPEEDS));
});
