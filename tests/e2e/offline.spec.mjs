// Offline play: after one visit the game loads and plays with no network, the computer included,
// and a new version installed later takes over only when the person says so, keeping their game.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { test, expect, openPage, readBoard, playMove, settled, waitForRecordLength, budget } from "./helpers.mjs";

// The service worker is the subject here (the other specs run without one).
test.use({ serviceWorkers: "allow" });

/** Waits until the service worker controls the page and has stored the build's files. */
async function waitUntilOffline(page) {
  // Waited for in the page, on the service worker's own events. (Not page.waitForFunction: it polls
  // only a predicate that answers at once; an async one answers with a promise, which counts as
  // truthy, so it stopped after one look whatever that found.)
  await page.evaluate(async () => {
    const { serviceWorker } = navigator;
    // A registration with a worker active, though perhaps still activating.
    const worker = (await serviceWorker.ready).active;
    // Activated: installed (every file of the build stored) and its activation (old caches
    // dropped, clients claimed) done.
    while (worker.state === "activating") await new Promise((resolve) => worker.addEventListener("statechange", resolve, { once: true }));
    if (worker.state !== "activated") throw new Error(`the service worker is ${worker.state}, not activated`);
    if (!serviceWorker.controller) await new Promise((resolve) => serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });
  // The page itself stored (what a reload offline is served from), not only a worker in charge.
  expect(await page.evaluate(async () => !!(await caches.match(new URL("./", location.href).href)))).toBe(true);
}

test("after one visit the game reloads and plays offline, against the computer too", async ({ page, context }) => {
  await openPage(page, "?mode=computer&side=south&level=casual&speed=instant");
  await waitUntilOffline(page);
  await page.keyboard.press("3");
  await settled(page, { moves: 2, person: "south" });
  const before = await readBoard(page);

  await context.setOffline(true);
  await page.reload();
  await settled(page, { record: before.record, person: "south" });
  // The computer's worker and its wasm come from the stored build as well.
  await page.keyboard.press(String((await readBoard(page)).legal[0]));
  await waitForRecordLength(page, 4);
  // A new address with a set-up is the same page, served offline too.
  await page.goto("./?mode=two&speed=instant");
  await settled(page, { record: "", mode: "two" });
  await context.setOffline(false);
});

test("a person coming back finds the worker stopped: the page and its files come from the stored build without it, offline too", async ({ page, context }) => {
  await openPage(page, "?mode=two&speed=instant");
  await waitUntilOffline(page);
  await playMove(page, 3, "digit");
  const { record } = await readBoard(page);
  /** How the page and each file it fetched came: [name, the source of the rule that matched]. */
  const sources = () => page.evaluate(() =>
    [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
      .map((entry) => [new URL(entry.name).pathname, /** @type {any} */ (entry).workerMatchedSourceType]));
  // As after a while away: the browser has stopped the worker.
  const devtools = await context.newCDPSession(page);
  await devtools.send("ServiceWorker.enable");
  // (Offline first: a worker stopped before the browser was taken offline never let a navigation end.)
  await context.setOffline(true);
  await devtools.send("ServiceWorker.stopAllWorkers");
  await page.goto("./");
  await settled(page, { record, mode: "two" });
  const came = await sources();
  // The page at its plain address, its scripts, stylesheet and engine: from the cache by the routes.
  expect(came[0]).toEqual([new URL(page.url()).pathname, "cache"]);
  for (const ending of [".js", ".css", ".wasm"]) {
    expect(came.filter(([path]) => path.endsWith(ending)).length).toBeGreaterThan(0);
    for (const [path, source] of came.filter(([path]) => path.endsWith(ending))) expect(source, path).toBe("cache");
  }
  // An address with a query is still the worker's to answer, offline as well.
  await page.goto("./?speed=instant");
  await settled(page, { record, mode: "two" });
  expect((await sources())[0][1]).not.toBe("cache");
  await context.setOffline(false);
});

test("served by the service worker, the page is first painted with its game, or with what stops it", async ({ page, context }) => {
  await openPage(page, "?mode=two&speed=instant");
  await waitUntilOffline(page);
  await playMove(page, 3, "digit");
  // Every frame before the page has started shows nothing of it; then the page, its game on the board.
  await page.addInitScript(() => {
    /** @type {{started: boolean, shown: boolean}[]} */
    const frames = (window.__frames = []);
    const look = () => {
      const board = document.getElementById("board");
      const started = performance.getEntriesByName("walak-first-board").length > 0;
      frames.push({ started, shown: !!board && board.getClientRects().length > 0 });
      if (!started && frames.length < 500) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // The CPU slowed as on a phone, so that the page's start spans frames: unslowed, a fast machine
  // may start the page before its first frame, and this test would see nothing. Even slowed, the
  // browser now and then gives the page no frame before it has started (nothing to see, and
  // nothing wrong): the visit is then made again, up to three times in all.
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let frames = [];
  for (let visit = 0; visit < 3 && !frames.some((frame) => !frame.started); visit++) {
    await page.reload();
    await settled(page, { record: "3" });
    frames = await page.evaluate(() => window.__frames);
    expect(frames.filter((frame) => !frame.started && frame.shown), "a frame showed the page before it started").toEqual([]);
  }
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(frames.some((frame) => !frame.started), "some frame came before the page started (else this test sees nothing)").toBe(true);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-starting"))).toBe(false);
  await expect(page.locator("#board")).toBeVisible();

  // A stored engine that is damaged (the page's wasm replaced by other bytes): the page says so.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (request.url.endsWith(".wasm")) await cache.put(request, new Response("not an engine", { headers: { "Content-Type": "application/wasm" } }));
      }
    }
  });
  await page.reload();
  await expect(page.locator("#status")).toContainText("engine could not be loaded");
  // Shown at once, not only when the page would have been shown anyway (after two seconds).
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-starting"))).toBe(false);
  await expect(page.locator("#status")).toBeVisible();
});

test("the opening book and the endgame table are fetched when values are first shown, not on the first visit, and kept offline after", async ({ page, context }) => {
  const books = [];
  page.on("request", (request) => /\/(book\.txt|endgames\.bin\.gz)$/.test(request.url()) && books.push(request.url()));
  await openPage(page, "?mode=two&speed=instant");
  await waitUntilOffline(page);
  expect(books, "the book and the endgames are not part of the first visit").toEqual([]);
  const kept = (file) => page.evaluate(async (file) => !!(await caches.match(new URL(file, location.href).href)), file);
  expect(await kept("./www/book.txt")).toBe(false);
  expect(await kept("./www/endgames.bin.gz")).toBe(false);

  await page.locator("#show-values").check();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", "1:6,2:6,3:0,4:0,5:0,6:-16,7:-44", { timeout: budget(20_000) });
  await expect(page.locator("#values-note")).toHaveAttribute("data-source", "book");
  await expect.poll(() => kept("./www/book.txt")).toBe(true);
  await expect.poll(() => kept("./www/endgames.bin.gz")).toBe(true);

  // Offline, a position only the book holds (every line of the first moves) is answered from it.
  await context.setOffline(true);
  await page.goto("./?mode=two&speed=instant#walak=1&moves=7622");
  await settled(page);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", /^\d:/, { timeout: budget(20_000) });
  await expect(page.locator("#values-note")).toHaveAttribute("data-source", "book");
  await context.setOffline(false);
});

// ── A new version ───────────────────────────────────────────────────────────────────────────────

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css",
  ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json" };

/** Serves a copy of the build that the test can change, as a deployment would. */
async function serveCopy() {
  const root = mkdtempSync(join(tmpdir(), "walak-site-"));
  cpSync("dist", root, { recursive: true });
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://site").pathname);
    const file = join(root, normalize(path.endsWith("/") ? `${path}index.html` : path));
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = () => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  };
  return { root, url, close };
}

