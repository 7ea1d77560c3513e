// The Embed dialog's code on a phone: by default the frame follows the width of the page it is in
// and keeps its shape, a wide one for the long board and a tall one where the board stands upright
// with holes big enough for a finger, and on a phone's page never so flat that the holes crowd; a
// fixed size still writes its pixels; the dialog's preview shows what a phone's visitor gets; and
// the lesson and the puzzles, in shapes with room for their panel, their board keeping its size.
import {
  test, expect, ARTIFACTS, openHost, openPage, parseBoard, playMove, showControl, trackIndex, watchErrors, budget,
  lessonSteps,
} from "./helpers.mjs";

// A finger's target, in CSS pixels.
const FINGER = 48;
const PHONE = { width: 360, height: 800 };

/** The Embed dialog's code, read as the teacher copies it. */
const dialogCode = (page) => page.inputValue("#embed-code");

/** The attributes of the code's iframe. */
function attributes(code) {
  const tag = code.match(/<iframe\s([^>]*)>/)[1];
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
}

/** The iframe's inline style, as property → value. */
const styleOf = (code) =>
  Object.fromEntries(attributes(code).style.split(";").map((rule) => rule.split(":").map((part) => part.trim())).filter(([p]) => p));

/** Opens the Embed dialog on a game of a few moves, in the language `lang`. */
async function openDialog(page, lang = "en") {
  await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
  await playMove(page, 3);
  await playMove(page, 5);
  await (await showControl(page, "#embed-button")).click();
  await expect(page.locator("#embed-dialog")).toBeVisible();
}

/** How a frame of the code sits in its host page's column, and how the embed sits in the frame. */
async function measureHosted(page, id, frame) {
  const outside = await page.locator(`div#${id}`).evaluate((column) => ({
    column: column.clientWidth,
    frame: column.querySelector("iframe").getBoundingClientRect().toJSON(),
    hostScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }));
  const inside = await frame.evaluate(() => {
    const root = document.documentElement;
    const rect = (el) => el.getBoundingClientRect().toJSON();
    return {
      view: [innerWidth, innerHeight],
      scroll: [root.scrollWidth, root.scrollHeight, root.clientWidth, root.clientHeight],
      orientation: document.getElementById("board").dataset.orientation,
      canvas: rect(document.getElementById("board")),
      bar: rect(document.querySelector(".embed-bar")),
      status: rect(document.getElementById("status")),
      holes: [...document.querySelectorAll("button.hole")].map(rect),
    };
  });
  return { ...outside, ...inside };
}

/** The whole board and its bar inside the frame, nothing cut off and no scrollbar. */
function expectWhole(m, label) {
  const [width, height] = m.view;
  const [scrollWidth, scrollHeight, clientWidth, clientHeight] = m.scroll;
  expect(scrollWidth, `${label}: no horizontal scrollbar in the frame`).toBeLessThanOrEqual(clientWidth);
  expect(scrollHeight, `${label}: no vertical scrollbar in the frame`).toBeLessThanOrEqual(clientHeight);
  expect(m.hostScrolls, `${label}: the host page does not scroll sideways`).toBe(false);
  for (const [what, r] of [["canvas", m.canvas], ["bar", m.bar], ["status", m.status], ...m.holes.map((h, i) => [`hole ${i}`, h])]) {
    expect(r.left, `${label}: ${what} left`).toBeGreaterThanOrEqual(0);
    expect(r.top, `${label}: ${what} top`).toBeGreaterThanOrEqual(0);
    expect(r.right, `${label}: ${what} right`).toBeLessThanOrEqual(width + 0.5);
    expect(r.bottom, `${label}: ${what} bottom`).toBeLessThanOrEqual(height + 0.5);
  }
  expect(m.holes.length).toBe(14);
}

const smallestHole = (m) => Math.min(...m.holes.map((h) => Math.min(h.width, h.height)));

