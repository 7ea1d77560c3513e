// Game review: every move of a game solved exactly, in a worker of the review's own. The values and
// losses the page publishes on #review-graph (docs/page-contract.md) against the native solver's,
// the marks in the move list and the summary, cancelling a review under way, the graph going to a
// move by click and by keyboard, and the graph in Urdu (right to left) at phone width.
import {
  test, expect, ARTIFACTS, WORKER_PROBE, phonePage, readBoard, savedGame, seedSavedGame, settled, showControl, watchErrors,
  budget,
} from "./helpers.mjs";
import { LANGUAGES } from "../../www/i18n/index.js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe's serious and critical violations on the page as it is now (as accessibility.spec.mjs asks). */
async function seriousViolations(page) {
  await page.evaluate(readFileSync(AXE, "utf8"));
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations
    .map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.slice(0, 3).map((n) => n.target.join(" ")) })));
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

// A real game (beginner against casual, with a move changed here and there to give every kind of
// mark), from the opening: `walak state 572744133662` is the position after its first 12 moves,
// 16 seeds on the board, set up by hand here; the game then runs 13 more moves to a 36–20 win.
const START = { board: [0, 0, 0, 2, 6, 0, 2, 1, 0, 2, 0, 3, 0, 0], reserves: [23, 17], to_move: "south" };
const MOVES = "7457345546132";
const LINK = `#walak=1&board=${START.board.join(".")}&reserves=${START.reserves.join(".")}&turn=south&moves=${MOVES}`;

// The exact values, from the native solver: for each i, `target/release/walak solve` on the
// position before move i+1, i.e. `walak solve 572744133662` then `walak solve 5727441336627`, …
// (the same game from its opening, so with the same history), and again with `walak solve
// --board … --reserves … --to-move …` on each position set up by hand: the same move values. The
// played move's value for the mover, as South's (negated after a North move), and the best value
// minus the played one. E.g. `walak solve 572744133662` →
// {"value":2,"best":[7],"move_values":{"4":0,"5":-4,"7":2},…}: South's 7 keeps +2, loses 0.
const VALUES = [2, 2, 2, 6, 6, 6, 0, 8, 8, 10, 2, 16, 16];
const LOSSES = [0, 0, 0, 4, 0, 0, 6, 8, 0, 2, 8, 14, 0];

// A game for a review long enough to cancel (see the test).
const HAND_SET = "6741111441515542612613622412";

const graph = (page) => page.locator("#review-graph");

/** Opens `hash` (a shared link) with `query`, and waits for the game. */
async function openLink(page, hash, query = "?speed=instant") {
  await page.goto(`./${query}${hash}`);
  await settled(page);
}

/** Waits for the review to be done, and returns its published values and losses. */
async function reviewed(page) {
  await expect(graph(page)).toHaveAttribute("data-values", /\d/, { timeout: budget(90_000) });
  await expect(graph(page)).toHaveAttribute("data-state", "done");
  const numbers = (name) => graph(page).evaluate((svg, name) => svg.getAttribute(name).split(",").map(Number), name);
  return { values: await numbers("data-values"), losses: await numbers("data-losses") };
}

