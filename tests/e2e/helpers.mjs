// Shared helpers for the end-to-end tests: a `test` that fails on any console error, reading the
// board element's attributes (docs/page-contract.md), asking the engine in the page what the state
// of a record is, and playing moves by clicking, by keyboard or by seeded random choice.
import { test as base, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export { expect };

/**
 * A time budget of `ms` on a quiet machine, for this run: longer on a loaded one (by the factor
 * playwright.config.mjs works out as the run starts, 1 to 4). Budgets end a test that hangs; no
 * test measures speed with one.
 */
export const budget = (ms) => ms * Number(process.env.WALAK_E2E_SLOWER || 1);

/** Screenshots go here (ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));

export const START_BOARD = Array(14).fill(4);

/**
 * A position set up by hand (so that no book holds it) that the solver cannot prove in any time a
 * test waits: South holds every seed but North's two. Natively, one thread and a 32 MB table,
 * `walak solve --board 8,8,8,8,8,8,6,2,0,0,0,0,0,0 --reserves 0,0 --to-move south --no-move-values
 * --threads 1 --table-mb 32` visits 192 million positions, about two minutes of a core of the
 * shared two-core machine: fifteen times the perfect level's 8 s for native code, and the page's
 * WebAssembly is about four times slower (the start position before the endgame table: 12–15 s
 * against 3.4–3.7 s). The opening with one seed moved, used before, took 4.2 million positions
 * (3.6 s natively): near enough to 8 s that a fast machine proved it.
 */
export const UNPROVABLE = { board: [8, 8, 8, 8, 8, 8, 6, 2, 0, 0, 0, 0, 0, 0], reserves: [0, 0], to_move: "south" };
export const ALL_HOLES = [1, 2, 3, 4, 5, 6, 7];
export const SAVE_KEY = "walak-pussa.game";
export const UNREADABLE_KEY = "walak-pussa.game.unreadable";

/**
 * The shipped puzzles (www/puzzles.txt, or the file WALAK_PUZZLES names), as lines:
 * {id, rating, record, values: Map(hole → value), value, best, line}.
 */
export function shippedPuzzles() {
  return readFileSync(process.env.WALAK_PUZZLES ?? new URL("../../www/puzzles.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [id, rating, record, values, moves] = line.split(" ");
      const map = new Map(values.split(",").map((pair) => pair.split(":").map(Number)));
      const value = Math.max(...map.values());
      const best = [...map].find(([, v]) => v === value)[0];
      return { id, rating: Number(rating), record, values: map, value, best, line: moves };
    });
}

/** Collects console errors and uncaught page errors of a page. */
export function watchErrors(page) {
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/**
 * The Playwright `test`, with every page of the test's own context watched: the test fails if the
 * page logged a console error or threw an uncaught error. Pages of other contexts need
 * `watchErrors` themselves.
 */
export const test = base.extend({
  pageErrors: [
    async ({ page }, use) => {
      const errors = watchErrors(page);
      await use(errors);
      expect(errors, "console errors and uncaught page errors").toEqual([]);
    },
    { auto: true },
  ],
});

// ── Reading the board element ──────────────────────────────────────────────────────────────────

const numbers = (text) => (text ? text.split(",").map(Number) : []);

/** The board element's data attributes, parsed (field names as in the engine's state). */
export async function readBoard(page) {
  const data = await page.locator("#board").evaluate((canvas) => ({ ...canvas.dataset }));
  return parseBoard(data);
}

export function parseBoard(data) {
  return {
    board: numbers(data.board),
    reserves: numbers(data.reserves),
    to_move: data.toMove,
    status: data.status,
    round: Number(data.round),
    legal: numbers(data.legal),
    playable: numbers(data.playable),
    winner: data.winner || null,
    ending: data.ending || null,
    record: data.record ?? null,
    animating: data.animating ?? null,
    mode: data.mode ?? null,
  };
}

/** Board counts and reserves only: what an animation frame draws. */
export async function readCounts(page) {
  const { board, reserves } = await readBoard(page);
  return { board, reserves };
}

// ── The engine, in the page ────────────────────────────────────────────────────────────────────

/** The engine's state after `record` (`Game.fromRecord(record, options).state()`). */
export async function engineState(page, record, options = null) {
  return page.evaluate(
    ([record, options]) => {
      const game = window.wasmBindings.Game.fromRecord(record, options);
      try {
        return game.state();
      } finally {
        game.free();
      }
    },
    [record, options],
  );
}

/** The state before playing `hole` after `record`, and the trace the move would have. */
export async function previewMove(page, record, hole, options = null) {
  return (await previewMoves(page, [[record, hole]], options))[0];
}

/** `previewMove` for each `[record, hole]` of `moves`, in one call into the page. */
export async function previewMoves(page, moves, options = null) {
  return page.evaluate(
    ([moves, options]) =>
      moves.map(([record, hole]) => {
        const game = window.wasmBindings.Game.fromRecord(record, options);
        try {
          return { before: game.state(), trace: game.preview(hole) };
        } finally {
          game.free();
        }
      }),
    [moves, options],
  );
}

/**
 * The drawn counts after each event of a trace, applied to `before` as the engine's replayer does
 * (a lift or relay empties the hole into the hand, a drop adds one seed, a capture or claim moves
 * a hole into a reserve, a fill moves seeds from the owner's reserve into a hole). Entry 0 is the
 * position before the move; entry i+1 follows event i. Each entry also carries the lap.
 */
export function traceFrames(before, trace) {
  const board = [...before.board];
  const reserves = [...before.reserves];
  let mover = before.to_move === "south" ? 0 : 1;
  let lap = 1;
  const frames = [{ board: [...board], reserves: [...reserves], lap, event: null }];
  for (const event of trace) {
    switch (event.event) {
      case "lift":
        board[event.hole] = 0;
        break;
      case "relay":
        board[event.hole] = 0;
        lap = event.lap;
        break;
      case "drop":
        board[event.hole] += 1;
        break;
      case "capture":
        board[event.hole] = 0;
        reserves[mover] += event.seeds;
        break;
      case "claim":
        board[event.hole] = 0;
        reserves[event.side === "south" ? 0 : 1] += event.seeds;
        break;
      case "fill":
        board[event.hole] = event.seeds;
        reserves[event.hole < 7 ? 0 : 1] -= event.seeds;
        break;
      case "turn_pass":
        mover = event.to === "south" ? 0 : 1;
        break;
      default:
        break;
    }
    frames.push({ board: [...board], reserves: [...reserves], lap, event: event.event });
  }
  return frames;
}

const sameCounts = (a, b) =>
  a.board.join(",") === b.board.join(",") && a.reserves.join(",") === b.reserves.join(",");

/** Indices of the frames whose counts equal `counts`. */
export function frameIndices(frames, counts) {
  return frames.flatMap((frame, i) => (sameCounts(frame, counts) ? [i] : []));
}

/** True when `after` follows `before` by exactly one event of the trace (or zero, for an event that moves nothing). */
export function isOneEventStep(frames, before, after) {
  return frameIndices(frames, before).some((i) => i + 1 < frames.length && sameCounts(frames[i + 1], after));
}

// ── Holes ──────────────────────────────────────────────────────────────────────────────────────

/** Track index of the mover's hole `n` (1–7 from the mover's left). */
export const trackIndex = (side, n) => (side === "south" ? n - 1 : n + 6);

export const holeButton = (page, index) => page.locator(`button.hole[data-hole="${index}"]`);

/** The hole buttons: track index, aria-label and whether they are disabled, in track order. */
export async function readHoles(page) {
  const holes = await page.locator("button.hole").evaluateAll((buttons) =>
    buttons.map((button) => ({
      hole: Number(button.dataset.hole),
      label: button.getAttribute("aria-label") ?? "",
      disabled: button.getAttribute("aria-disabled") === "true" || button.disabled,
    })),
  );
  return holes.sort((a, b) => a.hole - b.hole);
}

/**
 * Checks the board element against the engine's state for its record (played from `start`, a
 * position set up by hand, when given), and the hole buttons against that state. `options` are
 * the game's options; `person` is the side the person plays against the computer (null in
 * two-player mode). Returns the parsed board attributes.
 */
export async function expectMatchesEngine(page, { options = null, person = null, mode = null, start = null } = {}) {
  // One round trip: the attributes, the engine's state for the record they show, the hole buttons
  // and the end-of-game panel, all read at the same moment.
  const snapshot = await page.evaluate(([options, start]) => {
    const data = { ...document.getElementById("board").dataset };
    let engine = null;
    let engineError = null;
    if (/^[1-7]*$/.test(data.record ?? "x")) {
      try {
        const { Game } = window.wasmBindings;
        const game = start
          ? Game.fromPosition({ ...start, rounds: options?.rounds ?? false }, data.record)
          : Game.fromRecord(data.record, options);
        engine = game.state();
        game.free();
      } catch (error) {
        engineError = error.message;
      }
    }
    const holes = [...document.querySelectorAll("button.hole")].map((button) => ({
      hole: Number(button.dataset.hole),
      label: button.getAttribute("aria-label") ?? "",
      disabled: button.getAttribute("aria-disabled") === "true" || button.disabled,
    }));
    const panel = document.getElementById("game-over");
    const gameOverShown =
      !!panel && !panel.hidden && panel.getClientRects().length > 0 && getComputedStyle(panel).visibility !== "hidden";
    return { data, engine, engineError, holes, gameOverShown };
  }, [options, start]);
  const shown = parseBoard(snapshot.data);
  expect(shown.animating, "data-animating").toBe("false");
  expect(shown.record, "data-record").toMatch(/^[1-7]*$/);
  expect(snapshot.engineError, `the engine on record "${shown.record}"`).toBeNull();
  const engine = snapshot.engine;
  const pick = (s) => ({
    board: s.board,
    reserves: s.reserves,
    to_move: s.to_move,
    status: s.status,
    round: s.round,
    legal: s.legal,
    winner: s.winner ?? null,
    ending: s.ending ?? null,
  });
  expect(pick(shown), `board attributes for record "${shown.record}"`).toEqual(pick(engine));
  if (mode) expect(shown.mode, "data-mode").toBe(mode);

  const holes = snapshot.holes.sort((a, b) => a.hole - b.hole);
  expect(holes.map((h) => h.hole), "the 14 hole buttons").toEqual([...Array(14).keys()]);
  const personToMove = person === null || person === engine.to_move;
  const problems = [];
  for (const { hole, label, disabled } of holes) {
    const side = hole < 7 ? "South" : "North";
    const number = hole < 7 ? hole + 1 : hole - 6;
    const seeds = engine.board[hole];
    const seedText =
      engine.in_play && !engine.in_play[hole]
        ? "out of play"
        : seeds === 0
          ? "(0 seeds|no seeds|empty)"
          : seeds === 1
            ? "1 seed\\b"
            : `${seeds} seeds`;
    if (!new RegExp(`^${side} hole ${number}, ${seedText}`).test(label)) {
      problems.push(`hole ${hole}: aria-label "${label}" should say ${side} hole ${number}, ${seedText}`);
    }
    const playable =
      engine.status === "playing" &&
      personToMove &&
      (hole < 7) === (engine.to_move === "south") &&
      engine.legal.includes(number);
    if (disabled === playable) {
      problems.push(`hole ${hole} (${label}) is ${disabled ? "disabled" : "enabled"}, should be ${playable ? "enabled" : "disabled"}`);
    }
  }
  // One assertion for all fourteen holes keeps the report (and the trace) short.
  expect(problems, `hole buttons for record "${shown.record}"`).toEqual([]);
  // The end-of-game panel shows exactly when the game is over.
  expect(snapshot.gameOverShown, "#game-over visible").toBe(engine.status === "game_over");
  return shown;
}

// ── Workers ────────────────────────────────────────────────────────────────────────────────────

/**
 * For `page.addInitScript`: notes, before the page's scripts run, every message the page posts to
 * a worker and every message a worker answers with; while `window.holdThinks` is true, questions
 * to the computer ("think") wait until `window.releaseThinks()` posts them, so a test can act while
 * an answer is pending. `window.questionsOpen()` counts the questions asked (of the computer, the
 * solver or the review) that have had no end yet: neither an answer nor their worker ended (the
 * page ends a worker to stop its search). Once none is open, nothing asked before can still come.
 */
export const WORKER_PROBE = () => {
  window.toWorker = [];
  window.fromWorker = [];
  window.holdThinks = false;
  const questions = []; // {worker, id, ended}
  window.questionsOpen = () => questions.filter((q) => !q.ended).length;
  const held = [];
  const heard = new WeakSet();
  const post = Worker.prototype.postMessage;
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {
    for (const q of questions) if (q.worker === this) q.ended = true;
    return terminate.call(this);
  };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (!heard.has(this)) {
      heard.add(this);
      this.addEventListener("message", ({ data }) => {
        window.fromWorker.push({ type: data?.type, id: data?.id });
        if (data?.type !== "result" && data?.type !== "error") return; // progress is no end
        for (const q of questions) if (q.worker === this && q.id === data.id) q.ended = true;
      });
    }
    const { type, id, purpose, level } = message ?? {};
    window.toWorker.push({ type, id, purpose, level });
    if (type === "think") questions.push({ worker: this, id, ended: false });
    if (type === "think" && window.holdThinks) held.push(() => post.call(this, message, ...rest));
    else post.call(this, message, ...rest);
  };
  window.releaseThinks = () => {
    window.holdThinks = false;
    for (const send of held.splice(0)) send();
  };
};

// ── Waiting and playing ────────────────────────────────────────────────────────────────────────

/**
 * Waits until the page (or a frame) has settled: the engine loaded and a game on the board
 * (`data-status` `playing` or `game_over`, unless `status` says which), no move being shown
 * (`data-animating="false"`), and the board as the test expects it now. A test acts on the board
 * only after this, once anything changed the game: a new game, a link opened, a reload, undo, a
 * dialog closed, a move played. `expected` (all optional):
 * - any attribute of the board by its dataset name, e.g. `{ mode: "computer", record: "35",
 *   toMove: "north", live: "playing", seat: "south", you: "north", thinking: false }`: equal to it
 *   (`record` is what tells a new game from the one it replaced, `mode` a new kind of game);
 * - `person: "south"`: the person's turn, the computer not thinking (`data-thinking="false"`), or
 *   the game over;
 * - `moves: n`: a record of at least `n` moves.
 * On a timeout the error says what the board showed instead.
 */
export async function settled(page, expected = {}, timeout = 15_000) {
  timeout = budget(timeout);
  const { person = null, moves = 0, ...attributes } = expected;
  const wanted = Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, String(value)]));
  try {
    await page.waitForFunction(
      ({ wanted, person, moves }) => {
        const data = document.getElementById("board")?.dataset ?? {};
        if (data.animating !== "false") return false;
        if (!("status" in wanted) && data.status !== "playing" && data.status !== "game_over") return false;
        if (Object.entries(wanted).some(([name, value]) => data[name] !== value)) return false;
        if ((data.record ?? "").length < moves) return false;
        if (person === null || data.status === "game_over") return true;
        return data.toMove === person && data.thinking !== "true";
      },
      { wanted, person, moves },
      { timeout, polling: 20 },
    );
  } catch (error) {
    const shown = await page
      .evaluate(() => JSON.stringify({ ...(document.getElementById("board")?.dataset ?? {}) }))
      .catch(() => "(the page could not be read)");
    throw new Error(`the page did not settle as expected (${JSON.stringify(expected)}) within ${timeout} ms; the board showed ${shown}`, {
      cause: error,
    });
  }
}

