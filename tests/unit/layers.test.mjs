// The page's house plan, checked: the scripts of www/ form layers that only point down, and no file
// imports another that imports it back, however long the way round (tests/layers.rs checks the
// crate the same way).
//
// The layers, lowest first; a file may import its own layer and the layers before it, never one
// after:
//   lib       what every part repeats: `$`, the sides, the choices a person keeps, lazy loading
//   i18n      the message tables and the words' machinery (language, numbers, `t`)
//   engine    access to the rules engine (engine.js) and trunk's initializer that loads it (loader.js)
//   board     the board: its holes, drawing, animation, input, sound, and its own sentences
//   ui        the page around the board: status, controls, move list, notices, the game's sentences
//   game      the controller, the kinds of game (game/kinds/), the opponents, the move list's lines,
//             the saved game and Your games
//   analysis  the computer (its worker too), the exact values, the hint and evaluation, the review
//   trainer   the lesson and the puzzles
//   share     links, the link game, embedding and its dialog, the host page's messages
//   live      live play against a friend, through `walak serve`
//   page      the page's composition: the one reader of the address (router.js) and what acts on
//             it, the full page and an embed's frame, each put together from the parts below, and
//             the controls, keys and dialogs that only wire those parts
//   entry     main.js, which chooses the full page or the frame once; first-board.js, which draws
//             the first board before main.js's scripts have come; early.js, a classic script run
//             before the page paints; words-first.js, which has the words' table fetched at once;
//             service-worker.js, the browser's own script for offline play
// trainer, share and live are independent of one another today but for live using share's links;
// the order between the first two is only written down, not needed. A layer above may read an
// object handed to it by a layer below (page/compose.js composes the page, so the board is given
// the controller); it may not import its module.
//
// Also checked: every file belongs to a layer; a file loaded on its own by the browser or the
// build (an entry, the worker, trunk's initializer) is imported by no other; loader.js and
// service-worker.js import nothing at all (trunk copies the first under a hashed name, the second
// is served as written); a bare specifier (a package's name, not a file) only where listed; and a
// dynamic import names its file in a plain string, so that it can be checked too.
//
// The types point down too: a JSDoc comment's `@import {…} from "x"` or `import("x")` (a type
// only, never loaded) names a file of its own layer or below, or a declaration of www/types/,
// which is below every layer. (Types may go round in a circle: nothing is loaded.)
//
// The reading is deliberately simple: a tokenizer that knows comments, strings, templates and
// regular expressions, then the import and export statements among its tokens. Its own tests
// below show that it finds what it must.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");

/** The page's plan: its layers, lowest first, each a list of folders ("board/") and files. */
const PAGE = {
  layers: [
    ["lib", ["lib/"]],
    ["i18n", ["i18n/"]],
    ["engine", ["engine.js", "loader.js"]],
    ["board", ["board/"]],
    ["ui", ["ui/"]],
    ["game", ["game/"]],
    ["analysis", ["analysis/"]],
    ["trainer", ["trainer/"]],
    ["share", ["share/"]],
    ["live", ["live/"]],
    ["page", ["page/"]],
    ["entry", ["main.js", "first-board.js", "early.js", "words-first.js", "service-worker.js"]],
  ],
  // Loaded by the browser or the build on their own: nothing imports them.
  separate: ["main.js", "first-board.js", "early.js", "words-first.js", "service-worker.js", "loader.js", "analysis/computer-worker.js"],
  selfContained: ["loader.js", "service-worker.js"],
  // Bare specifiers, by the file allowed to use them: the computer's engine, which the build
  // aliases to its wasm-bindgen module (scripts/bundle.mjs), loaded by the worker and, to draw
  // pictures, by the page.
  bare: { "analysis/computer-worker.js": ["computer-engine"], "share/pictures.js": ["computer-engine"] },
  // Declarations only (.d.ts), below every layer: any file may name their types.
  types: "types/",
  // A part of a file the build makes (`./si.js?page`, a table's page words: scripts/bundle.mjs),
  // by the file allowed to import it: an import of that file as far as the layers go.
  parts: { "i18n/index.js": ["page"] },
};

