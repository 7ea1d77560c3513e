// Trunk post-build hook, in four steps:
// 1. The computer's engine is built, and the page's scripts and stylesheet are bundled and
//    minified into content-hashed files (scripts/bundle.mjs); index.html names them.
// 2. The module script trunk writes into index.html to start the engine goes to a file of its
//    own, so that the page runs under a Content Security Policy without inline scripts.
// 3. The service worker learns the build's version and the list of its files, and moves to the
//    site's root so that it may serve the whole page.
// 4. Every text file of the build gets compressed copies beside it, `name.br` and `name.gz`, at
//    their best levels (paid once here, not per request): `walak serve` sends them, and so may
//    any static host told to (docs/hosting.md).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { COMPILE_AT_ONCE, ROOT, buildComputerEngine, bundleScripts, nameBundles } from "./bundle.mjs";

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error("after-build: run me as a trunk post_build hook (TRUNK_STAGING_DIR is not set)");

const digest = (text) => createHash("sha256").update(text).digest("hex").slice(0, 16);

// ── 1. Bundles ──────────────────────────────────────────────────────────────────────────────────
const scratch = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, "target"), "computer-engine");
const bundles = await bundleScripts(stage, buildComputerEngine(scratch));
const indexPath = join(stage, "index.html");
let index = nameBundles(readFileSync(indexPath, "utf8"), bundles);
// The page without its comments and indentation (which only a <pre> or <textarea> would mind).
if (/<(pre|textarea)\b/.test(index)) throw new Error("after-build: index.html has a <pre> or <textarea>: keep its indentation");
index = index.replace(/<!--[\s\S]*?-->/g, "").replace(/\n\s+/g, "\n");
// Trunk's own JavaScript for the page's engine, minified in place (its name is already its build's).
for (const name of readdirSync(stage).filter((name) => /^walak-pussa-.*\.js$/.test(name))) {
  const path = join(stage, name);
  writeFileSync(path, (await transform(readFileSync(path, "utf8"), { minify: true, format: "esm" })).code);
}

// ── 2. No inline script ─────────────────────────────────────────────────────────────────────────
// Trunk's start script, with the engine's JavaScript and the loading hooks it imports, becomes one
// file: on a phone's slow link every request of the first visit waits for one of the browser's
// six connections, and those two small files held the engine's own request back.
for (const [tag, code] of [...index.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)]) {
  // At the site's root, like index.html, so its relative imports mean the same.
  const imported = [...code.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]);
  const { outputFiles } = await build({
    stdin: { contents: code, resolveDir: stage, sourcefile: "boot.js", loader: "js" },
    bundle: true, format: "esm", minify: true, write: false, target: "es2022", logLevel: "silent",
    // Nearly all of it runs as the engine starts (bundle.mjs, compiledAtOnce).
    banner: { js: COMPILE_AT_ONCE },
  });
  const small = outputFiles[0].text;
  const file = `boot-${digest(small)}.js`;
  writeFileSync(join(stage, file), small);
  // async: it starts the engine as soon as it has come, not after the page's own modules have run.
  index = index.replace(tag, `<script type="module" async src="./${file}"></script>`);
  // Bundled in: neither is fetched on its own any more.
  for (const name of imported) {
    rmSync(join(stage, name));
    index = index.replace(new RegExp(`<link rel="modulepreload" href="\\./${name.replace(/[.]/g, "\\.")}"[^>]*>`), "");
  }
}

// ── The order of the first requests ─────────────────────────────────────────────────────────────
// Right after the stylesheet, in this order: words-first.js (async: it asks for the words' table
// of the page's language as soon as it comes), first-board.js and the chunk it draws with, the
// engine's preload, early.js, then main.js, its chunk and trunk's start script. early.js is a
// blocking script, which waits for the stylesheet: the browser asks for what comes after it only
// once it has run, so what the first board needs and the engine, the largest file, which the
// link then carries beside everything else, come before it; what only the playable page needs
// after it. Measured on the slow phone (docs/measurements.md, "The first requests in order" and
// "The first board's own file").
index = firstRequestsFirst(index, bundles);

