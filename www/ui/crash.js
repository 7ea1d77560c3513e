// Should the engine ever panic, the wasm traps (a WebAssembly.RuntimeError) and its state can no
// longer be trusted. The page then says so in a dialog that keeps the rest of the page from being
// used, and offers a reload: the game was saved before the move that failed, so nothing is lost.

import { t } from "../i18n/index.js";

/** Watches for a trap of the engine's wasm, wherever it surfaces (an event handler, a promise). */
export function watchForEngineCrash(dialog) {
  const crashed = (error) => {
    if (!(error instanceof WebAssembly.RuntimeError)) return false;
    if (!dialog.open) {
      dialog.querySelector("#crash-text").textContent = t("crash.text", { reason: error.message });
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
  dialog.querySelector("#crash-reload").addEventListener("click", () => location.reload());
}
