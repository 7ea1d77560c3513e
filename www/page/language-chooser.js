// @ts-check
// The language chooser (#language): each language named in its own words; a choice applies at
// once and is remembered.

import { LANGUAGES, STORAGE_KEY, language, onLanguageChange, retranslatePage, setLanguage } from "../i18n/index.js";
import { $ } from "../lib/dom.js";

export function wireLanguageChooser() {
  const chooser = /** @type {HTMLSelectElement} */ ($("language"));
  for (const { code, name } of LANGUAGES) {
    const option = new Option(name, code);
    option.lang = code;
    chooser.append(option);
  }
  // It shows the language the page is in (<html lang>): a first board's page may be in its
  // language before the whole table is (first-board.js), which makes it the language in use.
  const root = document.documentElement;
  const showLanguage = () => (chooser.value = root.lang);
  showLanguage();
  new MutationObserver(showLanguage).observe(root, { attributes: true, attributeFilter: ["lang"] });
  onLanguageChange(() => retranslatePage());
  chooser.addEventListener("change", async () => {
    const code = chooser.value;
    try {
      await setLanguage(code);
    } catch (error) {
      // The table could not be loaded (the page's files changed or went away): stay as we are.
      console.warn("walak: language tables failed to load:", error);
      chooser.value = language();
      return;
    }
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // Not remembered, but still used now.
    }
    // An address that names a language would otherwise bring the old one back on reload.
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", code);
      history.replaceState(history.state, "", url);
    }
  });
}
