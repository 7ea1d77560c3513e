// The page's release files, made after trunk has built the page's engine (scripts/after-build.mjs
// calls these in order):
//
// 1. `buildComputerEngine`: the computer player's engine, the same crate built with its
//    `computer` feature (search, solver, opening book), which only the Web Worker loads, when the
//    computer is first needed (and the page, to draw a picture). The page's own engine (trunk's)
//    is built without it and stays small: the lesson's steps and Parker's walk-throughs, which
//    only the computer's engine has, are worked out with it here and written into their scripts.
// 2. `bundleScripts`: esbuild bundles and minifies the page's scripts into content-hashed files,
//    so that a new deployment never mixes versions: the first board (first-board.js, which draws
//    with a chunk of its own), the page (main.js, with each language's table a chunk of its own,
//    loaded when chosen, and the panels opened later as chunks too), the worker
//    (computer-worker.js, with the computer's engine's JavaScript inside), the early script, the
//    first words' script (words-first.js) and the stylesheet. Source maps sit beside them. The
//    sources in www/ are then dropped from the build, and index.html names the bundles.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { CODES } from "../www/i18n/languages.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WWW = join(ROOT, "www");
/** The computer's engine is optimised for speed: players feel its thinking time more than its size. */
export const COMPUTER_WASM_OPT = ["-O3"];
const WASM_FEATURES = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
  "--enable-reference-types", "--enable-multivalue"];

const digest = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/**
 * Builds the crate with the `computer` feature for the browser, into `work` (a scratch directory):
 * returns `{glue, wasm}`, the wasm-bindgen module (to be bundled into the worker) and the
 * optimised wasm file.
 */
export function buildComputerEngine(work) {
  const { glue, wasm } = bindComputerEngine(work);
  execFileSync("wasm-opt", [...COMPUTER_WASM_OPT, ...WASM_FEATURES, wasm, "-o", wasm], { stdio: "inherit" });
  return { glue, wasm };
}

/**
 * The computer's engine built (cargo, release, the `computer` feature) and bound for the web by
 * wasm-bindgen into `work`, not yet optimised: `{glue, wasm}`. The unit tests load it under Node.
 */
export function bindComputerEngine(work) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // Always optimised: the computer's strength in a debug build would be a different game.
  const messages = execFileSync(
    "cargo",
    ["build", "--release", "--lib", "--target", "wasm32-unknown-unknown", "--no-default-features",
      "--features", "computer", "--message-format=json-render-diagnostics"],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20 },
  );
  // The artifact of exactly this build: the uplifted target/…/walak.wasm is shared with trunk's
  // build of the page's engine (without the feature).
  const artifact = messages
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((m) => m.reason === "compiler-artifact" && m.target?.kind?.includes("cdylib"))
    .flatMap((m) => m.filenames)
    .find((file) => file.endsWith(".wasm"));
  if (!artifact) throw new Error("bundle: cargo built no wasm for the computer's engine");
  execFileSync("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", work, "--out-name", "computer", artifact],
    { stdio: "inherit" });
  return { glue: join(work, "computer.js"), wasm: join(work, "computer_bg.wasm") };
}

/**
 * The computer's engine `{glue, wasm}` started in this Node process: its exports (the build works
 * out the lesson's steps with them, the unit tests test them). Its module is loaded as a .mjs
 * copy beside it, a module by its name wherever it is loaded from (the browser tests' loader reads
 * a .js outside a package as CommonJS).
 */
export async function startComputerEngine({ glue, wasm }) {
  const module = glue.replace(/\.js$/, ".mjs");
  copyFileSync(glue, module);
  const engine = await import(pathToFileURL(module).href);
  engine.initSync({ module: readFileSync(wasm) });
  return engine;
}

const COMMON = {
  bundle: true,
  minify: true,
  sourcemap: "linked",
  // Keeps each language's own letters readable in the bundle (and smaller than \u escapes).
  charset: "utf8",
  target: "es2022",
  legalComments: "none",
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  metafile: true,
  logLevel: "warning",
};

/** A path as esbuild's metafile names it (from the root, with slashes) made relative to `outdir`. */
const inOutdir = (path, outdir) => relative(outdir, resolve(ROOT, path)).split(sep).join("/");

/** The metafile's output for `entry`: `{file}`, relative to `outdir`, and what it `imports`. */
function outputFor(metafile, entry, outdir) {
  const wanted = relative(ROOT, entry).split(sep).join("/");
  const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === wanted);
  if (!found) throw new Error(`bundle: esbuild wrote nothing for ${wanted}`);
  return { file: inOutdir(found[0], outdir), imports: found[1].imports };
}

