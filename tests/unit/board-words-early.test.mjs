// An English page draws its first board before its words' table has come (main.js), with the
// few words the build writes into the page for it (scripts/bundle.mjs BOARD_KEYS). A word the
// board draws that is not among them would leave that first board to wait: every word board.js
// asks for must be one of them, and each must be English's own.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BOARD_KEYS } from "../../scripts/bundle.mjs";
import english from "../../www/i18n/en.js";

const source = readFileSync(new URL("../../www/board/board.js", import.meta.url), "utf8");

test("every word the board draws is among those an English page has before its table", () => {
  const asked = [...source.matchAll(/\bt\(\s*([`"])([^`"]*)\1/g)].map((match) => match[2]);
  assert.ok(asked.length >= 4, "board.js asks for its words with t(…)");
  for (const key of asked) {
    if (key.includes("${")) {
      // A key made at drawing time (`board.${side}`): every key of that family the table has.
      const prefix = key.slice(0, key.indexOf("${"));
      const family = Object.keys(english).filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes("."));
      const drawn = family.filter((k) => ["north", "south", "puta", "naga"].includes(k.slice(prefix.length)));
      assert.ok(drawn.length > 0, key);
      for (const k of drawn) assert.ok(BOARD_KEYS.includes(k), `${k} (from ${key})`);
    } else {
      assert.ok(BOARD_KEYS.includes(key), key);
    }
  }
  // Keys chosen in an expression (`t(tied === "south" ? "side.southShort" : …)`): any string in
  // board.js that names one of the table's words.
  for (const [, key] of source.matchAll(/"([a-z]+\.[A-Za-z]+)"/g)) {
    if (key in english) assert.ok(BOARD_KEYS.includes(key), key);
  }
  for (const key of BOARD_KEYS) assert.equal(typeof english[key], "string", key);
});
