#!/usr/bin/env bash
# Solves the start position as `walak solve --no-move-values` does (value, best moves and a
# perfect line) natively and in WebAssembly under Node, at several table sizes, side by side in
# one run, and prints time and positions visited for each. Not part of the tests: timings on a shared machine are noisy, so
# they are reported, never asserted.
#
#   scripts/bench-solve.sh [MOVES]     (default: the start position; MOVES solves that position)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

record="${1:-}"
out="$TARGET/bench-wasm"

say bench "building the native tool and the wasm module (release)"
build_for_bench "$out"

echo "| build | table | threads | value | positions | seconds |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for mb in 16 64 512; do
  for threads in 1 2; do
    "$TARGET/release/walak" solve ${record:+"$record"} --no-move-values --table-mb "$mb" --threads "$threads" 2>/dev/null |
      node -e '
        const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const [mb, threads] = process.argv.slice(1);
        console.log(`| native | ${mb} MB | ${threads} | ${r.value} | ${r.nodes.toLocaleString("en")} | ${r.seconds.toFixed(1)} |`);
      ' "$mb" "$threads"
  done
done
for mb in 16 32 64; do
  node -e '
    const walak = require(process.argv[1]);
    const [record, mb] = process.argv.slice(2);
    const r = walak.benchmarkSolve(record, Number(mb));
    console.log(`| wasm (node ${process.version}) | ${mb} MB | 1 | ${r.value} | ${r.nodes.toLocaleString("en")} | ${r.seconds.toFixed(1)} |`);
  ' "$out/walak.js" "$record" "$mb"
done
echo
echo "The value alone (walak solve --value-only, native, 64 MB), three runs on each thread count:"
for threads in 1 2; do
  for run in 1 2 3; do
    "$TARGET/release/walak" solve ${record:+"$record"} --value-only --table-mb 64 --threads "$threads" 2>/dev/null |
      node -e '
        const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const [threads, run] = process.argv.slice(1);
        console.log(`  ${threads} thread(s), run ${run}: value ${r.value}, ${r.nodes.toLocaleString("en")} positions, ${r.seconds.toFixed(1)} s`);
      ' "$threads" "$run"
  done
done
echo
echo "Full solve with every move's value and a perfect line (native, 64 MB, every core):"
"$TARGET/release/walak" solve ${record:+"$record"} 2>/dev/null | cut -c1-300