/** The output file of `entry` in an esbuild metafile, relative to `outdir`. */
const outputOf = (metafile, entry, outdir) => outputFor(metafile, entry, outdir).file;

/**
 * Bundles the page's scripts and stylesheet into `stage`/www (hashed names), with the computer's
 * engine `{glue, wasm}` from `buildComputerEngine`. Returns the files index.html must name:
 * `{firstBoard, firstBoardPreload, main, preload, early, wordsFirst, style}` (paths relative to `stage`; the
 * preloads, what each entry imports), the worker's, and `tables`, each language's words' files
 * by its code (its page words first, but English's).
 */
export async function bundleScripts(stage, computer) {
  const outdir = join(stage, "www");
  const inWww = (file) => `www/${file}`;

  // The worker first: the page needs its hashed name.
  const wasmName = `computer-${digest(readFileSync(computer.wasm))}.wasm`;
  copyFileSync(computer.wasm, join(outdir, wasmName));
  const worker = await build({
    ...COMMON,
    entryPoints: [join(WWW, "analysis", "computer-worker.js")],
    outdir,
    format: "esm",
    alias: { "computer-engine": computer.glue },
    define: { COMPUTER_WASM: JSON.stringify(`./${wasmName}`) },
  });
  const workerFile = outputOf(worker.metafile, join(WWW, "analysis", "computer-worker.js"), outdir);

  // The board's words as JSON text: a defined object would be a module of esbuild's own, which
  // every script (every language's table too) would import. The lesson's steps and Parker's
  // walk-throughs too, which the page's own engine leaves out. The page loads the computer's
  // engine itself only to draw pictures (share/pictures.js), as a part of its own.
  const define = {
    WORKER_SCRIPT: JSON.stringify(`./${workerFile}`),
    BOARD_WORDS: JSON.stringify(JSON.stringify(await boardWords())),
    ...(await engineWork(computer)),
    COMPUTER_WASM: JSON.stringify(`./${wasmName}`),
  };
  const alias = { "computer-engine": computer.glue };
  const tables = await tablesInTwo();
  const page = await build({
    ...COMMON,
    entryPoints: [join(WWW, "first-board.js"), join(WWW, "main.js"), join(WWW, "style.css")],
    outdir,
    format: "esm",
    splitting: true,
    define,
    alias,
    plugins: [await oneFirstLoadChunk(join(WWW, "first-board.js"), join(WWW, "main.js"), { define, alias, source: tables.source, pageWords: tables.pageWords }), tables.plugin],
  });
  // What an entry imports at once is named in index.html too, so that the browser fetches it with
  // the entry rather than after it; once, with the first that needs it.
  const preloadOf = (/** @type {{imports: {path: string, kind: string}[]}} */ output) =>
    output.imports.filter((imported) => imported.kind === "import-statement").map((imported) => inWww(inOutdir(imported.path, outdir)));
  const firstBoard = outputFor(page.metafile, join(WWW, "first-board.js"), outdir);
  const main = outputFor(page.metafile, join(WWW, "main.js"), outdir);
  const firstBoardPreload = preloadOf(firstBoard);
  const mainPreload = preloadOf(main).filter((file) => !firstBoardPreload.includes(file));
  // The early script marks the page before its first paint; the first words' script has the
  // browser fetch the table of the page's language at once: its page words first, then the rest
  // (each imports only the first board's chunk, which index.html names).
  const tableFiles = Object.fromEntries(CODES.map((code) => {
    const table = inWww(outputOf(page.metafile, join(WWW, "i18n", `${code}.js`), outdir));
    return [code, code === "en" ? [table] : [inWww(pageWordsFile(page.metafile, code, outdir)), table]];
  }));
  // An embed's frame loads its own part only once main.js has run (page/frame-page.js): early.js
  // has the browser fetch it at once, with what it imports that the first load does not.
  const firstLoad = new Set([inWww(firstBoard.file), inWww(main.file), ...firstBoardPreload, ...mainPreload]);
  const partFiles = (/** @type {string} */ source) => {
    const output = outputFor(page.metafile, join(WWW, "share", source), outdir);
    return [inWww(output.file), ...preloadOf(output)].filter((file) => !firstLoad.has(file));
  };
  const frameFiles = { game: partFiles("embed-driver.js"), compare: partFiles("embed-compare.js") };
  const early = await build({ ...COMMON, entryPoints: [join(WWW, "early.js")], outdir, format: "iife",
    define: { FRAME_FILES: JSON.stringify(frameFiles) } });
  const wordsFirst = await build({ ...COMMON, entryPoints: [join(WWW, "words-first.js")], outdir, format: "iife",
    define: { TABLE_FILES: JSON.stringify(tableFiles) } });

  // The sources are in the bundles now, and their folders go with them; what stays is what the
  // page fetches by name.
  dropSources(outdir, WWW);
  // The scripts the page starts with, each once.
  for (const file of firstLoad) compiledAtOnce(join(stage, file));
  return {
    firstBoard: inWww(firstBoard.file),
    firstBoardPreload,
    main: inWww(main.file),
    preload: mainPreload,
    style: inWww(outputOf(page.metafile, join(WWW, "style.css"), outdir)),
    early: inWww(outputOf(early.metafile, join(WWW, "early.js"), outdir)),
    wordsFirst: inWww(outputOf(wordsFirst.metafile, join(WWW, "words-first.js"), outdir)),
    worker: inWww(workerFile),
    tables: tableFiles,
  };
}

