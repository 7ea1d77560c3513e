#!/usr/bin/env bash
# Live play as a public server meets it: real `walak serve`, `redis-server` and `nginx` processes
# on loopback ports, each run small and bounded in time. Six runs, then a Markdown table:
#   flood     one address opens rooms as fast as it may (`walak load --flood`) while ROOMS rooms
#             play from addresses of their own: that address is refused, the players never;
#   headers   SLOW clients send half of a request's headers and stop: the server's memory
#             before, during and after, and an ordinary request's time meanwhile;
#   idle      IDLE WebSockets opened and left in no room: the server's memory per socket;
#   redis     two servers on one Redis that writes every change before answering; Redis killed
#             (SIGKILL) mid-games and started again on its port and files: how long until moves
#             pass again, and every game whole;
#   rolling   nginx in front of two servers on one Redis; each server in turn stopped (SIGTERM)
#             and started again mid-games: how long each stop took, and every game whole; once
#             with nginx counting failed upstreams as it does by default, once with that off.
# Timings on a shared machine are noisy: they are reported, never asserted. Each run's JSON
# reports are kept in target/bench-public/.
#
#   scripts/bench-public.sh [ROOMS] [SLOW] [IDLE]      (default 200 rooms, 1000 slow, 5000 idle)
set -euo pipefail
# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

rooms="${1:-200}"
slow="${2:-1000}"
idle="${3:-5000}"
out="$TARGET/bench-public"
# Play is this far along when Redis is killed, or the first server stopped.
fault_after_s=5

nginx_binary="$(command -v nginx || echo /usr/sbin/nginx)"
for tool in redis-server redis-cli jq curl ss node "$nginx_binary"; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "bench-public: $tool is missing (bash scripts/setup.sh --browser installs redis-server and nginx)" >&2
    exit 1
  }
done
BENCH=bench-public
# shellcheck source=scripts/bench-lib.sh
. "$ROOT/scripts/bench-lib.sh"
# Every socket is an open file, in the clients and in the server.
need_open_files "$idle"
rm -rf "$out"
mkdir -p "$out"

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
now_ms() { date +%s%3N; }

# Starts `walak load` NAME in the background (its arguments after the name); its report goes to
# $out/NAME.json, its progress to $work/NAME.load; sets LOAD_PID.
start_load() {
  local name="$1"
  shift
  say bench-public "$name: walak load $*"
  "$walak" load --rooms "$rooms" --timeout-s 180 --spread-addresses "$@" >"$out/$name.json" 2>"$work/$name.load" &
  LOAD_PID=$!
  started+=("$LOAD_PID")
}

# Waits for the load run NAME (started by start_load) to end, and says how it went.
end_load() {
  local name="$1"
  if wait "$LOAD_PID"; then
    say bench-public "$name: passed"
  else
    say bench-public "$name: FAILED (see $out/$name.json)"
    grep -Ev '^\[load\] +[0-9.]+ s: ' "$work/$name.load" >&2 || true
    failed=1
  fi
}

# Waits until the load run NAME's play has begun (every room seated).
play_begun() {
  until grep -q 'play begins' "$work/$1.load" 2>/dev/null; do
    kill -0 "$LOAD_PID" 2>/dev/null || return 0
    sleep 0.05
  done
}

# The time of an ordinary request (curl's total, in ms) and its status: "ms status".
request_ms() {
  curl -s -o /dev/null -w '%{time_total} %{http_code}' "$1" | awk '{printf "%.1f %s", $1 * 1000, $2}'
}

failed=0

# --- flood --------------------------------------------------------------------------------------
start_server flood 0
start_load flood --url "ws://$ADDRESS/live" --server-pid "$PID" --think-ms 300 --flood 5
end_load flood
stop "$PID"

