// The page's languages: every message table complete, every language on the page with nothing left
// in English, the chooser, the address and the browser's preferences, right to left, hole keys in
// other scripts and keyboard layouts, and what a screen reader hears after a move.
import { test, expect, openPage, playMove, readBoard, settled, waitForRecordLength, holeButton, watchErrors, budget } from "./helpers.mjs";
import { LANGUAGES, STORAGE_KEY } from "../../www/i18n/index.js";
import en from "../../www/i18n/en.js";

const OTHERS = LANGUAGES.filter(({ code }) => code !== "en");
const table = async (code) => (await import(`../../www/i18n/${code}.js`)).default;

/** The names in `{braces}` of a message (all plural forms together). */
function placeholders(value) {
  const text = typeof value === "string" ? value : Object.values(value).join(" ");
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

const forms = (value) => (typeof value === "string" ? [value] : Object.values(value));
const hasWords = (text) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ""));

// ── The tables ────────────────────────────────────────────────────────────────────────────────

test("every table has English's keys, the same placeholders and its language's plural forms", async () => {
  const problems = [];
  for (const { code } of OTHERS) {
    const messages = await table(code);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories.sort();
    for (const key of Object.keys(en)) {
      if (!(key in messages)) {
        problems.push(`${code}: no "${key}"`);
        continue;
      }
      const value = messages[key];
      if (typeof value !== typeof en[key]) problems.push(`${code} "${key}": a ${typeof value}, English has a ${typeof en[key]}`);
      if (placeholders(value).join() !== placeholders(en[key]).join()) {
        problems.push(`${code} "${key}": placeholders {${placeholders(value)}}, English {${placeholders(en[key])}}`);
      }
      if (typeof value === "object" && Object.keys(value).sort().join() !== categories.join()) {
        problems.push(`${code} "${key}": plural forms ${Object.keys(value).sort()}, ${code} needs ${categories}`);
      }
      for (const form of forms(value)) {
        if (form.trim() === "") problems.push(`${code} "${key}": empty`);
        // Words left in English (a message of placeholders and punctuation only may be the same).
        if (hasWords(form) && forms(en[key]).includes(form) && key !== "page.title") problems.push(`${code} "${key}": still English`);
      }
    }
    for (const key of Object.keys(messages)) if (!(key in en)) problems.push(`${code}: "${key}" is not in English`);
  }
  expect(problems).toEqual([]);
});

// ── Each language on the page ─────────────────────────────────────────────────────────────────

/**
 * Every word the page shows or speaks, in `code`: text of the page after a move, of the New game
 * dialog, of the Rules dialog and of the Embed dialog with its previews (a game, then a demo: the
 * embed itself, in the language passed on to it), and every title and aria-label. Language names
 * in the chooser (each in its own language) and the sentence for browsers without scripts (in
 * every language) are left out.
 */
async function pageWords(page, code) {
  await openPage(page, `?lang=${code}&mode=two&speed=instant`);
  await playMove(page, 1);
  const collect = (frame = page) =>
    frame.evaluate(() => {
      const words = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest("noscript, #language, script, style")) continue;
        const text = node.textContent.replace(/\s+/g, " ").trim();
        if (text) words.push(text);
      }
      for (const element of document.querySelectorAll("[title], [aria-label]")) {
        if (element.closest("#language")) continue;
        for (const name of ["title", "aria-label"]) if (element.hasAttribute(name)) words.push(element.getAttribute(name));
      }
      words.push(document.title);
      return words;
    });
  const words = await collect();
  await page.locator("#new-game").click();
  words.push(...(await collect()));
  await page.keyboard.press("Escape");
  await page.locator("#games").click();
  await expect(page.locator(".saved-game").first()).toBeVisible();
  words.push(...(await collect()));
  await page.keyboard.press("Escape");
  await page.locator("#rules-button").click();
  await expect(page.locator(".example-caption").first()).not.toBeEmpty();
  words.push(...(await collect()));
  await page.keyboard.press("Escape");

  await page.locator("#embed-button").click();
  const preview = async (query) => {
    await expect(page.locator("#embed-preview")).toHaveAttribute("src", query);
    const frame = await (await page.$("#embed-preview")).contentFrame();
    await frame.waitForFunction(() => ["playing", "game_over"].includes(document.getElementById("board")?.dataset.status), null, { timeout: budget(15_000) });
    return frame;
  };
  let frame = await preview(/embed=1/);
  words.push(...(await collect()), ...(await collect(frame)));
  // A demo between two beginners (quick to think), for its caption and its frame's title.
  await page.check('input[name="embed-show"][value="demo"]');
  await page.selectOption("#embed-demo-north", "beginner");
  await page.selectOption("#embed-demo-south", "beginner");
  frame = await preview(/demo=beginner-beginner/);
  await expect(frame.locator("#embed-caption")).not.toBeEmpty();
  words.push(...(await collect()), ...(await collect(frame)));
  await page.keyboard.press("Escape");
  return words;
}

