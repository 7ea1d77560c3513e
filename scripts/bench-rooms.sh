#!/usr/bin/env bash
# Live play as the rooms grow: for each count of rooms (default 2,000, 5,000 and 10,000), three
# runs on loopback ports, then a Markdown table of how each figure grows with the rooms:
#   memory  the rooms (two clients each, thinking 500 ms a move) on one server, in memory;
#   redis   the same on two servers sharing one redis-server, each room's players on both;
#   idle    two WebSockets a room opened on one server and left in no room: memory per socket.
# A process holds at most its open-file limit of sockets: the load tool's clients are shared out
# among as many `walak load` processes as that takes (their relay latencies taken together), and
# a run needing more sockets on one server than it may hold plays as many rooms as fit (said in
# the table). Not part of the tests: figures on a shared machine are noisy, so they are reported,
# never asserted. Each run's JSON is kept in target/bench-rooms/.
#
#   scripts/bench-rooms.sh [ROOMS ...]        (default: 2000 5000 10000)
#   WALAK=PATH scripts/bench-rooms.sh ...     (the servers of another build, e.g. before a change)
#   scripts/bench-rooms.sh --table [ROOMS ...] (the table again, from the runs' JSON)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

table_only=false
[[ "${1:-}" == --table ]] && table_only=true && shift
counts=("$@")
((${#counts[@]})) || counts=(2000 5000 10000)
think_ms=500
out="$TARGET/bench-rooms"

for tool in redis-server jq ss node; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "bench-rooms: $tool is missing (bash scripts/setup.sh --browser installs redis-server; jq is a Debian package)" >&2
    exit 1
  }
done
BENCH=bench-rooms
# shellcheck source=scripts/bench-lib.sh
. "$ROOT/scripts/bench-lib.sh"
# Room for a thousand sockets at least; the limit itself says how the runs are shared out.
need_open_files 1000
files=$(ulimit -n)
# Sockets one process may hold, leaving some for its own files.
sockets_per_process=$((files - 200))
mkdir -p "$out"
"$table_only" || rm -f "$out"/*.json "$out"/*.ms

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
peak_kb() { awk '/^VmHWM:/ {print $2}' "/proc/$1/status"; }
# CPU seconds (user and system) a process has used so far.
cpu_s() { awk -v tick="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / tick}' "/proc/$1/stat"; }
# CPU seconds the whole machine has been busy so far (all cores, all processes): the share that is
# not the run's own is other work on a shared machine, which the latencies feel.
machine_busy_s() { awk -v tick="$(getconf CLK_TCK)" '$1 == "cpu" {printf "%.2f", ($2 + $3 + $4 + $7 + $8 + $9) / tick}' /proc/stat; }

# Plays NAME: ROOMS rooms through the servers at URLS (a space-separated list) whose processes
# are PIDS, shared out among as many load processes as the open-file limit asks; each part's
# report goes to $out/NAME.K.json and its latencies to $out/NAME.K.ms. Then $out/NAME.json sums
# them up with the servers' CPU seconds and memory, measured around the whole run.
play() {
  local name="$1" rooms="$2" urls="$3" pids="$4"
  local parts=$(((2 * rooms + sockets_per_process - 1) / sockets_per_process))
  local per=$(((rooms + parts - 1) / parts)) first=0 part=0 loads=() cpu_before=() rss_before=()
  local pid started_ms busy_before
  busy_before=$(machine_busy_s)
  for pid in $pids; do
    cpu_before+=("$(cpu_s "$pid")")
    rss_before+=("$(rss_kb "$pid")")
  done
  say bench-rooms "$name: $rooms rooms in $parts load process(es)"
  started_ms=$(date +%s%3N)
  # shellcheck disable=SC2086 # the lists are words
  while ((first < rooms)); do
    local these=$((rooms - first < per ? rooms - first : per))
    "$walak" load --url $urls --rooms "$these" --first-room "$first" --think-ms "$think_ms" \
      --timeout-s 240 --spread-addresses --server-pid $pids --relay-out "$out/$name.$part.ms" \
      >"$out/$name.$part.json" 2> >(grep -Ev '^\[load\] +[0-9.]+ s: ' >&2) &
    loads+=($!)
    started+=($!)
    first=$((first + these))
    part=$((part + 1))
  done
  local passed=true
  for pid in "${loads[@]}"; do wait "$pid" || passed=false; done
  local wall_s busy cpu=() rss=() peak=() i=0
  wall_s=$(awk -v ms=$(($(date +%s%3N) - started_ms)) 'BEGIN {printf "%.1f", ms / 1000}')
  busy=$(awk -v a="$(machine_busy_s)" -v b="$busy_before" 'BEGIN {printf "%.1f", a - b}')
  for pid in $pids; do
    cpu+=("$(awk -v a="$(cpu_s "$pid")" -v b="${cpu_before[$i]}" 'BEGIN {printf "%.2f", a - b}')")
    rss+=("${rss_before[$i]}")
    peak+=("$(peak_kb "$pid")")
    i=$((i + 1))
  done
  "$passed" || failed=1
  summarise "$name" "$rooms" "$wall_s" "$busy" "$passed" "${cpu[*]}" "${rss[*]}" "${peak[*]}"
}

# The nearest-rank percentiles P50, P99 and the largest of the latencies in FILES.
percentiles() {
  cat "$@" | sort -g | awk '{ms[NR] = $1}
    function at(p,  k) { k = int(p * NR); if (k < p * NR) k++; if (k < 1) k = 1; return ms[k] }
    END { if (NR == 0) print "null null null 0"; else printf "%s %s %s %d\n", at(0.50), at(0.99), ms[NR], NR }'
}

# $out/NAME.json: the parts' reports taken together, and the servers' figures (CPU seconds,
# memory before play and at its peak, in the order of the servers' pids; Redis last, if any).
summarise() {
  local name="$1" rooms="$2" wall_s="$3" busy="$4" passed="$5" cpu="$6" rss="$7" peak="$8"
  local p50 p99 max samples
  read -r p50 p99 max samples <<<"$(percentiles "$out/$name".*.ms)"
  jq -s --argjson rooms "$rooms" --argjson wall "$wall_s" --argjson busy "$busy" --argjson passed "$passed" \
    --argjson p50 "$p50" --argjson p99 "$p99" --argjson max "$max" --argjson samples "$samples" \
    --arg cpu "$cpu" --arg rss "$rss" --arg peak "$peak" --arg name "$name" '
    def numbers: split(" ") | map(tonumber);
    {name: $name, rooms: $rooms, passed: ($passed and all(.[]; .passed)), parts: length,
     servers: .[0].servers, games_matching: (map(.games_matching) | add), moves: (map(.moves) | add),
     lost_or_doubled: (map(.lost_moves + .conflicts) | add), errors: (map(.errors) | add),
     relay_ms: {p50: $p50, p99: $p99, max: $max, samples: $samples},
     part_p99_ms: map(.relay_ms.p99), load_cpu_s: (map(.load_cpu_s) | add), wall_s: $wall,
     machine_busy_s: $busy,
     processes: [range($cpu | numbers | length) as $i
       | {cpu_s: ($cpu | numbers)[$i], rss_before_kb: ($rss | numbers)[$i], peak_kb: ($peak | numbers)[$i],
          rss_seated_kb: (map(.processes[$i].rss_seated_mb) | max * 1024 | round)}]}' \
    "$out/$name".*.json >"$out/$name.json"
}

# Opens COUNT idle WebSockets on a fresh server (no room): its memory per socket into
# $out/idle-ROOMS.json.
idle() {
  local rooms="$1" count="$2" before during lines="$work/idle-$1.lines" sockets
  start_server "idle-$rooms" 0 --rooms $((2 * rooms))
  sleep 1
  before=$(rss_kb "$PID")
  node scripts/bench-sockets.mjs idle-websockets "$ADDRESS" "$count" 120 >"$lines" &
  sockets=$!
  started+=("$sockets")
  until [[ -s "$lines" ]]; do sleep 0.05; done
  # Settled: the last sockets' first reads done.
  sleep 2
  during=$(rss_kb "$PID")
  kill -TERM "$sockets"
  wait "$sockets" || failed=1
  stop "$PID"
  jq -s --argjson rooms "$rooms" --argjson before "$before" --argjson during "$during" \
    '{rooms: $rooms, opened: .[0].ready, failed: .[0].failed, rss_kb: {before: $before, open: $during},
      kb_per_socket: ((($during - $before) / ([.[0].ready, 1] | max)) * 100 | round / 100)}' \
    "$lines" >"$out/idle-$rooms.json"
}

failed=0
for rooms in "${counts[@]}"; do
  "$table_only" && break
  # One server holds both sockets of each room.
  one=$((rooms * 2 <= sockets_per_process ? rooms : sockets_per_process / 2 / 100 * 100))
  start_server "memory-$rooms" 0 --rooms $((2 * rooms))
  sleep 1
  play "memory-$rooms" "$one" "$URL" "$PID"
  stop "$PID"

  start_redis "$(free_port)"
  start_server "redis-$rooms-1" 0 --redis "$REDIS_URL" --rooms $((2 * rooms))
  one_pid=$PID one_url=$URL
  start_server "redis-$rooms-2" 0 --redis "$REDIS_URL" --rooms $((2 * rooms))
  sleep 1
  play "redis-$rooms" "$rooms" "$one_url $URL" "$one_pid $PID $REDIS_PID"
  stop "$one_pid" "$PID" "$REDIS_PID"

  idle "$rooms" $((rooms * 2 <= sockets_per_process ? rooms * 2 : sockets_per_process))
done

# The table: the walak processes' figures summed (Redis, the last process of a shared run, apart).
echo
echo "| rooms (clients) | run | games whole | moves | relay p50 / p99 / max (ms) | walak CPU s (µs a move) | Redis CPU s / peak MB | load tool CPU s (µs a move) | machine busy s (others' share) | walak MB before → seated (KB a room) | KB an idle socket (sockets) | wall s |"
echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for rooms in "${counts[@]}"; do
  idle_kb=$(jq -r '"\(.kb_per_socket) (\(.opened))"' "$out/idle-$rooms.json")
  for run in memory redis; do
    jq -r --arg idle "$idle_kb" '
      def r1: (. * 10 | round) / 10;
      def r2: (. * 100 | round) / 100;
      (if .servers > 1 then .processes[:-1] else .processes end) as $walak
      | (if .servers > 1 then .processes[-1] else null end) as $redis
      | ([$walak[].rss_before_kb] | add) as $before | ([$walak[].rss_seated_kb] | add) as $seated
      | ([$walak[].cpu_s] | add) as $cpu | (if $redis then $redis.cpu_s else 0 end) as $redis_cpu
      | (1e6 / ([.moves, 1] | max)) as $per_move
      | "| \(.rooms) (\(2 * .rooms)) | \(.name | sub("-[0-9]+$"; ""))\(if .servers > 1 then " (\(.servers) servers)" else "" end)"
        + " | \(.games_matching)/\(.rooms) | \(.moves)"
        + " | \(.relay_ms.p50 | r2) / \(.relay_ms.p99 | r2) / \(.relay_ms.max | r2)"
        + " | \($cpu | r1) (\($cpu * $per_move | round)) | \(if $redis then "\($redis_cpu | r1) / \($redis.peak_kb / 1024 | r1)" else "—" end)"
        + " | \(.load_cpu_s | r1) (\(.load_cpu_s * $per_move | round))"
        + " | \(.machine_busy_s | r1) (\((.machine_busy_s - $cpu - $redis_cpu - .load_cpu_s) / .machine_busy_s * 100 | round) %)"
        + " | \($before / 1024 | r1) → \($seated / 1024 | r1) (\(($seated - $before) / .rooms | r1))"
        + " | \(if .servers > 1 then "—" else $idle end) | \(.wall_s) |"' \
      "$out/$run-$rooms.json"
  done
done
echo
for rooms in "${counts[@]}"; do
  jq -r '"\(.name): \(.parts) load process(es), their p99s \(.part_p99_ms | map(tostring) | join(" / ")) ms; lost or doubled moves \(.lost_or_doubled), errors \(.errors); passed: \(.passed)"' \
    "$out/memory-$rooms.json" "$out/redis-$rooms.json"
done
echo "open-file limit: $files a process; panics in the servers' logs: $(panics)"
echo "machine: $(nproc) cores, $(uname -sr)"
exit "$failed"
