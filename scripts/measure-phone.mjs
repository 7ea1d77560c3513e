// The page on a mid-range phone over a slow network, for measure-page.mjs `--phone-visits N`:
// first visits (an empty cache), returning visits (the cache and the service worker of the first,
// Show move values off) and links opened by a returning visitor with Show move values on, each
// build served by `walak serve` as players get it. Figures are reported, never asserted.
//
// The profile: a 390×844 touch screen (device scale 3), the page's CPU slowed 4× and a slow 4G
// link (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), both by Chromium's own emulation, as
// its developer tools do. The emulation holds for the page's own requests and main thread; the
// service worker's install (which fetches the build after the first board, for offline play) and
// the computer's worker run beside it unslowed, so neither is counted in the first load's bytes.

import { spawn } from "node:child_process";

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
  const visit = (window.__visit = { fcp: null, playable: null, shown: null, values: null, target });
  const finish = () => {
    if (visit.shown !== null && (visit.target === null || visit.values !== null)) console.info("walak-visit-done");
  };
  const check = () => {
    const board = document.getElementById("board")?.dataset;
    if (visit.values !== null || visit.target === null || visit.playable === null) return;
    if (board?.moveValues && board.record === visit.target) visit.values = performance.now();
    finish();
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") visit.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
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
  const requests = new Map();
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "none";
    requests.set(requestId, { url: response.url, encoding, cached: response.fromDiskCache || response.fromServiceWorker, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
  });
  return { page, requests };
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
  const { page, requests } = await slowPage(context, target);
  const done = page.waitForEvent("console", { predicate: (message) => message.text() === "walak-visit-done", timeout: 60_000 });
  done.catch(() => {}); // awaited below; a failed navigation reports first
  await page.goto(url);
  await done;
  await page.waitForLoadState("networkidle");
  const moments = await page.evaluate(() => {
    const { fcp, playable, shown, values } = window.__visit;
    return { paint: fcp, drawn: performance.getEntriesByName("walak-board-drawn", "mark")[0]?.startTime ?? playable, playable, shown, values };
  });
  const fetched = [...requests.values()].filter((r) => !r.url.startsWith("data:"));
  const network = fetched.filter((r) => !r.cached);
  await page.close();
  return {
    ...moments,
    requests: network.length,
    bytes: network.reduce((sum, r) => sum + r.bytes, 0),
    encodings: [...new Set(network.map((r) => r.encoding))].sort(),
    files: network.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes, encoding: r.encoding })),
  };
}

/** Waits until the service worker of the page's first visit has stored the build. */
async function offlineReady(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.close();
}

/**
 * `visits` rounds for each build, the builds taking turns round by round: in one fresh context a
 * first visit, a returning visit, then each of `links` (game links, `#walak=1&moves=…`) opened
 * with Show move values on; the browser in `locale`'s language when given. Resolves with every
 * build's visits.
 */
export async function measurePhoneVisits(browser, bases, { visits, links, locale = undefined, onProgress }) {
  const results = bases.map(() => ({ first: [], returning: [], link: [] }));
  for (let round = 0; round < visits; round++) {
    const order = round % 2 ? [...bases.keys()].reverse() : [...bases.keys()];
    for (const b of order) {
      const context = await browser.newContext({ ...SLOW_PHONE.context, serviceWorkers: "allow", ...(locale ? { locale } : {}) });
      try {
        const first = await visit(context, bases[b]);
        await offlineReady(context, bases[b]);
        const returning = await visit(context, bases[b]);
        results[b].first.push(first);
        results[b].returning.push(returning);
        const page = await context.newPage();
        await page.goto(bases[b]);
        await page.evaluate(() => localStorage.setItem("walak-pussa.show-values", "1"));
        await page.close();
        for (const record of links) results[b].link.push({ record, ...(await visit(context, `${bases[b]}#walak=1&moves=${record}`, record)) });
        onProgress?.(b, round, { first, returning });
      } finally {
        await context.close();
      }
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

/** The figures of one kind of visit: medians, the range of the playable board, p95 of values. */
export function summarize(list) {
  const of = (key) => list.map((v) => v[key]);
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
  console.log("| build | visit | n | first paint | board drawn | playable (min–max) | shown | move values p50 / p95 | requests | KB over the network | encodings |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const [b, result] of results.entries()) {
    for (const [kind, list] of Object.entries(result)) {
      const s = summarize(list);
      const values = kind === "link" ? `${seconds(s.values_ms)} / ${seconds(s.values_p95_ms)}` : "—";
      console.log(
        `| ${names[b]} | ${kind} | ${s.visits} | ${seconds(s.paint_ms)} | ${seconds(s.drawn_ms)} | ` +
          `${seconds(s.playable_ms)} (${seconds(s.playable_min_ms)}–${seconds(s.playable_max_ms)}) | ${seconds(s.shown_ms)} | ${values} | ${s.requests} | ${s.kb.toFixed(1)} | ${s.encodings.join(", ")} |`,
      );
    }
  }
  for (const [b, result] of results.entries()) {
    const first = result.first[0];
    if (!first) continue;
    console.log(`First visit's files, ${names[b]}: ${first.files.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(1)} KB${f.encoding === "none" ? "" : ` (${f.encoding})`}`).join(", ")}`);
  }
}
