// Embed mode (`?embed=1`) inside the iframe of a host page, and the Embed dialog that writes the
// iframe: the frame fits any size without scrollbars or page chrome, a demo plays itself and
// tells the host, a loop replays one move, view-only ignores the person, the theme applies, the
// person's saved game is never touched, bad options say so, and the dialog's code round-trips.
import {
  test, expect, ARTIFACTS, SAVE_KEY, engineState, openHost, openPage, parseBoard, pause, playMove, randomGame, readBoard,
  settled, showControl, watchErrors, budget,
} from "./helpers.mjs";

/** Clicks the first legal hole of the player to move in `frame`; returns its number (1–7). */
async function playLegal(frame) {
  const { legal, to_move } = await board(frame);
  const index = to_move === "south" ? legal[0] - 1 : legal[0] + 6;
  await frame.locator(`button.hole[data-hole="${index}"]`).click();
  return legal[0];
}

const board = (frame) => frame.locator("#board").evaluate((canvas) => ({ ...canvas.dataset })).then(parseBoard);

/** How the frame's page sits in its frame: scroll sizes, the canvas, the hole buttons, the chrome. */
function measure(frame) {
  return frame.evaluate(() => {
    const root = document.documentElement;
    const rect = (el) => el.getBoundingClientRect().toJSON();
    const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      scrollHeight: root.scrollHeight,
      clientHeight: root.clientHeight,
      bodyScroll: [document.body.scrollWidth, document.body.scrollHeight],
      view: [innerWidth, innerHeight],
      canvas: rect(document.getElementById("board")),
      holes: [...document.querySelectorAll("button.hole")].map(rect),
      bar: rect(document.querySelector(".embed-bar")),
      chrome: [".app-header", ".game-bar", ".animation-bar", ".moves", "#move-list", "#speed", "#new-game"]
        .filter((selector) => shown(document.querySelector(selector))),
    };
  });
}

function expectFits(m, label) {
  const [width, height] = m.view;
  expect(m.scrollWidth, `${label}: no horizontal scrollbar`).toBeLessThanOrEqual(m.clientWidth);
  expect(m.scrollHeight, `${label}: no vertical scrollbar`).toBeLessThanOrEqual(m.clientHeight);
  expect(m.bodyScroll[0], `${label}: body width`).toBeLessThanOrEqual(width);
  expect(m.bodyScroll[1], `${label}: body height`).toBeLessThanOrEqual(height);
  for (const [what, r] of [["canvas", m.canvas], ["bar", m.bar], ...m.holes.map((h, i) => [`hole ${i}`, h])]) {
    expect(r.left, `${label}: ${what} left`).toBeGreaterThanOrEqual(0);
    expect(r.top, `${label}: ${what} top`).toBeGreaterThanOrEqual(0);
    expect(r.right, `${label}: ${what} right`).toBeLessThanOrEqual(width + 0.5);
    expect(r.bottom, `${label}: ${what} bottom`).toBeLessThanOrEqual(height + 0.5);
  }
  // The board takes the room it has: nearly the whole width, or most of the height.
  const fills = m.canvas.width >= 0.9 * width || m.canvas.height + m.bar.height >= 0.8 * height;
  expect(fills, `${label}: the board (${m.canvas.width}×${m.canvas.height}) fills the frame`).toBe(true);
  expect(m.chrome, `${label}: no page chrome`).toEqual([]);
}

const onlyOwnRequests = (requests, baseURL) =>
  expect(requests.filter((url) => !url.startsWith(baseURL) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);

test("an embed fits its frame at any size: no scrollbars, no page chrome, the whole board", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1700, height: 1500 });
  const sizes = [
    { id: "tiny", width: 240, height: 120 },
    { id: "portrait", width: 320, height: 480 },
    { id: "strip", width: 640, height: 280 },
    { id: "large", width: 1600, height: 900 },
  ];
  const { frames, requests } = await openHost(page, baseURL,
    sizes.map((s) => ({ ...s, src: "./?embed=1&speed=instant#walak=1&moves=35" })));
  for (const { id } of sizes) {
    expectFits(await measure(frames[id]), id);
    expect((await board(frames[id])).record).toBe("35");
  }
  await page.screenshot({ path: `${ARTIFACTS}embed-sizes.png`, fullPage: true });

  // Resizing the frame refits the board, in both directions.
  for (const [width, height] of [[300, 700], [900, 200], [1000, 160]]) {
    await page.locator("#strip").evaluate((frame, [w, h]) => { frame.width = w; frame.height = h; }, [width, height]);
    await expect.poll(async () => (await measure(frames.strip)).view.join("x")).toBe(`${width}x${height}`);
    await expect(async () => expectFits(await measure(frames.strip), `${width}x${height}`)).toPass();
  }
  // The hole buttons still lie on the drawn holes, and play.
  const played = await playLegal(frames.strip);
  await expect.poll(async () => (await board(frames.strip)).record).toBe(`35${played}`);
  onlyOwnRequests(requests, baseURL);
});

