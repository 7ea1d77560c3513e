// The dialogs on a phone (dialogs.js, the dialog styles in style.css): each fits the screen in
// any language, its content scrolling inside while its actions stay in view; a tap outside and the
// Back button close it where that loses nothing, and change nothing else; Share offers the system's
// share sheet where there is one.
import { test, expect, closeDialog, openPage, playMove, readBoard, settled } from "./helpers.mjs";

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

/** A point on the dimmed page above a phone's dialog sheet. */
const OUTSIDE = { x: 180, y: 12 };

/**
 * Presses a control of the page. On a phone some controls are folded away behind "More"; how they
 * are laid out is not what these tests are about, so a folded one gets its click straight.
 */
async function press(page, id) {
  const control = page.locator(id);
  if (await control.isVisible()) await control.click();
  else await control.dispatchEvent("click");
}

// Each dialog: how it opens, its primary action(s) and its Close or Cancel.
const DIALOGS = {
  "new-game-dialog": { open: (page) => press(page, "#new-game"), actions: ["#start-game", "button[value=cancel]"] },
  rules: { open: (page) => press(page, "#rules-button"), actions: [".rules-close button"] },
  "share-dialog": { open: (page) => press(page, "#share"), actions: ["#share-copy", "button[type=submit]"] },
  "position-dialog": {
    open: async (page) => {
      await press(page, "#new-game");
      await page.click("#new-game-position");
    },
    actions: ["#position-play", "button[value=cancel]"],
  },
};

/** How the dialog `id` sits in the window, and whether each of its `actions` is in view and on top. */
function measure(page, id, actions) {
  return page.evaluate(([id, actions]) => {
    const dialog = document.getElementById(id);
    const box = dialog.getBoundingClientRect();
    const shown = (selector) => {
      const button = dialog.querySelector(selector);
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const inView = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
      return inView && (hit === button || button.contains(hit));
    };
    return {
      open: dialog.open,
      scrollWidth: dialog.scrollWidth,
      clientWidth: dialog.clientWidth,
      scrolls: dialog.scrollHeight > dialog.clientHeight,
      inWindow: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: innerWidth,
      actions: Object.fromEntries(actions.map((selector) => [selector, shown(selector)])),
    };
  }, [id, actions]);
}

const allShown = (actions) => Object.fromEntries(Object.keys(actions).map((selector) => [selector, true]));

for (const lang of ["en", "ml", "si", "ur"]) {
  test(`every dialog fits a phone's screen, its actions in view (${lang})`, async ({ page }) => {
    await openPage(page, `?mode=two&speed=instant&lang=${lang}`);
    for (const [id, { open, actions }] of Object.entries(DIALOGS)) {
      await open(page);
      await expect(page.locator(`#${id}`)).toBeVisible();
      const opened = await measure(page, id, actions);
      expect(opened.scrollWidth, `${id}: no sideways scrolling`).toBeLessThanOrEqual(opened.clientWidth);
      expect(opened.pageWidth, `${id}: the page is no wider than the window`).toBeLessThanOrEqual(opened.windowWidth);
      expect(opened.inWindow, `${id}: within the window`).toBe(true);
      expect(opened.actions, `${id}: actions in view`).toEqual(allShown(opened.actions));
      // Scrolled halfway down (where it is taller than the window), they are still in view.
      if (opened.scrolls) {
        await page.locator(`#${id}`).evaluate((dialog) => (dialog.scrollTop = (dialog.scrollHeight - dialog.clientHeight) / 2));
        const scrolled = await measure(page, id, actions);
        expect(scrolled.actions, `${id}: actions in view, scrolled`).toEqual(allShown(scrolled.actions));
      }
      await page.keyboard.press("Escape");
      await expect(page.locator(`#${id}`)).toBeHidden();
    }
  });
}

test("the New game dialog is taller than a phone's screen in Sinhala, and scrolls to Start", async ({ page }) => {
  // The test above means something only if some dialog is taller than the window. Against the
  // computer the dialog also asks for a side and a level: its tallest form.
  await openPage(page, "?mode=computer&level=beginner&speed=instant&lang=si");
  await DIALOGS["new-game-dialog"].open(page);
  expect((await measure(page, "new-game-dialog", [])).scrolls).toBe(true);
  await closeDialog(page, "new-game-dialog", () => page.locator("#start-game").tap());
  await expect(page.locator("#new-game-dialog")).toBeHidden();
});

