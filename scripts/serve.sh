#!/usr/bin/env bash
# Builds the page (release) and serves it at http://127.0.0.1:8080/, rebuilding on changes (reload
# the page to see them: the page has no live-reload script, see Trunk.toml).
# Extra arguments go to `trunk serve` (e.g. --port 9000). Stop with Ctrl-C.
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash "$ROOT/scripts/setup.sh"

cd "$ROOT"
port=8080
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[$i]}" in
    --port) port="${args[$((i + 1))]:-$port}" ;;
    --port=*) port="${args[$i]#--port=}" ;;
  esac
done

say serve "building the release page, then serving it at http://127.0.0.1:${port}/ (Ctrl-C to stop)"
exec trunk serve --release "$@"