test("a demo plays a game by itself, tells the host of every move, and pauses", async ({ page, baseURL }) => {
  const { frames, requests } = await openHost(page, baseURL,
    [{ id: "demo", src: "./?embed=1&demo=beginner-casual&speed=instant", width: 640, height: 280 }]);
  const demo = frames.demo;
  await expect(demo.locator("#embed-caption")).toHaveText("South: Beginner · North: Casual.");
  await expect.poll(() => page.evaluate(() => window.heard.length), { timeout: budget(20_000), intervals: [100] }).toBeGreaterThanOrEqual(3);
  const heard = await page.evaluate(() => window.heard);
  heard.forEach((message, i) => {
    expect(message.type).toBe("move");
    expect(message.record.length, "one move after another").toBe(i + 1);
    if (i > 0) expect(message.record.startsWith(heard[i - 1].record)).toBe(true);
  });
  // Every message is the engine's own state for its record.
  const last = heard.at(-1);
  const engine = await engineState(demo, last.record);
  expect(last.state.board).toEqual(engine.board);
  expect(last.state.reserves).toEqual(engine.reserves);
  // Nobody but the computer plays: every hole is disabled and kept out of the keyboard's way.
  const holes = await demo.locator("button.hole").evaluateAll((buttons) =>
    buttons.map((b) => [b.getAttribute("aria-disabled"), b.tabIndex]));
  expect(holes.every(([disabled, tab]) => disabled === "true" && tab === -1)).toBe(true);

  // Pause: nothing more is played until resumed.
  await demo.locator("#embed-pause").click();
  await expect(demo.locator("#embed-pause")).toHaveAttribute("aria-pressed", "true");
  await expect(demo.locator("#embed-pause")).toHaveAttribute("aria-label", "Play");
  await expect(demo.locator("#board")).toHaveAttribute("data-animating", "false");
  const paused = (await board(demo)).record;
  // Deliberately a while of nothing: longer than two of the demo's pauses between moves (900 ms).
  await pause(page, 2000);
  expect((await board(demo)).record).toBe(paused);
  await demo.locator("#embed-pause").click();
  await expect.poll(async () => (await board(demo)).record.length, { timeout: budget(15_000), intervals: [100] }).toBeGreaterThan(paused.length);
  onlyOwnRequests(requests, baseURL);
});

test("a demo that reaches the end of its game tells the host and starts again", async ({ page, baseURL }) => {
  // The page's clock is the test's, moved on while the test waits: the demo's pauses (between its
  // moves, and on the result before it starts again) pass at once rather than in real seconds.
  await page.clock.install();
  await openPage(page);
  // A game two moves from its end, for the demo to start from.
  const moves = await randomGame(page, { seed: 11, minMoves: 30, maxMoves: 400 });
  const end = await engineState(page, moves.join(""));
  expect(end.status).toBe("game_over");
  const start = moves.slice(0, -2).join("");
  const { frames } = await openHost(page, baseURL,
    [{ id: "demo", src: `./?embed=1&demo=beginner-beginner&speed=instant#walak=1&moves=${start}`, width: 480, height: 220 }]);
  await expect.poll(async () => {
    await page.clock.runFor(250);
    return page.evaluate(() => window.heard.some((m) => m.type === "game_over"));
  }, { timeout: budget(20_000), intervals: [50] }).toBe(true);
  const over = (await page.evaluate(() => window.heard)).find((m) => m.type === "game_over");
  expect(["south", "north", "draw"]).toContain(over.winner);
  // After a moment to see the result, the demo starts again from its own start (looked for often:
  // it plays on from there after a pause of under a second).
  await expect.poll(async () => {
    await page.clock.runFor(250);
    return (await board(frames.demo)).record;
  }, { timeout: budget(15_000), intervals: [50] }).toBe(start);
});