test("a tap outside closes New game, Rules and Share, and starts no game", async ({ page }) => {
  await openPage(page);
  // A game started from the dialog once: its choice must not be taken again on a later closing.
  await press(page, "#new-game");
  await closeDialog(page, "new-game-dialog", () => page.click("#start-game"));
  await settled(page, { record: "" });
  await playMove(page, 3);
  await playMove(page, 5);
  const before = await readBoard(page);
  for (const id of ["new-game-dialog", "rules", "share-dialog"]) {
    await DIALOGS[id].open(page);
    const dialog = page.locator(`#${id}`);
    await expect(dialog).toBeVisible();
    // A tap on the sheet itself, on its padding, leaves it open.
    const box = await dialog.boundingBox();
    await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
    await expect(dialog).toBeVisible();
    await closeDialog(page, id, () => page.touchscreen.tap(OUTSIDE.x, OUTSIDE.y));
    await expect(dialog, id).toBeHidden();
  }
  await settled(page);
  const after = await readBoard(page);
  expect(after.record).toBe(before.record);
  expect(after.board).toEqual(before.board);
});

test("Back closes an open dialog and leaves the game and the address as they were", async ({ page }) => {
  await openPage(page);
  await playMove(page, 2);
  await playMove(page, 6);
  const before = await readBoard(page);
  const address = page.url();
  for (const id of ["new-game-dialog", "rules", "share-dialog", "position-dialog"]) {
    await DIALOGS[id].open(page);
    await expect(page.locator(`#${id}`)).toBeVisible();
    await page.goBack();
    await expect(page.locator(`#${id}`), id).toBeHidden();
    await expect(page.locator("dialog[open]")).toHaveCount(0);
    expect(page.url(), id).toBe(address);
  }
  const after = await readBoard(page);
  expect(after.record).toBe(before.record);
  expect(after.board).toEqual(before.board);
  // The game was never left: it is still the one shown, with its moves.
  await expect(page.locator("#board")).toHaveAttribute("data-status", "playing");
});

test("a dialog closed by its own button takes its Back entry away", async ({ page }) => {
  await openPage(page);
  await playMove(page, 4);
  const onDialogEntry = () => page.evaluate(() => history.state?.walakDialog === true);
  await press(page, "#share");
  await expect.poll(onDialogEntry).toBe(true);
  await page.click("#share-dialog button[type=submit]");
  await expect(page.locator("#share-dialog")).toBeHidden();
  await expect.poll(onDialogEntry).toBe(false);
  // New game's "Set up a position…" closes one dialog and opens another: Back closes the editor.
  await DIALOGS["position-dialog"].open(page);
  await expect(page.locator("#position-dialog")).toBeVisible();
  await expect.poll(onDialogEntry).toBe(true);
  await page.goBack();
  await expect(page.locator("#position-dialog")).toBeHidden();
  await expect.poll(onDialogEntry).toBe(false);
  expect((await readBoard(page)).record).toBe("4");
});

test("the Embed dialog's changing preview leaves history alone: closing it takes its Back entry away", async ({ page }) => {
  await openPage(page);
  await playMove(page, 4);
  const entries = await page.evaluate(() => history.length);
  const onDialogEntry = () => page.evaluate(() => history.state?.walakDialog === true);
  await press(page, "#embed-button");
  await expect(page.locator("#embed-preview")).toHaveAttribute("src", /embed=1/);
  await expect.poll(onDialogEntry).toBe(true);
  // Each choice shows another embed in the preview.
  await page.check('input[name="embed-show"][value="loop"]');
  await expect(page.locator("#embed-preview")).toHaveAttribute("src", /loop=/);
  await page.check('input[name="embed-show"][value="demo"]');
  await expect(page.locator("#embed-preview")).toHaveAttribute("src", /demo=/);
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1);
  await page.keyboard.press("Escape");
  await expect(page.locator("#embed-dialog")).toBeHidden();
  await expect.poll(onDialogEntry).toBe(false);
  // A later dialog still closes with Back.
  await press(page, "#rules-button");
  await expect(page.locator("#rules")).toBeVisible();
  await page.goBack();
  await expect(page.locator("#rules")).toBeHidden();
  expect((await readBoard(page)).record).toBe("4");
});

