// The page's words (www/i18n/): a count takes its language's plural form, numbers and lists are
// written the language's way, something said later is said in the language in use then, a
// missing message is an error that names it, and the language a page starts in is chosen in
// order (the address, the choice made before, the browser's preferences, English).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CODES, direction, formatAnd, formatNumber, formatOr, formatPercent, language, loadTable, msg, offeredFor,
  onLanguageChange, say, setLanguage, startingLanguage, t,
} from "../../www/i18n/index.js";

test("a count takes the plural form its language uses", async () => {
  await setLanguage("en");
  assert.equal(t("count.seeds", { count: 1 }), "1 seed");
  assert.equal(t("count.seeds", { count: 0 }), "0 seeds");
  assert.equal(t("count.seeds", { count: 21 }), "21 seeds");
  // Slovenian has four forms: one, two, few and other, by the last two digits.
  await setLanguage("sl");
  const seeds = (count) => t("count.seeds", { count });
  assert.deepEqual([1, 2, 3, 4, 5, 101, 102, 103, 111].map(seeds),
    ["1 seme", "2 semeni", "3 semena", "4 semena", "5 semen", "101 seme", "102 semeni", "103 semena", "111 semen"]);
  // Thai has one form for every count.
  await setLanguage("th");
  assert.equal(seeds(1), "1 เมล็ด");
  assert.equal(seeds(7), "7 เมล็ด");
});

test("numbers in a message are written as its language writes them", async () => {
  await setLanguage("en");
  assert.equal(formatNumber(12345.5), "12,345.5");
  assert.equal(t("count.seeds", { count: 1234 }), "1,234 seeds");
  assert.equal(formatPercent(0.42), "42%");
  await setLanguage("sl");
  assert.equal(formatNumber(12345.5), "12.345,5");
  assert.equal(formatPercent(0.42), "42\u00a0%", "a no-break space before the sign");
  for (const code of CODES) {
    await setLanguage(code);
    assert.match(formatNumber(56), /^\p{Nd}+$/u, `${code}: 56 in digits`);
    // The page writes whole numbers below 1,000 without a number format: the same as the language's.
    const format = new Intl.NumberFormat(code);
    for (let n = 0; n < 1000; n++) assert.equal(formatNumber(n), format.format(n), `${code}: ${n}`);
    // Whole percentages (the engine's download count) by the language's own pattern: the same as its format.
    const percent = new Intl.NumberFormat(code, { style: "percent" });
    for (let n = 0; n <= 100; n++) assert.equal(formatPercent(n / 100), percent.format(n / 100), `${code}: ${n} %`);
    assert.equal(formatPercent(0.4234), percent.format(0.4234), `${code}: a share not a whole percentage`);
    assert.doesNotThrow(() => t("board.label", { south: "4, 4", north: "4, 4", southReserve: 0, northReserve: 0 }));
  }
});

test("lists are joined in the language's words, also where the runtime has no list data for it", async () => {
  await setLanguage("en");
  assert.equal(formatOr(["a", "b", "c"]), "a, b, or c");
  assert.equal(formatAnd([1, 2]), "1 and 2");
  const supported = Intl.ListFormat.supportedLocalesOf;
  Intl.ListFormat.supportedLocalesOf = () => [];
  try {
    await setLanguage("sl");
    assert.equal(formatOr(["a", "b", "c"]), "a, b ali c", "the table's own words");
    assert.equal(formatAnd(["a"]), "a");
    await setLanguage("ur");
    assert.equal(formatAnd(["a", "b", "c"]), "a، b اور c");
  } finally {
    Intl.ListFormat.supportedLocalesOf = supported;
  }
});

test("a message kept to say later is said in the language in use then, its parts too", async () => {
  await setLanguage("en");
  let said = 0;
  const later = msg("embed.demoCaption", { south: () => (said++, "Beginner"), north: "Master" });
  assert.equal(said, 0, "nothing is said when the message is made");
  const inner = msg("count.seeds", { count: 2 });
  const outer = msg("preview.capture", { hole: 3, laps: "1 lap", seeds: inner });
  assert.match(say(outer), /2 seeds/);
  await setLanguage("sl");
  assert.match(say(outer), /2 semeni/, "the inner message in the new language");
  assert.match(say(later), /Beginner/);
  assert.equal(said, 1);
  assert.equal(say("as it is"), "as it is", "a plain text is said as it is");
});

test("a message the tables do not have is an error naming it; a placeholder not given stays", async () => {
  await setLanguage("en");
  assert.throws(() => t("no.such.message"), /no message "no\.such\.message"/);
  assert.equal(t("count.seeds", {}), "{count} seeds", "no count: the other form, its placeholder left");
});

test("a change of language is heard, and marks right-to-left languages", async () => {
  const heard = [];
  onLanguageChange((code) => heard.push(code));
  await setLanguage("ur");
  await setLanguage("en");
  assert.deepEqual(heard, ["ur", "en"]);
  assert.equal(language(), "en");
  assert.equal(direction("ur"), "rtl");
  assert.equal(direction("sl"), "ltr");
  assert.equal(direction(), "ltr");
  await assert.rejects(setLanguage("xx"), /no language "xx"/);
  assert.equal(language(), "en", "a refused language changes nothing");
  assert.equal(await loadTable("si"), await loadTable("si"), "a table is loaded once");
});

test("the page starts in the address's language, else the one chosen before, else the browser's, else English", () => {
  assert.equal(startingLanguage({ asked: "ml", stored: "sl", preferred: ["th"] }), "ml");
  assert.equal(startingLanguage({ asked: null, stored: "sl", preferred: ["th"] }), "sl");
  assert.equal(startingLanguage({ asked: "xx", stored: "zz", preferred: ["de-DE", "th-TH", "sl"] }), "th");
  assert.equal(startingLanguage({ preferred: ["de", "fr"] }), "en");
  assert.equal(startingLanguage(), "en");
});

test("a browser's language tag is offered when the page has that language, in its script", () => {
  assert.equal(offeredFor("sl-SI"), "sl");
  assert.equal(offeredFor("si-LK"), "si");
  assert.equal(offeredFor("pa-IN"), "pa", "Punjabi in Gurmukhi");
  assert.equal(offeredFor("pa-PK"), null, "Punjabi in Shahmukhi is another script");
  assert.equal(offeredFor("pa-Arab"), null);
  assert.equal(offeredFor("de"), null);
  assert.equal(offeredFor("not a tag"), null);
  // Read without Intl.Locale where the tag names the language outright, as Intl.Locale reads it.
  for (const tag of ["en", "en-US", "en-GB", "ml-IN", "th-TH", "ur-PK", "ur-IN", "sl", "si", "en-Latn-US", "pa", "pa-Guru-IN"]) {
    assert.equal(offeredFor(tag), new Intl.Locale(tag).maximize().language, tag);
  }
  assert.equal(offeredFor("EN-us"), "en", "any case, as Intl.Locale reads it");
});