test("the default code follows the page's width: as wide as a phone's column, its widest on a wide page", async ({ page, baseURL }) => {
  test.slow(); // two hosts' worth of frames, measured and resized
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDialog(page);
  // Wide by default: no fixed size, the width of the page up to 640 px, the long board's shape.
  await expect(page.locator('input[name="embed-shape"][value="wide"]')).toBeChecked();
  await expect(page.locator("#embed-width")).toBeDisabled();
  const wide = await dialogCode(page);
  expect(attributes(wide)).not.toHaveProperty("width");
  expect(attributes(wide)).not.toHaveProperty("height");
  // On a phone's page (narrower than 600 px) never less than 420 px high, for the upright board.
  const narrow = "clamp(0px, (600px - 100vw) * 100, 420px)";
  expect(styleOf(wide)).toEqual({
    width: "100%", "max-width": "640px", height: "auto", "aspect-ratio": "16 / 7", "min-height": narrow, border: "0",
  });
  await page.check('input[name="embed-shape"][value="tall"]');
  const tall = await dialogCode(page);
  expect(styleOf(tall)).toEqual({
    width: "100%", "max-width": "400px", height: "auto", "aspect-ratio": "3 / 5", "min-height": narrow, border: "0",
  });
  // Only the frame's size changed.
  expect(attributes(tall).src).toBe(attributes(wide).src);
  await page.click("#embed-close");

  // A page on a phone: each frame is as wide as the column, as high as its shape says but never
  // less than 420 px, its board upright.
  await page.setViewportSize(PHONE);
  const { frames } = await openHost(page, baseURL, [{ id: "wide", code: wide }, { id: "tall", code: tall }]);
  const sizes = {};
  for (const [id, [across, down]] of [["wide", [16, 7]], ["tall", [3, 5]]]) {
    const m = await measureHosted(page, id, frames[id]);
    expect(m.column, "the host's column").toBe(PHONE.width - 16);
    expect(m.frame.width, `${id}: as wide as the column`).toBeCloseTo(m.column, 0);
    expect(m.frame.height, `${id}: its shape kept, 420 px at least`).toBeCloseTo(Math.max((m.column * down) / across, 420), 0);
    await expect(async () => expectWhole(await measureHosted(page, id, frames[id]), `${id} at ${PHONE.width} px`)).toPass();
    sizes[id] = smallestHole(m);
    expect((await measureHosted(page, id, frames[id])).orientation).toBe("portrait");
  }
  // The tall frame's board stands upright, every hole a finger's size.
  expect(sizes.tall, "the tall frame's smallest hole").toBeGreaterThanOrEqual(FINGER);
  // The board still plays: a tap on a hole of the upright board.
  const { record, legal, to_move: toMove } = parseBoard(await frames.tall.locator("#board").evaluate((b) => ({ ...b.dataset })));
  await frames.tall.locator(`button.hole[data-hole="${trackIndex(toMove, legal[0])}"]`).click();
  await expect(frames.tall.locator("#board")).toHaveAttribute("data-record", `${record}${legal[0]}`);
  await page.screenshot({ path: `${ARTIFACTS}embed-phone-host-360.png`, fullPage: true });
  test.info().annotations.push({ type: "holes at 360 px", description: `wide ${sizes.wide} px, tall ${sizes.tall} px` });

  // A wide page: each frame is its widest, and still whole.
  await page.setViewportSize({ width: 1200, height: 1000 });
  for (const [id, widest, high] of [["wide", 640, 280], ["tall", 400, 667]]) {
    await expect.poll(async () => Math.round((await measureHosted(page, id, frames[id])).frame.width)).toBe(widest);
    const m = await measureHosted(page, id, frames[id]);
    expect(m.frame.height, `${id}: its shape kept`).toBeCloseTo(high, 0);
    await expect(async () => expectWhole(await measureHosted(page, id, frames[id]), `${id} at 1200 px`)).toPass();
  }
  await page.screenshot({ path: `${ARTIFACTS}embed-phone-host-1200.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("a fixed size writes exact pixels, and says a size the code cannot use", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDialog(page);
  await page.check('input[name="embed-shape"][value="fixed"]');
  await expect(page.locator("#embed-width")).toBeEnabled();
  let code = await dialogCode(page);
  expect([attributes(code).width, attributes(code).height]).toEqual(["640", "280"]);
  expect(styleOf(code)).toEqual({ border: "0", "max-width": "100%" });
  await page.fill("#embed-width", "500");
  await page.fill("#embed-height", "300");
  code = await dialogCode(page);
  expect([attributes(code).width, attributes(code).height]).toEqual(["500", "300"]);
  await page.fill("#embed-height", "5000");
  await expect(page.locator("#embed-said")).toHaveText(
    "Width and height must be from 120 to 4,000 pixels; until then the code uses 500 × 280.");
  await expect(page.locator("#embed-height")).toHaveAttribute("aria-invalid", "true");
  // A frame that follows the page has no use for the fields: a size refused there is not said.
  await page.check('input[name="embed-shape"][value="tall"]');
  await expect(page.locator("#embed-height")).toBeDisabled();
  await expect(page.locator("#embed-height")).toHaveAttribute("aria-invalid", "false");
  await expect(page.locator("#embed-said")).toHaveText("");
  expect(attributes(await dialogCode(page))).not.toHaveProperty("height");
  // Back to the fixed size, the fields as they were.
  await page.check('input[name="embed-shape"][value="fixed"]');
  await expect(page.locator("#embed-said")).toContainText("from 120 to 4,000 pixels");
});

/** The preview frame's own page: its width and its board's orientation, and the shown size. */
async function previewShown(page) {
  const frame = await (await page.$("#embed-preview")).contentFrame();
  await frame.waitForFunction(() => document.getElementById("board")?.dataset.status === "playing");
  const inside = await frame.evaluate(() => ({
    view: [innerWidth, innerHeight],
    orientation: document.getElementById("board").dataset.orientation,
    scroll: document.documentElement.scrollHeight <= document.documentElement.clientHeight,
  }));
  const box = await page.locator("#embed-preview-box").evaluate((el) => ({
    shown: el.getBoundingClientRect().toJSON(),
    room: el.parentElement.clientWidth,
    column: el.firstElementChild.offsetWidth,
  }));
  return { frame, ...inside, ...box };
}

test("the preview shows the frame on a wide screen or on a phone 360 px wide, scaled to the dialog", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDialog(page);
  await expect(page.locator('input[name="embed-preview-on"][value="wide"]')).toBeChecked();
  let shown = await previewShown(page);
  expect(shown.view, "a wide frame at its widest").toEqual([640, 280]);
  expect(shown.orientation).toBe("landscape");
  expect(shown.shown.width).toBeLessThanOrEqual(shown.room + 0.5);

  // On a phone the wide frame is the phone's width, 420 px high: its board upright.
  await page.evaluate(() => (document.getElementById("embed-preview").contentWindow.kept = true));
  await page.check('input[name="embed-preview-on"][value="phone"]');
  await expect.poll(async () => (await previewShown(page)).view[0]).toBe(360);
  shown = await previewShown(page);
  expect(shown.view[1]).toBe(420);
  expect(shown.column).toBe(360);
  expect(shown.orientation).toBe("portrait");
  // Only its layout changed: the same game, not loaded again.
  expect(await shown.frame.evaluate(() => window.kept)).toBe(true);

  // The tall frame on a phone: the board upright.
  await page.check('input[name="embed-shape"][value="tall"]');
  await expect.poll(async () => (await previewShown(page)).view[1]).toBe(600);
  shown = await previewShown(page);
  expect(shown.orientation).toBe("portrait");
  expect(shown.scroll, "no scrollbar in the preview").toBe(true);
  const scale = shown.shown.width / 360;
  expect(scale).toBeLessThanOrEqual(1);
  expect(shown.shown.height).toBeCloseTo(600 * scale, 0);
  await page.screenshot({ path: `${ARTIFACTS}embed-phone-dialog-1280.png` });

  // On a wide screen the tall frame is its widest.
  await page.check('input[name="embed-preview-on"][value="wide"]');
  await expect.poll(async () => (await previewShown(page)).view[0]).toBe(400);
  expect((await previewShown(page)).view[1]).toBeCloseTo((400 * 5) / 3, -0.5);
  expect(errors).toEqual([]);
});

for (const lang of ["en", "ur"]) {
  test(`the Embed dialog fits a 360×640 phone, its phone preview scaled down (${lang})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL, viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDialog(page, lang);
    await page.check('input[name="embed-shape"][value="tall"]');
    await page.check('input[name="embed-preview-on"][value="phone"]');
    await expect.poll(async () => (await previewShown(page)).view).toEqual([360, 600]);
    const shown = await previewShown(page);
    expect(shown.orientation).toBe("portrait");
    expect(shown.shown.width, "scaled down to the dialog").toBeLessThanOrEqual(shown.room + 0.5);
    expect(shown.shown.left).toBeGreaterThanOrEqual(0);
    expect(shown.shown.right).toBeLessThanOrEqual(360);
    const overflow = await page.locator("#embed-dialog").evaluate((dialog) => ({
      right: dialog.getBoundingClientRect().right,
      wide: [...dialog.querySelectorAll("*")]
        .filter((el) => !el.closest(".embed-preview-page") && el.getBoundingClientRect().right > dialog.getBoundingClientRect().right + 0.5)
        .map((el) => el.id || el.className || el.tagName),
      scrolls: dialog.scrollWidth > dialog.clientWidth,
      pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    }));
    expect(overflow.right).toBeLessThanOrEqual(360);
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrolls, "no horizontal scrolling in the dialog").toBe(false);
    expect(overflow.pageScrolls).toBe(false);
    // The buttons stay at hand.
    await expect(page.locator("#embed-copy")).toBeInViewport();
    await expect(page.locator("#embed-close")).toBeInViewport();
    await page.screenshot({ path: `${ARTIFACTS}embed-phone-dialog-360-${lang}.png` });
    await page.locator("#embed-preview-box").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}embed-phone-dialog-360-${lang}-preview.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("the sizes and the phone are said in the page's language, their pixels too, and follow a change of it", async ({ page }) => {
  const th = (await import("../../www/i18n/th.js")).default;
  const fill = (text, width) => text.replace("{width}", String(width));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDialog(page);
  const label = (name, value) => page.locator(`label:has(> input[name="${name}"][value="${value}"])`);
  await expect(label("embed-shape", "wide")).toHaveText("Wide: as wide as the page, up to 640 pixels");
  await expect(label("embed-preview-on", "phone")).toHaveText("Phone, 360 pixels wide");
  await page.click("#embed-close");
  await page.locator("#language").selectOption("th");
  await page.click("#embed-button");
  await expect(label("embed-shape", "wide")).toHaveText(fill(th["embedDialog.shapeWide"], 640));
  await expect(label("embed-shape", "tall")).toHaveText(fill(th["embedDialog.shapeTall"], 400));
  await expect(label("embed-shape", "fixed")).toHaveText(th["embedDialog.shapeFixed"]);
  await expect(label("embed-preview-on", "phone")).toHaveText(fill(th["embedDialog.previewPhone"], 360));
  await expect(page.locator("#embed-preview-title")).toHaveText(th["embedDialog.preview"]);
});

/** The code of the Embed dialog for `show` in `shape`, quick to play in a test (instant moves). */
async function codeFor(page, show, shape = "wide") {
  await page.check(`input[name="embed-show"][value="${show}"]`);
  await page.check(`input[name="embed-shape"][value="${shape}"]`);
  return (await dialogCode(page)).replace("embed=1", "embed=1&amp;speed=instant");
}

/** The address of the code's frame, as the browser reads it. */
const srcOf = (code) => attributes(code).src.replaceAll("&amp;", "&");

/** The board's size in a frame, in CSS px. */
const boardSize = (frame) => frame.locator("#board").evaluate((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height]);

/** In a lesson's frame: a wrong move of its first step, explained; the board's sizes before and after. */
async function wrongMoveInLesson(frame) {
  const lesson = frame.locator("#lesson");
  await expect(lesson).toHaveAttribute("data-state", "ready");
  const before = await boardSize(frame);
  const step = (await lessonSteps())[0];
  const wrong = [1, 2, 3, 4, 5, 6, 7].find((n) => n !== step.hole && step.setup.board[n - 1] > 0);
  await frame.locator(`button.hole[data-hole="${trackIndex("south", wrong)}"]`).click();
  await expect(lesson).toHaveAttribute("data-state", /wrong|done/);
  await expect(frame.locator("#lesson-said")).not.toBeEmpty();
  return { before, after: await boardSize(frame) };
}

test("the dialog offers the lesson and the puzzles, in shapes with room for their panel; the board keeps its size", async ({ page, baseURL }) => {
  test.slow();
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDialog(page);
  const lesson = await codeFor(page, "lesson");
  expect(srcOf(lesson)).toMatch(/[?&]lesson=1(&|$)/);
  expect(srcOf(lesson)).not.toContain("#");
  expect(attributes(lesson).title).toContain("lesson");
  expect(styleOf(lesson)).toMatchObject({ "max-width": "640px", "aspect-ratio": "4 / 3" });
  await expect(page.locator("#embed-view")).toBeDisabled();
  // The preview shows the lesson itself.
  await expect(page.frameLocator("#embed-preview").locator("#lesson")).toBeVisible();
  const puzzle = await codeFor(page, "puzzle");
  expect(srcOf(puzzle)).toMatch(/[?&]puzzles=1(&|$)/);
  expect(attributes(puzzle).title).toContain("puzzles");
  expect(styleOf(await codeFor(page, "puzzle", "tall"))).toMatchObject({ "max-width": "400px", "aspect-ratio": "9 / 16" });
  await page.click("#embed-close");

  // On a wide page: the lesson's and the puzzles' frames, and the lesson in the game's old 640×280.
  const { frames } = await openHost(page, baseURL, [
    { id: "lesson", code: lesson }, { id: "puzzle", code: puzzle }, { id: "flat", src: srcOf(lesson), width: 640, height: 280 },
  ]);
  await expect(frames.puzzle.locator("#puzzle")).toHaveAttribute("data-state", "ready", { timeout: budget(20_000) });
  for (const id of ["lesson", "puzzle"]) {
    const m = await measureHosted(page, id, frames[id]);
    expect(smallestHole(m), `${id}: the smallest hole`).toBeGreaterThanOrEqual(FINGER);
  }
  for (const id of ["lesson", "flat"]) {
    const { before, after } = await wrongMoveInLesson(frames[id]);
    expect(after, `${id}: the board's size after a wrong move's explanation`).toEqual(before);
  }
  await page.screenshot({ path: `${ARTIFACTS}embed-trainers-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("in a phone's 300 px column every embed stands its board upright, its holes 40 px or more", async ({ page, baseURL }) => {
  test.slow();
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDialog(page);
  const codes = [];
  for (const show of ["game", "lesson", "puzzle"]) codes.push({ id: show, code: await codeFor(page, show) });
  await page.click("#embed-close");
  // The host's body has a margin of 8 px: its column is 300 px wide.
  await page.setViewportSize({ width: 316, height: 800 });
  const { frames } = await openHost(page, baseURL, codes);
  await expect(frames.puzzle.locator("#puzzle")).toHaveAttribute("data-state", "ready", { timeout: budget(20_000) });
  for (const { id } of codes) {
    await page.locator(`div#${id}`).scrollIntoViewIfNeeded();
    const m = await measureHosted(page, id, frames[id]);
    expect(m.column, "the host's column").toBe(300);
    expect(m.orientation, `${id}: the board upright`).toBe("portrait");
    expect(smallestHole(m), `${id}: the smallest hole`).toBeGreaterThanOrEqual(38);
  }
  const { before, after } = await wrongMoveInLesson(frames.lesson);
  expect(after, "the lesson's board after a wrong move's explanation").toEqual(before);
  await page.screenshot({ path: `${ARTIFACTS}embed-column-300.png`, fullPage: true });
  expect(errors).toEqual([]);
});