test("a loop shows one move again and again, from its position and back", async ({ page, baseURL }) => {
  // The page's clock is the test's (Playwright's `clock`): it goes at the real pace until the test
  // moves it on, so the loop's holds (a second before each showing, 1.8 s after) and its sowing
  // pass at once, each timer and frame in order, rather than in real seconds.
  await page.clock.install();
  await openPage(page);
  const before = await engineState(page, "3");
  const hole = before.legal.at(-1);
  const after = await engineState(page, `3${hole}`);
  const { frames } = await openHost(page, baseURL,
    [{ id: "loop", src: `./?embed=1&loop=${hole}&speed=fast#walak=1&moves=3`, width: 640, height: 280 }]);
  const loop = frames.loop;
  await expect(loop.locator("#embed-caption")).toHaveText(`North plays hole ${hole}, again and again.`);
  // Record what the board does over a few cycles.
  await loop.evaluate(() => {
    window.seen = [];
    const canvas = document.getElementById("board");
    new MutationObserver(() => {
      const { animating, board, record } = canvas.dataset;
      const lastSeen = window.seen.at(-1);
      if (!lastSeen || lastSeen.animating !== animating || lastSeen.record !== record || (animating === "false" && lastSeen.board !== board)) {
        window.seen.push({ animating, board, record });
      }
    }).observe(canvas, { attributes: true });
  });
  await expect.poll(async () => {
    await page.clock.runFor(1000);
    return loop.evaluate(() => window.seen.filter((s) => s.animating === "true").length);
  }, { timeout: budget(25_000), intervals: [0] }).toBeGreaterThanOrEqual(3);
  const seen = await loop.evaluate(() => window.seen);
  const still = seen.filter((s) => s.animating === "false").map((s) => s.board);
  // At rest the board shows either the position before the move or the one after it, in turn.
  expect(still).toContain(before.board.join(","));
  expect(still).toContain(after.board.join(","));
  expect(still.every((b) => b === before.board.join(",") || b === after.board.join(","))).toBe(true);
  // A move shown is not a move played: the host hears nothing.
  expect(await page.evaluate(() => window.heard)).toEqual([]);
  // Pause holds it.
  await loop.locator("#embed-pause").click();
  await expect(loop.locator("#embed-pause")).toHaveAttribute("aria-pressed", "true");
  const held = await board(loop);
  // Deliberately a while of nothing: longer than the loop's longest hold (1.8 s), every timer due
  // meanwhile run.
  await page.clock.runFor(2000);
  expect(await board(loop)).toEqual(held);
});

test("an interactive embed plays, takes back and starts again; a view-only one ignores clicks and keys", async ({ page, baseURL }) => {
  const { frames } = await openHost(page, baseURL, [
    { id: "play", src: "./?embed=1&speed=instant#walak=1&moves=3", width: 640, height: 280 },
    { id: "view", src: "./?embed=1&view=1&speed=instant#walak=1&moves=3", width: 640, height: 280 },
  ]);
  const { play, view } = frames;
  const first = await playLegal(play);
  await settled(play, { record: `3${first}` });
  // The frame tells its host by a message, which may come a moment after the frame has settled.
  await expect.poll(async () => (await page.evaluate(() => window.heard)).map((m) => m.record)).toEqual([`3${first}`]);
  await play.locator("#embed-undo").click();
  await settled(play, { record: "3" });
  const other = (await board(play)).legal.at(-1);
  await play.locator("#board").click({ position: { x: 5, y: 5 } }); // focus the frame for keys
  await page.keyboard.press(String(other));
  await settled(play, { record: `3${other}` });
  await play.locator("#embed-restart").click();
  await settled(play, { record: "3" });

  // View only: no buttons to play with (the picture's only keeps what is shown), every hole
  // disabled; clicks and keys change nothing.
  await expect(view.locator(".embed-bar button:not(#embed-picture)")).toHaveCount(0);
  await expect(view.locator("#embed-picture")).toBeVisible();
  const { legal } = await board(view);
  expect(legal.length).toBeGreaterThan(0); // North could play, were it not view only
  await view.locator(`button.hole[data-hole="${legal[0] + 6}"]`).click({ force: true });
  await view.locator("#board").click({ position: { x: 5, y: 5 } });
  for (const key of ["1", "2", "3", "4", "5", "6", "7"]) await page.keyboard.press(key);
  await view.locator(`button.hole[data-hole="${legal[0] + 6}"]`).focus();
  await page.keyboard.press("Enter");
  // Deliberately a moment of nothing: a tap or a key the frame took would have started a move.
  await pause(page, 300);
  await settled(view);
  const shown = await board(view);
  expect(shown.record).toBe("3");
  expect(await view.locator('button.hole[aria-disabled="false"]').count()).toBe(0);
  // Only the interactive frame was heard: its two moves, the move taken back and the restart.
  expect((await page.evaluate(() => window.heard)).map((m) => `${m.type} ${m.record}`)).toEqual(
    [`move 3${first}`, "position 3", `move 3${other}`, "position 3"]);
});

