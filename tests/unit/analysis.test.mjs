// The help beside the game, where it decides without a browser (www/analysis/): the values kept
// between visits are trusted only when whole and of this engine, a review marks a move by the
// seeds it gave away, the solver's workers and table suit the device, and a link's values told
// unasked answer the page at once.

import { test } from "node:test";
import assert from "node:assert/strict";
import { HOLDS, checksum, entryIsSound, keep, lookup, positionKey } from "../../www/analysis/values-cache.js";
import { Computer, solverTableMb } from "../../www/analysis/computer.js";
import { ExactValues, linkValues, linkValuesPart, southView, valuesWorkers, warmUp } from "../../www/analysis/values.js";
import { MARKS, markFor } from "../../www/analysis/review.js";

const VERSION = "walak-pussa 1.0.0 values 1";

// The frames a browser draws, one a tick, and a way to let one pass: a link's values are proved
// once the board showing them has been painted.
/** @type {(() => void)[]} */
let frameWork = [];
globalThis.requestAnimationFrame = (/** @type {() => void} */ work) => (frameWork.push(work), 0);
const painted = async () => {
  const now = frameWork;
  frameWork = [];
  for (const work of now) work();
  await new Promise((resolve) => setTimeout(resolve));
};
const POSITION = { start: null, options: { rounds: false, first: "south" }, record: "7264" };

/** An entry as values-cache.js keeps one, sealed with its checksum. */
function entry(holds, result, version = VERSION) {
  const key = positionKey(POSITION);
  return { version, holds, result, at: 1, sum: checksum(JSON.stringify([version, key, holds, result])) };
}

test("a kept value is trusted only whole, of this engine's version, and unchanged since it was kept", () => {
  const key = positionKey(POSITION);
  const sound = entry("best", { value: 4, best: [3], nodes: 0 });
  assert.equal(entryIsSound(sound, VERSION, key), true);
  assert.equal(entryIsSound(sound, "walak-pussa 1.0.1 values 1", key), false, "another version's values are never shown");
  assert.equal(entryIsSound({ ...sound, result: { ...sound.result, value: 6 } }, VERSION, key), false, "a changed value");
  assert.equal(entryIsSound(sound, VERSION, positionKey({ ...POSITION, record: "72" })), false, "another position's");
  assert.equal(entryIsSound(entry("best", { value: 4, nodes: 0 }), VERSION, key), false, "best moves missing");
  assert.equal(entryIsSound(entry("value", { value: 4, nodes: 0 }), VERSION, key), true, "a value alone needs none");
  assert.equal(entryIsSound(entry("everything", { value: 4, best: [3], nodes: 0 }), VERSION, key), false);
  for (const broken of [null, "text", {}, { ...sound, result: null }, { ...sound, result: { value: 1.5, best: [] } }]) {
    assert.equal(entryIsSound(broken, VERSION, key), false, JSON.stringify(broken));
  }
  assert.deepEqual(HOLDS, ["value", "best", "values"]);
});

/**
 * Exact values with a values' worker as the page sees it: what the page sends it is kept in
 * `sent`, nothing is answered unless the test settles it.
 */
function heldValues() {
  const computer = new Computer();
  /** @type {any[]} */
  const sent = [];
  computer.worker = /** @type {any} */ ({ postMessage: (/** @type {any} */ message) => sent.push(message), terminate() {} });
  computer.ready = Promise.resolve();
  const exact = new ExactValues(1);
  exact.computers[0] = computer;
  return { computer, exact, sent };
}

test("a link's values the worker tells unasked answer the question waiting for them, and later ones at once", async () => {
  const { computer, exact, sent } = heldValues();
  const values = { value: 4, best: ["3"], move_values: { 1: -2, 3: 4 }, nodes: 812 };

  // The page asks as it starts; the worker, given the link, tells the values before answering it.
  const asked = exact.solve({ ...POSITION, moveValues: true, legal: ["1", "3"] });
  assert.equal(exact.entry(POSITION.record)?.state, "pending");
  assert.deepEqual(sent.map((message) => message.type), ["think"]);
  computer.takeForeseen(positionKey(POSITION), values);
  const entry = await asked;
  assert.equal(entry.state, "done");
  assert.deepEqual(entry.result, values);
  // The worker's own answer to the question, coming later, changes nothing.
  computer.settle(sent[0].id, { value: 0, nodes: 0 });
  assert.deepEqual(exact.entry(POSITION.record)?.result, values);

  // Asked again afresh (values forgotten by a new game), they are known at once: the page's first
  // painting can show them, and the worker is not asked.
  exact.entries.clear();
  exact.solve({ ...POSITION, moveValues: true, legal: ["1", "3"] });
  assert.equal(exact.entry(POSITION.record)?.state, "done");
  assert.deepEqual(exact.entry(POSITION.record)?.result, values);
  assert.equal(sent.length, 1);
  // Another position is asked of the worker as ever.
  exact.solve({ ...POSITION, record: "72", moveValues: true, legal: ["1"] });
  assert.equal(exact.entry("72")?.state, "pending");
  assert.equal(sent.at(-1).record, "72");
});

