// The page on a mid-range phone over a slow network, for measure-page.mjs `--phone-visits N`:
// first visits (an empty cache), returning visits (the cache and the service worker of the first,
// Show move values off), returning visits after a while away (`later`: the browser has stopped the
// service worker, as it does once a site has been left for half a minute) and links opened by a
// returning visitor with Show move values on (`link`; the first of them again after a while away,
// `later_link`; others as the build gives links out, with the values proved where they open,
// `given_link`), an embed's frame opened by a history page's reader who has never been to the
// site (`embed`: `?embed=1`, an empty cache; a frame installs no service worker), a shared
// link opened by someone who has never been to the site (`first_link`: an empty cache), and where
// asked a history page's link to play a game it sets up, opened so (`first_setup`), each build
// served by `walak serve` as players get it. Figures are reported, never asserted. Each visit also
// says what the machine was doing around it (machine-pace.mjs): a probe's pace, the CPU a virtual
// machine's host took, and the page faults, which went with the slow visits (docs/measurements.md);
// and how much of what was seen moved as it loaded (the browser's layout shifts, summed).
//
// The profile: a 390×844 touch screen (device scale 3), the page's CPU slowed 4× and a slow 4G
// link (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), both by Chromium's own emulation, as
// its developer tools do. The emulation holds for the page's own requests and main thread; the
// service worker's install (which fetches the build after the first board, for offline play) and
// the computer's worker run beside it unslowed, so neither is counted in the first load's bytes.
//
// Two drivers: Chromium over the DevTools protocol alone (`bareDriver`, bare-chromium.mjs: only
// the profile's emulation and the probe below touch the page), and Playwright's (`playwrightDriver`,
// how this profile was first measured), whose own instrumentation of each new document costs the
// slowed page about a quarter of a second a navigation.

import { spawn } from "node:child_process";
import { withMachine } from "./machine-pace.mjs";

export const SLOW_PHONE = {
  context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
};

/**
 * The moments of a visit, in ms since its navigation began (the page's own performance clock),
 * taken in the page by observers alone. When the visit's moments are in, the probe says so on the
 * console: the harness touches the page only then, since anything it evaluates there (Playwright's
 * own helper script first of all, about 25 ms at this CPU) would run on the slowed main thread in
 * the middle of the very start it times.
 */
const VISIT_PROBE = (target) => {
  const visit = (window.__visit = { fcp: null, playable: null, shown: null, values: null, seen: null, target, shift: 0 });
  const finish = () => {
    if (visit.shown !== null && (visit.target === null || visit.values !== null)) console.info("walak-visit-done");
  };
  // The values' moment: when #board first wrote them for the position asked for, but not before
  // the board was playable. (The page may write them in the very task that makes it playable, and
  // the mark's observer hears of that task only after a frame or so: the moment is then the mark's.)
  const check = () => {
    const board = document.getElementById("board")?.dataset;
    if (visit.values !== null || visit.target === null) return;
    if (visit.seen === null && board?.moveValues && board.record === visit.target) visit.seen = performance.now();
    if (visit.seen === null || visit.playable === null) return;
    visit.values = Math.max(visit.seen, visit.playable);
    finish();
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") visit.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  // How much of what was seen moved as the page loaded (the browser's layout shifts, summed until
  // the moments are read): nothing should jump as the board before the engine becomes the game.
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) visit.shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== "walak-first-board" || visit.playable !== null) continue;
      visit.playable = entry.startTime;
      // Shown: the frame after it drawn (a task queued from that frame's animation callbacks runs
      // once the frame's style, layout and painting are done, and after any task queued before it,
      // such as the ring legend's samples drawn on a first visit: an upper bound).
      requestAnimationFrame(() =>
        setTimeout(() => {
          visit.shown = performance.now();
          finish();
        }),
      );
    }
    if (visit.playable !== null) check();
  }).observe({ type: "mark", buffered: true });
  addEventListener("DOMContentLoaded", () =>
    new MutationObserver(check).observe(document.getElementById("board"), { attributes: true, attributeFilter: ["data-move-values", "data-record"] }),
  );
};