// Words that are the same in every language: the game's name.
const SAME_EVERYWHERE = new Set(["Walak-pussa"]);

// The English words, collected once by the first of the tests below to run and compared against
// by the others.
let englishWords = null;

/**
 * The English words (collected on `page` by the first caller). A later caller's page is left as
 * the English pass would leave it: a game of one move, which the language's page then keeps among
 * Your games when it starts its own (so that the list shows a kept game in that language too).
 */
async function englishPass(page) {
  if (englishWords) {
    await openPage(page, "?lang=en&mode=two&speed=instant");
    await playMove(page, 1);
  } else {
    englishWords = await pageWords(page, "en");
  }
  return new Set(englishWords);
}

test.describe("each language says everything in its own words", () => {
  for (const { code, dir } of OTHERS) {
    test(`${code}: lang, dir, and no English left on the page or in its dialogs`, async ({ page }) => {
      // Two whole pages with every dialog and two embedded previews: slow on a busy machine.
      test.setTimeout(budget(90_000));
      const english = await englishPass(page);
      const words = await pageWords(page, code);
      await expect(page.locator("html")).toHaveAttribute("lang", code);
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      const left = words.filter((w) => english.has(w) && hasWords(w) && !SAME_EVERYWHERE.has(w));
      expect([...new Set(left)], "words still in English").toEqual([]);
      await expect(page.locator("#notice")).toBeHidden();
    });
  }
});

// ── Choosing the language ─────────────────────────────────────────────────────────────────────

test("the chooser switches at once, without a reload, and the choice is remembered", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await playMove(page, 1);
  await page.evaluate(() => (window.sameDocument = true));

  await page.locator("#language").selectOption("sl");
  await expect(page.locator("html")).toHaveAttribute("lang", "sl");
  await expect(page.locator("#new-game")).toHaveText("Nova igra");
  await expect(page.locator("#status")).toHaveText("Jug je igral jamico 1: 7 krogov, zajel 6 semen. Na potezi: Sever");
  // After South's hole 1 the board reads 2 1 7 7 7 0 7 | 0 0 6 1 6 6 0: Slovenian's dual, and its "few".
  await expect(holeButton(page, 0)).toHaveAttribute("aria-label", "Jug, jamica 1, 2 semeni");
  await expect(holeButton(page, 2)).toHaveAttribute("aria-label", "Jug, jamica 3, 7 semen");
  await expect(holeButton(page, 9)).toHaveAttribute("aria-label", "Sever, jamica 3, 6 semen");
  await expect(page.locator("#move-list button.move").nth(1)).toHaveText("1. J1");
  expect(await page.evaluate(() => window.sameDocument), "no reload").toBe(true);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe("sl");

  await page.reload();
  await settled(page, { record: "1" });
  await expect(page.locator("html")).toHaveAttribute("lang", "sl");
  await expect(page.locator("#language")).toHaveValue("sl");
  // After a reload the status says again what the last move did.
  await expect(page.locator("#status")).toHaveText("Jug je igral jamico 1: 7 krogov, zajel 6 semen. Na potezi: Sever");
  expect((await readBoard(page)).record).toBe("1");

  await page.locator("#language").selectOption("en");
  await expect(page.locator("#status")).toHaveText("South played hole 1: 7 laps, captured 6 seeds. North to move");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("?lang= comes before the remembered choice, and a bad value is reported, never guessed", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#language").selectOption("th");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");

  await page.goto("./?lang=ur");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("#notice")).toBeHidden();
  // Choosing another language updates the address, so a reload does not bring Urdu back.
  await page.locator("#language").selectOption("pa");
  // The address changes once the table has loaded: wait for it, not for a race with the reload.
  await expect(page.locator("html")).toHaveAttribute("lang", "pa");
  await page.reload();
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "pa");

  // A bad value: the remembered language stays (Punjabi), and the notice says what was wrong.
  await page.goto("./?lang=xx");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "pa");
  await expect(page.locator("#notice")).toBeVisible();
  await expect(page.locator("#notice-text")).toContainText('"lang=xx"');
});

test("a bad ?lang= with nothing remembered is reported in English, and the notice follows a change of language", async ({ page }) => {
  await page.goto("./?lang=english&mode=two");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#notice-text")).toHaveText(
    'Part of the address was not understood: "lang=english" is not understood (use en, ml, th, ur, pa, sl, or si).',
  );
  await page.locator("#language").selectOption("sl");
  await expect(page.locator("#notice-text")).toHaveText(
    "Dela naslova ni bilo mogoče razumeti: »lang=english« ni razumljivo (uporabite en, ml, th, ur, pa, sl ali si).",
  );
  await expect(page.locator("#notice-close")).toHaveText("Zapri");
});

