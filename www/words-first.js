// @ts-check
// Has the browser fetch the words' table of the page's language (i18n/) at once, beside the
// page's scripts and its engine: an async script of its own near the top of the page, run as soon
// as it comes. early.js, which must run before the first paint, waits for the stylesheet, and a
// table asked for from there came a sixth of a second later, after the engine had taken the link:
// a page in Sinhala drew its first board 0.3 s later (scripts/measure-page.mjs). The build names
// each table's files in TABLE_FILES: a table but English's is two, its page words (all the first
// board waits for) first.
import { pageLanguage } from "./i18n/languages.js";

(function () {
  for (var file of TABLE_FILES[pageLanguage()] || []) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    document.head.append(link);
  }
})();
