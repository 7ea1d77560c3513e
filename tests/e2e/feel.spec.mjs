// Sound and vibration (www/board/feel.js): off by default, remembered, heard seed by seed and bead by
// bead, at most one sound a move at the instant speed, never a vibration with reduced motion,
// nothing while the page is hidden, nothing in an embed, and no harm where the browser has no
// Web Audio. The page's AudioContext and navigator.vibrate are replaced by fakes that record what
// the page asks of them.
import { build } from "esbuild";
import { test, expect, ARTIFACTS, holeButton, openPage, settled, waitForRecordLength } from "./helpers.mjs";

const SOUND_KEY = "walak-pussa.sound";
const VIBRATION_KEY = "walak-pussa.vibration";

// A pearl necklace of five beads when South plays hole 3 (the Rules dialog's example).
const NECKLACE = "#walak=1&board=0.1.1.3.2.1.0.2.1.3.0.1.0.4&reserves=20.17&turn=south";
// South plays hole 1 and North, with no seeds left, has no move: the game is over.
const LAST_MOVE = "#walak=1&board=1.0.0.0.0.0.0.0.0.0.0.0.0.0&reserves=30.25&turn=south";

/**
 * Replaces AudioContext and navigator.vibrate before the page's scripts run. `window.heard`
 * records contexts made, every source started ({kind, type, hz, when}) and every vibration.
 * The fake AudioParam refuses what the real one refuses (non-finite values, an exponential ramp
 * to zero or below).
 */
function installFakes() {
  const heard = { contexts: 0, resumed: 0, starts: [], vibrations: [] };
  window.heard = heard;
  const finite = (...values) => {
    for (const v of values) if (!Number.isFinite(v)) throw new TypeError(`non-finite value ${v}`);
  };
  class Param {
    constructor(value) {
      this.value = value;
      this.first = null;
    }
    setValueAtTime(value, time) {
      finite(value, time);
      if (this.first === null) this.first = value;
      this.value = value;
      return this;
    }
    linearRampToValueAtTime(value, time) {
      finite(value, time);
      this.value = value;
      return this;
    }
    exponentialRampToValueAtTime(value, time) {
      finite(value, time);
      if (value <= 0) throw new RangeError("an exponential ramp must stay above zero");
      this.value = value;
      return this;
    }
  }
  class Node {
    connect(node) {
      return node;
    }
    disconnect() {}
  }
  class Source extends Node {
    constructor(kind) {
      super();
      this.kind = kind;
      this.type = "sine";
      this.frequency = new Param(440);
      this.buffer = null;
    }
    start(when = 0) {
      finite(when);
      heard.starts.push({ kind: this.kind, type: this.type, hz: this.frequency.first ?? this.frequency.value, when });
    }
    stop() {}
  }
  class FakeAudioContext {
    constructor() {
      heard.contexts += 1;
      this.state = "running";
      this.sampleRate = 48000;
      this.destination = new Node();
      this.born = performance.now();
    }
    get currentTime() {
      return (performance.now() - this.born) / 1000;
    }
    createOscillator() {
      return new Source("oscillator");
    }
    createBufferSource() {
      return new Source("buffer");
    }
    createGain() {
      return Object.assign(new Node(), { gain: new Param(1) });
    }
    createBiquadFilter() {
      return Object.assign(new Node(), { type: "lowpass", frequency: new Param(350), Q: new Param(1) });
    }
    createBuffer(channels, length, sampleRate) {
      const data = Array.from({ length: channels }, () => new Float32Array(length));
      return { length, sampleRate, numberOfChannels: channels, getChannelData: (i) => data[i] };
    }
    resume() {
      heard.resumed += 1;
      this.state = "running";
      return Promise.resolve();
    }
    suspend() {
      this.state = "suspended";
      return Promise.resolve();
    }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = undefined;
  Object.defineProperty(navigator, "vibrate", {
    configurable: true,
    value: (pattern) => {
      heard.vibrations.push(pattern);
      return true;
    },
  });
}

const heard = (page) => page.evaluate(() => window.heard);

/** Plays the hole at track index `index` by clicking it and waits until the move has been shown. */
async function play(page, index) {
  const length = ((await page.locator("#board").getAttribute("data-record")) ?? "").length;
  await holeButton(page, index).click();
  await waitForRecordLength(page, length + 1, 30_000);
}

/** Plays the first legal hole of the player to move. */
async function playAny(page) {
  const { toMove, legal } = await page.locator("#board").evaluate((board) => ({ ...board.dataset }));
  const n = Number(legal.split(",")[0]);
  await play(page, toMove === "south" ? n - 1 : n + 6);
}

/** Sounds started: sources starting at the same instant are one sound (a tock and its click). */
const sounds = (starts) => new Set(starts.map((s) => s.when)).size;

test("by default a move makes no sound and no vibration", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, "?mode=two&speed=fast");
  await expect(page.locator("#sound")).toBeVisible();
  await expect(page.locator("#sound")).not.toBeChecked();
  await expect(page.locator("#vibration")).toBeVisible();
  await expect(page.locator("#vibration")).not.toBeChecked();
  await play(page, 0); // every opening move captures
  expect(await heard(page)).toMatchObject({ contexts: 0, starts: [], vibrations: [] });
});