test("a view-only embed rings no hole and previews no move; an interactive one does both", async ({ page, baseURL }) => {
  const { frames } = await openHost(page, baseURL, [
    { id: "play", src: "./?embed=1&speed=instant#walak=1&moves=3", width: 640, height: 280 },
    { id: "view", src: "./?embed=1&view=1&speed=instant#walak=1&moves=3", width: 640, height: 280 },
    { id: "still", src: "./?embed=1&interactive=0&speed=instant#walak=1&moves=3", width: 640, height: 280 },
  ]);
  const { legal, to_move: toMove } = await board(frames.play);
  expect(toMove).toBe("north");
  expect(legal.length).toBeGreaterThan(0);
  // The interactive frame rings the mover's legal holes; hovering one previews its move.
  expect((await board(frames.play)).playable).toEqual(legal);
  await frames.play.locator(`button.hole[data-hole="${legal[0] + 6}"]`).hover();
  await expect(frames.play.locator("#preview")).not.toBeEmpty();
  // A frame that only shows has the same legal moves, and invites none of them.
  for (const frame of [frames.view, frames.still]) {
    const shown = await board(frame);
    expect(shown.legal).toEqual(legal);
    expect(shown.playable).toEqual([]);
    await frame.locator(`button.hole[data-hole="${legal[0] + 6}"]`).hover({ force: true });
    await frame.locator(`button.hole[data-hole="${legal[0] + 6}"]`).focus();
    // Deliberately a moment of nothing: the interactive frame's preview came as soon as hovered.
    await pause(page, 200);
    await expect(frame.locator("#preview")).toBeEmpty();
    expect((await board(frame)).playable).toEqual([]);
  }
});

/** Contrast ratio of the text colour over the background of each element, and the page's own. */
function contrasts(frame, selectors) {
  return frame.evaluate((selectors) => {
    const parse = (c) => c.match(/[\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c.length < 4 || c[3] > 0) return c;
      }
      return [255, 255, 255];
    };
    const ratio = (a, b) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const out = { page: getComputedStyle(document.body).backgroundColor, theme: document.documentElement.dataset.theme ?? null };
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      if (el) out[selector] = Math.round(ratio(parse(getComputedStyle(el).color), background(el)) * 100) / 100;
    }
    return out;
  }, selectors);
}