/** Waits until the page shows a record of at least `length` moves and no animation. */
export const waitForRecordLength = (page, length, timeout = 15_000) => settled(page, { moves: length }, timeout);

/**
 * Runs `act` (a click or a key that closes the dialog `id`) and waits until the dialog's `close`
 * event has been handled: the page acts on a dialog's choice (New game's start, for one) in that
 * event, a task after the dialog is hidden, so a hidden dialog does not yet mean its choice is on
 * the board. Settle the board after this.
 */
export async function closeDialog(page, id, act) {
  await page.evaluate((id) => {
    window.walakTestClosed ??= {};
    window.walakTestClosed[id] = false;
    // Registered after the page's own listeners, so it runs after them; the timer lets a listener's
    // own microtasks run first.
    document.getElementById(id).addEventListener("close", () => setTimeout(() => (window.walakTestClosed[id] = true)), { once: true });
  }, id);
  await act();
  await page.waitForFunction((id) => window.walakTestClosed[id] === true, id, { polling: 20 });
}

/**
 * Starts a game from the New game dialog (opened unless it is open already) with `choices`
 * (`{rules, mode, side, level, rounds, first}`, each optional: the dialog keeps what it shows for the
 * others), and waits until it is on the board, `expected` as for `settled` (the record is empty
 * unless it says otherwise). On a phone the dialog's button may be under More.
 */