test("with Sound on a move is heard, and the choice survives a reload", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, "?mode=two&speed=fast");
  await page.locator("#sound").check();
  expect((await heard(page)).contexts, "turning sound on makes the context").toBe(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), SOUND_KEY)).toBe("1");

  await play(page, 0);
  const { starts, vibrations } = await heard(page);
  expect(starts.filter((s) => s.kind === "oscillator").length, "tocks and chimes").toBeGreaterThan(0);
  expect(starts.filter((s) => s.kind === "buffer").length, "lifts and clicks").toBeGreaterThan(0);
  // The opening move ends with a capture of one bead: a chime on the scale's first note.
  expect(starts.some((s) => s.type === "sine" && s.hz === 880), "a bead's chime").toBe(true);
  // Tocks vary in pitch.
  const tocks = new Set(starts.filter((s) => s.type === "triangle").map((s) => s.hz));
  expect(tocks.size, "tocks of different pitches").toBeGreaterThan(3);
  expect(vibrations, "no vibration unless it is chosen").toEqual([]);

  // After a reload the choice is still on, but the sound waits for the person's first gesture.
  await page.reload();
  await settled(page);
  await expect(page.locator("#sound")).toBeChecked();
  expect((await heard(page)).contexts, "no context before a gesture").toBe(0);
  await playAny(page);
  const after = await heard(page);
  expect(after.contexts, "the click made the context").toBe(1);
  expect(after.starts.length).toBeGreaterThan(0);

  // Off again: the next move is silent.
  await page.locator("#sound").uncheck();
  expect(await page.evaluate((key) => localStorage.getItem(key), SOUND_KEY)).toBe("0");
  const before = (await heard(page)).starts.length;
  await playAny(page);
  expect((await heard(page)).starts.length, "silent once turned off").toBe(before);
});

test("at the instant speed a move makes at most one sound", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, "?mode=two&speed=instant");
  await page.locator("#sound").check();
  for (let move = 1; move <= 4; move++) {
    const before = (await heard(page)).starts.length;
    await playAny(page);
    const starts = (await heard(page)).starts.slice(before);
    expect(sounds(starts), `sounds of move ${move}`).toBe(1);
  }
});

test("a pearl necklace rings as a rising run of beads", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, `?speed=normal${NECKLACE}`);
  await page.locator("#sound").check();
  await play(page, 2); // South's hole 3
  const { starts } = await heard(page);
  // Each bead's chime: its note (from 880 Hz up) and a faint overtone (above 2000 Hz).
  const beads = starts.filter((s) => s.type === "sine" && s.hz >= 880 && s.hz < 2000).map((s) => s.hz);
  expect(beads, "one chime per bead, each higher than the last").toHaveLength(5);
  for (let i = 1; i < beads.length; i++) expect(beads[i]).toBeGreaterThan(beads[i - 1]);
});