// ── Reading a script ─────────────────────────────────────────────────────────────────────────────

// After these, a `/` starts a regular expression rather than dividing.
const BEFORE_REGEX = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
  "else", "yield", "await"]);

/**
 * The tokens of a script that matter to its imports: names, strings (with their value) and single
 * characters of punctuation, each with its line. Comments, templates' text, regular expressions
 * and numbers are dropped; a template's `${…}` is read as code.
 */
export function tokens(text) {
  const out = [];
  const braces = []; // per open `{`: "code", or "template" for a template's `${`
  let line = 1;
  let i = 0;
  const push = (type, value) => out.push({ type, value, line });
  const count = (from, to) => {
    for (let k = from; k < to; k++) if (text[k] === "\n") line++;
  };
  // Reads a template's text from i (after "`" or a "}" that closes a `${`): returns at its end or at "${".
  const template = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") return void i++;
      else if (c === "$" && text[i + 1] === "{") {
        braces.push("template");
        i += 2;
        return;
      } else {
        if (c === "\n") line++;
        i++;
      }
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      count(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let value = "";
      let k = i + 1;
      while (k < text.length && text[k] !== c && text[k] !== "\n") {
        if (text[k] === "\\") value += text[++k] ?? "";
        else value += text[k];
        k++;
      }
      push("string", value);
      i = k + 1;
    } else if (c === "`") {
      i++;
      push("template", "`");
      template();
    } else if (c === "/") {
      const last = out.at(-1);
      const regex = !last || (last.type === "punct" && !")]}".includes(last.value)) || (last.type === "name" && BEFORE_REGEX.has(last.value));
      if (!regex) {
        push("punct", c);
        i++;
        continue;
      }
      let k = i + 1;
      let inClass = false;
      while (k < text.length && text[k] !== "\n" && (inClass || text[k] !== "/")) {
        if (text[k] === "\\") k++;
        else if (text[k] === "[") inClass = true;
        else if (text[k] === "]") inClass = false;
        k++;
      }
      i = k + 1;
      while (i < text.length && /[a-z]/.test(text[i])) i++;
      push("regex", "/");
    } else if (/[A-Za-z_$]/.test(c)) {
      const name = /^[\w$]+/.exec(text.slice(i, i + 200))[0];
      push("name", name);
      i += name.length;
    } else if (/[0-9]/.test(c)) {
      i += /^[\w.]+/.exec(text.slice(i, i + 200))[0].length;
      push("number", "0");
    } else if (c === "{") {
      braces.push("code");
      push("punct", c);
      i++;
    } else if (c === "}") {
      i++;
      if (braces.pop() === "template") template();
      else push("punct", c);
    } else {
      push("punct", c);
      i++;
    }
  }
  return out;
}

/**
 * What a script imports: `{imports: [{specifier, line, dynamic}], problems: [{line, message}]}`,
 * from `import … from "x"`, `import "x"`, `export … from "x"` and `import("x")`.
 */