export async function startNewGame(page, choices = {}, expected = {}) {
  const dialog = page.locator("dialog#new-game-dialog");
  if (!(await dialog.isVisible())) await (await showControl(page, "#new-game")).click();
  await expect(dialog).toBeVisible();
  for (const name of ["rules", "mode", "side", "level", "first"]) {
    if (choices[name]) await dialog.locator(`input[name="${name}"][value="${choices[name]}"]`).check();
  }
  if (choices.rounds !== undefined) await dialog.locator('input[name="rounds"]').setChecked(choices.rounds);
  await closeDialog(page, "new-game-dialog", () => dialog.locator("#start-game").click());
  await settled(page, { record: "", ...(choices.mode ? { mode: choices.mode } : {}), ...expected });
}

/**
 * Waits until no dialog's closing is still taking its history entry back (dialogs.js does, a moment
 * after the dialog closed), which would cancel a navigation or a reload still on its way, or undo
 * a fragment just set. While a dialog is open, its entry stays.
 */
export async function dialogsSettled(page) {
  if (!page.url().startsWith("http")) return;
  await page.waitForFunction(() => history.state?.walakDialog !== true || document.querySelector("dialog[open]") !== null);
}

/** Opens the page (a fresh context has no saved game) and waits for the game. */
export async function openPage(page, query = "?mode=two&speed=instant") {
  await dialogsSettled(page);
  await page.goto(`./${query}`);
  await settled(page);
}

