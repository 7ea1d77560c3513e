// Your games: no game is ever lost to a link or a new game; kept games can be taken up again, their
// results against each level are counted, they can be exported, and an unreadable entry is kept
// aside. Variations: a new move from an earlier position keeps the old line in the move list.
import { readFile } from "node:fs/promises";
import { test, expect, engineState, openPage, playMove, randomGame, readBoard, settled, startNewGame } from "./helpers.mjs";

const LINK = "#walak=1&moves=3562";

/** The kept games as the list shows them: [{record, status, current}]. */
async function listedGames(page) {
  await page.locator("#games").click();
  await expect(page.locator("#games-dialog")).toBeVisible();
  return page.locator(".saved-game").evaluateAll((items) =>
    items.map((item) => ({ record: item.dataset.record, status: item.dataset.status, current: item.dataset.current === "true" })));
}

test("a link opened over a game against the computer keeps that game, and the list brings it back", async ({ page }) => {
  await openPage(page, "?mode=computer&level=beginner&speed=instant");
  // (The computer answers at once: the record then has both moves.)
  await page.keyboard.press("3");
  await settled(page, { moves: 2, person: "south" });
  const ours = (await readBoard(page)).record;

  await page.goto(`./?speed=instant${LINK}`);
  await settled(page, { record: "3562", mode: "two" });
  await expect(page.locator("#notice")).toBeVisible();
  await expect(page.locator("#notice-games")).toBeVisible();

  // The notice's button opens the list: the link's game on the board, ours kept and in progress.
  await page.locator("#notice-games").click();
  await expect(page.locator("#games-dialog")).toBeVisible();
  const games = await page.locator(".saved-game").evaluateAll((items) =>
    items.map((item) => ({ record: item.dataset.record, status: item.dataset.status, current: item.dataset.current === "true" })));
  expect(games).toEqual([
    { record: "3562", status: "playing", current: true },
    { record: ours, status: "playing", current: false },
  ]);
  await page.locator(`.saved-game[data-record="${ours}"] .saved-game-resume`).click();
  await expect(page.locator("#games-dialog")).toBeHidden();
  await settled(page, { record: ours, mode: "computer" });

  // After a reload both games are still there, the computer game on the board.
  await page.reload();
  await settled(page, { record: ours, mode: "computer" });
  expect(await listedGames(page)).toEqual([
    { record: ours, status: "playing", current: true },
    { record: "3562", status: "playing", current: false },
  ]);
});

test("a new game keeps the last one; results against each level are counted and exported", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  const moves = (await randomGame(page, { seed: 7, minMoves: 20, maxMoves: 400 })).join("");
  const final = await engineState(page, moves);
  expect(final.status).toBe("game_over");
  // The same game, as if the person had played South against the club level.
  const saved = await page.evaluate((moves) => window.wasmBindings.savedGameJson({
    options: { rounds: false, first: "south" }, mode: "computer", side: "south", level: "club", record: moves, redo: "",
  }), moves);
  await page.evaluate((game) => localStorage.setItem("walak-pussa.games.finished1",
    JSON.stringify({ id: "finished1", created: 1, updated: 2, game: JSON.parse(game), lines: [] })), saved);

  // The game opened from a link, then a new game: the finished two-player game goes aside too.
  await page.goto(`./?speed=instant#walak=1&moves=${moves}`);
  await settled(page, { status: "game_over", record: moves });
  await startNewGame(page);
  const games = await listedGames(page);
  expect(games.filter((g) => g.record === moves && g.status === "game_over")).toHaveLength(2);

  const row = page.locator('#games-results tr[data-level="club"]');
  const [wins, draws, losses] = final.winner === "south" ? [1, 0, 0] : final.winner === "north" ? [0, 0, 1] : [0, 1, 0];
  const form = final.winner === "south" ? "+" : final.winner === "north" ? "−" : "=";
  await expect(row.locator("td")).toHaveText([String(wins), String(draws), String(losses), form]);

  const download = page.waitForEvent("download");
  await page.locator("#games-export").click();
  const file = JSON.parse(await readFile(await (await download).path(), "utf8"));
  expect(file.games).toHaveLength(3);
  const club = file.games.find((g) => g.level === "club");
  expect(club.moves).toBe(moves);
  expect(club.result.winner).toBe(final.winner ?? "draw");
  expect(club.link).toContain(`moves=${moves}`);
});

test("an unreadable kept game is set aside, not lost, and the rest of the list still shows", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await page.evaluate(() => localStorage.setItem("walak-pussa.games.broken", "{not a game"));
  await playMove(page, 3);
  await page.locator("#games").click();
  await expect(page.locator(".saved-game")).toHaveCount(1);
  await expect(page.locator("#notice-text")).toContainText("could not be read");
  await expect(page.locator("#games-aside")).toBeVisible();
  const kept = await page.evaluate(() => [localStorage.getItem("walak-pussa.games.broken"),
    localStorage.getItem("walak-pussa.games-unreadable.broken")]);
  expect(kept).toEqual([null, "{not a game"]);
});

