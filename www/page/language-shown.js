// @ts-check
// The language the chooser (#language) shows, apart from the chooser's wiring (language-chooser.js)
// so that the first board's file holds only this.

import { $ } from "../lib/dom.js";

/**
 * Has the chooser show the language the page is in (<html lang>): a first board's page may be in
 * its language before the whole table is (first-board.js), which makes it the language in use.
 * On a phone the chooser is as wide as the language it shows, and so may be the header: the first
 * board calls this before measuring its room, not waiting for the chooser's observer.
 */
export function showPageLanguage() {
  /** @type {HTMLSelectElement} */ ($("language")).value = document.documentElement.lang;
}