test("the position editor keeps what was typed through a tap outside and Back", async ({ page }) => {
  await openPage(page);
  await DIALOGS["position-dialog"].open(page);
  const editor = page.locator("#position-dialog");
  await expect(editor).toBeVisible();
  const hole = editor.locator('.position-hole[data-hole="2"]');
  await hole.fill("9");
  await page.touchscreen.tap(OUTSIDE.x, OUTSIDE.y);
  await expect(editor).toBeVisible();
  await expect(hole).toHaveValue("9");
  await page.goBack();
  await expect(editor).toBeVisible();
  await expect(hole).toHaveValue("9");
  // Its own Cancel closes it, and no game is started from it.
  await editor.locator("button[value=cancel]").click();
  await expect(editor).toBeHidden();
  expect((await readBoard(page)).board).toEqual(Array(14).fill(4));
});

test("the crash dialog stays open on a tap outside, and takes no Back entry", async ({ page }) => {
  await openPage(page);
  await page.evaluate(() => document.getElementById("crash-dialog").showModal());
  await page.touchscreen.tap(OUTSIDE.x, OUTSIDE.y);
  await expect(page.locator("#crash-dialog")).toBeVisible();
  expect(await page.evaluate(() => history.state?.walakDialog ?? null)).toBeNull();
});

test("an embedded page leaves history alone; a tap outside still closes", async ({ page }) => {
  await page.goto("./?embed=1&speed=instant");
  await settled(page);
  const length = await page.evaluate(() => history.length);
  await page.evaluate(() => document.getElementById("share-dialog").showModal());
  await expect(page.locator("#share-dialog")).toBeVisible();
  await page.touchscreen.tap(OUTSIDE.x, OUTSIDE.y);
  await expect(page.locator("#share-dialog")).toBeHidden();
  expect(await page.evaluate(() => [history.length, history.state?.walakDialog ?? null])).toEqual([length, null]);
});

test("Share offers the system's share sheet where there is one, with the link", async ({ page }) => {
  await page.addInitScript(() => {
    window.shared = [];
    // A sheet the person closes without sending, then one that sends.
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data) => {
        window.shared.push(data);
        if (window.shared.length === 1) throw new DOMException("Share canceled", "AbortError");
      },
    });
  });
  await openPage(page);
  await playMove(page, 7);
  await press(page, "#share");
  // The dialog opens once it holds the link (it loads when first asked for).
  await expect(page.locator("#share-dialog")).toBeVisible();
  const link = await page.inputValue("#share-link");
  const button = page.locator("#share-system");
  await expect(button).toBeVisible();
  await expect(button).toHaveText("Share…");
  await button.click();
  await expect.poll(() => page.evaluate(() => window.shared.length)).toBe(1);
  // Closing the sheet is no failure: nothing is said.
  await expect(page.locator("#share-said")).toHaveText("");
  await button.click();
  await expect.poll(() => page.evaluate(() => window.shared.length)).toBe(2);
  const shared = await page.evaluate(() => window.shared[1]);
  expect(shared.url).toBe(link);
  expect(shared.url).toContain("moves=7");
  expect(shared.title).toBe("Walak-pussa");
  await expect(page.locator("#share-said")).toHaveText("");
  await expect(page.locator("#share-dialog")).toBeVisible();
});

test("a share sheet that fails says so, in the page's language", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async () => {
        throw new DOMException("Permission denied", "NotAllowedError");
      },
    });
  });
  await openPage(page, "?mode=two&speed=instant&lang=sl");
  await press(page, "#share");
  await page.click("#share-system");
  await expect(page.locator("#share-said")).toHaveText("Ta naprava povezave ni mogla deliti: namesto tega jo kopirajte.");
});

test("without a share sheet, Share offers Copy alone, and Copy copies the link", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.addInitScript(() => delete Navigator.prototype.share);
  await openPage(page);
  await playMove(page, 1);
  await press(page, "#share");
  await expect(page.locator("#share-system")).toBeHidden();
  await page.click("#share-copy");
  await expect(page.locator("#share-said")).toHaveText("Copied.");
  const link = await page.inputValue("#share-link");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});
