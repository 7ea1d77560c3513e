#!/usr/bin/env bash
# Checks the solver's published values for consistency: for each position, the value `walak solve`
# gives must equal the best of its moves' values, each move's position solved on its own from its
# record in a separate process. Runs on the start position and on positions sampled from games
# between the levels (or on the records given), and prints a Markdown table. Takes a few minutes.
#
#   scripts/check-solution.sh [--games N] [--max-seeds S] [RECORD...]
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
say check "building the command-line tool (release)"
cargo build --release --quiet --bin walak
node scripts/check-solution.mjs target/release/walak "$@"