# Starts server NAME and, once it has settled, COUNT raw-socket clients of bench-sockets.mjs MODE
# (BATCH at a time), their lines into $work/NAME.lines; returns once they are all open. Sets pid
# and address (the server's), before (its memory before them, in KB) and sockets (their process).
sockets_on_a_server() {
  local name="$1" mode="$2" count="$3" batch="$4"
  start_server "$name" 0
  pid=$PID address=$ADDRESS
  sleep 1
  before=$(rss_kb "$pid")
  node scripts/bench-sockets.mjs "$mode" "$address" "$count" "$batch" >"$work/$name.lines" &
  sockets=$!
  started+=("$sockets")
  until [[ -s "$work/$name.lines" ]]; do sleep 0.05; done
}

# --- headers: clients that send half of their headers and stop -----------------------------------
say bench-public "headers: $slow clients sending half of their headers"
sockets_on_a_server headers slow-headers "$slow" 30
sleep 1
during=$(rss_kb "$pid")
read -r live_ms live_status <<<"$(request_ms "http://$address/live")"
read -r page_ms page_status <<<"$(request_ms "http://$address/")"
wait "$sockets" || failed=1
sleep 1
after=$(rss_kb "$pid")
alive=false
kill -0 "$pid" 2>/dev/null && alive=true
jq -s --argjson before "$before" --argjson during "$during" --argjson after "$after" --argjson alive "$alive" \
  --argjson live_ms "$live_ms" --argjson live_status "$live_status" \
  --argjson page_ms "$page_ms" --argjson page_status "$page_status" \
  '{clients: .[1], rss_kb: {before: $before, during: $during, after: $after},
    meanwhile: {live: {ms: $live_ms, status: $live_status}, page: {ms: $page_ms, status: $page_status}},
    server_alive: $alive}' "$work/headers.lines" >"$out/headers.json"
[[ "$alive" == true ]] || failed=1
stop "$pid"

# --- idle: WebSockets opened and left in no room --------------------------------------------------
say bench-public "idle: $idle WebSockets opened and left idle"
sockets_on_a_server idle idle-websockets "$idle" 50
# The server's own count of its WebSockets, and its memory once they have settled.
sleep 2
open=$(curl -s "http://$address/metrics" | awk '$1 == "walak_connections" {print $2}')
during=$(rss_kb "$pid")
read -r live_ms live_status <<<"$(request_ms "http://$address/live")"
kill -TERM "$sockets"
wait "$sockets" || failed=1
sleep 2
after=$(rss_kb "$pid")
jq -s --argjson before "$before" --argjson during "$during" --argjson after "$after" --argjson open "${open:-0}" \
  --argjson live_ms "$live_ms" --argjson live_status "$live_status" \
  '{clients: .[1], opened: .[0], server_connections: $open,
    rss_kb: {before: $before, open: $during, after_closed: $after},
    kb_per_socket: ((($during - $before) / ([.[0].ready, 1] | max)) * 100 | round / 100),
    meanwhile: {live: {ms: $live_ms, status: $live_status}}}' "$work/idle.lines" >"$out/idle.json"
stop "$pid"

# --- redis: Redis killed and started again mid-games ---------------------------------------------
redis_port=$(free_port)
start_redis "$redis_port" "$work/redis-aof"
redis_url=$REDIS_URL
start_server redis-1 0 --redis "$redis_url"
one_pid=$PID one_address=$ADDRESS
start_server redis-2 0 --redis "$redis_url"
two_pid=$PID
start_load redis --url "ws://$one_address/live" "ws://$ADDRESS/live" --server-pid "$one_pid" "$two_pid" --think-ms 500
play_begun redis
sleep "$fault_after_s"
killed_ms=$(now_ms)
kill -KILL "$REDIS_PID"
while kill -0 "$REDIS_PID" 2>/dev/null; do sleep 0.01; done
say bench-public "redis: redis-server killed (SIGKILL); started again in 2 s"
sleep 2
start_redis "$redis_port" "$work/redis-aof"
back_ms=$(now_ms)
end_load redis
jq -n --argjson killed "$killed_ms" --argjson back "$back_ms" \
  '{killed_unix_ms: $killed, answering_again_unix_ms: $back}' >"$out/redis-times.json"
stop "$one_pid" "$two_pid" "$REDIS_PID"