/**
 * Plays the mover's hole `n` with `how`: "click" the hole button, "enter" or "space" on the focused
 * button, or "digit" (the key n). Waits for the move and returns the new record. `before`, when
 * given, is what the board shows now (as just read by the caller), which then is not read again.
 */
export async function playMove(page, n, how = "click", before = null) {
  before ??= await readBoard(page);
  const index = trackIndex(before.to_move, n);
  const button = holeButton(page, index);
  switch (how) {
    case "click":
      await button.click();
      break;
    case "enter":
      await button.focus();
      await page.keyboard.press("Enter");
      break;
    case "space":
      await button.focus();
      await page.keyboard.press(" ");
      break;
    case "digit":
      await page.keyboard.press(String(n));
      break;
    default:
      throw new Error(`unknown way to play: ${how}`);
  }
  await waitForRecordLength(page, before.record.length + 1);
  const after = await readBoard(page);
  expect(after.record, `record after playing hole ${n} (${how})`).toBe(before.record + String(n));
  return after.record;
}

/** A small seeded pseudo-random generator (mulberry32): returns floats in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const choose = (random, items) => items[Math.floor(random() * items.length)];

/**
 * A seeded random game of at least `minMoves` moves (fewer only if none is found), computed with
 * the engine in the page: the list of holes (1–7) to play. Seeds are tried from `seed` on.
 */
