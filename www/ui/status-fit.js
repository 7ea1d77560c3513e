// @ts-check
// On a phone the room under the board for the status is kept whatever it says (style.css), so
// that the board never changes size with the sentence. A sentence longer than that room is set
// smaller, down to three quarters, before it moves the buttons under it; no word is ever cut.

const SCALES = [1, 0.87, 0.75];
const PHONE = matchMedia("(max-width: 600px)");

/**
 * Sets the status (`#status`) at the largest of SCALES at which it fits its room.
 * @param {HTMLElement} status
 */
export function fitStatus(status) {
  for (const scale of SCALES) {
    status.style.setProperty("--status-fit", String(scale));
    if (!PHONE.matches || status.classList.contains("error")) return;
    // The room is the kept lines at full size (min-height grows as the letters shrink). None is
    // kept in an embed's bar, which clamps its own lines: its words stay at their size.
    const room = parseFloat(getComputedStyle(status).minHeight);
    if (!(room > 0) || status.getBoundingClientRect().height <= room + 1) return;
  }
}
