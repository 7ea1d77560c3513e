// An English page draws its first board before its words' table has come (main.js), with the
// few words the build writes into the page for it (scripts/bundle.mjs BOARD_KEYS). A word the
// board draws that is not among them would leave that first board to wait: every word board.js
// asks for must be one of them, and each must be English's own.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BOARD_KEYS, COMPARE_KEYS, DIRECTION_KEYS } from "../../scripts/bundle.mjs";
import { RULE_SET_WORDS } from "../../www/share/rule-set-words.js";
import { RULE_SETS } from "../../www/lib/records.js";
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

test("every word a comparison's first boards say is among those a page has before its table", () => {
  // An embed's comparison draws its two boards, named, with a line under each, before the engine
  // (share/compare-boards.js): in English with the words the build writes in, in another
  // language with its page words, which both take COMPARE_KEYS.
  const boards = readFileSync(new URL("../../www/share/compare-boards.js", import.meta.url), "utf8");
  const asked = [...boards.matchAll(/\bt\(\s*"([^"]*)"/g)].map((match) => match[1]);
  assert.ok(asked.length >= 2, "compare-boards.js asks for its words with t(…)");
  // Its rule sets' names and lines (embed-words.js), and the sides' names (board-words.js sideName).
  const said = [...asked, ...RULE_SETS.flatMap((rules) => [RULE_SET_WORDS[rules].name, RULE_SET_WORDS[rules].about]), "side.south", "side.north"];
  for (const key of said) assert.ok(COMPARE_KEYS.includes(key) || BOARD_KEYS.includes(key), key);
  for (const key of COMPARE_KEYS) assert.equal(typeof english[key], "string", key);
});

test("every word of the direction line under a Parker board is among those a page has before its table", () => {
  // A board drawn before the engine says a chosen direction under it (ui/direction-shown.js): in a
  // frame the line takes room from the board, so it must be said before the board is measured.
  const line = readFileSync(new URL("../../www/ui/direction-shown.js", import.meta.url), "utf8");
  const asked = [...line.matchAll(/"([a-z]+\.[A-Za-z]+)"/g)].map((match) => match[1]).filter((key) => key in english);
  assert.ok(asked.length >= 3, "direction-shown.js names its words");
  for (const key of asked) assert.ok(DIRECTION_KEYS.includes(key), key);
  for (const key of DIRECTION_KEYS) assert.equal(typeof english[key], "string", key);
});
