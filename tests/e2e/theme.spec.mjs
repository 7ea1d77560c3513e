// The Colours menu (`#theme`) in the page's header: a choice applies at once and survives a
// reload, drawn before the first paint; Automatic follows the system; `?theme=` in the address
// comes first; an embed neither shows the menu nor reads the remembered choice.
import { test, expect, openPage, settled } from "./helpers.mjs";

const THEME_KEY = "walak-pussa.theme";
const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);

/** Records the theme as it is when <body> first appears: what early.js chose before any paint. */
async function watchFirstTheme(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      window.firstTheme = document.documentElement.dataset.theme ?? null;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** A light system, Dark remembered from an earlier visit, and the first theme painted watched. */
async function rememberDarkOnALightSystem(page) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.addInitScript((key) => localStorage.setItem(key, "dark"), THEME_KEY);
  await watchFirstTheme(page);
}

test("choosing Dark applies at once, is remembered, and comes back before the first paint", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await watchFirstTheme(page);
  await openPage(page);
  await expect(page.locator("#theme")).toBeVisible();
  await expect(page.locator("#theme")).toHaveValue("auto");
  expect(await theme(page)).toBe("light");

  await page.selectOption("#theme", "dark");
  expect(await theme(page)).toBe("dark");
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe("dark");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe("rgb(27, 20, 15)");

  await page.reload();
  await settled(page);
  expect(await page.evaluate(() => window.firstTheme), "the theme before the first paint").toBe("dark");
  expect(await theme(page)).toBe("dark");
  await expect(page.locator("#theme")).toHaveValue("dark");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  // A system that changes its mind does not undo a choice.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
  expect(await theme(page)).toBe("dark");

  await page.selectOption("#theme", "light");
  expect(await theme(page)).toBe("light");
  expect(await background()).toBe("rgb(243, 234, 216)");
});

test("Automatic follows the system, also when it changes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.addInitScript((key) => localStorage.setItem(key, "light"), THEME_KEY);
  await openPage(page);
  expect(await theme(page)).toBe("light");
  await page.selectOption("#theme", "auto");
  expect(await theme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => theme(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => theme(page)).toBe("dark");
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe("auto");
});

test("?theme= in the address comes before the remembered choice", async ({ page }) => {
  await rememberDarkOnALightSystem(page);
  await openPage(page, "?theme=light&mode=two&speed=instant");
  expect(await page.evaluate(() => window.firstTheme)).toBe("light");
  expect(await theme(page)).toBe("light");
  await expect(page.locator("#theme")).toHaveValue("light");
  // `auto` asks for the system's colours, whatever was chosen.
  await page.emulateMedia({ colorScheme: "dark" });
  await openPage(page, "?theme=auto&mode=two&speed=instant");
  expect(await theme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => theme(page)).toBe("light");
  // A choice made in the menu then replaces the address's, so a reload keeps it.
  await page.selectOption("#theme", "dark");
  expect(new URL(page.url()).searchParams.get("theme")).toBe("dark");
});

test("an embed ignores the remembered choice and shows no menu", async ({ page }) => {
  await rememberDarkOnALightSystem(page);
  await openPage(page, "?embed=1&speed=instant");
  expect(await page.evaluate(() => window.firstTheme)).toBe("light");
  expect(await theme(page)).toBe("light");
  await expect(page.locator("#theme")).toBeHidden();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => theme(page)).toBe("dark");
  // Its own address still chooses.
  await openPage(page, "?embed=1&theme=light&speed=instant");
  expect(await theme(page)).toBe("light");
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe("dark");
});
