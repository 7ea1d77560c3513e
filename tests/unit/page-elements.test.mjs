// The page's elements as the types know them (www/types/page.d.ts) are index.html's: every id
// with its element's tag, no more and no fewer, so that `$("board")` is typed as the canvas it is.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Every `id="…"` of an HTML text (comments left out), with its element's tag, in order. */
export function elementsOf(html) {
  const text = html.replace(/<!--[\s\S]*?-->/g, "");
  return [...text.matchAll(/<([a-zA-Z][\w-]*)\b[^>]*?\sid="([^"]+)"/g)].map(([, tag, id]) => ({ id, tag: tag.toLowerCase() }));
}

/** The `"id": "tag";` entries of the declaration's `PageElementTags`. */
export function declaredOf(declaration) {
  const body = /interface PageElementTags \{([^}]*)\}/.exec(declaration)?.[1];
  if (body === undefined) throw new Error("page.d.ts has no `interface PageElementTags { … }`");
  return [...body.matchAll(/"([^"]+)":\s*"([^"]+)";/g)].map(([, id, tag]) => ({ id, tag }));
}

test("page.d.ts names every element of index.html by its id, with its tag", () => {
  const page = elementsOf(readFileSync(join(ROOT, "index.html"), "utf8"));
  const declared = declaredOf(readFileSync(join(ROOT, "www", "types", "page.d.ts"), "utf8"));
  assert.ok(page.length > 100, `only ${page.length} ids found in index.html`);
  const line = ({ id, tag }) => `  "${id}": "${tag}";`;
  assert.deepEqual(declared.map(line), page.map(line),
    `www/types/page.d.ts's PageElementTags must list index.html's ids in its order:\n${page.map(line).join("\n")}\n`);
});

test("the reading finds ids on any element, in any attribute order, across lines, but not in comments", () => {
  const html = [
    '<div class="a" id="one">',
    "<button type=button",
    '        id="two" data-x="y">Go</button>',
    '<!-- <p id="gone"> -->',
    '<svg id="three" viewBox="0 0 1 1"></svg>',
    '<input data-id="not-an-id" />',
  ].join("\n");
  assert.deepEqual(elementsOf(html), [{ id: "one", tag: "div" }, { id: "two", tag: "button" }, { id: "three", tag: "svg" }]);
  assert.deepEqual(declaredOf('export interface PageElementTags {\n  "one": "div";\n  "two": "button";\n}'),
    [{ id: "one", tag: "div" }, { id: "two", tag: "button" }]);
});
