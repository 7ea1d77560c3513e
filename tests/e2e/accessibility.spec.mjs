// Accessibility: axe-core finds nothing serious or critical on the page (every language) and in
// the New game and Rules dialogs (English and Urdu), every control shows a focus ring when reached
// by keyboard, and a whole move can be chosen and played with the keyboard alone.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test, expect, openPage, readBoard, settled, waitForRecordLength } from "./helpers.mjs";
import { LANGUAGES } from "../../www/i18n/index.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe's serious and critical violations on the page as it is now, briefly described. */
async function seriousViolations(page) {
  // Evaluated rather than added as a script tag: the page's Content Security Policy refuses
  // inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(AXE, "utf8"));
  const violations = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ["violations"] });
    return violations.map(({ id, impact, help, nodes }) => ({
      id, impact, help, nodes: nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

for (const { code } of LANGUAGES) {
  test(`${code}: the page in play has no serious accessibility violations`, async ({ page }) => {
    await openPage(page, `?lang=${code}&mode=two&speed=instant`);
    await page.keyboard.press("1");
    await waitForRecordLength(page, 1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const code of ["en", "ur"]) {
  test(`${code}: the New game and Rules dialogs have no serious accessibility violations`, async ({ page }) => {
    await openPage(page, `?lang=${code}&mode=two&speed=instant`);
    await page.locator("#new-game").click();
    await expect(page.locator("#new-game-dialog")).toBeVisible();
    expect(await seriousViolations(page), "New game dialog").toEqual([]);
    await page.keyboard.press("Escape");

    await page.locator("#rules-button").click();
    await expect(page.locator("#rules")).toBeVisible();
    await expect(page.locator(".example-caption").first()).not.toBeEmpty();
    expect(await seriousViolations(page), "Rules dialog").toEqual([]);
  });
}

test("every control reached with Tab shows a focus ring, and a move is played with the keyboard alone", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  // Tab through the whole page once, until the focus leaves it or comes round again.
  const seen = [];
  for (let i = 0; i < 100; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
      const name = element.id || `${element.className}${element.dataset.hole ?? element.dataset.ply ?? ""}`;
      return { name, hole: element.dataset.hole ?? null, ring };
    });
    if (focused === null || (seen.length > 0 && focused.name === seen[0].name)) break;
    seen.push(focused);
  }
  const withoutRing = seen.filter((f) => !f.ring).map((f) => f.name);
  expect(withoutRing, "controls without a visible focus ring").toEqual([]);
  // (Undo, redo and the animation controls are disabled before the first move.)
  for (const id of ["language", "new-game", "hint", "share", "rules-button", "show-evaluation", "speed"]) {
    expect(seen.map((f) => f.name), `${id} is reached with Tab`).toContain(id);
  }
  // The playable holes are one stop in the tab order (North's, not playable now, are none): Tab
  // reaches South's hole 1, the arrow key South's hole 2, and Enter plays it.
  expect(seen.filter((f) => f.hole !== null).map((f) => f.hole), "one tab stop for the row").toEqual(["0"]);
  const index = seen.findIndex((f) => f.hole === "0");
  await page.reload();
  await settled(page);
  for (let i = 0; i <= index; i++) await page.keyboard.press("Tab");
  await expect(page.locator('button.hole[data-hole="0"]')).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator('button.hole[data-hole="1"]')).toBeFocused();
  expect((await readBoard(page)).record, "an arrow on a hole moves the focus, not the move list").toBe("");
  await expect(page.locator("#preview")).toHaveText(/^Hole 2: \d+ laps?/);
  await page.keyboard.press("Enter");
  await waitForRecordLength(page, 1);
  expect((await readBoard(page)).record).toBe("2");
});
