// @ts-check
// Has the browser fetch the words' table of the page's language (i18n/) at once, beside the
// page's scripts and its engine: an async script of its own near the top of the page, run as soon
// as it comes. early.js, which must run before the first paint, waits for the stylesheet, and a
// table asked for from there came a sixth of a second later, after the engine had taken the link:
// a page in Sinhala drew its first board 0.3 s later (scripts/measure-page.mjs). The build names
// each table's file in TABLE_FILES.
import { pageLanguage } from "./i18n/languages.js";

(function () {
  var table = TABLE_FILES[pageLanguage()];
  if (table) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = table;
    document.head.append(link);
  }
})();
