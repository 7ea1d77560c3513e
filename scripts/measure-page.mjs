// Measures the release page (dist/) for docs/measurements.md: its weight, how soon the first
// board is drawn, the frame rate during long animations (on a desktop, and on the slow phone of
// --phone-visits), and the page's own long tasks and frame rate while the computer thinks at its
// strongest level. Not a test: figures on a shared machine are noisy, so they are reported, never
// asserted.
//
//   node scripts/measure-page.mjs [--loads N]     (after `trunk build --release`;
//                                                  scripts/measure-page.sh builds first)
//   node scripts/measure-page.mjs --dist A --dist B   builds A and B side by side in one run
//                                                  (their cold loads taking turns), e.g. this
//                                                  build and an earlier one
//   node scripts/measure-page.mjs --lang CODE     the cold loads in that language (?lang=CODE;
//                                                  English unless given)
//   node scripts/measure-page.mjs --perfect N     only the perfect level's time per move over
//                                                  N whole games (the person plays as club would,
//                                                  or as --person LEVEL would)
//   node scripts/measure-page.mjs --review MOVES  only the time a review of that game takes
//   node scripts/measure-page.mjs --values N      only the time the exact move values take to show
//                                                  (Show move values on), position by position
//                                                  with Redo from the start, over N games (default
//                                                  12) of 20 to 45 moves: all positions, those of
//                                                  the first 12 moves and the later ones
//   node scripts/measure-page.mjs --reviews N     only the time a review takes, over N games
//                                                  (default 4) of 30 to 80 moves (a game that
//                                                  ends sooner is played again)
//   node scripts/measure-page.mjs --phone ...     --review and --reviews on a touch phone
//                                                  (390×844, device scale 3), not the desktop
//   node scripts/measure-page.mjs --phones        only the board's size and its smallest hole
//                                                  target on phone screens, upright and turned
//   node scripts/measure-page.mjs --engine-calls  only the engine calls the page makes for a move,
//                                                  undo, redo and a jump (each --dist in turn)
//   node scripts/measure-page.mjs --phone-visits N  only the page on a slow phone (measure-phone.mjs):
//                                                  after a round not counted (the browser's own
//                                                  start), N rounds (default 5) of a first visit, a
//                                                  returning visit, one with the service worker
//                                                  stopped first (later) and --links L (default 3)
//                                                  game links opened with Show move values on (the
//                                                  first again, the service worker stopped first:
//                                                  later link), L links of other games as the
//                                                  build gives them out from a page showing move
//                                                  values (given link), an embed's frame (?embed=1,
//                                                  or with --frame QUERY that query: embed=1&rules=
//                                                  parker-kotu) in a fresh context (embed), a game's link as
//                                                  the build gives it out, in another (first link),
//                                                  or with --first-link FRAGMENT that link, and
//                                                  with --setup QUERY the full page at an
//                                                  address that sets up a game (rules=parker-kotu&
//                                                  side=north), in another (first setup), each
//                                                  build served by `walak serve`; with
//                                                  --locale TAG a browser set to that language
//                                                  (si-LK: the page in Sinhala); Chromium is
//                                                  driven over the DevTools protocol alone
//                                                  (bare-chromium.mjs), or with
//                                                  --phone-driver playwright as before, whose
//                                                  instrumentation of each page costs the slowed
//                                                  page time of its own
//
// The games of --values and --reviews are the same on every run (a fixed seed): each side plays
// at random or as the beginner or casual level would, as the native tool answers (`walak state`,
// `walak bestmove`; build it first with `cargo build --release --features cli`, or name another
// with --walak PATH). Every game is measured in a fresh browser context, each --dist in turn.
//
// Uses Playwright's Chromium API with the browser and flags of playwright.config.mjs, against
// dist/ served by a small static server on 127.0.0.1 (--phone-visits: the same browser driven
// over the DevTools protocol alone, each build served by `walak serve`). Prints a table, then the
// figures as JSON.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import { extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import config from "../playwright.config.mjs";
import { serveDist } from "./serve-dist.mjs";
import { SLOW_PHONE, bareDriver, measurePhoneVisits, playwrightDriver, printPhoneVisits, serveWithWalak, summarize } from "./measure-phone.mjs";
import { launchBareChromium } from "./bare-chromium.mjs";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const DIST = join(ROOT, "dist");
// `--dist DIR` (repeatable): the builds to measure, side by side in one run (default dist/).
const BUILDS = process.argv.slice(2).flatMap((arg, i, all) => (all[i - 1] === "--dist" ? [resolve(arg)] : []));
if (BUILDS.length === 0) BUILDS.push(DIST);
const args = process.argv.slice(2);
const LOADS = Number(args[args.indexOf("--loads") + 1]) || 10;
// `--lang CODE`: the cold loads ask for that language, whose table is then part of the first load.
const LANG = args.includes("--lang") ? args[args.indexOf("--lang") + 1] : null;
// `--perfect N`: only time the perfect level's moves over N whole games.
const PERFECT_GAMES = args.includes("--perfect") ? Number(args[args.indexOf("--perfect") + 1]) || 4 : 0;
// `--review RECORD`: only time the review of that game.
// `--person LEVEL`: the level the person plays as against the perfect level (default club).
const PERSON_LEVEL = args.includes("--person") ? args[args.indexOf("--person") + 1] : "club";
const REVIEW = args.includes("--review") ? args[args.indexOf("--review") + 1] : null;
// `--phones`: only the board on phone screens.
const PHONES = args.includes("--phones");
// `--engine-calls`: only count the page's calls into the engine per action.
const ENGINE_CALLS = args.includes("--engine-calls");
// `--values N`: only time the move values shown, position by position, over N games.
const VALUES_GAMES = args.includes("--values") ? Number(args[args.indexOf("--values") + 1]) || 12 : 0;
// `--reviews N`: only time the reviews of N games.
const REVIEW_GAMES = args.includes("--reviews") ? Number(args[args.indexOf("--reviews") + 1]) || 4 : 0;
// `--phone`: the reviews on a touch phone's screen.
const PHONE = args.includes("--phone");
// `--phone-visits N`: only the page on a slow phone, N rounds; `--links L` game links a round.
const PHONE_VISITS = args.includes("--phone-visits") ? Number(args[args.indexOf("--phone-visits") + 1]) || 5 : 0;
const PHONE_LINKS = args.includes("--links") ? Number(args[args.indexOf("--links") + 1]) || 0 : 3;
// `--locale TAG`: the phone's browser in that language (the page then starts in it, if offered).
const PHONE_LOCALE = args.includes("--locale") ? args[args.indexOf("--locale") + 1] : undefined;
// `--frame QUERY`: the embed's frame the phone opens (its address's query, without `?`).
const PHONE_FRAME = args.includes("--frame") ? args[args.indexOf("--frame") + 1] : "embed=1";
// `--setup QUERY`: also a first visit to the full page at an address that sets up a game (its query, without `?`).
const PHONE_SETUP = args.includes("--setup") ? args[args.indexOf("--setup") + 1] : null;
// `--first-link FRAGMENT`: the first link a first visit opens (`#walak=1&…`), instead of a game's
// link as each build gives it out (a build that cannot read a Parker game's written position gets
// it without its `position`, as that build gave such links out).
const PHONE_FIRST_LINK = args.includes("--first-link") ? args[args.indexOf("--first-link") + 1] : null;
// `--phone-driver bare|playwright`: how the phone's Chromium is driven (measure-phone.mjs).
const PHONE_DRIVER = args.includes("--phone-driver") ? args[args.indexOf("--phone-driver") + 1] : "bare";
if (!["bare", "playwright"].includes(PHONE_DRIVER)) {
  console.error(`measure-page: --phone-driver is bare or playwright, not ${PHONE_DRIVER}`);
  process.exit(2);
}
// `--walak PATH`: the native tool that plays the games measured (default the release build's).
const WALAK = args.includes("--walak") ? resolve(args[args.indexOf("--walak") + 1]) : join(ROOT, "target", "release", "walak");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
const round = (x, digits = 1) => Number(x.toFixed(digits));

