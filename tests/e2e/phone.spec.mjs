// The board on phones: a whole game tapped in portrait, the board's size and its tap targets in
// both orientations and in the languages with the longest words and right-to-left script, a
// phone turned in the middle of a move, and what a tap on a hole that cannot be played says.
import {
  test, expect, ARTIFACTS, expectMatchesEngine, openPage, pause, phonePage, randomGame, readBoard, settled, shippedPuzzles, showControl,
  trackIndex, hold, pageTimePasses, waitForRecordLength, watchErrors, budget, tap,
  lessonSteps,
} from "./helpers.mjs";

const PORTRAIT = [[360, 640], [390, 844], [412, 915]];
const LANDSCAPE = [[640, 360], [844, 390]];

/** Where the board and its hole buttons lie, and whether anything spills out sideways. */
function measure(page) {
  return page.evaluate(() => {
    const rect = (el) => el.getBoundingClientRect().toJSON();
    return {
      board: rect(document.getElementById("board")),
      orientation: document.getElementById("board").dataset.orientation,
      holes: [...document.querySelectorAll("button.hole")].map(rect),
      firstRow: ["new-game", "undo", "hint", "skip", "more"].map((id) => rect(document.getElementById(id))),
      scrollWidth: document.documentElement.scrollWidth,
      view: [innerWidth, innerHeight],
    };
  });
}

function expectPhoneFit(m, label, { portrait }) {
  const [width, height] = m.view;
  expect(m.orientation, `${label}: the board's orientation`).toBe(portrait ? "portrait" : "landscape");
  expect(m.scrollWidth, `${label}: no sideways scrolling`).toBeLessThanOrEqual(width);
  if (portrait) expect(m.board.height, `${label}: the board is at least half the screen high`).toBeGreaterThanOrEqual(height / 2);
  for (const [i, hole] of m.holes.entries()) {
    expect(Math.min(hole.width, hole.height), `${label}: hole ${i}'s tap target`).toBeGreaterThanOrEqual(48);
    expect(hole.left, `${label}: hole ${i} left`).toBeGreaterThanOrEqual(0);
    expect(hole.right, `${label}: hole ${i} right`).toBeLessThanOrEqual(width + 0.5);
  }
  // The main actions are in view with the board, without scrolling.
  for (const button of m.firstRow) {
    expect(button.bottom, `${label}: the main actions are in view`).toBeLessThanOrEqual(height + 0.5);
    expect(button.height, `${label}: the main actions are big enough to tap`).toBeGreaterThanOrEqual(48);
  }
}

/** Taps hole `n` of the player to move and waits for the move to be made; returns the record before it. */
async function tapMove(page, n) {
  const { to_move: side, record } = await readBoard(page);
  await tap(page.locator(`button.hole[data-hole="${trackIndex(side, n)}"]`));
  await waitForRecordLength(page, record.length + 1);
  return record;
}

