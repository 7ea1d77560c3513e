#!/usr/bin/env bash
# Measures random playouts per second, and the computer's search speed (nodes per second and the
# depth reached within a second), natively and in WebAssembly (under Node), side by side in one
# run, and prints both with their ratio. Not part of the tests: timings on a shared machine are
# noisy, so they are reported, never asserted.
#
#   scripts/bench.sh [GAMES]      (default 200000 games; the same seeded games in both builds)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

games="${1:-200000}"
out="$TARGET/bench-wasm"

say bench "building the native tool and the wasm module (release)"
build_for_bench "$out"

say bench "playing $games random games in each build"
native="$("$TARGET/release/walak" bench --games "$games" --seed 1)"
wasm="$(node -e '
  const walak = require(process.argv[1]);
  const r = walak.benchmark(Number(process.argv[2]), 1);
  console.log(JSON.stringify(Object.assign({build: "wasm (node " + process.version + ")"}, r,
    {games_per_second: r.games / r.seconds, moves_per_second: r.moves / r.seconds})));
' "$out/walak.js" "$games")"

echo "$native"
echo "$wasm"
node -e '
  const [n, w] = process.argv.slice(1).map(JSON.parse);
  if (n.moves !== w.moves) { console.error("the two builds played different games: " + n.moves + " vs " + w.moves + " moves"); process.exit(1); }
  const f = (x) => Math.round(x).toLocaleString("en");
  console.log(`native: ${f(n.games_per_second)} games/s, ${f(n.moves_per_second)} moves/s`);
  console.log(`wasm:   ${f(w.games_per_second)} games/s, ${f(w.moves_per_second)} moves/s`);
  console.log(`wasm runs at ${(w.moves_per_second / n.moves_per_second * 100).toFixed(0)}% of native speed (${(n.moves_per_second / w.moves_per_second).toFixed(2)}x slower), ${n.games} games, ${n.moves} moves each`);
' "$native" "$wasm"

say bench "searching five positions for up to a second each in each build"
native_search="$("$TARGET/release/walak" bench --search)"
node -e '
  const walak = require(process.argv[1]);
  const native = JSON.parse(process.argv[2]);
  const f = (x) => Math.round(x).toLocaleString("en");
  let nativeNodes = 0, nativeMs = 0, wasmNodes = 0, wasmMs = 0;
  console.log("position (record)  | native nodes/s | depth | wasm nodes/s | depth");
  for (const row of native) {
    const game = walak.Game.fromRecord(row.record);
    const thinker = new walak.Thinker();
    const started = Date.now();
    const r = thinker.hint(game, 1000);
    const ms = Date.now() - started;
    nativeNodes += row.nodes; nativeMs += row.ms; wasmNodes += r.nodes; wasmMs += ms;
    console.log(`${(row.record || "start").padEnd(18)} | ${f(row.nodes_per_second).padStart(14)} | ${String(row.depth).padStart(5)} | ${f(r.nodes / ms * 1000).padStart(12)} | ${String(r.depth).padStart(5)}`);
  }
  const n = nativeNodes / nativeMs, w = wasmNodes / wasmMs;
  console.log(`search in wasm runs at ${(w / n * 100).toFixed(0)}% of native speed (${(n / w).toFixed(2)}x slower)`);
' "$out/walak.js" "$native_search"
