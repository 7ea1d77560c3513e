// @ts-check
// Keeps the game playable offline. Every file of one build is stored in a cache named after that
// build, on the first visit (the few large ones that only some visits need, when first fetched),
// and served from there. A new build changes this file (its version and
// file list are written in at build time), so the browser installs it beside the running one; it
// waits until the page says to take over (the person chose "Update now") or until no page of the
// old build is open, so a game is never served half old, half new files.

/** @import { ServiceWorkerScope } from "./types/service-worker.js" */

// The build writes these three lines (scripts/after-build.mjs): keep them as they are.
const VERSION = "unbuilt";
/** @type {string[]} */
const FILES = [];
// Files of the build stored when the page first fetches them, not at install: large ones only some
// visits need (the opening book, the endgame table).
/** @type {string[]} */
const LATER = [];
const CACHE = `walak-pussa-${VERSION}`;
/** A file's path, as a request names it. @param {string} file */
const pathOf = (file) => new URL(file, location.href).pathname;
/** The game's page, and the server's answer whether it offers live play (never stored). */
const ROOT = pathOf("./");
const LIVE = pathOf("./live");

// `self` is the service worker's scope here, not a window (the page's types say otherwise).
const worker = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", (event) => {
  addRoutes(event);
  // Checked with the server (cheap when unchanged): a file in the HTTP cache could belong to
  // another build.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))));
});

/**
 * Has the browser serve the build's stored files from the cache itself, without this worker:
 * a person coming back finds it stopped, and starting it came before anything of the page (on a
 * slow phone 0.05–0.25 s). Only the files stored at install and the game's page at its plain
 * address (a link's fragment is not part of a request); an address with a query (an embed, a
 * set-up), the files stored when first fetched (LATER) and ./live still come by the fetch handler
 * below. A file missing from the cache is fetched from the network. Where the browser has no
 * routes, the fetch handler serves them all.
 * @param {import("./types/service-worker.js").InstallEvent} event
 */
function addRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  // A path as a URL pattern matching it alone (its pattern characters escaped).
  const exactly = (/** @type {string} */ path) => ({ pathname: path.replace(/[:*?+(){}\\]/g, "\\$&"), search: "" });
  const stored = FILES.map(pathOf).filter((path) => path !== ROOT && path !== LIVE);
  const source = { cacheName: CACHE };
  event.addRoutes([
    { condition: { requestMode: "navigate", urlPattern: exactly(ROOT) }, source },
    ...(stored.length > 0 ? [{ condition: { or: stored.map((path) => ({ urlPattern: exactly(path) })) }, source }] : []),
  ]).catch((/** @type {unknown} */ error) => console.warn("walak: the service worker's routes were refused:", error));
}

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("walak-pussa-") && name !== CACHE).map((name) => caches.delete(name)));
      // The first visit's page is served by this build already: take it over at once.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  if (event.data === "update") worker.skipWaiting();
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  const path = new URL(request.url).pathname;
  // Whether the server offers live play is asked of the server each time, never of the stored
  // build; with no network, the answer is no (rather than a failed request in the page).
  if (path === LIVE) {
    const offline = () => new Response('{"live":false}', { headers: { "Content-Type": "application/json" } });
    event.respondWith(fetch(request).catch(offline));
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The game's address carries its set-up in the query and the fragment; the page itself is
      // the same file. Other pages of the site (one that embeds the game, say) are not the game's.
      const isGame = request.mode === "navigate" && (path === ROOT || path === `${ROOT}index.html`);
      const stored = await cache.match(isGame ? ROOT : request, { ignoreSearch: isGame });
      if (stored) return stored;
      const response = await fetch(request);
      const later = LATER.some((file) => pathOf(file) === path);
      if (later && response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