test("an embed installs no service worker and asks for nothing beyond its own files", async ({ browser, baseURL }) => {
  // Service workers allowed (the other tests run without): the embed itself must not install one.
  const context = await browser.newContext({ baseURL, serviceWorkers: "allow" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const { frames, requests } = await openHost(page, baseURL,
    [{ id: "demo", src: "./?embed=1&demo=beginner-beginner&speed=instant", width: 640, height: 280 }]);
  await expect.poll(() => page.evaluate(() => window.heard.length), { timeout: budget(20_000), intervals: [100] }).toBeGreaterThanOrEqual(1);
  expect(await frames.demo.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(requests.filter((url) => url.includes("service-worker"))).toEqual([]);
  onlyOwnRequests(requests, baseURL);
  expect(errors).toEqual([]);
  await context.close();
});

test("theme=dark and theme=light apply, the system's choice is the default, and text keeps its contrast", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, colorScheme: "dark", viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const { frames } = await openHost(page, baseURL, [
    { id: "dark", src: "./?embed=1&theme=dark&demo=beginner-beginner&speed=instant", width: 640, height: 280 },
    { id: "light", src: "./?embed=1&theme=light&demo=beginner-beginner&speed=instant", width: 640, height: 280 },
    { id: "system", src: "./?embed=1&speed=instant", width: 640, height: 280 },
  ]);
  const selectors = ["#status", "#embed-caption", ".embed-bar button"];
  const dark = await contrasts(frames.dark, selectors);
  const light = await contrasts(frames.light, selectors);
  const system = await contrasts(frames.system, ["#status", ".embed-bar button"]);
  expect(dark.theme).toBe("dark");
  expect(light.theme).toBe("light");
  expect(system.theme, "the system asks for dark").toBe("dark");
  const lightness = (css) => css.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3;
  expect(lightness(dark.page)).toBeLessThan(60);
  expect(lightness(system.page), "the system asks for dark").toBeLessThan(60);
  expect(lightness(light.page)).toBeGreaterThan(200);
  for (const [name, result] of [["dark", dark], ["light", light], ["system", system]]) {
    for (const selector of selectors) {
      if (result[selector] !== undefined) expect(result[selector], `${name} ${selector}`).toBeGreaterThanOrEqual(4.5);
    }
  }
  await page.screenshot({ path: `${ARTIFACTS}embed-themes.png` });
  // The system's choice is followed when it changes; a chosen theme stays.
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => frames.system.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  expect(await frames.dark.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

  // Outside embed mode too, on the whole page.
  const full = await context.newPage();
  const fullErrors = watchErrors(full);
  await full.goto("./?theme=light&mode=two&speed=instant");
  await full.waitForSelector('#board[data-status="playing"]');
  const main = await contrasts(full.mainFrame(), ["#status", ".mode-line", "#new-game", "#mode-line"]);
  expect(main.theme).toBe("light");
  expect(lightness(main.page)).toBeGreaterThan(200);
  await full.goto("./?theme=dark");
  await full.waitForSelector('#board[data-status="playing"]');
  const mainDark = await contrasts(full.mainFrame(), ["#status", "#mode-line", "#new-game", "#moves-title", ".tagline"]);
  expect(lightness(mainDark.page)).toBeLessThan(60);
  for (const [selector, ratio] of Object.entries(mainDark)) {
    if (typeof ratio === "number") expect(ratio, `dark page ${selector}`).toBeGreaterThanOrEqual(4.5);
  }
  expect([...errors, ...fullErrors]).toEqual([]);
  await context.close();
});

test("an embed neither reads nor changes the person's saved game", async ({ page, baseURL }) => {
  await openPage(page);
  for (const hole of await randomGame(page, { seed: 3, minMoves: 5 })) await playMove(page, hole, "digit");
  await page.selectOption("#speed", "fast");
  const saved = await page.evaluate(() => ({ ...localStorage }));
  expect(JSON.parse(saved[SAVE_KEY]).record.length).toBe(5);

  const { frames } = await openHost(page, baseURL, [
    { id: "play", src: "./?embed=1&speed=instant", width: 640, height: 280 },
    { id: "demo", src: "./?embed=1&demo=beginner-beginner&speed=instant", width: 640, height: 280 },
  ]);
  // The embed shows its own game (the opening), not the saved one.
  expect((await board(frames.play)).record).toBe("");
  await frames.play.locator('button.hole[data-hole="2"]').click();
  await settled(frames.play, { record: "3" });
  await expect.poll(async () => (await board(frames.demo)).record.length, { timeout: budget(15_000), intervals: [100] }).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual(saved);

  // And the page itself still opens the saved game.
  await page.goto("./");
  await settled(page, { record: JSON.parse(saved[SAVE_KEY]).record });
});

const BAD = [
  ["?embed=1&demo=grandmaster-casual", /demo=grandmaster-casual.*is not two computer levels/],
  ["?embed=1&loop=9", /"loop=9" is not a hole number from 1 to 7/],
  ["?embed=1&theme=purple", /"theme=purple" is not understood/],
  ["?embed=yes", /"embed=yes" is not understood/],
  ["?embed=1&view=maybe", /"view=maybe" is not understood/],
  ["?embed=1&loop=1#walak=1&moves=12x", /could not be opened \(character 3 of its moves/],
  ["?embed=1&loop=3#walak=1&moves=3", /North's hole 3 cannot be shown on a loop here: .*empty/],
  ["?embed=1&speed=warp", /"speed=warp" is not understood/],
];

test("bad options say what is wrong inside the frame, which still shows a board", async ({ page, baseURL }) => {
  const { frames } = await openHost(page, baseURL,
    BAD.map(([query], i) => ({ id: `bad${i}`, src: `./${query}`, width: 360, height: 240 })));
  for (const [i, [query, message]] of BAD.entries()) {
    const frame = frames[`bad${i}`];
    await expect(frame.locator("#notice"), query).toBeVisible();
    await expect(frame.locator("#notice-text"), query).toHaveText(message);
    const m = await measure(frame);
    expect(m.scrollHeight, `${query}: no scrollbar`).toBeLessThanOrEqual(m.clientHeight);
    expect(m.canvas.height, `${query}: a board is shown`).toBeGreaterThan(40);
  }
  await page.screenshot({ path: `${ARTIFACTS}embed-bad-options.png`, fullPage: true });
  // Embed options on the full page are reported, not applied.
  await page.goto("./?demo=casual-master");
  await expect(page.locator("#notice-text")).toHaveText(/only an embedded game uses demo/);
  await expect(page.locator(".app-header")).toBeVisible();
});

/** The fixed words of a message: its text without its {placeholders}, in pieces. */
const fixedWords = (text) => text.split(/\{\w+\}/).map((piece) => piece.trim()).filter((piece) => /\p{L}/u.test(piece));

/** A message with its {placeholders} filled in. */
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, name) => params[name] ?? whole);

test("an embed in Urdu reads right to left, its bar speaks Urdu, and so do its notices", async ({ page, baseURL }) => {
  const ur = (await import("../../www/i18n/ur.js")).default;
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1000, height: 900 });
  const { frames } = await openHost(page, baseURL, [
    { id: "demo", src: "./?embed=1&lang=ur&demo=casual-club&speed=instant", width: 640, height: 280 },
    { id: "play", src: "./?embed=1&lang=ur&speed=instant", width: 640, height: 280 },
    { id: "bad", src: "./?embed=1&lang=ur&theme=purple&loop=2#walak=1&moves=12x", width: 640, height: 280 },
  ]);
  for (const frame of Object.values(frames)) {
    await expect(frame.locator("html")).toHaveAttribute("lang", "ur");
    await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(frame.locator(".embed-bar")).toHaveAttribute("aria-label", ur["embed.bar"]);
    // The status is in Urdu: no Latin letters.
    await expect(frame.locator("#status")).toHaveText(/^[^A-Za-z]+$/);
  }
  const { demo, play, bad } = frames;
  expectFits(await measure(demo), "demo");
  expectFits(await measure(play), "play");
  await expect(demo.locator("#embed-caption")).toHaveText(
    fill(ur["embed.demoCaption"], { south: ur["level.casual"], north: ur["level.club"] }));
  const pause = demo.locator("#embed-pause");
  await expect(pause).toHaveAttribute("aria-label", ur["embed.pause"]);
  await pause.click();
  await expect(pause).toHaveAttribute("aria-label", ur["embed.play"]);
  await expect(pause).toHaveAttribute("title", ur["embed.play"]);
  await expect(play.locator("#embed-undo")).toHaveAttribute("aria-label", ur["embed.undo"]);
  await expect(play.locator("#embed-restart")).toHaveAttribute("aria-label", ur["embed.restart"]);

  // The notice says each problem in Urdu: the bad theme and the bad link, which was said in a
  // message of its own (share.js) inside the embed's.
  await expect(bad.locator("#notice")).toBeVisible();
  const notice = await bad.locator("#notice-text").textContent();
  expect(notice).not.toContain("[object");
  expect(notice).toContain('"theme=purple"');
  for (const key of ["embed.problems", "address.problem", "embed.badLink", "link.badMove"]) {
    for (const piece of fixedWords(ur[key])) expect(notice, key).toContain(piece);
  }
  expect(notice.replace(/"[^"]*"|\w+=\w+/g, ""), "no English words").not.toMatch(/[A-Za-z]{3,}/);
  await page.screenshot({ path: `${ARTIFACTS}embed-urdu.png` });
  expect(errors).toEqual([]);
});

/** The iframe of the Embed dialog's code, parsed as a browser would. */
async function dialogFrame(page) {
  const code = await page.inputValue("#embed-code");
  // Read here, not parsed in the page: its Content Security Policy refuses the snippet's inline
  // style even in a parsed document that is never shown.
  const tag = code.match(/<iframe\s([^>]*)>/)[1];
  const decode = (v) => v.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, decode(value)]));
}

