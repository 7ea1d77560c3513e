// The page's view of the engine (www/types/engine.d.ts, written by hand) is the engine's: every
// class, method and function it declares is there, nothing the engine exports is left out, and
// the state, trace events, links, saved games and lesson steps the engine gives have exactly the
// fields declared. tsc then checks the page against these declarations.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngine } from "./support/engine.mjs";

const TYPES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www", "types");
const declarations = readFileSync(join(TYPES, "engine.d.ts"), "utf8").replace(/\/\*\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
const computerModule = readFileSync(join(TYPES, "computer-engine.d.ts"), "utf8").replace(/\/\/.*$/gm, "");
const engine = await loadEngine();

/** The body of `interface name` or `class name` in the declarations. */
function body(kind, name) {
  const found = new RegExp(`${kind} ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(declarations);
  if (!found) throw new Error(`engine.d.ts declares no ${kind} ${name}`);
  return found[1];
}

/** The members of a body: `name` of `name: …`, `name?: …` and `name(…)`, with `static` ones apart. */
function members(text) {
  const found = { fields: [], optional: [], methods: [], statics: [] };
  for (const line of text.split("\n")) {
    const member = /^\s+(static\s+)?(\w+)(\?)?\s*(\(|:)/.exec(line);
    if (!member) continue;
    const [, isStatic, name, optional, kind] = member;
    if (isStatic) found.statics.push(name);
    else if (kind === "(") found.methods.push(name);
    else (optional ? found.optional : found.fields).push(name);
  }
  return found;
}

/** Whether `object`'s keys are the declared fields, the optional ones allowed. */
function assertShape(object, declared, what) {
  const keys = Object.keys(object);
  const missing = declared.fields.filter((key) => !keys.includes(key));
  const unknown = keys.filter((key) => !declared.fields.includes(key) && !declared.optional.includes(key));
  assert.deepEqual({ missing, unknown }, { missing: [], unknown: [] }, `${what}: ${JSON.stringify(object).slice(0, 200)}`);
}

const methodsOf = (prototype) => Object.getOwnPropertyNames(prototype).filter((name) => name !== "constructor" && !name.startsWith("__"));

test("the classes' methods are the engine's", () => {
  // The computer's engine's game is the page's, and draws pictures too (PicturedGame).
  for (const [names, Class] of [[["Game", "PicturedGame"], engine.Game], [["Thinker"], engine.Thinker]]) {
    const declared = names.map((name) => members(body("class", name)));
    const methods = declared.flatMap((d) => d.methods).filter((m) => m !== "constructor");
    assert.ok(methods.length > 5, `${names}' methods read`);
    assert.deepEqual([...new Set(methods)].sort(), methodsOf(Class.prototype).sort(), names.join(" and "));
    for (const method of declared.flatMap((d) => d.statics)) assert.equal(typeof Class[method], "function", `${names}: ${method}`);
  }
});

test("the engines' functions are declared, each of them, and are functions", () => {
  const page = members(body("interface", "PageEngine"));
  const computer = members(body("interface", "ComputerEngine"));
  // (The computer's engine declares its `Game` again: its own, which also draws pictures.)
  const declared = [...new Set([...page.fields, ...page.methods, ...computer.fields, ...computer.methods])];
  for (const name of declared) assert.equal(typeof engine[name], "function", name);
  // What wasm-bindgen adds to start the module (`default`, `initSync`) and the crate's start
  // function (run when it starts) are not the page's to call.
  const exported = Object.keys(engine).filter((name) => !["default", "initSync", "start"].includes(name));
  assert.deepEqual(exported.filter((name) => !declared.includes(name)), [], "exports engine.d.ts does not declare");
  // The worker's module declares the same names.
  const moduleNames = [...computerModule.matchAll(/export const (\w+)/g)].map(([, name]) => name);
  assert.deepEqual(moduleNames.sort(), [...declared].sort(), "computer-engine.d.ts");
});

