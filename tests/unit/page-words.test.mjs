// index.html is written in English, word for word as the English table (www/i18n/en.js) says it:
// an English page then keeps the words it was served with rather than writing every one again as
// it starts (page/language-chooser.js), which costs a slow phone tens of milliseconds.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import en from "../../www/i18n/en.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const html = readFileSync(join(ROOT, "index.html"), "utf8");

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
/** @param {string} text */
const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) =>
    name.startsWith("#x") || name.startsWith("#X") ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1)))
        : ENTITIES[name.toLowerCase()] ?? whole);
/** The words as a browser shows them: white space run together. @param {string} text */
const shown = (text) => text.replace(/\s+/g, " ").trim();

/** Every start tag of index.html: its name, its attributes and where it ends. */
function* startTags() {
  for (const match of html.matchAll(/<([a-z][a-z0-9-]*)((?:\s+[^\s>=]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    const attributes = Object.fromEntries([...match[2].matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => [a[1], decode(a[2] ?? "")]));
    yield { tag: match[1], attributes, end: match.index + match[0].length };
  }
}

const ATTRIBUTES = { "data-i18n-title": "title", "data-i18n-aria-label": "aria-label", "data-i18n-content": "content" };

test("every translated word of index.html is the English table's", () => {
  const differ = [];
  let checked = 0;
  for (const { tag, attributes, end } of startTags()) {
    for (const [marker, attribute] of Object.entries(ATTRIBUTES)) {
      const key = attributes[marker];
      if (key === undefined) continue;
      checked++;
      if (shown(attributes[attribute] ?? "") !== shown(String(en[key]))) differ.push(`${attribute} of ${key}: ${JSON.stringify(attributes[attribute])}`);
    }
    const key = attributes["data-i18n"];
    if (key === undefined) continue;
    checked++;
    const text = html.slice(end, html.indexOf(`</${tag}>`, end));
    if (text.includes("<") || shown(decode(text)) !== shown(String(en[key]))) differ.push(`text of ${key}: ${JSON.stringify(text)}`);
  }
  assert.ok(checked > 150, `only ${checked} translated words found in index.html`);
  assert.deepEqual(differ, [], "index.html must say what en.js says (an element's text, its title, aria-label or content)");
});

test("the page's title is the English table's", () => {
  assert.equal(/<title>([^<]*)<\/title>/.exec(html)?.[1], en["page.title"]);
});
