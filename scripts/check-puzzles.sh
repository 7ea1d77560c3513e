#!/usr/bin/env bash
# Proves every shipped puzzle again: for each line of www/puzzles.txt (or FILE), `walak solve
# RECORD` in a process of its own, with a fresh table, must give the file's move values and its
# best move as the only best, and its perfect line must start with the puzzle's line (both take,
# at each step, the first move in hole order that keeps the value, so the puzzle's line is
# perfect). Prints one line a puzzle and a summary; exits 1 on any mismatch. A few minutes on two
# cores; tests/puzzles.rs proves a sample of 8 the same way.
#
#   scripts/check-puzzles.sh [--threads T] [FILE]
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

threads=""
file="www/puzzles.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    *) file="$1"; shift ;;
  esac
done

say check "building the command-line tool (release)"
cargo build --release --quiet --bin walak
walak="${CARGO_TARGET_DIR:-$ROOT/target}/release/walak"

# The puzzles: every line that is neither blank nor a comment.
mapfile -t puzzles < <(grep -v -e '^#' -e '^[[:space:]]*$' "$file")
total=${#puzzles[@]}
say check "proving $total puzzles of $file with $walak solve"

# The file's values as walak solve writes them: 1:6,2:-2 -> {"1":6,"2":-2}.
as_json() {
  printf '{%s}' "$(printf '%s' "$1" | sed -E 's/([1-7]):/"\1":/g')"
}

started=$SECONDS
failed=0
index=0
for puzzle in "${puzzles[@]}"; do
  index=$((index + 1))
  read -r id rating record values line <<<"$puzzle"
  best=$(printf '%s' "$line" | cut -c1)
  solved=$("$walak" solve "$record" ${threads:+--threads "$threads"} 2>/dev/null) || solved=""
  problems=()
  [ -n "$solved" ] || problems+=("walak solve failed")
  got_values=$(printf '%s' "$solved" | grep -o '"move_values":{[^}]*}' | cut -d: -f2-) || true
  got_best=$(printf '%s' "$solved" | grep -o '"best":\[[^]]*\]' | cut -d: -f2) || true
  got_line=$(printf '%s' "$solved" | grep -o '"line":"[1-7]*"' | cut -d'"' -f4) || true
  [ "$got_values" = "$(as_json "$values")" ] || problems+=("values $got_values, the file's $values")
  [ "$got_best" = "[$best]" ] || problems+=("best $got_best, the file's line starts with $best")
  case "$got_line" in
    "$line"*) ;;
    *) problems+=("perfect line $got_line does not start with the file's $line") ;;
  esac
  if [ ${#problems[@]} -eq 0 ]; then
    echo "puzzle $index/$total $id ok (rating $rating, $((SECONDS - started)) s)"
  else
    failed=$((failed + 1))
    echo "puzzle $index/$total $id MISMATCH: ${problems[*]}"
  fi
done

elapsed=$((SECONDS - started))
if [ "$failed" -eq 0 ]; then
  say check "all $total puzzles proved again in $elapsed s"
else
  say check "$failed of $total puzzles do not match ($elapsed s)"
  exit 1
fi