test("a whole game tapped on a phone in portrait, every position the engine's", async ({ browser }) => {
  // As long as a whole game clicked on a desktop (play.spec.mjs): some forty taps, each checked.
  test.setTimeout(budget(90_000));
  const { context, page, errors } = await phonePage(browser, PORTRAIT[0]);
  await openPage(page, "?mode=two&speed=instant");
  const moves = await randomGame(page, { seed: 31, minMoves: 30, maxMoves: 400 });
  for (const n of moves) {
    const record = await tapMove(page, n);
    const shown = await expectMatchesEngine(page, { mode: "two" });
    expect(shown.record, "the record after the tap").toBe(record + n);
  }
  expect((await readBoard(page)).status).toBe("game_over");
  await page.screenshot({ path: `${ARTIFACTS}phone-game-over-360.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

for (const lang of ["en", "si", "th", "ur"]) {
  test(`the board fits phones in both orientations, with targets of 48 px (${lang})`, async ({ browser }) => {
    test.setTimeout(budget(90_000));
    // One phone, given each size in turn and opening the page afresh at it: each time a first
    // visit, as nothing is remembered from the one before.
    const { context, page, errors } = await phonePage(browser, PORTRAIT[0]);
    await page.addInitScript(() => localStorage.clear());
    for (const size of [...PORTRAIT, ...LANDSCAPE]) {
      await page.setViewportSize({ width: size[0], height: size[1] });
      await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
      const portrait = size[1] > size[0];
      expectPhoneFit(await measure(page), `${lang} ${size.join("×")}`, { portrait });
      if (lang !== "en" || size[0] === 360) {
        await page.screenshot({ path: `${ARTIFACTS}phone-${lang}-${size.join("x")}.png` });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("a phone turned in the middle of a move redraws at once and loses nothing", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=slow");
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  await tap(page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`));
  await expect(board).toHaveAttribute("data-animating", "true");
  await page.setViewportSize({ width: 844, height: 390 });
  // Turned while the move is still being shown: the long board at once, the move going on.
  await expect(board).toHaveAttribute("data-orientation", "landscape");
  expect(await board.getAttribute("data-animating")).toBe("true");
  expectPhoneFit(await measure(page), "turned to landscape", { portrait: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(board).toHaveAttribute("data-orientation", "portrait");
  await page.locator("#skip").tap();
  await settled(page, { record: "3" });
  await expectMatchesEngine(page, { mode: "two" });
  expectPhoneFit(await measure(page), "turned back", { portrait: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("a tap on a hole that cannot be played says why", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openPage(page, "?mode=two&speed=instant");
  const said = page.locator("#tap-said");
  // A hole that cannot be played is marked aria-disabled, yet a finger can still tap it.
  const tapRefused = (side, n) => tap(page.locator(`button.hole[data-hole="${trackIndex(side, n)}"]`), { force: true });
  await tapRefused("north", 2);
  await expect(said).toBeVisible();
  await expect(said).toHaveText("North's hole: it is South's turn.");
  await page.screenshot({ path: `${ARTIFACTS}phone-refused-360.png` });
  // South plays hole 1, which leaves it empty; North plays; South's hole 1 is then empty.
  await tap(page.locator(`button.hole[data-hole="${trackIndex("south", 1)}"]`));
  await settled(page, { record: "1" });
  await expect(said).toBeHidden();
  const { legal } = await readBoard(page);
  await tap(page.locator(`button.hole[data-hole="${trackIndex("north", legal[0])}"]`));
  await settled(page, { record: `1${legal[0]}` });
  const { board, to_move: side } = await readBoard(page);
  const empty = [1, 2, 3, 4, 5, 6, 7].find((n) => board[trackIndex(side, n)] === 0);
  expect(empty, `an empty hole of ${side}'s after "1${legal[0]}"`).toBeDefined();
  await tapRefused(side, empty);
  await expect(said).toHaveText("This hole is empty.");
  // Nothing was played by the refused taps.
  expect((await readBoard(page)).record).toBe(`1${legal[0]}`);
  // Said in the page's language, right to left in Urdu.
  await page.locator("#language").selectOption("ur");
  // Once Urdu's words have loaded: a tap before then is still answered in English.
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await tapRefused(side === "south" ? "north" : "south", 1);
  await expect(said).toContainText("باری");
  expect(errors).toEqual([]);
  await context.close();
});


test("holding a hole shows where its move ends; with tap-twice on, a first tap only shows", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=instant");
  const hole3 = page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`);
  await hold(page, hole3, 700);
  await expect(page.locator("#preview")).toContainText(/hole 3/i);
  // Deliberately a moment of nothing: a lifted finger that played would have started the move.
  await pause(page, 200);
  await settled(page);
  expect((await readBoard(page)).record, "a hold plays nothing").toBe("");
  // A plain tap plays at once.
  await tap(hole3);
  await settled(page, { record: "3" });

  await (await showControl(page, "#confirm-taps")).check();
  const { legal } = await readBoard(page);
  const north = page.locator(`button.hole[data-hole="${trackIndex("north", legal[0])}"]`);
  await tap(north);
  await expect(page.locator("#preview")).toContainText(/again/);
  expect((await readBoard(page)).record, "a first tap only shows").toBe("3");
  await tap(north);
  await settled(page, { record: `3${legal[0]}` });
  // The choice is remembered.
  await page.reload();
  await expect(page.locator("#confirm-taps")).toBeChecked();
  expect(errors).toEqual([]);
  await context.close();
});

test("a quick tap that a busy page hears of late is still a tap, not a hold", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page, "?mode=two&speed=instant");
  const box = await page.locator(`button.hole[data-hole="${trackIndex("south", 3)}"]`).boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await context.newCDPSession(page);
  // The finger is down for 50 ms, but the page runs the hold's timer (0.38 s) before it hears
  // of the finger's lifting, as a busy device may.
  const down = Date.now() / 1000;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point], timestamp: down });
  await pageTimePasses(page, 600);
  await expect(page.locator("#preview")).toContainText(/hole 3/i);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: down + 0.05 });
  await settled(page, { record: "3" });
  expect(errors).toEqual([]);
  await context.close();
});

test("on a phone the controls past the main row open under More", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openPage(page, "?mode=two&speed=instant");
  for (const id of ["#new-game", "#undo", "#hint", "#skip", "#more"]) await expect(page.locator(id)).toBeVisible();
  for (const id of ["#share", "#rules-button", "#speed", "#redo"]) await expect(page.locator(id)).toBeHidden();
  await expect(page.locator("#more")).toHaveAttribute("aria-expanded", "false");
  await page.locator("#more").tap();
  await expect(page.locator("#more")).toHaveAttribute("aria-expanded", "true");
  for (const id of ["#share", "#rules-button", "#speed", "#redo"]) await expect(page.locator(id)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${ARTIFACTS}phone-more-360.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

/** Every size the board's canvas takes from now on, kept in the page as "width×height" (CSS px). */
async function watchBoardSize(page) {
  await page.evaluate(() => {
    window.boardSizes = new Set();
    const canvas = document.getElementById("board");
    const note = () => {
      const { width, height } = canvas.getBoundingClientRect();
      window.boardSizes.add(`${width}×${height}`);
    };
    note();
    window.boardSizeWatch?.disconnect();
    window.boardSizeWatch = new ResizeObserver(note);
    window.boardSizeWatch.observe(canvas);
  });
}

/** The sizes the board took since `watchBoardSize`: at most a pixel apart, else the board jumped. */
async function expectSteadyBoard(page, label) {
  // The last change has been seen by the observer.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const sizes = await page.evaluate(() => [...window.boardSizes].map((s) => s.split("×").map(Number)));
  const spread = (i) => Math.max(...sizes.map((s) => s[i])) - Math.min(...sizes.map((s) => s[i]));
  expect.soft(Math.max(spread(0), spread(1)), `${label}: the board's sizes ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(1);
}

// One test a phone, so that the three may run side by side.
for (const size of PORTRAIT) {
  test(`the board keeps its size through a game, the lesson and three puzzles, as the words change (${size.join("×")})`, async ({ browser }) => {
    test.setTimeout(budget(90_000));
    const puzzles = shippedPuzzles();
    const { context, page, errors } = await phonePage(browser, size);
    const label = size.join("×");
    // A whole game, tapped: the status says each move, its captures, and at last the result.
    await openPage(page, "?mode=two&speed=instant");
    await watchBoardSize(page);
    // A random game that ends after ten moves, on each of three phones.
    const moves = await randomGame(page, { seed: 13, minMoves: 10, maxMoves: 400 });
    for (const n of moves) await tapMove(page, n);
    expect((await readBoard(page)).status).toBe("game_over");
    await expectSteadyBoard(page, `${label}: a whole game`);

    // The lesson: in each step a wrong move, its explanation, taken back, then the right one.
    await openPage(page, "?lesson=1&speed=instant");
    const steps = await lessonSteps();
    await expect(page.locator("#lesson")).toHaveAttribute("data-state", "ready");
    await watchBoardSize(page);
    const lesson = page.locator("#lesson");
    for (const [i, step] of steps.entries()) {
      await expect(lesson).toHaveAttribute("data-step", String(i + 1));
      await expect(lesson).toHaveAttribute("data-state", "ready");
      await settled(page);
      const row = step.setup.board.slice(0, 7);
      const wrong = [1, 2, 3, 4, 5, 6, 7].find((n) => n !== step.hole && row[n - 1] > 0);
      if (wrong !== undefined) {
        await tap(page.locator(`button.hole[data-hole="${trackIndex("south", wrong)}"]`));
        await expect(lesson).toHaveAttribute("data-state", /wrong|done/);
        if ((await lesson.getAttribute("data-state")) === "wrong") await page.locator("#lesson-retry").tap();
        else await page.locator("#lesson-restart").tap();
        await expect(lesson).toHaveAttribute("data-state", "ready");
        await settled(page);
      }
      await tap(page.locator(`button.hole[data-hole="${trackIndex("south", step.hole)}"]`));
      await expect(lesson).toHaveAttribute("data-state", "done");
      if (i < steps.length - 1) await page.locator("#lesson-next").tap();
    }
    await expect(page.locator("#lesson-said")).toContainText("Lesson complete");
    await expectSteadyBoard(page, `${label}: the lesson`);
    await page.screenshot({ path: `${ARTIFACTS}phone-steady-lesson-${label}.png` });

    // Three puzzles: a wrong answer, a right one, and a wrong one again, each said and valued.
    await openPage(page, `?speed=instant#walak=1&puzzle=${puzzles[0].id}`);
    const panel = page.locator("#puzzle");
    await expect(panel).toHaveAttribute("data-state", "ready");
    await watchBoardSize(page);
    for (const k of [0, 1, 2]) {
      await expect(panel).toHaveAttribute("data-state", "ready");
      await settled(page);
      const id = await panel.getAttribute("data-id");
      const puzzle = puzzles.find((p) => p.id === id);
      const hole = k === 1 ? puzzle.best : [...puzzle.values.keys()].find((h) => h !== puzzle.best);
      const { to_move: side } = await readBoard(page);
      await tap(page.locator(`button.hole[data-hole="${trackIndex(side, hole)}"]`));
      await expect(panel).toHaveAttribute("data-state", "done", { timeout: budget(20_000) });
      await expect(page.locator("#puzzle-values li")).toHaveCount(puzzle.values.size);
      if (k < 2) await page.locator("#puzzle-next").tap();
    }
    await expectSteadyBoard(page, `${label}: three puzzles`);
    await page.screenshot({ path: `${ARTIFACTS}phone-steady-puzzle-${label}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}

/** The board's pixels (RGBA) inside `box` ({x, y, w, h} in the canvas's own pixels). */
function boardPixels(page, box) {
  return page.evaluate(({ x, y, w, h }) => [...document.getElementById("board").getContext("2d").getImageData(x, y, w, h).data], box);
}

test("the main buttons stay in view and in place as the status says each move", async ({ browser }) => {
  test.setTimeout(budget(90_000));
  // The shortest phone in English, and Malayalam's long sentences on a taller one: a sentence
  // longer than the room kept for it is set smaller rather than pushing the buttons down.
  for (const [size, lang] of [[[360, 640], "en"], [[390, 844], "ml"]]) {
    const { context, page, errors } = await phonePage(browser, size);
    const label = `${size.join("×")} ${lang}`;
    await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
    // Thirty moves of a game: the statuses of moves that capture, relay and do neither.
    const moves = await randomGame(page, { seed: 7, minMoves: 31, maxMoves: 31 });
    const bottoms = new Set();
    for (const n of moves.slice(0, 30)) {
      await tapMove(page, n);
      bottoms.add(Math.round((await page.locator("#new-game").boundingBox()).y * 2) / 2);
    }
    const [low, high] = [Math.min(...bottoms), Math.max(...bottoms)];
    expect(high - low, `${label}: where New game stood, move by move: ${[...bottoms]}`).toBeLessThanOrEqual(1);
    const box = await page.locator("#new-game").boundingBox();
    expect(box.y + box.height, `${label}: New game in view`).toBeLessThanOrEqual(size[1]);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("on the turned board a full reserve's seeds leave its side's name clear", async ({ browser }) => {
  // The same position twice but for South's reserve, empty, then holding 50 seeds late in a game.
  const link = (reserves) => `?mode=two&speed=instant#walak=1&board=1.0.0.0.0.0.1.1.0.0.0.0.0.1&reserves=${reserves}&turn=south`;
  const { context, page: empty, errors } = await phonePage(browser, [390, 844]);
  await openPage(empty, link("0.52"));
  await expect(empty.locator("#board")).toHaveAttribute("data-orientation", "portrait");
  // Where South's name is written: in its reserve, at the top of the unturned board above the
  // holes, in light letters on the dark wood (the empty reserve's 0 is dimmed).
  const name = await empty.evaluate(() => {
    const canvas = document.getElementById("board");
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const holesTop = Math.min(...[...document.querySelectorAll("button.hole")].map((b) => b.getBoundingClientRect().top));
    const rows = Math.floor((holesTop - canvas.getBoundingClientRect().top) * scale);
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, rows).data;
    let found = null;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < canvas.width; x++) {
        const i = 4 * (y * canvas.width + x);
        if (pixels[i] < 225 || pixels[i + 1] < 210 || pixels[i + 2] < 185) continue;
        found ??= { left: x, right: x, top: y, bottom: y };
        Object.assign(found, { left: Math.min(found.left, x), right: Math.max(found.right, x), bottom: y });
      }
    }
    return found;
  });
  expect(name, "South's name found on the board").not.toBeNull();
  // The name's box, and a little room around it: the same pixels with the reserve full as empty.
  const pad = 6;
  const box = { x: name.left - pad, y: name.top - pad, w: name.right - name.left + 2 * pad, h: name.bottom - name.top + 2 * pad };
  const full = await context.newPage();
  const fullErrors = watchErrors(full);
  await openPage(full, link("50.2"));
  expect((await readBoard(full)).reserves).toEqual([50, 2]);
  const [clear, crowded] = [await boardPixels(empty, box), await boardPixels(full, box)];
  const differ = clear.filter((v, i) => v !== crowded[i]).length;
  expect(differ, "pixels of South's name changed by the seeds in its reserve").toBe(0);
  await full.screenshot({ path: `${ARTIFACTS}phone-full-reserve-390.png` });
  expect([...errors, ...fullErrors]).toEqual([]);
  await context.close();
});

test("a touch screen's More offers no Keyboard help; a screen with a keyboard and a mouse keeps it", async ({ browser, page }) => {
  const { context, page: phone, errors } = await phonePage(browser, [390, 844]);
  await openPage(phone, "?mode=two&speed=instant");
  await phone.locator("#more").tap();
  await expect(phone.locator("#rules-button")).toBeVisible();
  await expect(phone.locator("#keys-button")).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();

  // A small window on a computer: More has it, and ? opens it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#more").click();
  await expect(page.locator("#keys-button")).toBeVisible();
  await page.locator("#keys-button").click();
  await expect(page.locator("#keys-dialog")).toBeVisible();
});
