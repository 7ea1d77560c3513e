// @ts-check
// The Live dialog (#live-dialog), loaded when first opened: a live game's room link to copy or
// share, as the Share dialog gives a game's. Opened when a room is made, and from #live-share.

import { onLanguageChange, t } from "../i18n/index.js";
import { seatWords } from "./live-words.js";
import { $ } from "../lib/dom.js";

/** @import { Seat } from "../game/kinds/kind.js" */
/** @import { MessageKey } from "../i18n/index.js" */

/**
 * The dialog for the room `live` (room-controller.js): its link and the person's seat, read
 * whenever it opens.
 * @param {{readonly link: string | null, readonly seat: Seat | null}} live
 * @returns {{open(): void}}
 */
export function liveDialog(live) {
  const dialog = $("live-dialog");
  const fill = () => {
    $("live-link").value = live.link ?? "";
    $("live-seat").textContent = live.seat ? seatWords(live.seat) : "";
    $("live-said").textContent = "";
  };
  const invitation = () => t("live.invitation", { link: $("live-link").value });
  $("live-copy").addEventListener("click", async () => {
    $("live-link").select();
    /** @type {MessageKey} */
    let said = "share.copied";
    try {
      await navigator.clipboard.writeText($("live-link").value);
    } catch {
      said = "share.copyRefused";
    }
    $("live-said").textContent = t(said);
  });
  // On phones above all: the link goes to any app from the system's share sheet, with a word of invitation.
  $("live-system").hidden = typeof navigator.share !== "function";
  $("live-system").addEventListener("click", async () => {
    $("live-said").textContent = "";
    try {
      await navigator.share({ title: document.title, text: invitation() });
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return;
      $("live-link").select();
      $("live-said").textContent = t("share.systemRefused");
    }
  });
  onLanguageChange(() => dialog.open && fill());
  return {
    open() {
      fill();
      if (!dialog.open) dialog.showModal();
      $("live-link").select();
    },
  };
}