test("a link's move values show at once, and give way to the page's own proof, which says when they were wrong", async () => {
  const { computer, exact, sent } = heldValues();
  /** @type {boolean[]} */
  const checked = [];
  const onChecked = (/** @type {boolean} */ wrong) => checked.push(wrong);
  const question = { ...POSITION, legal: ["1", "3"] };

  // Known at once, as the link's: the first painting shows them.
  exact.takeFromLink(question, linkValues("-2.x.4.x.x.x.x"), onChecked);
  const linked = exact.entry(POSITION.record);
  assert.equal(linked?.state, "done");
  assert.deepEqual(linked?.result, { value: 4, best: ["3"], move_values: { 1: -2, 3: 4 }, nodes: 0, linked: true });
  // The page's own question waits for the check, asked of the worker once, after the board
  // showing the link's values is painted.
  const asked = exact.solve({ ...POSITION, moveValues: true, legal: ["1", "3"] });
  assert.deepEqual(sent, [], "nothing asked of the worker before the painting");
  await painted();
  assert.deepEqual(sent.map((message) => message.type), ["think"]);
  const proved = { value: 4, best: ["3"], move_values: { 1: -2, 3: 4 }, nodes: 812 };
  computer.settle(sent[0].id, proved);
  assert.deepEqual((await asked).result, proved, "the proof takes their place");
  assert.deepEqual(checked, [false]);

  // A link written by hand with other values: the proof's are shown, and it is said.
  exact.entries.clear();
  exact.takeFromLink(question, linkValues("5.x.4.x.x.x.x"), onChecked);
  await painted();
  computer.settle(sent[1].id, proved);
  await exact.entry(POSITION.record)?.settled;
  assert.deepEqual(exact.entry(POSITION.record)?.result, proved);
  assert.deepEqual(checked, [false, true]);

  // Another position asked for drops the check, and the link's values with it.
  exact.entries.clear();
  exact.takeFromLink(question, linkValues("-2.x.4.x.x.x.x"), onChecked);
  exact.solve({ ...POSITION, record: "72", moveValues: true, legal: ["1"] });
  assert.equal(exact.entry(POSITION.record), null);
  assert.equal(sent.at(-1).record, "72");
  await painted();
  assert.equal(sent.at(-1).record, "72", "the dropped check asks nothing once the board is painted");
});

test("a link that carries its values starts no worker beside the page's start", () => {
  // (Node has no Worker: starting one here would throw.)
  warmUp("#walak=1&moves=7264&values=-2.x.4.x.x.x.x");
  assert.equal(new ExactValues(1).computers[0].worker, null, "the values take a computer not yet started");
});

test("a link's values part reads back as it was written", () => {
  assert.deepEqual(linkValues("x.-2.0.x.x.-4.-12"), { 2: -2, 3: 0, 6: -4, 7: -12 });
  assert.equal(linkValuesPart({ 2: -2, 3: 0, 6: -4, 7: -12 }), "x.-2.0.x.x.-4.-12");
});

test("a position's key tells positions apart by start, options and moves", () => {
  const keys = new Set([
    positionKey(POSITION),
    positionKey({ ...POSITION, record: "726" }),
    positionKey({ ...POSITION, options: { rounds: true, first: "south" } }),
    positionKey({ ...POSITION, start: { board: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], reserves: [0, 0], to_move: "south" } }),
  ]);
  assert.equal(keys.size, 4);
  assert.equal(checksum(""), "811c9dc5");
  assert.match(checksum("walak"), /^[0-9a-f]{8}$/);
});

test("where the browser keeps nothing (no IndexedDB), nothing is found and keeping fails quietly", async () => {
  assert.equal(globalThis.indexedDB, undefined);
  await keep(VERSION, POSITION, "best", { value: 4, best: [3], nodes: 10, book: false });
  assert.equal(await lookup(VERSION, POSITION, "value"), null);
});

test("a move's mark follows the seeds it gave away: none, inaccuracy, mistake, blunder", () => {
  const marks = [0, 1, 3, 4, 9, 10, 40].map((loss) => markFor(loss)?.kind ?? null);
  assert.deepEqual(marks, [null, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]);
  assert.deepEqual(MARKS.map((m) => m.mark), ["??", "?", "?!"]);
});

test("the solver's table and workers suit the device's memory and cores", () => {
  assert.equal(solverTableMb(undefined), 32, "a browser that does not say");
  assert.deepEqual([0.5, 1, 2, 3, 4, 8].map(solverTableMb), [8, 8, 16, 32, 64, 64]);
  assert.equal(valuesWorkers(2, 8), 1, "two cores: one worker");
  assert.equal(valuesWorkers(undefined, 8), 1);
  assert.equal(valuesWorkers(8, 2), 1, "little memory: one worker");
  assert.equal(valuesWorkers(8, undefined), 4);
  assert.equal(valuesWorkers(16, 16), 4, "four at most");
  assert.equal(valuesWorkers(6, 8), 3);
});

test("a value for the mover, seen as South's lead", () => {
  assert.equal(southView("south", 4), 4);
  assert.equal(southView("north", 4), -4);
});
