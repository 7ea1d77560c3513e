#!/usr/bin/env bash
# Live play under load: real `walak serve` processes on loopback ports, and `walak load` playing
# random games through them. Four runs, then a Markdown table of what they measured:
#   memory  ROOMS rooms (two clients each) on one server, rooms in memory;
#   redis   the same on two servers sharing one redis-server, each room's players on both;
#   fault   as redis, and one server killed (SIGKILL) mid-games: its clients reconnect to the
#           other, and every game must end with all its moves;
#   bad     as memory, with BAD malformed, oversize, flooding and out-of-turn frames meanwhile.
# Not part of the tests: timings on a shared machine are noisy, so they are reported, never
# asserted. Each run's JSON report is kept in target/bench-live/.
#
#   scripts/bench-live.sh [ROOMS] [BAD]      (default 2000 rooms, 5000 bad frames)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

rooms="${1:-2000}"
bad="${2:-5000}"
think_ms=500
# The fault comes this long after play begins: most games are then half played.
fault_after_ms=5000
out="$TARGET/bench-live"

for tool in redis-server jq ss; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "bench-live: $tool is missing (bash scripts/setup.sh --browser installs redis-server; jq is a Debian package)" >&2
    exit 1
  }
done
BENCH=bench-live
# shellcheck source=scripts/bench-lib.sh
. "$ROOT/scripts/bench-lib.sh"
# Every client is a socket in the load tool, and a server holds them all.
need_open_files $((2 * rooms))
mkdir -p "$out"

# Runs `walak load` with its arguments; its report goes to $out/NAME.json (a failed run's too).
load() {
  local name="$1"
  shift
  say bench-live "$name: walak load $*"
  if "$walak" load --rooms "$rooms" --think-ms "$think_ms" --timeout-s 240 --spread-addresses "$@" >"$out/$name.json" \
    2> >(grep -Ev '^\[load\] +[0-9.]+ s: ' >&2); then
    say bench-live "$name: passed"
  else
    say bench-live "$name: FAILED (see $out/$name.json)"
    failed=1
  fi
}

failed=0

start_server memory 0
load memory --url "$URL" --server-pid "$PID"
stop "$PID"

start_redis "$(free_port)"
start_server redis-1 0 --redis "$REDIS_URL"
one_pid=$PID one_url=$URL
start_server redis-2 0 --redis "$REDIS_URL"
load redis --url "$one_url" --url "$URL" --server-pid "$one_pid" "$PID" "$REDIS_PID"
stop "$one_pid" "$PID" "$REDIS_PID"

start_redis "$(free_port)"
start_server fault-1 0 --redis "$REDIS_URL"
one_pid=$PID one_url=$URL
start_server fault-2 0 --redis "$REDIS_URL"
load fault --url "$one_url" --url "$URL" --server-pid "$one_pid" "$PID" "$REDIS_PID" \
  --fault-pid "$one_pid" --fault-after-ms "$fault_after_ms"
stop "$PID" "$REDIS_PID"

start_server bad 0
load bad --url "$URL" --server-pid "$PID" --bad "$bad"
kill "$PID"

# The table: the walak processes' figures summed (Redis, the last process in the shared runs,
# apart).
echo
echo "| run | servers | rooms (clients) | games whole | moves | relay p50 / p90 / p99 / max (ms) | walak CPU s | walak peak MB (KB per room) | Redis CPU s / peak MB | reconnects | lost or doubled moves | wall s |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for name in memory redis fault bad; do
  jq -r --arg name "$name" '
    def r1: (. * 10 | round) / 10;
    (if .servers > 1 then .processes[:-1] else .processes end) as $walak
    | (if .servers > 1 then .processes[-1] else null end) as $redis
    | "| \($name) | \(.servers) | \(.rooms) (\(.clients)) | \(.games_matching)/\(.rooms) | \(.moves)"
      + " | \(.relay_ms.p50) / \(.relay_ms.p90) / \(.relay_ms.p99) / \(.relay_ms.max)"
      + " | \([$walak[].cpu_s] | add | r1) | \([$walak[].rss_peak_mb] | add | r1) (\([$walak[].kb_per_room] | add | r1))"
      + " | \(if $redis then "\($redis.cpu_s) / \($redis.rss_peak_mb)" else "—" end)"
      + " | \(.reconnects) | \(.lost_moves + .conflicts) | \(.wall_s) |"' "$out/$name.json"
done
echo
jq -r '"fault: process \(.fault.pid) killed (SIGKILL) \(.fault.after_ms) ms into play, after \(.fault.relayed_before) moves heard; "
  + "\(.reconnects) reconnects (\(.connect_failures) failed attempts), \(.replayed_moves) moves learnt from the room on rejoining, "
  + "\(.echoes) heard twice and ignored, \(.resyncs) resyncs; \(.games_matching) of \(.rooms) games whole; the other server alive: \(.processes[1].alive)"' \
  "$out/fault.json"
jq -r '"bad input: \(.bad.frames) bad frames (\(.bad.sent | to_entries | map("\(.key) \(.value)") | join(", "))) on \(.bad.connections) connections; "
  + "answers: \(.bad.answers | to_entries | map("\(.key) \(.value)") | join(", ")); \(.bad.closed) connections closed by the server, "
  + "\(.bad.not_closed) not closed, \(.bad.unexpected_closes) closed unexpectedly; \(.games_matching) of \(.rooms) games whole; server alive: \(.processes[0].alive)"' \
  "$out/bad.json"
echo "panics in the servers' logs: $(panics)"
echo "machine: $(nproc) cores, $(uname -sr)"
exit "$failed"