test("lists are joined in the language's own words, even where the browser lacks its list data", async ({ page }) => {
  // Debian's Chromium has no list data for Sinhala or Punjabi: the tables' words join the lists.
  await page.goto("./?lang=si&mode=two&speed=warp");
  await settled(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "si");
  await expect(page.locator("#notice-text")).toContainText("(slow, normal, fast හෝ instant භාවිත කරන්න)");
  await expect(page.locator("#notice-text")).not.toContainText(/\bor\b/);
  await page.locator("#language").selectOption("pa");
  await expect(page.locator("#notice-text")).toContainText("slow, normal, fast ਜਾਂ instant");
  // A language the browser knows keeps the browser's way (Urdu's comma and "or").
  await page.locator("#language").selectOption("ur");
  await expect(page.locator("#notice-text")).toContainText(/slow، normal، fast،? یا instant/);
});

test("the browser's preferred languages choose when nothing else does", async ({ browser }) => {
  for (const [locale, expected] of [["si-LK", "si"], ["sl", "sl"], ["pa-IN", "pa"], ["pa-PK", "en"], ["de-DE", "en"]]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openPage(page, "?mode=two&speed=instant");
    await expect(page.locator("html"), locale).toHaveAttribute("lang", expected);
    expect(errors).toEqual([]);
    await context.close();
  }
});

// ── Right to left ─────────────────────────────────────────────────────────────────────────────

test("in Urdu the page reads right to left but the board stays the board, and hole keys still play", async ({ page }) => {
  await openPage(page, "?lang=ur&mode=two&speed=instant");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const box = async (locator) => (await locator.boundingBox()) ?? { x: NaN, y: NaN };
  // The controls mirror: the first button of the game bar is on the right.
  expect((await box(page.locator("#new-game"))).x).toBeGreaterThan((await box(page.locator("#undo"))).x);
  // The board does not: South's hole 1 bottom left, its hole 7 bottom right, North's hole 1 top right.
  const [south1, south7, north1] = [await box(holeButton(page, 0)), await box(holeButton(page, 6)), await box(holeButton(page, 7))];
  expect(south1.x).toBeLessThan(south7.x);
  expect(north1.y).toBeLessThan(south1.y);
  expect(north1.x).toBeGreaterThan(south1.x);
  expect(Math.abs(north1.x - south7.x)).toBeLessThan(2);

  // Keys 1–7, the digits of an Urdu keyboard (۱–۷), and a digit key's place on a layout that
  // types no digit there (Thai: the key of 4 types ภ).
  await playMove(page, 3, "digit");
  const press = (key, code) =>
    page.evaluate(([key, code]) => document.body.dispatchEvent(new KeyboardEvent("keydown", { key, code, bubbles: true })), [key, code]);
  let { legal, record } = await readBoard(page);
  await press(String.fromCodePoint(0x6f0 + legal[0]), "");
  await waitForRecordLength(page, record.length + 1);
  expect((await readBoard(page)).record).toBe(record + legal[0]);
  ({ legal, record } = await readBoard(page));
  await press("ภ", `Digit${legal.at(-1)}`);
  await waitForRecordLength(page, record.length + 1);
  expect((await readBoard(page)).record).toBe(record + legal.at(-1));
});

// ── What a screen reader hears ────────────────────────────────────────────────────────────────

test("each move is announced once, when it has been shown, in the chosen language", async ({ page }) => {
  await openPage(page, "?lang=sl&mode=two&speed=fast");
  const announcer = page.locator("#announcer");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await expect(announcer).toHaveAttribute("role", "status");
  await page.evaluate(() => {
    window.heard = [];
    new MutationObserver(() => {
      const text = document.getElementById("announcer").textContent;
      if (text) window.heard.push(text);
    }).observe(document.getElementById("announcer"), { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press("1");
  await expect(announcer).toHaveText("Jug je igral jamico 1: 7 krogov, zajel 6 semen. Na potezi: Sever");
  // The seven laps took many animation frames; the region spoke once.
  await settled(page, { record: "1" });
  expect(await page.evaluate(() => window.heard)).toEqual(["Jug je igral jamico 1: 7 krogov, zajel 6 semen. Na potezi: Sever"]);

  await page.keyboard.press("3");
  await expect(announcer).toHaveText(/^Sever je igral jamico 3: .+\. Na potezi: Jug$/);
  await settled(page, { record: "13" });
  expect(await page.evaluate(() => window.heard.length)).toBe(2);
  // The status line, which changes while a move is shown, is not a live region.
  await expect(page.locator("#status")).not.toHaveAttribute("aria-live", /polite|assertive/);
  await expect(page.locator("#status")).not.toHaveAttribute("role", /status|alert|log/);
});
