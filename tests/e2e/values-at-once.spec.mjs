// Exact values at once: values proved on one visit are kept in the browser for the next (and a
// stale or damaged entry is never shown), a solve no longer needed is dropped at once, and a device
// with little memory gets a small solver table. Expected values were printed by `walak solve`.
import { test, expect, UNPROVABLE, WORKER_PROBE, openPage, seedSavedGame, settled, startNewGame, budget } from "./helpers.mjs";

// walak solve 35141541: South to move, 28 seeds on the board, not in the book.
const MIDGAME = { record: "35141541", values: "2:-2,3:0,6:-4,7:-12" };
const OPENING = "1:6,2:6,3:0,4:0,5:0,6:-16,7:-44";

const note = (page) => page.locator("#values-note");

async function openWithValues(page, record) {
  await openPage(page, `?mode=two&speed=instant#walak=1&moves=${record}`);
  await page.locator("#show-values").check();
}

/** The entries kept in the page's IndexedDB store, by key. */
function keptEntries(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("walak-pussa-values");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction("solved").objectStore("solved");
          const entries = {};
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return resolve(entries), open.result.close();
            entries[at.key] = at.value;
            at.continue();
          };
        };
      }),
  );
}

/** Puts `entry` in the store under `key`, as a damaged or stale store would hold it. */
function putEntry(page, key, entry) {
  return page.evaluate(
    ([key, entry]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("walak-pussa-values");
        open.onsuccess = () => {
          const put = open.result.transaction("solved", "readwrite").objectStore("solved").put(entry, key);
          put.onsuccess = () => (open.result.close(), resolve());
          put.onerror = () => reject(put.error);
        };
      }),
    [key, entry],
  );
}

const keyOf = (record) => JSON.stringify([null, { rounds: false, first: "south" }, record]);
const midgameKey = keyOf(MIDGAME.record);
// The positions the midgame's moves lead to: with a worker per core, each is proved on its own
// (a move's value is minus theirs) and kept.
const childKeys = MIDGAME.values.split(",").map((pair) => keyOf(MIDGAME.record + pair.split(":")[0]));

test("with the moves shared out over workers, each move's position is kept, and its values are the solver's own", async ({ page }) => {
  // Four cores: two workers, each proving the positions the moves lead to.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 4 }));
  await openWithValues(page, MIDGAME.record);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
  await expect.poll(async () => Object.keys(await keptEntries(page)).sort()).toEqual(childKeys.sort());

  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(20_000) });
  await expect(note(page)).toHaveAttribute("data-source", "kept");

  // A damaged entry among them is solved again.
  const entries = await keptEntries(page);
  await putEntry(page, childKeys[1], { ...entries[childKeys[1]], result: { ...entries[childKeys[1]].result, value: 30 } });
  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");

  // The opening's values come from the book, and the book's are not kept twice.
  await openWithValues(page, "");
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", OPENING, { timeout: budget(20_000) });
  await expect(note(page)).toHaveAttribute("data-source", "book");
  expect(Object.keys(await keptEntries(page))).not.toContain(keyOf(""));
});

test("a damaged or stale kept entry is dropped and solved again, never shown", async ({ page }) => {
  // One worker (two cores): it keeps the position's move values as one entry.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 }));
  await openWithValues(page, MIDGAME.record);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect.poll(async () => Object.keys(await keptEntries(page))).toContain(midgameKey);
  const sound = (await keptEntries(page))[midgameKey];
  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(20_000) });
  await expect(note(page)).toHaveAttribute("data-source", "kept");

  // Damaged: a value changed without its checksum.
  const damaged = structuredClone(sound);
  damaged.result.move_values["3"] = 40;
  damaged.result.value = 40;
  await putEntry(page, midgameKey, damaged);
  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
  await expect.poll(async () => (await keptEntries(page))[midgameKey]?.result).toEqual(sound.result);

  // Stale: kept by another version of the engine.
  await putEntry(page, midgameKey, { ...sound, version: "an older engine" });
  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
  await expect.poll(async () => (await keptEntries(page))[midgameKey]?.version).toBe(sound.version);

  // Not even the shape of an entry.
  await putEntry(page, midgameKey, { result: "x" });
  await page.reload();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
});

test("a game's link opened with Show move values on is solved before the page asks: the worker tells its values unasked", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 }));
  await openWithValues(page, "");
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", OPENING, { timeout: budget(20_000) });
  // Opened afresh with the choice kept: the worker, given the link as it starts, solves its
  // position while the page starts and tells the values without being asked.
  await page.goto("about:blank");
  await page.addInitScript(WORKER_PROBE);
  await openPage(page, `?mode=two&speed=instant#walak=1&moves=${MIDGAME.record}`);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
  expect((await page.evaluate(() => window.fromWorker)).map((m) => m.type)).toContain("foreseen");
  // And kept for the next visit.
  expect(Object.keys(await keptEntries(page))).toEqual([midgameKey]);
});