/** The language the Embed dialog's code asks the embed to speak (null: none, the visitor's). */
async function langAsked(page) {
  return new URL((await dialogFrame(page)).src).searchParams.get("lang");
}

test("the Embed dialog writes an iframe that shows the same game, move or demo", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page);
  const moves = await randomGame(page, { seed: 8, minMoves: 6 });
  for (const hole of moves) await playMove(page, hole, "digit");
  await page.click("#undo");
  await settled(page, { record: moves.slice(0, -1).join("") });
  const shown = await readBoard(page);
  const savedBefore = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);

  await page.click("#embed-button");
  await expect(page.locator("#embed-dialog")).toBeVisible();
  let frame = await dialogFrame(page);
  // By default the frame follows the page's width (embed-phone.spec.mjs); a fixed size is a choice.
  expect(frame).toMatchObject({ title: expect.stringContaining("Walak-pussa"), loading: "lazy" });
  expect(frame.style).toContain("aspect-ratio: 16 / 7");
  const gameSrc = new URL(frame.src);
  expect(gameSrc.origin + gameSrc.pathname).toBe(new URL(baseURL).href);
  expect(gameSrc.searchParams.get("embed")).toBe("1");
  expect(gameSrc.hash).toContain(`moves=${moves.join("")}`);
  // The live preview is that embed.
  const preview = page.frameLocator("#embed-preview");
  await expect(preview.locator("#board")).toHaveAttribute("data-record", shown.record);
  await page.screenshot({ path: `${ARTIFACTS}embed-dialog.png` });

  // View only, dark, a fixed size.
  await page.check("#embed-view");
  await page.selectOption("#embed-theme", "dark");
  await page.check('input[name="embed-shape"][value="fixed"]');
  await page.fill("#embed-width", "500");
  await page.fill("#embed-height", "240");
  frame = await dialogFrame(page);
  const viewSrc = new URL(frame.src);
  expect(viewSrc.searchParams.get("view")).toBe("1");
  expect(viewSrc.searchParams.get("theme")).toBe("dark");
  expect([frame.width, frame.height]).toEqual(["500", "240"]);
  await expect(page.locator("#embed-said")).toHaveText("");

  // A size the code cannot use is said, and the code keeps a usable one until it is corrected.
  await page.fill("#embed-width", "10");
  await expect(page.locator("#embed-said")).toHaveText(
    "Width and height must be from 120 to 4,000 pixels; until then the code uses 640 × 240.");
  await expect(page.locator("#embed-width")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#embed-height")).toHaveAttribute("aria-invalid", "false");
  frame = await dialogFrame(page);
  expect([frame.width, frame.height]).toEqual(["640", "240"]);
  await page.fill("#embed-width", "");
  await expect(page.locator("#embed-said")).toContainText("from 120 to 4,000 pixels");
  await page.fill("#embed-width", "500");
  await expect(page.locator("#embed-said")).toHaveText("");
  await expect(page.locator("#embed-width")).toHaveAttribute("aria-invalid", "false");

  // A move on a loop: by default the last move played, from the position before it.
  await page.check('input[name="embed-show"][value="loop"]');
  await expect(page.locator("#embed-view")).toBeDisabled();
  frame = await dialogFrame(page);
  const loopSrc = new URL(frame.src);
  const lastMove = shown.record.at(-1);
  expect(loopSrc.searchParams.get("loop")).toBe(lastMove);
  expect(loopSrc.hash).toContain(`at=${shown.record.length - 1}`);

  // A demo between two chosen levels.
  await page.check('input[name="embed-show"][value="demo"]');
  await page.selectOption("#embed-demo-south", "beginner");
  await page.selectOption("#embed-demo-north", "club");
  frame = await dialogFrame(page);
  const demoSrc = new URL(frame.src);
  expect(demoSrc.searchParams.get("demo")).toBe("beginner-club");
  expect(demoSrc.hash).toBe("");
  expect(frame.title).toMatch(/Beginner and Club/);
  await page.click("#embed-copy");
  await expect(page.locator("#embed-said")).not.toHaveText("");
  await page.click("#embed-close");
  await expect(page.locator("#embed-dialog")).toBeHidden();
  await expect(page.locator("#embed-preview")).toHaveCount(0);

  // Each code, loaded in a host page, shows what the dialog said.
  const { frames } = await openHost(page, baseURL, [
    { id: "game", src: gameSrc.href, width: 640, height: 280 },
    { id: "view", src: viewSrc.href, width: 500, height: 240 },
    { id: "loop", src: loopSrc.href, width: 500, height: 240 },
  ]);
  const game = await board(frames.game);
  expect(game.record).toBe(shown.record);
  expect(game.board).toEqual(shown.board);
  expect(game.to_move).toBe(shown.to_move);
  expect((await board(frames.view)).record).toBe(shown.record);
  expect(await frames.view.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  // The loop replays the last move, from the position before it.
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-animating", "true", { timeout: budget(10_000) });
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-record", shown.record);
  // The dialog and its preview left the saved game alone.
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY)).toBe(savedBefore);
});

