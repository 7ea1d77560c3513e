#!/usr/bin/env bash
# shellcheck disable=SC2317 # the stage functions are called through run_stage
# Runs every test of Walak-pussa, in order:
#   unit    the page's own checks: its types (tsc --noEmit, as tsconfig.json says), then its unit
#           tests under Node (node --test tests/unit/), the engine built for them as the page's
#   native  cargo test (unit, doc and integration tests), optimised as the release build is
#           (profile release-tests: the same code, without the release build's slow link step);
#           built first, then two test programs at a time
#   wasm    the wasm-bindgen tests, compiled to wasm32 and run under Node
#   build   trunk build --release (the page, into dist/)
#   e2e     the Playwright tests, against dist/ in headless Chromium: served by a static server, and
#           by `walak serve` for live play
# Installs what is missing first (scripts/setup.sh --browser). Exits non-zero if any stage fails.
#
#   scripts/test.sh              all stages
#   scripts/test.sh wasm e2e     only the named stages (setup always runs)
#   WALAK_STRESS=2 scripts/test.sh e2e
#                                the end-to-end stage on a loaded machine: N busy loops (one
#                                process each, real CPU load, not niced) run beside the Playwright
#                                tests and are stopped when they end, also on a failure or Ctrl-C.
#                                The suite must pass so too: a test that fails only under load acts
#                                before the page has settled.
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

ALL_STAGES=(unit native wasm build e2e)
STAGES=()
for arg in "$@"; do
  case "$arg" in
    unit | native | wasm | build | e2e) STAGES+=("$arg") ;;
    -h | --help)
      sed -n '3,22p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "test.sh: unknown stage '$arg' (stages: ${ALL_STAGES[*]})" >&2
      exit 2
      ;;
  esac
