#!/usr/bin/env bash
# Fuzzes the decoders and the move API with cargo-fuzz (libFuzzer). Not part of the tests: the
# committed corpora are replayed by `cargo test` (tests/fuzz_corpus.rs) instead.
#
#   scripts/fuzz.sh [TARGET|all] [SECONDS]   fuzz one target, or each in turn (default: all, 300 s each)
#   scripts/fuzz.sh --keep [TARGET|all]      merge what the runs found into fuzz/corpus/, minimized
#                                            to the inputs that reach new code (the seed-* inputs stay)
#
# Targets: record, position, link, saved, moves, live_message. Installs the nightly toolchain and cargo-fuzz
# when missing. Runs at the lowest priority with one job; new inputs go to fuzz/work/TARGET
# (ignored by git), crashes to fuzz/artifacts/TARGET. A crash found is reproduced with
#   cd fuzz && cargo +nightly fuzz run -s none TARGET artifacts/TARGET/crash-…
# and, once fixed, kept under fuzz/regressions/TARGET/ so that the tests guard it.
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

TARGETS=(record position link saved moves live_message)
keep=false
if [[ "${1:-}" == "--keep" ]]; then
  keep=true
  shift
fi
target="${1:-all}"
seconds="${2:-300}"
case "$target" in
  all) chosen=("${TARGETS[@]}") ;;
  record | position | link | saved | moves | live_message) chosen=("$target") ;;
  -h | --help)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "fuzz.sh: unknown target '$target' (targets: ${TARGETS[*]})" >&2
    exit 2
    ;;
esac

if ! rustup toolchain list | grep -q '^nightly'; then
  say fuzz "installing the nightly toolchain (cargo-fuzz needs it)"
  rustup toolchain install nightly --profile minimal
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  say fuzz "installing cargo-fuzz (a few minutes)"
  cargo install cargo-fuzz
fi

cd "$ROOT/fuzz"
# The engine has no unsafe code, so no sanitizer is needed; overflow checks and debug assertions
# stay on (cargo fuzz's default), so any arithmetic slip panics.
fuzz() { nice -n 19 cargo +nightly fuzz run --sanitizer none "$@"; }

for t in "${chosen[@]}"; do
  mkdir -p "work/$t" "corpus/$t"
  if $keep; then
    say fuzz "$t: merging work/$t into corpus/$t, minimized"
    rm -rf "work/$t.merged" && mkdir -p "work/$t.merged"
    # Edges only, not their hit counts: a few hundred inputs per target rather than thousands.
    fuzz "$t" "work/$t.merged" "corpus/$t" "work/$t" -- -merge=1 -use_counters=0 2>"work/$t.merge.log"
    # The hand-made seeds stay: they are the examples a reader looks for.
    cp corpus/"$t"/seed-* "work/$t.merged/" 2>/dev/null || true
    rm -rf "corpus/$t" && mv "work/$t.merged" "corpus/$t"
    say fuzz "$t: $(find "corpus/$t" -type f | wc -l) inputs kept"
    continue
  fi
  say fuzz "$t: fuzzing for $seconds s"
  # New inputs are written to the first folder; the committed corpus seeds the run.
  fuzz "$t" "work/$t" "corpus/$t" -- -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 2>"work/$t.log" || {
    tail -n 40 "work/$t.log" >&2
    say fuzz "$t: FAILED (see fuzz/work/$t.log and fuzz/artifacts/$t/)"
    exit 1
  }
  coverage="$(grep -E '^#[0-9]+[[:space:]]+DONE' "work/$t.log" | tail -n 1 | sed 's/.*DONE *//' || true)"
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "work/$t.log")"
  per_second="$(sed -n 's/^stat::average_exec_per_sec: *//p' "work/$t.log")"
  say fuzz "$t: $executions executions, $per_second per second; $coverage"
done