/** The visit's moments as the probe took them, read once it said they are in. */
const READ_MOMENTS = () => {
  const { fcp, playable, shown, values, shift } = window.__visit;
  // When the page's first byte came and when its HTML was parsed: what came before the page's own work.
  const { responseStart, domInteractive } = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType("navigation")[0]);
  const drawn = performance.getEntriesByName("walak-board-drawn", "mark")[0]?.startTime ?? playable;
  return { paint: fcp, drawn, playable, shown, values, response: responseStart, parsed: domInteractive, layout_shift: shift };
};

/**
 * What a visit fetches, from the DevTools protocol's Network events of its page (`heard`, either
 * driver's); `overNetwork()`: what came over the network, not from the service worker or the
 * HTTP cache.
 */
function fetchedByPage() {
  const requests = new Map();
  return {
    heard(method, params) {
      if (method === "Network.responseReceived") {
        const { response } = params;
        const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "none";
        requests.set(params.requestId, { url: response.url, encoding, cached: response.fromDiskCache || response.fromServiceWorker, bytes: 0 });
      } else if (method === "Network.loadingFinished") {
        const request = requests.get(params.requestId);
        if (request) request.bytes = params.encodedDataLength;
      }
    },
    overNetwork() {
      const network = [...requests.values()].filter((r) => !r.url.startsWith("data:") && !r.cached);
      return {
        requests: network.length,
        bytes: network.reduce((sum, r) => sum + r.bytes, 0),
        encodings: [...new Set(network.map((r) => r.encoding))].sort(),
        files: network.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding })),
      };
    },
  };
}

/**
 * Starts `walak serve` on the build `dist` at a free loopback port; resolves with its address and
 * a way to stop it.
 */