# --- rolling: each server stopped (SIGTERM) and started again behind nginx ---------------------
# Stops server NAME (SIGTERM) and starts it again on its port; sets STOP_MS, the time it took
# to exit, and PID, the new process.
restart() {
  local name="$1" pid="$2" port="$3" at
  at=$(now_ms)
  stop "$pid"
  STOP_MS=$(($(now_ms) - at))
  say bench-public "$name stopped (SIGTERM) in $STOP_MS ms; starting it again"
  : >"$work/$name.out"
  start_server "$name" "$port" --redis "$redis_url"
}

# The run NAME, nginx's upstream servers with OPTIONS (nginx's own failure counting, or none).
rolling() {
  local name="$1" options="$2" port_a port_b nginx_port pid_a pid_b nginx_pid stop_a_ms
  local d="$work/$name-nginx"
  redis_port=$(free_port)
  start_redis "$redis_port" "$work/redis-$name"
  redis_url=$REDIS_URL
  port_a=$(free_port)
  start_server "$name-a" "$port_a" --redis "$redis_url"
  pid_a=$PID
  port_b=$(free_port)
  while [[ "$port_b" == "$port_a" ]]; do port_b=$(free_port); done
  start_server "$name-b" "$port_b" --redis "$redis_url"
  pid_b=$PID
  nginx_port=$(free_port)
  mkdir -p "$d"
  # As docs/hosting.md configures it, on a plain-HTTP loopback port.
  cat >"$d/nginx.conf" <<EOF
worker_processes 1;
worker_rlimit_nofile 20000;
error_log $d/error.log;
pid $d/nginx.pid;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path $d/body; proxy_temp_path $d/proxy;
  fastcgi_temp_path $d/fastcgi; uwsgi_temp_path $d/uwsgi; scgi_temp_path $d/scgi;
  upstream walak {
    server 127.0.0.1:$port_a$options;
    server 127.0.0.1:$port_b$options;
  }
  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:$nginx_port;
    location / {
      proxy_pass http://walak;
      proxy_http_version 1.1;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
    }
  }
}
EOF
  "$nginx_binary" -p "$d" -c "$d/nginx.conf" -g 'daemon off;' 2>>"$d/error.log" &
  nginx_pid=$!
  started+=("$nginx_pid")
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$nginx_port/live" && break
    sleep 0.05
  done
  start_load "$name" --url "ws://127.0.0.1:$nginx_port/live" --think-ms 500
  play_begun "$name"
  sleep "$fault_after_s"
  restart "$name-a" "$pid_a" "$port_a"
  stop_a_ms=$STOP_MS
  pid_a=$PID
  sleep "$fault_after_s"
  restart "$name-b" "$pid_b" "$port_b"
  pid_b=$PID
  end_load "$name"
  # What nginx met meanwhile: an upstream refusing, and none left to try (a 502 for the client).
  jq -n --argjson a "$stop_a_ms" --argjson b "$STOP_MS" \
    --argjson refused "$(grep -c 'Connection refused' "$d/error.log" || true)" \
    --argjson none "$(grep -c 'no live upstreams' "$d/error.log" || true)" \
    --arg options "$options" \
    '{upstream_options: $options, stop_ms: {a: $a, b: $b}, nginx: {refused: $refused, no_live_upstreams: $none}}' \
    >"$out/$name-stops.json"
  stop "$nginx_pid" "$pid_a" "$pid_b" "$REDIS_PID"
}

# nginx counting failed upstreams as it does by default (max_fails=1, fail_timeout=10s), then
# with that off.
rolling rolling-counted ""
rolling rolling " max_fails=0"