/**
 * `index` with its first requests in the order above, right after the stylesheet.
 * @param {string} index
 * @param {{firstBoard: string, firstBoardPreload: string[], main: string, preload: string[], wordsFirst: string}} bundles
 */
function firstRequestsFirst(index, bundles) {
  const find = (/** @type {RegExp} */ pattern, /** @type {string} */ what) => {
    const found = index.match(pattern)?.[0];
    if (!found) throw new Error(`after-build: index.html lacks ${what}`);
    return found;
  };
  const quoted = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const script = (/** @type {string} */ file) => find(new RegExp(`<script type="module" src="${quoted(file)}"></script>\\n?`), file);
  const preload = (/** @type {string} */ file) => find(new RegExp(`<link rel="modulepreload" href="${quoted(file)}" />\\n?`), `the preload of ${file}`);
  const style = find(/<link rel="stylesheet" href="[^"]+" \/>\n?/, "the stylesheet");
  const order = [
    find(new RegExp(`<script async src="${quoted(bundles.wordsFirst)}"></script>\\n?`), "words-first.js"),
    script(bundles.firstBoard), ...bundles.firstBoardPreload.map(preload),
    find(/<link rel="preload" href="\.\/walak-pussa-[^"]+\.wasm"[^>]*>\n?/, "the engine's preload"),
    find(/<script src="www\/early-[^"]+\.js"><\/script>\n?/, "early.js"),
    script(bundles.main), ...bundles.preload.map(preload),
    find(/<script type="module" async src="\.\/boot-[^"]+\.js"><\/script>\n?/, "the engine's start script"),
  ];
  for (const tag of order) index = index.replace(tag, "");
  return index.replace(style, `${style.trimEnd()}\n${order.map((tag) => tag.trimEnd()).join("\n")}\n`);
}

const inline = index.match(/<script(?![^>]*\ssrc=)[^>]*>/);
if (inline) {
  // trunk serve writes its live-reload client inline unless Trunk.toml's [serve] says no_autoreload.
  const hint = /WebSocket|__TRUNK/.test(index) ? " (trunk serve's live-reload script: keep no_autoreload = true in Trunk.toml)" : "";
  throw new Error(`after-build: index.html still has an inline script: ${inline[0]}${hint}`);
}
writeFileSync(indexPath, index);

// ── The page's first requests, named with its answer ────────────────────────────────────────────
// `index.html.links` is a `Link` header naming what the page's head asks for, in its order (the
// stylesheet, the scripts, the engine): `walak serve` sends it with the page (serve/files.rs),
// and so may any host (docs/hosting.md). The browser then asks for them as the page's answer
// arrives, rather than once it has read them in the head: on a slow phone the board was playable
// about 0.1 s sooner (docs/measurements.md). `index.html.si.links` and the like are the same for a
// page in another language, with its words' files: its page words right after the first board's
// files and early.js (named before early.js they took its place among a slow phone's six
// connections, and the page's parsing, which the first board's script waits for, came later), so
// that a first board in Sinhala waits for no script to ask for them, and the rest of its table
// last. `walak serve` picks the list by the language the request asks for.
const firstRequests = firstRequestsOf(index);
writeFileSync(`${indexPath}.links`, `${firstRequests.join(", ")}\n`);
const places = [bundles.firstBoard, ...bundles.firstBoardPreload, bundles.early].map((file) => firstRequests.findIndex((link) => link.startsWith(`<${file}>`)));
if (places.includes(-1)) throw new Error("after-build: the first board's files and early.js are not all among the page's first requests");
const after = Math.max(...places) + 1;
for (const [code, files] of Object.entries(bundles.tables)) {
  if (files.length !== 2) continue; // English: its page words are the page's own
  const [pageWords, rest] = files.map((file) => `<${file}>; rel=modulepreload`);
  const inLanguage = [...firstRequests.slice(0, after), pageWords, ...firstRequests.slice(after), rest];
  writeFileSync(`${indexPath}.${code}.links`, `${inLanguage.join(", ")}\n`);
}

/**
 * The `Link` header's values naming the files `index`'s head asks for, in its order.
 * @param {string} index
 */