test("a review gives every move's exact value and loss, marks the moves and sums up each side", async ({ page }) => {
  test.setTimeout(budget(120_000));
  // Nothing to review before the first move.
  await openLink(page, "", "?mode=two&speed=instant");
  await expect(page.locator("#review")).toBeDisabled();
  await openLink(page, LINK);
  const before = await readBoard(page);
  expect(before.status).toBe("game_over");
  expect(before.record).toBe(MOVES);
  await expect(graph(page)).not.toHaveAttribute("data-values", /./);
  await expect(page.locator("#review-panel")).toBeHidden();

  // From the end-of-game panel.
  await expect(page.locator("#game-over-review")).toBeEnabled();
  await page.locator("#game-over-review").click();
  await expect(page.locator("#review-panel")).toBeVisible();
  const { values, losses } = await reviewed(page);
  expect(values).toEqual(VALUES);
  expect(losses).toEqual(LOSSES);
  await expect(page.locator("#review-said")).toHaveText(/Review done/);
  await expect(page.locator("#review-progress")).toBeHidden();

  // Marks in the move list: 1–3 seeds ?!, 4–9 ?, 10 or more ??, none for a perfect move.
  const move = (ply) => page.locator(`#move-list button.move[data-ply="${ply}"]`);
  await expect(move(1).locator(".review-mark")).toHaveCount(0);
  await expect(move(1)).toHaveAttribute("title", "A perfect move.");
  await expect(move(4).locator(".review-mark.mistake")).toHaveText("?");
  await expect(move(4)).toHaveAttribute("title", "Mistake: gave away 4 seeds.");
  await expect(move(4)).toHaveAttribute("aria-label", /^4\. N7: North hole 7\. Mistake: gave away 4 seeds\.$/);
  await expect(move(10).locator(".review-mark.inaccuracy")).toHaveText("?!");
  await expect(move(10)).toHaveAttribute("title", "Inaccuracy: gave away 2 seeds.");
  await expect(move(12).locator(".review-mark.blunder")).toHaveText("??");
  await expect(move(12)).toHaveAttribute("title", "Blunder: gave away 14 seeds.");
  expect(await page.locator("#move-list .review-mark").count()).toBe(LOSSES.filter((l) => l > 0).length);

  // The summary: South made moves 1, 3, …, 13 (losses 0,0,0,6,0,8,0), North 2, 4, …, 12 (0,4,0,8,2,14).
  const row = async (field) => page.locator(`#review-summary tr[data-field="${field}"] td`).allTextContents();
  expect(await row("moves")).toEqual(["7", "6"]);
  expect(await row("perfect")).toEqual(["5", "2"]);
  expect(await row("given")).toEqual(["14", "28"]);
  expect(await row("inaccuracy")).toEqual(["0", "1"]);
  expect(await row("mistake")).toEqual(["2", "2"]);
  expect(await row("blunder")).toEqual(["0", "1"]);
  await expect(page.locator("#review-legend")).toContainText("gave away 10 seeds or more");
  await expect(page.locator("#review-explain")).toContainText("at the end of the game");

  // One point a move, and the start; the game is as it was.
  await expect(graph(page).locator("circle.review-point")).toHaveCount(MOVES.length + 1);
  const after = await readBoard(page);
  expect(after.record).toBe(before.record);
  expect(after.board).toEqual(before.board);
  expect(after.reserves).toEqual(before.reserves);
});

test("cancelling a review stops it at once, says so, and leaves the game as it was", async ({ page }) => {
  test.setTimeout(budget(90_000));
  // A game from a position set up by hand (the opening with one seed moved): no book holds its
  // positions, and their 50-odd seeds take the solver seconds each, so the review is still going
  // when Cancel is pressed. Its moves are a perfect line (walak solve --board 5,4,4,4,4,4,3,4,4,4,4,4,4,4
  // --reserves 0,0 --to-move south).
  const start = { board: [5, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4], reserves: [0, 0], to_move: "south" };
  await seedSavedGame(page, JSON.stringify({ version: 1, options: { rounds: false, first: "south" }, mode: "two",
    side: "south", record: HAND_SET, redo: "", start }));
  await page.addInitScript(WORKER_PROBE);
  await page.goto("./?speed=instant");
  await settled(page, { record: HAND_SET });
  const before = await readBoard(page);
  const saved = await savedGame(page);
  await page.locator("#review").click();
  await expect(page.locator("#review-status")).toHaveText(/^Reviewing move \d+ of 28…$/);
  await expect(page.locator("#review")).toBeDisabled();
  await expect(graph(page)).toHaveAttribute("data-state", "running");
  await page.locator("#review-cancel").click();
  // At once: said by the time the click has been handled, however long the solve under way takes.
  expect(await page.locator("#review-said").textContent()).toMatch(/^Review cancelled at move \d+ of 28\. The game is as it was/);
  await expect(graph(page)).toHaveAttribute("data-state", "cancelled");
  await expect(page.locator("#review-progress")).toBeHidden();
  await expect(page.locator("#review")).toBeEnabled();
  // Nothing more comes of it: once the solve under way has ended (at its next slice), no values
  // have appeared, the game, the position shown and the saved game are unchanged, and the page
  // still plays.
  await expect.poll(() => page.evaluate(() => window.questionsOpen()), { timeout: budget(20_000) }).toBe(0);
  await settled(page);
  await expect(graph(page)).not.toHaveAttribute("data-values", /./);
  await expect(graph(page)).toHaveAttribute("data-state", "cancelled");
  const after = await readBoard(page);
  expect(after.record).toBe(before.record);
  expect(after.board).toEqual(before.board);
  expect(after.reserves).toEqual(before.reserves);
  expect(await savedGame(page)).toEqual(saved);
  // Review again goes on from where it stopped (what was found is kept), and cancels again.
  const stoppedAt = Number((await page.locator("#review-said").textContent()).match(/move (\d+)/)[1]);
  await page.locator("#review").click();
  await expect(page.locator("#review-status")).toHaveText(/^Reviewing move \d+ of 28…$/);
  const goesOnAt = Number((await page.locator("#review-status").textContent()).match(/move (\d+)/)[1]);
  expect(goesOnAt).toBeGreaterThanOrEqual(stoppedAt);
  await page.locator("#review-cancel").click();
  await expect(graph(page)).toHaveAttribute("data-state", "cancelled");
  await page.locator("#undo").click();
  await settled(page, { record: before.record.slice(0, -1) });
});