test("a different move from an earlier position starts a variation; it survives a reload, and can be promoted or deleted", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  for (const n of [3, 5, 6, 2]) await playMove(page, n);
  await page.locator('#move-list .move[data-ply="2"]').click();
  await settled(page, { record: "35" });
  // The next move of the line is played again with the rest of the line kept.
  await playMove(page, 6);
  await expect(page.locator("#board")).toHaveAttribute("data-record", "356");
  await expect(page.locator("#move-list .move.future")).toHaveCount(1);
  await page.locator('#move-list .move[data-ply="2"]').click();
  await settled(page, { record: "35" });
  const { legal } = await readBoard(page);
  const other = legal.find((n) => n !== 6);
  await playMove(page, other);
  await expect(page.locator("#board")).toHaveAttribute("data-record", `35${other}`);
  // The main line stays, after the move where the variation leaves it.
  const main = page.locator('#move-list .variation.main-line');
  await expect(main).toHaveAttribute("data-line", "0");
  await expect(main.locator(".variation-move")).toHaveCount(2);
  await expect(page.locator("#move-list .variation-here")).toBeVisible();

  await page.reload();
  await settled(page, { record: `35${other}` });
  await expect(page.locator("#move-list .variation.main-line .variation-move")).toHaveCount(2);

  // A move of the main line goes back to it; the variation is then listed beside it.
  await page.locator('#move-list .variation.main-line .variation-move[data-ply="4"]').click();
  await settled(page, { record: "3562" });
  await expect(page.locator("#move-list .variation-here")).toHaveCount(0);
  const variation = page.locator('#move-list .variation[data-line="1"]');
  await expect(variation.locator(".variation-move")).toHaveCount(1);

  // Promoted, the variation becomes the main line and the old main line a variation.
  await variation.locator(".variation-promote").click();
  await expect(page.locator("#move-list .variation-here")).toBeVisible();
  await expect(page.locator('#move-list .variation.main-line .variation-move')).toHaveCount(1);
  // Deleting the line shown goes back to where it left the main line.
  await page.locator("#move-list .variation-here .variation-delete").click();
  await settled(page, { record: "35" });
  await expect(page.locator("#move-list .variation")).toHaveCount(0);
  await expect(page.locator("#move-list .variation-here")).toHaveCount(0);
  await page.reload();
  await settled(page, { record: "35" });
  await expect(page.locator("#move-list .variation")).toHaveCount(0);
});

test("a shared link carries the variations, and the line shown", async ({ page, browser }) => {
  await openPage(page, "?mode=two&speed=instant");
  for (const n of [3, 5, 6, 2]) await playMove(page, n);
  await page.locator('#move-list .move[data-ply="2"]').click();
  await settled(page, { record: "35" });
  const { legal } = await readBoard(page);
  const other = legal.find((n) => n !== 6);
  await playMove(page, other);
  await page.locator("#share").click();
  await expect(page.locator("#share-dialog")).toBeVisible();
  const link = await page.locator("#share-link").inputValue();
  expect(link).toContain(`moves=35${other}&variations=3562&shown=1`);

  const friend = await browser.newPage();
  await friend.goto(link);
  await settled(friend, { record: `35${other}` });
  await expect(friend.locator("#move-list .variation-here")).toBeVisible();
  await expect(friend.locator("#move-list .variation.main-line .variation-move")).toHaveCount(2);
  await friend.close();
});

/** The words of the results table that a line break splits (each word's text boxes on more than one line). */
function splitWords(page) {
  return page.locator("#games-results").evaluate((table) => {
    const split = [];
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: "word" });
    for (const cell of table.querySelectorAll("th, td")) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const { segment, index, isWordLike } of segmenter.segment(node.data)) {
          if (!isWordLike) continue;
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + segment.length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(segment);
        }
      }
    }
    const box = table.getBoundingClientRect();
    return { split, right: box.right, left: box.left, width: innerWidth };
  });
}

for (const lang of ["en", "ml", "th", "ur", "pa", "sl", "si"]) {
  test(`on a phone the results table breaks no word (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
    const moves = (await randomGame(page, { seed: 7, minMoves: 20, maxMoves: 400 })).join("");
    // A finished game against every level, so that every level's name is in the table.
    await page.evaluate((moves) => {
      for (const level of ["beginner", "casual", "club", "strong", "master", "perfect"]) {
        const game = JSON.parse(window.wasmBindings.savedGameJson({
          options: { rounds: false, first: "south" }, mode: "computer", side: "south", level, record: moves, redo: "",
        }));
        localStorage.setItem(`walak-pussa.games.${level}`, JSON.stringify({ id: level, created: 1, updated: 2, game, lines: [] }));
      }
    }, moves);
    await page.reload();
    await settled(page);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      if (!(await page.locator("#games").isVisible())) await page.click("#more");
      await page.locator("#games").click();
      await expect(page.locator("#games-results tbody tr")).toHaveCount(6);
      const { split, left, right } = await splitWords(page);
      expect(split, `${width} px: words split across lines`).toEqual([]);
      expect(left, `${width} px: the table's left edge`).toBeGreaterThanOrEqual(0);
      expect(right, `${width} px: the table's right edge`).toBeLessThanOrEqual(width);
      await page.keyboard.press("Escape");
      await expect(page.locator("#games-dialog")).toBeHidden();
    }
  });
}
