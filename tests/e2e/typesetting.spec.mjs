// Typesetting in the scripts that need more than Latin's room: Urdu's Nastaliq (legends, the
// level choices, buttons and menus, words in the middle of their buttons) and Punjabi's Gurmukhi
// (words centred in their buttons).
// Measured on the page: element boxes, and the ink of the words — a Range says where each line of
// a text node lies, and the canvas's text metrics, in the same font, how far its letters rise
// and fall from the baseline (a box from the font's ascent and descent alone would hide both
// problems: Nastaliq climbs far above it, and Gurmukhi rarely uses the deep room below it).
import { test, expect, openPage, playMove } from "./helpers.mjs";

const SIZES = [
  [1280, 800],
  [390, 844],
];

/** Installs `window.ink(node)` in the page: the ink of each line of a text node, in the viewport. */
async function installInk(page) {
  await page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d");
    window.ink = (node) => {
      const style = getComputedStyle(node.parentElement);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const lines = new Map(); // by the top of the line: {top, left, right, text}
      const range = document.createRange();
      const text = node.textContent;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        const key = Math.round(box.top);
        const line = lines.get(key) ?? { top: box.top, left: box.left, right: box.right, text: "" };
        line.left = Math.min(line.left, box.left);
        line.right = Math.max(line.right, box.right);
        line.text += text[i];
        lines.set(key, line);
      }
      return [...lines.values()]
        .filter((line) => line.text.trim())
        .map(({ top, left, right, text }) => {
          const metrics = canvas.measureText(text.trim());
          const baseline = top + metrics.fontBoundingBoxAscent;
          return {
            top: baseline - metrics.actualBoundingBoxAscent,
            bottom: baseline + metrics.actualBoundingBoxDescent,
            left,
            right,
          };
        });
    };
    // The ink of all the text directly in an element, as one box.
    window.inkOf = (element) => {
      const lines = [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).flatMap((n) => window.ink(n));
      if (lines.length === 0) return null;
      return { top: Math.min(...lines.map((l) => l.top)), bottom: Math.max(...lines.map((l) => l.bottom)), lines };
    };
  });
}

/** Opens the page in `lang` at `[width, height]`, with the ink helpers. */
async function open(page, lang, [width, height]) {
  await page.setViewportSize({ width, height });
  await openPage(page, `?lang=${lang}&mode=two&speed=instant`);
  await installInk(page);
}

/** Opens the New game dialog with the computer's choices shown (side and level). */
async function openNewGame(page) {
  await page.click("#new-game");
  await page.check('input[name="mode"][value="computer"]');
  await expect(page.locator("#new-game-level")).toBeVisible();
}

/** Each shown fieldset of an open dialog: its legend, the first control after it, and where they lie. */
function fieldsets(page, dialog) {
  return page.locator(dialog).evaluate((dialog) => {
    const frame = dialog.getBoundingClientRect();
    // A box in the dialog's own content (it scrolls): measured from the top of that content.
    const inDialog = (rect) => ({
      top: rect.top - frame.top + dialog.scrollTop,
      bottom: rect.bottom - frame.top + dialog.scrollTop,
      left: rect.left - frame.left,
      right: rect.right - frame.left,
    });
    return [...dialog.querySelectorAll("fieldset")]
      .filter((fieldset) => fieldset.getClientRects().length > 0)
      .map((fieldset) => {
        const legend = fieldset.querySelector("legend");
        const first = fieldset.querySelector("label");
        const box = fieldset.getBoundingClientRect();
        const border = parseFloat(getComputedStyle(fieldset).borderTopWidth);
        // The top border is drawn at the top of the fieldset's box, or through the middle of a
        // legend that sits on it.
        const onBorder = getComputedStyle(legend).float === "none";
        const legendBox = legend.getBoundingClientRect();
        const borderTop = onBorder ? box.top + Math.max(0, (legendBox.height - border) / 2) : box.top;
        const firstText = [...first.querySelectorAll("span")].find((span) => span.textContent.trim());
        return {
          name: legend.textContent.trim(),
          legend: inDialog(legendBox),
          dialog: { width: frame.width, height: dialog.scrollHeight },
          first: first.getBoundingClientRect().toJSON(),
          legendRect: legendBox.toJSON(),
          legendInk: window.inkOf(legend),
          firstInk: window.inkOf(firstText),
          insideBorder: borderTop + border,
        };
      });
  });
}