function firstRequestsOf(index) {
  const head = index.slice(0, index.indexOf("</head>"));
  const links = [];
  for (const [tag] of head.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const attribute = (/** @type {string} */ name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
    if (tag.startsWith("<script")) {
      const src = attribute("src");
      if (src) links.push(attribute("type") === "module" ? `<${src}>; rel=modulepreload` : `<${src}>; rel=preload; as=script`);
      continue;
    }
    const [rel, href] = [attribute("rel"), attribute("href")];
    if (rel === "stylesheet") links.push(`<${href}>; rel=preload; as=style`);
    else if (rel === "modulepreload") links.push(`<${href}>; rel=modulepreload`);
    else if (rel === "preload") {
      const cors = attribute("crossorigin");
      const type = attribute("type");
      links.push(`<${href}>; rel=preload; as=${attribute("as")}${cors ? `; crossorigin=${cors}` : ""}${type ? `; type="${type}"` : ""}`);
    }
  }
  if (links.length < 5) throw new Error(`after-build: index.html's head names only ${links.length} first requests`);
  return links;
}

// ── The endgame table, gzipped ──────────────────────────────────────────────────────────────────
// A third of its size whatever the host compresses (a static host may send a .bin as it is); the
// worker unpacks it.
const endgames = join(stage, "www", "endgames.bin");
writeFileSync(`${endgames}.gz`, gzipSync(readFileSync(endgames), { level: 9 }));
rmSync(endgames);

// ── 3. The service worker ───────────────────────────────────────────────────────────────────────
const source = join(stage, "www", "service-worker.js");
const worker = readFileSync(source, "utf8");
rmSync(source);

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

// Files the page fetches only when first needed, and large: stored then, not on the first visit
// (the opening book and the endgame table: when values are first shown, or the perfect level
// first plays).
const LATER = ["www/book.txt", "www/endgames.bin.gz"];

const hash = createHash("sha256");
const files = ["./"];
for (const path of walk(stage)) {
  const file = relative(stage, path).split(sep).join("/");
  hash.update(file).update("\0").update(readFileSync(path)).update("\0");
  // Source maps are for a developer's tools, not for playing offline; the page's first requests
  // are a header for the server.
  if (file !== "index.html" && !/\.(map|links)$/.test(file) && !LATER.includes(file)) files.push(`./${file}`);
}
hash.update(worker);
const version = hash.digest("hex").slice(0, 16);

const built = worker
  .replace('const VERSION = "unbuilt";', `const VERSION = "${version}";`)
  .replace("const FILES = [];", `const FILES = ${JSON.stringify(files)};`)
  .replace("const LATER = [];", `const LATER = ${JSON.stringify(LATER.map((file) => `./${file}`))};`);
const written = [`const VERSION = "${version}";`, "const FILES = [\"./\"", `const LATER = ${JSON.stringify(LATER.map((file) => `./${file}`))};`];
if (!written.every((line) => built.includes(line))) {
  throw new Error("after-build: the service worker's VERSION, FILES and LATER lines were not found");
}
writeFileSync(join(stage, "service-worker.js"), built);

// ── 4. Compressed copies ────────────────────────────────────────────────────────────────────────
// As `walak serve` compresses (serve/files.rs): text of 256 bytes or more, a copy kept only when
// smaller. The endgame table is gzipped already, and source maps are a developer's.
const TEXT = /\.(html|js|css|wasm|svg|txt|json|webmanifest)$/;
let copies = 0;
for (const path of [...walk(stage)].filter((path) => TEXT.test(path))) {
  const text = readFileSync(path);
  if (text.length < 256) continue;
  const mode = path.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT;
  const brotli = brotliCompressSync(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: mode, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  });
  const gzip = gzipSync(text, { level: 9 });
  for (const [copy, suffix] of [[brotli, "br"], [gzip, "gz"]]) {
    if (copy.length >= text.length) continue;
    writeFileSync(`${path}.${suffix}`, copy);
    copies += 1;
  }
}
console.log(`after-build: build ${version}, ${files.length} files for offline play, ${copies} compressed copies`);
