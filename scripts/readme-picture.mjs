// Makes the README's picture, docs/necklace.png: the board of the real page in the middle of a
// pearl-necklace capture, a bead flying to the reserve. Run it after `trunk build --release`:
//
//   node scripts/readme-picture.mjs [--out FILE] [--dist DIR]
//
// It serves dist/ on a loopback port, opens a game from a link in headless Chromium (the tests'
// browser and flags, playwright.config.mjs; CHROMIUM_PATH as for the tests), and plays the move
// at slow speed with the page's own controls: Pause, then one seed at a time up to a bead of the
// necklace, then on. The browser's clock is held still, so the bead is caught on its way to the
// reserve, and the board alone is saved. The PNG is then written again with the strongest
// compression, losslessly.

import { statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync, inflateSync } from "node:zlib";
import { chromium } from "@playwright/test";
import config from "../playwright.config.mjs";
import { serveDist } from "./serve-dist.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// A position from a game (six moves from the opening) where South's hole 4 relays for 18 laps and
// then takes a necklace of five beads, 20 seeds: South's holes 1, 3, 5 and 7, then North's hole 2.
const RECORD = "256353";
const HOLE = 4;
// The bead caught in flight, and how far it has flown (0 at its hole, 1 in the reserve).
const BEAD = 3;
const FLOWN = 0.3;
// The size the board is drawn at, and the pixels per CSS pixel: a sharp picture of modest weight.
const VIEWPORT = { width: 820, height: 600 };
const SCALE = 1.25;

function options(argv) {
  const chosen = { out: join(ROOT, "docs", "necklace.png"), dist: join(ROOT, "dist") };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (!["--out", "--dist"].includes(name) || value === undefined) {
      throw new Error(`readme-picture: unknown argument '${name}' (use --out FILE, --dist DIR)`);
    }
    chosen[name.slice(2)] = resolve(value);
  }
  try {
    statSync(join(chosen.dist, "index.html"));
  } catch {
    throw new Error(`readme-picture: no ${join(chosen.dist, "index.html")}: build the page first (. scripts/env.sh && trunk build --release)`);
  }
  return chosen;
}

/** Clicks one of the page's controls as a person would, whatever the clock is doing. */
const press = (page, id) => page.evaluate((id) => document.getElementById(id).click(), id);

async function takePicture(url, out) {
  const { launchOptions } = config.use;
  const browser = await chromium.launch({ ...launchOptions, headless: true });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: SCALE,
      colorScheme: "light",
      reducedMotion: "no-preference",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.clock.install();
    await page.goto(`${url}?speed=slow#walak=1&moves=${RECORD}`);
    const board = page.locator("#board");
    await page.waitForFunction(
      (record) => {
        const d = document.getElementById("board")?.dataset;
        return d?.status === "playing" && d.record === record && d.animating === "false";
      },
      RECORD,
      { timeout: 30_000 },
    );

    // The move's trace, from the engine in the page: where the bead is, and how long it flies.
    const trace = await page.evaluate(
      ([record, hole]) => {
        const game = window.wasmBindings.Game.fromRecord(record, {});
        try {
          return game.preview(hole);
        } finally {
          game.free();
        }
      },
      [RECORD, HOLE],
    );
    const bead = trace.findIndex((e) => e.event === "capture" && e.bead === BEAD);
    if (bead < 0) throw new Error(`readme-picture: South's hole ${HOLE} after ${RECORD} has no bead ${BEAD}`);
    const laps = trace.find((e) => e.event === "sowing_end").laps;
    // As www/board/animation.js times it: a capture is four seed drops, quicker after six laps.
    const slow = 320;
    const flight = slow * 4 * (laps > 6 ? Math.max(0.06, 6 / laps) : 1);

    // Hold the clock: from here nothing moves unless the script lets it.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await page.keyboard.press(String(HOLE));
    await page.waitForFunction(() => document.getElementById("board").dataset.animating === "true");
    await press(page, "pause");
    for (let i = 0; i <= bead; i++) await press(page, "step-event");
    await press(page, "pause"); // resume: the bead just taken starts its flight
    await page.clock.runFor(Math.round(flight * FLOWN));

    const png = await board.screenshot({ animations: "allow", caret: "hide" });
    if (errors.length > 0) throw new Error(`readme-picture: the page reported errors:\n${errors.join("\n")}`);
    const smaller = recompressed(png);
    writeFileSync(out, smaller);
    console.log(`readme-picture: wrote ${out} (${Math.round(smaller.length / 1024)} KB, was ${Math.round(png.length / 1024)} KB)`);
  } finally {
    await browser.close();
  }
}

// ── PNG, written again with the strongest compression ────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The same image, its rows refiltered (each row the filter that leaves the smallest sum, as
 * encoders choose) and deflated at the highest level; the chunks other than the image data are
 * kept. Only 8-bit RGB and RGBA without interlacing are refiltered (what Chromium writes).
 */
function recompressed(png) {
  const signature = png.subarray(0, 8);
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString("latin1", at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const header = chunks.find((c) => c.type === "IHDR").data;
  const [width, height, depth, colour, interlace] = [
    header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12],
  ];
  const channels = { 2: 3, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace !== 0) return png;
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  // Undo the filters Chromium chose.
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels] : 0;
      const b = up[x];
      const c = x >= channels ? up[x - channels] : 0;
      row[x] = (line[x] + [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]) & 0xff;
    }
  }
  // Filter again, each row with the filter whose output sums least (as signed bytes).
  const filtered = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
    let best = null;
    for (let filter = 0; filter < 5; filter++) {
      const line = Buffer.alloc(stride);
      let sum = 0;
      for (let x = 0; x < stride; x++) {
        const a = x >= channels ? row[x - channels] : 0;
        const b = up[x];
        const c = x >= channels ? up[x - channels] : 0;
        line[x] = (row[x] - [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]) & 0xff;
        sum += line[x] < 128 ? line[x] : 256 - line[x];
      }
      if (!best || sum < best.sum) best = { filter, line, sum };
    }
    filtered[y * (stride + 1)] = best.filter;
    best.line.copy(filtered, y * (stride + 1) + 1);
  }
  const data = deflateSync(filtered, { level: 9, memLevel: 9 });
  const kept = chunks.filter((c) => c.type !== "IDAT" && c.type !== "IEND");
  const out = Buffer.concat([signature, ...kept.map((c) => chunk(c.type, c.data)), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]);
  return out.length < png.length ? out : png;
}

function paeth(a, b, c) {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

const { out, dist } = options(process.argv.slice(2));
const server = await serveDist(dist);
try {
  await takePicture(`http://127.0.0.1:${server.address().port}/`, out);
} finally {
  server.close();
}
