// @ts-check
// The page's elements by id: the one short name every part of the page uses for them.

/**
 * The element with id `id`: one of index.html's, of its own type (types/page.d.ts lists them);
 * any other, or null.
 * @template {string} Id
 * @param {Id} id
 * @returns {import("../types/page.js").PageElement<Id>}
 */
// The cast only says which element the id names, as index.html has it (a unit test keeps the
// list and the page the same).
export const $ = (id) => /** @type {import("../types/page.js").PageElement<Id>} */ (/** @type {unknown} */ (document.getElementById(id)));

/**
 * The element of index.html that `selector` names (a part of the page's layout, such as
 * ".board-area"); a page without it is not this page, and says so.
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function part(selector) {
  const found = document.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`the page has no ${selector}`);
  return found;
}

/**
 * Saves `text` as a file named `name` of type `type`: the browser's own download, nothing sent anywhere.
 * @param {string} text
 * @param {string} type
 * @param {string} name
 */
export function saveFile(text, type, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Runs `work` with `button` marked busy (`aria-busy="true"`) until it ends: a press meanwhile does
 * nothing. For a button whose first use waits for something to load (a picture, for its engine).
 * @param {HTMLElement} button
 * @param {() => Promise<void>} work
 */
export async function whileBusy(button, work) {
  if (button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } finally {
    button.removeAttribute("aria-busy");
  }
}

/** The work put off until the next frame, by what it is for. @type {Map<string, () => void>} */
const beforeFrame = new Map();

/**
 * Runs `work` soon after the browser has drawn its next frame: for what the page starts as it
 * opens but shows only later (a question to the server, a count on a button), so that it does not
 * hold the first board's painting on a slow phone. A page in a background tab draws no frame:
 * there it waits until shown.
 * @param {() => void} work
 */
export function afterNextFrame(work) {
  requestAnimationFrame(() => setTimeout(work));
}

/**
 * Runs `work` (something that reads the page's layout) just before the browser next draws,
 * once however often it is asked for until then under the same `key`: a page changed several
 * times in one go (as it starts, or as a move lands) then lays itself out once for all of it,
 * where reading the layout after each change made it lay out again each time (tens of
 * milliseconds on a slow phone).
 * @param {string} key
 * @param {() => void} work
 */
export function beforeNextFrame(key, work) {
  if (beforeFrame.size === 0) {
    requestAnimationFrame(() => {
      const all = [...beforeFrame.values()];
      beforeFrame.clear();
      for (const each of all) each();
    });
  }
  beforeFrame.set(key, work);
}
