// @ts-check
// Offline play: registers the service worker (service-worker.js, at the site's root after a
// build) and tells the person when a new version has been installed beside the one running.

import { messageOf } from "../lib/errors.js";

/**
 * Starts keeping the game offline. `onUpdate(update)` is called when a new version is ready;
 * calling `update()` switches to it and reloads the page (the game is saved after every move).
 * @param {{onUpdate: (update: () => void) => void}} hooks
 * @returns {Promise<void>}
 */
export async function keepOffline({ onUpdate }) {
  if (!("serviceWorker" in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("service-worker.js", document.baseURI), { scope: "./" });
  } catch (error) {
    // Private windows and some embedding pages refuse service workers; the game still plays online.
    console.info("walak: no offline play here:", messageOf(error));
    return;
  }
  // A browser that blocks service workers may answer with no registration at all.
  if (!registration) return;
  /** @param {ServiceWorker} worker */
  const offer = (worker) => {
    // Without a controller this is the first install, not an update.
    if (!navigator.serviceWorker.controller) return;
    onUpdate(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
      worker.postMessage("update");
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}