export function serveWithWalak(walak, dist) {
  const child = spawn(walak, ["serve", "--port", "0", "--dist", dist], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`walak serve ended (${code}) before serving ${dist}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.includes('"serving"'));
      if (line) resolve({ url: JSON.parse(line).serving, stop: () => child.kill("SIGTERM") });
    });
  });
}

/** A page of `context` with the profile's CPU and network, and a count of what it fetches. */
async function slowPage(context, target) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_PHONE.network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
  await page.addInitScript(VISIT_PROBE, target);
  const fetched = fetchedByPage();
  for (const method of ["Network.responseReceived", "Network.loadingFinished"]) cdp.on(method, (params) => fetched.heard(method, params));
  return { page, fetched };
}

/**
 * One visit of `url` in `context`: until the board is playable (and, for `target`, until the move
 * values of that record's position are shown), then until the network is quiet. The moments come
 * from the page's performance marks: `walak-board-drawn` (the first board drawn; a build without
 * it draws its first board when playable) and `walak-first-board` (playable); "shown" is the end
 * of the frame after the playable board (its style, layout and painting done on the main thread),
 * or later when other tasks were queued before it.
 */
async function visit(context, url, target = null) {
  const { page, fetched } = await slowPage(context, target);
  const done = page.waitForEvent("console", { predicate: (message) => message.text() === "walak-visit-done", timeout: 60_000 });
  done.catch(() => {}); // awaited below; a failed navigation reports first
  await page.goto(url);
  await done;
  await page.waitForLoadState("networkidle");
  const moments = await page.evaluate(READ_MOMENTS);
  await page.close();
  return { ...moments, ...fetched.overNetwork() };
}

/** The service workers of `context` stopped, as the browser stops them a while after a visit. */
async function stopServiceWorkers(context) {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("ServiceWorker.enable");
  await devtools.send("ServiceWorker.stopAllWorkers");
  await page.close();
}

/** Waits until the service worker of the page's first visit has stored the build. */
async function offlineReady(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.close();
}

/**
 * Playwright's driver of the profile (`browser`, Playwright's Chromium): a context is a fresh
 * browser context of the phone's screen; in it `visit` times a visit, `offlineReady` waits for
 * the service worker to have stored the build and `showValues` switches Show move values on.
 */
export function playwrightDriver(browser) {
  return {
    name: "Playwright",
    version: browser.version(),
    async newContext({ locale = undefined } = {}) {
      const context = await browser.newContext({ ...SLOW_PHONE.context, serviceWorkers: "allow", ...(locale ? { locale } : {}) });
      return {
        visit: (url, target = null) => visit(context, url, target),
        offlineReady: (url) => offlineReady(context, url),
        stopServiceWorkers: () => stopServiceWorkers(context),
        async showValues(url) {
          const page = await context.newPage();
          await page.goto(url);
          await page.evaluate(() => localStorage.setItem("walak-pussa.show-values", "1"));
          await page.close();
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * The bare driver of the profile (`chromium`, launchBareChromium's): the same contexts and
 * visits as `playwrightDriver`, with nothing attached to the page beyond the profile's emulation,
 * the probe and reading its moments at the end.
 */
export function bareDriver(chromium) {
  const { send } = chromium;
  /** A new page (tab) of browser context `contextId`: its session's commands, and its closing. */
  async function openPage(contextId) {
    const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId: contextId });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    const { width, height } = SLOW_PHONE.context.viewport;
    const command = (method, params = {}) => send(method, params, sessionId);
    await command("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: SLOW_PHONE.context.deviceScaleFactor, mobile: true });
    await command("Emulation.setTouchEmulationEnabled", { enabled: true });
    return { sessionId, command, close: () => send("Target.closeTarget", { targetId }) };
  }
  /** Evaluates `expression` in `page`, awaiting it; its value. */
  async function evaluate(page, expression) {
    const { result, exceptionDetails } = await page.command("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }
  /** Resolves once the page's network has been quiet (`heard()`: when it last had news) for 0.5 s, at most 15 s. */
  function networkQuiet(heard) {
    return new Promise((resolve) => {
      const started = Date.now();
      const timer = setInterval(() => {
        // (Quiet by its news rather than by requests under way: a worker's script is reported
        // started on the page and finished on the worker's own target.)
        if (Date.now() - heard() >= 500 || Date.now() - started > 15_000) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
  }
  return {
    name: "bare",
    version: chromium.version,
    async newContext({ locale = undefined } = {}) {
      const { browserContextId } = await send("Target.createBrowserContext");
      /** Applies the browser's language, as Playwright's `locale` does: Intl's, and the languages the browser asks for. */
      const speak = async (page) => {
        if (!locale) return;
        await page.command("Emulation.setLocaleOverride", { locale });
        await page.command("Network.setUserAgentOverride", { userAgent: chromium.userAgent, acceptLanguage: locale });
      };
      /** Opens `url` in a new page of the context and evaluates `expression` there once it is the page's (true when done). */
      const atAddress = async (url, expression) => {
        const page = await openPage(browserContextId);
        await page.command("Page.navigate", { url });
        // Asked until the new document is there: before, the page is about:blank.
        for (let tries = 0; ; tries++) {
          const done = await evaluate(page, `location.href !== "about:blank" && ${expression}`).catch(() => false);
          if (done) break;
          if (tries > 100) throw new Error(`${url}: the page never came`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await page.close();
      };
      return {
        async visit(url, target = null) {
          const page = await openPage(browserContextId);
          const fetched = fetchedByPage();
          let heard = Date.now();
          let resolveDone;
          const done = new Promise((resolve) => (resolveDone = resolve));
          const stop = chromium.on(({ method, params, sessionId }) => {
            if (sessionId !== page.sessionId) return;
            if (method.startsWith("Network.")) {
              heard = Date.now();
              fetched.heard(method, params);
            } else if (method === "Runtime.consoleAPICalled" && params.args?.[0]?.value === "walak-visit-done") resolveDone();
          });
          try {
            await speak(page);
            await page.command("Network.enable");
            await page.command("Network.emulateNetworkConditions", SLOW_PHONE.network);
            await page.command("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
            await page.command("Runtime.enable");
            await page.command("Page.enable"); // (without it no script is added to new documents)
            await page.command("Page.addScriptToEvaluateOnNewDocument", { source: `(${VISIT_PROBE})(${JSON.stringify(target)})` });
            let timer;
            const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${url}: the visit's moments did not come in 60 s`)), 60_000)));
            await page.command("Page.navigate", { url });
            await Promise.race([done, timeout]).finally(() => clearTimeout(timer));
            await networkQuiet(() => heard);
            const moments = await evaluate(page, `(${READ_MOMENTS})()`);
            return { ...moments, ...fetched.overNetwork() };
          } finally {
            stop();
            await page.close();
          }
        },
        offlineReady: (url) => atAddress(url, "navigator.serviceWorker.ready.then(() => true)"),
        async stopServiceWorkers() {
          const page = await openPage(browserContextId);
          try {
            await page.command("ServiceWorker.enable");
            await page.command("ServiceWorker.stopAllWorkers");
          } finally {
            await page.close();
          }
        },
        showValues: (url) => atAddress(url, "(localStorage.setItem('walak-pussa.show-values', '1'), true)"),
        close: () => send("Target.disposeBrowserContext", { browserContextId }),
      };
    },
    close: () => chromium.close(),
  };
}