# --- the table ------------------------------------------------------------------------------------
panics=$(panics)
echo
echo "| run | figure | value |"
echo "| --- | --- | ---: |"
jq -r '
  "| flood | rooms playing from addresses of their own; games whole | \(.rooms); \(.games_matching)/\(.rooms) |",
  "| flood | the flooding address: creates sent, on connections | \(.flood.creates), on \(.flood.connections) |",
  "| flood | its rooms opened / refused `too_many_open` / refused `flood` | \(.flood.opened) / \(.flood.refused.too_many_open // 0) / \(.flood.refused.flood // 0) |",
  "| flood | the players'"'"' frames refused (creates and joins among them) | \([.refusals[]] | add // 0) |",
  "| flood | relay p50 / p99 / max (ms) | \(.relay_ms.p50) / \(.relay_ms.p99) / \(.relay_ms.max) |"
' "$out/flood.json"
jq -r '
  def mb: (. / 1024 * 10 | round) / 10;
  "| headers | clients holding half their headers; closed by the server after (s, min / max) | \(.clients.connections - .clients.failed); \(.clients.closed_after_s.min) / \(.clients.closed_after_s.max) |",
  "| headers | server RSS before / during / after (MB) | \(.rss_kb.before | mb) / \(.rss_kb.during | mb) / \(.rss_kb.after | mb) |",
  "| headers | an ordinary request meanwhile: `GET /live`, `GET /` (ms, status) | \(.meanwhile.live.ms) (\(.meanwhile.live.status)), \(.meanwhile.page.ms) (\(.meanwhile.page.status)) |"
' "$out/headers.json"
jq -r '
  def mb: (. / 1024 * 10 | round) / 10;
  "| idle | WebSockets open and idle (the server'"'"'s count); closed by the server meanwhile | \(.opened.ready) (\(.server_connections)); \(.clients.closed_by_server) |",
  "| idle | server RSS before / with them open / after they closed (MB) | \(.rss_kb.before | mb) / \(.rss_kb.open | mb) / \(.rss_kb.after_closed | mb) |",
  "| idle | server memory per idle WebSocket (KB) | \(.kb_per_socket) |",
  "| idle | `GET /live` meanwhile (ms, status) | \(.meanwhile.live.ms) (\(.meanwhile.live.status)) |"
' "$out/idle.json"
jq -r --slurpfile times "$out/redis-times.json" '
  def s: if . == null then "—" else . / 1000 end;
  ($times[0]) as $t
  | (.outage.first_heard_unix_ms // null) as $heard
  | (if $heard and .outage.moves_again_s then $heard + .outage.moves_again_s * 1000 else null end) as $again
  | "| redis | rooms on two servers; games whole | \(.rooms); \(.games_matching)/\(.rooms) |",
  "| redis | killed to first `unavailable` heard / to Redis answering again / to moves passing again (s) | \(if $heard then $heard - $t.killed_unix_ms else null end | s) / \($t.answering_again_unix_ms - $t.killed_unix_ms | s) / \(if $again then $again - $t.killed_unix_ms else null end | s) |",
  "| redis | Redis answering again to moves passing again (s) | \(if $again then $again - $t.answering_again_unix_ms else null end | s) |",
  "| redis | `unavailable` frames heard / frames refused `unavailable` | \(.unavailable_frames) / \(.unavailable_refusals) |",
  "| redis | moves lost or doubled; reconnects | \(.lost_moves + .conflicts); \(.reconnects) |"
' "$out/redis.json"
for name in rolling-counted rolling; do
  jq -r --arg name "$name" --slurpfile stops "$out/$name-stops.json" '
    ($stops[0]) as $s
    | ($s.upstream_options | ltrimstr(" ") | if . == "" then "none" else "`\(.)`" end) as $options
    | "| \($name) | nginx upstream options; rooms; games whole | \($options); \(.rooms); \(.games_matching)/\(.rooms) |",
    "| \($name) | SIGTERM to exit, server A / server B (s) | \($s.stop_ms.a / 1000) / \($s.stop_ms.b / 1000) |",
    "| \($name) | reconnects (failed attempts); nginx: upstream refused / no live upstream | \(.reconnects) (\(.connect_failures)); \($s.nginx.refused) / \($s.nginx.no_live_upstreams) |",
    "| \($name) | moves lost or doubled; players'"'"' frames refused | \(.lost_moves + .conflicts); \([.refusals[]] | add // 0) |",
    "| \($name) | relay p50 / p99 / max (ms); wall s | \(.relay_ms.p50) / \(.relay_ms.p99) / \(.relay_ms.max); \(.wall_s) |"
  ' "$out/$name.json"
done
echo
echo "panics in the servers' logs: $panics"
echo "machine: $(nproc) cores, $(uname -sr)"
exit "$failed"
