// @ts-check
// The page's keys, as on game sites: 1–7 play the hole (board/input.js); F flips the board; U and
// P are the Undo and Pause buttons; ← and → step through the move list, Home and End go to its
// start and its end; ? shows the keys. Not while typing, choosing in a menu, in a dialog, or on
// the review graph, whose arrows are its own. What the kind of game allows decides the rest:
// against the computer a step goes past its reply, as Undo and Redo do; in a lesson or a puzzle
// its panel takes moves back (game/kinds/).

import { joinMoves, plyCount } from "../lib/records.js";
import { listenForHoleKeys } from "../board/input.js";
import { $ } from "../lib/dom.js";

/**
 * @param {import("../game/app.js").App} app
 * @param {() => void} flip  turns the board round
 */
export function wireKeys(app, flip) {
  listenForHoleKeys((number) => app.play(number));
  /** @type {Record<string, () => void>} */
  const moveKeys = {
    ArrowLeft: () => (app.kind.computerSide ? app.undo() : app.goTo(plyCount(app.state.record) - 1)),
    ArrowRight: () => (app.kind.computerSide ? app.redo() : app.goTo(plyCount(app.state.record) + 1)),
    Home: () => app.goTo(0),
    End: () => app.goTo(plyCount(joinMoves(app.state.record, app.state.redo ?? ""))),
  };
  const showKeys = () => /** @type {HTMLDialogElement} */ ($("keys-dialog")).showModal();
  $("keys-button").addEventListener("click", showKeys);
  addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // (Element, not HTMLElement: the review graph is an SVG element.)
    const { target } = event;
    if (target instanceof Element && target.closest("input, select, textarea, dialog, [role=slider]")) return;
    // On a hole the arrows go to the next hole (input.js).
    if (event.key.startsWith("Arrow") && target instanceof Element && target.matches("button.hole")) return;
    if (event.key === "?") {
      event.preventDefault();
      showKeys();
      return;
    }
    const key = event.key?.length === 1 ? event.key.toLowerCase() : event.key;
    // A disabled button's click does nothing.
    /** @type {Record<string, () => void>} */
    const letters = { f: flip, p: () => $("pause").click(), ...(app.kind.undoes ? { u: () => $("undo").click() } : {}) };
    const act = letters[key] ?? (event.shiftKey || !app.kind.browses ? null : moveKeys[key]);
    if (!act) return;
    event.preventDefault();
    act();
  });
}