/**
 * `visits` rounds for each build, the builds taking turns round by round: in one fresh context of
 * `driver` (playwrightDriver or bareDriver) a first visit, a returning visit, one after the
 * service worker was stopped (`later`), then each of `links`
 * (game links, `#walak=1&moves=…`) opened with Show move values on, and the first of them again
 * after the service worker was stopped (`later_link`), and where `givenLinks` gives each build's
 * links of other games (their fragments, as that build gives links out, by a page showing move
 * values), those (`given_link`); then, in another fresh context, an embed's
 * frame (`embed`, `?embed=1` unless `frame` gives its query: its game's opening), and in a third, when `firstLinks` gives each
 * build's link (its fragment, as that build gives links out), that link (`first_link`), and in a
 * fourth, when `setup` gives an address's query that sets up a game, the full page there
 * (`first_setup`); the browser
 * in `locale`'s language when given.
 * Before them a round of every build not counted (`round` -1 to `onProgress`): the first visits
 * of a browser just started pay for its own start (its first renderer, its first worker; 0.1–0.35
 * s more in the first round of the runs that showed it).
 * Resolves with every build's visits.
 */
export async function measurePhoneVisits(driver, bases, { visits, links, givenLinks = null, firstLinks = null, locale = undefined, frame = "embed=1", setup = null, onProgress }) {
  const kinds = () => ({ first: [], returning: [], later: [], link: [], later_link: [], given_link: [], embed: [], first_link: [], first_setup: [] });
  const results = bases.map(kinds);
  // Each visit with how fast the machine was around it (machine-pace.mjs).
  const newContext = async () => {
    const context = await driver.newContext({ locale });
    return { ...context, visit: (/** @type {string} */ url, target = null) => withMachine(() => context.visit(url, target)) };
  };
  for (let round = -1; round < visits; round++) {
    const order = round % 2 ? [...bases.keys()].reverse() : [...bases.keys()];
    for (const b of order) {
      const context = await newContext();
      const counted = round >= 0 ? results[b] : kinds();
      try {
        const first = await context.visit(bases[b]);
        await context.offlineReady(bases[b]);
        const returning = await context.visit(bases[b]);
        await context.stopServiceWorkers();
        const later = await context.visit(bases[b]);
        counted.first.push(first);
        counted.returning.push(returning);
        counted.later.push(later);
        await context.showValues(bases[b]);
        const openLink = (/** @type {string} */ record) => context.visit(`${bases[b]}#walak=1&moves=${record}`, record);
        for (const record of links) counted.link.push({ record, ...(await openLink(record)) });
        for (const { record, fragment } of givenLinks?.[b] ?? []) {
          counted.given_link.push({ record, ...(await context.visit(`${bases[b]}${fragment}`, record)) });
        }
        if (links.length > 0) {
          await context.stopServiceWorkers();
          counted.later_link.push({ record: links[0], ...(await openLink(links[0])) });
        }
      } finally {
        await context.close();
      }
      // Each of these by someone who has never been to the site: a context of its own.
      const firstVisit = async (/** @type {string} */ url) => {
        const fresh = await newContext();
        try {
          return await fresh.visit(url);
        } finally {
          await fresh.close();
        }
      };
      // A history page's frame; a shared link; a history page's link to play a game it sets up.
      counted.embed.push(await firstVisit(`${bases[b]}?${frame}`));
      if (firstLinks) counted.first_link.push(await firstVisit(`${bases[b]}${firstLinks[b]}`));
      if (setup) counted.first_setup.push(await firstVisit(`${bases[b]}?${setup}`));
      onProgress?.(b, round, { first: counted.first.at(-1), returning: counted.returning.at(-1), later: counted.later.at(-1),
        embed: counted.embed.at(-1), first_link: counted.first_link.at(-1) });
    }
  }
  return results;
}