/**
 * V8's compile hint (Chromium 136 on), first in a script: compile all of it as it is read, off the
 * page's thread, rather than each function on the page's thread when first called.
 */
export const COMPILE_AT_ONCE = "//# allFunctionsCalledOnLoad";

/**
 * Gives the script at `path` (and its source map, a line later) the compile hint: nearly all of
 * what the first board and the page's start run is called as they start, and on a slow phone
 * compiling it function by function took 60–90 ms of the page's thread (docs/measurements.md,
 * "All at once"). Only those scripts: the parts loaded later, and each language's words, stay
 * lazy, as they run only in part.
 * @param {string} path
 */
function compiledAtOnce(path) {
  writeFileSync(path, `${COMPILE_AT_ONCE}\n${readFileSync(path, "utf8")}`);
  const map = JSON.parse(readFileSync(`${path}.map`, "utf8"));
  map.mappings = `;${map.mappings}`;
  writeFileSync(`${path}.map`, JSON.stringify(map));
}

/** The rule sets with a walk-through (today's rules have none). */
const WALKTHROUGH_RULES = ["parker-walak", "parker-kotu"];

/**
 * What the page shows as the engine works it out but its own engine leaves out, worked out here
 * once by the computer's engine `{glue, wasm}`: the lesson's steps (LESSON_STEPS) and Parker's
 * walk-throughs by rule set (WALKTHROUGHS), as JSON text for esbuild's `define`.
 */
async function engineWork(computer) {
  const engine = await startComputerEngine(computer);
  const walkthroughs = Object.fromEntries(WALKTHROUGH_RULES.map((rules) => [rules, engine.walkthrough(rules)]));
  return {
    LESSON_STEPS: JSON.stringify(JSON.stringify(engine.lesson())),
    WALKTHROUGHS: JSON.stringify(JSON.stringify(walkthroughs)),
  };
}

/** The words the board itself draws (board.js; tests/unit/board-words-early.test.mjs checks them). */
export const BOARD_KEYS = ["board.north", "board.south", "mark.tied", "mark.puta", "mark.naga", "side.southShort", "side.northShort"];

/**
 * The words a comparison's first boards say besides (share/compare-boards.js: each rule set's name
 * and whose rules they are, the line under each board; the same test checks them).
 */
export const COMPARE_KEYS = ["ruleset.world", "ruleset.walak", "ruleset.kotu", "newGame.rulesWorld", "newGame.rulesWalak",
  "newGame.rulesKotu", "side.south", "side.north", "turn.toMove", "turn.playing"];

/**
 * The line a board of Parker's rule sets has under it once its round's direction is chosen
 * (ui/direction-shown.js), which a first board says too: in a frame it takes room from the board.
 */
export const DIRECTION_KEYS = ["board.directionLabel", "direction.ccwWord", "direction.cwWord"];

/** English's words for the first boards, for first-board.js to draw them on an English page before the table comes. */
async function boardWords() {
  const { default: english } = await import(pathToFileURL(join(WWW, "i18n", "en.js")).href);
  return Object.fromEntries([...BOARD_KEYS, ...COMPARE_KEYS, ...DIRECTION_KEYS].map((key) => {
    if (typeof english[key] !== "string") throw new Error(`bundle: the English table has no words for ${key}`);
    return [key, english[key]];
  }));
}