export async function randomGame(page, { seed = 1, minMoves = 20, maxMoves = minMoves, options = null } = {}) {
  return page.evaluate(
    ({ seed, minMoves, maxMoves, options, source }) => {
      const random = new Function(`return ${source}`)()(seed);
      let best = [];
      for (let attempt = 0; attempt < 50; attempt++) {
        const game = new window.wasmBindings.Game(options);
        const moves = [];
        while (moves.length < maxMoves) {
          const state = game.state();
          if (state.status !== "playing") break;
          const hole = state.legal[Math.floor(random() * state.legal.length)];
          game.play(hole);
          moves.push(hole);
        }
        game.free();
        if (moves.length >= minMoves) return moves;
        if (moves.length > best.length) best = moves;
      }
      return best;
    },
    { seed, minMoves, maxMoves, options, source: seededRandom.toString() },
  );
}

/** The saved game in localStorage, parsed (null when absent or unreadable). */
export async function savedGame(page) {
  return page.evaluate((key) => {
    try {
      return JSON.parse(localStorage.getItem(key));
    } catch {
      return null;
    }
  }, SAVE_KEY);
}

/**
 * Waits `ms` milliseconds, only to see that nothing happens meanwhile (a test that waits for
 * something to happen waits for it, with `settled` or `expect`).
 */