test("a new version waits until the person chooses to update, and keeps their game", async ({ page }) => {
  const site = await serveCopy();
  try {
    await page.goto(`${site.url}?mode=two&speed=instant`);
    await settled(page);
    await waitUntilOffline(page);
    await playMove(page, 5, "digit");

    // Deploy a new build: another page text and another service worker version. The English
    // words are in the page (index.html is written in English) and in one of the build's scripts.
    const tagline = /The two-row mancala of Sri Lanka(?=["'`])/;
    const scripts = readdirSync(join(site.root, "www")).filter((name) => name.endsWith(".js")).map((name) => join(site.root, "www", name));
    const words = scripts.find((file) => tagline.test(readFileSync(file, "utf8")));
    writeFileSync(words, readFileSync(words, "utf8").replace(tagline, "The two-row mancala of Sri Lanka, updated"));
    const index = join(site.root, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace(/The two-row mancala of Sri Lanka(?=<)/, "The two-row mancala of Sri Lanka, updated"));
    const worker = join(site.root, "service-worker.js");
    writeFileSync(worker, readFileSync(worker, "utf8").replace(/const VERSION = "[^"]*";/, 'const VERSION = "next";'));

    // The page running goes on with its own version until the person chooses.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect(page.locator("#update")).toBeVisible();
    await expect(page.locator(".tagline")).toHaveText("The two-row mancala of Sri Lanka");
    await page.click("#update-now");
    await expect(page.locator(".tagline")).toHaveText("The two-row mancala of Sri Lanka, updated");
    await settled(page, { record: "5" });
    await expect(page.locator("#update")).toBeHidden();
    // Only the new version's files are kept.
    const caches = await page.evaluate(() => caches.keys());
    expect(caches).toEqual(["walak-pussa-next"]);
  } finally {
    site.close();
  }
});
