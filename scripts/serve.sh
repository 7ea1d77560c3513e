#!/usr/bin/env bash
# Builds the page (release) and the server, then serves both at http://127.0.0.1:8080/ with
# `walak serve`: the page, and live play between two browsers (rooms in memory).
# Extra arguments go to `walak serve`: --port N, --host 0.0.0.0 (for phones on the same network),
# --redis redis://127.0.0.1:6379/ (rooms in Redis, shared by several processes), --origin URL …
# (see `walak help`). Stop with Ctrl-C.
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash "$ROOT/scripts/setup.sh"

cd "$ROOT"
port=8080
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --port)
      port="${2:?--port needs a number}"
      shift 2
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done

say serve "building the release page"
trunk build --release
# The tests' optimised profile: as fast as the release build, and shared with the test build.
say serve "building the server"
cargo build --profile release-tests --bin walak
say serve "serving at http://127.0.0.1:${port}/ with live play (Ctrl-C to stop)"
exec target/release-tests/walak serve --port "$port" --dist dist ${args[@]+"${args[@]}"}
