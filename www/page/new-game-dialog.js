// @ts-check
// The New game dialog (#new-game-dialog): who plays (two players here, the computer, a friend by
// links, or a friend live where the page's server offers it: #live-create), the side and the level
// where they matter, who starts and rounds; from it, a position set up by hand
// (game/position-editor.js, loaded when first asked for), or with a friend live a room made for
// the game. It opens with the game on the board's set-up, as its kind offers it.

import { later } from "../lib/later.js";
import { positionOf } from "../game/game-start.js";
import { kindOf } from "../game/kinds/index.js";
import { hideNotice } from "../ui/ui.js";
import { $ } from "../lib/dom.js";
import { isParker, optionsOf } from "../lib/records.js";

/**
 * @param {import("../game/app.js").App} app
 * @param {{get(): Promise<any>}} live  the page's live play (live/live-game.js), loaded when first needed
 */
export function wireNewGameDialog(app, live) {
  const dialog = /** @type {HTMLDialogElement} */ ($("new-game-dialog"));
  const form = /** @type {HTMLFormElement} */ ($("new-game-form"));
  const field = (/** @type {string} */ name) => /** @type {any} */ (form.elements.namedItem(name));
  /** The set-up chosen in the dialog (with a friend live, the seat the person takes). @returns {import("../game/kinds/kind.js").Setup} */
  const chosenSetup = () => {
    const mode = field("mode").value;
    const side = field("side").value;
    const rules = field("rules").value;
    return { mode, side, first: field("first").value, rounds: field("rounds").checked, level: field("level").value,
      ...(isParker(rules) ? { rules } : {}), ...(mode === "live" ? { seat: side } : {}) };
  };
  // The side is asked for against someone elsewhere (the computer, a friend by links), the level
  // against the computer: as the kind of game chosen has them.
  const showChoices = () => {
    const chosen = kindOf(chosenSetup());
    /** @param {string} selector @param {boolean} hidden */
    const hide = (selector, hidden) => form.querySelectorAll(selector).forEach((fieldset) => {
      /** @type {HTMLElement} */ (fieldset).hidden = hidden;
    });
    hide(".computer-only", chosen.computerSide === null);
    hide(".rival-only", chosen.rival === null);
    // A live game's room starts from the opening; a position is set up by today's rules.
    $("new-game-position").hidden = chosen.inRoom;
  };
  for (const radio of field("mode")) radio.addEventListener("change", showChoices);
  for (const radio of field("rules")) radio.addEventListener("change", showChoices);
  $("new-game").addEventListener("click", () => {
    const { setup } = app;
    field("mode").value = app.kind.dialogMode;
    field("side").value = setup.side;
    field("first").value = setup.first;
    field("rounds").checked = setup.rounds;
    field("level").value = setup.level;
    field("rules").value = setup.rules ?? "mancala-world";
    showChoices();
    dialog.showModal();
  });
  // A position set up by hand is played as a single game by the players chosen in this dialog.
  const editor = later(async () => new (await import("../game/position-editor.js")).PositionEditor($("position-dialog"), app.Game,
    (/** @type {any} */ start) => {
      hideNotice();
      app.newGame({ setup: { ...chosenSetup(), rounds: false, first: start.to_move }, start });
    }));
  dialog.addEventListener("close", async () => {
    // The position shown, to be played by the rules chosen here (its direction kept only when
    // the game shown has that rule set: another's direction means nothing there).
    if (dialog.returnValue === "position") {
      const rules = chosenSetup().rules ?? "mancala-world";
      const { direction, ...position } = positionOf(app.state);
      const same = rules === (app.options.rules ?? "mancala-world");
      (await editor.get()).open(same && direction ? { ...position, direction } : position, rules);
    }
    if (dialog.returnValue !== "start") return;
    hideNotice();
    const setup = chosenSetup();
    // With a friend live: a room with this dialog's choices of who starts and rounds, its maker at the side chosen.
    if (setup.seat) (await live.get()).create(optionsOf(setup), setup.side);
    else app.newGame({ setup });
  });
}