export function readImports(text) {
  const all = tokens(text);
  const imports = [];
  const problems = [];
  const is = (k, type, value) => all[k]?.type === type && (value === undefined || all[k].value === value);
  for (let k = 0; k < all.length; k++) {
    const { line } = all[k];
    const statement = is(k, "name", "import") || is(k, "name", "export");
    if (!statement || is(k - 1, "punct", ".")) continue; // `x.import` is a property
    if (is(k, "name", "import") && is(k + 1, "punct", "(")) {
      if (is(k + 2, "string") && is(k + 3, "punct", ")")) imports.push({ specifier: all[k + 2].value, line, dynamic: true });
      else problems.push({ line, message: "a dynamic import must name its file in a plain string, so that its layer can be checked" });
      continue;
    }
    if (is(k, "name", "import") && is(k + 1, "string")) {
      imports.push({ specifier: all[k + 1].value, line, dynamic: false });
      continue;
    }
    if (is(k, "name", "import") && is(k + 1, "punct", ".")) continue; // import.meta
    // `import a, {b as c} from "x"`, `export * as d from "x"`, `export {e} from "x"`: on to `from`
    // (a declaration, `export const …`, has none before its statement ends).
    if (is(k, "name", "export") && !is(k + 1, "punct", "*") && !is(k + 1, "punct", "{")) continue;
    let m = k + 1;
    while (m < all.length && !is(m, "punct", ";") && !(is(m, "name", "from") && is(m + 1, "string"))) {
      if (is(m, "punct", "{")) while (m < all.length && !is(m, "punct", "}")) m++;
      else if (all[m].type !== "name" && !is(m, "punct", "*") && !is(m, "punct", ",")) break;
      m++;
    }
    if (is(m, "name", "from") && is(m + 1, "string")) imports.push({ specifier: all[m + 1].value, line, dynamic: false });
    else if (is(k, "name", "import")) problems.push({ line, message: "an import statement this reading does not understand" });
  }
  return { imports, problems };
}

/**
 * The types a script names in its JSDoc comments: `[{specifier, line}]`, from `@import … from "x"`
 * and `import("x")`.
 */
export function readTypeImports(text) {
  const found = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const before = text.slice(0, comment.index).split("\n").length;
    for (const named of comment[0].matchAll(/@import\s*(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s*from\s*"([^"]+)"|\bimport\("([^"]+)"\)/g)) {
      const line = before + comment[0].slice(0, named.index).split("\n").length - 1;
      found.push({ specifier: named[1] ?? named[2], line });
    }
  }
  return found;
}

/**
 * Checks the types named in `files`' comments against `plan`: a file of a layer names only types
 * of its layer or below, or of `plan.types` (a folder of declarations below every layer, whose
 * files are listed in `declarations`). Returns every problem as "file:line: what is wrong".
 */
export function checkTypes(files, declarations, plan) {
  const problems = [];
  const name = (i) => plan.layers[i][0];
  for (const [file, text] of files) {
    const layer = layerOf(file, plan);
    for (const { specifier, line } of readTypeImports(text)) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (target.startsWith(plan.types)) {
        const declared = target.replace(/\.js$/, ".d.ts");
        if (!declarations.has(declared)) problems.push(`${file}:${line}: names types of "${specifier}", which ${plan.types} does not declare`);
        continue;
      }
      if (!files.has(target)) {
        problems.push(`${file}:${line}: names types of "${specifier}", which is no script of www/`);
        continue;
      }
      const above = layerOf(target, plan);
      if (layer !== -1 && above > layer) problems.push(`${file}:${line}: ${name(layer)} names types of ${name(above)} (${target}), a layer above it`);
    }
  }
  return problems;
}

// ── Checking a tree ──────────────────────────────────────────────────────────────────────────────

/** The index in `plan.layers` of `file` (a path under www/, with slashes), or -1. */
function layerOf(file, plan) {
  return plan.layers.findIndex(([, members]) => members.some((m) => (m.endsWith("/") ? file.startsWith(m) : file === m)));
}

/**
 * The cycles of a graph (`Map` of node to the nodes it points to): one shortest cycle through
 * each set of nodes that reach one another, as a list of nodes whose last is its first.
 */
