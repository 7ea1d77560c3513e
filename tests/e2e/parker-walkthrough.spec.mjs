// Parker's walk-through in the rules panel: for the rule set in play, four steps, each a position
// the engine sets up and the move that shows what differs from today's rules, played on a small
// board, with what to watch for, what the move did and the holes the rules refuse there.
import { test, expect, openPage, settled, budget } from "./helpers.mjs";

test.use({ actionTimeout: budget(15_000) });

/** Opens the page on a Parker game of `rules` by link (the opening), then its rules. */
async function openWalkthrough(page, rules, lang = "en") {
  // Reduced motion: the step's move is shown at once, its words at its end.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`./?speed=instant&lang=${lang}#walak=1&rules=${rules}&moves=`);
  await settled(page, { rules });
  if (!(await page.locator("#rules-button").isVisible())) await page.click("#more");
  await page.locator("#rules-button").click();
  const walkthrough = page.locator("#rules-walkthrough");
  await expect(walkthrough).toBeVisible();
  return walkthrough;
}

const caption = (walkthrough) => walkthrough.locator(".example-caption");

test("Walak-pussa's walk-through: the direction, an empty hole's stop, the necklace, single seeds", async ({ page }) => {
  const walkthrough = await openWalkthrough(page, "parker-walak");
  await expect(walkthrough).toHaveAttribute("data-rules", "parker-walak");
  await expect(walkthrough).toHaveAttribute("data-steps", "4");
  await expect(walkthrough).toHaveAttribute("data-topic", "choose_direction");
  await expect(walkthrough.locator(".walkthrough-progress")).toHaveText("Step 1 of 4");
  await expect(caption(walkthrough)).toContainText("chose to sow counterclockwise");
  await expect(walkthrough.locator(".walkthrough-previous")).toBeDisabled();

  await walkthrough.locator(".walkthrough-next").click();
  await expect(walkthrough).toHaveAttribute("data-topic", "empty_stop");
  await expect(walkthrough.locator(".walkthrough-topic")).toHaveText("An empty hole ends the move");
  await expect(caption(walkthrough)).toContainText("no capture");

  await walkthrough.locator(".walkthrough-next").click();
  await expect(walkthrough).toHaveAttribute("data-topic", "necklace");
  await expect(caption(walkthrough)).toContainText("captured 8 seeds in a necklace of 2");

  await walkthrough.locator(".walkthrough-next").click();
  await expect(walkthrough).toHaveAttribute("data-topic", "singletons");
  await expect(walkthrough.locator(".walkthrough-refused")).toHaveText(
    "Hole 1 may not be played here. A single seed waits while a hole of two or more can be played.");
  await expect(walkthrough.locator(".walkthrough-next")).toBeDisabled();
  await walkthrough.locator(".walkthrough-previous").click();
  await expect(walkthrough).toHaveAttribute("data-step", "3");
});

test("Kotu-baendum's walk-through: an end hole first, holes of three passed over, four eaten, an end hole tied", async ({ page }) => {
  const walkthrough = await openWalkthrough(page, "parker-kotu");
  await expect(walkthrough).toHaveAttribute("data-topic", "end_hole");
  await expect(walkthrough.locator(".walkthrough-refused")).toContainText("Holes 2, 3, 4, 5, and 6 may not be played here.");
  const topics = [];
  for (let step = 2; step <= 4; step += 1) {
    await walkthrough.locator(".walkthrough-next").click();
    await expect(walkthrough).toHaveAttribute("data-step", String(step));
    topics.push(await walkthrough.getAttribute("data-topic"));
  }
  expect(topics).toEqual(["pass_three", "eat_four", "tie"]);
  await expect(caption(walkthrough)).toContainText("South's hole 1 is now tied to North");
  // Play again plays the move once more, to the same words.
  await walkthrough.locator(".example-play").click();
  await expect(caption(walkthrough)).toContainText("tied to North");
});

test("the walk-through in another language, and none for today's rules", async ({ page }) => {
  const walkthrough = await openWalkthrough(page, "parker-kotu", "sl");
  await expect(walkthrough.locator(".walkthrough-progress")).toHaveText("Korak 1 od 4");
  await expect(walkthrough.locator("h3")).toHaveText("Kaj je drugače, korak za korakom");
  await page.keyboard.press("Escape");
  // (openPage waits for the closed dialog to take its history entry back first.)
  await openPage(page);
  await page.locator("#rules-button").click();
  await expect(page.locator("#rules-world")).toBeVisible();
  await expect(page.locator("#rules-walkthrough")).toBeHidden();
});
