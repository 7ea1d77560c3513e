// @ts-check
// Two more ways to close a dialog, as a phone's user expects: a tap on the dimmed page around it,
// and the system's Back (a phone's back gesture or button, the browser's Back). Either closes it
// as Escape does: the dialog may refuse (its "cancel" event), and no choice of it is taken (its
// returnValue is "", so the New game dialog starts no game).
//
// Back works through one history entry, with the page's own address, pushed while a dialog is
// open and taken back when the dialog closes another way. The address never changes: a change of
// its fragment opens a game link. An embedded page leaves history alone, for a frame's entries
// would take over the Back button of the page around it; a tap outside still closes there.
//
// Every <dialog> of the page takes part, those built later (the Embed dialog) too, but two hold on:
// - the position editor holds typed numbers: a tap outside, easily stray, never closes it, and
//   Back closes it only while it still shows the numbers it opened with (after typing, Back leaves
//   it open; its Cancel, always in view, closes it);
// - the crash dialog never closes: behind it is a game the engine can no longer play.

/** Dialogs that hold what was typed in them: outside taps leave them open, Back only while nothing changed. */
const HOLDS_INPUT = new Set(["position-dialog"]);
/** Dialogs that only their own buttons close. */
const STAYS_OPEN = new Set(["crash-dialog"]);

/** The mark of the history entry pushed while a dialog is open. */
const MARK = "walakDialog";

const embedded = () => document.documentElement.hasAttribute("data-embed");
const onDialogEntry = () => history.state?.[MARK] === true;

/** Watches the page's dialogs, now and to come. Call once. */
export function watchDialogs() {
  /** @type {HTMLDialogElement[]} the open dialogs, the last opened last (it is on top) */
  const open = [];
  /** @type {Map<HTMLDialogElement, string>} a dialog holding input → its fields' values when it opened */
  const openedWith = new Map();
  let goingBack = false; // our own history.back() is on its way: its popstate is no Back
  /** @type {ReturnType<typeof setTimeout> | undefined} the timer that takes the entry back once no dialog is open */
  let check;

  const top = () => {
    for (let i = open.length - 1; i >= 0; i--) if (!open[i].open || !open[i].isConnected) open.splice(i, 1);
    return open.at(-1) ?? null;
  };
  /** @param {HTMLDialogElement} dialog */
  const backCloses = (dialog) =>
    !STAYS_OPEN.has(dialog.id) && (!HOLDS_INPUT.has(dialog.id) || fieldValues(dialog) === openedWith.get(dialog));
  // One entry stands for "a dialog is open" while the dialog on top is one that Back may close.
  const wanted = () => {
    const dialog = top();
    return dialog !== null && !STAYS_OPEN.has(dialog.id);
  };

  const pushEntry = () => {
    if (embedded() || goingBack || onDialogEntry()) return;
    if (wanted()) history.pushState({ [MARK]: true }, "");
  };
  const keepEntry = () => {
    if (embedded() || goingBack) return;
    if (wanted()) {
      pushEntry();
    } else if (onDialogEntry()) {
      goingBack = true;
      history.back();
    }
  };

  new MutationObserver((records) => {
    for (const { target } of records) {
      if (!(target instanceof HTMLDialogElement)) continue;
      const i = open.indexOf(target);
      if (target.open && i < 0) {
        open.push(target);
        if (HOLDS_INPUT.has(target.id)) openedWith.set(target, fieldValues(target));
      } else if (!target.open && i >= 0) {
        open.splice(i, 1);
      }
    }
    // The entry goes back a moment later, so that a dialog opened by another's closing (New game's
    // "Set up a position…" opens the editor) keeps it.
    pushEntry();
    clearTimeout(check);
    check = setTimeout(keepEntry);
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"] });

  addEventListener("popstate", () => {
    if (goingBack) {
      // Our own step back, after a dialog closed: a dialog opened meanwhile gets its entry now.
      goingBack = false;
      keepEntry();
      return;
    }
    // Forward onto the entry of a dialog closed long ago: nothing to close.
    if (onDialogEntry()) return;
    const dialog = top();
    if (dialog && backCloses(dialog)) dismiss(dialog);
  });
  // A Back that left a dialog open used up its entry: the next touch or key in the page (a person's
  // action, so the browser keeps the entry) catches the next Back again.
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, pushEntry, true);

  // A click on the backdrop targets the dialog itself, as one on its padding does: where it was
  // tells them apart. Both the press and the release must be outside, so that text selected by
  // dragging out of the dialog closes nothing.
  /** @type {HTMLDialogElement | null} */
  let pressedOutside = null;
  addEventListener("pointerdown", (event) => (pressedOutside = outside(event)), true);
  addEventListener("click", (event) => {
    const dialog = outside(event);
    if (dialog === null || pressedOutside !== dialog) return;
    pressedOutside = null;
    if (HOLDS_INPUT.has(dialog.id) || STAYS_OPEN.has(dialog.id)) return;
    dismiss(dialog);
  });
}

/**
 * The open dialog a pointer event fell outside of, on its backdrop; null if it fell elsewhere.
 * @param {MouseEvent} event
 * @returns {HTMLDialogElement | null}
 */
function outside(event) {
  const dialog = event.target;
  if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return null;
  const box = dialog.getBoundingClientRect();
  const off = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
  return off ? dialog : null;
}

/**
 * Closes a dialog as Escape does, unless it refuses.
 * @param {HTMLDialogElement} dialog
 */
function dismiss(dialog) {
  if (!dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) return;
  if (dialog.open) dialog.close("");
}

/**
 * The values of a dialog's fields, as one string to compare.
 * @param {HTMLDialogElement} dialog
 */
function fieldValues(dialog) {
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>} */
  const fields = dialog.querySelectorAll("input, select, textarea");
  return JSON.stringify(
    [...fields].map((field) =>
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio") ? field.checked : field.value,
    ),
  );
}