test("the Embed dialog fits a phone and keeps the page's language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openPage(page, "?mode=two&speed=instant&lang=si");
  await playMove(page, 3);
  await (await showControl(page, "#embed-button")).click();
  await page.check('input[name="embed-show"][value="loop"]');
  // The page's language (for the translations) goes along.
  expect(await langAsked(page)).toBe("si");
  const overflow = await page.locator("#embed-dialog").evaluate((dialog) => ({
    dialog: dialog.getBoundingClientRect().toJSON(),
    wide: [...dialog.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > dialog.getBoundingClientRect().right + 0.5)
      .map((el) => el.id || el.tagName),
    scroll: dialog.scrollWidth <= dialog.clientWidth,
  }));
  expect(overflow.dialog.right).toBeLessThanOrEqual(390);
  expect(overflow.wide).toEqual([]);
  expect(overflow.scroll).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}embed-dialog-phone.png` });
  expect(errors).toEqual([]);
  await context.close();
});

test("the Embed dialog follows a change of language, and its code asks the embed for it", async ({ page }) => {
  const th = (await import("../../www/i18n/th.js")).default;
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "?mode=two&speed=instant&lang=en");
  await playMove(page, 3);
  await expect(page.locator("#embed-button")).toHaveText("Embed");
  await page.click("#embed-button");
  // English, the page's own, is not asked for.
  let frame = await dialogFrame(page);
  expect(new URL(frame.src).searchParams.has("lang")).toBe(false);
  expect(frame.title).toBe("Walak-pussa, the two-row mancala of Sri Lanka: a game you can play");
  await page.click("#embed-close");

  await page.locator("#language").selectOption("th");
  await expect(page.locator("#embed-button")).toHaveText(th["embedDialog.button"]);
  await expect(page.locator("#embed-button")).toHaveAttribute("title", th["embedDialog.buttonTitle"]);
  await page.click("#embed-button");
  // The dialog kept from its first opening already has the new words: its code is written anew
  // once it opens again.
  await expect(page.locator("#embed-dialog")).toBeVisible();
  await expect(page.locator("#embed-title")).toHaveText(th["embedDialog.title"]);
  await expect(page.locator("#embed-copy")).toHaveText(th["embedDialog.copy"]);
  await expect(page.locator("#embed-demo-south option[value=club]")).toHaveText(th["level.club"]);
  // The code is read once it asks for the new language: a loaded machine may show the opened
  // dialog a moment before its code is written again.
  await expect.poll(async () => langAsked(page)).toBe("th");
  frame = await dialogFrame(page);
  expect(frame.title).toBe(fill(th["embedDialog.frameTitle"], { shows: th["embedDialog.showsGame"] }));
  // The moves to loop: the last one (South's hole 3), then North's, in Thai.
  await expect(page.locator("#embed-loop-move option").first()).toHaveText(
    fill(th["embedDialog.loopLast"], { side: th["side.south"], hole: "3" }));
  await page.check('input[name="embed-show"][value="demo"]');
  frame = await dialogFrame(page);
  expect(frame.title).toBe(fill(th["embedDialog.frameTitle"], {
    shows: fill(th["embedDialog.showsDemo"], { south: th["level.casual"], north: th["level.master"] }),
  }));
  await expect(page.locator("#embed-preview")).toHaveAttribute("title", fill(th["embedDialog.previewTitle"], { title: frame.title }));
  await page.click("#embed-copy");
  await expect(page.locator("#embed-said")).toHaveText(new RegExp(`^(${th["embedDialog.copied"]}|${th["embedDialog.copyRefused"]})$`));
  await page.click("#embed-close");

  // And back to English: the dialog's words, the choices kept.
  await page.locator("#language").selectOption("en");
  await page.click("#embed-button");
  await expect(page.locator("#embed-title")).toHaveText("Embed in a web page");
  await expect(page.locator('input[name="embed-show"][value="demo"]')).toBeChecked();
  await expect.poll(async () => langAsked(page)).toBe(null);
  frame = await dialogFrame(page);
  expect(frame.title).toMatch(/Casual and Master computer players/);
  expect(errors).toEqual([]);
});

// A position set up by hand (share.js): 11 seeds on the board, 45 in the reserves.
const POSITION = { board: [0, 0, 3, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 5], reserves: [24, 21], to_move: "south" };
const POSITION_LINK = `#walak=1&board=${POSITION.board.join(".")}&reserves=${POSITION.reserves.join(".")}&turn=south`;