/** `xs`'s value at quantile `q` (0–1), the nearest rank. */
function quantile(xs, q) {
  const sorted = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const seconds = (ms) => (ms === null ? "—" : (ms / 1000).toFixed(2));
/**
 * A machine's figure for a kind of visit (machine-pace.mjs): the median visit's, and the most, in
 * `unit`s (1000: thousands) to `digits` decimals; a dash where it could not be read.
 * @param {number | null | undefined} median
 * @param {number | null | undefined} most
 */
const medianAndMost = (median, most, unit = 1, digits = 1) =>
  median == null ? "—" : `${(median / unit).toFixed(digits)} (${((most ?? 0) / unit).toFixed(digits)})`;

/** The figures of one kind of visit: medians, the range of the playable board, p95 of values. */
export function summarize(list) {
  const of = (key) => list.map((v) => v[key]);
  // A figure's median visit's under its own name, and the most under `most`.
  const medianAndMostOf = (/** @type {string} */ key, /** @type {string} */ most) => ({ [key]: quantile(of(key), 0.5), [most]: quantile(of(key), 1) });
  const playable = of("playable");
  return {
    visits: list.length,
    paint_ms: quantile(of("paint"), 0.5),
    drawn_ms: quantile(of("drawn"), 0.5),
    playable_ms: quantile(playable, 0.5),
    shown_ms: quantile(of("shown"), 0.5),
    playable_min_ms: quantile(playable, 0),
    playable_max_ms: quantile(playable, 1),
    values_ms: quantile(of("values"), 0.5),
    values_p95_ms: quantile(of("values"), 0.95),
    requests: quantile(of("requests"), 0.5),
    busy_cores: quantile(of("busy_cores"), 0.5),
    ...medianAndMostOf("probe_ms", "probe_max_ms"),
    ...medianAndMostOf("stolen_ms", "stolen_max_ms"),
    ...medianAndMostOf("page_faults", "page_faults_max"),
    ...medianAndMostOf("layout_shift", "layout_shift_max"),
    kb: quantile(of("bytes"), 0.5) / 1024,
    encodings: [...new Set(list.flatMap((v) => v.encodings))].sort(),
  };
}

/**
 * Prints the visits of every build as a Markdown table, and the first load's files.
 * @param {string[]} names
 * @param {any[]} results
 * @param {string} [locale] the browser's language, when not the default
 */
export function printPhoneVisits(names, results, locale = undefined) {
  const language = locale ? `, the browser in ${locale}` : "";
  console.log(`Slow phone (390×844, CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up${language}), through \`walak serve\`; medians, seconds`);
  console.log("| build | visit | n | first paint | board drawn | playable (min–max) | shown | move values p50 / p95 | requests | KB over the network | encodings | probe, ms (most) | taken by the host, ms (most) | page faults, thousands (most) | layout shift (most) |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |");
  for (const [b, result] of results.entries()) {
    for (const [kind, list] of Object.entries(result)) {
      if (list.length === 0) continue;
      const s = summarize(list);
      const values = kind.endsWith("link") ? `${seconds(s.values_ms)} / ${seconds(s.values_p95_ms)}` : "—";
      console.log(
        `| ${names[b]} | ${kind.replace("_", " ")} | ${s.visits} | ${seconds(s.paint_ms)} | ${seconds(s.drawn_ms)} | ` +
          `${seconds(s.playable_ms)} (${seconds(s.playable_min_ms)}–${seconds(s.playable_max_ms)}) | ${seconds(s.shown_ms)} | ${values} | ${s.requests} | ${s.kb.toFixed(1)} | ${s.encodings.join(", ")} | ${medianAndMost(s.probe_ms, s.probe_max_ms)} | ${medianAndMost(s.stolen_ms, s.stolen_max_ms, 1, 0)} | ${medianAndMost(s.page_faults, s.page_faults_max, 1000)} | ${medianAndMost(s.layout_shift, s.layout_shift_max, 1, 3)} |`,
      );
    }
  }
  for (const [b, result] of results.entries()) {
    const first = result.first[0];
    if (!first) continue;
    console.log(`First visit's files, ${names[b]}: ${first.files.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(1)} KB${f.encoding === "none" ? "" : ` (${f.encoding})`}`).join(", ")}`);
  }
}