export const pause = (page, ms) => page.waitForTimeout(ms);

/**
 * Lets `ms` milliseconds pass on the page's own clock: a timer started in the page now. A timer the
 * page started earlier (a hold's, when the press began) and due sooner has run by then, however
 * busy the machine, which a wait in the test's own process cannot promise.
 */
export const pageTimePasses = (page, ms) => page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), ms);

/**
 * A page in a new context sized like a phone (390×844 in portrait unless `[width, height]` say
 * otherwise; pixel ratio 3, touch), watched for errors.
 */
export async function phonePage(browser, [width, height] = [390, 844]) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/**
 * A control of the page's bars, made visible: on a phone only the main actions show, and the
 * others open under "More" (#more).
 */
export async function showControl(page, selector) {
  const control = page.locator(selector);
  const more = page.locator("#more");
  // The page may still be starting: a tap on "More" before its controls are wired opens nothing,
  // so it is tapped again until it has opened (and never again once open, which would close it).
  await expect(async () => {
    const closed = (await more.isVisible()) && (await more.getAttribute("aria-expanded")) !== "true";
    if (closed && !(await control.isVisible())) await more.click();
    await expect(control).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: budget(15_000) });
  return control;
}

const touchSessions = new WeakMap();

/** The page's own session of the browser's protocol, for touches. */
async function touchSession(page) {
  if (!touchSessions.has(page)) touchSessions.set(page, await page.context().newCDPSession(page));
  return touchSessions.get(page);
}

/**
 * Taps the middle of `locator` with a finger, as `locator.tap()` does (`force` as there: a hole
 * that cannot be played is aria-disabled, yet a finger can tap it), but with the touch's start and
 * end sent to the browser together. Sent one after the other, a busy machine can keep this process
 * between them for longer than a hold (0.38 s on a hole, 0.5 s on the position editor's buttons),
 * and the page then rightly takes the touch for a hold: a preview, or a seed taken away, instead.
 */
export async function tap(locator, { force = false } = {}) {
  // Playwright's own checks, and its scrolling until nothing covers the element, without the tap.
  await locator.tap({ trial: true, force });
  const box = await locator.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await touchSession(locator.page());
  await Promise.all([
    cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] }),
    cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
  ]);
}