export function findCycles(graph) {
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  const cycles = [];
  for (const component of components) {
    const start = component.sort()[0];
    const members = new Set(component);
    if (component.length === 1 && !(graph.get(start) ?? []).includes(start)) continue;
    // The shortest way back to `start`, inside the component.
    const cameFrom = new Map();
    const queue = [start];
    let found = null;
    while (queue.length > 0 && found === null) {
      const node = queue.shift();
      for (const to of [...(graph.get(node) ?? [])].sort()) {
        if (to === start) {
          found = node;
          break;
        }
        if (members.has(to) && !cameFrom.has(to)) {
          cameFrom.set(to, node);
          queue.push(to);
        }
      }
    }
    const cycle = [start];
    for (let node = found; node !== start; node = cameFrom.get(node)) cycle.splice(1, 0, node);
    cycles.push([...cycle, start]);
  }
  return cycles;
}

/**
 * Checks `files` (a `Map` of path under www/, with slashes, to its text) against `plan`: returns
 * every problem as a sentence, "file:line: what is wrong".
 */
export function checkTree(files, plan) {
  const problems = [];
  const graph = new Map();
  const name = (i) => plan.layers[i][0];
  for (const [file, text] of files) {
    const layer = layerOf(file, plan);
    if (layer === -1) problems.push(`${file}: belongs to no layer (add it to one in the plan)`);
    const { imports, problems: unread } = readImports(text);
    for (const { line, message } of unread) problems.push(`${file}:${line}: ${message}`);
    if (plan.selfContained.includes(file) && imports.length > 0) {
      problems.push(`${file}:${imports[0].line}: imports "${imports[0].specifier}", but must stay self-contained`);
    }
    const targets = [];
    for (const { specifier, line } of imports) {
      if (!specifier.startsWith("./") && !specifier.startsWith("../")) {
        if (!(plan.bare[file] ?? []).includes(specifier)) {
          problems.push(`${file}:${line}: imports "${specifier}", which is no file of www/ (a bare name is allowed only where listed)`);
        }
        continue;
      }
      const [path, part] = specifier.split("?");
      if (part !== undefined && !(plan.parts?.[file] ?? []).includes(part)) {
        problems.push(`${file}:${line}: imports "${specifier}", a part of a file allowed only where listed`);
        continue;
      }
      const target = posix.normalize(posix.join(posix.dirname(file), path));
      if (!files.has(target)) {
        problems.push(`${file}:${line}: imports "${specifier}", which is no script of www/`);
        continue;
      }
      targets.push(target);
      if (plan.separate.includes(target)) problems.push(`${file}:${line}: imports ${target}, which is loaded on its own`);
      const above = layerOf(target, plan);
      if (layer !== -1 && above > layer) {
        problems.push(`${file}:${line}: ${name(layer)} imports ${name(above)} (${target}), a layer above it`);
      }
    }
    graph.set(file, targets);
  }
  for (const cycle of findCycles(graph)) problems.push(`a cycle of imports: ${cycle.join(" → ")}`);
  return problems;
}