// ── (a) Page weight ────────────────────────────────────────────────────────────────────────────

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

async function weigh(files, dist = DIST) {
  const rows = [];
  for (const file of files) {
    const body = await readFile(file);
    rows.push({
      file: relative(dist, file).split(sep).join("/"),
      kind: extname(file).slice(1),
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  return rows;
}

function totals(rows) {
  const byKind = {};
  for (const row of rows) {
    const t = (byKind[row.kind] ??= { bytes: 0, gzip: 0, files: 0 });
    t.bytes += row.bytes;
    t.gzip += row.gzip;
    t.files += 1;
  }
  const all = rows.reduce((t, r) => ({ bytes: t.bytes + r.bytes, gzip: t.gzip + r.gzip, files: t.files + 1 }), {
    bytes: 0,
    gzip: 0,
    files: 0,
  });
  return { byKind, all };
}

// ── (b) Time to the first drawn board ──────────────────────────────────────────────────────────

// Notes the moment #board's data-status first becomes "playing", before the page's scripts run.
const FIRST_BOARD_PROBE = () => {
  window.__firstBoard = null;
  const observer = new MutationObserver(() => {
    const board = document.getElementById("board");
    if (board && board.dataset.status === "playing" && window.__firstBoard === null) {
      window.__firstBoard = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-status"], childList: true });
};

/**
 * One cold load (a fresh context: no cache, no storage, no service worker, whose offline copy of
 * every file comes later, in the background): the time to the first drawn board, and every file
 * the page fetched until the network was quiet after it (its first load).
 */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const loaded = [];
  page.on("response", (response) => loaded.push(new URL(response.url()).pathname));
  await page.addInitScript(FIRST_BOARD_PROBE);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstBoard !== null, null, { timeout: 30_000, polling: 10 });
  await page.waitForLoadState("networkidle");
  const figures = await page.evaluate(() => {
    const mark = performance.getEntriesByName("walak-first-board", "mark")[0];
    const navigation = performance.getEntriesByType("navigation")[0];
    return {
      observed: window.__firstBoard,
      mark: mark ? mark.startTime : null,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
      load: navigation?.loadEventEnd ?? null,
    };
  });
  await context.close();
  return { ...figures, loaded };
}

// ── (c) Frames per second during an animation ──────────────────────────────────────────────────

// Counts requestAnimationFrame callbacks while #board's data-animating is "true".
const FRAME_PROBE = () => {
  window.__frames = { count: 0, start: null, end: null, intervals: [], last: null };
  const tick = (now) => {
    const f = window.__frames;
    const animating = document.getElementById("board")?.dataset.animating === "true";
    if (animating) {
      if (f.start === null) f.start = now;
      else f.intervals.push(now - f.last);
      f.count += 1;
      f.last = now;
      f.end = now;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/**
 * A position from seeded random games with a legal move that relays for many laps (at most
 * `maxLaps`): its record and the move.
 */
async function findLongRelay(page, maxLaps) {
  return page.evaluate((maxLaps) => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let best = { laps: 0 };
    for (let g = 0; g < 60; g++) {
      const game = new window.wasmBindings.Game();
      const moves = [];
      while (game.state().status === "playing" && moves.length < 200) {
        const state = game.state();
        for (const hole of state.legal) {
          const end = game.preview(hole).find((e) => e.event === "sowing_end");
          if (end && end.laps <= maxLaps && end.laps > best.laps && moves.length > 0) {
            best = { laps: end.laps, record: moves.join(""), hole, to_move: state.to_move };
          }
        }
        const hole = state.legal[Math.floor(random() * state.legal.length)];
        game.play(hole);
        moves.push(hole);
      }
      game.free();
    }
    return best;
  }, maxLaps);
}

/**
 * The frames of one move shown at speed normal: on a desktop's screen, or (`phone`) on the slow
 * phone's (its screen, pixel ratio and CPU slowed as in --phone-visits), where every frame draws
 * three times the pixels on a quarter of the CPU.
 */
async function measureAnimation(browser, base, { record, hole, label, phone = false }) {
  const context = await browser.newContext(phone ? SLOW_PHONE.context : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (record) {
    const saved = JSON.stringify({
      version: 1,
      options: { rounds: false, first: "south" },
      mode: "two",
      side: "south",
      record,
      redo: "",
    });
    await page.addInitScript((saved) => {
      if (!sessionStorage.getItem("measure-seeded")) {
        sessionStorage.setItem("measure-seeded", "1");
        localStorage.setItem("walak-pussa.game", saved);
      }
    }, saved);
    await page.goto(`${base}?speed=normal`);
  } else {
    await page.goto(`${base}?mode=two&speed=normal`);
  }
  await page.waitForFunction(() => document.getElementById("board")?.dataset.status === "playing", null, { timeout: 30_000 });
  const shown = await page.locator("#board").getAttribute("data-record");
  if ((shown ?? "") !== (record ?? "")) throw new Error(`${label}: the page shows record "${shown}", not "${record}"`);
  if (phone) {
    // The address set the speed (on a phone its control is under More); the CPU is slowed now,
    // the page started.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
  } else {
    await page.locator("#speed").selectOption("normal");
  }
  await page.evaluate(FRAME_PROBE);
  const toMove = await page.locator("#board").getAttribute("data-to-move");
  const index = toMove === "south" ? hole - 1 : hole + 6;
  await page.locator(`button.hole[data-hole="${index}"]`).click();
  await page.waitForFunction(() => document.getElementById("board").dataset.animating === "true", null, { timeout: 5000 });
  let skipped = false;
  try {
    await page.waitForFunction(() => document.getElementById("board").dataset.animating === "false", null, {
      timeout: 120_000,
      polling: 100,
    });
  } catch {
    skipped = true;
    await page.locator("#skip").click();
  }
  const f = await page.evaluate(() => window.__frames);
  await context.close();
  const seconds = (f.end - f.start) / 1000;
  const intervals = f.intervals.sort((a, b) => a - b);
  return {
    move: label,
    screen: phone ? "slow phone" : "desktop",
    seconds: round(seconds, 2),
    frames: f.count,
    fps: round((f.count - 1) / seconds),
    median_frame_ms: round(median(intervals)),
    p95_frame_ms: round(intervals[Math.floor(intervals.length * 0.95)] ?? 0),
    longest_frame_ms: round(intervals.at(-1) ?? 0),
    skipped_after_120s: skipped,
    errors,
  };
}

// ── (d) The page while the computer thinks ────────────────────────────────────────────────────

// Notes when #board's data-thinking is "true", every main-thread task over 50 ms (the browser's
// long tasks) and every frame drawn while the computer thinks.
const THINKING_PROBE = () => {
  const t = (window.__thinking = { spans: [], since: null, longTasks: [], frames: 0, intervals: [], last: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) t.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask" });
  const note = () => {
    const on = document.getElementById("board")?.dataset.thinking === "true";
    if (on && t.since === null) t.since = performance.now();
    if (!on && t.since !== null) {
      t.spans.push([t.since, performance.now()]);
      t.since = null;
      t.last = null;
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-thinking"] });
  const tick = (now) => {
    if (t.since !== null) {
      if (t.last !== null) t.intervals.push(now - t.last);
      t.frames += 1;
      t.last = now;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** The address of the computer's worker script in dist/ (its name carries its content's hash). */
async function workerScript(base) {
  const name = (await readdir(join(DIST, "www"))).find((file) => /^computer-worker.*\.js$/.test(file));
  if (!name) throw new Error("measure-page: dist/www has no computer-worker script");
  return `${base}www/${name}`;
}

/**
 * The person (`side`) plays up to `moves` seeded random moves against `level`; the page is watched
 * while it thinks, and each of the computer's moves is timed.
 */
async function measureThinking(browser, base, moves, { level = "master", side = "south", seed: start = 7, personLevel = null } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(THINKING_PROBE);
  await page.goto(`${base}?mode=computer&side=${side}&level=${level}&speed=instant`);
  const idle = () =>
    page.waitForFunction(
      (side) => {
        const d = document.getElementById("board")?.dataset ?? {};
        return d.animating === "false" && d.thinking === "false" && (d.status === "game_over" || d.toMove === side);
      },
      side,
      { timeout: 120_000, polling: 20 },
    );
  await idle();
  let seed = start;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let played = 0;
  for (; played < moves; played++) {
    const d = await page.locator("#board").evaluate((b) => ({ ...b.dataset }));
    if (d.status !== "playing") break;
    const legal = d.legal.split(",").map(Number);
    // The person plays at random, or as the `personLevel` would (a fair test of a strong level:
    // random moves lose so fast that the positions stay easy).
    const pick = personLevel
      ? await page.evaluate(async ([record, level, seed, script]) => {
        // A worker of the page's own computer player, apart from the one the page runs.
        window.__person ??= await new Promise((ready) => {
          const worker = new Worker(script, { type: "module" });
          worker.onmessage = ({ data }) => data.type === "ready" && ready(worker);
          worker.postMessage({ type: "init" });
        });
        return new Promise((resolve, reject) => {
          window.__person.onmessage = ({ data }) => {
            if (data.type === "result") resolve(data.result.number);
            else if (data.type === "error") reject(new Error(data.message));
          };
          window.__person.postMessage({ type: "think", id: 1, purpose: "move", record, level, seed });
        });
      }, [d.record, personLevel, played + 1 + start * 1000, await workerScript(base)])
      : legal[Math.floor(random() * legal.length)];
    await page.keyboard.press(String(pick));
    // The person's move is taken, then the computer thinks and answers (unless the game is over).
    await page.waitForFunction((n) => (document.getElementById("board").dataset.record ?? "").length > n, d.record.length, {
      timeout: 120_000,
    });
    await idle();
  }
  const t = await page.evaluate(() => window.__thinking);
  await context.close();
  const thinkingMs = t.spans.reduce((sum, [a, b]) => sum + (b - a), 0);
  const during = t.longTasks.filter(({ start, ms }) => t.spans.some(([a, b]) => start < b && start + ms > a)).map((x) => x.ms);
  const intervals = t.intervals.sort((a, b) => a - b);
  return {
    level,
    move_ms: t.spans.map(([a, b]) => round(b - a)),
    computer_moves: t.spans.length,
    thinking_seconds: round(thinkingMs / 1000, 2),
    long_tasks: during.length,
    longest_task_ms: round(Math.max(0, ...during)),
    long_task_ms_total: round(during.reduce((a, b) => a + b, 0)),
    fps: round(t.frames / (thinkingMs / 1000 || 1)),
    p95_frame_ms: round(intervals[Math.floor(intervals.length * 0.95)] ?? 0),
    longest_frame_ms: round(intervals.at(-1) ?? 0),
    person_moves: played,
    errors,
  };
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────

/** Whole games against the perfect level, the person playing as a level would (club unless --person says), seeded,
 * as South and as North in turn: the time of each computer move (median, p95, max). */
async function measurePerfect(browser, base, games) {
  const times = [];
  for (let game = 0; game < games; game++) {
    const side = game % 2 === 0 ? "south" : "north";
    const played = await measureThinking(browser, base, 200, { level: "perfect", side, seed: 11 + game, personLevel: PERSON_LEVEL });
    if (played.errors.length) throw new Error(played.errors.join("; "));
    times.push(...played.move_ms);
    console.log(`game ${game + 1} (person ${side}): ${played.move_ms.length} computer moves, ms: ${played.move_ms.join(" ")}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const result = {
    games,
    computer_moves: times.length,
    median_ms: round(median(times)),
    p95_ms: round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]),
    max_ms: round(sorted.at(-1)),
  };
  console.log(`Perfect level in Chromium: ${result.computer_moves} moves over ${games} games: median ${result.median_ms} ms, p95 ${result.p95_ms} ms, max ${result.max_ms} ms`);
  console.log(JSON.stringify(result));
}

const DESKTOP = { viewport: { width: 1280, height: 900 } };
// The phone of the reviews, as measure-phone.mjs's slow phone (its screen; its CPU and network as they are).
const PHONE_PROFILE = SLOW_PHONE.context;

/**
 * One review of the game `record` (opened from a link, all its moves played) in a fresh context:
 * the seconds from the click (a tap on a phone) on #review until the review stops, and how it
 * stopped (#review-graph's data-state: done, or incomplete when a move was not solved in time).
 * No service worker: the offline copy it would fetch in the background is not what is measured.
 */
async function reviewOnce(browser, base, record, { phone = false } = {}) {
  const context = await browser.newContext({ ...(phone ? PHONE_PROFILE : DESKTOP), serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}?mode=two&speed=instant#walak=1&moves=${record}`);
  await page.waitForFunction((record) => {
    const d = document.getElementById("board")?.dataset ?? {};
    return d.status && d.status !== "loading" && d.record === record;
  }, record, { timeout: 60_000 });
  // On a phone the game bar may sit behind More.
  if (!(await page.locator("#review").isVisible())) await page.click("#more");
  const started = Date.now();
  if (phone) await page.tap("#review");
  else await page.click("#review");
  await page.waitForFunction(() => {
    const graph = document.getElementById("review-graph");
    return graph?.dataset.values || ["done", "incomplete", "failed", "cancelled"].includes(graph?.dataset.state);
  }, null, { timeout: 1_800_000, polling: 200 });
  const seconds = (Date.now() - started) / 1000;
  const state = await page.evaluate(() => document.getElementById("review-graph").dataset.state ?? "done");
  await context.close();
  if (errors.length) throw new Error(`review of "${record}": ${errors.join("; ")}`);
  return { seconds: round(seconds), state };
}

/** How long the review of the game `record` (from the opening) takes in Chromium. */
async function measureReview(browser, base, record) {
  const { seconds, state } = await reviewOnce(browser, base, record, { phone: PHONE });
  const where = PHONE ? "on a phone" : "";
  console.log(`Review of a ${record.length}-move game ("${record}") in Chromium${where ? ` ${where}` : ""}: ${seconds} s (${state})`);
  console.log(JSON.stringify({ review: { moves: record.length, seconds, state, phone: PHONE } }));
}

// ── Games played by the native tool, for --values and --reviews ───────────────────────────────

/** A seeded random number in [0, 1) (mulberry32): the same games on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function walak(...words) {
  try {
    return JSON.parse(execFileSync(WALAK, words, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (error) {
    if (error.code === "ENOENT") {
      console.error(`measure-page: no ${relative(ROOT, WALAK)}: build the native tool first (cargo build --release --features cli)`);
      process.exit(2);
    }
    throw error;
  }
}

const POLICIES = ["random", "beginner", "casual"];

/**
 * `count` games from the opening, each `min` to `max` moves long, South and North each playing at
 * random or as the beginner or casual level would (every pairing in turn). A game that ends sooner
 * stops there, unless `whole`: then it is played again (up to 40 times, the longest kept) until
 * one lasts `min` moves.
 */
function playGames(count, min, max, seed, { whole = false } = {}) {
  const random = seeded(seed);
  const play = (policies) => {
    const length = min + Math.floor(random() * (max - min + 1));
    let record = "";
    let state = walak("state", record);
    while (record.length < length && state.status === "playing") {
      const policy = policies[state.to_move];
      const move = policy === "random"
        ? state.legal[Math.floor(random() * state.legal.length)]
        : walak("bestmove", record, "--level", policy, "--seed", String(Math.floor(random() * 2 ** 30))).move;
      record += String(move);
      state = walak("state", record);
    }
    return { record, players: `${policies.south}–${policies.north}`, over: state.status !== "playing" };
  };
  const games = [];
  for (let g = 0; g < count; g++) {
    const policies = { south: POLICIES[g % 3], north: POLICIES[Math.floor(g / 3) % 3] };
    let game = play(policies);
    for (let tries = 1; whole && game.record.length < min && tries < 40; tries++) {
      const again = play(policies);
      if (again.record.length > game.record.length) game = again;
    }
    games.push(game);
  }
  return games;
}

/** The p50, p95 and max of `ms`, in seconds. */
function spread(ms) {
  if (ms.length === 0) return { count: 0, p50_s: null, p95_s: null, max_s: null };
  const sorted = [...ms].sort((a, b) => a - b);
  const s = (x) => round(x / 1000, 2);
  return {
    count: ms.length,
    p50_s: s(median(sorted)),
    p95_s: s(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]),
    max_s: s(sorted.at(-1)),
  };
}

/** The builds in turn for game `g`: each goes first every other game. */
const inTurn = (g, items) => (g % 2 ? [...items].reverse() : items);
/** A build's name in the progress lines: its folder, and its place among the --dist given. */
const buildName = (b) => `${relative(ROOT, BUILDS[b]) || "."}${BUILDS.length > 1 ? ` (#${b + 1})` : ""}`;

// ── Move values, position by position ─────────────────────────────────────────────────────────

const VALUES_LIMIT_MS = 60_000;

// Notes the moment #board shows move values for the record asked for (window.__values.target).
const VALUES_PROBE = () => {
  window.__values = { target: null, start: null, end: null };
  const check = () => {
    const v = window.__values;
    const d = document.getElementById("board")?.dataset;
    if (v.start !== null && v.end === null && d && d.record === v.target && d.moveValues) v.end = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-move-values", "data-record"] });
  window.__valuesCheck = check;
};

/**
 * One game in a fresh context: opened from a link at its start (its moves to redo), Show move
 * values switched on, then Redo position by position. Each position's time runs from the click
 * (the switch, for the start; Redo, for the others) until #board's data-move-values is set while
 * its data-record is that position's; a position not shown within 60 s counts 60 s. A game's last
 * position is left out when the game is over there (no moves, so no values).
 */
async function valuesGame(browser, base, { record, over }) {
  const context = await browser.newContext({ ...DESKTOP, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(VALUES_PROBE);
  await page.goto(`${base}?mode=two&speed=instant#walak=1&moves=${record}&at=0`);
  await page.waitForFunction(() => {
    const d = document.getElementById("board")?.dataset ?? {};
    return d.status === "playing" && d.record === "";
  }, null, { timeout: 60_000 });
  if (await page.locator("#show-values").isChecked()) throw new Error("Show move values is on in a fresh context");
  const positions = [];
  const last = over ? record.length - 1 : record.length;
  for (let ply = 0; ply <= last; ply++) {
    const target = record.slice(0, ply);
    await page.evaluate(([target, control]) => {
      window.__values = { target, start: performance.now(), end: null };
      document.getElementById(control).click();
      window.__valuesCheck();
    }, [target, ply === 0 ? "show-values" : "redo"]);
    let timeout = false;
    try {
      await page.waitForFunction(() => window.__values.end !== null, null, { timeout: VALUES_LIMIT_MS, polling: 50 });
    } catch {
      timeout = true;
    }
    const { start, end } = await page.evaluate(() => window.__values);
    const shown = await page.locator("#board").getAttribute("data-record");
    if (shown !== target) throw new Error(`after ${ply} moves of "${record}" the page shows "${shown}"`);
    positions.push({ ply, record: target, ms: timeout ? VALUES_LIMIT_MS : round(end - start), timeout });
  }
  await context.close();
  if (errors.length) throw new Error(`values of "${record}": ${errors.join("; ")}`);
  return positions;
}

/** The `n` slowest positions (a position met in several games once, with each of its times). */
function slowestPositions(times, n) {
  const byRecord = new Map();
  for (const p of times) byRecord.set(p.record, [...(byRecord.get(p.record) ?? []), p]);
  return [...byRecord.values()]
    .map((met) => met.sort((x, y) => y.ms - x.ms))
    .sort((x, y) => y[0].ms - x[0].ms)
    .slice(0, n)
    .map((met) => ({ record: met[0].record, ply: met[0].ply, seconds: met.map((p) => round(p.ms / 1000, 2)), timeout: met.some((p) => p.timeout) }));
}

/** The move values' times over `count` seeded games, the builds taking turns game by game. */
async function measureValues(browser, bases, count) {
  const games = playGames(count, 20, 45, 2026);
  const times = BUILDS.map(() => []);
  for (const [g, game] of games.entries()) {
    for (const b of inTurn(g, [...BUILDS.keys()])) {
      const started = Date.now();
      const positions = await valuesGame(browser, bases[b], game);
      times[b].push(...positions.map((p) => ({ ...p, game: g + 1 })));
      const slowest = positions.reduce((a, p) => (p.ms > a.ms ? p : a));
      console.log(`game ${g + 1}/${games.length} (${game.players}, ${game.record.length} moves${game.over ? ", over" : ""}) ` +
        `${buildName(b)}: ${positions.length} positions in ${round((Date.now() - started) / 1000)} s, ` +
        `slowest ${round(slowest.ms / 1000, 2)} s after "${slowest.record}"`);
    }
  }
  const results = BUILDS.map((dist, b) => {
    const all = times[b];
    return {
      build: relative(ROOT, dist) || ".",
      positions: all.length,
      timeouts: all.filter((p) => p.timeout).length,
      all: spread(all.map((p) => p.ms)),
      plies_0_12: spread(all.filter((p) => p.ply <= 12).map((p) => p.ms)),
      plies_13_on: spread(all.filter((p) => p.ply > 12).map((p) => p.ms)),
      slowest: slowestPositions(all, 5),
    };
  });
  console.log();
  console.log(`Move values shown (Show move values, Redo from the start), ${games.length} games; a position not shown within ${VALUES_LIMIT_MS / 1000} s counts ${VALUES_LIMIT_MS / 1000} s`);
  console.log("| build | positions | p50 s | p95 s | max s | moves 0–12: n, p50 / p95 / max s | moves 13+: n, p50 / p95 / max s | over 60 s |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const cell = (x) => `${x.count}: ${x.p50_s} / ${x.p95_s} / ${x.max_s}`;
  for (const r of results) {
    console.log(`| ${r.build} | ${r.all.count} | ${r.all.p50_s} | ${r.all.p95_s} | ${r.all.max_s} | ${cell(r.plies_0_12)} | ${cell(r.plies_13_on)} | ${r.timeouts} |`);
  }
  for (const r of results) {
    console.log(`Slowest positions, ${r.build}: ${r.slowest.map((p) => `${p.seconds.join(", ")} s after "${p.record}"${p.seconds.length > 1 ? ` (in ${p.seconds.length} games)` : ""}${p.timeout ? " (timed out)" : ""}`).join("; ")}`);
  }
  console.log(JSON.stringify({ values: { games: games.map((g) => g.record), limit_s: VALUES_LIMIT_MS / 1000, builds: results } }));
}

/** The reviews' times over `count` seeded games, the builds taking turns game by game. */
async function measureReviews(browser, bases, count) {
  const games = playGames(count, 30, 80, 2027, { whole: true });
  const times = BUILDS.map(() => []);
  for (const [g, game] of games.entries()) {
    for (const b of inTurn(g, [...BUILDS.keys()])) {
      const { seconds, state } = await reviewOnce(browser, bases[b], game.record, { phone: PHONE });
      times[b].push({ record: game.record, seconds, state });
      console.log(`game ${g + 1}/${games.length} (${game.players}, ${game.record.length} moves${game.over ? ", over" : ""}) ` +
        `${buildName(b)}: review ${seconds} s (${state})`);
    }
  }
  const where = PHONE ? "a phone (390×844, touch, device scale 3)" : "the desktop (1280×900)";
  const results = BUILDS.map((dist, b) => {
    const s = times[b].map((t) => t.seconds);
    return {
      build: relative(ROOT, dist) || ".",
      reviews: s.length,
      p50_s: round(median(s)),
      max_s: round(Math.max(...s)),
      not_done: times[b].filter((t) => t.state !== "done").length,
      games: times[b],
    };
  });
  console.log();
  console.log(`Reviews on ${where}, ${games.length} games of ${Math.min(...games.map((g) => g.record.length))}–${Math.max(...games.map((g) => g.record.length))} moves`);
  console.log("| build | reviews | p50 s | max s | not done |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of results) console.log(`| ${r.build} | ${r.reviews} | ${r.p50_s} | ${r.max_s} | ${r.not_done} |`);
  console.log(JSON.stringify({ reviews: { device: PHONE ? "phone" : "desktop", builds: results } }));
}

/**
 * The board on phone screens (Chromium's touch emulation): its drawn size, its orientation, the
 * smallest hole tap target, and whether the main actions (#new-game) are in view without scrolling.
 */
async function measurePhones(browser, base) {
  const rows = [];
  for (const [width, height] of [[360, 640], [390, 844], [412, 915], [640, 360], [844, 390]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${base}?mode=two&speed=instant`);
    await page.waitForFunction(() => document.getElementById("board")?.dataset.status === "playing", null, { timeout: 60_000 });
    rows.push(await page.evaluate(([width, height]) => {
      const board = document.getElementById("board").getBoundingClientRect();
      const holes = [...document.querySelectorAll("button.hole")].map((b) => b.getBoundingClientRect());
      const controls = document.getElementById("new-game").getBoundingClientRect();
      return {
        screen: `${width}×${height}`,
        board: `${Math.round(board.width)}×${Math.round(board.height)}`,
        orientation: document.getElementById("board").dataset.orientation ?? "landscape",
        share_of_height: round2(board.height / height),
        smallest_target: Math.floor(Math.min(...holes.map((r) => Math.min(r.width, r.height)))),
        controls_in_view: controls.bottom <= height,
        sideways_scroll: document.documentElement.scrollWidth > width,
      };
      function round2(x) {
        return Math.round(x * 100) / 100;
      }
    }, [width, height]));
    await context.close();
  }
  console.log("| screen | board (CSS px) | orientation | share of height | smallest hole target | main actions in view |");
  console.log("| --- | ---: | --- | ---: | ---: | --- |");
  for (const r of rows) {
    console.log(`| ${r.screen} | ${r.board} | ${r.orientation} | ${Math.round(r.share_of_height * 100)} % | ${r.smallest_target} px | ${r.controls_in_view ? "yes" : "no"} |`);
  }
  console.log(JSON.stringify({ phones: rows }));
}

/** The weight, animation and thinking figures of one build, its cold loads already made. */
// ── Engine calls per action ────────────────────────────────────────────────────────────────────

/**
 * The page's calls into the engine's games (every method of every game, temporary ones too) for
 * each of ten moves of a two-player game, then undo, redo, Home (back to the start) and End: the
 * mean per move, and each step's. State reads are counted apart.
 */
async function measureEngineCalls(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}?mode=two&speed=instant`);
  await page.waitForFunction(() => document.getElementById("board")?.dataset.status === "playing");
  await page.evaluate(() => {
    const proto = window.wasmBindings.Game.prototype;
    window.engineCalls = { state: 0, all: 0 };
    for (const name of Object.getOwnPropertyNames(proto)) {
      const original = proto[name];
      if (name === "constructor" || typeof original !== "function") continue;
      proto[name] = function counted(...args) {
        window.engineCalls.all += 1;
        if (name === "state") window.engineCalls.state += 1;
        return original.apply(this, args);
      };
    }
  });
  const still = () => page.waitForFunction(() => document.getElementById("board").dataset.animating === "false");
  const take = async () => {
    await still();
    await page.waitForTimeout(300);
    return page.evaluate(() => {
      const calls = { ...window.engineCalls };
      Object.assign(window.engineCalls, { state: 0, all: 0 });
      return calls;
    });
  };
  const moves = [];
  for (let i = 0; i < 10; i++) {
    const { legal, record } = await page.evaluate(() => document.getElementById("board").dataset);
    await page.keyboard.press(legal.split(",")[0]);
    await page.waitForFunction((n) => document.getElementById("board").dataset.record.length > n, record.length);
    moves.push(await take());
  }
  const steps = {};
  for (const [name, act] of [["undo", () => page.click("#undo")], ["redo", () => page.click("#redo")],
    ["home", () => page.keyboard.press("Home")], ["end", () => page.keyboard.press("End")]]) {
    await act();
    steps[name] = await take();
  }
  await page.close();
  const mean = (key) => round(moves.reduce((sum, m) => sum + m[key], 0) / moves.length, 1);
  return { move: { state: mean("state"), all: mean("all") }, ...steps };
}

async function measureBuild(browser, dist, base, loads) {
  // (a) page weight: every wasm, JS and CSS file of the build, and the first load: what the page
  // fetched (all kinds of files) before the network was quiet after the first board.
  const all = (await listFiles(dist)).filter((f) => /\.(wasm|js|css)$/.test(f));
  const rows = await weigh(all, dist);
  const fetched = [...new Set(loads[0].loaded)].map((path) => join(dist, path === "/" ? "index.html" : decodeURIComponent(path)));
  const firstLoad = await weigh(fetched, dist);
  const html = (await weigh([join(dist, "index.html")], dist))[0];

  // (c) frame rate during the opening move and a long relay move, at speed normal.
  const probe = await browser.newContext();
  const probePage = await probe.newPage();
  await probePage.goto(`${base}?mode=two&speed=instant`);
  await probePage.waitForFunction(() => window.wasmBindings?.Game, null, { timeout: 30_000 });
  const long = await findLongRelay(probePage, 40);
  await probe.close();
  const animations = [];
  for (const phone of [false, true]) {
    animations.push(await measureAnimation(browser, base, { record: "", hole: 1, label: "opening (South's hole 1, 7 laps)", phone }));
    animations.push(await measureAnimation(browser, base, {
      record: long.record,
      hole: long.hole,
      label: `long relay (${long.to_move}'s hole ${long.hole} after "${long.record}", ${long.laps} laps)`,
      phone,
    }));
  }

  // (d) the page while the computer thinks at the strongest level.
  const thinking = await measureThinking(browser, base, 4);

  const firstBoard = loads.map((l) => l.mark ?? l.observed);
  return {
    build: relative(ROOT, dist) || ".",
    weight: {
      files: rows,
      totals: totals(rows),
      first_load: { ...totals(firstLoad), requests: loads[0].loaded.length, files: firstLoad },
      index_html: { bytes: html.bytes, gzip: html.gzip },
    },
    first_board_ms: {
      source: loads.every((l) => l.mark !== null) ? "performance mark walak-first-board" : "data-status observed",
      loads: loads.length,
      median: round(median(firstBoard)),
      min: round(Math.min(...firstBoard)),
      max: round(Math.max(...firstBoard)),
      all: firstBoard.map((x) => round(x)),
      dom_content_loaded_median: round(median(loads.map((l) => l.domContentLoaded ?? NaN))),
      load_event_median: round(median(loads.map((l) => l.load ?? NaN))),
    },
    animation: animations,
    computer_thinking: thinking,
  };
}

const line = (cells, widths) => cells.map((c, i) => String(c)[i ? "padStart" : "padEnd"](widths[i])).join("  ");

/** One build's figures, as a table. */
function printBuild(result) {
  const w = [52, 10, 10];
  console.log(`Build ${result.build}`);
  console.log(line(["first load: file", "KB", "gzip KB"], w));
  for (const row of result.weight.first_load.files) console.log(line([row.file, kb(row.bytes), kb(row.gzip)], w));
  const f = result.weight.first_load;
  console.log(line([`first load (${f.requests} requests, ${f.all.files} files)`, kb(f.all.bytes), kb(f.all.gzip)], w));
  const t = result.weight.totals;
  for (const [kind, k] of Object.entries(t.byKind)) console.log(line([`all ${kind} of the build (${k.files} files)`, kb(k.bytes), kb(k.gzip)], w));
  const fb = result.first_board_ms;
  console.log(`First drawn board (${fb.source}), ${fb.loads} cold loads: median ${fb.median} ms (min ${fb.min}, max ${fb.max}); DOMContentLoaded median ${fb.dom_content_loaded_median} ms`);
  const w2 = [72, 8, 7, 6, 8, 8];
  console.log(line(["animation at speed normal", "seconds", "frames", "fps", "p95 ms", "max ms"], w2));
  for (const a of result.animation) {
    const move = a.screen === "slow phone" ? `slow phone: ${a.move}` : a.move;
    console.log(line([move, a.seconds, a.frames, a.fps, a.p95_frame_ms, a.longest_frame_ms], w2));
  }
  const c = result.computer_thinking;
  console.log(`While the computer thinks (${c.level}, ${c.computer_moves} moves, ${c.thinking_seconds} s in all):`);
  console.log(`  main-thread long tasks (over 50 ms): ${c.long_tasks}, longest ${c.longest_task_ms} ms, ${c.long_task_ms_total} ms in all`);
  console.log(`  frames: ${c.fps} fps, p95 ${c.p95_frame_ms} ms, longest ${c.longest_frame_ms} ms`);
  console.log();
}

/** The builds side by side: the figures docs/measurements.md quotes. */
function printSideBySide(results) {
  const w = [40, ...results.map(() => 18)];
  const kind = (r, k) => kb(r.weight.first_load.byKind[k]?.gzip ?? 0);
  const rows = [
    ["build", (r) => r.build],
    ["first load, gzip KB", (r) => kb(r.weight.first_load.all.gzip)],
    ["first load, KB", (r) => kb(r.weight.first_load.all.bytes)],
    ["first load, requests", (r) => r.weight.first_load.requests],
    ["  of it wasm, gzip KB", (r) => kind(r, "wasm")],
    ["  of it JavaScript, gzip KB", (r) => kind(r, "js")],
    ["  of it CSS, gzip KB", (r) => kind(r, "css")],
    ["  of it index.html, gzip KB", (r) => kind(r, "html")],
    ["whole build (wasm+JS+CSS), gzip KB", (r) => kb(r.weight.totals.all.gzip)],
    ["first drawn board, median ms", (r) => r.first_board_ms.median],
    ["long tasks while thinking", (r) => r.computer_thinking.long_tasks],
    ["longest task while thinking, ms", (r) => r.computer_thinking.longest_task_ms],
  ];
  console.log(`Side by side (one run${LANG ? `, in ${LANG}` : ""})`);
  for (const [label, value] of rows) console.log(line([label, ...results.map(value)], w));
  console.log();
}

async function main() {
  for (const dist of BUILDS) {
    try {
      await stat(join(dist, "index.html"));
    } catch {
      console.error(`measure-page: no ${join(dist, "index.html")}: build the page first (trunk build --release)`);
      process.exit(2);
    }
  }

  if (PHONE_VISITS > 0) return phoneVisits();
  const servers = await Promise.all(BUILDS.map((dist) => serveDist(dist)));
  const bases = servers.map((server) => `http://127.0.0.1:${server.address().port}/`);
  const base = bases[0];
  const browser = await chromium.launch({ headless: true, ...config.use.launchOptions });
  if (ENGINE_CALLS) {
    try {
      console.log("| build | a move: state reads / engine calls | undo | redo | Home (10 moves back) | End |");
      console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
      for (const [b, dist] of BUILDS.entries()) {
        const r = await measureEngineCalls(browser, bases[b]);
        const cell = ({ state, all }) => `${state} / ${all}`;
        console.log(`| ${relative(ROOT, dist) || dist} | ${cell(r.move)} | ${cell(r.undo)} | ${cell(r.redo)} | ${cell(r.home)} | ${cell(r.end)} |`);
      }
    } finally {
      await browser.close();
      for (const s of servers) s.close();
    }
    return;
  }
  if (VALUES_GAMES > 0 || REVIEW_GAMES > 0) {
    try {
      if (VALUES_GAMES > 0) await measureValues(browser, bases, VALUES_GAMES);
      if (REVIEW_GAMES > 0) await measureReviews(browser, bases, REVIEW_GAMES);
    } finally {
      await browser.close();
      for (const s of servers) s.close();
    }
    return;
  }
  if (PERFECT_GAMES > 0 || REVIEW !== null || PHONES) {
    try {
      if (PERFECT_GAMES > 0) await measurePerfect(browser, base, PERFECT_GAMES);
      if (REVIEW !== null) await measureReview(browser, base, REVIEW);
      if (PHONES) await measurePhones(browser, base);
    } finally {
      await browser.close();
      for (const s of servers) s.close();
    }
    return;
  }
  try {
    // (b) first, on a quiet machine: cold loads, the builds taking turns so that both meet the
    // same moments of a noisy machine.
    const loads = BUILDS.map(() => []);
    for (let i = 0; i < LOADS; i++) {
      for (const [b, url] of bases.entries()) loads[b].push(await coldLoad(browser, LANG ? `${url}?lang=${LANG}` : url));
    }
    const results = [];
    for (const [b, dist] of BUILDS.entries()) results.push(await measureBuild(browser, dist, bases[b], loads[b]));
    for (const result of results) printBuild(result);
    if (results.length > 1) printSideBySide(results);
    const browserName = `Chromium ${browser.version()} (headless)`;
    const slim = results.map((r) => ({ ...r, weight: { ...r.weight, files: undefined, first_load: { ...r.weight.first_load, files: undefined } } }));
    console.log(JSON.stringify({ builds: slim, browser: browserName }, null, 2));
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}

/**
 * The link to the game `record` as the build in `dist` gives it out from a page showing move
 * values: with the position it shows written out (`position`, which a first visit draws before its
 * engine) and every move's value there (`values`), each where the build knows that part (its
 * refusals name `position_differs`, `bad_values`), else its moves alone.
 */
function givenLink(dist, record) {
  const knows = (/** @type {string} */ text) => buildKnows(dist, text);
  let link = `#walak=1&moves=${record}`;
  if (knows("position_differs")) {
    const { board, reserves, to_move } = walak("state", record);
    link += `&position=${board.join(".")}-${reserves.join(".")}-${to_move}`;
  }
  if (knows("bad_values")) {
    const { move_values } = walak("solve", record);
    link += `&values=${Array.from({ length: 7 }, (_, i) => move_values[String(i + 1)] ?? "x").join(".")}`;
  }
  return link;
}

/** Whether any of the scripts of the build in `dist` holds `text`. */
function buildKnows(dist, text) {
  const scripts = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
  return scripts.some((file) => readFileSync(join(dist, file), "utf8").includes(text));
}

/**
 * The first link `fragment` as the build in `dist` would give it out: a Parker game's link without
 * its written position where the build cannot read one (its reader of a Parker position's marks,
 * share/link-position.js, is not in it).
 */
function firstLinkFor(dist, fragment) {
  const parker = /[#&]rules=parker-/.test(fragment);
  return parker && !buildKnows(dist, "[012sn]{14}") ? fragment.replace(/&position=[^&]*/, "") : fragment;
}

/**
 * Says so when `walak serve` would name none of a build's first requests: it reads them from
 * `index.html.links` only when that is no older than the page, which a copy of a build made
 * without its files' times (not `cp -a`) may break, slowing that build's first visits.
 */
function warnOfStaleLinks(dist) {
  try {
    if (statSync(join(dist, "index.html.links")).mtimeMs < statSync(join(dist, "index.html")).mtimeMs) {
      console.warn(`measure-page: ${dist}/index.html.links is older than its page, so walak serve names none of its first requests: copy a build with its files' times (cp -a)`);
    }
  } catch {
    // A build from before the list was written: nothing to name.
  }
}

/** `--phone-visits`: each build through `walak serve`, on the slow phone. */
async function phoneVisits() {
  // Positions with moves to value: a game that ended has none.
  // (Two sets: the first opened by their moves alone, the second as each build gives links out.)
  const games = playGames(PHONE_LINKS * 6, 10, 40, 2028).filter((game) => !game.over).map((game) => game.record);
  const links = games.slice(0, PHONE_LINKS);
  const given = games.slice(PHONE_LINKS, 2 * PHONE_LINKS);
  const servers = [];
  const { executablePath, args } = config.use.launchOptions;
  const driver = PHONE_DRIVER === "playwright"
    ? playwrightDriver(await chromium.launch({ headless: true, ...config.use.launchOptions }))
    : bareDriver(await launchBareChromium({ executablePath, args: [...args, "--hide-scrollbars", "--mute-audio"] }));
  try {
    for (const dist of BUILDS) {
      warnOfStaleLinks(dist);
      servers.push(await serveWithWalak(WALAK, dist));
    }
    const results = await measurePhoneVisits(driver, servers.map((s) => s.url), {
      visits: PHONE_VISITS,
      links,
      givenLinks: BUILDS.map((dist) => given.map((record) => ({ record, fragment: givenLink(dist, record) }))),
      firstLinks: BUILDS.map((dist) => (PHONE_FIRST_LINK ? firstLinkFor(dist, PHONE_FIRST_LINK) : givenLink(dist, links[0] ?? "7264"))),
      locale: PHONE_LOCALE,
      frame: PHONE_FRAME,
      setup: PHONE_SETUP,
      onProgress: (b, turn, { first, returning, later, embed, first_link }) =>
        console.log(`${turn < 0 ? "warm-up round, not counted," : `round ${turn + 1}/${PHONE_VISITS}`} ${buildName(b)}: first visit playable ${round(first.playable)} ms, returning ${round(returning.playable)} ms, later ${round(later.playable)} ms, embed board ${round(embed.drawn)} ms, first link board ${round(first_link.drawn)} ms`),
    });
    const names = BUILDS.map((_, b) => buildName(b));
    console.log();
    printPhoneVisits(names, results, PHONE_LOCALE);
    const figures = results.map((r, b) => ({ build: names[b], ...Object.fromEntries(Object.entries(r).map(([k, list]) => [k, summarize(list)])), visits: r }));
    console.log(JSON.stringify({ phone: { links, given_links: given, frame: PHONE_FRAME, setup: PHONE_SETUP, first_link: PHONE_FIRST_LINK, locale: PHONE_LOCALE ?? null, browser: `Chromium ${driver.version} (headless)`, driver: driver.name, builds: figures } }));
  } finally {
    await driver.close();
    for (const s of servers) s.stop();
  }
}

main().catch((error) => {
  console.error(`measure-page: ${error.stack ?? error}`);
  process.exit(1);
});
