// @ts-check
// The computer's levels, weakest first, in the level menu and the New game dialog.

import { t } from "../i18n/index.js";
import { levelAbout, levelName } from "../ui/words.js";
import { $ } from "../lib/dom.js";

/**
 * Fills both with the engine's `levels`; called again on a change of language: the words change,
 * the choices made stay.
 * @param {{name: string, description: string}[]} levels
 */
export function fillLevelChoices(levels) {
  const menu = /** @type {HTMLSelectElement} */ ($("level"));
  const choices = $("level-choices");
  if (menu.options.length === 0) {
    for (const { name } of levels) {
      menu.append(new Option(name, name));
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "level";
      radio.value = name;
      const text = document.createElement("span");
      text.dataset.level = name;
      label.append(radio, " ", text);
      choices.append(label);
    }
  }
  for (const { name, description } of levels) {
    const option = menu.querySelector(`option[value="${name}"]`);
    const choice = choices.querySelector(`span[data-level="${name}"]`);
    if (option) option.textContent = levelName(name);
    if (choice) choice.textContent = t("level.choice", { name: levelName(name), description: levelAbout(name, description) });
  }
}
