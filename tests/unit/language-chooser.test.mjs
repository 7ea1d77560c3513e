// The language chooser's options are written in index.html, so that the header has its width at
// its first paint (a chooser filled later widened it and moved the first board): they must be the
// languages offered, in their order, each named in its own words and marked with its language.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES } from "../../www/i18n/languages.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("index.html's language chooser offers every language, in LANGUAGES' order and words", () => {
  const html = readFileSync(join(ROOT, "index.html"), "utf8").replace(/<!--[\s\S]*?-->/g, "");
  const select = /<select id="language">([\s\S]*?)<\/select>/.exec(html)?.[1];
  assert.ok(select !== undefined, 'index.html has no <select id="language">');
  const options = [...select.matchAll(/<option value="([^"]+)" lang="([^"]+)">([^<]+)<\/option>/g)]
    .map(([, code, lang, name]) => ({ code, lang, name }));
  assert.equal(select.match(/<option\b/g)?.length, options.length, "every option written as <option value=… lang=…>name</option>");
  assert.deepEqual(options, LANGUAGES.map(({ code, name }) => ({ code, lang: code, name })));
});
