#!/usr/bin/env bash
# Compares the optimisation settings of the computer's engine (the wasm the page's worker loads):
# Rust's opt-level 3, s and z, each with wasm-opt -O3 and -Oz. For each: the file's size (raw and
# gzipped) and the speed players feel: the solver's positions per second on one position and random
# playouts per second, in a Web Worker of headless Chromium as the page runs the computer
# (scripts/bench-wasm-worker.mjs), and under Node. The variants take turns, twice, so that each
# meets the same moments of a noisy machine. Not part of the tests: reported, never asserted.
#
#   scripts/bench-wasm-opt.sh [MOVES]   (default: the position after 2737, solved in a few seconds)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

record="${1:-2737}"
out="$TARGET/bench-wasm-opt"
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-reference-types --enable-multivalue)
variants=()
for level in 3 s z; do
  say bench "building the computer's engine at opt-level $level"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=$level cargo build --release --quiet --lib --target wasm32-unknown-unknown \
    --no-default-features --features computer
  for pass in O3 Oz; do
    dir="$out/$level-$pass"
    rm -rf "$dir"
    wasm-bindgen --target nodejs --out-dir "$dir" "$TARGET/wasm32-unknown-unknown/release/walak.wasm"
    echo '{"type": "commonjs"}' >"$dir/package.json"
    wasm-opt "-$pass" "${features[@]}" "$dir/walak_bg.wasm" -o "$dir/walak_bg.wasm"
    # The same module, with the glue a page's worker imports.
    wasm-bindgen --target web --out-dir "$dir/web" "$TARGET/wasm32-unknown-unknown/release/walak.wasm"
    wasm-opt "-$pass" "${features[@]}" "$dir/web/walak_bg.wasm" -o "$dir/web/walak_bg.wasm"
    variants+=("$level-$pass")
  done
done
# The release profile's own build, as it was before this script.
cargo build --release --quiet --lib --target wasm32-unknown-unknown --no-default-features --features computer

say bench "in a Chromium worker: solving after \"$record\" (32 MB table) and 20000 playouts in each, two turns"
node scripts/bench-wasm-worker.mjs "$out" "$record" 2 "${variants[@]}" >"$out/worker-runs.jsonl"

say bench "under Node: the same, two turns"
for turn in 1 2; do
  for v in "${variants[@]}"; do
    node -e '
      const walak = require(process.argv[1]);
      const [variant, record, turn] = process.argv.slice(2);
      const solve = walak.benchmarkSolve(record, 32);
      const play = walak.benchmark(20000, 1);
      console.log(JSON.stringify({ variant, turn: Number(turn), value: solve.value,
        nodes_per_second: Math.round(solve.nodes / solve.seconds), solve_seconds: solve.seconds,
        moves_per_second: Math.round(play.moves / play.seconds) }));
    ' "$out/$v/walak.js" "$v" "$record" "$turn"
  done
done >"$out/runs.jsonl"

echo "| opt-level | wasm-opt | KB | gzip KB | solver positions/s, worker | playout moves/s, worker | solver positions/s, Node | playout moves/s, Node |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for v in "${variants[@]}"; do
  node -e '
    const fs = require("fs"), zlib = require("zlib");
    const [variant, dir, ...files] = process.argv.slice(1);
    const wasm = fs.readFileSync(`${dir}/walak_bg.wasm`);
    const range = (file, key) => {
      const runs = fs.readFileSync(file, "utf8").trim().split("\n").map(JSON.parse).filter((r) => r.variant === variant);
      const xs = runs.map((r) => r[key]);
      return `${(Math.min(...xs) / 1e6).toFixed(2)}–${(Math.max(...xs) / 1e6).toFixed(2)} M`;
    };
    const [level, pass] = variant.split("-");
    const speeds = files.flatMap((file) => [range(file, "nodes_per_second"), range(file, "moves_per_second")]);
    console.log(`| ${level} | -${pass} | ${(wasm.length / 1024).toFixed(1)} | ${(zlib.gzipSync(wasm, { level: 9 }).length / 1024).toFixed(1)} | ${speeds.join(" | ")} |`);
  ' "$v" "$out/$v" "$out/worker-runs.jsonl" "$out/runs.jsonl"
done