test("the state has exactly the fields declared", () => {
  const shape = members(body("interface", "GameState"));
  assertShape(new engine.Game({}).state(), shape, "the opening");
  const over = engine.Game.fromRecord("", {});
  while (over.state().status === "playing") over.play(over.state().legal[0]);
  assertShape(over.state(), shape, "a finished game");
});

test("every trace event has exactly the fields declared for its kind", () => {
  const declared = new Map();
  const union = /type TraceEvent =([\s\S]*?);\n/.exec(declarations)[1];
  for (const [, fields] of union.matchAll(/\{([^}]*)\}/g)) {
    const keys = [...fields.matchAll(/(\w+):/g)].map(([, key]) => key);
    const name = /event: "(\w+)"/.exec(fields)[1];
    declared.set(name, keys.sort());
  }
  const seen = new Set();
  // Today's rules, and Parker's two (whose matches choose directions, tie, eat and make short holes).
  for (const options of [{ rounds: false }, { rounds: true }, { rules: "parker-walak", rounds: true },
    { rules: "parker-kotu", rounds: true }]) {
    const game = new engine.Game(options);
    for (let ply = 0; ply < 600 && game.state().status === "playing"; ply++) {
      const { legal } = game.state();
      for (const event of game.play(legal[(ply * 5) % legal.length])) {
        assert.deepEqual(Object.keys(event).sort(), declared.get(event.event), `a ${event.event} event`);
        seen.add(event.event);
      }
    }
  }
  assert.deepEqual([...seen].sort(), [...declared.keys()].sort(), "every kind declared is seen, and no other");
});

test("links, saved games, the lesson and the levels have the fields declared", () => {
  const link = members(body("interface", "Link"));
  assertShape(engine.readLink("#walak=1&moves=7264&at=2"), link, "a link");
  assertShape(engine.readLink("#walak=1&moves=72&game=mj3k2x9q1a2b&you=north"), link, "a link game's link");
  const start = members(body("interface", "StartPosition"));
  assertShape(engine.readLink("#walak=1&board=0.0.0.0.0.0.1.0.0.0.0.0.0.1&reserves=30.24&turn=south").start, start, "a start");
  const saved = members(body("interface", "SavedGame"));
  const json = engine.savedGameJson({ options: { rounds: false, first: "south" }, mode: "computer", side: "south", level: "club",
    record: "7", redo: "", start: { board: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], reserves: [30, 24], to_move: "south" } });
  assertShape(engine.readSavedGame(json), saved, "a saved game");
  const meeting = members(body("interface", "LinkMeeting"));
  assertShape(engine.meetLink("walak=1&moves=72", "walak=1&moves=7264"), meeting, "a meeting");
  const [step] = engine.lesson();
  assertShape(step, members(body("interface", "LessonStep")), "a lesson step");
  assertShape(step.setup, members(body("interface", "SetupView")), "a lesson step's set-up");
  assertShape(step.claim, members(body("interface", "LessonClaim")), "a lesson step's claim");
  assertShape(engine.levels()[0], members(body("interface", "LevelAbout")), "a level");
});

test("a refusal carries the kind and the fields declared for it", () => {
  const refused = (f) => {
    try {
      f();
    } catch (error) {
      return error;
    }
    assert.fail("not refused");
  };
  const move = refused(() => new engine.Game({}).play(9));
  assert.ok(move instanceof Error);
  assert.deepEqual([move.kind, move.detail], ["no_such_hole", { kind: "no_such_hole", number: 9 }]);
  const link = refused(() => engine.readLink("#walak=7&moves=12"));
  assert.deepEqual(link.detail, { kind: "newer_version", version: "7" });
  const saved = refused(() => engine.readSavedGame("{"));
  assert.deepEqual(saved.detail, { kind: "not_data" });
  assert.match(declarations, /kind: "newer_version" \| "unknown_version"; version: string/);
});