test("the end of a game sounds a chord", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, `?speed=normal${LAST_MOVE}`);
  await page.locator("#sound").check();
  await play(page, 0);
  await expect(page.locator("#board")).toHaveAttribute("data-status", "game_over");
  const { starts } = await heard(page);
  const last = starts.at(-1).when;
  const chord = starts.filter((s) => s.when === last).map((s) => s.hz);
  expect(chord, "a chord of four notes").toHaveLength(4);
});

test("with Vibrate on a capture vibrates, and the choice is remembered", async ({ page }) => {
  await page.addInitScript(installFakes);
  await openPage(page, "?mode=two&speed=fast");
  await page.locator("#vibration").check();
  await play(page, 0);
  const { vibrations, contexts } = await heard(page);
  expect(vibrations, "one short pulse for the one bead").toEqual([[35]]);
  expect(contexts, "vibration alone makes no sound").toBe(0);
  await page.reload();
  await settled(page);
  await expect(page.locator("#vibration")).toBeChecked();
  expect(await page.evaluate((key) => localStorage.getItem(key), VIBRATION_KEY)).toBe("1");

  // A necklace at the instant speed: one pattern, a pulse per bead.
  await page.goto(`./?speed=instant${NECKLACE}`);
  await settled(page);
  await play(page, 2);
  expect((await heard(page)).vibrations).toEqual([[35, 45, 35, 45, 35, 45, 35, 45, 35]]);
});

test("with reduced motion the page never vibrates, and the choice says why", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript(installFakes);
  // Chosen on an earlier visit.
  await page.addInitScript((key) => localStorage.setItem(key, "1"), VIBRATION_KEY);
  await openPage(page, "?mode=two&speed=fast");
  const choice = page.locator("#vibration");
  await expect(choice).toBeDisabled();
  await expect(choice).not.toBeChecked();
  await expect(page.locator("label", { has: choice })).toHaveAttribute("title", /reduced motion/);
  await play(page, 0);
  await playAny(page);
  expect((await heard(page)).vibrations).toEqual([]);

  // The preference lifted, the choice made before comes back.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(choice).toBeEnabled();
  await expect(choice).toBeChecked();
  await expect(page.locator("label", { has: choice }))
    .toHaveAttribute("title", "A short vibration when seeds are captured");
});

test("nothing is heard or felt while the page is hidden", async ({ page }) => {
  await page.addInitScript(installFakes);
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => window.pageHidden === true });
  });
  await openPage(page, "?mode=two&speed=fast");
  await page.locator("#sound").check();
  await page.locator("#vibration").check();
  await page.evaluate(() => (window.pageHidden = true));
  await play(page, 0);
  const { contexts, starts, vibrations } = await heard(page);
  expect(contexts).toBe(1);
  expect(starts).toEqual([]);
  expect(vibrations).toEqual([]);
});

test("an embed offers neither choice and stays silent, whatever the full page chose", async ({ page }) => {
  await page.addInitScript(installFakes);
  await page.addInitScript(([sound, vibration]) => {
    localStorage.setItem(sound, "1");
    localStorage.setItem(vibration, "1");
  }, [SOUND_KEY, VIBRATION_KEY]);
  await page.goto("./?embed=1&speed=fast");
  await settled(page);
  await expect(page.locator("#sound")).toHaveCount(0);
  await expect(page.locator("#vibration")).toHaveCount(0);
  await play(page, 0);
  expect(await heard(page)).toMatchObject({ contexts: 0, starts: [], vibrations: [] });
});