done
[[ ${#STAGES[@]} -gt 0 ]] || STAGES=("${ALL_STAGES[@]}")
STRESS="${WALAK_STRESS:-0}"
if [[ ! "$STRESS" =~ ^[0-9]+$ ]]; then
  echo "test.sh: WALAK_STRESS must be a number of busy loops (0, 1, 2, …), not '$STRESS'" >&2
  exit 2
fi

START=$SECONDS
bash "$ROOT/scripts/setup.sh" --browser
SETUP_SECONDS=$((SECONDS - START))
cd "$ROOT"

declare -A RESULT=() TIME=()

wants() {
  local s
  for s in "${STAGES[@]}"; do [[ "$s" == "$1" ]] && return 0; done
  return 1
}

# run_stage NAME DESCRIPTION COMMAND...: runs the command, records ok/FAILED and the time.
run_stage() {
  local name="$1" description="$2" t0=$SECONDS
  shift 2
  say test "── $name: $description"
  if "$@"; then
    RESULT[$name]=ok
  else
    RESULT[$name]=FAILED
  fi
  TIME[$name]=$((SECONDS - t0))
  say test "── $name: ${RESULT[$name]} (${TIME[$name]} s)"
}

unit_tests() {
  # Both run, so that a type error does not hide a failing test.
  local status=0
  say test "tsc --noEmit -p . (tsconfig.json)"
  npx --no-install tsc --noEmit -p . || status=1
  node --test tests/unit/ || status=1
  return "$status"
}

native_tests() {
  # Built first, then run two test programs at a time: one program alone leaves a core idle for much
  # of its run (the solver's tests, the properties, the server's, the endgame table's), and `cargo
  # test` runs them one after another. The slowest start first; each one's output is shown whole
  # when it ends.
  local built="$ROOT/target/test-programs.txt"
  cargo test --profile release-tests --no-run 2>&1 | tee "$built" || return 1
  local programs=() slow=() rest=() program
  mapfile -t programs < <(sed -n 's/^ *Executable .*(\(.*\))$/\1/p' "$built")
  [[ ${#programs[@]} -gt 0 ]] || {
    say test "no test program found in cargo's output"
    return 1
  }
  for program in "${programs[@]}"; do
    case "$(basename "$program")" in
      solver-* | properties-* | serve-* | endgames-*) slow+=("$program") ;;
      *) rest+=("$program") ;;
    esac
  done
  run_two_at_a_time "${slow[@]}" "cargo test --profile release-tests --doc" "${rest[@]}"
}

# run_two_at_a_time COMMAND...: runs the commands (each a line for bash) two at a time, from the
# package's folder as cargo runs tests; prints each one's output when it ends, and fails if any did.
run_two_at_a_time() {
  local status=0 next=0 ended dir
  local -A output=() named=()
  local -a commands=("$@")
  dir="$(mktemp -d)"
  while ((next < ${#commands[@]})) || ((${#output[@]} > 0)); do
    while ((next < ${#commands[@]} && ${#output[@]} < 2)); do
      say test "started: ${commands[next]#"$ROOT"/}"
      bash -c "${commands[next]}" >"$dir/$next.out" 2>&1 &
      output[$!]="$dir/$next.out"
      named[$!]="${commands[next]#"$ROOT"/}"
      next=$((next + 1))
    done
    if wait -n -p ended; then
      cat "${output[$ended]}"
      say test "passed: ${named[$ended]}"
    else
      status=1
      cat "${output[$ended]}"
      say test "FAILED: ${named[$ended]}"
    fi
    unset "output[$ended]" "named[$ended]"
  done
  rm -rf "$dir"
  return "$status"
}

wasm_tests() {
  # As the web builds: no default features (they only add the command-line tool), and the
  # computer's engine that the worker loads.
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --target wasm32-unknown-unknown --profile release-tests --no-default-features --features computer
}

web_build() {
  trunk build --release
}

# The busy loops of WALAK_STRESS, while they run.
STRESS_PIDS=()

start_stress() {
  local i
  for ((i = 0; i < STRESS; i++)); do
    (while :; do :; done) &
    STRESS_PIDS+=("$!")
  done
  [[ $STRESS -eq 0 ]] || say test "$STRESS busy loop(s) beside the tests (pids ${STRESS_PIDS[*]})"
}

stop_stress() {
  local pid
  for pid in "${STRESS_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${STRESS_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  STRESS_PIDS=()
}
# Whatever ends the script (a failure, Ctrl-C, a kill), the busy loops end with it.
trap stop_stress EXIT
trap 'stop_stress; exit 130' INT
trap 'stop_stress; exit 143' TERM

e2e_tests() {
  # The live-play specs run against `walak serve`, target/release-tests/walak. The native stage's
  # `cargo test` has just built it (its integration tests run it): built again here with `cargo
  # build`, it would be compiled anew, the library with it, because without the test-only
  # dependencies some crates they share take fewer features (proptest turns on more of
  # regex-syntax, rustix and fastrand), which changes what the library is built against; in a
  # clean clone that was a minute or more of this stage. So it is built here only when the native
  # stage was not run, or did not pass.
  if [[ "${RESULT[native]:-}" != ok ]]; then
    cargo build --profile release-tests --bin walak || return 1
  fi
  local status=0
  start_stress
  npx --no-install playwright test || status=$?
  stop_stress
  return "$status"
}

wants unit && run_stage unit "tsc --noEmit, node --test tests/unit/" unit_tests
wants native && run_stage native "cargo test --profile release-tests" native_tests
wants wasm && run_stage wasm "wasm-bindgen tests under Node" wasm_tests
wants build && run_stage build "trunk build --release" web_build
if wants e2e; then
  if [[ "${RESULT[build]:-ok}" != ok ]]; then
    RESULT[e2e]="skipped (the page did not build)"
    TIME[e2e]=0
  elif [[ ! -f dist/index.html ]]; then
    RESULT[e2e]="FAILED (no dist/index.html: run the build stage)"
    TIME[e2e]=0
  else
    run_stage e2e "Playwright in headless Chromium" e2e_tests
  fi
fi

status=0
echo
say test "summary"
say test "$(printf '  %-7s %s (%d s)' setup ok "$SETUP_SECONDS")"
for name in "${ALL_STAGES[@]}"; do
  wants "$name" || continue
  say test "$(printf '  %-7s %s (%d s)' "$name" "${RESULT[$name]}" "${TIME[$name]}")"
  [[ "${RESULT[$name]}" == ok ]] || status=1
done
if [[ $status -eq 0 ]]; then
  say test "all stages passed ($((SECONDS - START)) s)"
else
  say test "some stages FAILED ($((SECONDS - START)) s)"
fi
exit $status
