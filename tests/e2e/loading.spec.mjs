// What the page loads, and when: the first load has the page's own engine and scripts only; the
// computer's engine, the other languages and the panels come when first needed
// (docs/measurements.md: "What loads when"). The file names carry their content's hash, so they are matched by their stem.
import { test, expect, openPage, waitForRecordLength } from "./helpers.mjs";

// No service worker: it would fetch every file of the build, for offline play, in the background.
test.use({ serviceWorkers: "block" });

/** The names of the files the page has fetched so far. */
function fetched(page) {
  const names = [];
  page.on("request", (request) => names.push(new URL(request.url()).pathname.split("/").pop()));
  return names;
}

const has = (names, stem) => names.some((name) => name.startsWith(stem));

test("the first load is the page's own engine and scripts; the rest comes when first needed", async ({ page }) => {
  const names = fetched(page);
  await openPage(page, "?mode=computer&side=south&level=beginner&speed=instant");
  await page.waitForLoadState("networkidle");
  expect(names.filter((name) => name.endsWith(".wasm"))).toHaveLength(1);
  for (const later of ["computer-", "computer-worker-", "lesson-", "puzzles-", "review-", "games-dialog-", "rules-",
    "position-editor-", "embed-dialog-", "embed-driver-", "th-", "ur-", "book.txt", "endgames.bin", "puzzles.txt"]) {
    expect(has(names, later), `${later}… is not part of the first load`).toBe(false);
  }
  expect(has(names, "main-")).toBe(true);
  expect(has(names, "en-"), "the words of the language in use").toBe(true);

  // The computer's first move brings its worker and engine.
  await page.locator("#board").focus();
  await page.keyboard.press("3");
  await waitForRecordLength(page, 2);
  expect(has(names, "computer-worker-")).toBe(true);
  expect(names.filter((name) => /^computer-.*\.wasm$/.test(name))).toHaveLength(1);

  // A panel's code comes when it opens; a language's table when it is chosen.
  await page.click("#rules-button");
  await expect(page.locator("#rules")).toBeVisible();
  expect(has(names, "rules-")).toBe(true);
  await page.keyboard.press("Escape");
  await page.selectOption("#language", "th");
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  expect(has(names, "th-")).toBe(true);
  expect(has(names, "ur-")).toBe(false);
});

test("a page in another language loads that language's words only, an embed its driver too", async ({ page }) => {
  const names = fetched(page);
  await openPage(page, "?lang=ml&mode=two&speed=instant");
  // Named by the early script, so that the browser fetches them beside the page's scripts: the
  // page words (all a first board waits for) first, then the rest of the table.
  const named = page.locator('link[rel="modulepreload"][href*="/ml-"]');
  await expect(named).toHaveCount(2);
  expect(await named.first().getAttribute("href")).toMatch(/\/ml-page-[A-Z0-9]+\.js$/);
  expect(await named.last().getAttribute("href")).toMatch(/\/ml-[A-Z0-9]+\.js$/);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "ml");
  expect(has(names, "ml-")).toBe(true);
  for (const other of ["en-", "th-", "si-", "embed-driver-"]) expect(has(names, other), `${other}… is not loaded`).toBe(false);

  names.length = 0;
  await openPage(page, "?embed=1&loop=3&lang=si");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("#embed-caption")).not.toBeEmpty();
  expect(has(names, "embed-driver-")).toBe(true);
  expect(has(names, "si-")).toBe(true);
  expect(has(names, "en-")).toBe(false);
});

test("a language's words that cannot be loaded leave the page in English, still playable", async ({ page, pageErrors }) => {
  await page.route(/\/th-[^/]*\.js$/, (route) => route.abort());
  await openPage(page, "?lang=th&mode=two&speed=instant");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#status")).toContainText("South");
  await page.locator("#board").focus();
  await page.keyboard.press("3");
  await waitForRecordLength(page, 1);
  // The browser reports the refused file itself (preloaded, then imported); the page logged
  // nothing else.
  const refused = (error) => error.startsWith("console: Failed to load resource");
  const reported = pageErrors.filter(refused).length;
  pageErrors.splice(0, Infinity, ...pageErrors.filter((error) => !refused(error)));
  expect(reported).toBeGreaterThan(0);
});

test("through walak serve the page's answer names what its head asks for, in order, and each comes once", async ({ page, request }) => {
  const served = `http://127.0.0.1:${Number(process.env.WALAK_E2E_PORT || 8099) + 1}/`;
  const answer = await request.get(served);
  const html = await answer.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const asked = [...head.matchAll(/<(?:link rel="(?:stylesheet|modulepreload|preload)" href|script[^>]*\ssrc)="([^"]+)"/g)]
    .map(([, file]) => file);
  const named = (answer.headers().link ?? "").split(/,\s*(?=<)/).map((link) => /^<([^>]+)>/.exec(link)?.[1]);
  expect(named.length, answer.headers().link).toBeGreaterThan(5);
  expect(named).toEqual(asked);
  // The browser takes the header's requests for the page's own: none of them is fetched twice
  // (a preload the page could not use would be).
  const paths = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  await page.goto(served);
  await expect(page.locator("#board")).toHaveAttribute("data-status", "playing");
  await page.waitForLoadState("networkidle");
  for (const file of named) {
    const path = new URL(file, served).pathname;
    expect(paths.filter((p) => p === path), path).toHaveLength(1);
  }
});

test("an embed's frame asks for its own part as its page starts, and each file comes once", async ({ page }) => {
  for (const [address, stem] of [["?embed=1", "embed-driver-"], ["?embed=1&compare=mancala-world,parker-walak", "embed-compare-"]]) {
    const paths = [];
    page.on("request", (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(`./${address}`);
    await page.waitForLoadState("networkidle"); // the frame has started and loaded its part
    // Named by early.js, which runs before the page's scripts: each of the frame's files is fetched once.
    const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL(link.href).pathname));
    const own = preloads.filter((path) => path.split("/").pop().startsWith(stem));
    expect(own, address).toHaveLength(1);
    for (const path of preloads) expect(paths.filter((p) => p === path), `${address}: ${path}`).toHaveLength(1);
    page.removeAllListeners("request");
  }
});