/**
 * The ink of a button's words as the eye sees it, from a screenshot decoded in `decoder` (a blank
 * page), in CSS px from the top of the button: the first and last rows with ink inside its border,
 * and the centre of the ink's weight. For Nastaliq the text metrics mislead (a kaf's thin stroke
 * is measured far above where it is drawn, and the words' body is what the eye centres).
 */
async function inkSeen(decoder, button) {
  const png = await button.screenshot();
  const box = await button.evaluate((b) => ({ border: parseFloat(getComputedStyle(b).borderTopWidth), height: b.getBoundingClientRect().height }));
  return decoder.evaluate(async ([b64, box]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [img.width, img.height];
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, img.width, img.height);
    const scale = height / box.height;
    const lum = (x, y) => {
      const i = (y * width + x) * 4;
      return Math.round(0.3 * data[i] + 0.59 * data[i + 1] + 0.11 * data[i + 2]);
    };
    // Inside the border, clear of the rounded corners; the button's own colour is its commonest.
    const edge = Math.ceil(box.border * scale);
    const side = Math.ceil(8 * scale);
    const counts = new Map();
    for (let y = edge; y < height - edge; y++) {
      for (let x = side; x < width - side; x++) counts.set(lum(x, y), (counts.get(lum(x, y)) ?? 0) + 1);
    }
    const background = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    let [mass, moment, first, last] = [0, 0, null, null];
    for (let y = edge; y < height - edge; y++) {
      for (let x = side; x < width - side; x++) {
        const weight = Math.abs(lum(x, y) - background);
        if (weight < 40) continue;
        mass += weight;
        moment += weight * (y + 0.5);
        first ??= y;
        last = y;
      }
    }
    return { top: first / scale, bottom: (last + 1) / scale, centre: moment / mass / scale, inside: [box.border, box.height - box.border] };
  }, [png.toString("base64"), box]);
}

/** `inkSeen` for every shown button with words in `scope` (not the holes): `[name, ink]` pairs. */
async function buttonsInk(page, decoder, scope) {
  const seen = [];
  const buttons = page.locator(`${scope} button:not(.hole)`);
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible()) || !(await button.evaluate((b) => b.textContent.trim()))) continue;
    seen.push([await button.evaluate((b) => b.id || b.textContent.trim()), await inkSeen(decoder, button)]);
  }
  return seen;
}