/**
 * Each language's table but English's in two files: its page words (the words index.html and the
 * board say: all a first board in that language needs, first-board.js), which
 * `import("./si.js?page")` loads, and the rest, which `import("./si.js")` loads; i18n/index.js
 * loads both for the table. On a slow phone the page words (about 3 KB) come well before the
 * whole table (about 15 KB), which shares the link with the engine. English's page words are
 * index.html's own.
 * Returns the esbuild plugin, `source(path)`, a table's source or its page words' as the build
 * makes them (for `oneFirstLoadChunk`, which adds to them; any other file's as it is), and
 * `pageWords`, the paths of the page words' modules (each a part loaded later, as its table is).
 */
async function tablesInTwo() {
  const html = readFileSync(join(ROOT, "index.html"), "utf8");
  // index.html's, the board's, and the title and status first-board.js writes.
  const keys = new Set(["page.title", "status.loading", ...BOARD_KEYS, ...COMPARE_KEYS, ...DIRECTION_KEYS, ...[...html.matchAll(/ data-i18n(?:-[a-z-]+)?="([^"]+)"/g)].map((m) => m[1])]);
  const i18n = join(WWW, "i18n");
  /** @type {Map<string, {page: object, rest: object}>} each table but English's, in two, by its path */
  const parts = new Map();
  for (const code of CODES.filter((code) => code !== "en")) {
    const path = join(i18n, `${code}.js`);
    const { default: table } = await import(pathToFileURL(path).href);
    const page = Object.fromEntries(Object.entries(table).filter(([key]) => keys.has(key)));
    const lacking = [...keys].filter((key) => typeof page[key] !== "string");
    if (lacking.length > 0) throw new Error(`bundle: the ${code} table has no sentence for ${lacking.join(", ")}`);
    parts.set(path, { page, rest: Object.fromEntries(Object.entries(table).filter(([key]) => !keys.has(key))) });
  }
  /** The path of a table's page words, in the plugin's namespace: named so that its file is named for its language (si-page-….js). */
  const pageWordsPath = (/** @type {string} */ table) => table.replace(/\.js$/, "-page.js");
  const tableOf = (/** @type {string} */ path) => parts.get(path) ?? parts.get(path.replace(/-page\.js$/, ".js"));
  const source = (/** @type {string} */ path) => {
    const table = tableOf(path);
    if (!table) return readFileSync(path, "utf8");
    return `export default ${JSON.stringify(parts.has(path) ? table.rest : table.page)};\n`;
  };
  const plugin = {
    name: "tables-in-two",
    setup(build) {
      build.onResolve({ filter: /\.js\?page$/ }, (args) => {
        const path = resolve(args.resolveDir, args.path.replace(/\?page$/, ""));
        if (!parts.has(path)) return { errors: [{ text: `no page words for ${args.path}` }] };
        return { path: pageWordsPath(path), namespace: "page-words" };
      });
      build.onLoad({ filter: /\.js$/ }, (args) =>
        tableOf(args.path) ? { contents: source(args.path), loader: "js", resolveDir: dirname(args.path) } : undefined);
    },
  };
  return { plugin, source, pageWords: [...parts.keys()].map(pageWordsPath) };
}

/** The file of a language's page words (`tablesInTwo`) in an esbuild metafile, relative to `outdir`. */
function pageWordsFile(metafile, code, outdir) {
  const found = Object.entries(metafile.outputs).find(([, output]) =>
    output.entryPoint?.startsWith("page-words:") && output.entryPoint.endsWith(`/i18n/${code}-page.js`));
  if (!found) throw new Error(`bundle: esbuild wrote no page words for ${code}`);
  return inOutdir(found[0], outdir);
}

/**
 * An esbuild plugin that keeps the first load in few files rather than a dozen: first-board.js's
 * own and the chunk it draws with, main.js's own and one chunk of the rest. esbuild splits the
 * modules the entries import into a chunk for each set of entries that reach them (the entries,
 * and each part loaded later: a lesson, a language table, a dialog, and what those load later in
 * turn), not knowing that the two entries are always loaded first. Here every part loaded later
 * also imports, in name only, every module main.js loads at once (all evaluated already when the
 * part comes), so that they all share one set of entries: the modules first-board.js draws with
 * (main.js imports them too) are one chunk, the rest of main.js's another. A language's table,
 * which imports nothing, names only the first board's modules (its page words too): first-board.js draws a page in
 * another language once its table is in, without waiting for main.js's chunk. (So does the
 * computer's engine's module, which pictures load and which imports nothing either.) What only
 * later parts use stays in their files.
 */
async function oneFirstLoadChunk(firstBoard, main, { define, alias, source, pageWords }) {
  const { metafile } = await build({ entryPoints: [firstBoard, main], bundle: true, write: false, metafile: true, format: "esm",
    outdir: "unused", define, alias, logLevel: "silent" });
  const named = (/** @type {string} */ entry) => relative(process.cwd(), entry).split(sep).join("/");
  /** The modules `entry` loads at once (import statements), itself left out: nothing imports it. */
  const atOnce = (/** @type {string} */ entry) => {
    const found = new Set();
    const visit = (/** @type {string} */ path) => {
      if (found.has(path) || path.startsWith("<")) return;
      found.add(path);
      for (const { path: next, kind } of metafile.inputs[path].imports) if (kind === "import-statement") visit(next);
    };
    for (const { path, kind } of metafile.inputs[named(entry)].imports) if (kind === "import-statement") visit(path);
    return found;
  };
  const mainAtOnce = atOnce(main);
  // main.js imports what first-board.js does (page/early-board.js, i18n/): the same modules.
  const boardAtOnce = atOnce(firstBoard);
  // Every part loaded later, however deep: a dynamic import anywhere in the page's modules.
  const later = new Set();
  const seen = new Set();
  const explore = (/** @type {string} */ path) => {
    if (seen.has(path) || path.startsWith("<")) return;
    seen.add(path);
    for (const { path: next, kind } of metafile.inputs[path].imports) {
      if (kind === "dynamic-import") later.add(next);
      explore(next);
    }
  };
  explore(named(main));
  // (A name the build defines as an object is an import of every module, `<define:…>`: not a file.)
  const importsFiles = (/** @type {string} */ path) => metafile.inputs[path].imports.some(({ path: imported }) => !imported.startsWith("<"));
  /** @type {Map<string, string>} each part's added imports, by its absolute path */
  const parts = new Map();
  const names = (/** @type {Set<string>} */ modules) => [...modules].map((path) => `import ${JSON.stringify(resolve(path))};`).join("\n");
  for (const path of later) {
    if (mainAtOnce.has(path)) continue;
    parts.set(resolve(path), names(importsFiles(path) ? mainAtOnce : boardAtOnce));
  }
  // A language's page words too (tablesInTwo), which this build does not see as files.
  for (const path of pageWords) parts.set(path, names(boardAtOnce));
  return {
    name: "one-first-load-chunk",
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const added = parts.get(args.path);
        if (added === undefined) return undefined;
        return { contents: `${source(args.path)}\n${added}\n`, loader: "js", resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Removes from `dir` (the build's copy of `source`, www/) every script, stylesheet and type
 * declaration (www/types/) that is one of the sources, but the service worker (after-build.mjs
 * writes it), then every folder left empty.
 */
function dropSources(dir, source) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      dropSources(path, join(source, name));
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else {
      const original = join(source, name);
      if (/\.(js|css|ts)$/.test(name) && exists(original) && original !== join(WWW, "service-worker.js")) rmSync(path);
    }
  }
}

function exists(path) {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Points index.html's script and stylesheet tags at the bundles. */
export function nameBundles(index, bundles) {
  const moduleScript = (/** @type {string} */ file, /** @type {string[]} */ preload) =>
    [`<script type="module" src="${file}"></script>`, ...preload.map((path) => `<link rel="modulepreload" href="${path}" />`)].join("\n");
  const swaps = [
    [`<script type="module" src="www/first-board.js"></script>`, moduleScript(bundles.firstBoard, bundles.firstBoardPreload)],
    [`<script type="module" src="www/main.js"></script>`, moduleScript(bundles.main, bundles.preload)],
    [`<script src="www/early.js"></script>`, `<script src="${bundles.early}"></script>`],
    [`<script async src="www/words-first.js"></script>`, `<script async src="${bundles.wordsFirst}"></script>`],
    [`<link rel="stylesheet" href="www/style.css" />`, `<link rel="stylesheet" href="${bundles.style}" />`],
  ];
  for (const [from, to] of swaps) {
    if (!index.includes(from)) throw new Error(`bundle: index.html no longer has ${from}`);
    index = index.replace(from, to);
  }
  return index;
}