test("a loop and a demo can start from a position set up by hand", async ({ page, baseURL }) => {
  await openPage(page);
  const after = await page.evaluate((position) => {
    const game = window.wasmBindings.Game.fromPosition(position);
    game.play(3);
    const state = game.state();
    game.free();
    return state;
  }, POSITION);
  const { frames } = await openHost(page, baseURL, [
    { id: "loop", src: `./?embed=1&loop=3&speed=fast${POSITION_LINK}`, width: 640, height: 280 },
    { id: "demo", src: `./?embed=1&demo=beginner-beginner&speed=instant${POSITION_LINK}`, width: 640, height: 280 },
  ]);
  // The loop may have begun its move already: it starts from the position, and comes back to it.
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-board", POSITION.board.join(","), { timeout: budget(15_000) });
  await expect(frames.loop.locator("#embed-caption")).toHaveText("South plays hole 3, again and again.");
  // The move is shown, held, and taken back to the position.
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-board", after.board.join(","), { timeout: budget(15_000) });
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-board", POSITION.board.join(","), { timeout: budget(15_000) });
  // The demo plays on from the position: its moves are the engine's from there.
  await expect.poll(() => page.evaluate(() => window.heard.length), { timeout: budget(20_000), intervals: [100] }).toBeGreaterThanOrEqual(1);
  const [first] = await page.evaluate(() => window.heard);
  const expected = await frames.demo.evaluate(([position, hole]) => {
    const game = window.wasmBindings.Game.fromPosition(position);
    game.play(hole);
    const state = game.state();
    game.free();
    return state;
  }, [POSITION, first.hole]);
  expect(first.state.board).toEqual(expected.board);
  expect(first.state.reserves).toEqual(expected.reserves);
});

test("the Embed dialog carries a position set up by hand", async ({ page, baseURL }) => {
  await page.goto(`./?speed=instant${POSITION_LINK}`);
  await settled(page, { record: "" });
  await playMove(page, 3);
  const shown = await readBoard(page);
  await page.click("#embed-button");
  const game = new URL((await dialogFrame(page)).src);
  expect(game.hash).toContain(`board=${POSITION.board.join(".")}`);
  expect(game.hash).toContain("moves=3");
  await page.check('input[name="embed-show"][value="loop"]');
  const loop = new URL((await dialogFrame(page)).src);
  expect(loop.searchParams.get("loop")).toBe("3");
  expect(loop.hash).toContain("at=0");
  await page.click("#embed-close");

  const { frames } = await openHost(page, baseURL, [
    { id: "game", src: game.href, width: 640, height: 280 },
    { id: "loop", src: loop.href, width: 640, height: 280 },
  ]);
  const embedded = await board(frames.game);
  expect(embedded.board).toEqual(shown.board);
  expect(embedded.reserves).toEqual(shown.reserves);
  expect(embedded.to_move).toBe(shown.to_move);
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-board", POSITION.board.join(","));
  await expect(frames.loop.locator("#board")).toHaveAttribute("data-animating", "true", { timeout: budget(10_000) });
});
