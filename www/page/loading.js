// @ts-check
// What the page says while it loads, before there is a game: how far the engine has come, or why
// the engine or the words could not be loaded. Kept as a message, so that a change of language
// says it again.

import { formatPercent, msg, onLanguageChange, ready, say } from "../i18n/index.js";
import { $ } from "../lib/dom.js";

/** @type {string | import("../i18n/index.js").Message} */
let said = msg("status.loading");

const loading = () => ["loading", "error"].includes($("board").dataset.status ?? "");

/** Says the status again in a new language, while the page still loads (or could not). */
export function sayWhileLoading() {
  onLanguageChange(() => {
    if (loading()) $("status").textContent = say(said);
  });
}

/** When the engine's download began (its first report). @type {number | null} */
let downloadBegan = null;
/** A download shorter than this is not counted: a count that is gone in a moment says nothing. */
const COUNT_AFTER_MS = 250;

/** The engine's download, `{loaded, total}` bytes. @param {{loaded: number, total: number}} progress */
export function showProgress({ loaded, total }) {
  downloadBegan ??= performance.now();
  if (total > 0 && loaded < total && performance.now() - downloadBegan >= COUNT_AFTER_MS) {
    said = msg("status.loadingPercent", { percent: () => formatPercent(Math.floor(Math.min(1, loaded / total) * 100) / 100) });
    if (ready()) $("status").textContent = say(said);
  }
}

/**
 * Whether the page is still kept from view until it has started (early.js: served by the service
 * worker, so that it is drawn once, with its game).
 */
export const shownOnceStarted = () => document.documentElement.hasAttribute("data-starting");

/** Shows the page kept from view until started: it is starting now, or could not. */
export function showPage() {
  document.documentElement.removeAttribute("data-starting");
}

/**
 * The page cannot be played: `message` (a message, or plain words when there are no words to say it with).
 * @param {string | import("../i18n/index.js").Message} message
 */
export function showError(message) {
  showPage();
  const canvas = $("board");
  canvas.dataset.status = "error";
  canvas.hidden = true;
  $("status").classList.add("error");
  said = message;
  // Before the words have loaded, the change of language that brings them says it.
  if (ready() || typeof message === "string") $("status").textContent = say(message);
}