for (const size of SIZES) {
  const at = `${size[0]}×${size[1]}`;

  test(`Urdu, ${at}: each legend lies in its dialog and inside its fieldset's border, clear of the first choice`, async ({ page }) => {
    await open(page, "ur", size);
    await openNewGame(page);
    const shown = await fieldsets(page, "#new-game-dialog");
    await page.click("#new-game-position");
    await expect(page.locator("#position-dialog")).toBeVisible();
    shown.push(...(await fieldsets(page, "#position-dialog")));
    expect(shown.length, "the New game dialog's four fieldsets and the position's").toBeGreaterThanOrEqual(5);
    for (const f of shown) {
      expect(f.legend.top, `"${f.name}": top in the dialog`).toBeGreaterThanOrEqual(0);
      expect(f.legend.bottom, `"${f.name}": bottom in the dialog`).toBeLessThanOrEqual(f.dialog.height);
      expect(f.legend.left, `"${f.name}": left in the dialog`).toBeGreaterThanOrEqual(0);
      expect(f.legend.right, `"${f.name}": right in the dialog`).toBeLessThanOrEqual(f.dialog.width);
      expect(f.legendRect.bottom, `"${f.name}": above the first choice`).toBeLessThanOrEqual(f.first.top + 0.5);
      // The words themselves: below the border, not through it, and clear of the first choice's.
      expect(f.legendInk.top, `"${f.name}": its letters stay inside the border`).toBeGreaterThanOrEqual(f.insideBorder);
      expect(f.legendInk.bottom, `"${f.name}": its letters clear of the first choice's`).toBeLessThanOrEqual(f.firstInk.top);
    }
  });

  test(`Urdu, ${at}: the level choices do not overlap, neither their boxes nor their words`, async ({ page }) => {
    await open(page, "ur", size);
    await openNewGame(page);
    const choices = await page.locator("#level-choices label").evaluateAll((labels) =>
      labels.map((label) => ({
        box: label.getBoundingClientRect().toJSON(),
        ink: window.inkOf(label.querySelector("span")),
      })),
    );
    expect(choices.length).toBeGreaterThan(1);
    for (let i = 1; i < choices.length; i++) {
      const [above, below] = [choices[i - 1], choices[i]];
      expect(above.box.bottom, `choice ${i} box above choice ${i + 1}'s`).toBeLessThanOrEqual(below.box.top + 0.5);
      expect(above.ink.bottom, `choice ${i}'s letters above choice ${i + 1}'s`).toBeLessThanOrEqual(below.ink.top);
    }
  });

  test(`Urdu, ${at}: menus are as tall as buttons, and no button's words cross its border`, async ({ page, context }) => {
    await open(page, "ur", size);
    const decoder = await context.newPage();
    const heights = () =>
      page.evaluate(() => ({
        button: document.getElementById("new-game").getBoundingClientRect().height,
        selects: [...document.querySelectorAll("select")].filter((s) => s.getClientRects().length > 0).map((s) => [s.id, s.getBoundingClientRect().height]),
      }));
    const crossing = async (scope) => (await buttonsInk(page, decoder, scope))
      .filter(([, { top, bottom, inside }]) => top - inside[0] < 0.5 || inside[1] - bottom < 0.5)
      .map(([name]) => name);
    const page1 = await heights();
    expect(page1.selects.length).toBeGreaterThan(0);
    for (const [id, height] of page1.selects) {
      expect(Math.abs(height - page1.button), `#${id} (${height}px) as tall as a button (${page1.button}px)`).toBeLessThanOrEqual(3);
    }
    expect(await crossing("body > :not(dialog)"), "buttons whose words cross their border").toEqual([]);
    await openNewGame(page);
    expect(await crossing("#new-game-dialog"), "buttons of the New game dialog").toEqual([]);
  });

  test(`Urdu, ${at}: a button's words sit in its middle, not low in it`, async ({ page, context }) => {
    await open(page, "ur", size);
    await playMove(page, 1, "digit");
    await expect(page.locator("#move-list button")).toHaveCount(2);
    const decoder = await context.newPage();
    const offs = [];
    const measure = async (scope) => {
      for (const [name, { centre, inside }] of await buttonsInk(page, decoder, scope)) {
        offs.push([name, Math.round((centre - (inside[0] + inside[1]) / 2) * 10) / 10]);
      }
    };
    await measure("body > :not(dialog)");
    await openNewGame(page);
    await measure("#new-game-dialog");
    expect(offs.length).toBeGreaterThan(6);
    // Each word has its own rise and fall (a dot above or below moves its ink's middle by a few
    // pixels): together they sit in the middle, and none far off it.
    const sorted = offs.map(([, off]) => off).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    expect(Math.abs(median), `the middle of ${JSON.stringify(offs)}`).toBeLessThanOrEqual(1.5);
    expect(offs.filter(([, off]) => Math.abs(off) > 5), "buttons whose words are more than 5 px off their middle").toEqual([]);
  });

  for (const lang of ["pa", "en"]) {
    test(`${lang}, ${at}: a button's words are centred in it`, async ({ page }) => {
      await open(page, lang, size);
      // A move, so that the move list has buttons too.
      await playMove(page, 1, "digit");
      await expect(page.locator("#move-list button")).toHaveCount(2);
      const offCentre = () =>
        page.evaluate(() => {
          const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
          return [...document.querySelectorAll("button")]
            .filter((b) => shown(b) && window.inkOf(b))
            .map((button) => {
              const box = button.getBoundingClientRect();
              const style = getComputedStyle(button);
              // Inside the border: the padding moves the content box, not what the eye measures against.
              const middle = (box.top + parseFloat(style.borderTopWidth) + box.bottom - parseFloat(style.borderBottomWidth)) / 2;
              const { top, bottom } = window.inkOf(button);
              return { button: button.id || button.textContent.trim(), off: Math.round(((top + bottom) / 2 - middle) * 10) / 10 };
            })
            .filter(({ off }) => Math.abs(off) > 2.5);
        });
      expect(await offCentre(), "buttons whose words are more than 2.5 px off their middle").toEqual([]);
      await openNewGame(page);
      expect(await offCentre(), "in the New game dialog").toEqual([]);
    });
  }
}
