// The rings and tints on the board, as the legend under it draws them with the board's own code:
// the ring where a sowing would stop (the lesson's target too), the one on the hole played last
// and the hint's are told apart at a glance, by colour and by their line; the holes the last move
// captured are clearly gold.
import { test, expect, openPage } from "./helpers.mjs";

/**
 * A legend sample's ring, read from its pixels: how much of the way round it is drawn (0 to 1, in
 * 1° steps, but for the badge's part: a solid ring 1, a dashed one about half) and its mean colour; and the mean colour of
 * the hole's upper left inside, clear of its count badge.
 */
function readSample(page, kind) {
  return page.locator(`#ring-legend li[data-ring="${kind}"] canvas`).evaluate((canvas) => {
    const scale = canvas.width / 44;
    const { data, width } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    const pixel = (x, y) => {
      const i = (Math.round(y * scale) * width + Math.round(x * scale)) * 4;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const lum = ([r, g, b]) => 0.3 * r + 0.59 * g + 0.11 * b;
    const mean = (colours) => colours.reduce((sum, c) => sum.map((v, k) => v + c[k] / colours.length), [0, 0, 0]);
    const bins = new Set();
    const ring = [];
    // The hole's radius is 13 px, its centre (22, 22): the rings lie just outside it. The count's
    // badge sits on the lower right of the rim (around 45°, y down): that part is left out.
    for (let step = 0; step < 720; step++) {
      const angle = (step / 720) * 2 * Math.PI;
      if (step >= 20 && step < 160) continue;
      for (let r = 13.5; r <= 21; r += 0.5) {
        const colour = pixel(22 + r * Math.cos(angle), 22 + r * Math.sin(angle));
        if (lum(colour) < 120) continue;
        bins.add(Math.floor(step / 2));
        ring.push(colour);
      }
    }
    const inside = [];
    for (let y = 13; y <= 22; y++) for (let x = 13; x <= 22; x++) if (Math.hypot(x - 22, y - 22) <= 9 && x + y < 44) inside.push(pixel(x, y));
    return { coverage: bins.size / 290, colour: ring.length ? mean(ring) : null, inside: mean(inside) };
  });
}

const distance = (a, b) => Math.hypot(...a.map((v, k) => v - b[k]));

async function openLegend(page) {
  await page.locator("#ring-legend").evaluate((details) => {
    details.open = true;
  });
  await expect(page.locator('#ring-legend li[data-ring="end"] canvas')).toBeVisible();
}

test("the rings of where a sowing would stop, the hole played last and the hint differ in colour and line", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await openLegend(page);
  const end = await readSample(page, "end");
  const played = await readSample(page, "played");
  const hint = await readSample(page, "hint");
  for (const [name, a, b] of [["stop and played", end, played], ["stop and hint", end, hint], ["played and hint", played, hint]]) {
    expect(distance(a.colour, b.colour), `${name}: colours ${a.colour} and ${b.colour}`).toBeGreaterThan(80);
  }
  // One of the two is drawn all the way round, the other in dashes.
  expect(Math.abs(end.coverage - played.coverage), `stop ${end.coverage} and played ${played.coverage}: their lines`).toBeGreaterThan(0.3);
});

test("the holes the last move captured are tinted a clear gold", async ({ page }) => {
  await openPage(page, "?mode=two&speed=instant");
  await openLegend(page);
  const taken = await readSample(page, "taken");
  const legal = await readSample(page, "legal");
  const [r, g, b] = taken.inside;
  expect(r, `the tint's red (${taken.inside})`).toBeGreaterThanOrEqual(110);
  expect(g, `the tint's green (${taken.inside})`).toBeGreaterThanOrEqual(80);
  expect(r - b, `the tint's warmth (${taken.inside})`).toBeGreaterThanOrEqual(60);
  expect(distance(taken.inside, legal.inside), "against an untinted hole").toBeGreaterThan(90);
});