test.describe(() => {
  // No service worker: it would serve the page's requests past the route to the module below.
  test.use({ serviceWorkers: "block" });

  test("where there is no Web Audio the Sound choice is hidden and nothing breaks", async ({ page }) => {
    await page.addInitScript(installFakes);
    await page.addInitScript(() => {
      delete window.AudioContext;
      delete window.webkitAudioContext;
    });
    await openPage(page, "?mode=two&speed=fast");
    await expect(page.locator("#sound")).toBeHidden();
    await expect(page.locator("#vibration")).toBeVisible();
    await page.locator("#vibration").check();
    // The module itself, asked for sound anyway and given every kind of event (the page's copy is
    // inside its bundle: this is the module built on its own).
    const { outputFiles } = await build({ entryPoints: ["www/board/feel.js"], bundle: true, format: "esm", write: false });
    await page.route("**/feel-under-test.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: outputFiles[0].text }));
    const thrown = await page.evaluate(async () => {
      try {
        const feel = await import("./feel-under-test.js");
        feel.setSound(true);
        feel.setVibration(true);
        const scene = { captured: [1] };
        for (const event of [
          { event: "lift", hole: 0, seeds: 4 }, { event: "drop", hole: 1 }, { event: "relay", hole: 5, seeds: 3, lap: 2 },
          { event: "sowing_end", hole: 9, laps: 2 }, { event: "capture", hole: 10, seeds: 6, bead: 1 },
          { event: "turn_pass", to: "north" }, { event: "claim", hole: 3, seeds: 2, side: "south" },
          { event: "fill", hole: 2, seeds: 4 }, { event: "round_end", round: 1, ending: "no_moves" },
          { event: "round_start", round: 2, to_move: "north", in_play: [] },
          { event: "game_over", ending: "no_moves", winner: "south" },
        ]) {
          feel.event(event, scene);
          await Promise.resolve();
        }
        feel.setSound(false);
        return null;
      } catch (error) {
        return String(error);
      }
    });
    expect(thrown).toBeNull();
    await play(page, 0);
    const { contexts, vibrations } = await heard(page);
    expect(contexts).toBe(0);
    // The test's own capture above, then the move's.
    expect(vibrations).toEqual([[35], [35]]);
  });
});

test("with the browser's own Web Audio a whole move plays without an error", async ({ page }) => {
  // Counts the sources started, leaving the browser's Web Audio itself in place.
  await page.addInitScript(() => {
    window.realStarts = 0;
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (...args) {
      window.realStarts += 1;
      return start.apply(this, args);
    };
  });
  await openPage(page, `?speed=fast${NECKLACE}`);
  await page.locator("#sound").check();
  await page.locator("#vibration").check();
  await play(page, 2);
  await expect.poll(() => page.evaluate(() => window.realStarts)).toBeGreaterThan(0);
});

test.describe("the game bar with the Sound and Vibrate choices", () => {
  for (const [width, height] of [[1280, 800], [360, 640]]) {
    for (const lang of ["en", "th"]) {
      test(`${lang} at ${width}×${height}`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await openPage(page, `?lang=${lang}&mode=two&speed=instant`);
        // A narrow page may keep the controls past the first row behind a "More" button.
        const more = page.locator("#more");
        if ((await more.count()) > 0 && (await more.isVisible())) await more.click();
        await expect(page.locator("#sound")).toBeVisible();
        await expect(page.locator("#vibration")).toBeVisible();
        // Both choices sit inside the page's width.
        for (const id of ["sound", "vibration"]) {
          const box = await page.locator("label", { has: page.locator(`#${id}`) }).boundingBox();
          expect(box.x + box.width, `${id} fits`).toBeLessThanOrEqual(width);
        }
        // On a narrow page the bars may be laid out as one block of controls: photograph that.
        const controls = page.locator("#controls");
        const shown = (await controls.count()) > 0 ? controls : page.locator(".game-bar");
        await shown.screenshot({ path: `${ARTIFACTS}feel-game-bar-${lang}-${width}x${height}.png` });
      });
    }
  }
});