test("a match in rounds is reviewed to the end of the round, and the values hold together", async ({ page }) => {
  test.setTimeout(budget(90_000));
  // Round 2 of a match, set up by hand with 10 seeds on the board, and four moves that stay in it.
  await openLink(page, "#walak=1&board=1.1.0.2.0.1.0.0.1.2.0.1.0.1&reserves=26.20&turn=south&round=2&rounds=1&moves=1543");
  const { record, round, status } = await readBoard(page);
  expect([record, round, status]).toEqual(["1543", 2, "playing"]);
  await page.locator("#review").click();
  const { values, losses } = await reviewed(page);
  expect(values).toHaveLength(4);
  expect(losses.every((loss) => loss >= 0)).toBe(true);
  await expect(page.locator("#review-explain")).toContainText("at the end of the round");
  // The value after a move is the value of the next position, which its mover's move keeps or
  // lowers by what it gives away: South's value after move i+1 = after move i ∓ loss i+1.
  const sides = await page.locator("#move-list button.move[data-ply]:not([data-ply='0'])").evaluateAll((buttons) =>
    buttons.map((b) => (/S\d/.test(b.textContent) ? "south" : "north")));
  for (let i = 1; i < record.length; i++) {
    expect(values[i], `move ${i + 1}`).toBe(values[i - 1] + (sides[i] === "south" ? -losses[i] : losses[i]));
  }
});

test("every language says the review in its own words", async ({ page }) => {
  test.setTimeout(budget(240_000));
  /** Every word of the review: the panel, the buttons, the move list's verdicts, the graph's name and value. */
  const reviewWords = async (code) => {
    await openLink(page, LINK, `?lang=${code}&speed=instant`);
    await page.locator("#review").click();
    await reviewed(page);
    await graph(page).focus();
    return page.evaluate(() => {
      const words = [];
      const panel = document.getElementById("review-panel");
      const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.replace(/\s+/g, " ").trim();
        if (text) words.push(text);
      }
      for (const element of document.querySelectorAll("#review, #game-over-review, #review-graph, #move-list button")) {
        words.push(element.textContent.trim());
        for (const name of ["title", "aria-label", "aria-valuetext"]) if (element.hasAttribute(name)) words.push(element.getAttribute(name));
      }
      return words;
    });
  };
  const english = new Set(await reviewWords("en"));
  for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
    const words = await reviewWords(code);
    const left = words.filter((w) => english.has(w) && /\p{L}/u.test(w));
    expect([...new Set(left)], `${code}: words still in English`).toEqual([]);
  }
});

