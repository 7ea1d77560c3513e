// The computer's engine variants of scripts/bench-wasm-opt.sh, timed where players meet them: in
// a Web Worker of headless Chromium, as the page runs the computer. Each variant's web build
// (wasm-bindgen --target web, in VARIANT/web/) is loaded by a small worker that solves one
// position and plays random games, as under Node. The variants take turns, `turns` times.
//
//   node scripts/bench-wasm-worker.mjs DIR RECORD TURNS VARIANT...   (called by bench-wasm-opt.sh)
//
// Prints one JSON line per run: {variant, turn, where: "chromium", nodes_per_second, moves_per_second}.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright";
import config from "../playwright.config.mjs";

const [dir, record, turns, ...variants] = process.argv.slice(2);
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

// The worker: loads a variant's engine, then measures as the Node run does.
const WORKER = `
self.onmessage = async ({ data: { variant, record } }) => {
  const engine = await import(\`./\${variant}/web/walak.js\`);
  await engine.default();
  const solve = engine.benchmarkSolve(record, 32);
  const play = engine.benchmark(20000, 1);
  self.postMessage({ nodes_per_second: Math.round(solve.nodes / solve.seconds),
    moves_per_second: Math.round(play.moves / play.seconds) });
};`;

const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
  if (path === "/") return response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>bench</title>");
  if (path === "/bench-worker.js") return response.writeHead(200, { "content-type": "text/javascript" }).end(WORKER);
  try {
    const body = await readFile(join(dir, path));
    response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ headless: true, ...config.use.launchOptions });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  for (let turn = 1; turn <= Number(turns); turn++) {
    for (const variant of variants) {
      // A fresh worker for each run, as a page's first search has.
      const result = await page.evaluate(({ variant, record }) => new Promise((resolve, reject) => {
        const worker = new Worker("./bench-worker.js", { type: "module" });
        worker.onmessage = ({ data }) => {
          worker.terminate();
          resolve(data);
        };
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage({ variant, record });
      }), { variant, record });
      console.log(JSON.stringify({ variant, turn, where: "chromium", ...result }));
    }
  }
} finally {
  await browser.close();
  server.close();
}