/** Every script under `dir`, by its path there (with slashes). */
function readScripts(dir) {
  const files = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder).sort()) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(".js")) files.set(relative(dir, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
}

// ── The page ─────────────────────────────────────────────────────────────────────────────────────

test("www/ imports only downward, every file in a layer, and in no cycle", () => {
  const files = readScripts(WWW);
  assert.ok(files.size > 50, `only ${files.size} scripts found under ${WWW}`);
  const problems = checkTree(files, PAGE);
  assert.deepEqual(problems, [], `the page's layers are broken:\n  ${problems.join("\n  ")}\n`);
});

test("www/'s types point down too: a file names types of its own layer or below, or of www/types/", () => {
  const declarations = new Set(readdirSync(join(WWW, "types")).map((name) => `types/${name}`));
  const problems = checkTypes(readScripts(WWW), declarations, PAGE);
  assert.deepEqual(problems, [], `the page's types point up:\n  ${problems.join("\n  ")}\n`);
});

test("the plan names only folders and files that exist", () => {
  const files = [...readScripts(WWW).keys()];
  const named = [...PAGE.layers.flatMap(([, members]) => members), ...PAGE.separate, ...PAGE.selfContained, ...Object.keys(PAGE.bare)];
  const missing = named.filter((m) => !files.some((file) => (m.endsWith("/") ? file.startsWith(m) : file === m)));
  assert.deepEqual(missing, [], "the plan names what www/ does not hold");
});

// ── The reading, on small examples ───────────────────────────────────────────────────────────────

test("the reader finds every form of import, each on its line", () => {
  const text = [
    'import { a, b as c } from "./one.js";',
    'import * as two from "../two.js";',
    'import "./three.js";',
    "import four, {",
    "  five,",
    '} from "./four.js";',
    'export { six } from "./six.js";',
    'export * from "./seven.js";',
    'export * as eight from "./eight.js";',
    'const nine = () => import("./nine.js");',
    "const ten = await import('./ten.js');",
    'const t = `${(await import("./eleven.js")).x} and ${`${y}`}`;',
  ].join("\n");
  const { imports, problems } = readImports(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(imports.map(({ specifier, line, dynamic }) => [specifier, line, dynamic]), [
    ["./one.js", 1, false], ["../two.js", 2, false], ["./three.js", 3, false], ["./four.js", 4, false],
    ["./six.js", 7, false], ["./seven.js", 8, false], ["./eight.js", 9, false], ["./nine.js", 10, true], ["./ten.js", 11, true],
    ["./eleven.js", 12, true],
  ]);
});

test("the reader sees no import in comments, strings, templates, regular expressions or declarations", () => {
  const text = [
    '// import { a } from "./comment.js";',
    '/* import "./block.js";',
    '   import("./block2.js") */',
    'const s = "import x from \\"./string.js\\"";',
    "const t = `import(\"./template.js\")`;",
    'const r = /import "\\/regex.js"/;',
    'const d = a / b; const e = "/"; import "./after-division.js";',
    "export const f = 1;",
    "export function g() {}",
    "export { f as from };",
    "const meta = import.meta.url;",
    "x.import('./property.js');",
  ].join("\n");
  const { imports, problems } = readImports(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(imports.map((i) => [i.specifier, i.line]), [["./after-division.js", 7]]);
});

test("the reader refuses a dynamic import it cannot follow", () => {
  const { problems } = readImports("const table = await import(`./i18n/${code}.js`);\n");
  assert.equal(problems.length, 1);
  assert.equal(problems[0].line, 1);
  assert.match(problems[0].message, /plain string/);
});

// ── The checks, on small trees ───────────────────────────────────────────────────────────────────

const TINY = {
  layers: [["low", ["low/"]], ["high", ["high/", "main.js"]]],
  separate: ["main.js"],
  selfContained: [],
  bare: { "high/worker.js": ["engine-package"] },
};

test("a tree that points down passes", () => {
  const files = new Map([
    ["low/a.js", 'export const a = 1;'],
    ["low/b.js", 'import { a } from "./a.js";'],
    ["high/c.js", 'import { a } from "../low/a.js";\nimport { b } from "../low/b.js";'],
    ["high/worker.js", 'import init from "engine-package";'],
    ["main.js", 'import "./high/c.js";\nconst w = () => import("./high/worker.js");'],
  ]);
  assert.deepEqual(checkTree(files, TINY), []);
});

test("an upward import is named with its file, line and both layers", () => {
  const files = new Map([
    ["low/a.js", '// the first line\nimport { c } from "../high/c.js";'],
    ["high/c.js", "export const c = 1;"],
  ]);
  assert.deepEqual(checkTree(files, TINY), ["low/a.js:2: low imports high (high/c.js), a layer above it"]);
});

test("a file in no layer, a bare name not listed, a missing file and an imported entry are each named", () => {
  const files = new Map([
    ["stray.js", "export const s = 1;"],
    ["low/a.js", 'import x from "some-package";\nimport "./gone.js";'],
    ["high/c.js", 'import "../main.js";'],
    ["main.js", ""],
  ]);
  assert.deepEqual(checkTree(files, TINY), [
    "stray.js: belongs to no layer (add it to one in the plan)",
    'low/a.js:1: imports "some-package", which is no file of www/ (a bare name is allowed only where listed)',
    'low/a.js:2: imports "./gone.js", which is no script of www/',
    "high/c.js:1: imports main.js, which is loaded on its own",
  ]);
});

test("a part of a file the build makes is imported only where listed, and only from a layer that may import the file", () => {
  const plan = { ...TINY, parts: { "low/a.js": ["page"] } };
  const files = new Map([
    ["low/a.js", 'const words = () => import("./b.js?page");'],
    ["low/b.js", ""],
    ["low/c.js", 'const words = () => import("./b.js?page");'],
    ["low/d.js", 'const words = () => import("../high/e.js?page");'],
    ["high/e.js", 'const words = () => import("./f.js?whole");'],
  ]);
  assert.deepEqual(checkTree(files, { ...plan, parts: { ...plan.parts, "low/d.js": ["page"] } }), [
    'low/c.js:1: imports "./b.js?page", a part of a file allowed only where listed',
    "low/d.js:1: low imports high (high/e.js), a layer above it",
    'high/e.js:1: imports "./f.js?whole", a part of a file allowed only where listed',
  ]);
});

test("a self-contained file may import nothing", () => {
  const plan = { ...TINY, selfContained: ["low/alone.js"] };
  const files = new Map([["low/alone.js", 'import "./a.js";'], ["low/a.js", ""]]);
  assert.deepEqual(checkTree(files, plan), ['low/alone.js:1: imports "./a.js", but must stay self-contained']);
});

test("a cycle is found however long the way round, within a layer and through a dynamic import", () => {
  const files = new Map([
    ["low/a.js", 'import "./b.js";'],
    ["low/b.js", 'import "./c.js";'],
    ["low/c.js", 'const later = () => import("./d.js");'],
    ["low/d.js", 'import "./a.js";'],
    ["high/e.js", 'import "../low/a.js";'],
  ]);
  assert.deepEqual(checkTree(files, TINY), ["a cycle of imports: low/a.js → low/b.js → low/c.js → low/d.js → low/a.js"]);
});

test("the cycle finder gives one shortest cycle per knot, and a file importing itself", () => {
  const graph = new Map([
    ["a", ["b"]], ["b", ["c", "a"]], ["c", ["a"]], // one knot: a ⇄ b, and a → b → c → a
    ["d", ["d"]],
    ["e", ["f"]], ["f", []],
  ]);
  assert.deepEqual(findCycles(graph).sort(), [["a", "b", "a"], ["d", "d"]]);
  assert.deepEqual(findCycles(new Map([["x", ["y"]], ["y", []]])), []);
});

test("the types named in comments are found, with their lines, and checked like imports", () => {
  const text = [
    "/** @import { A, B } from \"./a.js\" */",
    "// @import { C } from \"./not-jsdoc.js\"",
    "/**",
    " * @param {import(\"../high/c.js\").C} c",
    " * @returns {import(\"../types/engine.js\").Game}",
    " */",
  ].join("\n");
  assert.deepEqual(readTypeImports(text), [
    { specifier: "./a.js", line: 1 }, { specifier: "../high/c.js", line: 4 }, { specifier: "../types/engine.js", line: 5 },
  ]);
  const plan = { ...TINY, types: "types/" };
  const files = new Map([["low/a.js", ""], ["high/c.js", ""], ["low/b.js", text]]);
  assert.deepEqual(checkTypes(files, new Set(["types/engine.d.ts"]), plan), [
    "low/b.js:4: low names types of high (high/c.js), a layer above it",
  ]);
  assert.deepEqual(checkTypes(files, new Set(), plan), [
    "low/b.js:4: low names types of high (high/c.js), a layer above it",
    'low/b.js:5: names types of "../types/engine.js", which types/ does not declare',
  ]);
});