test("the graph goes to a move when clicked, and by keyboard", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await openLink(page, LINK);
  await page.locator("#review").click();
  await reviewed(page);

  const record = async () => (await readBoard(page)).record;
  await graph(page).locator('circle.review-point[data-ply="5"]').click();
  await expect.poll(record).toBe(MOVES.slice(0, 5));
  await expect(page.locator('#move-list button.move[data-ply="5"]')).toHaveAttribute("aria-current", "step");
  // Going along the line keeps the review.
  await expect(graph(page)).toHaveAttribute("data-values", VALUES.join(","));

  // The graph takes the focus; the arrows choose a move, Enter goes to it.
  await graph(page).focus();
  await expect(graph(page)).toHaveAttribute("aria-valuenow", "5");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(graph(page)).toHaveAttribute("aria-valuenow", "7");
  await expect(graph(page)).toHaveAttribute("aria-valuetext", "7. S5: even. Mistake: gave away 6 seeds.");
  expect(await record()).toBe(MOVES.slice(0, 5));
  await page.keyboard.press("Enter");
  await expect.poll(record).toBe(MOVES.slice(0, 7));
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect.poll(record).toBe("");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect.poll(record).toBe(MOVES);
  await expect(graph(page)).toHaveAttribute("data-losses", LOSSES.join(","));
});

test("Urdu at phone width: the graph runs right to left and fits; dark theme too", async ({ browser, baseURL }) => {
  test.setTimeout(budget(150_000));
  for (const [name, query, viewport] of [
    ["ur-360", "?lang=ur&speed=instant", { width: 360, height: 800 }],
    ["dark-800", "?theme=dark&speed=instant", { width: 800, height: 900 }],
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openLink(page, LINK, query);
    await (await showControl(page, "#review")).click();
    const { values } = await reviewed(page);
    expect(values).toEqual(VALUES);
    const points = await graph(page).locator("circle.review-point").evaluateAll((circles) =>
      circles.map((c) => ({ ply: Number(c.dataset.ply), x: Number(c.getAttribute("cx")) })));
    const first = points.find((p) => p.ply === 0).x;
    const last = points.find((p) => p.ply === MOVES.length).x;
    if (name.startsWith("ur")) {
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("#review-said")).not.toHaveText(/Review/);
      expect(first, "the start on the right").toBeGreaterThan(last);
    } else {
      expect(first, "the start on the left").toBeLessThan(last);
    }
    // Nothing wider than the screen.
    const box = await graph(page).boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(page), `${name}: accessibility`).toEqual([]);
    await page.locator("#review-panel").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}review-${name}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("on a phone a point tapped on the graph shows its move on a board in view, above the graph", async ({ browser }) => {
  test.setTimeout(budget(120_000));
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openLink(page, LINK);
  await (await showControl(page, "#review")).tap();
  await reviewed(page);
  await graph(page).scrollIntoViewIfNeeded();
  for (const ply of [5, 11, 2]) {
    await graph(page).locator(`circle.review-point[data-ply="${ply}"]`).tap();
    await expect.poll(async () => (await readBoard(page)).record).toBe(MOVES.slice(0, ply));
    // The board and the graph in view together, the one not over the other.
    const [board, shown] = [await page.locator("#board").boundingBox(), await graph(page).boundingBox()];
    expect(board.y, `move ${ply}: the board's top in view`).toBeGreaterThanOrEqual(0);
    expect(board.y + board.height, `move ${ply}: the board above the graph`).toBeLessThanOrEqual(shown.y);
    expect(shown.y + shown.height, `move ${ply}: the graph in view`).toBeLessThanOrEqual(640);
  }
  // Said for a finger: no clicks, no arrow keys.
  await expect(page.locator("#review-help")).toHaveText("Tap a point to see the board at that move.");
  await page.screenshot({ path: `${ARTIFACTS}review-phone-360.png` });
  expect(errors).toEqual([]);
  await context.close();
});

test("Urdu: the marks read left to right as in game notation (?! is not !?)", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await openLink(page, LINK, "?lang=ur&speed=instant");
  await (await showControl(page, "#review")).click();
  await reviewed(page);
  // Each mark of two signs, as drawn: its first sign left of its second.
  const marks = await page.locator(".review-mark").evaluateAll((spans) => spans
    .filter((span) => span.textContent.length === 2 && span.getClientRects().length > 0)
    .map((span) => {
      const node = [...span.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
      const x = (i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        return box.left + box.width / 2;
      };
      return { mark: span.textContent, where: span.closest("[id]")?.id, leftToRight: x(0) < x(1) };
    }));
  expect(marks.map((m) => m.mark)).toEqual(expect.arrayContaining(["?!", "??"]));
  expect(marks.filter((m) => !m.leftToRight), "marks drawn right to left").toEqual([]);
});