test("a solve no longer needed is dropped at once: the next position's values do not wait for it", async ({ page }) => {
  test.setTimeout(budget(120_000));
  // A position set up by hand that takes a browser far longer than this test waits to prove
  // (helpers.mjs says how far it is).
  const saved = JSON.stringify({ version: 1, options: { rounds: false, first: "south" }, mode: "two", side: "south",
    record: "", redo: "", start: UNPROVABLE });
  await seedSavedGame(page, saved);
  await page.addInitScript(WORKER_PROBE);
  await page.goto("./?speed=instant");
  await settled(page, { record: "" });
  await page.locator("#show-values").check();
  await expect(note(page)).toHaveText("Working out the exact value of each move…");
  // A worker has the question, and is at work on it.
  await expect.poll(() => page.evaluate(() => window.questionsOpen())).toBeGreaterThan(0);

  // A new game from the opening: its values (from the book, in the same worker) come at once,
  // though the worker was busy with the other position, which would have held them for the
  // minute a proof may take.
  await startNewGame(page, { mode: "two" });
  // (Not a budget of the run's: it must stay well below the minute the dropped proof would hold
  // the worker, however loaded the machine.)
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", OPENING, { timeout: 20_000 });
  // And the dropped solve never shows: once it has ended, the opening's values stay.
  await expect.poll(() => page.evaluate(() => window.questionsOpen()), { timeout: budget(20_000) }).toBe(0);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", OPENING);
});

test("a device with little memory gets a small solver table and still proves values", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "deviceMemory", { get: () => 1 }));
  await openWithValues(page, MIDGAME.record);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-table-mb", "8");
});

test("a device with plenty of memory gets a larger table", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "deviceMemory", { get: () => 8 }));
  await openWithValues(page, MIDGAME.record);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-table-mb", "64");
});

test("stepping through a game: while the values are read, the next positions' are worked out", async ({ page }) => {
  // The midgame with its next two moves still to be redone (walak solve 351415413: "2:0";
  // walak solve 3514154132: "1:-10,4:-6,5:0,6:-4,7:0").
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 }));
  await page.addInitScript(WORKER_PROBE);
  await openPage(page, `?mode=two&speed=instant#walak=1&moves=${MIDGAME.record}32&at=${MIDGAME.record.length}`);
  await page.locator("#show-values").check();
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  // Without going there, the next positions along the line are proved (and kept).
  const ahead = [`${MIDGAME.record}3`, `${MIDGAME.record}32`].map(keyOf);
  await expect.poll(async () => Object.keys(await keptEntries(page)), { timeout: budget(60_000) }).toEqual(expect.arrayContaining(ahead));
  // Gone there, their values are shown as they were worked out: nothing is asked of the solver again.
  const asked = () => page.evaluate(() => window.toWorker.filter((m) => m.type === "think").length);
  const before = await asked();
  await page.locator("#redo").click();
  await settled(page, { record: `${MIDGAME.record}3` });
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", "2:0");
  await page.locator("#redo").click();
  await settled(page, { record: `${MIDGAME.record}32` });
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", "1:-10,4:-6,5:0,6:-4,7:0");
  expect(await asked(), "questions to the solver after the positions ahead were worked out").toBe(before);
});

test("a game's link carries the values proved where it opens: opened with Show move values on, they show with the first board, then the page's own proof", async ({ page }) => {
  await openWithValues(page, MIDGAME.record);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await page.locator("#share").dispatchEvent("click");
  await expect(page.locator("#share-link")).toHaveValue(/values=/);
  const link = await page.locator("#share-link").inputValue();
  // By hole 1 to 7, x for a hole that cannot be played.
  expect(link).toMatch(/&values=x\.-2\.0\.x\.x\.-4\.-12$/);

  // Opened afresh, the choice kept: the first board drawn already writes the link's values.
  await page.goto("about:blank");
  await page.addInitScript(() => {
    window.firstValues = null;
    new MutationObserver(() => {
      const board = document.getElementById("board");
      if (window.firstValues === null && board?.dataset.moveValues) {
        window.firstValues = { values: board.dataset.moveValues, source: document.getElementById("values-note")?.dataset.source,
          firstBoard: performance.getEntriesByName("walak-first-board").length };
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-move-values"] });
  });
  await openPage(page, `?speed=instant${new URL(link).hash}`);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  expect(await page.evaluate(() => window.firstValues)).toEqual({ values: MIDGAME.values, source: "link", firstBoard: 1 });
  // Checked by the page's own proof (here kept from the first visit), which takes their place.
  await expect(note(page)).toHaveAttribute("data-source", "kept", { timeout: budget(60_000) });
  await expect(page.locator("#notice-text")).not.toContainText("move values");
});

test("a link written by hand with other values: the page's proof shows the true ones, and says so", async ({ page }) => {
  await openWithValues(page, "");
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", OPENING, { timeout: budget(20_000) });
  await page.goto("about:blank");
  await openPage(page, `?mode=two&speed=instant#walak=1&moves=${MIDGAME.record}&values=x.5.0.x.x.-4.-12`);
  await expect(page.locator("#board")).toHaveAttribute("data-move-values", MIDGAME.values, { timeout: budget(60_000) });
  await expect(note(page)).toHaveAttribute("data-source", "solved");
  await expect(page.locator("#notice-text")).toHaveText("The move values this link carried are not this position's: the values shown now are the ones proved here.");
  await expect(page.locator("#notice-new-game")).toBeHidden(); // the game is the link's, as it should be
  // A link whose values do not fit its position is refused, and nothing changes.
  await openPage(page, `?mode=two&speed=instant#walak=1&moves=${MIDGAME.record}&values=1.5.0.x.x.-4.-12`);
  await expect(page.locator("#notice-text")).toHaveText(/could not be opened: its move values must be 7, joined by dots/);
});
