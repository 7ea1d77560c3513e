// @ts-check
// Should the engine ever panic, the wasm traps (a WebAssembly.RuntimeError) and its state can no
// longer be trusted. The page then says so in a dialog that keeps the rest of the page from being
// used, and offers a reload: the game was saved before the move that failed, so nothing is lost.

import { t } from "../i18n/index.js";
import { $ } from "../lib/dom.js";

/**
 * Watches for a trap of the engine's wasm, wherever it surfaces (an event handler, a promise).
 * @param {HTMLDialogElement} dialog  the crash dialog (`#crash-dialog`)
 */
export function watchForEngineCrash(dialog) {
  /** @param {unknown} error */
  const crashed = (error) => {
    if (!(error instanceof WebAssembly.RuntimeError)) return false;
    if (!dialog.open) {
      $("crash-text").textContent = t("crash.text", { reason: error.message });
      dialog.showModal();
    }
    return true;
  };
  addEventListener("error", (event) => {
    if (crashed(event.error)) event.preventDefault();
  });
  addEventListener("unhandledrejection", (event) => {
    if (crashed(event.reason)) event.preventDefault();
  });
  // Escape must not close it: behind it is a game the engine can no longer play.
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  $("crash-reload").addEventListener("click", () => location.reload());
}