/** Holds a finger on the element for `ms` milliseconds of the page's clock (touch start, wait, touch end). */
export async function hold(page, locator, ms) {
  const box = await locator.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await touchSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await pageTimePasses(page, ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Puts `value` in place as the saved game before the page's own scripts run, on the first load only. */
export async function seedSavedGame(page, value) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem("walak-test-seeded")) {
        sessionStorage.setItem("walak-test-seeded", "1");
        localStorage.setItem(key, value);
      }
    },
    [SAVE_KEY, value],
  );
}

const HOST = "embed-host-for-tests.html";

/**
 * Opens a host page, served beside the game (Chromium does not let another page frame a local
 * server), with one iframe per `frames` entry ({id, src, width, height}), or, for an entry
 * {id, code}, the Embed dialog's code as it is, alone in a column `div#id` of the page's width.
 * The host keeps every message from the game in `window.heard`. Returns the frames by id, and the
 * list of every request the page and its frames made.
 */
export async function openHost(page, baseURL, frames) {
  // The full page installs a service worker (offline.js), which would serve the host page itself,
  // around the route below: a test that opened the full page first lets it go. (The embed
  // installs none: a test below checks that.)
  if (page.url().startsWith(baseURL)) {
    // A dialog just closed takes its history entry back (ui/dialogs.js) a moment later: that
    // history.back() would abort the navigation below, so it is waited for.
    await page.waitForFunction(() => history.state?.walakDialog !== true);
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    });
  }
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.route(`${baseURL}${HOST}`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Host</title>
      <meta name="viewport" content="width=device-width, initial-scale=1"><script>
        window.heard = [];
        addEventListener("message", (e) => { if (e.data && e.data.source === "walak-pussa") window.heard.push(e.data); });
      </script></head><body style="margin:8px">${frames
        .map(({ id, src, width, height, code }) => code !== undefined
          ? `<div id="${id}" style="margin:0 0 8px">${code}</div>`
          : `<iframe id="${id}" src="${src.replaceAll("&", "&amp;")}" title="${id}" width="${width}" height="${height}" style="border:0;display:block;margin:0 0 8px"></iframe>`)
        .join("")}</body></html>`,
    }),
  );
  await page.goto(`${baseURL}${HOST}`);
  const byId = {};
  for (const { id } of frames) {
    byId[id] = await (await page.$(`iframe#${id}, div#${id} > iframe`)).contentFrame();
    await settled(byId[id]);
  }
  return { frames: byId, requests };
}

/**
 * The lesson's steps as the engine works them out: the computer's engine's `lesson()`, under Node
 * as the unit tests load it (the page's own engine leaves the lesson out; the build writes these
 * steps into the lesson's script).
 */
export async function lessonSteps() {
  const { loadEngine } = await import("../unit/support/engine.mjs");
  return (await loadEngine()).lesson();
}

/** Keeps the canvas's pixels in the page, for `changedPixels` to compare with later. */
export const keepPixels = (page) =>
  page.locator("#board").evaluate((canvas) => {
    window.keptPixels = { width: canvas.width, data: canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data };
  });

/**
 * How many of the canvas's pixels differ from those kept by more than the last bit or two of a
 * colour (the browser's gradients may round a shade differently from one drawing to the next; a
 * seed, a count or a mark in another place changes thousands of pixels by far more).
 */
export const changedPixels = (page) =>
  page.locator("#board").evaluate((canvas) => {
    const { width, data: kept } = window.keptPixels;
    if (width !== canvas.width || kept.length !== canvas.width * canvas.height * 4) return Infinity;
    const now = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let changed = 0;
    for (let i = 0; i < now.length; i += 4) {
      for (let c = 0; c < 4; c++) {
        if (Math.abs(now[i + c] - kept[i + c]) > 8) {
          changed += 1;
          break;
        }
      }
    }
    return changed;
  });
