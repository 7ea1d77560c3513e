// @ts-check
// The language chooser (#language): each language named in its own words (index.html writes the
// options, tests/unit/language-chooser.test.mjs keeps them LANGUAGES'); a choice applies at once
// and is remembered.

import { STORAGE_KEY, language, onLanguageChange, retranslatePage, setLanguage } from "../i18n/index.js";
import { $ } from "../lib/dom.js";
import { showPageLanguage } from "./language-shown.js";

export function wireLanguageChooser() {
  const chooser = /** @type {HTMLSelectElement} */ ($("language"));
  showPageLanguage();
  new MutationObserver(showPageLanguage).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
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
