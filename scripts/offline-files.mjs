// Trunk post-build hook: writes the build's version and the list of its files into the service
// worker, and moves the worker to the site's root so that it may serve the whole page.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) throw new Error("offline-files: run me as a trunk post_build hook (TRUNK_STAGING_DIR is not set)");
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

const hash = createHash("sha256");
const files = ["./"];
for (const path of walk(stage)) {
  const file = relative(stage, path).split(sep).join("/");
  hash.update(file).update("\0").update(readFileSync(path)).update("\0");
  if (file !== "index.html") files.push(`./${file}`);
}
hash.update(worker);
const version = hash.digest("hex").slice(0, 16);

const built = worker
  .replace('const VERSION = "unbuilt";', `const VERSION = "${version}";`)
  .replace("const FILES = [];", `const FILES = ${JSON.stringify(files)};`);
if (built === worker) throw new Error("offline-files: the service worker's VERSION and FILES lines were not found");
writeFileSync(join(stage, "service-worker.js"), built);
console.log(`offline-files: build ${version}, ${files.length} files for offline play`);
